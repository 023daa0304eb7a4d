/*
 * The tape walk's decoder of strings with escapes (generic/scan_escaped_impl.h, hyson_decode_escaped),
 * 64 bytes of input a step with AVX-512 BW, VBMI and VBMI2: the escapes of RFC 8259 section 7 and the
 * UTF-8 of the step decoded at once, with no branch per escape or per char. Included by avx512.c only,
 * after its target pragma.
 *
 * A step reads up to 64 bytes as items: a char (a UTF-8 sequence of 1 to 3 bytes; stage 1 validated the
 * UTF-8), a two-character escape, or a \uXXXX escape. Every byte position gets the low and the high byte
 * of the UTF-16 unit that an item starting there would give (from the bytes after it, moved into place
 * by VPERMB; the escape letters through a 128-byte table, VPERMI2B); masks give the backslashes that
 * start an escape (the odd-run rule of stage 1), the \u ones, their hex digits and the continuation
 * bytes, and so the items; the items' two bytes are then compressed out of the 64 (VPCOMPRESSB), one
 * unit per item. A step stops before the first item that gives no single unit or needs judging: a 4-byte
 * sequence (a surrogate pair), a \u escape of a surrogate (pairs and the lone-surrogate policy), an
 * invalid escape. The caller's scalar code takes that item, and reports the errors.
 */
#ifndef HYSON_UNESCAPE_AVX512_H
#define HYSON_UNESCAPE_AVX512_H

#include <immintrin.h>
#include <stdint.h>

/* A step's output: count units (1..58), their low and high bytes in order. */
typedef struct hyson_units64 {
    __m512i low;
    __m512i high;
    size_t count;
    int wide; /* a unit is above U+00FF */
} hyson_units64;

/* The char each escape letter stands for (RFC 8259 section 7), by the letter's low seven bits; 'u' gives
   1 (not 0: a valid letter), every other byte 0. */
static const uint8_t hyson_escape_letters[128] = {
    ['"'] = '"', ['\\'] = '\\', ['/'] = '/', ['b'] = '\b', ['f'] = '\f', ['n'] = '\n', ['r'] = '\r', ['t'] = '\t', ['u'] = 1,
};

/* x moved down by k byte positions: lane i gets lane i + k (lanes past 63 wrap, and are never used). */
static inline __m512i hyson_bytes_after(__m512i x, int k) {
    const __m512i lanes = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44,
                                          43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24,
                                          23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm512_permutexvar_epi8(_mm512_add_epi8(lanes, _mm512_set1_epi8((char)k)), x);
}

/*
 * One step over the string bytes at p (left of them before the closing quote, at least 1; p at an item's
 * first byte): its units into *out, and the bytes taken; 0 when the first item is one the step leaves
 * to the caller (above). With 64 bytes or more left the step takes the items that start before byte 58
 * (an item is at most 6 bytes); it never reads at or past p + left.
 */
