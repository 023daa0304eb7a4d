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
}
