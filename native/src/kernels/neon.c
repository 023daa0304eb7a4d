/*
 * NEON (every AArch64 CPU: Advanced SIMD is part of the base architecture, so nothing is detected at
 * run time): 16 bytes per step. NEON has no movemask; a compare result narrowed with vshrn_n_u16 by 4
 * gives 4 bits per byte in a 64-bit word, so the first flagged byte is ctz / 4 (the technique in
 * Arm's "Porting x86 vector bitmask optimizations to Arm NEON", 2022).
 */
#if !defined(__aarch64__)
#error "neon.c is AArch64 only: cmake/HysonKernels.cmake lists it for aarch64 targets alone"
#endif
#include <arm_neon.h>
#include <stdint.h>

#include "hyson/hyson.h"
#include "../generic/scan_support.h"
#include "utf8_classes.h"

/* Four bits per byte of a 0x00/0xFF compare result, byte i in bits 4i..4i+3. */
static inline uint64_t hyson_neon_mask(uint8x16_t flags) {
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(flags), 4)), 0);
}

/* 0xFF where v[i] is '"', '\\', below 0x20 or at least 0x80 (the signed compare catches both). */
static inline uint8x16_t hyson_neon_special(uint8x16_t v) {
    return vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8('"')), vceqq_u8(v, vdupq_n_u8('\\'))),
                    vcltq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(0x20)));
}

/* 0xFF where v[i] is not one of ' ', '\n', '\r', '\t'. */
static inline uint8x16_t hyson_neon_nonspace(uint8x16_t v) {
    return vmvnq_u8(vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8(' ')), vceqq_u8(v, vdupq_n_u8('\n'))),
                             vorrq_u8(vceqq_u8(v, vdupq_n_u8('\r')), vceqq_u8(v, vdupq_n_u8('\t')))));
}

/* The first flagged byte from src[i] on in whole 16-byte blocks, or where the blocks end. 'spaces'
   is a constant at each call, so each caller inlines a loop with one classifier. */
static inline size_t hyson_neon_first(const uint8_t *src, size_t i, size_t end, int spaces) {
    while (end - i >= 16) {
        uint8x16_t v = vld1q_u8(src + i);
        uint64_t mask = hyson_neon_mask(spaces ? hyson_neon_nonspace(v) : hyson_neon_special(v));
        if (mask != 0) {
            return i + ((size_t)__builtin_ctzll(mask) >> 2);
        }
        i += 16;
    }
    return i;
}

static inline size_t hyson_k_find_special(const uint8_t *src, size_t i, size_t end) {
    return hyson_special_tail(src, hyson_neon_first(src, i, end, 0), end);
}

static inline size_t hyson_k_skip_spaces(const uint8_t *src, size_t i, size_t end) {
    return hyson_space_tail(src, hyson_neon_first(src, i, end, 1), end);
}

/* Non-zero bytes where the pairs/triples/quads ending in 'input' are ill-formed ('prev': the block before). */
static inline uint8x16_t hyson_utf8_errors16(uint8x16_t input, uint8x16_t prev) {
    static const uint8_t byte_1_high[16] = {HYSON_U8_BYTE_1_HIGH(uint8_t)};
    static const uint8_t byte_1_low[16] = {HYSON_U8_BYTE_1_LOW(uint8_t)};
    static const uint8_t byte_2_high[16] = {HYSON_U8_BYTE_2_HIGH(uint8_t)};
    const uint8x16_t low4 = vdupq_n_u8(0x0F);
    uint8x16_t prev1 = vextq_u8(prev, input, 15);
    uint8x16_t special = vandq_u8(vandq_u8(vqtbl1q_u8(vld1q_u8(byte_1_high), vshrq_n_u8(prev1, 4)),
                                           vqtbl1q_u8(vld1q_u8(byte_1_low), vandq_u8(prev1, low4))),
                                  vqtbl1q_u8(vld1q_u8(byte_2_high), vshrq_n_u8(input, 4)));
    /* where a third or fourth byte is due, a continuation after a continuation is legal: those
       TWO_CONTS flags cancel, missing ones remain */
    uint8x16_t third = vqsubq_u8(vextq_u8(prev, input, 14), vdupq_n_u8(HYSON_U8_THIRD_BIAS));
    uint8x16_t fourth = vqsubq_u8(vextq_u8(prev, input, 13), vdupq_n_u8(HYSON_U8_FOURTH_BIAS));
    uint8x16_t due = vandq_u8(vorrq_u8(third, fourth), vdupq_n_u8(0x80));
    return veorq_u8(due, special);
}

/* As hyson_utf8_run_avx2 (utf8_lookup.h), 16 bytes per step. */
static inline size_t hyson_k_utf8_run(const uint8_t *src, size_t i, size_t end, size_t *bad) {
    size_t start = i;
    uint8x16_t prev = vdupq_n_u8(0); /* as if ASCII came before: nothing is due at the start */
    while (end - i >= 16) {
        uint8x16_t input = vld1q_u8(src + i);
        if (vmaxvq_u8(hyson_utf8_errors16(input, prev)) != 0) {
            break; /* the scalar validator finds where */
        }
        uint64_t ascii = hyson_neon_mask(vcltq_u8(input, vdupq_n_u8(0x80)));
        if (ascii != 0) {
            /* every sequence before the first ASCII byte is complete: a truncated one would have
               flagged TOO_SHORT at that byte */
            return i + ((size_t)__builtin_ctzll(ascii) >> 2);
        }
        prev = input;
        i += 16;
    }
    return hyson_utf8_resume(src, start, i, end, bad);
}

