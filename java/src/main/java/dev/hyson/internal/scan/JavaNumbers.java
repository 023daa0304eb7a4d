package dev.hyson.internal.scan;

import static dev.hyson.internal.scan.ScanFailure.fail;

import dev.hyson.internal.number.DoubleParser;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.Swar;
import java.lang.invoke.VarHandle;

/**
 * Numbers (RFC 8259 section 6) for the Java scanner, converted as they are walked, and the
 * non-standard {@code NaN} and {@code Infinity} the reader may allow.
 */
final class JavaNumbers {
    private static final VarHandle LONG_LE = Swar.LONG_LE;

    /** Exponents are clamped to this magnitude: beyond it every nonzero significand over- or underflows. */
    private static final int EXPONENT_CLAMP = 1_000_000;

    private JavaNumbers() {
    }

    /**
     * Scans a number (RFC 8259 section 6) at {@code s}, converting it as it goes: the first 19
     * significant digits accumulate into an exact {@code long}, and the value becomes an INT64, a
     * correctly rounded DOUBLE ({@link DoubleParser}), or a span of text for BigInteger/BigDecimal.
     */
    static int scanNumber(byte[] src, int s, int end, ReadConfig cfg, Tape tape) {
        int i = s;
        boolean negative = false;
        if (src[i] == '-') {
            negative = true;
            i++;
            if (i < end && src[i] == 'I' && cfg.allowNonFiniteLiterals) {
                return nonFinite(src, s, i, end, true, tape);
            }
        }
        if (i >= end) {
            throw invalidNumber(tape, s, i, cfg);
        }
        long w = 0; // significand, exact while digits <= 19 (as an unsigned value)
        int digits = 0; // significant digits seen (leading zeros excluded)
        long adjust = 0; // decimal exponent correction for dropped or fractional digits
        boolean truncated = false;
        int c = src[i];
        if (c == '0') {
            i++;
            if (i < end && src[i] >= '0' && src[i] <= '9') {
                throw invalidNumber(tape, s, i, cfg); // leading zeros are not allowed
            }
        } else if (c >= '1' && c <= '9') {
            // up to 18 digits one at a time (exact in a long): most integer parts are short, and an
            // integer that ends there (the common number of small documents) is written at once
            long v = c - '0';
            int j = i + 1;
            int stop = Math.min(end, i + 18);
            int d;
            while (j < stop && (d = src[j] - '0') >= 0 && d <= 9) {
                v = v * 10 + d;
                j++;
            }
            int next = j < end ? src[j] : ' ';
            if ((next < '0' || next > '9') && next != '.' && next != 'e' && next != 'E') {
                if (j - s > cfg.maxNumberLength) {
                    throw fail(tape, ScanError.NUMBER_LIMIT, s);
                }
                writeNumber(tape, Tape.INT64, s, negative ? -v : v);
                return j;
            }
            w = v;
            digits = j - i;
            i = j;
            // more than 18 digits: eight per step while they fit the 19 exact ones, then one at a time
            while (digits <= 11 && i + 8 <= end) {
                long eight = (long) LONG_LE.get(src, i);
                if (!Swar.isEightDigits(eight)) {
                    break;
                }
                w = w * 100_000_000L + Swar.parseEightDigits(eight);
                digits += 8;
                i += 8;
            }
            while (i < end && (c = src[i]) >= '0' && c <= '9') {
                if (digits < 19) {
                    w = w * 10 + (c - '0');
                } else {
                    adjust++;
                    truncated = true;
                }
                digits++;
                i++;
            }
        } else {
            throw invalidNumber(tape, s, i, cfg);
        }
        boolean fraction = false;
        long exponent = 0;
        if (i < end && src[i] == '.') {
            fraction = true;
            i++;
            if (i >= end || src[i] < '0' || src[i] > '9') {
                throw invalidNumber(tape, s, i, cfg);
            }
            do {
                if (digits > 0 && digits <= 11 && i + 8 <= end) {
                    long v = (long) LONG_LE.get(src, i);
                    if (Swar.isEightDigits(v)) {
                        w = w * 100_000_000L + Swar.parseEightDigits(v);
                        digits += 8;
                        adjust -= 8;
                        i += 8;
                        continue;
                    }
                }
                c = src[i];
                if (digits == 0 && c == '0') {
                    adjust--; // a leading zero of the fraction is not significant
                } else if (digits < 19) {
                    w = w * 10 + (c - '0');
                    digits++;
                    adjust--;
                } else {
                    truncated = true;
                    digits++;
                }
                i++;
            } while (i < end && src[i] >= '0' && src[i] <= '9');
        }
        if (i < end && (src[i] == 'e' || src[i] == 'E')) {
            fraction = true;
            i++;
            boolean negativeExponent = false;
            if (i < end && (src[i] == '+' || src[i] == '-')) {
                negativeExponent = src[i] == '-';
                i++;
            }
            if (i >= end || src[i] < '0' || src[i] > '9') {
                throw invalidNumber(tape, s, i, cfg);
            }
            do {
                if (exponent < EXPONENT_CLAMP) {
                    exponent = exponent * 10 + (src[i] - '0');
                }
                i++;
            } while (i < end && src[i] >= '0' && src[i] <= '9');
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (i - s > cfg.maxNumberLength) {
            throw fail(tape, ScanError.NUMBER_LIMIT, s);
        }
        if (!fraction) {
            if (digits <= 19 && !truncated) {
                // w is exact as an unsigned 64-bit value (10^19 - 1 < 2^64)
                if (!negative && Long.compareUnsigned(w, Long.MAX_VALUE) <= 0) {
                    writeNumber(tape, Tape.INT64, s, w);
                    return i;
                }
                if (negative && Long.compareUnsigned(w, Long.MIN_VALUE) <= 0) {
                    writeNumber(tape, Tape.INT64, s, -w);
                    return i;
                }
            }
            writeNumber(tape, Tape.BIG_INTEGER, s, i - s);
            return i;
        }
        if (cfg.bigDecimals) {
            writeNumber(tape, Tape.BIG_DECIMAL, s, i - s);
            return i;
        }
        double d;
        if (truncated) {
            d = DoubleParser.parse(src, s, i);
        } else {
            long e10 = exponent + adjust;
            int clamped = (int) Math.max(-EXPONENT_CLAMP, Math.min(EXPONENT_CLAMP, e10));
            d = DoubleParser.toDouble(w, clamped, negative);
        }
        if (Double.isInfinite(d) && !cfg.allowInfinityForOverflow) {
            throw fail(tape, ScanError.NUMBER_OUT_OF_RANGE, s);
        }
        writeNumber(tape, Tape.DOUBLE, s, Double.doubleToRawLongBits(d));
        return i;
    }

    /**
     * A digit expected at {@code i} of the number at {@code s}: a number already longer than
     * maxNumberLength is over the limit whatever follows (the answer a windowed scan gives too).
     */
    static ScanFailure invalidNumber(Tape tape, int s, int i, ReadConfig cfg) {
        return i - s > cfg.maxNumberLength ? fail(tape, ScanError.NUMBER_LIMIT, s) : fail(tape, ScanError.INVALID_NUMBER, i);
    }

    /** Appends a number's entry pair: tag and offset, then the value's bits or (big numbers) the span's length. */
    private static void writeNumber(Tape tape, int tag, int at, long payload) {
        long[] t = tape.ensure(2);
        int k = tape.size;
        t[k] = Tape.entry(tag, at);
        t[k + 1] = payload;
        tape.size = k + 2;
    }

    /** Reads {@code NaN}, {@code Infinity} (at {@code pos}; the number began at {@code begin}). */
    static int nonFinite(byte[] src, int begin, int pos, int end, boolean negative, Tape tape) {
        double v;
        int len;
        if (matches(src, pos, end, "NaN") && !negative) {
            v = Double.NaN;
            len = 3;
        } else if (matches(src, pos, end, "Infinity")) {
            v = negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            len = 8;
        } else {
            throw fail(tape, negative ? ScanError.INVALID_NUMBER : ScanError.EXPECTED_VALUE, pos);
        }
        long[] t = tape.ensure(2);
        t[tape.size] = Tape.entry(Tape.DOUBLE, begin);
        t[tape.size + 1] = Double.doubleToRawLongBits(v);
        tape.size += 2;
        return pos + len;
    }

    private static boolean matches(byte[] src, int pos, int end, String word) {
        if (pos + word.length() > end) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (src[pos + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
