/* AVX2 (Haswell and later): 32 bytes per step. */
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#include <stdint.h>

#include "hyson/hyson.h"

/* gcc and clang spell "compile what follows for this instruction set" differently */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,pclmul"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,pclmul")
#endif

#include "block16.h"
#include "utf16_x86.h"
#include "digits_x86.h"
#include "utf8_lookup.h"

static inline size_t hyson_k_find_special(const uint8_t *src, size_t i, size_t end) {
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i space = _mm256_set1_epi8(0x20);
    /* most strings are short: up to four 16-byte steps first, full-width steps only for long runs
       (on short runs the wide loads and mask moves cost more than they save) */
    for (int probe = 0; probe < 4 && end - i >= 16; probe++) {
        unsigned mask = hyson_special16(src + i);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    while (end - i >= 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + i));
        /* signed compare: bytes 0x00..0x1F and 0x80..0xFF are both "less than 0x20" */
        __m256i special = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, backslash)),
                                          _mm256_cmpgt_epi8(space, v));
        unsigned mask = (unsigned)_mm256_movemask_epi8(special);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 32;
    }
    return hyson_special_tail(src, i, end);
}

static inline size_t hyson_k_skip_spaces(const uint8_t *src, size_t i, size_t end) {
    const __m256i sp = _mm256_set1_epi8(' ');
    const __m256i nl = _mm256_set1_epi8('\n');
    const __m256i cr = _mm256_set1_epi8('\r');
    const __m256i tab = _mm256_set1_epi8('\t');
    for (int probe = 0; probe < 4 && end - i >= 16; probe++) {
        unsigned mask = hyson_nonspace16(src + i);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    while (end - i >= 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i ws = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, sp), _mm256_cmpeq_epi8(v, nl)),
                                     _mm256_or_si256(_mm256_cmpeq_epi8(v, cr), _mm256_cmpeq_epi8(v, tab)));
        unsigned mask = ~(unsigned)_mm256_movemask_epi8(ws);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 32;
    }
    return hyson_space_tail(src, i, end);
}

static inline size_t hyson_k_utf8_run(const uint8_t *src, size_t i, size_t end, size_t *bad) {
    return hyson_utf8_run_avx2(src, i, end, bad);
}

/*
 * The classes of the 32 bytes at p in bits shift..shift+31 of each mask. Whitespace and structural
 * characters come from two nibble lookups ANDed (HYSON_CLASS_LOW / HYSON_CLASS_HIGH in block16.h):
 * bit 7 of the result marks tab, line feed and carriage return, bits 0..2 the structural characters;
 * the space and the rest are compares.
 */
static inline void hyson_classify32(const uint8_t *p, unsigned shift, hyson_classes64 *m) {
    const __m256i low_table = _mm256_setr_epi8(HYSON_CLASS_LOW, HYSON_CLASS_LOW);
    const __m256i high_table = _mm256_setr_epi8(HYSON_CLASS_HIGH, HYSON_CLASS_HIGH);
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    /* a byte >= 0x80 looks up 0 in the low table (the shuffle zeroes it) */
    __m256i classes = _mm256_and_si256(_mm256_shuffle_epi8(low_table, v),
                                       _mm256_shuffle_epi8(high_table, _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F))));
    __m256i space = _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')), classes);
    __m256i op = _mm256_cmpgt_epi8(classes, _mm256_setzero_si256());
    uint64_t high = (uint32_t)_mm256_movemask_epi8(v);
    /* signed compare: below 0x20 is both the control bytes and the high ones */
    uint64_t low = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v));
    m->quote |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'))) << shift;
    m->backslash |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))) << shift;
    m->op |= (uint64_t)(uint32_t)_mm256_movemask_epi8(op) << shift;
    m->space |= (uint64_t)(uint32_t)_mm256_movemask_epi8(space) << shift;
    m->high |= high << shift;
    m->control |= (low & ~high) << shift;
}

/* hyson_prefix_xor with one carry-less multiply by all ones (PCLMULQDQ, which dispatch.c requires beside
   this kernel's instruction set). */
static inline uint64_t hyson_k_prefix_xor(uint64_t x) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)x), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

/* Stage 1 of the whole-document scan: two 32-byte steps. */
#define HYSON_K_CLASSIFY64 1
static inline void hyson_k_classify64(const uint8_t *p, hyson_classes64 *m) {
    *m = (hyson_classes64){0, 0, 0, 0, 0, 0};
    hyson_classify32(p, 0, m);
    hyson_classify32(p + 32, 32, m);
}

#define HYSON_SCAN_NAME hyson_scan_avx2
#include "../generic/scan_impl.h"

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

hyson_scan_fn hyson_scan_avx2_fn(void) {
    return hyson_scan_avx2;
}

hyson_window_fn hyson_scan_avx2_window_fn(void) {
    return hyson_scan_avx2_window;
}
#else
#include "hyson/hyson.h"
hyson_scan_fn hyson_scan_avx2_fn(void) {
    return 0;
}

hyson_window_fn hyson_scan_avx2_window_fn(void) {
    return 0;
}
#endif
