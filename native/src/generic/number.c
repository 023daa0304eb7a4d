/*
 * Correctly rounded decimal to binary64 conversion (IEEE 754, round-half-to-even): the C twin of
 * java/src/main/java/dev/hyson/internal/number/DoubleParser.java, which it matches bit for bit.
 *
 * Layers, fastest first:
 *  1. Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately",
 *     PLDI 1990): w <= 2^53 and |q| <= 22 make w and 10^|q| exact doubles, so one IEEE
 *     multiplication or division is correctly rounded.
 *  2. Eisel-Lemire (D. Lemire, "Number parsing at a gigabyte per second", Software: Practice and
 *     Experience 51(8), 2021): the normalized w times a 128-bit truncated 5^q (pow5_table.h, built
 *     like fast_float's table by tools/gen_pow5_table.py); N. Mushtak and D. Lemire, "Fast number
 *     parsing without fallback" (Software: Practice and Experience 53(6), 2023) prove that for every
 *     w < 2^64 the 128-bit product decides the rounding, so no fallback is needed for <= 19 digits.
 *  3. More than 19 significant digits (hyson_parse_double only): the first 19 digits w bracket the
 *     value, w*10^q < v < (w+1)*10^q; if both ends round alike that is the answer (Lemire 2021,
 *     section 11), else an exact slow path: glibc's strtod_l (correctly rounded) in the "C" locale
 *     on a normalized copy "d.ddd...e<q+18>" of the significant digits, as the Java code does with
 *     Double.parseDouble.
 *
 * The fast paths neither allocate nor touch the locale. Requires a compiler with unsigned __int128
 * (gcc/clang on x86-64 and aarch64) and strict IEEE binary64 arithmetic (no x87, no -ffast-math).
 */
#define _GNU_SOURCE

#include "hyson/hyson.h"

#include <errno.h>
#include <float.h>
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pow5_table.h"
#include "scan_support.h"

#if !defined(__SIZEOF_INT128__)
#error "number.c needs unsigned __int128 (gcc or clang on a 64-bit target)"
#endif
#if defined(__FAST_MATH__)
#error "number.c needs strict IEEE arithmetic: do not compile it with -ffast-math"
#endif
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "number.c needs double arithmetic evaluated in double precision (FLT_EVAL_METHOD == 0)"
#endif

__extension__ typedef unsigned __int128 hyson_u128;

#define HYSON_SIGN_BIT UINT64_C(0x8000000000000000)
#define HYSON_INFINITY_BITS UINT64_C(0x7FF0000000000000)
#define HYSON_TWO_POW_53 (UINT64_C(1) << 53)
#define HYSON_TEN_POW_18 UINT64_C(1000000000000000000)
#define HYSON_TEN_POW_19 UINT64_C(10000000000000000000)
/* Exponent digits stop accumulating beyond this (as in Java); such exponents are absurd anyway. */
#define HYSON_EXP_SATURATION (INT64_C(1) << 40)
/* q is clamped to this before conversion (as in Java): far outside the table either way. */
#define HYSON_Q_CLAMP INT64_C(1000000)
/* Slow path: normalized text up to this size is built on the stack. */
#define HYSON_SLOW_STACK_BYTES 800
/*
 * Significant digits kept when the slow path must truncate (only when malloc fails). A midpoint
 * between two adjacent doubles (and the thresholds to zero and to infinity) has at most 767
 * significant digits, so truncating to k >= 767 digits and appending a sticky '1' when a nonzero
 * digit was dropped moves the value strictly within an interval that holds no midpoint: the
 * rounding is unchanged (the argument behind fast_float's 768-digit decimal).
 */
