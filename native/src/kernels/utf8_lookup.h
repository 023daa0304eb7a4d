/*
 * UTF-8 validation of a run of multi-byte sequences, 32 bytes per step, with the lookup algorithm of
 * Keiser and Lemire, "Validating UTF-8 in less than one instruction per byte" (Software: Practice and
 * Experience 51(5), 2021): three 16-entry nibble tables classify each byte pair (the previous byte's
 * high and low nibble, this byte's high nibble) into error classes whose AND is non-zero exactly for an
 * ill-formed pair; a saturating subtraction marks where a third or fourth continuation byte must be.
 * Together they reject what RFC 3629 rejects: stray continuation bytes, truncated sequences, overlong
 * forms, UTF-16 surrogates (U+D800..DFFF) and code points above U+10FFFF.
 *
 * Include after an AVX2-capable target pragma (avx2.c, avx512.c). A block with any error goes to the
 * scalar validator, which reports the exact offset, so the result is always the scalar one.
 */
#ifndef HYSON_UTF8_LOOKUP_H
#define HYSON_UTF8_LOOKUP_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../generic/scan_support.h"

/* Error classes of a byte pair (first byte, second byte). */
#define HYSON_U8_TOO_SHORT (1 << 0)  /* lead followed by a non-continuation */
#define HYSON_U8_TOO_LONG (1 << 1)   /* ASCII followed by a continuation */
#define HYSON_U8_OVERLONG_3 (1 << 2) /* E0 followed by 80..9F */
#define HYSON_U8_TOO_LARGE (1 << 3)  /* F4 followed by 90..BF, or F5..FF */
#define HYSON_U8_SURROGATE (1 << 4)  /* ED followed by A0..BF */
#define HYSON_U8_OVERLONG_2 (1 << 5) /* C0 or C1 */
#define HYSON_U8_TOO_LARGE_1000 (1 << 6)
#define HYSON_U8_OVERLONG_4 (1 << 6) /* F0 followed by 80..8F */
#define HYSON_U8_TWO_CONTS (1 << 7)  /* a continuation after a continuation: legal only where a 3rd/4th is due */
#define HYSON_U8_CARRY (HYSON_U8_TOO_SHORT | HYSON_U8_TOO_LONG | HYSON_U8_TWO_CONTS)

/* The 32 bytes that end n bytes before 'input' starts, 'prev' being the block before it (n = 1..3). */
#define HYSON_U8_PREV(input, prev, n) _mm256_alignr_epi8((input), _mm256_permute2x128_si256((prev), (input), 0x21), 16 - (n))

/* Non-zero bytes where the pairs/triples/quads ending in 'input' are ill-formed. */
static inline __m256i hyson_utf8_errors32(__m256i input, __m256i prev) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
#define HYSON_U8_HIGH1_ROW                                                                                       \
    (char)HYSON_U8_TOO_LONG, (char)HYSON_U8_TOO_LONG, (char)HYSON_U8_TOO_LONG, (char)HYSON_U8_TOO_LONG,           \
        (char)HYSON_U8_TOO_LONG, (char)HYSON_U8_TOO_LONG, (char)HYSON_U8_TOO_LONG, (char)HYSON_U8_TOO_LONG,       \
        (char)HYSON_U8_TWO_CONTS, (char)HYSON_U8_TWO_CONTS, (char)HYSON_U8_TWO_CONTS, (char)HYSON_U8_TWO_CONTS,   \
        (char)(HYSON_U8_TOO_SHORT | HYSON_U8_OVERLONG_2), (char)HYSON_U8_TOO_SHORT,                              \
        (char)(HYSON_U8_TOO_SHORT | HYSON_U8_OVERLONG_3 | HYSON_U8_SURROGATE),                                   \
        (char)(HYSON_U8_TOO_SHORT | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000 | HYSON_U8_OVERLONG_4)
    const __m256i byte_1_high_table = _mm256_setr_epi8(HYSON_U8_HIGH1_ROW, HYSON_U8_HIGH1_ROW);
