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

#include "block16.h"
#include "../generic/scan_support.h"

static inline size_t hyson_k_find_special(const uint8_t *src, size_t i, size_t end) {
    while (end - i >= 16) {
        unsigned mask = hyson_special16(src + i);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    return hyson_special_tail(src, i, end);
}

static inline size_t hyson_k_skip_spaces(const uint8_t *src, size_t i, size_t end) {
    while (end - i >= 16) {
        unsigned mask = hyson_nonspace16(src + i);
        if (mask != 0) {
            return i + (size_t)__builtin_ctz(mask);
        }
        i += 16;
    }
    return hyson_space_tail(src, i, end);
}

static inline size_t hyson_k_utf8_run(const uint8_t *src, size_t i, size_t end, size_t *bad) {
    return hyson_utf8_run_scalar(src, i, end, bad); /* the lookup validator needs SSSE3's byte shuffle */
}

static inline uint64_t hyson_k_prefix_xor(uint64_t x) {
    return hyson_prefix_xor(x); /* PCLMULQDQ is not part of x86-64's baseline */
}

/* Stage 1 of the whole-document scan: four 16-byte steps. */
#define HYSON_K_CLASSIFY64 1
static inline void hyson_k_classify64(const uint8_t *p, hyson_classes64 *m) {
    *m = (hyson_classes64){0, 0, 0, 0, 0, 0};
    hyson_classify16(p, 0, m);
    hyson_classify16(p + 16, 16, m);
    hyson_classify16(p + 32, 32, m);
    hyson_classify16(p + 48, 48, m);
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

hyson_window_fn hyson_scan_sse2_window_fn(void) {
    return hyson_scan_sse2_window;
}
#else
#include "hyson/hyson.h"
hyson_scan_fn hyson_scan_sse2_fn(void) {
    return 0;
}

hyson_window_fn hyson_scan_sse2_window_fn(void) {
    return 0;
}
#endif
