/*
 * The UTF-8 lookup algorithm of Keiser and Lemire, "Validating UTF-8 in less than one instruction per
 * byte" (Software: Practice and Experience 51(5), 2021), written once for every vector kernel: three
 * 16-entry nibble tables classify each byte pair (the previous byte's high and low nibble, this byte's
 * high nibble) into error classes whose AND is non-zero exactly for an ill-formed pair; a saturating
 * subtraction marks where a third or fourth continuation byte must be. Together they reject what
 * RFC 3629 rejects: stray continuation bytes, truncated sequences, overlong forms, UTF-16 surrogates
 * (U+D800..DFFF) and code points above U+10FFFF.
 *
 * The tables are row macros taking the element type, so each instruction set builds its own constant
 * from them (_mm256_setr_epi8 wants char, vld1q_u8 wants uint8_t) without a conversion warning.
 * utf8_lookup.h (AVX2, AVX-512) and neon.c use them; a block with any error goes to the scalar
 * validator through hyson_utf8_resume, which reports the exact offset, so the result is always the
 * scalar one.
 */
#ifndef HYSON_UTF8_CLASSES_H
#define HYSON_UTF8_CLASSES_H

#include <stddef.h>
#include <stdint.h>

#include "../generic/scan_support.h" /* hyson_utf8_run_scalar */

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

/* Where a third byte is due: the byte two back is at least 0xE0 (subtract 0xE0 - 0x80, saturating, keep
   bit 7); a fourth: the byte three back is at least 0xF0. */
#define HYSON_U8_THIRD_BIAS (0xE0 - 0x80)
#define HYSON_U8_FOURTH_BIAS (0xF0 - 0x80)

/* Indexed by the high nibble of the previous byte. */
#define HYSON_U8_BYTE_1_HIGH(T)                                                                                  \
    (T)HYSON_U8_TOO_LONG, (T)HYSON_U8_TOO_LONG, (T)HYSON_U8_TOO_LONG, (T)HYSON_U8_TOO_LONG, (T)HYSON_U8_TOO_LONG, \
        (T)HYSON_U8_TOO_LONG, (T)HYSON_U8_TOO_LONG, (T)HYSON_U8_TOO_LONG, (T)HYSON_U8_TWO_CONTS,                  \
        (T)HYSON_U8_TWO_CONTS, (T)HYSON_U8_TWO_CONTS, (T)HYSON_U8_TWO_CONTS,                                      \
        (T)(HYSON_U8_TOO_SHORT | HYSON_U8_OVERLONG_2), (T)HYSON_U8_TOO_SHORT,                                     \
        (T)(HYSON_U8_TOO_SHORT | HYSON_U8_OVERLONG_3 | HYSON_U8_SURROGATE),                                       \
        (T)(HYSON_U8_TOO_SHORT | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000 | HYSON_U8_OVERLONG_4)

/* Indexed by the low nibble of the previous byte. */
#define HYSON_U8_BYTE_1_LOW(T)                                                                                   \
    (T)(HYSON_U8_CARRY | HYSON_U8_OVERLONG_3 | HYSON_U8_OVERLONG_2 | HYSON_U8_OVERLONG_4),                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_OVERLONG_2), (T)HYSON_U8_CARRY, (T)HYSON_U8_CARRY,                          \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE), (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000), \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000 | HYSON_U8_SURROGATE),                   \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000),                                        \
        (T)(HYSON_U8_CARRY | HYSON_U8_TOO_LARGE | HYSON_U8_TOO_LARGE_1000)

/* Indexed by the high nibble of this byte. */
#define HYSON_U8_BYTE_2_HIGH(T)                                                                                  \
    (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT,                   \
        (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT,               \
        (T)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_OVERLONG_3 |                    \
            HYSON_U8_TOO_LARGE_1000 | HYSON_U8_OVERLONG_4),                                                      \
        (T)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_OVERLONG_3 | HYSON_U8_TOO_LARGE), \
        (T)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_SURROGATE | HYSON_U8_TOO_LARGE), \
        (T)(HYSON_U8_TOO_LONG | HYSON_U8_OVERLONG_2 | HYSON_U8_TWO_CONTS | HYSON_U8_SURROGATE | HYSON_U8_TOO_LARGE), \
        (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT, (T)HYSON_U8_TOO_SHORT

/*
 * After the vector loop of a run that began at src[start] stopped at i (the tail, or a block with an
 * error): back to the lead byte of the last sequence that began before i (the blocks before were
 * valid, so at most three continuation bytes back; it may be incomplete, or complete and followed by
 * ASCII), then one sequence at a time. Returns what hyson_utf8_run_scalar returns.
 */
static inline size_t hyson_utf8_resume(const uint8_t *src, size_t start, size_t i, size_t end, size_t *bad) {
    if (i > start) {
        size_t j = i - 1;
        while (j > start && (src[j] & 0xC0) == 0x80) {
            j--;
        }
        i = j;
    }
    return hyson_utf8_run_scalar(src, i, end, bad);
}

#endif
