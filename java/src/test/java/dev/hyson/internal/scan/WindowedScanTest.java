package dev.hyson.internal.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hyson.JsonParseException;
import dev.hyson.internal.tape.Tape;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The windowed (stream) scan against the whole-document scan: for every corpus and conformance file
 * and for generated and mutated inputs, under every option set of {@link DifferentialTest}, the Java
 * scanner and every native kernel, fed in windows from one byte up, must write the same tape (span
 * bytes copied, offsets absolute) or fail with the same exception: kind, message, offset, line and
 * column. Tiny windows cut every token at every place, which is what the resumption must survive.
 */
class WindowedScanTest {
    private final Tape whole = new Tape();
    private final Tape windowed = new Tape();

    /** Java plus every native kernel this machine has (Java alone when the library does not load). */
    private static List<Scanner> scanners() {
        List<Scanner> list = new ArrayList<>();
        list.add(JavaScanner.INSTANCE);
        list.addAll(NativeLibrary.kernels());
        if ("true".equals(System.getenv("CI")) && list.size() == 1) {
            throw new IllegalStateException("CI=true but the native backend did not load: " + NativeLibrary.unavailableReason());
        }
        return list;
    }

    /** Returns whether the document is valid; asserts every scanner agrees in windows of {@code window} bytes. */
    private boolean compare(List<Scanner> scanners, byte[] doc, ReadConfig cfg, int window) {
        whole.reset(doc.length);
        boolean ok = JavaScanner.INSTANCE.scan(doc, 0, doc.length, cfg, whole);
        if (doc.length > cfg.maxDocumentLength) {
            return ok; // a stream reports errors in reading order, the limit when it is read past
        }
        JsonParseException expected = ok ? null : ScanError.create(whole.errorCode, doc, 0, doc.length, whole.errorOffset, cfg);
        for (Scanner scanner : scanners) {
            String what = scanner.name() + "/" + scanner.kernel() + ", window " + window + ", on "
                    + DifferentialTest.describe(doc, 0, doc.length);
            windowed.reset(window);
            JsonParseException got = null;
            int wholeLength = -1;
            try {
                wholeLength = StreamScan.scan(new ByteArrayInputStream(doc), scanner, scanner, 0, cfg, windowed, window);
            } catch (JsonParseException e) {
                got = e;
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            if (expected != null) {
                assertNotNull(got, "expected " + expected.getMessage() + ": " + what);
                assertEquals(withoutShortWindowHint(expected.getMessage(), window),
                        withoutShortWindowHint(got.getMessage(), window), what);
                assertEquals(expected.kind(), got.kind(), what);
                assertEquals(expected.offset(), got.offset(), what);
                assertEquals(expected.line(), got.line(), what);
                assertEquals(expected.column(), got.column(), what);
                continue;
            }
            if (got != null) {
                fail("unexpected " + got.getMessage() + ": " + what);
            }
            if (doc.length < window) {
                // a stream that ends within its first window is scanned whole, like an array
                assertEquals(doc.length, wholeLength, what);
                assertTrue(!windowed.windowed, what);
                assertArrayEquals(doc, Arrays.copyOf(windowed.input, wholeLength), what);
                assertArrayEquals(Arrays.copyOf(whole.entries, whole.size),
                        Arrays.copyOf(windowed.entries, windowed.size), "tape, " + what);
                continue;
            }
            assertEquals(-1, wholeLength, what);
            assertTrue(windowed.windowed, what);
            assertEquals(whole.size, windowed.size, "tape size, " + what);
            for (int k = 0; k < whole.size; k++) {
                long e = whole.entries[k];
                assertEquals(e, windowed.entries[k], "entry " + k + ", " + what);
                int tag = Tape.tag(e);
                if (tag == Tape.TRUE || tag == Tape.FALSE || tag == Tape.NULL) {
                    continue;
                }
                k++;
                if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8 || tag == Tape.BIG_INTEGER || tag == Tape.BIG_DECIMAL) {
                    int from = (int) Tape.payload(e) + (tag <= Tape.STR_UTF8 ? 1 : 0);
                    int len = (int) whole.entries[k];
                    long span = windowed.entries[k];
                    assertEquals(len, (int) span, "span length, entry " + k + ", " + what);
                    int at = (int) (span >>> 32);
                    assertArrayEquals(Arrays.copyOfRange(doc, from, from + len),
                            Arrays.copyOfRange(windowed.spans, at, at + len), "span bytes, entry " + k + ", " + what);
                } else {
                    assertEquals(whole.entries[k], windowed.entries[k], "entry " + k + ", " + what);
                }
            }
            assertArrayEquals(Arrays.copyOf(whole.latin1, whole.latin1Size),
                    Arrays.copyOf(windowed.latin1, windowed.latin1Size), "latin1, " + what);
            assertArrayEquals(Arrays.copyOf(whole.utf16, whole.utf16Size),
                    Arrays.copyOf(windowed.utf16, windowed.utf16Size), "utf16, " + what);
        }
        return ok;
    }

