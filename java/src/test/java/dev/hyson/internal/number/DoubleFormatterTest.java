package dev.hyson.internal.number;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Tests for {@link DoubleFormatter}: hand cases, the shared Python-repr conformance file, exact
 * round trip and shortness (checked with {@link BigDecimal}) on any JDK, and text equality with
 * the JDK 19+ {@code Double.toString}/{@code Float.toString} (Schubfach) when running on JDK 19+.
 */
class DoubleFormatterTest {

    private static final boolean SHORTEST_JDK = Runtime.version().feature() >= 19;
    private static final int PAD = 5;

    /** Formats through {@code write} into a buffer of exactly PAD + MAX_CHARS bytes. */
    private static String viaWrite(double d) {
        byte[] buf = new byte[PAD + DoubleFormatter.MAX_CHARS];
        Arrays.fill(buf, (byte) '#');
        int end = DoubleFormatter.write(d, buf, PAD);
        for (int i = 0; i < PAD; i++) {
            assertEquals('#', buf[i], "wrote before pos");
        }
        assertTrue(end > PAD && end <= buf.length);
        String s = new String(buf, PAD, end - PAD, StandardCharsets.ISO_8859_1);
        assertEquals(s, DoubleFormatter.toString(d));
        return s;
    }

    private static String viaWrite(float f) {
        byte[] buf = new byte[PAD + DoubleFormatter.MAX_CHARS];
        Arrays.fill(buf, (byte) '#');
        int end = DoubleFormatter.write(f, buf, PAD);
        for (int i = 0; i < PAD; i++) {
            assertEquals('#', buf[i], "wrote before pos");
        }
        String s = new String(buf, PAD, end - PAD, StandardCharsets.ISO_8859_1);
        assertEquals(s, DoubleFormatter.toString(f));
        return s;
    }

    // ---------------------------------------------------------------- hand cases

    @Test
    void handCases() {
        assertEquals("0.0", viaWrite(0.0));
        assertEquals("-0.0", viaWrite(-0.0));
        assertEquals("1.0", viaWrite(1.0));
        assertEquals("-1.0", viaWrite(-1.0));
        assertEquals("100.0", viaWrite(100.0));
        assertEquals("1.0E23", viaWrite(1e23));
        assertEquals("-1.0E23", viaWrite(-1e23));
        assertEquals("2.0E23", viaWrite(2e23));
        assertEquals("1.0E7", viaWrite(1e7));
        assertEquals("9999999.0", viaWrite(9999999.0));
        assertEquals("1234567.125", viaWrite(1234567.125));
        assertEquals("0.001", viaWrite(0.001));
        assertEquals("1.0E-4", viaWrite(1.0E-4));
        assertEquals("9.999E-4", viaWrite(9.999E-4));
        assertEquals("4.9E-324", viaWrite(Double.MIN_VALUE));
        // Python repr gives 5e-324; the JDK 19+ spec admits 2 digits when 1 would do and picks the closer.
        assertEquals("4.9E-324", viaWrite(5e-324));
        assertEquals("9.9E-324", viaWrite(1e-323));
        assertEquals("1.7976931348623157E308", viaWrite(Double.MAX_VALUE));
        assertEquals("2.2250738585072014E-308", viaWrite(Double.MIN_NORMAL));
        assertEquals("-2.2250738585072014E-308", viaWrite(-Double.MIN_NORMAL)); // 24 bytes
        assertEquals("0.1", viaWrite(0.1));
        assertEquals("0.30000000000000004", viaWrite(0.1 + 0.2));
        assertEquals("123.456", viaWrite(123.456));
        assertEquals("-65.61361699999998", viaWrite(-65.613616999999977)); // Python repr: -65.61361699999998
        assertEquals("9.007199254740992E15", viaWrite(9007199254740992.0)); // 2^53
        assertEquals("9.007199254740991E15", viaWrite(9007199254740991.0));
        assertEquals("1.0E16", viaWrite(1e16));
        assertEquals("1.0E22", viaWrite(1e22));

        assertEquals("1.4E-45", viaWrite(Float.MIN_VALUE));
        assertEquals("3.4028235E38", viaWrite(Float.MAX_VALUE));
        assertEquals("1.1754944E-38", viaWrite(Float.MIN_NORMAL)); // 1.17549435E-38f
        assertEquals("1.0E10", viaWrite(1.0E10f));
        assertEquals("0.1", viaWrite(0.1f));
        assertEquals("-0.0", viaWrite(-0.0f));
        assertEquals("1.0E7", viaWrite(1.0E7f));
        assertEquals("1.6777216E7", viaWrite(16777216f));
    }