#define HYSON_SLOW_MAX_DIGITS 768

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
static uint64_t hyson_eisel_lemire(uint64_t w, int32_t q) {
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

double hyson_to_double(uint64_t significand, int32_t exponent10, int negative) {
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

/* The eight-digit SWAR helpers are the scanner's (scan_support.h). */

/*
 * Appends digits at b[i..] to w while fewer than 19 are kept: eight at a time, then one at a time.
 * Returns the index of the first digit not taken (a non-digit, the end, or a digit past the 19th).
 */
static size_t hyson_keep_digits(const uint8_t *b, size_t i, size_t len, uint64_t *w, int *kept) {
    while (*kept <= 11 && len - i >= 8) {
        uint64_t chunk = hyson_load8(b + i);
        if (!hyson_is_8_digits(chunk)) {
            break;
        }
        *w = *w * 100000000 + hyson_parse_8_digits(chunk);
        *kept += 8;
        i += 8;
    }
    while (i < len && *kept < 19) {
        unsigned d = (unsigned)b[i] - '0';
        if (d > 9) {
            break;
        }
        *w = *w * 10 + d;
        (*kept)++;
        i++;
    }
    return i;
}

#define HYSON_EIGHT_ZEROS UINT64_C(0x3030303030303030)

/* ---- Slow path ---- */

static pthread_once_t hyson_c_locale_once = PTHREAD_ONCE_INIT;
static locale_t hyson_c_locale = (locale_t)0;

static void hyson_c_locale_init(void) {
    hyson_c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/* Writes v in decimal at out; returns the number of characters (at most 20). */
static size_t hyson_write_int64(char *out, int64_t v) {
    char tmp[24];
    size_t n = 0, k = 0;
    /* Work on the non-positive value so that INT64_MIN is never negated. */
    int64_t x = v < 0 ? v : -v;
    do {
        tmp[n++] = (char)('0' - (int)(x % 10));
        x /= 10;
    } while (x != 0);
    if (v < 0) {
        out[k++] = '-';
    }
    while (n > 0) {
        out[k++] = tmp[--n];
    }
    return k;
}

/*
 * Writes the significant digits of b[0, len) (a validated JSON number) as a NUL-terminated
 * "[-]d.ddd...e<q+18>" (with_dot) or "[-]dddd...e<q+18-(n-1)>" (no decimal point, for a strtod
 * whose locale is unknown), keeping at most max_digits digits and then a sticky '1' when a
 * dropped digit is nonzero. w held the first 19 of them, so the first digit weighs 10^(q+18).
 * out must hold min(digits, max_digits + 1) + 25 bytes. Returns the length.
 */
static size_t hyson_write_normalized(const uint8_t *b, size_t len, int negative, int32_t q,
                                     int with_dot, size_t max_digits, char *out) {
    size_t n = 0, digits = 0;
    int dropped_nonzero = 0;
    if (negative) {
        out[n++] = '-';
    }
    for (size_t i = 0; i < len; i++) {
        uint8_t c = b[i];
        if (c == 'e' || c == 'E') {
            break;
        }
        if (c < '0' || c > '9') {
            continue; /* '-' or '.' */
        }
        if (digits == 0 && c == '0') {
            continue; /* leading zeros are not significant */
        }
        if (digits == max_digits) {
            dropped_nonzero |= c != '0';
            continue;
        }
        out[n++] = (char)c;
        if (++digits == 1 && with_dot) {
            out[n++] = '.';
        }
    }
    if (dropped_nonzero) {
        out[n++] = '1';
        digits++;
    }
    out[n++] = 'e';
    int64_t exponent = (int64_t)q + 18;
    if (!with_dot) {
        exponent -= (int64_t)(digits - 1); /* digits <= len < 2^63 */
    }
    n += hyson_write_int64(out + n, exponent);
    out[n] = '\0';
    return n;
}

/*
 * Exact fallback for > 19 significant digits near a rounding boundary. The text goes on the stack
 * when it fits, else into a malloc'd copy; if malloc fails, the digits are truncated to
 * HYSON_SLOW_MAX_DIGITS plus a sticky digit, which provably keeps the rounding (see above), so the
 * result is exact either way. If the "C" locale cannot be created, plain strtod is used on a copy
 * without a decimal point, which no locale can misread.
 */
static double hyson_slow_path(const uint8_t *b, size_t len, int negative, int32_t q) {
    char stack[HYSON_SLOW_STACK_BYTES];
    char *buf = stack;
    size_t max_digits = (size_t)-1;
    /* Room: the digits (<= len) plus sign, '.', 'e', a 20-character exponent and the NUL. */
    if (len > sizeof stack - 32) {
        buf = NULL;
#ifndef HYSON_NUMBER_TEST_NO_MALLOC /* tests define it to exercise the truncating fallback */
        if (len <= SIZE_MAX - 32) {
            buf = malloc(len + 32);
        }
#endif
        if (buf == NULL) {
            buf = stack;
            max_digits = HYSON_SLOW_MAX_DIGITS; /* 768 + sticky + 28 <= 800 */
        }
    }
    pthread_once(&hyson_c_locale_once, hyson_c_locale_init);
    locale_t loc = hyson_c_locale;
    hyson_write_normalized(b, len, negative, q, loc != (locale_t)0, max_digits, buf);
    int saved_errno = errno; /* strtod reports ERANGE on overflow and underflow; keep errno as is */
    double d = loc != (locale_t)0 ? strtod_l(buf, NULL, loc) : strtod(buf, NULL);
    errno = saved_errno;
    if (buf != stack) {
        free(buf);
    }
    return d;
}

/* ---- Parsing ---- */

double hyson_parse_double(const uint8_t *b, size_t len) {
    size_t i = 0;
    int negative = 0;
    if (i < len && b[i] == '-') {
        negative = 1;
        i++;
    }
    uint64_t w = 0;      /* first 19 significant digits */
    int kept = 0;        /* significant digits in w (0..19) */
    int64_t dec_exp = 0; /* exponent adjustment from digit positions; |dec_exp| <= len */
    int truncated = 0;   /* a nonzero significant digit beyond the 19th was seen */

    /*
     * Integer part: "0" or [1-9][0-9]*. Leading zeros are not significant and do not move the
     * exponent. After them each digit is significant: eight at a time (SWAR) while they fit in
     * the 19 kept, then one at a time; beyond the 19th they only scale the exponent.
     */
    while (i < len && b[i] == '0') {
        i++;
    }
    i = hyson_keep_digits(b, i, len, &w, &kept);
    if (kept == 19) {
        while (len - i >= 8) {
            uint64_t chunk = hyson_load8(b + i);
            if (!hyson_is_8_digits(chunk)) {
                break;
            }
            dec_exp += 8;
            truncated |= chunk != HYSON_EIGHT_ZEROS;
            i += 8;
        }
        while (i < len) {
            unsigned d = (unsigned)b[i] - '0';
            if (d > 9) {
                break;
            }
            dec_exp++;
            truncated |= d != 0;
            i++;
        }
    }
    /*
     * Fraction. Before the first significant digit, zeros shift the exponent but are not kept;
     * every fraction digit that enters w shifts it by one; digits beyond the 19th do neither.
     */
    if (i < len && b[i] == '.') {
        i++;
        if (w == 0) {
            while (len - i >= 8 && hyson_load8(b + i) == HYSON_EIGHT_ZEROS) {
                dec_exp -= 8;
                i += 8;
            }
            while (i < len && b[i] == '0') {
                dec_exp--;
                i++;
            }
        }
        size_t first = i;
        i = hyson_keep_digits(b, i, len, &w, &kept);
        dec_exp -= (int64_t)(i - first); /* <= 19 */
        if (kept == 19) {
            while (len - i >= 8) {
                uint64_t chunk = hyson_load8(b + i);
                if (!hyson_is_8_digits(chunk)) {
                    break;
                }
                truncated |= chunk != HYSON_EIGHT_ZEROS;
                i += 8;
            }
            while (i < len) {
                unsigned d = (unsigned)b[i] - '0';
                if (d > 9) {
                    break;
                }
                truncated |= d != 0;
                i++;
            }
        }
    }
    if (w == 0) {
        return negative ? -0.0 : 0.0; /* "0", "0.000", "0e+9223372036854775807" */
    }
    /* Exponent, accumulated with saturation so absurd exponents stay absurd (and never overflow). */
    int64_t exp = 0;
    if (i < len && (b[i] == 'e' || b[i] == 'E')) {
        i++;
        int exp_negative = 0;
        if (i < len && b[i] == '-') {
            exp_negative = 1;
            i++;
        } else if (i < len && b[i] == '+') {
            i++;
        }
        while (i < len) {
            unsigned d = (unsigned)b[i] - '0';
            if (d > 9) {
                break;
            }
            if (exp < HYSON_EXP_SATURATION) {
                exp = exp * 10 + (int64_t)d;
            }
            i++;
        }
        if (exp_negative) {
            exp = -exp; /* exp < 2^44: no overflow */
        }
    }
    /* |dec_exp| <= len <= PTRDIFF_MAX (no object is larger), |exp| < 2^44: no overflow. */
    int64_t total = exp + dec_exp;
    int32_t q = (int32_t)(total < -HYSON_Q_CLAMP ? -HYSON_Q_CLAMP
                                                 : total > HYSON_Q_CLAMP ? HYSON_Q_CLAMP : total);

    if (!truncated) {
        /* At most 19 significant digits (or only zeros dropped): w*10^q is the exact value. */
        return hyson_to_double(w, q, negative);
    }
    /*
     * More than 19 significant digits: w*10^q < v < (w+1)*10^q. Rounding is monotonic, so if both
     * bounds round to the same double, v does too (Lemire 2021, section 11). Otherwise v lies
     * across a midpoint that 19 digits cannot resolve: take the exact slow path. q is outside the
     * table only when both bounds underflow or overflow alike, so the slow path sees a sane q.
     */
    uint64_t low_bits = hyson_eisel_lemire(w, q);
    uint64_t w1 = w + 1;
    uint64_t high_bits = w1 == HYSON_TEN_POW_19 ? hyson_eisel_lemire(HYSON_TEN_POW_18, q + 1)
                                                : hyson_eisel_lemire(w1, q);
    if (low_bits == high_bits) {
        return hyson_bits_to_double(low_bits | (negative ? HYSON_SIGN_BIT : 0));
    }
    return hyson_slow_path(b, len, negative, q);
}
