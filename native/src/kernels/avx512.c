/* AVX-512 (F + BW + VBMI + VBMI2, Ice Lake and Zen 4 on): 64 bytes per step, compares straight into mask registers. */
#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#include <stdint.h>

#include "hyson/hyson.h"

/* gcc and clang spell "compile what follows for this instruction set" differently */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,pclmul"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,pclmul")
#endif

#include "block16.h"
#include "unescape_avx512.h"
#include "digits_x86.h"
#define HYSON_U8_OWN_BLOCKS 1 /* stage 1 validates 64 bytes a step (below); runs use utf8_lookup.h's */
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

/* hyson_prefix_xor with one carry-less multiply by all ones (PCLMULQDQ, which dispatch.c requires beside
   this kernel's instruction set). */
static inline uint64_t hyson_k_prefix_xor(uint64_t x) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)x), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

/* Stage 1 of the whole-document scan: one 64-byte step, compares straight into the masks, whitespace
   and structural characters from the nibble lookups of block16.h (as avx2.c's hyson_classify32). */
#define HYSON_K_CLASSIFY64 1
static inline void hyson_k_classify64(const uint8_t *p, hyson_classes64 *m) {
    const __m512i low_table = _mm512_broadcast_i32x4(_mm_setr_epi8(HYSON_CLASS_LOW));
    const __m512i high_table = _mm512_broadcast_i32x4(_mm_setr_epi8(HYSON_CLASS_HIGH));
    __m512i v = _mm512_loadu_si512((const void *)p);
    __m512i classes = _mm512_and_si512(_mm512_shuffle_epi8(low_table, v),
                                       _mm512_shuffle_epi8(high_table, _mm512_and_si512(_mm512_srli_epi16(v, 4), _mm512_set1_epi8(0x0F))));
    m->quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
    m->backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    m->op = _mm512_cmpgt_epi8_mask(classes, _mm512_setzero_si512());
    m->space = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) | _mm512_movepi8_mask(classes);
    m->high = _mm512_movepi8_mask(v);
    m->control = _mm512_cmplt_epu8_mask(v, _mm512_set1_epi8(0x20));
}

/*
 * The offsets at + i of the set bits i of bits, in order, into o; returns how many: the bit positions
 * compressed into the low bytes of a register (VBMI2), widened to 32 bits sixteen at a time and offset.
 * Writes 16 entries, or 64 when more than 16 bits are set.
 */
#define HYSON_K_FLATTEN64 1
static inline size_t hyson_k_flatten64(uint32_t *o, uint32_t at, uint64_t bits) {
    const __m512i positions = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45,
                                              44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26,
                                              25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5,
                                              4, 3, 2, 1, 0);
    __m512i packed = _mm512_maskz_compress_epi8(bits, positions);
    __m512i offset = _mm512_set1_epi32((int)at);
    size_t count = (size_t)__builtin_popcountll(bits);
    _mm512_storeu_si512((void *)o, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(packed)), offset));
    if (count > 16) {
        _mm512_storeu_si512((void *)(o + 16), _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 1)), offset));
        _mm512_storeu_si512((void *)(o + 32), _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 2)), offset));
        _mm512_storeu_si512((void *)(o + 48), _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 3)), offset));
    }
    return count;
}

/* The 64 bytes that end n bytes before 'input' starts, 'prev' being the 64 before it (n = 1..3): the
   128-bit lanes shifted by one (prev's last lane first), then each lane joined to input's and shifted. */
#define HYSON_U8_PREV64(input, prev, n)                                                                    \
    _mm512_alignr_epi8((input), _mm512_permutex2var_epi64((prev), _mm512_set_epi64(13, 12, 11, 10, 9, 8, 7, 6), (input)), \
                       16 - (n))

/* Non-zero bytes where the pairs/triples/quads ending in 'input' are ill-formed: utf8_lookup.h's
   hyson_utf8_errors32 on 64 bytes (Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction
   Per Byte", Software: Practice and Experience 51(5), 2021). */
static inline __m512i hyson_utf8_errors64(__m512i input, __m512i prev) {
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i byte_1_high_table = _mm512_broadcast_i32x4(_mm_setr_epi8(HYSON_U8_BYTE_1_HIGH(char)));
    const __m512i byte_1_low_table = _mm512_broadcast_i32x4(_mm_setr_epi8(HYSON_U8_BYTE_1_LOW(char)));
    const __m512i byte_2_high_table = _mm512_broadcast_i32x4(_mm_setr_epi8(HYSON_U8_BYTE_2_HIGH(char)));
    __m512i prev1 = HYSON_U8_PREV64(input, prev, 1);
    __m512i byte_1_high = _mm512_shuffle_epi8(byte_1_high_table, _mm512_and_si512(_mm512_srli_epi16(prev1, 4), low4));
    __m512i byte_1_low = _mm512_shuffle_epi8(byte_1_low_table, _mm512_and_si512(prev1, low4));
    __m512i byte_2_high = _mm512_shuffle_epi8(byte_2_high_table, _mm512_and_si512(_mm512_srli_epi16(input, 4), low4));
    __m512i special = _mm512_and_si512(_mm512_and_si512(byte_1_high, byte_1_low), byte_2_high);
    __m512i third = _mm512_subs_epu8(HYSON_U8_PREV64(input, prev, 2), _mm512_set1_epi8((char)HYSON_U8_THIRD_BIAS));
    __m512i fourth = _mm512_subs_epu8(HYSON_U8_PREV64(input, prev, 3), _mm512_set1_epi8((char)HYSON_U8_FOURTH_BIAS));
    __m512i due = _mm512_and_si512(_mm512_or_si512(third, fourth), _mm512_set1_epi8((char)0x80));
    return _mm512_xor_si512(due, special);
}

/*
 * Stage 1's validation (structural_index_impl.h), 64 bytes a step: every block that holds a byte >= 0x80,
 * and the block after it, go through the lookup with the block before as context; the errors of the whole
 * document are ORed together and looked at once at its end.
 */
#define HYSON_K_UTF8_BLOCKS 1
typedef struct hyson_k_utf8 {
    __m512i prev;   /* the last 64 bytes validated */
    __m512i errors; /* non-zero once anything was ill-formed */
} hyson_k_utf8;

static inline void hyson_k_utf8_init(hyson_k_utf8 *u) {
    u->prev = _mm512_setzero_si512();
    u->errors = _mm512_setzero_si512();
}

static inline void hyson_k_utf8_block(hyson_k_utf8 *u, const uint8_t *p) {
    __m512i input = _mm512_loadu_si512((const void *)p);
    u->errors = _mm512_or_si512(u->errors, hyson_utf8_errors64(input, u->prev));
    u->prev = input;
}

/* An ASCII block after one that was validated: a sequence the last block left open is an error. */
static inline void hyson_k_utf8_ascii(hyson_k_utf8 *u) {
    __m512i zero = _mm512_setzero_si512();
    u->errors = _mm512_or_si512(u->errors, hyson_utf8_errors64(zero, u->prev));
    u->prev = zero;
}

static inline int hyson_k_utf8_failed(const hyson_k_utf8 *u) {
    return _mm512_test_epi8_mask(u->errors, u->errors) != 0;
}

#undef HYSON_U8_PREV64

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