    @Test
    void nonFiniteRejectedByWrite() {
        byte[] buf = new byte[DoubleFormatter.MAX_CHARS];
        assertThrows(IllegalArgumentException.class, () -> DoubleFormatter.write(Double.NaN, buf, 0));
        assertThrows(IllegalArgumentException.class, () -> DoubleFormatter.write(Double.NEGATIVE_INFINITY, buf, 0));
        assertThrows(IllegalArgumentException.class, () -> DoubleFormatter.write(Float.POSITIVE_INFINITY, buf, 0));
        assertEquals("NaN", DoubleFormatter.toString(Double.NaN));
        assertEquals("-Infinity", DoubleFormatter.toString(Float.NEGATIVE_INFINITY));
    }

    // ---------------------------------------------------------------- internals

    @Test
    void fixedPointLogarithmsAreExact() {
        BigInteger two = BigInteger.TWO;
        BigInteger ten = BigInteger.TEN;
        for (int q = -1200; q <= 1200; q++) {
            // floor(log10(2^q)): largest k with 10^k <= 2^q
            assertEquals(floorLog10(two, q, 1, 1), DoubleFormatter.floorLog10Pow2(q), "q=" + q);
            // floor(log10(3/4 * 2^q)) = floor(log10(3 * 2^q / 4))
            assertEquals(floorLog10(two, q, 3, 4), DoubleFormatter.floorLog10ThreeQuartersPow2(q), "q=" + q);
        }
        for (int e = -400; e <= 400; e++) {
            // floor(log2(10^e)): largest b with 2^b <= 10^e
            BigInteger p = ten.pow(Math.abs(e));
            int expected = e >= 0 ? p.bitLength() - 1 : -p.bitLength();
            assertEquals(expected, DoubleFormatter.floorLog2Pow10(e), "e=" + e);
        }
    }

    /** floor(log10(num/den * base^q)) computed exactly. */
    private static int floorLog10(BigInteger base, int q, int num, int den) {
        // x = a / b
        BigInteger a = BigInteger.valueOf(num);
        BigInteger b = BigInteger.valueOf(den);
        if (q >= 0) {
            a = a.multiply(base.pow(q));
        } else {
            b = b.multiply(base.pow(-q));
        }
        int k = (int) Math.floor(q * Math.log10(base.doubleValue()) + Math.log10((double) num / den)) - 2;
        // advance while 10^(k+1) <= a/b
        while (true) {
            int k1 = k + 1;
            boolean le = k1 >= 0
                    ? BigInteger.TEN.pow(k1).multiply(b).compareTo(a) <= 0
                    : b.compareTo(a.multiply(BigInteger.TEN.pow(-k1))) <= 0;
            if (!le) {
                return k;
            }
            k = k1;
        }
    }

    // ---------------------------------------------------------------- shortest + round trip, any JDK

    private static boolean roundTripsDouble(BigDecimal d, long bits) {
        return Double.doubleToRawLongBits(Math.abs(Double.parseDouble(d.toString())))
                == (bits & Long.MAX_VALUE);
    }

    private static boolean roundTripsFloat(BigDecimal d, int bits) {
        return Float.floatToRawIntBits(Math.abs(Float.parseFloat(d.toString())))
                == (bits & Integer.MAX_VALUE);
    }

    /**
     * Our text parses back to exactly d; no decimal with fewer significant digits does (except
     * that the JDK spec admits 2 digits when 1 would do); and ours is the closest decimal of its
     * length whenever that one round-trips.
     */
    private static void assertShortestDouble(double d) {
        String s = viaWrite(d);
        long bits = Double.doubleToRawLongBits(d);
        assertEquals(bits, Double.doubleToRawLongBits(Double.parseDouble(s)), s);
        if (d == 0) {
            return;
        }
        BigDecimal exact = new BigDecimal(d).abs();
        BigDecimal ours = new BigDecimal(s).abs().stripTrailingZeros();
        int n = ours.precision();
        for (int len = 1; len < n; len++) {
            if (len == 1 && n == 2) {
                continue;
            }
            for (RoundingMode m : new RoundingMode[] {RoundingMode.DOWN, RoundingMode.UP}) {
                BigDecimal c = exact.round(new MathContext(len, m));
                if (roundTripsDouble(c, bits)) {
                    fail("shorter " + c + " also reads back to " + s);
                }
            }
        }
        BigDecimal nearest = exact.round(new MathContext(n, RoundingMode.HALF_EVEN));
        if (roundTripsDouble(nearest, bits)) {
            assertEquals(0, nearest.compareTo(ours), "closer " + nearest + " than " + s);
        }
    }

