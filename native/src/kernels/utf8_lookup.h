/*
 * UTF-8 validation of a run of multi-byte sequences, 32 bytes per step, with the lookup algorithm and
 * tables of utf8_classes.h. Include after an AVX2-capable target pragma (avx2.c, avx512.c).
 */
#ifndef HYSON_UTF8_LOOKUP_H
#define HYSON_UTF8_LOOKUP_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "utf8_classes.h"

/* The 32 bytes that end n bytes before 'input' starts, 'prev' being the block before it (n = 1..3). */
#define HYSON_U8_PREV(input, prev, n) _mm256_alignr_epi8((input), _mm256_permute2x128_si256((prev), (input), 0x21), 16 - (n))

/* Non-zero bytes where the pairs/triples/quads ending in 'input' are ill-formed. */
static inline __m256i hyson_utf8_errors32(__m256i input, __m256i prev) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i byte_1_high_table = _mm256_setr_epi8(HYSON_U8_BYTE_1_HIGH(char), HYSON_U8_BYTE_1_HIGH(char));
    const __m256i byte_1_low_table = _mm256_setr_epi8(HYSON_U8_BYTE_1_LOW(char), HYSON_U8_BYTE_1_LOW(char));
    const __m256i byte_2_high_table = _mm256_setr_epi8(HYSON_U8_BYTE_2_HIGH(char), HYSON_U8_BYTE_2_HIGH(char));

    __m256i prev1 = HYSON_U8_PREV(input, prev, 1);
    __m256i byte_1_high = _mm256_shuffle_epi8(byte_1_high_table, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low4));
    __m256i byte_1_low = _mm256_shuffle_epi8(byte_1_low_table, _mm256_and_si256(prev1, low4));
    __m256i byte_2_high = _mm256_shuffle_epi8(byte_2_high_table, _mm256_and_si256(_mm256_srli_epi16(input, 4), low4));
    __m256i special = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);
    /* where a third (after 111xxxxx two back) or fourth (after 1111xxxx three back) byte is due, a
       continuation after a continuation is legal: those TWO_CONTS flags cancel, missing ones remain */
    __m256i third = _mm256_subs_epu8(HYSON_U8_PREV(input, prev, 2), _mm256_set1_epi8((char)HYSON_U8_THIRD_BIAS));
    __m256i fourth = _mm256_subs_epu8(HYSON_U8_PREV(input, prev, 3), _mm256_set1_epi8((char)HYSON_U8_FOURTH_BIAS));
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
    return hyson_utf8_resume(src, start, i, end, bad);
}

#ifndef HYSON_U8_OWN_BLOCKS
/*
 * Stage 1's validation (structural_index_impl.h): every block of 64 bytes that holds a byte >= 0x80,
 * and the block after it, go through the lookup with the block before as context; the errors of the
 * whole document are ORed together and looked at once at its end.
 */
#define HYSON_K_UTF8_BLOCKS 1
typedef struct hyson_k_utf8 {
    __m256i prev;   /* the last 32 bytes validated */
    __m256i errors; /* non-zero once anything was ill-formed */
} hyson_k_utf8;

static inline void hyson_k_utf8_init(hyson_k_utf8 *u) {
    u->prev = _mm256_setzero_si256();
    u->errors = _mm256_setzero_si256();
}

static inline void hyson_k_utf8_block(hyson_k_utf8 *u, const uint8_t *p) {
    __m256i a = _mm256_loadu_si256((const __m256i *)p);
    __m256i b = _mm256_loadu_si256((const __m256i *)(p + 32));
    u->errors = _mm256_or_si256(u->errors, _mm256_or_si256(hyson_utf8_errors32(a, u->prev), hyson_utf8_errors32(b, a)));
    u->prev = b;
}

/* An ASCII block after one that was validated: a sequence the last block left open is an error. */
static inline void hyson_k_utf8_ascii(hyson_k_utf8 *u) {
    __m256i zero = _mm256_setzero_si256();
    u->errors = _mm256_or_si256(u->errors, hyson_utf8_errors32(zero, u->prev));
    u->prev = zero;
}

static inline int hyson_k_utf8_failed(const hyson_k_utf8 *u) {
    return !_mm256_testz_si256(u->errors, u->errors);
}

#endif /* HYSON_U8_OWN_BLOCKS */

#undef HYSON_U8_PREV

#endif
