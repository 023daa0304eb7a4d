/* SSE2 (every x86-64 CPU): 16 bytes per step. */
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#include <stdint.h>

#include "hyson/hyson.h"

/* gcc and clang spell "compile what follows for this instruction set" differently */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("sse2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("sse2")
#endif

static inline size_t hyson_k_find_special(const uint8_t *src, size_t i, size_t end) {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    while (end - i >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(src + i));
        /* signed compare: bytes 0x00..0x1F and 0x80..0xFF are both "less than 0x20" */
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                       _mm_cmplt_epi8(v, space));
        unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    while (i < end) {
        uint8_t b = src[i];
        if (b == '"' || b == '\\' || b < 0x20 || b >= 0x80) {
            return i;
        }
        i++;
    }
    return end;
}

static inline size_t hyson_k_skip_spaces(const uint8_t *src, size_t i, size_t end) {
    const __m128i sp = _mm_set1_epi8(' ');
    const __m128i nl = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    const __m128i tab = _mm_set1_epi8('\t');
    while (end - i >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, sp), _mm_cmpeq_epi8(v, nl)),
                                  _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, tab)));
        unsigned mask = ~(unsigned)_mm_movemask_epi8(ws) & 0xFFFFu;
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    while (i < end && (src[i] == ' ' || src[i] == '\n' || src[i] == '\r' || src[i] == '\t')) {
        i++;
    }
    return i;
}

#define HYSON_SCAN_NAME hyson_scan_sse2
#include "../generic/scan_impl.h"

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

hyson_scan_fn hyson_scan_sse2_fn(void) {
    return hyson_scan_sse2;
}
#else
#include "hyson/hyson.h"
hyson_scan_fn hyson_scan_sse2_fn(void) {
    return 0;
}
#endif
