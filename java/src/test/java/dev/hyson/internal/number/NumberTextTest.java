package dev.hyson.internal.number;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The number walk against RFC 8259 section 6, and the BigDecimal scale check. */
class NumberTextTest {
    private static int end(String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        return NumberText.end(b, 0, b.length);
    }

    @Test
    void isNumber_rfc8259Grammar_acceptsExactlyTheNumbers() {
        for (String s : new String[] {"0", "-0", "7", "-12", "0.5", "-0.0", "1e5", "1E+5", "1e-05", "12.34e56",
            "123456789012345678901234567890", "0e0"}) {
            assertTrue(NumberText.isNumber(s), s);
        }
        for (String s : new String[] {"", "-", "+1", "01", "-01", ".5", "1.", "1.e5", "1e", "1e+", "1E-", "0x1", " 1",
            "1 ", "NaN", "Infinity", "-Infinity", "1.5.2", "1e5e5", "\u0661", "--1"}) {
            assertFalse(NumberText.isNumber(s), s);
        }
    }

    @Test
    void end_numberFollowedByText_stopsAfterTheNumber() {
        assertEquals(3, end("123,"));
        assertEquals(4, end("-1.5]"));
        assertEquals(6, end("2.5e-3}"));
        assertEquals(1, end("0123")); // the grammar reads "0"; the caller finds the digit after it
        assertEquals(~2, end("1.x"));
        assertEquals(~2, end("1e"));
        assertEquals(~1, end("-a"));
        assertEquals(~0, end("x"));
    }

    @Test
    void scaleFits_exponentAgainstIntScale_boundaryExact() {
        assertTrue(scaleFits("1.25"));
        assertTrue(scaleFits("-1e-2147483647")); // scale 2147483647
        assertFalse(scaleFits("1e-2147483648")); // scale 2147483648
        assertTrue(scaleFits("1e2147483647")); // scale -2147483647
        assertFalse(scaleFits("1e2147483648"));
        assertTrue(scaleFits("0.5e2147483648")); // 1 - 2147483648 = -2147483647
        assertFalse(scaleFits("1e99999999999999999999"));
        assertTrue(scaleFits("12345678901234567890"));
    }

    private static boolean scaleFits(String s) {
        byte[] b = ("[" + s + "]").getBytes(StandardCharsets.ISO_8859_1);
        return NumberText.scaleFits(b, 1, s.length());
    }

    @Test
    void decimalIsExactlyTheJdksBigDecimalOrDeclines() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(27);
        java.util.List<String> texts = new java.util.ArrayList<>(java.util.List.of("0", "-0", "-0.0", "0.000",
                "123456789012345678", "-123456789012345678", "1234567890123456789", "99999999999999999.9",
                "-65.613616999999977", "1.50", "1e5", "1.5E-3", "1234567890.1234567890"));
        for (int i = 0; i < 20_000; i++) {
            int intDigits = 1 + r.nextInt(i % 2 == 0 ? 12 : 19);
            int fracDigits = r.nextInt(i % 2 == 0 ? 12 : 19);
            StringBuilder b = new StringBuilder(r.nextBoolean() ? "-" : "");
            b.append(1 + r.nextInt(9));
            for (int k = 1; k < intDigits; k++) {
                b.append(r.nextInt(10));
            }
            if (fracDigits > 0) {
                b.append('.');
                for (int k = 0; k < fracDigits; k++) {
                    b.append(r.nextInt(10));
                }
            }
            texts.add(b.toString());
        }
        int fast = 0;
        for (String s : texts) {
            // digits after the number's length must not count (the eight-digit steps read no further)
            byte[] b = ("[" + s + (s.length() % 3 == 0 ? "," : "12345678901234567")).getBytes(StandardCharsets.ISO_8859_1);
            java.math.BigDecimal got = NumberText.decimal(b, 1, s.length());
            java.math.BigDecimal want = new java.math.BigDecimal(s);
            int digits = s.replace("-", "").replace(".", "").length();
            if (s.indexOf('e') >= 0 || s.indexOf('E') >= 0 || digits > 18) {
                assertEquals(null, got, s);
            } else {
                assertEquals(want.unscaledValue(), got.unscaledValue(), s);
                assertEquals(want.scale(), got.scale(), s);
                fast++;
            }
        }
        assertTrue(fast > 10_000, "most random texts take the fast path: " + fast);
    }
}
