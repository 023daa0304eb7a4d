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

#endif
