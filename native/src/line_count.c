/* hyson_count_lines (hyson.h): line feeds and code points counted 16 bytes a step. */
#include <stdint.h>
#include <string.h>

#include "hyson/hyson.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define HYSON_COUNT_SSE2 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define HYSON_COUNT_NEON 1
#endif

/* The bytes b of p[0, n) with (b & mask) == value. */
static uint64_t hyson_count_bytes(const uint8_t *p, size_t n, uint8_t mask, uint8_t value) {
    uint64_t count = 0;
    size_t i = 0;
#if defined(HYSON_COUNT_SSE2)
    const __m128i m = _mm_set1_epi8((char)mask);
    const __m128i v = _mm_set1_epi8((char)value);
    while (n - i >= 16) {
        /* up to 255 steps per byte-wide sum: each lane's count of matches (0 - -1 per step) stays below 256 */
        size_t steps = (n - i) / 16 < 255 ? (n - i) / 16 : 255;
        __m128i sums = _mm_setzero_si128();
        for (size_t s = 0; s < steps; s++, i += 16) {
            __m128i x = _mm_and_si128(_mm_loadu_si128((const __m128i *)(p + i)), m);
            sums = _mm_sub_epi8(sums, _mm_cmpeq_epi8(x, v));
        }
        __m128i wide = _mm_sad_epu8(sums, _mm_setzero_si128());
        count += (uint64_t)_mm_cvtsi128_si64(wide) + (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(wide, wide));
    }
#elif defined(HYSON_COUNT_NEON)
    const uint8x16_t m = vdupq_n_u8(mask);
    const uint8x16_t v = vdupq_n_u8(value);
    while (n - i >= 16) {
        size_t steps = (n - i) / 16 < 255 ? (n - i) / 16 : 255;
        uint8x16_t sums = vdupq_n_u8(0);
        for (size_t s = 0; s < steps; s++, i += 16) {
            uint8x16_t x = vandq_u8(vld1q_u8(p + i), m);
            sums = vsubq_u8(sums, vceqq_u8(x, v));
        }
        count += vaddlvq_u8(sums);
    }
#endif
    for (; i < n; i++) {
        count += (uint8_t)(p[i] & mask) == value;
    }
    return count;
}

/* The index after the last line feed of p[0, n), which holds one. */
static size_t hyson_after_last_newline(const uint8_t *p, size_t n) {
    size_t i = n;
#if defined(HYSON_COUNT_SSE2)
    const __m128i lf = _mm_set1_epi8('\n');
    while (i >= 16) {
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i - 16)), lf));
        if (mask != 0) {
            return i - 16 + (size_t)(32 - __builtin_clz(mask)); /* the highest set bit, plus one */
        }
        i -= 16;
    }
#endif
    while (p[i - 1] != '\n') {
        i--;
    }
    return i;
}

void hyson_count_lines(const uint8_t *p, size_t n, uint64_t *newlines, uint64_t *tail) {
    uint64_t lf = n == 0 ? 0 : hyson_count_bytes(p, n, 0xFF, '\n');
    size_t from = lf > 0 ? hyson_after_last_newline(p, n) : 0;
    *newlines = lf;
    *tail = (uint64_t)(n - from) - (n == from ? 0 : hyson_count_bytes(p + from, n - from, 0xC0, 0x80));
}
