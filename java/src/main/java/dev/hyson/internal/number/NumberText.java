package dev.hyson.internal.number;

import dev.hyson.internal.text.Swar;
import java.nio.charset.StandardCharsets;

/**
 * Walks the text of a number along the grammar of RFC 8259 section 6:
 * {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. This is the walk for everything outside
 * the scanners' hot loops (which convert as they walk): error messages, the BigDecimal scale check,
 * the writer's check of a number's own text, tests.
 */
public final class NumberText {
    private NumberText() {
    }

    /**
     * Walks the number that starts at {@code b[i]}.
     *
     * @param b the bytes
     * @param i the index of the number's first byte ('-' or a digit)
     * @param end the end of the readable bytes
     * @return the index after the number; or, when the grammar fails, the complement ({@code ~j},
     *     negative) of the index {@code j} of the first byte that breaks it
     */
    public static int end(byte[] b, int i, int end) {
        if (i < end && b[i] == '-') {
            i++;
        }
        if (i >= end) {
            return ~i;
        }
        if (b[i] == '0') {
            i++;
        } else if (b[i] >= '1' && b[i] <= '9') {
            i = digits(b, i + 1, end);
        } else {
            return ~i;
        }
        if (i < end && b[i] == '.') {
            int first = i + 1;
            i = digits(b, first, end);
            if (i == first) {
                return ~i;
            }
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            int first = i;
            i = digits(b, first, end);
            if (i == first) {
                return ~i;
            }
        }
        return i;
    }

    /**
     * Whether {@code b[from, to)} is exactly one number.
     *
     * @param b the bytes
     * @param from the first byte
     * @param to the end of the text
     * @return true when the grammar reads the whole text as a number
     */
    public static boolean isNumber(byte[] b, int from, int to) {
        return from < to && end(b, from, to) == to;
    }

    /**
     * Whether {@code s} is exactly one number (no sign but '-', no spaces, ASCII digits only).
     *
     * @param s the text
     * @return true when the grammar reads the whole text as a number
     */
    public static boolean isNumber(String s) {
        for (int k = 0; k < s.length(); k++) {
            if (s.charAt(k) >= 0x80) {
                return false;
            }
        }
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        return isNumber(b, 0, b.length);
    }

    /**
     * Whether the scale of the number {@code b[off, off + len)} (one the grammar accepts), its
     * fraction digits minus its exponent, fits an int, as {@link java.math.BigDecimal} needs.
     *
     * @param b the bytes
     * @param off the number's first byte
     * @param len the number's length
     * @return true when the scale is within {@code [-Integer.MAX_VALUE, Integer.MAX_VALUE]}
     */
    public static boolean scaleFits(byte[] b, int off, int len) {
        long scale = scale(b, off, len);
        return scale >= -Integer.MAX_VALUE && scale <= Integer.MAX_VALUE;
    }

    /**
     * The exact {@link java.math.BigDecimal} of the number {@code b[off, off + len)} (one the grammar
     * accepts): what {@code new BigDecimal(text)} gives, decided here rather than by the JDK, whose limit
     * moved between releases (17 rejects {@code 1e2147483648}, 25 does not). A zero is zero whatever its
     * exponent ({@code 0e99999999999}), with its scale brought into the int range.
     *
     * @param b the bytes
     * @param off the number's first byte
     * @param len the number's length
     * @return the value, or null when it is not zero and its scale does not fit an int
     */
    public static java.math.BigDecimal bigDecimal(byte[] b, int off, int len) {
        java.math.BigDecimal fast = decimal(b, off, len);
        if (fast != null) {
            return fast;
        }
        long scale = scale(b, off, len);
        if (scale >= -Integer.MAX_VALUE && scale <= Integer.MAX_VALUE) {
            return new java.math.BigDecimal(new String(b, off, len, StandardCharsets.ISO_8859_1));
        }
        for (int i = off, end = off + len; i < end && b[i] != 'e' && b[i] != 'E'; i++) {
            if (b[i] >= '1' && b[i] <= '9') {
                return null;
            }
        }
        return java.math.BigDecimal.valueOf(0, scale < 0 ? -Integer.MAX_VALUE : Integer.MAX_VALUE);
    }

    /** The scale of the number (fraction digits minus exponent), saturated past about 2^40 either way. */
    private static long scale(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        if (b[i] == '-') {
            i++;
        }
        i = digits(b, i, end);
        long fractionDigits = 0;
        if (i < end && b[i] == '.') {
            int first = i + 1;
            i = digits(b, first, end);
            fractionDigits = i - first;
        }
        long exponent = 0;
        if (i < end) { // 'e' or 'E'
            i++;
            boolean negative = b[i] == '-';
            if (b[i] == '+' || b[i] == '-') {
                i++;
            }
            for (; i < end; i++) {
                exponent = exponent * 10 + (b[i] - '0');
                if (exponent > (1L << 40)) {
                    break; // far beyond any int scale
                }
            }
            if (negative) {
                exponent = -exponent;
            }
        }
        return fractionDigits - exponent;
    }

    private static int digits(byte[] b, int i, int end) {
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i;
    }

    /**
     * The {@code BigDecimal} of a JSON number without exponent whose digits (at most 18) fit a long:
     * {@code BigDecimal.valueOf(unscaled, scale)}, exactly what {@code new BigDecimal(text)} gives
     * (equal unscaled value and scale), without a {@code String} or the JDK's general parse.
     *
     * @param b the text
     * @param p the number's first byte
     * @param len its length
     * @return the value, or null for any other text (the caller takes the general path)
     */
    public static java.math.BigDecimal decimal(byte[] b, int p, int len) {
        int end = p + len;
        int q = p;
        boolean negative = q < end && b[q] == '-';
        if (negative) {
            q++;
        }
        long unscaled = 0;
        int digits = 0;
        int scale = -1;
        for (; q < end; q++) {
            if (end - q >= 8) {
                // eight digits at once (canada.json's 15-digit fractions: two steps, not sixteen)
                long v = (long) Swar.LONG_LE.get(b, q);
                if (Swar.isEightDigits(v)) {
                    digits += 8;
                    if (digits > 18) {
                        return null;
                    }
                    unscaled = unscaled * 100_000_000L + Swar.parseEightDigits(v);
                    if (scale >= 0) {
                        scale += 8;
                    }
                    q += 7;
                    continue;
                }
            }
            int c = b[q];
            if (c >= '0' && c <= '9') {
                unscaled = unscaled * 10 + (c - '0');
                if (++digits > 18) {
                    return null;
                }
                if (scale >= 0) {
                    scale++;
                }
            } else if (c == '.' && scale < 0) {
                scale = 0;
            } else {
                return null;
            }
        }
        if (digits == 0) {
            return null;
        }
        return java.math.BigDecimal.valueOf(negative ? -unscaled : unscaled, Math.max(scale, 0));
    }
}