#define HYSON_K_UNESCAPE64 1
static inline __attribute__((always_inline)) size_t hyson_k_unescape64(const uint8_t *p, size_t left, hyson_units64 *out) {
    const __m512i low6 = _mm512_set1_epi8(0x3F);
    __mmask64 live = left >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << left) - 1);
    __m512i v = _mm512_maskz_loadu_epi8(live, (const void *)p);
    __m512i v1 = hyson_bytes_after(v, 1);
    __m512i v2 = hyson_bytes_after(v, 2);
    __mmask64 backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    __mmask64 continuation = _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, _mm512_set1_epi8((char)0xC0)), _mm512_set1_epi8((char)0x80));
    __mmask64 stop = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char)0xF0)) & live; /* 4-byte sequences */

    /* the unit of a char starting at each byte: b0 below 0x80 itself; 2 bytes (b0 & 0x1F) << 6 | (b1 & 0x3F);
       3 bytes (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F); bytes shifted within 16-bit lanes, then
       masked to the bits that stayed within their byte */
    __mmask64 three = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char)0xE0));
    __mmask64 two = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char)0xC0)) & ~three;
    __m512i top2 = _mm512_set1_epi8((char)0xC0);
    __m512i low = _mm512_mask_blend_epi8(two, v, _mm512_or_si512(_mm512_and_si512(v1, low6), _mm512_and_si512(_mm512_slli_epi16(v, 6), top2)));
    low = _mm512_mask_blend_epi8(three, low, _mm512_or_si512(_mm512_and_si512(v2, low6), _mm512_and_si512(_mm512_slli_epi16(v1, 6), top2)));
    __m512i high = _mm512_maskz_mov_epi8(two, _mm512_and_si512(_mm512_srli_epi16(v, 2), _mm512_set1_epi8(0x07)));
    high = _mm512_mask_mov_epi8(high, three, _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16(v, 4), _mm512_set1_epi8((char)0xF0)),
                                                              _mm512_and_si512(_mm512_srli_epi16(v1, 2), _mm512_set1_epi8(0x0F))));

    __mmask64 starts = 0, hex_digits = 0;
    if (backslash != 0) {
        /* the backslashes that start an escape: the first of each run and every second after it (the
           step starts at an item, so nothing is carried in); adding a run's first bit clears the run */
        const uint64_t even = UINT64_C(0x5555555555555555);
        uint64_t run_starts = backslash & ~(backslash << 1);
        uint64_t from_even = backslash & ~(backslash + (run_starts & even));
        starts = (from_even & even) | (backslash & ~from_even & ~even);
        __m512i letter = _mm512_permutex2var_epi8(_mm512_loadu_si512((const void *)hyson_escape_letters), v1,
                                                  _mm512_loadu_si512((const void *)(hyson_escape_letters + 64)));
        __mmask64 valid = _mm512_test_epi8_mask(letter, letter) & ~_mm512_movepi8_mask(v1);
        __mmask64 u = starts & _mm512_cmpeq_epi8_mask(v1, _mm512_set1_epi8('u'));
        stop |= starts & ~valid;
        low = _mm512_mask_mov_epi8(low, starts, letter);
        high = _mm512_mask_mov_epi8(high, starts, _mm512_setzero_si512());
        if (u != 0) {
            /* hex digits 0-9, a-f, A-F to their values; each byte and the next as one byte (digit pairs);
               the unit of \uXXXX at p is the pair at p + 2 (high) and the pair at p + 4 (low) */
            __m512i digit = _mm512_sub_epi8(v, _mm512_set1_epi8('0'));
            __m512i alpha = _mm512_sub_epi8(_mm512_or_si512(v, _mm512_set1_epi8(0x20)), _mm512_set1_epi8('a'));
            __mmask64 is_digit = _mm512_cmplt_epu8_mask(digit, _mm512_set1_epi8(10));
            __mmask64 is_alpha = _mm512_cmplt_epu8_mask(alpha, _mm512_set1_epi8(6));
            __m512i nibble = _mm512_mask_blend_epi8(is_digit, _mm512_add_epi8(alpha, _mm512_set1_epi8(10)), digit);
            __m512i pair = _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16(nibble, 4), _mm512_set1_epi8((char)0xF0)),
                                           _mm512_and_si512(hyson_bytes_after(nibble, 1), _mm512_set1_epi8(0x0F)));
            __m512i unit_high = hyson_bytes_after(pair, 2);
            __mmask64 bad = ~((is_digit | is_alpha) & live);
            stop |= u & ((bad >> 2) | (bad >> 3) | (bad >> 4) | (bad >> 5));
            /* U+D800..U+DFFF */
            stop |= u & _mm512_cmpeq_epi8_mask(_mm512_and_si512(unit_high, _mm512_set1_epi8((char)0xF8)), _mm512_set1_epi8((char)0xD8));
            low = _mm512_mask_mov_epi8(low, u, hyson_bytes_after(pair, 4));
            high = _mm512_mask_mov_epi8(high, u, unit_high);
            hex_digits = (u << 2) | (u << 3) | (u << 4) | (u << 5);
        }
    }
    /* items: the escapes' backslashes, and every byte that is neither a continuation byte nor inside an escape */
    __mmask64 items = starts | (~continuation & ~(starts << 1) & ~hex_digits);
    __mmask64 limit = left >= 64 ? ((__mmask64)1 << 58) - 1 : live;
    __mmask64 taken = items & limit & ((stop ^ (stop - 1)) >> 1);
    if (taken == 0) {
        return 0;
    }
    /* the items taken end where the next item starts (the zeros past p + left are items too) */
    unsigned last = 63u - (unsigned)__builtin_clzll(taken);
    __mmask64 after = items & ~((((__mmask64)2) << last) - 1);
    out->low = _mm512_maskz_compress_epi8(taken, low);
    out->high = _mm512_maskz_compress_epi8(taken, high);
    out->count = (size_t)__builtin_popcountll(taken);
    out->wide = (_mm512_test_epi8_mask(high, high) & taken) != 0;
    return after != 0 ? (size_t)__builtin_ctzll(after) : 64;
}

/* A step's units as Latin-1 bytes at o (none above U+00FF: units->wide is 0); writes count bytes. */
static inline void hyson_k_store_latin1(uint8_t *o, const hyson_units64 *units) {
    _mm512_mask_storeu_epi8((void *)o, ((__mmask64)1 << units->count) - 1, units->low);
}

/* A step's units as UTF-16 at o; writes count units. */
static inline void hyson_k_store_utf16(uint16_t *o, const hyson_units64 *units) {
    size_t n = units->count;
    __m512i first = _mm512_or_si512(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(units->low)),
                                    _mm512_slli_epi16(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(units->high)), 8));
    _mm512_mask_storeu_epi16((void *)o, n >= 32 ? ~(__mmask32)0 : (((__mmask32)1 << n) - 1), first);
    if (n > 32) {
        __m512i second = _mm512_or_si512(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(units->low, 1)),
                                         _mm512_slli_epi16(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(units->high, 1)), 8));
        _mm512_mask_storeu_epi16((void *)(o + 32), ((__mmask32)1 << (n - 32)) - 1, second);
    }
}

#endif
