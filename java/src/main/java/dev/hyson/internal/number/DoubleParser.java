package dev.hyson.internal.number;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Correctly rounded decimal to binary64 conversion (IEEE 754, round-half-to-even).
 *
 * <p>The conversion is layered, fastest first:
 * <ol>
 *   <li><b>Clinger's fast path</b> (W. D. Clinger, "How to read floating point numbers
 *       accurately", PLDI 1990): when the decimal significand {@code w <= 2^53} and
 *       {@code |q| <= 22}, both {@code w} and {@code 10^|q|} are exact doubles, so a single
 *       IEEE multiplication or division yields the correctly rounded result.</li>
 *   <li><b>Eisel–Lemire</b> (D. Lemire, "Number parsing at a gigabyte per second",
 *       Software: Practice and Experience 51(8), 2021): {@code w} (normalized to 64 bits) is
 *       multiplied by a 128-bit truncated approximation of {@code 5^q}; the high bits of the
 *       product give the binary significand and the power of two is derived from {@code q}
 *       by a fixed-point {@code log2(10)} approximation. N. Mushtak and D. Lemire, "Fast
 *       number parsing without fallback" (Software: Practice and Experience 53(6), 2023)
 *       prove that for {@code w < 2^64} with the table used here (same construction as
 *       fast_float's) the 128-bit product always determines the correct rounding, so no
 *       fallback is needed when the input has at most 19 significant digits.</li>
 *   <li>For inputs with more than 19 significant digits ({@link #parse} only), the first 19
 *       digits {@code w} bracket the value: {@code w·10^q <= value < (w+1)·10^q}. If both ends
 *       round to the same double, that double is the answer (Lemire 2021, section 11);
 *       otherwise an exact slow path is taken ({@link Double#parseDouble} on a normalized
 *       copy of the digits; JDK 17's {@code FloatingDecimal} is correctly rounded).</li>
 * </ol>
 * The power-of-five table (651 entries, q in [-342, 308], two {@code long[]}) is computed once
 * in the static initializer with {@link BigInteger}.
 *
 * <p>Thread-safe, stateless, no allocation except on the slow path.
 */
public final class DoubleParser {

    /** Smallest decimal exponent with a table entry; below it every {@code w < 2^64} rounds to zero. */
    static final int MIN_POW10 = -342;
    /** Largest decimal exponent with a table entry; above it every w >= 1 overflows. */
    static final int MAX_POW10 = 308;

    /** Exact powers of ten 1e0..1e22 (all exactly representable in binary64). */
    private static final double[] EXACT_POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    };

    /**
     * High and low 64-bit halves of the 128-bit approximation of 5^q, normalized so bit 127
     * is set, for q = MIN_POW10 + index. For q >= 0 the value is 5^q truncated to its top
     * 128 bits; for {@code q < 0} it is {@code floor(2^b / 5^-q) + 1} (then truncated to 128 bits), following
     * the construction in Lemire 2021 / fast_float, which the Mushtak–Lemire proof covers.
     */
    private static final long[] POW5_HI = new long[MAX_POW10 - MIN_POW10 + 1];
    private static final long[] POW5_LO = new long[MAX_POW10 - MIN_POW10 + 1];

    /** 2^53: the largest integer bound for Clinger's fast path. */
    private static final long TWO_POW_53 = 1L << 53;
    private static final long TEN_POW_18 = 1_000_000_000_000_000_000L;
    /** 10^19 as an unsigned 64-bit value (exceeds Long.MAX_VALUE). */
    private static final long TEN_POW_19 = Long.parseUnsignedLong("10000000000000000000");
    /** Exponent digits stop accumulating beyond this; any such exponent is out of range anyway. */
    private static final long EXP_SATURATION = 1L << 40;

    private static final long SIGN_BIT = 0x8000_0000_0000_0000L;
    private static final long INFINITY_BITS = 0x7FF0_0000_0000_0000L;

    static {
        BigInteger mask128 = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
        BigInteger five = BigInteger.valueOf(5);
        for (int q = MIN_POW10; q <= MAX_POW10; q++) {
            BigInteger v;
            if (q >= 0) {
                BigInteger p = five.pow(q);
                int shift = 128 - p.bitLength();
                v = shift >= 0 ? p.shiftLeft(shift) : p.shiftRight(-shift);
            } else {
                BigInteger p = five.pow(-q);
                int z = p.bitLength(); // 2^(z-1) < 5^-q < 2^z (5^k is never a power of two)
                int b = q >= -27 ? z + 127 : 2 * z + 128;
                v = BigInteger.ONE.shiftLeft(b).divide(p).add(BigInteger.ONE);
                int excess = v.bitLength() - 128;
                if (excess > 0) {
                    v = v.shiftRight(excess);
                }
            }
            if (v.bitLength() != 128) {
                throw new AssertionError("power-of-five table entry not normalized: q=" + q);
            }
            int i = q - MIN_POW10;
            POW5_HI[i] = v.shiftRight(64).longValue();
            POW5_LO[i] = v.and(mask128).longValue();
        }
    }

    private DoubleParser() {
    }

    /**
     * Converts {@code significand × 10^exponent10} to the nearest double (ties to even).
     *
     * @param significand the exact decimal significand, {@code 0 <= significand < 10^19}, i.e.
     *     at most 19 decimal digits with none dropped. It is read as an <em>unsigned</em> 64-bit
     *     integer, so 19-digit values above {@link Long#MAX_VALUE} may be passed in their
     *     two's-complement form (e.g. from {@link Long#parseUnsignedLong}).
     * @param exponent10 the power of ten, any {@code int} (callers usually clamp absurd exponents
     *     to about ±1,000,000)
     * @param negative whether the result is negated (also yields -0.0 for a zero significand)
     * @return the correctly rounded binary64 value; ±0.0 on underflow, ±Infinity on overflow
     * @see <a href="https://doi.org/10.1145/93542.93557">Clinger 1990</a>,
     *     <a href="https://doi.org/10.1002/spe.2984">Lemire 2021</a>,
     *     <a href="https://doi.org/10.1002/spe.3198">Mushtak &amp; Lemire 2023</a>
     */
    public static double toDouble(long significand, int exponent10, boolean negative) {
        if (significand == 0) {
            return negative ? -0.0 : 0.0;
        }
        // Clinger's fast path: significand and 10^|e| both exact, one correctly rounded op.
        if (significand > 0 && significand <= TWO_POW_53 && exponent10 >= -22 && exponent10 <= 22) {
            double d = (double) significand;
            d = exponent10 < 0 ? d / EXACT_POW10[-exponent10] : d * EXACT_POW10[exponent10];
            return negative ? -d : d;
        }
        return Double.longBitsToDouble(eiselLemire(significand, exponent10) | (negative ? SIGN_BIT : 0L));
    }

    /**
     * Eisel–Lemire for a nonzero unsigned 64-bit {@code w}: returns the unsigned bit pattern of
     * the double nearest to {@code w × 10^q} (ties to even). Exact for every {@code w < 2^64} per
     * Mushtak &amp; Lemire 2023.
     */
    private static long eiselLemire(long w, int q) {
        if (q < MIN_POW10) {
            return 0L; // w < 2^64 ≈ 1.84e19, so w·10^q < 1.85e-324 < 2^-1075 ≈ 2.47e-324 (half the min subnormal)
        }
        if (q > MAX_POW10) {
            return INFINITY_BITS; // w >= 1, so w·10^q >= 1e309 > Double.MAX_VALUE
        }
        int lz = Long.numberOfLeadingZeros(w);
        w <<= lz;
        int idx = q - MIN_POW10;
        long tHi = POW5_HI[idx];
        // First 64x64 -> 128 product with the high half of 5^q.
        long hi = unsignedMultiplyHigh(w, tHi);
        long lo = w * tHi;
        // We need 55 meaningful bits (52 explicit + implicit + rounding + "upperbit"); if the
        // 9 low bits of hi are all ones, the truncated low half of 5^q could still carry into
        // them, so add the high half of w × lo(5^q).
        if ((hi & 0x1FFL) == 0x1FFL) {
            long second = unsignedMultiplyHigh(w, POW5_LO[idx]);
            lo += second;
            if (Long.compareUnsigned(lo, second) < 0) {
                hi++;
            }
        }
        int upperBit = (int) (hi >>> 63);
        // Keep 54 bits: the 53-bit significand plus one rounding bit.
        long mantissa = hi >>> (upperBit + 9);
        // Binary exponent: floor(q·log2(10)) + 63 via 217706/2^16 ≈ log2(10), biased by 1023.
        int power2 = ((217706 * q) >> 16) + 63 + upperBit - lz + 1023;

        if (power2 <= 0) {
            // Subnormal (or zero): shift down to the fixed exponent, then round half up on the
            // extra bit. Exact ties cannot occur here: a binary64 tie below 2^-1022 needs far
            // more than 19 decimal digits.
            int shift = -power2 + 1;
            if (shift >= 64) {
                return 0L;
            }
            mantissa >>>= shift;
            mantissa += mantissa & 1;
            mantissa >>>= 1;
            // Rounding up may have produced the smallest normal number.
            long exponentField = mantissa < (1L << 52) ? 0 : 1;
            return (exponentField << 52) | (mantissa & ((1L << 52) - 1));
        }

        // Round-half-even edge case: the product is exact only when 5^q fits in 64 bits after
        // normalization, i.e. q in [-4, 23] (Lemire 2021, section 8). If the product is exact and
        // the discarded bits are exactly one half, round to even instead of up.
        if ((lo == 0 || lo == 1) && q >= -4 && q <= 23 && (mantissa & 3) == 1) {
            if ((mantissa << (upperBit + 9)) == hi) {
                mantissa &= ~1L;
            }
        }
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >= (2L << 52)) {
            mantissa = 1L << 52;
            power2++;
        }
        mantissa &= ~(1L << 52);
        if (power2 >= 0x7FF) {
            return INFINITY_BITS;
        }
        return ((long) power2 << 52) | mantissa;
    }

    /** Unsigned high 64 bits of a 64x64 product (Math.unsignedMultiplyHigh is Java 18+). */
    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    /**
     * Parses the JSON number text {@code b[start, end)} to the nearest double (ties to even).
     *
     * <p>The caller must have validated the text against the RFC 8259 grammar
     * {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}; any number of digits and any
     * number of exponent digits are accepted. The first 19 significant digits (leading zeros,
     * including those of the fraction, are not significant) are accumulated into a 64-bit
     * significand; the exponent is accumulated with saturation. No allocation occurs unless
     * the input has more than 19 significant digits and lies so close to a rounding boundary
     * that 19 digits cannot decide (then {@link Double#parseDouble} resolves it exactly).
     * Sources: Clinger 1990; Lemire 2021; Mushtak &amp; Lemire 2023 (see {@link #toDouble}).
     *
     * @param b the input bytes (ASCII)
     * @param start index of the first byte (the optional '-' or the first digit)
     * @param end index one past the last byte
     * @return the correctly rounded value; ±Infinity beyond the double range, ±0.0 on underflow
     *     (the sign of zero follows the text, so {@code -0.0} and {@code -1e-400} give -0.0)
     */
    public static double parse(byte[] b, int start, int end) {
        int i = start;
        boolean negative = false;
        if (b[i] == '-') {
            negative = true;
            i++;
        }
        long w = 0;          // first 19 significant digits, unsigned
        int kept = 0;        // significant digits in w (0..19)
        long decExp = 0;     // exponent adjustment from digit positions
        boolean truncated = false; // a nonzero significant digit beyond the 19th was seen
        // Integer part: "0" or [1-9][0-9]*.
        while (i < end) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            if (kept < 19) {
                if (w != 0 || d != 0) {
                    w = w * 10 + d;
                    kept++;
                }
            } else {
                decExp++;
                truncated |= d != 0;
            }
            i++;
        }
        // Fraction.
        if (i < end && b[i] == '.') {
            i++;
            while (i < end) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    break;
                }
                if (kept < 19) {
                    if (w != 0 || d != 0) {
                        w = w * 10 + d;
                        kept++;
                    }
                    decExp--; // leading fraction zeros shift the exponent but are not significant
                } else {
                    truncated |= d != 0;
                }
                i++;
            }
        }
        if (w == 0) {
            return negative ? -0.0 : 0.0; // "0", "0.000", "0e+9223372036854775807"
        }
        // Exponent, accumulated with saturation so absurd exponents stay absurd.
        long exp = 0;
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean expNegative = false;
            if (b[i] == '-') {
                expNegative = true;
                i++;
            } else if (b[i] == '+') {
                i++;
            }
            while (i < end) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    break;
                }
                if (exp < EXP_SATURATION) {
                    exp = exp * 10 + d;
                }
                i++;
            }
            if (expNegative) {
                exp = -exp;
            }
        }
        // |decExp| < 2^31 (array length), |exp| <= ~2^44: the sum cannot overflow a long.
        long total = exp + decExp;
        int q = (int) Math.max(-1_000_000L, Math.min(1_000_000L, total));

        if (!truncated) {
            // At most 19 significant digits (or only zeros dropped): w·10^q is the exact value.
            return toDouble(w, q, negative);
        }
        // More than 19 significant digits. The exact value v satisfies w·10^q < v < (w+1)·10^q
        // (strictly: a nonzero digit was dropped). Rounding is monotonic, so if both bounds
        // round to the same double, v does too (Lemire 2021, section 11). Otherwise v lies
        // across a rounding boundary (a midpoint between two doubles) that 19 digits cannot
        // resolve, and we take the exact slow path. q is outside the table only when both
        // bounds underflow or overflow identically, so the slow path always sees a sane q.
        long lowBits = eiselLemire(w, q);
        long w1 = w + 1;
        long highBits = w1 == TEN_POW_19 ? eiselLemire(TEN_POW_18, q + 1) : eiselLemire(w1, q);
        if (lowBits == highBits) {
            return Double.longBitsToDouble(lowBits | (negative ? SIGN_BIT : 0L));
        }
        return slowPath(b, start, end, negative, q);
    }

    /**
     * Exact fallback: rewrites the significant digits as {@code d.ddd…e<q+18>} (w has exactly 19
     * digits here, so its first digit has weight 10^(q+18)) and lets {@link Double#parseDouble}
     * round it. Normalizing first keeps the JDK away from huge leading-zero runs combined with
     * huge exponents, which its exponent clamping does not model exactly.
     */
    private static double slowPath(byte[] b, int start, int end, boolean negative, int q) {
        byte[] out = new byte[end - start + 16];
        int n = 0;
        if (negative) {
            out[n++] = '-';
        }
        boolean started = false;
        int digits = 0;
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (c == 'e' || c == 'E') {
                break;
            }
            if (c < '0' || c > '9') {
                continue; // '-' or '.'
            }
            if (!started) {
                if (c == '0') {
                    continue;
                }
                started = true;
            }
            out[n++] = c;
            if (++digits == 1) {
                out[n++] = '.';
            }
        }
        out[n++] = 'e';
        byte[] e = Integer.toString(q + 18).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(e, 0, out, n, e.length);
        n += e.length;
        return Double.parseDouble(new String(out, 0, n, StandardCharsets.US_ASCII));
    }
}
