package dev.hyson.internal.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.JsonParseException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Error texts and locations: lines end at LF, columns count code points, the same for a window, an array and a direct buffer. */
class ScanErrorTest {
    private static final ReadConfig CFG = DifferentialTest.DEFAULT;

    private static JsonParseException at(String text, int at) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return ScanError.create(ScanError.EXPECTED_VALUE, b, 0, b.length, at, CFG);
    }

    private static String location(JsonParseException e) {
        return e.offset() + "@" + e.line() + ":" + e.column();
    }

    @Test
    void create_lineEndsAndMultiByteCharacters_lineAndColumnInCodePoints() {
        assertEquals("0@1:1", location(at("x", 0)));
        assertEquals("5@1:3", location(at("\u00E9\u20AC,x", 5))); // 2 + 3 bytes, 2 code points, then ','
        assertEquals("5@2:1", location(at("[1,\r\nx", 5))); // CRLF ends one line
        assertEquals("4@1:5", location(at("[1,\rx", 4))); // a lone CR does not
        assertEquals("4@3:2", location(at("\n\n\u00E9x", 4)));
    }

    @Test
    void create_windowOfAStream_continuesFromTheWindowsStart() {
        byte[] b = "[1,\n \u00E9 ,x]".getBytes(StandardCharsets.UTF_8);
        JsonParseException whole = ScanError.create(ScanError.EXPECTED_VALUE, b, 0, b.length, 9, CFG);
        JsonParseException sameLine = ScanError.create(ScanError.EXPECTED_VALUE, b, 5, b.length, 9, CFG, 5, 2, 2);
        JsonParseException earlierLine = ScanError.create(ScanError.EXPECTED_VALUE, b, 2, b.length, 9, CFG, 2, 1, 3);
        assertEquals("9@2:5", location(whole));
        assertEquals(whole.getMessage(), ScanError.create(ScanError.EXPECTED_VALUE, b, 0, b.length, 9, CFG).getMessage());
        assertEquals("9@2:5", location(sameLine));
        assertEquals("9@2:5", location(earlierLine));
    }

    @Test
    void create_foundCharacter_namedAsCodePointOrIllFormedByte() {
        assertEquals("unexpected ']' at line 1, column 2 (byte 1): expected a value", at("[]", 1).getMessage());
        assertEquals("unexpected U+00E9 at line 1, column 2 (byte 1): expected a value", at("[\u00E9]", 1).getMessage());
        assertEquals("unexpected U+1F600 at line 1, column 1 (byte 0): expected a value", at("\uD83D\uDE00", 0).getMessage());
        byte[] overlong = {'[', (byte) 0xC0, (byte) 0x80, ']'};
        assertEquals("unexpected byte 0xC0 at line 1, column 2 (byte 1): expected a value",
                ScanError.create(ScanError.EXPECTED_VALUE, overlong, 0, 4, 1, CFG).getMessage());
        byte[] cut = {'[', (byte) 0xE2, (byte) 0x82};
        assertEquals("unexpected byte 0xE2 at line 1, column 2 (byte 1): expected a value",
                ScanError.create(ScanError.EXPECTED_VALUE, cut, 0, 3, 1, CFG).getMessage());
    }

    @Test
    void create_numberOutOfRange_showsTheNumberTextUpTo40Chars() {
        byte[] b = "[1.5e999,2]".getBytes(StandardCharsets.US_ASCII);
        assertEquals("number 1.5e999 out of the double range at line 1, column 2 (byte 1): allow infinities with"
                + " JsonReader.Builder.allowInfinityForOverflow(true)",
                ScanError.create(ScanError.NUMBER_OUT_OF_RANGE, b, 0, b.length, 1, CFG).getMessage());
        String digits = "1" + "0".repeat(49) + "e999";
        byte[] c = (digits + "]").getBytes(StandardCharsets.US_ASCII);
        assertEquals("number " + digits.substring(0, 40) + "... out of the double range",
                ScanError.create(ScanError.NUMBER_OUT_OF_RANGE, c, 0, c.length, 0, CFG).getMessage().split(" at line")[0]);
    }

    @Test
    void documentTooLong_directBuffer_sameLocationAsTheArrayPath() {
        StringBuilder sb = new StringBuilder("xx[");
        for (int k = 0; k < 5000; k++) {
            sb.append(k % 7 == 0 ? "\"\u00E9\u20AC\",\r\n" : "\"abc\",");
        }
        byte[] b = sb.append("1]").toString().getBytes(StandardCharsets.UTF_8);
        ReadConfig tight = new ReadConfig(1000, 1000, 1000, 20_000, CFG.duplicateKeys, CFG.loneSurrogates, true, false,
                false, false, false, false, true);
        assertTrue(b.length > 2 + 20_000);
        ByteBuffer direct = ByteBuffer.allocateDirect(b.length);
        direct.put(b).position(2); // the document starts after "xx"
        JsonParseException fromBuffer = ScanError.documentTooLong(direct, tight);
        JsonParseException fromArray = ScanError.create(ScanError.DOCUMENT_LIMIT, b, 2, b.length, 2 + 20_000, tight);
        assertEquals(20_000, fromBuffer.offset());
        assertEquals(fromArray.line(), fromBuffer.line());
        assertEquals(fromArray.column(), fromBuffer.column());
        assertEquals(fromArray.kind(), fromBuffer.kind());
        assertEquals(fromArray.getMessage().replace("(byte 20002)", "(byte 20000)"), fromBuffer.getMessage());
        assertEquals(2, direct.position());
        long lines = 1 + new String(b, 2, 20_000, StandardCharsets.UTF_8).chars().filter(ch -> ch == '\n').count();
        assertEquals(lines, fromBuffer.line());
    }
}
