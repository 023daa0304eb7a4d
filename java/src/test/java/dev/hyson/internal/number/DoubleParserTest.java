package dev.hyson.internal.number;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Bit-exact tests for {@link DoubleParser}: the parse-number-fxx/f64 conformance corpora from
 * {@code ../shared} (system property {@code hyson.shared}), hand-picked boundary cases, and
 * randomized comparisons against the JDK's correctly rounded {@link Double#parseDouble}.
 */
class DoubleParserTest {

    private static final BigInteger TEN_POW_19 = BigInteger.TEN.pow(19);

    // ---------------------------------------------------------------- conformance corpora

    private static Path shared() {
        String prop = System.getProperty("hyson.shared");
        Path dir = prop == null ? null : Path.of(prop);
        Assumptions.assumeTrue(dir != null && Files.isDirectory(dir),
                "../shared not found: system property hyson.shared=" + prop
                        + " does not name a directory; conformance data tests skipped");
        return dir;
    }

    @Test
    void fxxCorpus() throws IOException {
        // "HHHH HHHHHHHH HHHHHHHHHHHHHHHH decimal": float16, float32, float64 bits, input at 31.
        corpus("conformance/numbers/parse-number-fxx-test-data/data", 14, 30, 31);
    }

    @Test
    void f64Corpus() throws IOException {
        // "HHHHHHHHHHHHHHHH decimal": float64 bits, input at column 17.
        corpus("conformance/numbers/parse-number-f64-test-data/data", 0, 16, 17);
    }

