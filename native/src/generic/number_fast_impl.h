/*
 * The number fast path of the scans (scan_impl.h: hyson_scan_number, and the tape walk of
 * tape_walk_impl.h): the common number converted without a branch per digit. Included by scan_impl.h
 * only, after the kernel's digit helpers (digits_x86.h where it has them); compiled once per kernel.
 */

/* Whether hyson_number_fast may run under cfg (tested once per scan by the tape walk): a number limit
   that no number it accepts (21 bytes at most) can reach. */
static inline int hyson_number_fast_allowed(const hyson_config *cfg) {
    return cfg->max_number_length >= 48;
}

/*
 * The common number without a branch per digit: an integer part of 1..15 digits (0, or not starting
 * with 0), optionally a fraction of 1..15 digits, 19 digits at most in all, no exponent, with 48 bytes
 * of input left (the caller checks that, and hyson_number_fast_allowed). Under HYSON_BIG_DECIMALS
 * (big_decimals) a number with a fraction is written as hyson_scan_number writes it there, a
 * BIG_DECIMAL span of its text (which a windowed caller then relocates), and not converted. Where the kernel has them
 * (AVX2, AVX-512), its masks of 32 bytes give both parts' lengths at once and each part is converted
 * with one 16-digit multiply-add reduction; otherwise eight bytes are loaded at a time and their leading
 * digits counted and converted at once (SWAR). Writes the two
 * entries hyson_scan_number would at t and returns the index after the number, or HYSON_FAILED when the number
 * is of another form; nothing is judged, so the general path then reads it from its start.
 */
static inline __attribute__((always_inline)) size_t hyson_number_fast(const uint8_t *src, size_t s, int64_t origin, uint64_t *t,
                                                                      int big_decimals) {
    size_t i = s;
    int negative = src[i] == '-';
    i += (size_t)negative;
#ifdef HYSON_K_NUMBER_MASKS32
    /* the kernel's masks of the 32 bytes from the integer part (47 are left), then its conversion of
       the integer part and the fraction (1..15 digits each), which do not wait on each other */
    hyson_number_masks m = hyson_k_number_masks32(src + i);
    unsigned k = (unsigned)__builtin_ctzll(~m.digit); /* <= 32: the mask has 32 bits */
    if (k == 0 || k >= 16 || (src[i] == '0' && k > 1)) {
        return HYSON_FAILED; /* not a number, a long integer, or a leading zero */
    }
    uint64_t w = hyson_k_digits_value(m.low, k);
    i += k;
    if ((m.dot >> k) & 1) {
        /* the fraction's digits were counted within the 32 bytes: a count of 16 or more is a long
           fraction, or one that runs past them (k + 1 + 16 > 32 with k < 16) */
        unsigned fraction = (unsigned)__builtin_ctzll(~(m.digit >> (k + 1)));
        if (fraction == 0 || fraction >= 16 || k + fraction > 19) {
            return HYSON_FAILED; /* '.' without a digit, a long fraction, or too many digits */
        }
        uint64_t f = hyson_k_digits_value16(src + i + 1, fraction);
#else
    /* the integer part: 1..15 digits in one or two words */
    uint64_t word = hyson_load8(src + i);
    unsigned k = hyson_leading_digits(word);
    if (k == 0 || (src[i] == '0' && k > 1)) {
        return HYSON_FAILED; /* not a number, or a leading zero */
    }
    uint64_t w = hyson_parse_digits(word, k);
    if (k == 8) {
        word = hyson_load8(src + i + 8);
        unsigned more = hyson_leading_digits(word);
        if (more == 8) {
            return HYSON_FAILED; /* a long integer */
        }
        w = w * hyson_pow10_u64[more] + hyson_parse_digits(word, more);
        k += more;
    }
    i += k;
    if (src[i] == '.') {
        /* the fraction: 1..15 digits in one or two words */
        word = hyson_load8(src + i + 1);
        unsigned fraction = hyson_leading_digits(word);
        if (fraction == 0) {
            return HYSON_FAILED; /* '.' without a digit */
        }
        uint64_t f = hyson_parse_digits(word, fraction);
        if (fraction == 8) {
            word = hyson_load8(src + i + 9);
            unsigned more = hyson_leading_digits(word);
            if (more == 8) {
                return HYSON_FAILED; /* a long fraction */
            }
            f = f * hyson_pow10_u64[more] + hyson_parse_digits(word, more);
            fraction += more;
        }
        if (k + fraction > 19) {
            return HYSON_FAILED; /* too many digits */
        }
#endif
        i += 1 + fraction;
        if ((src[i] | 0x20) == 'e') {
            return HYSON_FAILED;
        }
        if (big_decimals) {
            t[0] = hyson_entry(HYSON_TAG_BIG_DECIMAL, (size_t)((int64_t)s + origin));
            t[1] = i - s;
            return i;
        }
        w = w * hyson_pow10_u64[fraction] + f;
        t[0] = hyson_entry(HYSON_TAG_DOUBLE, (size_t)((int64_t)s + origin));
        t[1] = hyson_fraction_to_bits(w, fraction, (uint64_t)negative << 63);
        return i;
    }
    if ((src[i] | 0x20) == 'e') {
        return HYSON_FAILED;
    }
    t[0] = hyson_entry(HYSON_TAG_INT64, (size_t)((int64_t)s + origin));
    t[1] = negative ? (uint64_t)0 - w : w; /* w < 10^16 */
    return i;
}