    private static void assertShortestFloat(float f) {
        String s = viaWrite(f);
        int bits = Float.floatToRawIntBits(f);
        assertEquals(bits, Float.floatToRawIntBits(Float.parseFloat(s)), s);
        if (f == 0) {
            return;
        }
        BigDecimal exact = new BigDecimal((double) f).abs(); // float -> double is exact
        BigDecimal ours = new BigDecimal(s).abs().stripTrailingZeros();
        int n = ours.precision();
        for (int len = 1; len < n; len++) {
            if (len == 1 && n == 2) {
                continue;
            }
            for (RoundingMode m : new RoundingMode[] {RoundingMode.DOWN, RoundingMode.UP}) {
                BigDecimal c = exact.round(new MathContext(len, m));
                if (roundTripsFloat(c, bits)) {
                    fail("shorter " + c + " also reads back to " + s);
                }
            }
        }
        BigDecimal nearest = exact.round(new MathContext(n, RoundingMode.HALF_EVEN));
        if (roundTripsFloat(nearest, bits)) {
            assertEquals(0, nearest.compareTo(ours), "closer " + nearest + " than " + s);
        }
    }

    @Test
    void floatsRoundTripAndAreShortest() {
        float[] edges = {Float.MIN_VALUE, Float.MAX_VALUE, 1.0E10f, 3.4028235E38f, 1.17549435E-38f,
            Float.MIN_NORMAL, Math.nextDown(Float.MIN_NORMAL), 2 * Float.MIN_VALUE, 7 * Float.MIN_VALUE,
            8 * Float.MIN_VALUE, 0.1f, 1.0f, 1.0E7f, 9999999.0f, 1.0E-3f, 1.0E-4f, 16777216f, 0f, -0f};
        int count = 0;
        for (float f : edges) {
            assertShortestFloat(f);
            assertShortestFloat(-f);
            count += 2;
        }
        for (int e = 1; e < 255; e++) { // every power of two (irregular spacing below) and neighbours
            float p = Float.intBitsToFloat(e << 23);
            assertShortestFloat(p);
            assertShortestFloat(Math.nextUp(p));
            assertShortestFloat(Math.nextDown(p));
            count += 3;
        }
        for (int t = 1; t < 200; t++) { // smallest subnormals
            assertShortestFloat(Float.intBitsToFloat(t));
            count++;
        }
        SplittableRandom rnd = new SplittableRandom(0x5EED_F10A7L);
        int random = 0;
        while (random < 200_000) {
            float f = Float.intBitsToFloat(rnd.nextInt());
            if (!Float.isFinite(f)) {
                continue;
            }
            assertShortestFloat(f);
            random++;
        }
        count += random;
        System.out.println("[DoubleFormatterTest] floats checked round-trip+shortest: " + count);
        assertTrue(count > 200_000);
    }

    @Test
    void doublesRoundTripAndAreShortest() {
        int count = 0;
        for (int e = 1; e < 2047; e++) { // every power of two (irregular spacing below) and neighbours
            double p = Double.longBitsToDouble((long) e << 52);
            assertShortestDouble(p);
            assertShortestDouble(Math.nextUp(p));
            assertShortestDouble(Math.nextDown(p));
            count += 3;
        }
        for (long t = 1; t < 200; t++) { // smallest subnormals
            assertShortestDouble(Double.longBitsToDouble(t));
            count++;
        }
        for (int e = -325; e <= 308; e++) { // around powers of ten
            double p = Double.parseDouble("1e" + e);
            assertShortestDouble(p);
            assertShortestDouble(Math.nextUp(p));
            assertShortestDouble(Math.nextDown(p));
            count += 3;
        }
        SplittableRandom rnd = new SplittableRandom(0x5EED_D0B1EL);
        for (int i = 0; i < 20_000; i++) {
            double d = Double.longBitsToDouble(rnd.nextLong());
            if (Double.isFinite(d)) {
                assertShortestDouble(d);
                count++;
            }
            double x = rnd.nextLong(1L << 53) / (double) (1L << rnd.nextInt(60)); // short binary fractions
            assertShortestDouble(x);
            count++;
        }
        System.out.println("[DoubleFormatterTest] doubles checked round-trip+shortest: " + count);
        assertTrue(count > 0);
    }

    // ---------------------------------------------------------------- shared conformance file