#undef HYSON_U8_HIGH1_ROW
#define HYSON_U8_LOW_ROW                                                                                         \
    (char)(HYSON_U8_CARRY | HYSON_U8_OVERLONG_3 | HYSON_U8_OVERLONG_2 | HYSON_U8_OVERLONG_4),                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_OVERLONG_2), (char)HYSON_U8_CARRY, (char)HYSON_U8_CARRY,                  \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE), (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000), \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000 | HYSON_U8_SURROGATE),                \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                     \
        (char)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000)
    const __m256i byte_1_low_table = _mm256_setr_epi8(HYSON_U8_LOW_ROW, HYSON_U8_LOW_ROW);
#undef HYSON_U8_LOW_ROW
#define HYSON_U8_HIGH2_ROW                                                                                       \
    (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT,       \
        (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT,   \
        (char)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_OVERLONG_3 |                 \
               HYSON_U8_TOO_LARGE_1000 | HYSON_U8_OVERLONG_4),                                                   \
        (char)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_OVERLONG_3 | HYSON_U8_TOO_LARGE), \
        (char)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_SURROGATE | HYSON_U8_TOO_LARGE), \
        (char)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_SURROGATE | HYSON_U8_TOO_LARGE), \
        (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT, (char)HYSON_U8_TOO_SHORT
    const __m256i byte_2_high_table = _mm256_setr_epi8(HYSON_U8_HIGH2_ROW, HYSON_U8_HIGH2_ROW);
#undef HYSON_U8_HIGH2_ROW

    __m256i prev1 = HYSON_U8_PREV(input, prev, 1);
    __m256i byte_1_high = _mm256_shuffle_epi8(byte_1_high_table, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low4));
    __m256i byte_1_low = _mm256_shuffle_epi8(byte_1_low_table, _mm256_and_si256(prev1, low4));
    __m256i byte_2_high = _mm256_shuffle_epi8(byte_2_high_table, _mm256_and_si256(_mm256_srli_epi16(input, 4), low4));
    __m256i special = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);
    /* where a third (after 111xxxxx two back) or fourth (after 1111xxxx three back) byte is due, a
       continuation after a continuation is legal: those TWO_CONTS flags cancel, missing ones remain */
    __m256i third = _mm256_subs_epu8(HYSON_U8_PREV(input, prev, 2), _mm256_set1_epi8((char)(0xE0 - 0x80)));
    __m256i fourth = _mm256_subs_epu8(HYSON_U8_PREV(input, prev, 3), _mm256_set1_epi8((char)(0xF0 - 0x80)));
    __m256i due = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(due, special);
}

/*
 * The end of the run of multi-byte sequences that starts at src[i] (a byte >= 0x80 that follows an ASCII
 * byte or a complete sequence): the index of the first byte below 0x80 after it, or end. Returns
 * (size_t)-1 with *bad at the start of the first ill-formed sequence, as hyson_utf8_run_scalar does.
 */
static inline size_t hyson_utf8_run_avx2(const uint8_t *src, size_t i, size_t end, size_t *bad) {
    size_t start = i;
    __m256i prev = _mm256_setzero_si256(); /* as if ASCII came before: nothing is due at the start */
    while (end - i >= 32) {
        __m256i input = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i errors = hyson_utf8_errors32(input, prev);
        if (!_mm256_testz_si256(errors, errors)) {
            break; /* the scalar validator finds where */
        }
        unsigned ascii = ~(unsigned)_mm256_movemask_epi8(input);
        if (ascii != 0) {
            /* every sequence before the first ASCII byte is complete: a truncated one would have
               flagged TOO_SHORT at that byte */
            return i + (size_t)__builtin_ctz(ascii);
        }
        prev = input;
        i += 32;
    }
    /* the tail, or a block with an error: back to the lead byte of the last sequence that began before
       this block (the blocks before were valid, so at most three continuation bytes back; it may be
       incomplete, or complete and followed by ASCII), then one sequence at a time */
    if (i > start) {
        size_t j = i - 1;
        while (j > start && (src[j] & 0xC0) == 0x80) {
            j--;
        }
        i = j;
    }
    return hyson_utf8_run_scalar(src, i, end, bad);
}

#undef HYSON_U8_PREV

#endif