    /**
     * In a window of under 20 bytes (the first 4 the encoding hint reads, plus the 16 before a
     * window's end where a scanner waits for more input before it reports an error) the scan may have
     * moved past the document's start when it fails, and cannot give the encoding hint
     * ({@link ScanError#ENCODING_HINT}, EncodingHintTest): only that part of a message may differ.
     */
    private static String withoutShortWindowHint(String message, int window) {
        int at = message.indexOf(ScanError.ENCODING_HINT);
        return window < 20 && at >= 0 ? message.substring(0, at) : message;
    }

    @Test
    void files_corpusAndConformance_windowedEqualsWhole() throws IOException {
        List<Scanner> scanners = scanners();
        List<Path> files = new ArrayList<>();
        Path shared = DifferentialTest.shared();
        try (Stream<Path> s = Files.walk(shared.resolve("corpus"))) {
            s.filter(p -> p.toString().endsWith(".json")).forEach(files::add);
        }
        try (Stream<Path> s = Files.list(shared.resolve("conformance/jsontestsuite/test_parsing"))) {
            s.forEach(files::add);
        }
        try (Stream<Path> s = Files.list(shared.resolve("conformance/jsontestsuite/test_transform"))) {
            s.forEach(files::add);
        }
        assertTrue(files.size() > 350);
        for (Path p : files) {
            byte[] doc = Files.readAllBytes(p);
            compare(scanners, doc, DifferentialTest.DEFAULT, StreamScan.WINDOW);
            compare(scanners, doc, DifferentialTest.DEFAULT, 4096);
            // big decimals: the SIMD walk's number fast path writes their spans (relocated into a window's spans)
            compare(scanners, doc, DifferentialTest.STRICT, 4096);
            if (doc.length < 300_000) {
                for (ReadConfig cfg : DifferentialTest.CONFIGS) {
                    compare(scanners, doc, cfg, 7);
                }
            }
            if (doc.length < 2_000) {
                for (int window = 1; window <= 12; window++) {
                    compare(scanners, doc, DifferentialTest.LENIENT, window);
                }
            }
        }
    }

    @Test
    void generatedAndMutated_windowedEqualsWhole() {
        List<Scanner> scanners = scanners();
        SplittableRandom rnd = new SplittableRandom(20261201);
        int valid = 0;
        for (int i = 0; i < 12_000; i++) {
            byte[] doc = i % 3 == 2 ? DifferentialTest.number(rnd, true).getBytes(StandardCharsets.US_ASCII)
                    : DifferentialTest.generate(rnd);
            if (rnd.nextBoolean()) {
                doc = DifferentialTest.mutate(doc, rnd);
            }
            ReadConfig cfg = DifferentialTest.CONFIGS.get(rnd.nextInt(DifferentialTest.CONFIGS.size()));
            valid += compare(scanners, doc, cfg, 1 + rnd.nextInt(40)) ? 1 : 0;
        }
        assertTrue(valid > 2_000, "valid inputs: " + valid);
    }

