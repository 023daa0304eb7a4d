/*
 * UTF-8 to UTF-16 for the escaped-string decoder (generic/scan_escaped_impl.h), eight 3-byte sequences
 * (U+0800..U+FFFF: CJK text, most of it) per step. Included by the AVX2 and AVX-512 kernels after their
 * target pragma. The decoder calls it only on UTF-8 that stage 1 has validated, so a lead byte
 * 0xE0..0xEF is known to be followed by two continuation bytes and no sequence decodes to a surrogate.
 */
#ifndef HYSON_UTF16_X86_H
#define HYSON_UTF16_X86_H

#include <immintrin.h>
#include <stdint.h>

/*
 * When the 24 bytes at p are eight 3-byte sequences (leads at 0, 3, ..., 21), writes their eight UTF-16
 * units at out and returns 1; otherwise writes nothing and returns 0. Reads the 28 bytes at p. Each
 * 128-bit lane takes four sequences (the lanes load p and p + 12); a shuffle puts sequence j's bytes
 * b0 b1 b2 in 32-bit lane j as b2 | b1 << 8 | b0 << 16, and masks and shifts gather
 * (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F).
 */
#define HYSON_K_UTF16_THREE 1
static inline int hyson_k_utf16_three8(const uint8_t *p, uint16_t *out) {
    __m256i v = _mm256_loadu2_m128i((const __m128i *)(p + 12), (const __m128i *)p);
    __m256i leads = _mm256_cmpeq_epi8(_mm256_and_si256(v, _mm256_set1_epi8((char)0xF0)), _mm256_set1_epi8((char)0xE0));
    uint32_t lead_bits = (uint32_t)_mm256_movemask_epi8(leads);
    if ((lead_bits & UINT32_C(0x02490249)) != UINT32_C(0x02490249)) {
        return 0;
    }
    const __m256i order = _mm256_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1,
                                           2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1);
    __m256i c = _mm256_and_si256(_mm256_shuffle_epi8(v, order), _mm256_set1_epi32(0x000F3F3F));
    __m256i units = _mm256_or_si256(_mm256_and_si256(c, _mm256_set1_epi32(0x3F)),
                                    _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(c, 2), _mm256_set1_epi32(0xFC0)),
                                                    _mm256_and_si256(_mm256_srli_epi32(c, 4), _mm256_set1_epi32(0xF000))));
    /* 32 to 16 bits within each lane, then the two lanes' low halves side by side */
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(units, units), 0x08);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(packed));
    return 1;
}

#endif
