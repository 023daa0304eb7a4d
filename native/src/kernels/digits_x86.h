/*
 * For the number fast path (generic/scan_impl.h, hyson_number_fast): the digits and '.' of 32
 * bytes found at once (AVX2), and up to 16 decimal digits converted at once with SSSE3/SSE4.1
 * multiply-adds. Included by the AVX2 and AVX-512 kernels after their target pragma. The conversion is the multiply-add reduction of Muła and Lemire (Lemire, "Number Parsing at a
 * Gigabyte per Second", Software: Practice and Experience 51(8), 2021, section 6, and W. Muła,
 * "SIMD-ized faster parse of decimal integers", 2014): digit pairs, then quads, then eight-digit halves.
 */
#ifndef HYSON_DIGITS_X86_H
#define HYSON_DIGITS_X86_H

#include <immintrin.h>
#include <stdint.h>

/* 16 bytes 0x80 (pshufb writes zero) then 0..15: the 16 bytes from offset c move the first c lanes of
   a register to its last c lanes, zeros before them. */
static const uint8_t hyson_digits_align[32] = {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
};

/* The value of the c digits 0..9 that start d (bytes already less '0'; c = 0..16, below 10^16). */
static inline uint64_t hyson_k_digits_value(__m128i d, unsigned c) {
    /* the c digits to the last c lanes, zeros before: the value is then that of 16 digits */
    __m128i v = _mm_shuffle_epi8(d, _mm_loadu_si128((const __m128i *)(hyson_digits_align + c)));
    __m128i pairs = _mm_maddubs_epi16(v, _mm_setr_epi8(10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1));
    __m128i quads = _mm_madd_epi16(pairs, _mm_setr_epi16(100, 1, 100, 1, 100, 1, 100, 1));
    __m128i packed = _mm_packus_epi32(quads, quads);
    __m128i eights = _mm_madd_epi16(packed, _mm_setr_epi16(10000, 1, 10000, 1, 10000, 1, 10000, 1));
    uint64_t halves = (uint64_t)_mm_cvtsi128_si64(eights);
    return (halves & 0xFFFFFFFFu) * 100000000u + (halves >> 32);
}

/* The value of the c digits '0'..'9' at p (c = 0..16, below 10^16). Reads the 16 bytes at p. */
static inline uint64_t hyson_k_digits_value16(const uint8_t *p, unsigned c) {
    return hyson_k_digits_value(_mm_sub_epi8(_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8('0')), c);
}

/* The classes of the 32 bytes at p that a number's fast path needs, one bit per byte (AVX2). */
typedef struct hyson_number_masks {
    uint64_t digit; /* '0'..'9' */
    uint64_t dot;   /* '.' */
    __m128i low;    /* the first 16 bytes less '0', for hyson_k_digits_value */
} hyson_number_masks;

/*
 * The masks of the 32 bytes at p, found at once, so that the '.' and the fraction's length are known as
 * soon as the integer part's length is: the fraction's conversion does not wait on a second load and
 * compare. Reads the 32 bytes at p.
 */
#define HYSON_K_NUMBER_MASKS32 1
static inline hyson_number_masks hyson_k_number_masks32(const uint8_t *p) {
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    __m256i d = _mm256_sub_epi8(v, _mm256_set1_epi8('0'));
    /* a digit is a byte of 0..9 after the subtraction (every other byte wrapped above 9) */
    __m256i digit = _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(9)), d);
    __m256i dot = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('.'));
    hyson_number_masks m = {(uint32_t)_mm256_movemask_epi8(digit), (uint32_t)_mm256_movemask_epi8(dot), _mm256_castsi256_si128(d)};
    return m;
}

#endif
