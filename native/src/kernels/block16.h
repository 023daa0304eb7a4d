/*
 * 16-byte blocks and scalar tails shared by the x86 kernels. Include it after the kernel's target
 * pragma, so these functions are compiled for that kernel's instruction set (SSE2 encodings in
 * sse2.c, VEX encodings in avx2.c and avx512.c). Short runs dominate JSON, so the wide kernels use
 * these 16-byte steps first and go wide only for long runs.
 */
#ifndef HYSON_BLOCK16_H
#define HYSON_BLOCK16_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../generic/scan_support.h" /* hyson_special_tail, hyson_space_tail */

/* Bit i set when p[i] is '"', '\\', below 0x20 or at least 0x80 (the signed compare catches both). */
static inline unsigned hyson_special16(const uint8_t *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                                   _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    return (unsigned)_mm_movemask_epi8(special);
}

/* Bit i set when p[i] is not one of ' ', '\n', '\r', '\t'. */
static inline unsigned hyson_nonspace16(const uint8_t *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                              _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
    return ~(unsigned)_mm_movemask_epi8(ws) & 0xFFFFu;
}

/*
 * Nibble tables for the kernels with a byte shuffle (AVX2, AVX-512): a byte's classes are
 * HYSON_CLASS_LOW[its low nibble] & HYSON_CLASS_HIGH[its high nibble]. Bit 7: tab, line feed, carriage
 * return (0x09, 0x0A, 0x0D); bit 0: ','; bit 1: ':'; bit 2: '[', ']', '{', '}' (0x5B, 0x5D, 0x7B, 0x7D).
 * Each bit's low and high nibble sets pair up only in its own characters, and no high nibble with bit 7
 * has another bit, so a result with bit 7 is never also structural.
 */
#define HYSON_CLASS_LOW 0, 0, 0, 0, 0, 0, 0, 0, 0, (char)0x80, (char)0x82, 0x04, 0x01, (char)0x84, 0, 0
#define HYSON_CLASS_HIGH (char)0x80, 0, 0x01, 0x02, 0, 0x04, 0, 0x04, 0, 0, 0, 0, 0, 0, 0, 0

/* The classes of the 16 bytes at p (hyson_classes64's meanings), in bits shift..shift+15 of each mask. */
static inline void hyson_classify16(const uint8_t *p, unsigned shift, hyson_classes64 *m) {
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    /* '[' and ']' are '{' and '}' without bit 5 */
    __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i op = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{')), _mm_cmpeq_epi8(folded, _mm_set1_epi8('}'))),
                              _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')), _mm_cmpeq_epi8(v, _mm_set1_epi8(':'))));
    __m128i space = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                 _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
    uint64_t high = (uint64_t)(unsigned)_mm_movemask_epi8(v);
    /* signed compare: below 0x20 is both the control bytes and the high ones */
    uint64_t low = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    m->quote |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))) << shift;
    m->backslash |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))) << shift;
    m->op |= (uint64_t)(unsigned)_mm_movemask_epi8(op) << shift;
    m->space |= (uint64_t)(unsigned)_mm_movemask_epi8(space) << shift;
    m->high |= high << shift;
    m->control |= (low & ~high) << shift;
}

#endif
