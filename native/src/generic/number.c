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

#include "eisel_lemire.h"

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

double hyson_to_double(uint64_t significand, int32_t exponent10, int negative) {
    return hyson_decimal_to_double(significand, exponent10, negative);
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
