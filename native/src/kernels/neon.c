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

#define HYSON_SCAN_NAME hyson_scan_neon
#include "../generic/scan_impl.h"

hyson_scan_fn hyson_scan_neon_fn(void) {
    return hyson_scan_neon;
}

hyson_window_fn hyson_scan_neon_window_fn(void) {
    return hyson_scan_neon_window;
}