    /** (significant digits without leading/trailing zeros, exponent of the last digit), sign apart. */
    private static String normalized(String text) {
        BigDecimal bd = new BigDecimal(text).abs().stripTrailingZeros();
        if (bd.signum() == 0) {
            return "0e0";
        }
        return bd.unscaledValue() + "e" + (-bd.scale());
    }

    @Test
    void shortestDoublesMatchPythonRepr() throws IOException {
        String shared = System.getProperty("hyson.shared");
        Path file = shared == null ? null
                : Paths.get(shared, "conformance", "numbers", "shortest-doubles.tsv");
        Assumptions.assumeTrue(file != null && Files.isRegularFile(file),
                "shortest-doubles.tsv not found (set -Dhyson.shared=<shared folder>)");
        int checked = 0;
        int twoDigitRule = 0;
        int jdkCompared = 0;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                int tab = line.indexOf('\t');
                long bits = Long.parseUnsignedLong(line.substring(0, tab).trim(), 16);
                String py = line.substring(tab + 1).trim();
                double d = Double.longBitsToDouble(bits);
                if (!Double.isFinite(d)) {
                    continue;
                }
                String ours = viaWrite(d);
                assertEquals(bits, Double.doubleToRawLongBits(Double.parseDouble(ours)),
                        () -> "round trip of " + ours);
                assertEquals(py.startsWith("-"), ours.startsWith("-"), () -> "sign " + ours + " vs " + py);
                String a = normalized(ours);
                String b = normalized(py);
                if (!a.equals(b)) {
                    // JDK 19+ rule: when the minimum length is 1, decimals of length 2 compete too and
                    // the closest wins (e.g. 4.9E-324 vs Python's 5e-324).
                    BigDecimal o = new BigDecimal(ours).abs().stripTrailingZeros();
                    BigDecimal p = new BigDecimal(py).abs().stripTrailingZeros();
                    BigDecimal nearest2 = new BigDecimal(d).abs().round(new MathContext(2, RoundingMode.HALF_EVEN));
                    if (p.precision() == 1 && o.precision() == 2 && o.compareTo(nearest2) == 0) {
                        twoDigitRule++;
                    } else {
                        fail("bits " + Long.toHexString(bits) + ": ours " + ours + " (" + a
                                + ") vs Python " + py + " (" + b + ")");
                    }
                }
                if (SHORTEST_JDK) {
                    assertEquals(Double.toString(d), ours, () -> "bits " + Long.toHexString(bits));
                    jdkCompared++;
                }
                checked++;
            }
        }
        System.out.println("[DoubleFormatterTest] shortest-doubles.tsv checked: " + checked
                + " (of which " + twoDigitRule + " differ from Python only by the JDK 2-digit rule), "
                + "compared with Double.toString: " + jdkCompared);
        assertTrue(checked > 0, "no values checked");
    }

    // ---------------------------------------------------------------- JDK 19+ text equality

    @Test
    void matchesJdkDoubleToStringOnRandomBits() {
        Assumptions.assumeTrue(SHORTEST_JDK, "needs JDK 19+ (Schubfach Double.toString)");
        SplittableRandom rnd = new SplittableRandom(0xD0B1E5L);
        int checked = 0;
        for (int i = 0; i < 1_000_000; i++) {
            double d = Double.longBitsToDouble(rnd.nextLong());
            if (!Double.isFinite(d)) {
                continue;
            }
            String expected = Double.toString(d);
            String ours = viaWrite(d);
            if (!expected.equals(ours)) {
                fail("bits " + Long.toHexString(Double.doubleToRawLongBits(d)) + ": " + ours + " vs " + expected);
            }
            checked++;
        }
        System.out.println("[DoubleFormatterTest] random doubles compared with Double.toString: " + checked);
        assertTrue(checked > 0);
    }

    @Test
    void matchesJdkFloatToStringOnRandomBits() {
        Assumptions.assumeTrue(SHORTEST_JDK, "needs JDK 19+ (Schubfach Float.toString)");
        SplittableRandom rnd = new SplittableRandom(0xF10A75L);
        int checked = 0;
        for (int i = 0; i < 1_000_000; i++) {
            float f = Float.intBitsToFloat(rnd.nextInt());
            if (!Float.isFinite(f)) {
                continue;
            }
            String expected = Float.toString(f);
            String ours = viaWrite(f);
            if (!expected.equals(ours)) {
                fail("bits " + Integer.toHexString(Float.floatToRawIntBits(f)) + ": " + ours + " vs " + expected);
            }
            checked++;
        }
        System.out.println("[DoubleFormatterTest] random floats compared with Float.toString: " + checked);
        assertTrue(checked > 0);
    }
}
