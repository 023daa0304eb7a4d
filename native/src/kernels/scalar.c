/* The portable kernel: eight bytes at a time in a 64-bit word (SWAR), for any CPU. */
#include <stdint.h>
#include <string.h>

#include "hyson/hyson.h"
#include "../generic/scan_support.h"

static inline size_t hyson_k_find_special(const uint8_t *src, size_t i, size_t end) {
    const uint64_t ones = 0x0101010101010101ULL;
    const uint64_t highs = 0x8080808080808080ULL;
    while (end - i >= 8) {
        uint64_t v;
        memcpy(&v, src + i, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        v = __builtin_bswap64(v);
#endif
        uint64_t quote = v ^ 0x2222222222222222ULL;
        uint64_t backslash = v ^ 0x5C5C5C5C5C5C5C5CULL;
        /* the lowest flagged byte is exact; borrows only flag bytes above it */
        uint64_t special = (((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) |
                            (v - 0x2020202020202020ULL) | v) & highs;
        if (special != 0) {
            return i + ((size_t)__builtin_ctzll(special) >> 3);
        }
        i += 8;
    }
    return hyson_special_tail(src, i, end);
}

static inline size_t hyson_k_skip_spaces(const uint8_t *src, size_t i, size_t end) {
    return hyson_space_tail(src, i, end);
}

static inline size_t hyson_k_utf8_run(const uint8_t *src, size_t i, size_t end, size_t *bad) {
    return hyson_utf8_run_scalar(src, i, end, bad); /* the lookup validator needs SSSE3's byte shuffle */
}

#define HYSON_SCAN_NAME hyson_scan_scalar
#include "../generic/scan_impl.h"

hyson_scan_fn hyson_scan_scalar_fn(void) {
    return hyson_scan_scalar;
}

hyson_window_fn hyson_scan_scalar_window_fn(void) {
    return hyson_scan_scalar_window;
}
