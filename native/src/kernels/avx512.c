/* AVX-512 (F + BW): 64 bytes per step, compares straight into mask registers. */
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#include <stdint.h>

#include "hyson/hyson.h"

/* gcc and clang spell "compile what follows for this instruction set" differently */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw")
#endif

#include "block16.h"
#include "utf8_lookup.h"

static inline size_t hyson_k_find_special(const uint8_t *src, size_t i, size_t end) {
    const __m512i quote = _mm512_set1_epi8('"');
    const __m512i backslash = _mm512_set1_epi8('\\');
    const __m512i space = _mm512_set1_epi8(0x20);
    /* most strings are short: up to four 16-byte steps first, full-width steps only for long runs
       (on short runs the wide loads and mask moves cost more than they save) */
    for (int probe = 0; probe < 4 && end - i >= 16; probe++) {
        unsigned mask = hyson_special16(src + i);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    while (end - i >= 64) {
        __m512i v = _mm512_loadu_si512((const void *)(src + i));
        /* signed compare: bytes 0x00..0x1F and 0x80..0xFF are both "less than 0x20" */
        __mmask64 mask = _mm512_cmpeq_epi8_mask(v, quote) | _mm512_cmpeq_epi8_mask(v, backslash) |
                         _mm512_cmplt_epi8_mask(v, space);
        if (mask != 0) {
            return i + (size_t)__builtin_ctzll(mask);
        }
        i += 64;
    }
    if (i < end) {
        /* the tail, with a masked load that touches no byte at or past end */
        __mmask64 live = ((__mmask64)1 << (end - i)) - 1; /* end - i < 64 here */
        __m512i v = _mm512_maskz_loadu_epi8(live, (const void *)(src + i));
        __mmask64 mask = (_mm512_cmpeq_epi8_mask(v, quote) | _mm512_cmpeq_epi8_mask(v, backslash) |
                          _mm512_cmplt_epi8_mask(v, space)) & live;
        if (mask != 0) {
            return i + (size_t)__builtin_ctzll(mask);
        }
    }
    return end;
}

static inline size_t hyson_k_skip_spaces(const uint8_t *src, size_t i, size_t end) {
    const __m512i sp = _mm512_set1_epi8(' ');
    const __m512i nl = _mm512_set1_epi8('\n');
    const __m512i cr = _mm512_set1_epi8('\r');
    const __m512i tab = _mm512_set1_epi8('\t');
    for (int probe = 0; probe < 4 && end - i >= 16; probe++) {
        unsigned mask = hyson_nonspace16(src + i);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    while (end - i >= 64) {
        __m512i v = _mm512_loadu_si512((const void *)(src + i));
        __mmask64 ws = _mm512_cmpeq_epi8_mask(v, sp) | _mm512_cmpeq_epi8_mask(v, nl) |
                       _mm512_cmpeq_epi8_mask(v, cr) | _mm512_cmpeq_epi8_mask(v, tab);
        if (~ws != 0) {
            return i + (size_t)__builtin_ctzll(~ws);
        }
        i += 64;
    }
    return hyson_space_tail(src, i, end);
}

static inline size_t hyson_k_utf8_run(const uint8_t *src, size_t i, size_t end, size_t *bad) {
    return hyson_utf8_run_avx2(src, i, end, bad);
}

#define HYSON_SCAN_NAME hyson_scan_avx512
#include "../generic/scan_impl.h"

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

hyson_scan_fn hyson_scan_avx512_fn(void) {
    return hyson_scan_avx512;
}

hyson_window_fn hyson_scan_avx512_window_fn(void) {
    return hyson_scan_avx512_window;
}
#else
#include "hyson/hyson.h"
hyson_scan_fn hyson_scan_avx512_fn(void) {
    return 0;
}

hyson_window_fn hyson_scan_avx512_window_fn(void) {
    return 0;
}
#endif
