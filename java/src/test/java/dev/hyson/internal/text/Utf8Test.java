package dev.hyson.internal.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The one UTF-8 decoder against the JDK's: every code point, each sequence length at its bounds, ill-formed input. */
class Utf8Test {
    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int k = 0; k < b.length; k++) {
            out[k] = (byte) b[k];
        }
        return out;
    }

    private static String decode(byte[] b) {
        char[] chars = new char[b.length];
        return new String(chars, 0, Utf8.toChars(b, 0, b.length, chars, 0));
    }

    @Test
    void toCharsAndCodePointAt_everyScalarValue_matchTheJdk() {
        for (int cp = 0; cp <= 0x10FFFF; cp++) {
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                continue;
            }
            String s = new String(Character.toChars(cp));
            byte[] b = ("a" + s + "z").getBytes(StandardCharsets.UTF_8);
            assertEquals("a" + s + "z", decode(b), Integer.toHexString(cp));
            assertEquals(cp, Utf8.codePointAt(b, 1, b.length), Integer.toHexString(cp));
            assertEquals(b.length - 1, cp < 0x80 ? 2 : Utf8.validate(b, 1, b.length), Integer.toHexString(cp));
        }
    }

    @Test
    void toChars_sequenceLengthBounds_decodeToTheirCodePoints() {
        assertEquals("\u007F\u0080\u07FF\u0800\uFFFF\uD800\uDC00\uDBFF\uDFFF",
                decode(bytes(0x7F, 0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xEF, 0xBF, 0xBF,
                        0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF)));
        char[] dst = {'x', 'x', 'x', 'x'};
        assertEquals(3, Utf8.toChars(bytes(0x41, 0xF0, 0x9F, 0x98, 0x80, 0x42), 1, 5, dst, 1));
        assertEquals("x\uD83D\uDE00x", new String(dst));
    }

    @Test
    void codePointAt_illFormedSequences_areMinusOne() {
        int[][] bad = {
            {0x80}, {0xBF}, // continuation bytes in lead position
            {0xC0, 0x80}, {0xC1, 0xBF}, // overlong two-byte forms
            {0xE0, 0x9F, 0xBF}, // overlong three-byte form
            {0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF}, // encoded surrogates
            {0xF0, 0x8F, 0xBF, 0xBF}, // overlong four-byte form
            {0xF4, 0x90, 0x80, 0x80}, {0xF5, 0x80, 0x80, 0x80}, {0xFF}, // above U+10FFFF
            {0xC2, 0x41}, {0xE2, 0x82, 0x41}, {0xF0, 0x9F, 0x98, 0x41}, // a non-continuation byte inside
            {0xC2}, {0xE2, 0x82}, {0xF0, 0x9F, 0x98}, // cut by the end
        };
        for (int[] b : bad) {
            assertEquals(-1, Utf8.codePointAt(bytes(b), 0, b.length), java.util.Arrays.toString(b));
        }
        assertEquals(0x20AC, Utf8.codePointAt(bytes(0xE2, 0x82, 0xAC, 0x80), 0, 3));
        assertEquals(-1, Utf8.codePointAt(bytes(0xE2, 0x82, 0xAC), 0, 2)); // end cuts the sequence
    }

    @Test
    void completeLength_cutSequence_endsBeforeItsLead() {
        byte[] b = "a\u00E9\u20AC\uD83D\uDE00".getBytes(StandardCharsets.UTF_8); // 1 + 2 + 3 + 4 bytes
        assertEquals(10, Utf8.completeLength(b, 10));
        assertEquals(6, Utf8.completeLength(b, 9));
        assertEquals(6, Utf8.completeLength(b, 7));
        assertEquals(6, Utf8.completeLength(b, 6));
        assertEquals(3, Utf8.completeLength(b, 5));
        assertEquals(1, Utf8.completeLength(b, 2));
        assertEquals(0, Utf8.completeLength(b, 0));
    }
}