    /** A stream that never ends: a prefix, then one byte forever. */
    private static InputStream endless(String prefix, byte fill) {
        byte[] head = prefix.getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            private long n;

            @Override
            public int read() {
                return n < head.length ? head[(int) n++] : fill;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                for (int i = 0; i < len; i++) {
                    b[off + i] = (byte) read();
                }
                return len;
            }
        };
    }

    private static ReadConfig limits(long string, int number, long document) {
        return new ReadConfig(1000, string, number, document, dev.hyson.DuplicateKeyPolicy.LAST_WINS,
                dev.hyson.SurrogatePolicy.KEEP, true, true, false, false, false, false, true);
    }

    @Test
    void endlessString_failsAtTheStringLimit_withBoundedWindow() {
        for (Scanner scanner : scanners()) {
            Tape tape = new Tape();
            tape.reset(StreamScan.WINDOW);
            JsonParseException e = assertThrows(JsonParseException.class, () -> StreamScan.scan(endless("[\"", (byte) 'a'),
                    scanner, scanner, 0, limits(1_000_000, 1000, Long.MAX_VALUE), tape, StreamScan.WINDOW));
            assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind(), scanner.kernel());
            assertEquals(1, e.offset(), scanner.kernel());
            assertTrue(e.getMessage().contains("maxStringLength"), e.getMessage());
            // the window grew to hold the string up to the limit, no further
            assertTrue(tape.window == null || tape.window.length <= 4 * 1_000_000, scanner.kernel());
        }
    }

    @Test
    void endlessNumber_failsAtTheNumberLimit() {
        for (Scanner scanner : scanners()) {
            Tape tape = new Tape();
            tape.reset(64);
            JsonParseException e = assertThrows(JsonParseException.class, () -> StreamScan.scan(endless("[1", (byte) '1'),
                    scanner, scanner, 0, limits(1000, 100, Long.MAX_VALUE), tape, 64));
            assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind(), scanner.kernel());
            assertEquals(1, e.offset(), scanner.kernel());
            assertTrue(e.getMessage().contains("maxNumberLength"), e.getMessage());
        }
    }

    @Test
    void longWhitespaceRun_keepsTheWindowAtItsSize() throws IOException {
        // 32 MiB of blanks between two tokens: consumed window by window, never retained
        int blanks = 32 << 20;
        for (Scanner scanner : scanners()) {
            Tape tape = new Tape();
            tape.reset(1 << 16);
            InputStream in = new InputStream() {
                private long n;

                @Override
                public int read() {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    long total = blanks + 4L;
                    if (n >= total) {
                        return -1;
                    }
                    int k = (int) Math.min(len, total - n);
                    for (int i = 0; i < k; i++, n++) {
                        b[off + i] = n == 0 ? (byte) '[' : n == total - 3 ? (byte) '1' : n == total - 2 ? (byte) ']' : n == total - 1 ? (byte) '\n' : (byte) ' ';
                    }
                    return k;
                }
            };
            assertEquals(-1, StreamScan.scan(in, scanner, scanner, 0, limits(1000, 1000, Long.MAX_VALUE), tape, 1 << 16));
            assertEquals(1 << 16, tape.window.length, scanner.kernel());
            assertEquals(4, tape.size, scanner.kernel()); // ARRAY (2 entries) + INT64 (2 entries)
            assertEquals(blanks + 1L, Tape.payload(tape.entries[2]), scanner.kernel()); // the 1, at its stream offset
        }
    }

    @Test
    void streamLongerThanTheLimit_failsOnceReadPastIt() {
        for (Scanner scanner : scanners()) {
            Tape tape = new Tape();
            tape.reset(StreamScan.WINDOW);
            JsonParseException e = assertThrows(JsonParseException.class, () -> StreamScan.scan(endless("[", (byte) ' '),
                    scanner, scanner, 0, limits(1000, 1000, 5_000_000), tape, StreamScan.WINDOW));
            assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind(), scanner.kernel());
            assertEquals(5_000_000, e.offset(), scanner.kernel());
            assertEquals(1, e.line());
            assertEquals(5_000_001, e.column());
        }
    }

    @Test
    void errorTexts_sameWhereTheWindowEndsNearThem() {
        // the message quotes the number (or the byte) at the error; a window's end must not cut it
        for (int pad = 0; pad < 70; pad++) {
            for (String tail : new String[] {"1e400" + "-".repeat(40), "-1e999" + "1".repeat(50) + "x", "[1,\u00e9]",
                    "[\"\\ud800\"]", "[1 2]"}) {
                byte[] doc = (" ".repeat(pad) + tail).getBytes(StandardCharsets.UTF_8);
                compare(scanners(), doc, DifferentialTest.DEFAULT, 64);
                compare(scanners(), doc, DifferentialTest.STRICT, 64);
            }
        }
    }

    @Test
    void lineAndColumn_countedAcrossWindows() {
        SplittableRandom rnd = new SplittableRandom(7);
        String[] pieces = {"\n", "  ", "\"é\"", "\"日本\"", "\"😀\"", "1", "true", "\r\n", "\"a\""};
        for (int round = 0; round < 300; round++) {
            StringBuilder sb = new StringBuilder("[");
            int n = 1 + rnd.nextInt(120);
            for (int i = 0; i < n; i++) {
                String p = pieces[rnd.nextInt(pieces.length)];
                sb.append(p.isBlank() ? p : p + ",");
            }
            sb.append(rnd.nextBoolean() ? "x]" : "\"\u0001\"]"); // an error at the end, after many lines
            byte[] doc = sb.toString().getBytes(StandardCharsets.UTF_8);
            compare(scanners(), doc, DifferentialTest.DEFAULT, 1 + rnd.nextInt(70));
        }
    }
}
