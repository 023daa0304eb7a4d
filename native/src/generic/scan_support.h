/*
 * Small helpers shared by every kernel's copy of the scanner: tape entries, bounds-checked token
 * matching, UTF-8 (Unicode Standard table 3-7, RFC 3629) and the growth of the tape buffers.
 */
#ifndef HYSON_SCAN_SUPPORT_H
#define HYSON_SCAN_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hyson/hyson.h"

/*
 * The classes of 64 input bytes that stage 1 of a whole-document scan needs (structural_index_impl.h):
 * bit i of each mask describes byte i. Each SIMD kernel computes them with its own compares
 * (hyson_k_classify64).
 */
typedef struct hyson_classes64 {
    uint64_t quote;     /* '"' */
    uint64_t backslash; /* '\\' */
    uint64_t op;        /* the structural characters of RFC 8259 section 2: { } [ ] , : */
    uint64_t space;     /* the whitespace of RFC 8259 section 2: space, tab, line feed, carriage return */
    uint64_t high;      /* bytes >= 0x80 (UTF-8 lead and continuation bytes) */
    uint64_t control;   /* bytes < 0x20 */
} hyson_classes64;

/* Flags of a closing quote's entry in the structural index, and the mask of the offset beside them. */
#define HYSON_INDEX_ESCAPED (UINT32_C(1) << 31)   /* the string holds a backslash */
#define HYSON_INDEX_NON_ASCII (UINT32_C(1) << 30) /* the string holds a byte >= 0x80 */
#define HYSON_INDEX_OFFSET (HYSON_INDEX_NON_ASCII - 1)

/* Bit i set when an odd number of the bits 0..i of x are set (a carry-less multiply by all ones; a kernel
   with such a multiply defines hyson_k_prefix_xor with it). */
