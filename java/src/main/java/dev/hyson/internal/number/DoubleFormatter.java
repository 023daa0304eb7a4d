package dev.hyson.internal.number;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Shortest round-trip decimal formatting of {@code double} and {@code float} values, producing
 * exactly the text of JDK 19+ {@link Double#toString(double)} / {@link Float#toString(float)}.
 *
 * <p>The decimal is selected with the Schubfach algorithm described in Raffaello Giulietti,
 * <em>"The Schubfach way to render doubles"</em> (2020, revised 2022). Among all decimals that
 * round (IEEE 754 round-to-nearest-even) back to the input, the algorithm picks one of minimal
 * length; among those the one closest to the exact binary value, ties going to the even least
 * significant digit. As required by the JDK 19+ specification, when the minimal length is 1 the
 * candidates of length 2 are admitted too, so e.g. {@link Double#MIN_VALUE} renders as
 * {@code 4.9E-324} (not {@code 5E-324}).
 *
 * <p>Implementation notes: the scaling by powers of ten uses 126-bit over-approximations
 * {@code g = floor(10^e * 2^(125 - floor(e * log2(10)))) + 1}, stored as two 63-bit halves and
 * computed once with {@link BigInteger} in the static initializer. Products are taken with
 * round-to-odd so that exact ties and interval boundaries are detected. The {@code float} path runs
 * the same 126-bit machinery with the binary32 parameters (it is vastly more precise than needed).
 * The double path does not allocate.
 *
 * <p>Output layout (same as the JDK): plain notation with at least one fractional digit when
 * {@code 10^-3 <= |v| < 10^7} ({@code 1.0}, {@code 100.0}, {@code 0.001}, {@code -0.0}); otherwise
 * computerized scientific notation {@code d.ddd...E[-]n} with at least one fractional digit
 * ({@code 1.0E7}, {@code 1.0E-4}, {@code 4.9E-324}, {@code 1.7976931348623157E308}).
 */
public final class DoubleFormatter {

    /**
     * Upper bound, in bytes, on what any {@code write} call stores into the buffer (including
     * scratch use), e.g. {@code -2.2250738585072014E-308}: sign, 17 digits, point, {@code E-}, 3
     * exponent digits = 24.
     */
    public static final int MAX_CHARS = 24;

    // binary64 parameters: precision, minimum exponent q of c * 2^q, smallest normal significand,
    // smallest subnormal significand c for which c * 2^Q_MIN has at least 2 digits at scale 10^k.
    private static final int D_P = 53;
    private static final int D_Q_MIN = -1074;
    private static final long D_C_MIN = 1L << 52;
    private static final int D_C_TINY = 3;

    // binary32 parameters, same meaning.
    private static final int F_P = 24;
    private static final int F_Q_MIN = -149;
    private static final long F_C_MIN = 1L << 23;
    private static final int F_C_TINY = 8;

    /** Range of e for which 10^e is tabulated (e = -k, k in [-324, 292]). */
    static final int E_MIN = -292;
    static final int E_MAX = 324;

    private static final long MASK_63 = (1L << 63) - 1;

    /** g(e) split as g1 = g >>> 63 at [2i], g0 = g & (2^63 - 1) at [2i + 1], i = e - E_MIN. */
    private static final long[] G = new long[2 * (E_MAX - E_MIN + 1)];

    /** ceil(2^64 / 10) as a (positive) signed long: multiplyHigh(s, DIV10) == s / 10 for s < 2^62. */
    private static final long DIV10 = 1844674407370955162L;

    private static final long[] POW10 = new long[18];

    /** "00".."99": two ASCII digits per value. */
    private static final byte[] DIGITS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            DIGITS[2 * i] = (byte) ('0' + i / 10);
            DIGITS[2 * i + 1] = (byte) ('0' + i % 10);
        }
        long p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
        BigInteger ten = BigInteger.TEN;
        for (int e = E_MIN; e <= E_MAX; e++) {
            BigInteger pow = ten.pow(Math.abs(e));
            BigInteger g;
            if (e >= 0) {
                int beta = pow.bitLength() - 1; // 2^beta <= 10^e < 2^(beta+1)
                int sh = 125 - beta;
                g = sh >= 0 ? pow.shiftLeft(sh) : pow.shiftRight(-sh);
            } else {
                int beta = -pow.bitLength(); // 10^-e is not a power of 2, so 2^beta < 10^e < 2^(beta+1)
                g = BigInteger.ONE.shiftLeft(125 - beta).divide(pow);
            }
            g = g.add(BigInteger.ONE);
            if (g.bitLength() != 126) {
                throw new AssertionError("g out of range for e=" + e);
            }
            int i = 2 * (e - E_MIN);
            G[i] = g.shiftRight(63).longValueExact();
            G[i + 1] = g.longValue() & MASK_63;
        }
    }

    private DoubleFormatter() {}

    /** floor(q * log10(2)) for |q| <= 5000 (package-private for tests). */
    static int floorLog10Pow2(int q) {
        return (int) (q * 661_971_961_083L >> 41);
    }

    /** floor(q * log10(2) + log10(3/4)) = floor(log10(3/4 * 2^q)) for |q| <= 5000. */
    static int floorLog10ThreeQuartersPow2(int q) {
        return (int) (q * 661_971_961_083L - 274_743_187_321L >> 41);
    }

    /** floor(e * log2(10)) for |e| <= 1500. */
    static int floorLog2Pow10(int e) {
        return (int) (e * 913_124_641_741L >> 38);
    }

    /**
     * Writes the shortest decimal that reads back to exactly {@code v} into {@code buf} at
     * {@code pos} as ASCII bytes, in the {@link Double#toString(double)} (JDK 19+) layout.
     *
     * @param v a finite double (the caller handles NaN and infinities)
     * @param buf destination; {@code buf.length - pos >= MAX_CHARS} is required
     * @param pos first byte to write
     * @return the position just after the last byte written (at most {@code pos + MAX_CHARS})
     * @throws IllegalArgumentException if {@code v} is NaN or infinite
     */
    public static int write(double v, byte[] buf, int pos) {
        long bits = Double.doubleToRawLongBits(v);
        if (bits < 0) {
            buf[pos++] = '-';
        }
        int bq = (int) (bits >>> 52) & 0x7FF;
        long t = bits & (D_C_MIN - 1);
        if (bq != 0) {
            if (bq == 0x7FF) {
                throw new IllegalArgumentException("not finite: " + v);
            }
            long c = D_C_MIN | t;
            int q = bq - 1075;
            if (q < 0 && q > -D_P) {
                // Integer in [1, 2^53): the integer itself is the shortest decimal.
                long f = c >> -q;
                if (f << -q == c) {
                    return format(f, 0, buf, pos);
                }
            }
            return decimal(c, q, c == D_C_MIN && q != D_Q_MIN, 0, buf, pos);
        }
        if (t == 0) {
            return zero(buf, pos);
        }
        return t < D_C_TINY
                ? decimal(10 * t, D_Q_MIN, false, -1, buf, pos)
                : decimal(t, D_Q_MIN, false, 0, buf, pos);
    }

    /**
     * Writes the shortest decimal that reads back (as a {@code float}) to exactly {@code v} into
     * {@code buf} at {@code pos} as ASCII bytes, in the {@link Float#toString(float)} (JDK 19+)
     * layout.
     *
     * @param v a finite float (the caller handles NaN and infinities)
     * @param buf destination; {@code buf.length - pos >= MAX_CHARS} is required
     * @param pos first byte to write
     * @return the position just after the last byte written
     * @throws IllegalArgumentException if {@code v} is NaN or infinite
     */
    public static int write(float v, byte[] buf, int pos) {
        int bits = Float.floatToRawIntBits(v);
        if (bits < 0) {
            buf[pos++] = '-';
        }
        int bq = (bits >>> 23) & 0xFF;
        long t = bits & (F_C_MIN - 1);
        if (bq != 0) {
            if (bq == 0xFF) {
                throw new IllegalArgumentException("not finite: " + v);
            }
            long c = F_C_MIN | t;
            int q = bq - 150;
            if (q < 0 && q > -F_P) {
                long f = c >> -q;
                if (f << -q == c) {
                    return format(f, 0, buf, pos);
                }
            }
            return decimal(c, q, c == F_C_MIN && q != F_Q_MIN, 0, buf, pos);
        }
        if (t == 0) {
            return zero(buf, pos);
        }
        return t < F_C_TINY
                ? decimal(10 * t, F_Q_MIN, false, -1, buf, pos)
                : decimal(t, F_Q_MIN, false, 0, buf, pos);
    }

    /**
     * Returns the shortest round-trip decimal of {@code v} as a String; for finite values the
     * same text {@link #write(double, byte[], int)} produces (equal to JDK 19+
     * {@link Double#toString(double)}). NaN and infinities give {@code "NaN"},
     * {@code "Infinity"}, {@code "-Infinity"}.
     *
     * @param v any double
     * @return the decimal text
     */
    public static String toString(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        byte[] buf = new byte[MAX_CHARS];
        int n = write(v, buf, 0);
        return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
    }

    /**
     * Returns the shortest round-trip decimal of {@code v} (as a float) as a String; for finite
     * values the same text {@link #write(float, byte[], int)} produces (equal to JDK 19+
     * {@link Float#toString(float)}). NaN and infinities give {@code "NaN"}, {@code "Infinity"},
     * {@code "-Infinity"}.
     *
     * @param v any float
     * @return the decimal text
     */
    public static String toString(float v) {
        if (!Float.isFinite(v)) {
            return Float.toString(v);
        }
        byte[] buf = new byte[MAX_CHARS];
        int n = write(v, buf, 0);
        return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
    }

    private static int zero(byte[] buf, int pos) {
        buf[pos] = '0';
        buf[pos + 1] = '.';
        buf[pos + 2] = '0';
        return pos + 3;
    }

    /**
     * Schubfach core for the value c * 2^q (c > 0). {@code irregular}: c is the smallest normal
     * significand and q is above the minimum, so the predecessor is only half an ulp below.
     * {@code dk} is added to the decimal exponent (-1 when c was pre-multiplied by 10).
     */
    private static int decimal(long c, int q, boolean irregular, int dk, byte[] buf, int pos) {
        int out = (int) c & 1; // odd significand: the interval boundaries do not round back
        long cb = c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (irregular) {
            cbl = cb - 1;
            k = floorLog10ThreeQuartersPow2(q);
        } else {
            cbl = cb - 2;
            k = floorLog10Pow2(q);
        }
        // Scale by 10^-k: vb ~ 4 * c * 2^q * 10^-k, i.e. units of 10^k / 4.
        int h = q + floorLog2Pow10(-k) + 2;
        int gi = (-k - E_MIN) << 1;
        long g1 = G[gi];
        long g0 = G[gi + 1];
        long vb = rop(g1, g0, cb << h);
        long vbl = rop(g1, g0, cbl << h);
        long vbr = rop(g1, g0, cbr << h);

        long s = vb >> 2;
        if (s >= 100) {
            // Try one digit fewer: at most one multiple of 10 units fits in the interval.
            long sp10 = 10 * Math.multiplyHigh(s, DIV10);
            long tp10 = sp10 + 10;
            boolean upin = vbl + out <= sp10 << 2;
            boolean wpin = (tp10 << 2) + out <= vbr;
            if (upin != wpin) {
                return format(upin ? sp10 : tp10, k + dk, buf, pos);
            }
        }
        long t = s + 1;
        boolean uin = vbl + out <= s << 2;
        boolean win = (t << 2) + out <= vbr;
        if (uin != win) {
            return format(uin ? s : t, k + dk, buf, pos);
        }
        // Both in: the closer one; ties to even.
        long cmp = vb - ((s + t) << 1);
        return format(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : t, k + dk, buf, pos);
    }

    /**
     * floor(g * cp / 2^127) with the least significant bit set when the (approximated) product is
     * not an integer ("round to odd"); g = g1 * 2^63 + g0, 0 < cp < 2^63.
     */
    private static long rop(long g1, long g0, long cp) {
        long x1 = Math.multiplyHigh(g0, cp);
        long y0 = g1 * cp;
        long y1 = Math.multiplyHigh(g1, cp);
        long z = (y0 >>> 1) + x1;
        long vbp = y1 + (z >>> 63);
        return vbp | ((z & MASK_63) + MASK_63) >>> 63;
    }

    /** Writes f * 10^e (0 < f <= 10^17) in the JDK layout; returns the end position. */
    private static int format(long f, int e, byte[] buf, int pos) {
        int n = digitCount(f);
        int exp = e + n - 1; // value = d.ddd * 10^exp
        if (exp >= 0 && exp < 7) {
            int intLen = exp + 1;
            if (n <= intLen) {
                writeDigits(f, n, buf, pos);
                int p = pos + n;
                for (int i = n; i < intLen; i++) {
                    buf[p++] = '0';
                }
                buf[p] = '.';
                buf[p + 1] = '0';
                return p + 2;
            }
            writeDigits(f, n, buf, pos + 1);
            System.arraycopy(buf, pos + 1, buf, pos, intLen);
            buf[pos + intLen] = '.';
            int end = pos + n + 1;
            int firstFrac = pos + intLen + 1;
            while (end - 1 > firstFrac && buf[end - 1] == '0') {
                end--;
            }
            return end;
        }
        if (exp < 0 && exp >= -3) {
            buf[pos] = '0';
            buf[pos + 1] = '.';
            int p = pos + 2;
            for (int i = -1; i > exp; i--) {
                buf[p++] = '0';
            }
            writeDigits(f, n, buf, p);
            int end = p + n;
            while (buf[end - 1] == '0') {
                end--;
            }
            return end;
        }
        writeDigits(f, n, buf, pos + 1);
        buf[pos] = buf[pos + 1];
        buf[pos + 1] = '.';
        int end = pos + n + 1;
        while (end > pos + 2 && buf[end - 1] == '0') {
            end--;
        }
        if (end == pos + 2) {
            buf[end++] = '0';
        }
        buf[end++] = 'E';
        if (exp < 0) {
            buf[end++] = '-';
            exp = -exp;
        }
        if (exp >= 100) {
            int hi = exp / 100;
            buf[end++] = (byte) ('0' + hi);
            exp -= 100 * hi;
            buf[end] = DIGITS[exp << 1];
            buf[end + 1] = DIGITS[(exp << 1) + 1];
            return end + 2;
        }
        if (exp >= 10) {
            buf[end] = DIGITS[exp << 1];
            buf[end + 1] = DIGITS[(exp << 1) + 1];
            return end + 2;
        }
        buf[end] = (byte) ('0' + exp);
        return end + 1;
    }

    /** Number of decimal digits of f, 0 < f < 10^18. */
    private static int digitCount(long f) {
        int d = (64 - Long.numberOfLeadingZeros(f)) * 1233 >>> 12; // floor(bitLength * log10(2))
        return f >= POW10[d] ? d + 1 : d;
    }

    /** Writes exactly n digits of f (f < 10^n) at buf[p .. p + n - 1], two at a time. */
    private static void writeDigits(long f, int n, byte[] buf, int p) {
        int i = p + n;
        while (f >= 100_000_000L) {
            long hi = f / 100_000_000L;
            int lo = (int) (f - hi * 100_000_000L);
            for (int j = 0; j < 4; j++) {
                int hq = lo / 100;
                int r = (lo - hq * 100) << 1;
                buf[--i] = DIGITS[r + 1];
                buf[--i] = DIGITS[r];
                lo = hq;
            }
            f = hi;
        }
        int v = (int) f;
        while (v >= 100) {
            int hq = v / 100;
            int r = (v - hq * 100) << 1;
            buf[--i] = DIGITS[r + 1];
            buf[--i] = DIGITS[r];
            v = hq;
        }
        if (v >= 10) {
            buf[--i] = DIGITS[(v << 1) + 1];
            buf[--i] = DIGITS[v << 1];
        } else {
            buf[--i] = (byte) ('0' + v);
        }
    }
}
