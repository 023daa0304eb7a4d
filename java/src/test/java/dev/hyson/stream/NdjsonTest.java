package dev.hyson.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.Backend;
import dev.hyson.Json;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import dev.hyson.TypeRef;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** JSON Lines reading (serial and parallel, every input shape) and writing, on every backend. */
class NdjsonTest {
    record Point(int x, int y) {
    }

    @TempDir
    Path dir;

    static List<Backend> backends() {
        List<Backend> list = new ArrayList<>();
        list.add(Backend.of(Backend.Choice.JAVA));
        for (String kernel : Backend.nativeKernels()) {
            list.add(Backend.nativeKernel(kernel));
        }
        list.add(Backend.of(Backend.Choice.AUTO));
        return list;
    }

    private static JsonReader reader(Backend backend) {
        return JsonReader.builder().backend(backend).build();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The shared folder: {@code -Dhyson.shared}, else {@code ../shared} or {@code ../../shared}. */
    private static Path shared() {
        String prop = System.getProperty("hyson.shared");
        List<Path> candidates = new ArrayList<>();
        if (prop != null) {
            candidates.add(Path.of(prop));
        }
        candidates.add(Path.of("..", "shared"));
        candidates.add(Path.of("..", "..", "shared"));
        for (Path p : candidates) {
            if (Files.isDirectory(p.resolve("corpus"))) {
                return p;
            }
        }
        assumeTrue(false, "../shared not found (looked at " + candidates + "): the JSON Lines corpus test is skipped");
        return null;
    }

    /** A stream that returns at most {@code step} bytes per read, to cut lines at every place. */
    private static InputStream trickle(byte[] b, int step) {
        return new FilterInputStream(new ByteArrayInputStream(b)) {
            @Override
            public int read(byte[] buf, int off, int len) throws java.io.IOException {
                return super.read(buf, off, Math.min(len, step));
            }
        };
    }

    /** Every way of reading the same bytes: array, stream, trickled stream, file; serial and parallel. */
    private List<Function<JsonLines, Stream<Object>>> shapes(byte[] input) throws Exception {
        Path file = Files.write(dir.resolve("in-" + System.nanoTime() + ".ndjson"), input);
        List<Function<JsonLines, Stream<Object>>> shapes = new ArrayList<>();
        for (int threads : new int[] {1, 2, 3}) {
            shapes.add(l -> l.parallel(threads).read(input));
            shapes.add(l -> l.parallel(threads).read(new ByteArrayInputStream(input)));
            shapes.add(l -> l.parallel(threads).read(trickle(input, 3)));
            shapes.add(l -> l.parallel(threads).read(file));
        }
        return shapes;
    }

    private static List<Object> all(Stream<Object> s) {
        try (s) {
            return s.collect(Collectors.toList());
        }
    }

    private static List<Object> parseEach(JsonReader reader, String... lines) {
        List<Object> out = new ArrayList<>();
        for (String line : lines) {
            out.add(reader.parse(line));
        }
        return out;
    }

    /** A byte order mark then blanks is a blank line, skipped as one (found by a helper's attack run). */
    @ParameterizedTest
    @MethodSource("backends")
    void byteOrderMark_thenBlanks_isABlankLine(Backend backend, @TempDir Path dir) throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[][] inputs = {concat(bom, "\n2\n".getBytes(StandardCharsets.US_ASCII)),
            concat(bom, "  \r\n2".getBytes(StandardCharsets.US_ASCII)), bom, concat(bom, "2\n".getBytes(StandardCharsets.US_ASCII))};
        List<List<Object>> expected = List.of(List.of(2L), List.of(2L), List.of(), List.of(2L));
        JsonReader reader = reader(backend);
        for (int k = 0; k < inputs.length; k++) {
            byte[] in = inputs[k];
            Path file = Files.write(dir.resolve("bom" + k + ".ndjson"), in);
            assertEquals(expected.get(k), all(reader.readLines(in)), "input " + k);
            assertEquals(expected.get(k), all(reader.readLines(new ByteArrayInputStream(in))), "input " + k);
            assertEquals(expected.get(k), all(reader.readLines(file)), "input " + k);
            assertEquals(expected.get(k), all(reader.lines().parallel(2).read(file)), "input " + k);
            assertEquals(expected.get(k).size(), reader.lines().validate(in), "input " + k);
        }
        // a reader that refuses the mark still does
        JsonReader strict = reader(backend).toBuilder().allowByteOrderMark(false).build();
        JsonParseException e = assertThrows(JsonParseException.class, () -> all(strict.readLines(inputs[0])));
        assertEquals(JsonParseException.Kind.BYTE_ORDER_MARK, e.kind());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void corpus_amazonCellphones_equalsParseOfEachLine(Backend backend) throws Exception {
        Path file = shared().resolve("corpus/amazon_cellphones.ndjson");
        assumeTrue(Files.exists(file), file + " not found: skipped");
        JsonReader reader = reader(backend);
        byte[] bytes = Files.readAllBytes(file);
        List<Object> expected = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                expected.add(reader.parse(bytes, start, i - start));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            expected.add(reader.parse(bytes, start, bytes.length - start));
        }
        assertTrue(expected.size() > 100, "lines: " + expected.size());
        try (Stream<Object> s = reader.readLines(file)) {
            assertEquals(expected, s.collect(Collectors.toList()));
        }
        assertEquals(expected, all(reader.lines().parallel(2).read(file)));
        assertEquals(expected, all(reader.readLines(new ByteArrayInputStream(bytes))));
        assertEquals(expected, all(reader.readLines(bytes)));
        assertEquals(List.of("asin", "brand", "title", "url", "image", "rating", "reviewUrl", "totalReviews", "prices"),
                expected.get(0));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void readLines_crlfBlankLinesAndNoFinalNewline_givesEveryValue(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        byte[] input = utf8("\n  \n1\r\n[2, \"\u00e9\"]\r\n\t\r\n\r\n{\"a\":null}\nnull\n\"last\"");
        List<Object> expected = parseEach(reader, "1", "[2, \"\u00e9\"]", "{\"a\":null}", "null", "\"last\"");
        for (Function<JsonLines, Stream<Object>> shape : shapes(input)) {
            assertEquals(expected, all(shape.apply(reader.lines())));
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void readLines_emptyOrBlankInput_isEmpty(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        for (String text : new String[] {"", "\n", "\r\n\r\n", "   "}) {
            for (Function<JsonLines, Stream<Object>> shape : shapes(utf8(text))) {
                assertEquals(List.of(), all(shape.apply(reader.lines())), "input " + Arrays.toString(utf8(text)));
            }
        }
    }

    /** Line 1 good; line 2 bad at its column 8 (byte 8 + 7); line 4 good; line 5 bad, no newline. */
    private static final String BAD = "{\"a\":1}\n{\"a\":2,}\n\n[3]\r\n[\"\u00e9\u00e9\",tru";

    @ParameterizedTest
    @MethodSource("backends")
    void failPolicy_badLine_throwsWithLineColumnAndByteOfTheWholeInput(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        for (Function<JsonLines, Stream<Object>> shape : shapes(utf8(BAD))) {
            List<Object> seen = new ArrayList<>();
            JsonParseException e;
            try (Stream<Object> s = shape.apply(reader.lines())) {
                e = assertThrows(JsonParseException.class, () -> s.forEach(seen::add));
            }
            assertEquals(List.of(Map.of("a", 1L)), seen);
            assertEquals(2, e.line());
            assertEquals(8, e.column());
            assertEquals(15, e.offset());
            assertEquals(JsonParseException.Kind.SYNTAX, e.kind());
            assertTrue(e.getMessage().contains("at line 2, column 8 (byte 15)"), e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void failPolicy_firstAndLastLineBad_reportTheirPlaces(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        for (Function<JsonLines, Stream<Object>> shape : shapes(utf8("  x\n1\n"))) {
            JsonParseException e = assertThrows(JsonParseException.class, () -> all(shape.apply(reader.lines())));
            assertEquals(1, e.line());
            assertEquals(3, e.column());
            assertEquals(2, e.offset());
        }
        // line 3 (after a CRLF line), non-ASCII before the error: the column counts code points
        for (Function<JsonLines, Stream<Object>> shape : shapes(utf8("1\r\n2\r\n[\"\u00e9\u00e9\",tru"))) {
            JsonParseException e = assertThrows(JsonParseException.class, () -> all(shape.apply(reader.lines())));
            assertEquals(3, e.line());
            assertEquals(10, e.column()); // ["éé",tru then the end: the literal is cut by the end of the input, after 9 code points
            assertEquals(6 + 11, e.offset()); // é is 2 bytes
            assertEquals(JsonParseException.Kind.UNEXPECTED_END, e.kind());
            JsonParseException alone = assertThrows(JsonParseException.class, () -> reader.parse("[\"\u00e9\u00e9\",tru"));
            assertEquals(alone.kind(), e.kind());
            assertEquals(alone.detail(), e.detail());
            assertEquals(alone.getMessage().replace("line 1,", "line 3,").replace("(byte 11)", "(byte 17)"), e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void skipPolicy_badLines_reportedInOrderAndGoodValuesReturned(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        for (Function<JsonLines, Stream<Object>> shape : shapes(utf8(BAD))) {
            List<LineError> errors = new ArrayList<>();
            List<Object> values = all(shape.apply(reader.lines().onError(errors::add)));
            assertEquals(List.of(Map.of("a", 1L), List.of(3L)), values);
            assertEquals(2, errors.size());
            assertEquals(2, errors.get(0).line());
            assertEquals(8, errors.get(0).offset());
            assertEquals(15, errors.get(0).exception().offset());
            assertEquals(5, errors.get(1).line());
            assertEquals(23, errors.get(1).offset());
            assertEquals(5, errors.get(1).exception().line());
            assertEquals(10, errors.get(1).exception().column()); // the end of the cut literal
            assertEquals(23 + 11, errors.get(1).exception().offset());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void readLines_twoValuesOnALine_isAnErrorOfThatLine(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        for (Function<JsonLines, Stream<Object>> shape : shapes(utf8("[]\n{}{}\n"))) {
            JsonParseException e = assertThrows(JsonParseException.class, () -> all(shape.apply(reader.lines())));
            assertEquals(2, e.line());
            assertEquals(3, e.column());
            assertEquals(5, e.offset());
        }
    }

    /** The most bytes a read may have taken from the stream when a garbage line's early error reaches the handler. */
    long readBeforeAnEarlyError() {
        return 3 << 20;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void garbageLine_longerThanABlock_errorAtItsFirstByteBeforeTheLineIsRead(Backend backend) throws Exception {
        // line 2: 16 MiB of zero bytes (what /dev/zero gives), then valid lines; the error comes from the
        // first block of the line, while the stream has delivered little more than that block
        byte[] zeros = new byte[16 << 20];
        byte[] head = utf8("[1]\n");
        byte[] tail = utf8("\n[2]\n{\"a\":3}\n");
        long[] readWhenReported = {-1};
        long[] read = {0};
        InputStream in = new java.io.SequenceInputStream(java.util.Collections.enumeration(List.of(
                new ByteArrayInputStream(head), new ByteArrayInputStream(zeros), new ByteArrayInputStream(tail)))) {
            @Override
            public int read(byte[] b, int off, int len) throws java.io.IOException {
                int n = super.read(b, off, len);
                read[0] += Math.max(n, 0);
                return n;
            }
        };
        List<LineError> errors = new ArrayList<>();
        JsonReader reader = JsonReader.builder().backend(backend).build();
        try (Stream<Object> values = reader.lines().onError(e -> {
            errors.add(e);
            readWhenReported[0] = read[0];
        }).read(in)) {
            assertEquals(List.of(List.of(1L), List.of(2L), Map.of("a", 3L)), values.collect(Collectors.toList()));
        }
        assertEquals(1, errors.size());
        JsonParseException e = errors.get(0).exception();
        assertEquals(2, e.line());
        assertEquals(1, e.column());
        assertEquals(head.length, e.offset());
        assertTrue(readWhenReported[0] <= readBeforeAnEarlyError(), "bytes read when the error was reported: " + readWhenReported[0]);
        // the same error as a whole-line parse of the line gives
        JsonParseException whole = assertThrows(JsonParseException.class, () -> reader.parse(zeros));
        assertEquals(whole.kind(), e.kind());
        assertEquals(whole.getMessage().replace("line 1", "line 2").replace("(byte 0)", "(byte " + head.length + ")"),
                e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void documentLimit_perLine_longLineIsLimitErrorAndSkippedWithoutBuffering(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).maxDocumentLength(10).build();
        // line 2 is 13 bytes; line 4 is exactly 10 bytes before its CR LF; line 5 is 3 MB
        String big = "[" + "1,".repeat(1_500_000) + "1]";
        byte[] input = utf8("1\n[1,2,3,4,5,6]\n2\n[1,2,3,44]\r\n" + big + "\n3");
        for (Function<JsonLines, Stream<Object>> shape : shapes(input)) {
            List<LineError> errors = new ArrayList<>();
            assertEquals(List.of(1L, 2L, List.of(1L, 2L, 3L, 44L), 3L), all(shape.apply(reader.lines().onError(errors::add))));
            assertEquals(List.of(2L, 5L), errors.stream().map(LineError::line).collect(Collectors.toList()));
            JsonParseException first = errors.get(0).exception();
            assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, first.kind());
            assertEquals(2 + 10, first.offset());
            assertEquals(11, first.column());
            assertTrue(first.getMessage().contains("maxDocumentLength (10 bytes)"), first.getMessage());
            assertEquals(30 + 10, errors.get(1).exception().offset());

            JsonParseException e = assertThrows(JsonParseException.class, () -> all(shape.apply(reader.lines())));
            assertEquals(2, e.line());
            assertEquals(12, e.offset());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void boundRead_records_andBindingErrorsPlacedInTheInput(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        byte[] input = utf8("{\"x\":1,\"y\":2}\n{\"y\":4,\"x\":3}\n");
        assertEquals(List.of(new Point(1, 2), new Point(3, 4)), reader.readLines(input, Point.class).collect(Collectors.toList()));
        assertEquals(List.of(new Point(1, 2), new Point(3, 4)),
                reader.lines().parallel(2).read(new ByteArrayInputStream(input), Point.class).collect(Collectors.toList()));
        List<Map<String, Point>> maps;
        try (Stream<Map<String, Point>> s = reader.readLines(new ByteArrayInputStream(utf8("{\"p\":{\"x\":5,\"y\":6}}")),
                new TypeRef<Map<String, Point>>() { })) {
            maps = s.collect(Collectors.toList());
        }
        assertEquals(List.of(Map.of("p", new Point(5, 6))), maps);

        byte[] bad = utf8("{\"x\":1,\"y\":2}\n{\"x\":\"no\",\"y\":2}\n");
        JsonParseException e = assertThrows(JsonParseException.class,
                () -> reader.readLines(bad, Point.class).collect(Collectors.toList()));
        assertEquals(JsonParseException.Kind.TYPE_MISMATCH, e.kind());
        assertEquals("/x", e.pointer());
        assertEquals(2, e.line());
        assertEquals(6, e.column());
        assertEquals(14 + 5, e.offset());
        assertTrue(e.getMessage().startsWith("value at /x: "), e.getMessage());
        assertTrue(e.getMessage().contains("at line 2, column 6 (byte 19)"), e.getMessage());
    }

    @Test
    void boundRead_unbindableType_failsBeforeReading() {
        assertThrows(IllegalArgumentException.class, () -> JsonReader.defaults().readLines(utf8("1"), Runnable.class));
    }

    /** About 4 MB of lines, non-ASCII included, with a bad line every 997 lines and blank lines. */
    private static byte[] generated(int lines) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= lines; i++) {
            if (i % 997 == 0) {
                sb.append("{\"id\":").append(i).append(",\"bad\":[1,2}\n");
            } else if (i % 301 == 0) {
                sb.append(i % 2 == 0 ? "\n" : "  \r\n");
            } else {
                sb.append("{\"id\":").append(i).append(",\"name\":\"user \u00e9").append(i)
                        .append("\",\"tags\":[\"a\",\"b\",").append(i % 7).append("],\"score\":").append(i * 0.25)
                        .append(",\"ok\":").append(i % 3 == 0).append('}').append(i % 5 == 0 ? "\r\n" : "\n");
            }
        }
        return utf8(sb.toString());
    }

    private static String describe(LineError e) {
        return e.line() + "@" + e.offset() + ": " + e.exception().getMessage();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parallel_generatedFileWithErrors_equalsSerial(Backend backend) throws Exception {
        JsonReader reader = reader(backend);
        byte[] input = generated(40_000);
        assertTrue(input.length > 3_000_000, "size " + input.length);
        Path file = Files.write(dir.resolve("gen.ndjson"), input);

        List<LineError> serialErrors = new ArrayList<>();
        List<Object> serial = all(reader.lines().onError(serialErrors::add).read(file));
        assertEquals(40_000 - 40 - 132, serial.size());
        assertEquals(40, serialErrors.size());
        assertEquals(997, serialErrors.get(0).line());
        assertEquals(Map.of("id", 1L, "name", "user \u00e91", "tags", List.of("a", "b", 1L), "score", 0.25, "ok", false),
                serial.get(0));

        for (int threads : new int[] {2, 4}) {
            List<LineError> errors = new ArrayList<>();
            assertEquals(serial, all(reader.lines().parallel(threads).onError(errors::add).read(file)));
            assertEquals(serialErrors.stream().map(NdjsonTest::describe).collect(Collectors.toList()),
                    errors.stream().map(NdjsonTest::describe).collect(Collectors.toList()));
            assertEquals(serial, all(reader.lines().parallel(threads).onError(x -> { }).read(input)));

            List<Object> unordered = all(reader.lines().parallel(threads).ordered(false).onError(x -> { }).read(file));
            assertEquals(sortedText(serial), sortedText(unordered));
        }

        JsonParseException serialFail = assertThrows(JsonParseException.class, () -> all(reader.readLines(file)));
        JsonParseException parallelFail = assertThrows(JsonParseException.class,
                () -> all(reader.lines().parallel(2).read(file)));
        assertEquals(serialFail.getMessage(), parallelFail.getMessage());
        assertEquals(997, parallelFail.line());
        assertEquals(serialErrors.get(0).exception().offset(), parallelFail.offset());
    }

    private static List<String> sortedText(List<Object> values) {
        return values.stream().map(Json::write).sorted().collect(Collectors.toList());
    }

    @Test
    void iterator_overStream_yieldsValuesLazily() {
        try (Stream<Object> s = JsonReader.defaults().readLines(utf8("1\n2\n{"))) {
            Iterator<Object> it = s.iterator();
            assertEquals(1L, it.next());
            assertEquals(2L, it.next());
            assertThrows(JsonParseException.class, it::hasNext);
        }
    }

    /** A value that cannot be written throws after the lines before it were written (they stayed in the buffer: found by a helper's attack run). */
    @Test
    void writeLines_aFailingValue_throwsAfterTheLinesBeforeIt() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThrows(dev.hyson.JsonWriteException.class,
                () -> JsonWriter.defaults().writeLines(List.of(1, "two", Map.of("three", 3), Double.NaN, 5), out));
        assertEquals("1\n\"two\"\n{\"three\":3}\n", out.toString(StandardCharsets.UTF_8));
        // a value that fails part way leaves none of its bytes; a source that fails keeps the lines before it
        ByteArrayOutputStream out2 = new ByteArrayOutputStream();
        assertThrows(dev.hyson.JsonWriteException.class,
                () -> JsonWriter.defaults().writeLines(Stream.of(List.of(1), List.of(2, Double.NaN)), out2));
        assertEquals("[1]\n", out2.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream out3 = new ByteArrayOutputStream();
        List<Integer> many = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            many.add(i);
        }
        Stream<Object> failing = Stream.concat(many.stream(), Stream.of(0).map(x -> {
            throw new IllegalStateException("source failed");
        }));
        assertThrows(IllegalStateException.class, () -> JsonWriter.defaults().writeLines(failing, out3));
        assertEquals(20_000, out3.toString(StandardCharsets.UTF_8).lines().count());
    }

    @Test
    void writeLines_prettyWriter_writesCompactLinesThatReadBack() {
        JsonWriter pretty = JsonWriter.builder().pretty(true).build();
        List<Object> values = Arrays.asList(Map.of("a", List.of(1L, 2L)), List.of(), "line\nfeed", null, 2.5,
                new Point(1, 2));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(6, pretty.writeLines(values, out));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals("{\"a\":[1,2]}\n[]\n\"line\\nfeed\"\n null\n2.5\n{\"x\":1,\"y\":2}\n".replace(" null", "null"), text);

        List<Object> back = all(JsonReader.defaults().readLines(out.toByteArray()));
        assertEquals(Arrays.asList(Map.of("a", List.of(1L, 2L)), List.of(), "line\nfeed", null, 2.5, Map.of("x", 1L, "y", 2L)),
                back);

        ByteArrayOutputStream out2 = new ByteArrayOutputStream();
        assertEquals(6, JsonWriter.defaults().writeLines(values.stream(), out2));
        assertEquals(text, out2.toString(StandardCharsets.UTF_8));
        assertEquals(0, JsonWriter.defaults().writeLines(List.of(), new ByteArrayOutputStream()));
    }

    @Test
    void writeLines_manyValues_roundTripThroughFileInParallel() throws Exception {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            values.add(Map.of("i", (long) i, "s", "v" + i + "\u20ac"));
        }
        Path file = dir.resolve("out.ndjson");
        try (var out = Files.newOutputStream(file)) {
            assertEquals(50_000, JsonWriter.defaults().writeLines(values, out));
        }
        assertEquals(values, all(JsonReader.defaults().lines().parallel(2).read(file)));
        assertFalse(Files.readString(file).contains("\n\n"));
    }
}
