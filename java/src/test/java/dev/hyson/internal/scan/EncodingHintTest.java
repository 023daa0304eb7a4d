package dev.hyson.internal.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.Backend;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.internal.tape.Tape;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A UTF-16 or UTF-32 document (RFC 4627 section 3: a byte order mark, or the zero bytes of its first
 * four) is named in its error, with the conversion to make; the error's kind and offset are those
 * of the UTF-8 reading. The same message from an array, a direct buffer and a stream (whole or in
 * windows from 20 bytes up) on the Java scanner and every native kernel.
 */
class EncodingHintTest {
    private static final Charset UTF_32LE = Charset.forName("UTF-32LE");
    private static final Charset UTF_32BE = Charset.forName("UTF-32BE");
    private static final byte FF = (byte) 0xFF;
    private static final byte FE = (byte) 0xFE;

    /** Charset, byte order mark, the encoding as the hint names it. */
    private static final Object[][] CASES = {
        {StandardCharsets.UTF_16LE, new byte[] {FF, FE}, "UTF-16LE (byte order mark FF FE)"},
        {StandardCharsets.UTF_16BE, new byte[] {FE, FF}, "UTF-16BE (byte order mark FE FF)"},
        {StandardCharsets.UTF_16LE, new byte[0], "UTF-16LE (a zero byte after each character)"},
        {StandardCharsets.UTF_16BE, new byte[0], "UTF-16BE (a zero byte before each character)"},
        {UTF_32LE, new byte[] {FF, FE, 0, 0}, "UTF-32LE (byte order mark FF FE 00 00)"},
        {UTF_32BE, new byte[] {0, 0, FE, FF}, "UTF-32BE (byte order mark 00 00 FE FF)"},
        {UTF_32LE, new byte[0], "UTF-32LE (zero bytes after each character)"},
        {UTF_32BE, new byte[0], "UTF-32BE (zero bytes before each character)"},
    };

    /** Documents whose first character takes each path of the grammar: structure, string, number, literal, blank. */
    private static final String[] DOCUMENTS = {"{\"a\":[1,2]}", "[\"x\"]", "\"text\"", "12", "-1", "true", " null", "\n[]"};

    private static List<Scanner> scanners() {
        List<Scanner> list = new ArrayList<>();
        list.add(JavaScanner.INSTANCE);
        list.addAll(NativeLibrary.kernels());
        return list;
    }

