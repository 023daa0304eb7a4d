/*
 * Decimal to binary64, correctly rounded, for significands below 2^64: Clinger's fast path, then
 * Eisel-Lemire (Lemire, "Number Parsing at a Gigabyte per Second", Software: Practice and Experience
 * 51(8), 2021; complete for 19 digits per Mushtak & Lemire 2023). Inline, so each kernel's scan converts
 * without a call; number.c builds hyson_to_double and the long-number slow path on it.
 */
#ifndef HYSON_EISEL_LEMIRE_H
#define HYSON_EISEL_LEMIRE_H

#include <stdint.h>
#include <string.h>

#include "pow5_table.h"

__extension__ typedef unsigned __int128 hyson_u128;

#define HYSON_SIGN_BIT UINT64_C(0x8000000000000000)
#define HYSON_INFINITY_BITS UINT64_C(0x7FF0000000000000)
#define HYSON_TWO_POW_53 (UINT64_C(1) << 53)
#define HYSON_TEN_POW_18 UINT64_C(1000000000000000000)
#define HYSON_TEN_POW_19 UINT64_C(10000000000000000000)
/* Exact powers of ten 1e0..1e22 (all exactly representable in binary64). */
static const double hyson_exact_pow10[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static inline double hyson_bits_to_double(uint64_t bits) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/*
 * Eisel-Lemire for a nonzero w < 2^64: the unsigned bit pattern of the double nearest to w*10^q
 * (ties to even). Exact for every such w per Mushtak & Lemire 2023. A line-by-line port of
 * DoubleParser.eiselLemire (itself fast_float's compute_float for binary64).
 */
static inline uint64_t hyson_eisel_lemire(uint64_t w, int32_t q) {
    if (q < HYSON_POW5_MIN_Q) {
        return 0; /* w < 2^64 ~ 1.85e19: w*10^q < 1.85e-324 < 2^-1075 (half the min subnormal) */
    }
    if (q > HYSON_POW5_MAX_Q) {
        return HYSON_INFINITY_BITS; /* w >= 1: w*10^q >= 1e309 > DBL_MAX */
    }
    int lz = __builtin_clzll(w); /* w != 0 */
    w <<= lz;
    size_t idx = (size_t)(q - HYSON_POW5_MIN_Q);
    hyson_u128 product = (hyson_u128)w * hyson_pow5_hi[idx];
    uint64_t hi = (uint64_t)(product >> 64);
    uint64_t lo = (uint64_t)product;
    /*
     * 55 meaningful bits are needed (52 explicit + implicit + rounding + upper bit); if the 9 low
     * bits of hi are all ones, the truncated low half of 5^q could still carry into them, so add
     * the high half of w * lo(5^q).
     */
    if ((hi & 0x1FF) == 0x1FF) {
        uint64_t second = (uint64_t)(((hyson_u128)w * hyson_pow5_lo[idx]) >> 64);
        lo += second;
        if (lo < second) {
            hi++;
        }
    }
    int upper_bit = (int)(hi >> 63);
    /* Keep 54 bits: the 53-bit significand plus one rounding bit. */
    uint64_t mantissa = hi >> (upper_bit + 9);
    /*
     * Binary exponent: floor(q*log2(10)) + 63 via 217706/2^16 ~ log2(10), biased by 1023. The
     * floor of the negative product is taken on a shifted non-negative value so that no right
     * shift of a negative int (implementation-defined) is involved: |217706*q| < 2^27.
     */
    int32_t floor_log2 = ((217706 * q + (INT32_C(2048) << 16)) >> 16) - 2048;
    int32_t power2 = floor_log2 + 63 + upper_bit - lz + 1023;

    if (power2 <= 0) {
        /*
         * Subnormal (or zero): shift down to the fixed exponent, then round half up on the extra
         * bit. Exact ties cannot occur here: a binary64 tie below 2^-1022 needs far more than 19
         * decimal digits.
         */
        int32_t shift = -power2 + 1;
        if (shift >= 64) {
            return 0;
        }
        mantissa >>= shift;
        mantissa += mantissa & 1;
        mantissa >>= 1;
        /* Rounding up may have produced the smallest normal number. */
        uint64_t exponent_field = mantissa < (UINT64_C(1) << 52) ? 0 : 1;
        return (exponent_field << 52) | (mantissa & ((UINT64_C(1) << 52) - 1));
    }

    /*
     * Round-half-even edge case: the product is exact only when 5^q fits in 64 bits after
     * normalization, i.e. q in [-4, 23] (Lemire 2021, section 8). If the product is exact and the
     * discarded bits are exactly one half, round to even instead of up.
     */
    if (lo <= 1 && q >= -4 && q <= 23 && (mantissa & 3) == 1) {
        if ((mantissa << (upper_bit + 9)) == hi) {
            mantissa &= ~UINT64_C(1);
        }
    }
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if (mantissa >= (UINT64_C(2) << 52)) {
        mantissa = UINT64_C(1) << 52;
        power2++;
    }
    mantissa &= ~(UINT64_C(1) << 52);
    if (power2 >= 0x7FF) {
        return HYSON_INFINITY_BITS;
    }
    return ((uint64_t)power2 << 52) | mantissa;
}

static inline double hyson_decimal_to_double(uint64_t significand, int32_t exponent10, int negative) {
    if (significand == 0) {
        return negative ? -0.0 : 0.0;
    }
    /* Clinger's fast path: significand and 10^|e| both exact, one correctly rounded operation. */
    if (significand <= HYSON_TWO_POW_53 && exponent10 >= -22 && exponent10 <= 22) {
        double d = (double)significand;
        d = exponent10 < 0 ? d / hyson_exact_pow10[-exponent10] : d * hyson_exact_pow10[exponent10];
        return negative ? -d : d;
    }
    return hyson_bits_to_double(hyson_eisel_lemire(significand, exponent10) |
                                (negative ? HYSON_SIGN_BIT : 0));
}

/*
 * The bits of the double nearest to significand*10^exponent10 with the sign given, by Eisel-Lemire alone
 * (exact for every significand below 2^64, as above): for the number fast path, where Clinger's test
 * (significand <= 2^53) is decided by the data (on canada.json about half its numbers each way), so
 * the branch mispredicts, and the division it saves costs as much as the multiplication it replaces.
 */
static inline uint64_t hyson_decimal_to_bits(uint64_t significand, int32_t exponent10, int negative) {
    uint64_t sign = negative ? HYSON_SIGN_BIT : 0;
    return significand == 0 ? sign : hyson_eisel_lemire(significand, exponent10) | sign;
}

/*
 * hyson_decimal_to_bits for the number fast path's decimals: w * 10^-fraction with 0 < w < 10^19 and
 * fraction 1..15, so the value lies in [10^-15, 10^19): never subnormal, never infinite. Eisel-Lemire
 * as above with what that range makes impossible left out, fewer instructions per number (this is
 * most of canada.json's time): no exponent range checks, the binary exponent from a table, and the
 * carry of the rounding into the exponent taken by adding the significand (implicit bit included) to
 * the exponent field less one. The two rare cases (the truncated power of five may carry into the kept
 * bits; the product may be exact, a tie to round to even) go to hyson_eisel_lemire.
 */
static inline uint64_t hyson_fraction_to_bits(uint64_t w, unsigned fraction, uint64_t sign) {
    /* floor(log2(10^-f)) + 63 + 1023 - 1 for f = 0..15: the exponent field less one, before the
       product's upper bit and the normalizing shift */
    static const int16_t exponent_base[16] = {1085, 1081, 1078, 1075, 1071, 1068, 1065, 1061,
                                              1058, 1055, 1051, 1048, 1045, 1041, 1038, 1035};
    if (w == 0) {
        return sign;
    }
    int lz = __builtin_clzll(w);
    size_t idx = (size_t)(-(int32_t)fraction - HYSON_POW5_MIN_Q);
    hyson_u128 product = (hyson_u128)(w << lz) * hyson_pow5_hi[idx];
    uint64_t hi = (uint64_t)(product >> 64);
    uint64_t lo = (uint64_t)product;
    if ((hi & 0x1FF) == 0x1FF || lo <= 1) {
        return hyson_eisel_lemire(w, -(int32_t)fraction) | sign;
    }
    int upper_bit = (int)(hi >> 63);
    uint64_t mantissa = hi >> (upper_bit + 9);
    mantissa = (mantissa + (mantissa & 1)) >> 1; /* 2^52 .. 2^53 */
    uint64_t exponent = (uint64_t)(exponent_base[fraction] + upper_bit - lz);
    return ((exponent << 52) + mantissa) | sign;
}

#endif