/*
 * 64 bits from four 0x00/0xFF compare results (byte i of vector k in bit 16k + i): each byte keeps
 * its bit's weight within its half, then three rounds of pairwise adds fold 64 bytes into 8.
 */
static inline uint64_t hyson_neon_bits64(uint8x16_t m0, uint8x16_t m1, uint8x16_t m2, uint8x16_t m3) {
    static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t w = vld1q_u8(weights);
    uint8x16_t a = vpaddq_u8(vandq_u8(m0, w), vandq_u8(m1, w));
    uint8x16_t b = vpaddq_u8(vandq_u8(m2, w), vandq_u8(m3, w));
    uint8x16_t c = vpaddq_u8(a, b);
    return vgetq_lane_u64(vreinterpretq_u64_u8(vpaddq_u8(c, c)), 0);
}

static inline uint64_t hyson_k_prefix_xor(uint64_t x) {
    return hyson_prefix_xor(x); /* the polynomial multiply (PMULL) is an optional extension */
}

/* Stage 1 of the whole-document scan: four 16-byte steps per class. */
#define HYSON_K_CLASSIFY64 1
static inline void hyson_k_classify64(const uint8_t *p, hyson_classes64 *m) {
    uint8x16_t v[4], quote[4], backslash[4], op[4], space[4], high[4], control[4];
    for (int k = 0; k < 4; k++) {
        v[k] = vld1q_u8(p + 16 * k);
        /* '[' and ']' are '{' and '}' without bit 5 */
        uint8x16_t folded = vorrq_u8(v[k], vdupq_n_u8(0x20));
        quote[k] = vceqq_u8(v[k], vdupq_n_u8('"'));
        backslash[k] = vceqq_u8(v[k], vdupq_n_u8('\\'));
        op[k] = vorrq_u8(vorrq_u8(vceqq_u8(folded, vdupq_n_u8('{')), vceqq_u8(folded, vdupq_n_u8('}'))),
                         vorrq_u8(vceqq_u8(v[k], vdupq_n_u8(',')), vceqq_u8(v[k], vdupq_n_u8(':'))));
        space[k] = vorrq_u8(vorrq_u8(vceqq_u8(v[k], vdupq_n_u8(' ')), vceqq_u8(v[k], vdupq_n_u8('\n'))),
                            vorrq_u8(vceqq_u8(v[k], vdupq_n_u8('\r')), vceqq_u8(v[k], vdupq_n_u8('\t'))));
        high[k] = vcgeq_u8(v[k], vdupq_n_u8(0x80));
        control[k] = vcltq_u8(v[k], vdupq_n_u8(0x20));
    }
    m->quote = hyson_neon_bits64(quote[0], quote[1], quote[2], quote[3]);
    m->backslash = hyson_neon_bits64(backslash[0], backslash[1], backslash[2], backslash[3]);
    m->op = hyson_neon_bits64(op[0], op[1], op[2], op[3]);
    m->space = hyson_neon_bits64(space[0], space[1], space[2], space[3]);
    m->high = hyson_neon_bits64(high[0], high[1], high[2], high[3]);
    m->control = hyson_neon_bits64(control[0], control[1], control[2], control[3]);
}

/* Stage 1's validation, as utf8_lookup.h's for AVX2: four 16-byte steps per block of 64. */
#define HYSON_K_UTF8_BLOCKS 1
typedef struct hyson_k_utf8 {
    uint8x16_t prev;   /* the last 16 bytes validated */
    uint8x16_t errors; /* non-zero once anything was ill-formed */
} hyson_k_utf8;

static inline void hyson_k_utf8_init(hyson_k_utf8 *u) {
    u->prev = vdupq_n_u8(0);
    u->errors = vdupq_n_u8(0);
}

static inline void hyson_k_utf8_block(hyson_k_utf8 *u, const uint8_t *p) {
    uint8x16_t a = vld1q_u8(p);
    uint8x16_t b = vld1q_u8(p + 16);
    uint8x16_t c = vld1q_u8(p + 32);
    uint8x16_t d = vld1q_u8(p + 48);
    uint8x16_t e = vorrq_u8(vorrq_u8(hyson_utf8_errors16(a, u->prev), hyson_utf8_errors16(b, a)),
                            vorrq_u8(hyson_utf8_errors16(c, b), hyson_utf8_errors16(d, c)));
    u->errors = vorrq_u8(u->errors, e);
    u->prev = d;
}

/* An ASCII block after one that was validated: a sequence the last block left open is an error. */
static inline void hyson_k_utf8_ascii(hyson_k_utf8 *u) {
    uint8x16_t zero = vdupq_n_u8(0);
    u->errors = vorrq_u8(u->errors, hyson_utf8_errors16(zero, u->prev));
    u->prev = zero;
}

static inline int hyson_k_utf8_failed(const hyson_k_utf8 *u) {
    return vmaxvq_u8(u->errors) != 0;
}

#define HYSON_SCAN_NAME hyson_scan_neon
#include "../generic/scan_impl.h"

hyson_scan_fn hyson_scan_neon_fn(void) {
    return hyson_scan_neon;
}

hyson_window_fn hyson_scan_neon_window_fn(void) {
    return hyson_scan_neon_window;
}