    private static byte[] encode(Object[] c, String json) {
        byte[] body = json.getBytes((Charset) c[0]);
        byte[] bom = (byte[]) c[1];
        byte[] input = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, input, 0, bom.length);
        System.arraycopy(body, 0, input, bom.length, body.length);
        return input;
    }

    private static String hint(String encoding) {
        return ScanError.ENCODING_HINT + encoding + "; JSON must be UTF-8 (RFC 8259 section 8.1): convert it, e.g. iconv -f "
                + encoding.substring(0, encoding.indexOf(' ')) + " -t UTF-8";
    }

    private static JsonParseException whole(Scanner scanner, byte[] doc) {
        Tape tape = new Tape();
        tape.reset(doc.length);
        assertTrue(!scanner.scan(doc, 0, doc.length, DifferentialTest.DEFAULT, tape), "accepted " + scanner.kernel());
        return ScanError.create(tape.errorCode, doc, 0, doc.length, tape.errorOffset, DifferentialTest.DEFAULT);
    }

    private static JsonParseException windowed(Scanner scanner, byte[] doc, int window) {
        Tape tape = new Tape();
        tape.reset(window);
        return assertThrows(JsonParseException.class, () -> {
            try {
                StreamScan.scan(new ByteArrayInputStream(doc), scanner, scanner, 0, DifferentialTest.DEFAULT, tape, window);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }, scanner.kernel() + ", window " + window);
    }

    @Test
    void scan_utf16AndUtf32_hintNamesTheEncoding_sameForEveryScannerAndWindow() {
        for (Object[] c : CASES) {
            for (String json : DOCUMENTS) {
                byte[] doc = encode(c, json);
                String what = c[2] + " " + json;
                JsonParseException reference = whole(JavaScanner.INSTANCE, doc);
                assertTrue(reference.offset() < 4, what + ": " + reference.getMessage());
                assertTrue(reference.getMessage().endsWith(hint((String) c[2])), what + ": " + reference.getMessage());
                // the UTF-8 reading's error, with the hint after its own detail
                String plain = reference.getMessage().substring(0, reference.getMessage().indexOf(ScanError.ENCODING_HINT));
                assertTrue(plain.contains(" at line "), plain);
                for (Scanner scanner : scanners()) {
                    String on = what + " on " + scanner.kernel();
                    assertSame(reference, whole(scanner, doc), on);
                    for (int window = 20; window <= 40; window++) {
                        assertSame(reference, windowed(scanner, doc, window), on + ", window " + window);
                    }
                    assertSame(reference, windowed(scanner, doc, StreamScan.WINDOW), on + ", one window");
                    for (int window = 1; window < 20; window++) {
                        // a window of under 20 bytes may have moved past the first 4 when the error is
                        // reported (see ScanError.ENCODING_HINT): the rest of the error is the same
                        JsonParseException cut = windowed(scanner, doc, window);
                        assertEquals(reference.kind(), cut.kind(), on);
                        assertEquals(reference.offset(), cut.offset(), on);
                        assertTrue(cut.getMessage().startsWith(plain), on + ": " + cut.getMessage());
                    }
                }
            }
        }
    }

    @Test
    void parse_utf16AndUtf32_arrayBufferAndStream_everyBackend() {
        List<Backend> backends = new ArrayList<>();
        backends.add(Backend.of(Backend.Choice.JAVA));
        for (String kernel : Backend.nativeKernels()) {
            backends.add(Backend.nativeKernel(kernel));
        }
        for (Backend backend : backends) {
            JsonReader reader = JsonReader.builder().backend(backend).build();
            for (Object[] c : CASES) {
                byte[] doc = encode(c, "{\"name\":\"Ada\",\"born\":1815}");
                String expected = hint((String) c[2]);
                JsonParseException array = assertThrows(JsonParseException.class, () -> reader.parse(doc));
                assertTrue(array.getMessage().endsWith(expected), array.getMessage());
                assertTrue(array.detail().endsWith(expected), array.detail());
                JsonParseException stream = assertThrows(JsonParseException.class, () -> reader.parse(new ByteArrayInputStream(doc)));
                assertEquals(array.getMessage(), stream.getMessage(), backend + " " + c[2]);
                ByteBuffer direct = ByteBuffer.allocateDirect(doc.length).put(doc).flip();
                JsonParseException buffer = assertThrows(JsonParseException.class, () -> reader.parse(direct));
                assertEquals(array.getMessage(), buffer.getMessage(), backend + " " + c[2]);
                assertEquals(array.kind(), stream.kind());
                assertEquals(array.offset(), buffer.offset());
            }
        }
    }

    @Test
    void create_hintOnlyForErrorsInTheFirstFourBytes() {
        byte[] utf16 = "[1,2,3]".getBytes(StandardCharsets.UTF_16LE);
        assertTrue(ScanError.create(ScanError.EXPECTED_VALUE, utf16, 0, utf16.length, 3, DifferentialTest.DEFAULT)
                .getMessage().contains(ScanError.ENCODING_HINT));
        assertTrue(!ScanError.create(ScanError.EXPECTED_VALUE, utf16, 0, utf16.length, 4, DifferentialTest.DEFAULT)
                .getMessage().contains(ScanError.ENCODING_HINT));
        // a window further into a stream is not the document's start
        assertTrue(!ScanError.create(ScanError.EXPECTED_VALUE, utf16, 0, utf16.length, 1, DifferentialTest.DEFAULT, 4096, 1, 4097)
                .getMessage().contains(ScanError.ENCODING_HINT));
        // a limit is not about the encoding
        assertTrue(!ScanError.create(ScanError.DEPTH_LIMIT, utf16, 0, utf16.length, 0, DifferentialTest.DEFAULT)
                .getMessage().contains(ScanError.ENCODING_HINT));
    }

    @Test
    void otherEncoding_utf8AndShortInputs_none() {
        for (String s : new String[] {"", "[", "[1]", "{\"a\":1}", "\u00e9t\u00e9", "\"\u65e5\u672c\""}) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            assertNull(ScanError.otherEncoding(b, 0, b.length), s);
        }
        assertNull(ScanError.otherEncoding(new byte[] {'[', 0, ']'}, 0, 3)); // too short for a zero-byte pattern
        assertNotNull(ScanError.otherEncoding(new byte[] {FF, FE}, 0, 2)); // a byte order mark alone
        JsonParseException utf8 = assertThrows(JsonParseException.class,
                () -> JsonReader.builder().build().parse(new byte[] {'[', '"', FF, '"', ']'}));
        assertEquals("invalid UTF-8 byte 0xFF at line 1, column 3 (byte 2): input must be well-formed UTF-8 (RFC 8259 section 8.1)",
                utf8.getMessage());
    }

    private static void assertSame(JsonParseException expected, JsonParseException got, String what) {
        assertEquals(expected.getMessage(), got.getMessage(), what);
        assertEquals(expected.kind(), got.kind(), what);
        assertEquals(expected.offset(), got.offset(), what);
        assertEquals(expected.line(), got.line(), what);
        assertEquals(expected.column(), got.column(), what);
    }
}
