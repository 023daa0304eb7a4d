package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A UTF-16 or UTF-32 document is named as such in the error, with or without a byte order mark. */
class EncodingHintTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void otherEncodingsAreNamed(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        String json = "{\"a\":[1,2]}";
        Object[][] cases = {
            {StandardCharsets.UTF_16LE, new byte[] {(byte) 0xFF, (byte) 0xFE}, "UTF-16LE (byte order mark FF FE)"},
            {StandardCharsets.UTF_16BE, new byte[] {(byte) 0xFE, (byte) 0xFF}, "UTF-16BE (byte order mark FE FF)"},
            {StandardCharsets.UTF_16LE, new byte[0], "UTF-16LE (a zero byte after each character)"},
            {StandardCharsets.UTF_16BE, new byte[0], "UTF-16BE (a zero byte before each character)"},
            {Charset.forName("UTF-32LE"), new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0}, "UTF-32LE (byte order mark FF FE 00 00)"},
            {Charset.forName("UTF-32BE"), new byte[] {0, 0, (byte) 0xFE, (byte) 0xFF}, "UTF-32BE (byte order mark 00 00 FE FF)"},
            {Charset.forName("UTF-32LE"), new byte[0], "UTF-32LE (zero bytes after each character)"},
            {Charset.forName("UTF-32BE"), new byte[0], "UTF-32BE (zero bytes before each character)"},
        };
        for (Object[] c : cases) {
            byte[] body = json.getBytes((Charset) c[0]);
            byte[] bom = (byte[]) c[1];
            byte[] input = new byte[bom.length + body.length];
            System.arraycopy(bom, 0, input, 0, bom.length);
            System.arraycopy(body, 0, input, bom.length, body.length);
            JsonParseException e = assertThrows(JsonParseException.class, () -> reader.parse(input), (String) c[2]);
            assertTrue(e.getMessage().startsWith("input is not UTF-8: it looks like " + c[2] + " at line 1"), e.getMessage());
            assertTrue(e.getMessage().contains("iconv -f " + ((String) c[2]).split(" ")[0] + " -t UTF-8"), e.getMessage());
        }
        // UTF-8 errors elsewhere keep their own message
        JsonParseException utf8 = assertThrows(JsonParseException.class, () -> reader.parse(new byte[] {'[', '"', (byte) 0xFF, '"', ']'}));
        assertEquals(JsonParseException.Kind.INVALID_UTF8, utf8.kind());
        assertTrue(utf8.getMessage().startsWith("invalid UTF-8 byte 0xFF"), utf8.getMessage());
    }
}