static inline uint64_t hyson_prefix_xor(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

/* a + b + *carry (carry 0 or 1), the carry out left in *carry: one limb of a long addition. Two
   overflow-checked additions rather than an unsigned __int128 sum: gcc 12 kept those 128-bit sums in
   stack slots inside stage 1's loop (stores and reloads on each block's carried chain). */
static inline uint64_t hyson_add_carry(uint64_t a, uint64_t b, uint64_t *carry) {
    uint64_t sum;
    uint64_t out;
    int first = __builtin_add_overflow(a, b, &sum);
    int second = __builtin_add_overflow(sum, *carry, &out);
    *carry = (uint64_t)(first | second);
    return out;
}

static inline uint64_t hyson_entry(int tag, size_t payload) {
    return ((uint64_t)tag << HYSON_TAG_SHIFT) | (uint64_t)payload;
}

static inline uint64_t hyson_double_bits(double d) {
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

static inline int hyson_is_digit(uint8_t c) {
    return c >= '0' && c <= '9';
}

/*
 * Eight ASCII digits at once (SWAR): whether the 8 bytes at p are all '0'..'9', and their value.
 * A byte is a digit when its high nibble is 3 and adding 6 does not carry into the high nibble.
 * The value folds pairs, then quads, then the two halves with three multiplications (the
 * technique of Lemire's "Number parsing at a gigabyte per second", section 6).
 */
static inline uint64_t hyson_load8(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline int hyson_is_8_digits(uint64_t v) {
    return ((v & 0xF0F0F0F0F0F0F0F0ULL) | (((v + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4)) ==
           0x3333333333333333ULL;
}

static inline uint32_t hyson_parse_8_digits(uint64_t v) {
    v -= 0x3030303030303030ULL;
    v = (v * 10) + (v >> 8); /* each 16-bit lane: the two-digit number of its bytes */
    v = (((v & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
         (((v >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >> 32;
    return (uint32_t)v;
}

/* How many of the 8 bytes of v (first byte lowest) are ASCII digits before the first that is not: 0..8. */
static inline unsigned hyson_leading_digits(uint64_t v) {
    uint64_t low7 = v & UINT64_C(0x7F7F7F7F7F7F7F7F); /* no carry crosses a byte in the sums below */
    uint64_t above = low7 + UINT64_C(0x4646464646464646);  /* bit 7 where the byte is above '9' */
    uint64_t below = ~(low7 + UINT64_C(0x5050505050505050)); /* bit 7 where it is below '0' */
    uint64_t other = (v | above | below) & UINT64_C(0x8080808080808080);
    return other == 0 ? 8 : (unsigned)__builtin_ctzll(other) >> 3;
}

/* The value of the first k (0..8) bytes of v, all digits: shifted to the top, the rest filled with '0'
   (each shift in two halves, so that k = 0 and k = 8 shift by 32 twice rather than by 64). */
static inline uint32_t hyson_parse_digits(uint64_t v, unsigned k) {
    unsigned half = 4 * (8 - k);
    uint64_t zeros = (UINT64_C(0x3030303030303030) >> (4 * k)) >> (4 * k);
    return hyson_parse_8_digits(((v << half) << half) | zeros);
}

static const uint64_t hyson_pow10_u64[17] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
                                             1000000000, 10000000000, 100000000000, 1000000000000,
                                             10000000000000, 100000000000000, 1000000000000000,
                                             10000000000000000};

/* Whether src[pos, pos + len) equals word; never reads at or past end. */
static inline int hyson_matches(const uint8_t *src, size_t pos, size_t end, const char *word, size_t len) {
    return pos <= end && end - pos >= len && memcmp(src + pos, word, len) == 0;
}

/* 0x10 | the value of each hex digit ('0'-'9', 'a'-'f', 'A'-'F'); 0 for every other byte. */
static const uint8_t hyson_hex_digits[256] = {
    ['0'] = 0x10, ['1'] = 0x11, ['2'] = 0x12, ['3'] = 0x13, ['4'] = 0x14, ['5'] = 0x15, ['6'] = 0x16,
    ['7'] = 0x17, ['8'] = 0x18, ['9'] = 0x19, ['a'] = 0x1A, ['b'] = 0x1B, ['c'] = 0x1C, ['d'] = 0x1D,
    ['e'] = 0x1E, ['f'] = 0x1F, ['A'] = 0x1A, ['B'] = 0x1B, ['C'] = 0x1C, ['D'] = 0x1D, ['E'] = 0x1E,
    ['F'] = 0x1F,
};

/* The value of four hex digits at src[i..i+3], or -1 (also when they run past end): four table
   lookups and one test, no branch per digit. */
static inline int32_t hyson_hex4(const uint8_t *src, size_t i, size_t end) {
    if (i > end || end - i < 4) {
        return -1;
    }
    uint32_t a = hyson_hex_digits[src[i]], b = hyson_hex_digits[src[i + 1]];
    uint32_t c = hyson_hex_digits[src[i + 2]], d = hyson_hex_digits[src[i + 3]];
    if ((a & b & c & d & 0x10) == 0) {
        return -1;
    }
    return (int32_t)(((a & 15) << 12) | ((b & 15) << 8) | ((c & 15) << 4) | (d & 15));
}

/* Byte at a time (the kernels' tails, the scalar kernel's spaces): never reads at or past end. */
static inline size_t hyson_special_tail(const uint8_t *src, size_t i, size_t end) {
    while (i < end) {
        uint8_t b = src[i];
        if (b == '"' || b == '\\' || b < 0x20 || b >= 0x80) {
            return i;
        }
        i++;
    }
    return end;
}

static inline size_t hyson_space_tail(const uint8_t *src, size_t i, size_t end) {
    while (i < end && (src[i] == ' ' || src[i] == '\n' || src[i] == '\r' || src[i] == '\t')) {
        i++;
    }
    return i;
}

/*
 * Validates the multi-byte sequence whose lead byte is src[i] (>= 0x80): returns the index after
 * it, or (size_t)-1 when it is ill-formed or runs past end.
 */
static inline size_t hyson_utf8_validate(const uint8_t *src, size_t i, size_t end) {
    uint8_t b0 = src[i];
    if (b0 < 0xC2) {
        return (size_t)-1;
    }
    if (b0 < 0xE0) {
        return i + 1 < end && (src[i + 1] & 0xC0) == 0x80 ? i + 2 : (size_t)-1;
    }
    if (b0 < 0xF0) {
        if (i + 2 >= end) {
            return (size_t)-1;
        }
        uint8_t b1 = src[i + 1];
        uint8_t lo = b0 == 0xE0 ? 0xA0 : 0x80;
        uint8_t hi = b0 == 0xED ? 0x9F : 0xBF;
        return b1 >= lo && b1 <= hi && (src[i + 2] & 0xC0) == 0x80 ? i + 3 : (size_t)-1;
    }
    if (b0 < 0xF5) {
        if (i + 3 >= end) {
            return (size_t)-1;
        }
        uint8_t b1 = src[i + 1];
        uint8_t lo = b0 == 0xF0 ? 0x90 : 0x80;
        uint8_t hi = b0 == 0xF4 ? 0x8F : 0xBF;
        return b1 >= lo && b1 <= hi && (src[i + 2] & 0xC0) == 0x80 && (src[i + 3] & 0xC0) == 0x80 ? i + 4
                                                                                                     : (size_t)-1;
    }
    return (size_t)-1;
}

/*
 * The end of the run of multi-byte sequences that starts at src[i] (>= 0x80): the index of the first byte
 * below 0x80 after it, or end; (size_t)-1 with *bad at the start of the first ill-formed sequence.
 */
static inline size_t hyson_utf8_run_scalar(const uint8_t *src, size_t i, size_t end, size_t *bad) {
    do {
        size_t next = hyson_utf8_validate(src, i, end);
        if (next == (size_t)-1) {
            *bad = i;
            return (size_t)-1;
        }
        i = next;
    } while (i < end && src[i] >= 0x80);
    return i;
}

/* Decodes the sequence src[i, next) that hyson_utf8_validate accepted. */
static inline uint32_t hyson_utf8_decode(const uint8_t *src, size_t i, size_t next) {
    uint32_t b0 = src[i];
    switch (next - i) {
        case 2:
            return ((b0 & 0x1F) << 6) | (src[i + 1] & 0x3Fu);
        case 3:
            return ((b0 & 0x0F) << 12) | ((src[i + 1] & 0x3Fu) << 6) | (src[i + 2] & 0x3Fu);
        default:
            return ((b0 & 0x07) << 18) | ((src[i + 1] & 0x3Fu) << 12) | ((src[i + 2] & 0x3Fu) << 6) |
                   (src[i + 3] & 0x3Fu);
    }
}

/* Growth (tape.c): each returns 0 when memory cannot be had. */
int hyson_grow_entries(hyson_tape *tape, size_t more);
int hyson_grow_latin1(hyson_tape *tape, size_t at, size_t more);
int hyson_grow_utf16(hyson_tape *tape, size_t at, size_t more);
int hyson_grow_stack(hyson_tape *tape, size_t needed);
int hyson_grow_spans(hyson_tape *tape, size_t more);
/* The structural index to at least 'needed' entries, its first 'used' kept. */
int hyson_grow_index(hyson_tape *tape, size_t used, size_t needed);

static inline int hyson_ensure_entries(hyson_tape *tape, size_t more) {
    return tape->capacity - tape->size >= more || hyson_grow_entries(tape, more);
}

static inline int hyson_ensure_latin1(hyson_tape *tape, size_t at, size_t more) {
    return tape->latin1_capacity >= at && tape->latin1_capacity - at >= more ? 1 : hyson_grow_latin1(tape, at, more);
}

static inline int hyson_ensure_utf16(hyson_tape *tape, size_t at, size_t more) {
    return tape->utf16_capacity >= at && tape->utf16_capacity - at >= more ? 1 : hyson_grow_utf16(tape, at, more);
}

static inline int hyson_ensure_stack(hyson_tape *tape, size_t needed) {
    return tape->stack_capacity >= needed || hyson_grow_stack(tape, needed);
}

/* Copies the Latin-1 chars decoded so far (latin1[from, to)) into the UTF-16 buffer at 'at'. */
static inline size_t hyson_widen(hyson_tape *tape, size_t from, size_t to, size_t at) {
    /* the buffers in locals: through tape->, each store could change the pointers, and the loop would
       reload them per char instead of being vectorized */
    size_t count = to - from;
    if (count == 0) {
        return at; /* the buffers may not exist yet (a null pointer plus 0 is undefined) */
    }
    const uint8_t *restrict latin1 = tape->latin1 + from;
    uint16_t *restrict utf16 = tape->utf16 + at;
    for (size_t j = 0; j < count; j++) {
        utf16[j] = latin1[j];
    }
    return at + count;
}

#endif