    /** Checks every *.txt file of a corpus folder; failures of all files are reported together. */
    private static void corpus(String rel, int bitsFrom, int bitsTo, int inputFrom) throws IOException {
        Path dir = shared().resolve(rel);
        Assumptions.assumeTrue(Files.isDirectory(dir),
                "../shared not found: " + dir + " is missing; conformance data tests skipped");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().forEach(files::add);
        }
        assertFalse(files.isEmpty(), "no *.txt data files in " + dir);
        assertAll(files.stream().map(f -> () -> checkFile(f, bitsFrom, bitsTo, inputFrom)));
    }

    private static void checkFile(Path file, int bitsFrom, int bitsTo, int inputFrom)
            throws IOException {
        byte[] data = Files.readAllBytes(file);
        int lines = 0;
        int checked = 0;
        int toDoubleChecked = 0;
        int pos = 0;
        while (pos < data.length) {
            int eol = pos;
            while (eol < data.length && data[eol] != '\n') {
                eol++;
            }
            int lineEnd = eol > pos && data[eol - 1] == '\r' ? eol - 1 : eol;
            lines++;
            if (lineEnd - pos > inputFrom) {
                int s = pos + inputFrom;
                if (NumberText.isNumber(data, s, lineEnd)) {
                    long expected = Long.parseUnsignedLong(
                            new String(data, pos + bitsFrom, bitsTo - bitsFrom, StandardCharsets.US_ASCII), 16);
                    String input = new String(data, s, lineEnd - s, StandardCharsets.US_ASCII);
                    assertBits(expected, DoubleParser.parse(data, s, lineEnd), input, "parse");
                    checked++;
                    if (checkToDouble(input, expected)) {
                        toDoubleChecked++;
                    }
                }
            }
            pos = eol + 1;
        }
        System.out.printf("DoubleParserTest %s: %d lines, %d JSON inputs checked with parse, %d also with toDouble%n",
                file.getFileName(), lines, checked, toDoubleChecked);
        assertTrue(checked > 0, "no JSON-grammar inputs checked in " + file);
    }

    /** Checks toDouble on the BigDecimal-derived significand/exponent when it has <= 19 digits. */
    private static boolean checkToDouble(String input, long expected) {
        BigDecimal bd;
        try {
            bd = new BigDecimal(input);
        } catch (NumberFormatException e) {
            return false; // exponent beyond int range
        }
        boolean negative = input.charAt(0) == '-';
        BigDecimal stripped = bd.signum() == 0 ? BigDecimal.ZERO : bd.stripTrailingZeros();
        BigInteger unscaled = stripped.unscaledValue().abs();
        if (unscaled.compareTo(TEN_POW_19) >= 0) {
            return false;
        }
        // longValue keeps the low 64 bits: values above Long.MAX_VALUE pass as unsigned.
        if (stripped.scale() == Integer.MIN_VALUE) {
            return false; // -scale does not fit an int (JDK 19+ accepts such exponents, JDK 17 throws)
        }
        double got = DoubleParser.toDouble(unscaled.longValue(), -stripped.scale(), negative);
        assertBits(expected, got, input + " (toDouble " + unscaled + "e" + -stripped.scale() + ")", "toDouble");
        return true;
    }

    // ---------------------------------------------------------------- helpers

    private static double parse(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        assertTrue(NumberText.isNumber(b, 0, b.length), "test input not JSON grammar: " + s);
        // Embed in a larger buffer to exercise start/end offsets.
        byte[] padded = new byte[b.length + 4];
        padded[0] = '[';
        padded[1] = ' ';
        System.arraycopy(b, 0, padded, 2, b.length);
        padded[b.length + 2] = ',';
        padded[b.length + 3] = ']';
        double inPlace = DoubleParser.parse(b, 0, b.length);
        double offset = DoubleParser.parse(padded, 2, b.length + 2);
        assertBits(Double.doubleToRawLongBits(inPlace), offset, s, "parse at offset");
        return inPlace;
    }

    private static void assertBits(long expected, double actual, String input, String what) {
        long got = Double.doubleToRawLongBits(actual);
        if (got != expected) {
            assertEquals(String.format("%016X", expected), String.format("%016X", got),
                    () -> what + "(\"" + abbreviate(input) + "\"): expected "
                            + Double.longBitsToDouble(expected) + " got " + actual);
        }
    }

    private static void assertParses(String input, long expectedBits) {
        assertBits(expectedBits, parse(input), input, "parse");
    }

    private static void assertParses(String input, double expected) {
        assertParses(input, Double.doubleToRawLongBits(expected));
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 60) + "…(" + s.length() + " chars)…"
                + s.substring(s.length() - 40);
    }

    // ---------------------------------------------------------------- hand cases

    @Test
    void zeros() {
        assertParses("0", 0L);
        assertParses("-0", 0x8000_0000_0000_0000L);
        assertParses("-0.0", 0x8000_0000_0000_0000L);
        assertParses("0.000000", 0L);
        assertParses("0e+9223372036854775807", 0L);
        assertParses("-0E-12", 0x8000_0000_0000_0000L);
        assertBits(0L, DoubleParser.toDouble(0, 12345, false), "0e12345", "toDouble");
        assertBits(0x8000_0000_0000_0000L, DoubleParser.toDouble(0, 0, true), "-0", "toDouble");
    }

    @Test
    void overflowAndUnderflow() {
        assertParses("1e400", Double.POSITIVE_INFINITY);
        assertParses("-1e400", Double.NEGATIVE_INFINITY);
        assertParses("1e-400", 0.0);
        assertParses("-1e-400", -0.0);
        assertParses("1e-9223372036854775808", 0.0);
        assertParses("1e18446744073709551616", Double.POSITIVE_INFINITY);
        assertParses("1e99999999999999999999999999999999999999", Double.POSITIVE_INFINITY);
        assertParses("-1e-99999999999999999999999999999999999999", -0.0);
        assertParses("1000000000000000000000000000000e-99999999999999999999", 0.0);
        assertParses("0.00000000000000000000000000000000001e18446744073709551616", Double.POSITIVE_INFINITY);
        assertBits(0x7FF0_0000_0000_0000L, DoubleParser.toDouble(1, 1_000_000, false), "1e1000000", "toDouble");
        assertBits(0L, DoubleParser.toDouble(1, -1_000_000, false), "1e-1000000", "toDouble");
        assertBits(0x7FF0_0000_0000_0000L, DoubleParser.toDouble(1, Integer.MAX_VALUE, false), "1eMAX", "toDouble");
        assertBits(0x8000_0000_0000_0000L, DoubleParser.toDouble(9, Integer.MIN_VALUE, true), "-9eMIN", "toDouble");
    }

    @Test
    void boundaries() {
        assertParses("2.2250738585072011e-308", 0x000F_FFFF_FFFF_FFFFL); // largest subnormal
        assertParses("2.2250738585072014e-308", 0x0010_0000_0000_0000L); // smallest normal
        assertParses("4.9e-324", 1L);
        assertParses("5e-324", 1L);
        assertParses("2.4703282292062327e-324", 0L);
        assertParses("2.4703282292062328e-324", 1L);
        assertParses("1.7976931348623157e308", 0x7FEF_FFFF_FFFF_FFFFL);
        assertParses("1.7976931348623158e308", 0x7FEF_FFFF_FFFF_FFFFL);
        assertParses("1.7976931348623159e308", Double.POSITIVE_INFINITY);
        assertParses("-1.7976931348623159e308", Double.NEGATIVE_INFINITY);
        assertParses("9007199254740993", 0x4340_0000_0000_0000L); // 2^53+1: tie, to even 2^53
        assertParses("9007199254740995", 0x4340_0000_0000_0002L); // tie, to even 2^53+4
        assertParses("9007199254740994", 0x4340_0000_0000_0001L);
        assertParses("1", 1.0);
        assertParses("-123.456e-7", -123.456e-7);
        assertParses("0.1", 0.1);
        assertParses("0.000001234", 0.000001234);
        assertParses("18446744073709551615", 18446744073709551615.0); // 20 digits
        assertParses("9999999999999999999", 9999999999999999999.0);
        assertParses("99999999999999999999", 1e20);
        assertParses("7.2057594037927933e16", 7.2057594037927933e16);
        // toDouble with unsigned 19-digit significands above Long.MAX_VALUE
        assertBits(Double.doubleToRawLongBits(9999999999999999999.0),
                DoubleParser.toDouble(Long.parseUnsignedLong("9999999999999999999"), 0, false),
                "9999999999999999999", "toDouble");
        assertBits(Double.doubleToRawLongBits(-9.3e-290),
                DoubleParser.toDouble(Long.parseUnsignedLong("9300000000000000000"), -308, true),
                "-9300000000000000000e-308", "toDouble");
    }

    @Test
    void thousandDigitInputs() {
        // 2^53 + 1 followed by zeros and a final 1: just above the tie, rounds up to 2^53 + 2.
        String above = "9007199254740993." + "0".repeat(983) + "1";
        assertEquals(1000, above.length() - 1, "significant digits");
        assertParses(above, 0x4340_0000_0000_0001L);
        // Exactly the tie written with 1000 digits: rounds to even 2^53.
        assertParses("9007199254740993" + "0".repeat(984) + "e-984", 0x4340_0000_0000_0000L);
        // 1000 nines.
        String nines = "9".repeat(1000);
        assertParses(nines, Double.POSITIVE_INFINITY);
        assertParses("0." + nines, 1.0);
        assertParses(nines + "e-1000", 1.0);
        assertParses("-0." + "0".repeat(500) + nines, Double.parseDouble("-0." + "0".repeat(500) + nines));
        // 1000 pseudo-random digits against the JDK.
        SplittableRandom r = new SplittableRandom(1000);
        StringBuilder sb = new StringBuilder("3.");
        for (int i = 0; i < 1000; i++) {
            sb.append((char) ('0' + r.nextInt(10)));
        }
        String s = sb.toString();
        assertParses(s, Double.parseDouble(s));
        assertParses(s + "e-310", Double.parseDouble(s + "e-310"));
        assertParses(s + "e307", Double.parseDouble(s + "e307"));
    }

    @Test
    void slowPathHalfwayCase() {
        // 9007199254740993 = 2^53 + 1 is exactly halfway between 2^53 and 2^53 + 2. The 19-digit
        // prefix w = 9007199254740993000 (e-3) rounds to 2^53 while w + 1 rounds to 2^53 + 2, so
        // the bracketing disagrees and only the exact slow path can see the trailing 1.
        assertParses("9007199254740993.00000000000000000001", 0x4340_0000_0000_0001L);
        assertParses("9007199254740993", 0x4340_0000_0000_0000L);
        assertParses("-9007199254740993.00000000000000000001", 0xC340_0000_0000_0001L);
        assertParses("9007199254740992.99999999999999999999", 0x4340_0000_0000_0000L);
        // Same tie with leading fraction zeros and a huge exponent that cancels out.
        assertParses("0.000000000000000000009007199254740993000000000000000000001e36", 0x4340_0000_0000_0001L);
        // Halfway between the two smallest subnormals, plus or minus a little.
        assertParses("7.4109846876186981626485318930233205854758970392148714663837852375101326090531312779794975454245398856969484704316857659638998506553390969459816219401617281718945106978546710679176872575177347315553307795408549809608457500958111373034747658096871009590975442271004757307809711118935784838675653998783503015228055934046593739791790738723868299395818481660169122019456499931289798411362062484498678713572180352209017023903285791732520220528974020802906854021606612375549983402671300035812486479041385743401875520901590172592547146296175134159774938718574737870961645638908718119841271673056017045493004705269590165763776884908267986972573366521765567941072508764337560846003984904972149117463085539556354188641513168478436313080237596295773983001708984374999e-324",
                1L);
        assertParses("2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
                0L);
        assertParses("2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125000000000000000001e-324",
                1L);
    }

    // ---------------------------------------------------------------- randomized

    @Test
    void randomRoundTripsAndDigitStrings() {
        SplittableRandom r = new SplittableRandom(0x5EED_D0B1EL);
        for (int n = 0; n < 200_000; n++) {
            // Random finite doubles (all binades, subnormals included) round-trip via toString.
            long bits = r.nextLong() & 0x7FFF_FFFF_FFFF_FFFFL;
            if (bits >= 0x7FF0_0000_0000_0000L) {
                continue;
            }
            double d = Double.longBitsToDouble(bits);
            String s = Double.toString(d).replace("E", "e");
            if (s.endsWith(".0")) {
                s = s.substring(0, s.length() - 2);
            }
            if (r.nextBoolean()) {
                s = "-" + s;
                bits |= 0x8000_0000_0000_0000L;
            }
            assertBits(bits, parse(s), s, "parse");
        }
        for (int n = 0; n < 200_000; n++) {
            // Random digit strings of 1..40 digits with exponents covering the whole range.
            int digits = 1 + r.nextInt(n % 4 == 0 ? 40 : 19);
            StringBuilder sb = new StringBuilder(48);
            sb.append((char) ('1' + r.nextInt(9)));
            for (int i = 1; i < digits; i++) {
                sb.append((char) ('0' + r.nextInt(10)));
            }
            sb.append('e').append(r.nextInt(-360, 330) - digits / 2);
            String s = sb.toString();
            long expected = Double.doubleToRawLongBits(Double.parseDouble(s));
            assertBits(expected, parse(s), s, "parse");
            if (digits <= 19) {
                BigDecimal bd = new BigDecimal(s);
                assertBits(expected, DoubleParser.toDouble(bd.unscaledValue().longValue(), -bd.scale(), false),
                        s, "toDouble");
            }
        }
    }

    @Test
    void nearHalfwayPointsAroundDoubles() {
        // Exact midpoints between adjacent doubles, perturbed by ±1 in a far digit: exercises the
        // w / w+1 disagreement and the exact slow path across many binades.
        SplittableRandom r = new SplittableRandom(42);
        for (int n = 0; n < 3_000; n++) {
            long bits = r.nextLong(0x7FE0_0000_0000_0000L);
            BigDecimal lo = new BigDecimal(Double.longBitsToDouble(bits));
            BigDecimal hi = new BigDecimal(Double.longBitsToDouble(bits + 1));
            BigDecimal mid = lo.add(hi).divide(BigDecimal.valueOf(2));
            long even = (bits & 1) == 0 ? bits : bits + 1;
            BigDecimal eps = BigDecimal.ONE.movePointLeft(mid.scale() + 5);
            assertBits(even, parse(mid.toString().replace("E+", "e").replace("E", "e")), mid.toString(), "mid");
            String above = mid.add(eps).toString().replace("E+", "e").replace("E", "e");
            String below = mid.subtract(eps).toString().replace("E+", "e").replace("E", "e");
            assertBits(bits + 1, parse(above), above, "above mid");
            assertBits(bits, parse(below), below, "below mid");
        }
    }
}
