package dev.hyson.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.Backend;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code parallel(n)} over a regular file, where the pool's threads read byte ranges themselves and
 * take the lines that start in them: values, errors (line, offset, message) and the fail policy equal
 * a serial read's and a parallel read of the same bytes as an array and as a stream, for lines that
 * cross one range's end, lines longer than several ranges, a line over the document limit, blank lines,
 * CR LF, and no line feed at the end. Every backend (the Java scanner and each native kernel).
 */
class ParallelFileLinesTest {
    @TempDir
    Path dir;

    static List<Backend> backends() {
        return NdjsonTest.backends();
    }

    /** A line of about {@code length} bytes: an object whose string member fills it. */
    private static void line(StringBuilder sb, int id, int length) {
        sb.append("{\"id\":").append(id).append(",\"text\":\"");
        for (int i = 0; i < length; i++) {
            sb.append(i % 53 == 0 ? '\u00e9' : (char) ('a' + i % 26));
        }
        sb.append("\"}");
    }

    /**
     * About 3.5 MB: short lines, some of 100-300 KB (longer than a range: the ranges are 64 KiB to
     * 256 KiB here), one of 1.5 MB (over the 1 MiB limit set below), bad lines, blank lines, CR LF, and
     * no line feed after the last line.
     */
    private static byte[] generated(long seed) {
        Random random = new Random(seed);
        StringBuilder sb = new StringBuilder();
        sb.append("\n\n"); // blank lines first
        for (int id = 1; sb.length() < 3_500_000; id++) {
            int kind = random.nextInt(100);
            if (id == 200) {
                line(sb, id, 1_500_000);
            } else if (kind < 3) {
                line(sb, id, 100_000 + random.nextInt(200_000));
            } else if (kind < 5) {
                sb.append("{\"id\":").append(id).append(",\"bad\":[1,}");
            } else if (kind < 8) {
                sb.append("   ");
            } else {
                line(sb, id, random.nextInt(400));
            }
            sb.append(random.nextInt(10) == 0 ? "\r\n" : "\n");
        }
        line(sb, 0, 10); // the last line, without a line feed
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String describe(LineError e) {
        return e.line() + "@" + e.offset() + ": " + e.exception().getMessage();
    }

    private static List<Object> all(Stream<Object> s) {
        try (s) {
            return s.collect(Collectors.toList());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parallelFile_linesAcrossRanges_equalSerial(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).maxDocumentLength(1 << 20).build();
        for (long seed : new long[] {1, 2}) {
            byte[] input = generated(seed);
            Path file = Files.write(dir.resolve("lines-" + seed + ".ndjson"), input);

            List<LineError> serialErrors = new ArrayList<>();
            List<Object> serial = all(reader.lines().onError(serialErrors::add).read(file));
            assertTrue(serial.size() > 300, "values " + serial.size());
            assertTrue(serialErrors.stream().anyMatch(e -> e.line() == 202 && e.exception().getMessage().contains("longer than maxDocumentLength")),
                    () -> "the 1.5 MB line (line 202) is over the limit: " + serialErrors.stream().filter(e -> e.line() == 202).collect(Collectors.toList()));
            assertTrue(serial.get(0) instanceof Map<?, ?> m && m.get("id") instanceof Long, () -> "first value " + serial.get(0));
            List<String> expected = serialErrors.stream().map(ParallelFileLinesTest::describe).collect(Collectors.toList());

            for (int threads : new int[] {2, 3, 5}) {
                List<LineError> errors = new ArrayList<>();
                assertEquals(serial, all(reader.lines().parallel(threads).onError(errors::add).read(file)), "file, " + threads);
                assertEquals(expected, errors.stream().map(ParallelFileLinesTest::describe).collect(Collectors.toList()));

                errors.clear();
                assertEquals(serial, all(reader.lines().parallel(threads).onError(errors::add).read(input)), "array, " + threads);
                assertEquals(expected, errors.stream().map(ParallelFileLinesTest::describe).collect(Collectors.toList()));

                errors.clear();
                assertEquals(serial, all(reader.lines().parallel(threads).onError(errors::add).read(new ByteArrayInputStream(input))),
                        "stream, " + threads);
                assertEquals(expected, errors.stream().map(ParallelFileLinesTest::describe).collect(Collectors.toList()));
            }

            JsonParseException serialFail = assertThrows(JsonParseException.class, () -> all(reader.lines().read(file)));
            JsonParseException parallelFail = assertThrows(JsonParseException.class, () -> all(reader.lines().parallel(2).read(file)));
            assertEquals(serialFail.getMessage(), parallelFail.getMessage());
            assertEquals(serialFail.line(), parallelFail.line());
            assertEquals(serialFail.offset(), parallelFail.offset());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parallelFile_eachLineEndingAtARangeEdge_numbersEveryLine(Backend backend) throws Exception {
        // 2 MiB of lines of 64 bytes: with 2 threads the ranges are 128 KiB, so every range starts just
        // after a line feed (the byte before it), the case where the first line of a range is its own
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int lines = (2 << 20) / 64;
        for (int i = 1; i <= lines; i++) {
            String text = String.format("[%d,\"%0" + (64 - 6 - String.valueOf(i).length()) + "d\"]\n", i, 0);
            out.write(text.getBytes(StandardCharsets.US_ASCII));
        }
        byte[] input = out.toByteArray();
        assertEquals(2 << 20, input.length);
        input[input.length - 2] = '}'; // the last line is bad: its line number and offset say where
        Path file = Files.write(dir.resolve("edges.ndjson"), input);
        JsonReader reader = JsonReader.builder().backend(backend).build();
        List<LineError> errors = new ArrayList<>();
        List<Object> values = all(reader.lines().parallel(2).onError(errors::add).read(file));
        assertEquals(lines - 1, values.size());
        for (int i = 0; i < values.size(); i++) {
            assertEquals((long) (i + 1), ((List<?>) values.get(i)).get(0));
        }
        assertEquals(1, errors.size());
        assertEquals(lines, errors.get(0).line());
        assertEquals(input.length - 64L, errors.get(0).offset());
        assertEquals(input.length - 2L, errors.get(0).exception().offset());
    }

    /** A line of the reused-buffer test: its id, and text that differs from line to line. */
    public record Entry(long id, String text) {
    }

    /**
     * A file of many equal ranges, read in parallel as lazy documents and as bound records: a pool
     * thread fills the buffer of its last range again (the values copy what they keep), so a value
     * that still pointed into it would read another range's bytes.
     */
    @ParameterizedTest
    @MethodSource("backends")
    void parallelFile_reusedRangeBuffers_valuesKeepTheirOwnBytes(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).build();
        Random random = new Random(7);
        StringBuilder sb = new StringBuilder();
        for (int id = 1; sb.length() < 4_000_000; id++) {
            line(sb, id, 20 + random.nextInt(200));
            sb.append('\n');
        }
        byte[] input = sb.toString().getBytes(StandardCharsets.UTF_8);
        Path file = Files.write(dir.resolve("reused.ndjson"), input);
        List<Object> serial = all(reader.lines().read(file));
        assertTrue(serial.size() > 20_000, "lines " + serial.size());

        List<Object> documents;
        try (Stream<dev.hyson.lazy.LazyDocument> s = reader.lines().parallel(2).documents(file)) {
            documents = s.collect(Collectors.toList()).stream().map(d -> d.root().toValue()).collect(Collectors.toList());
        }
        assertEquals(serial, documents);

        List<Entry> records;
        try (Stream<Entry> s = reader.lines().parallel(2).read(file, Entry.class)) {
            records = s.collect(Collectors.toList());
        }
        assertEquals(serial.size(), records.size());
        for (int i = 0; i < records.size(); i++) {
            Map<?, ?> m = (Map<?, ?>) serial.get(i);
            assertEquals(m.get("id"), records.get(i).id());
            assertEquals(m.get("text"), records.get(i).text());
        }
    }

    /**
     * A stream cut by the consuming thread: after a line longer than the limit is skipped, the bytes read
     * past its end hold whole lines, which the next part must end at their line feeds (it took them for
     * the start of one unfinished line once, and cut line 202 at the limit: "12" for 1200).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void parallelStream_linesAfterASkippedLongLine_equalSerial(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).maxDocumentLength(1000).build();
        StringBuilder sb = new StringBuilder();
        sb.append('"').append("x".repeat((1 << 20) + 8)).append("\"\n");
        for (int i = 1000; i < 1300; i++) {
            sb.append(i).append('\n');
        }
        sb.append('"').append("y".repeat(2 << 20)).append("\"\n3\n");
        byte[] input = sb.toString().getBytes(StandardCharsets.UTF_8);
        List<String> serialErrors = new ArrayList<>();
        List<Object> serial = all(reader.lines().onError(e -> serialErrors.add(describe(e))).read(new ByteArrayInputStream(input)));
        assertEquals(301, serial.size());
        assertEquals(1200L, serial.get(200));
        assertEquals(List.of(1L, 302L), serialErrors.stream().map(e -> Long.parseLong(e.substring(0, e.indexOf('@')))).collect(Collectors.toList()));
        for (int threads : new int[] {2, 3}) {
            List<String> errors = new ArrayList<>();
            assertEquals(serial, all(reader.lines().parallel(threads).onError(e -> errors.add(describe(e))).read(new ByteArrayInputStream(input))),
                    "stream, " + threads);
            assertEquals(serialErrors, errors);
        }
    }

    /**
     * A line past the limit whose first bytes are already an error reports that error on every path,
     * whether the limit is below or above the 1 MiB block a stream reads (the block and the read-ahead
     * paths once reported the early error and the others the limit; found by a helper's attack run).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void lineOverTheLimitWithAnEarlyError_sameErrorOnEveryPath(Backend backend) throws Exception {
        for (int max : new int[] {1000, (1 << 20) + 100}) {
            JsonReader reader = JsonReader.builder().backend(backend).maxDocumentLength(max).build();
            StringBuilder sb = new StringBuilder("1\n\"\u0001");
            sb.append("x".repeat(max + 5000)).append("\"\n2\n");
            byte[] input = sb.toString().getBytes(StandardCharsets.UTF_8);
            Path file = Files.write(dir.resolve("early-" + max + ".ndjson"), input);
            List<String> expected = List.of("2@2: unescaped control character U+0001 in string at line 2, column 2 (byte 3): "
                    + "escape it as \\u00XX (RFC 8259 section 7)");
            for (JsonLines lines : new JsonLines[] {reader.lines(), reader.lines().readAhead(false), reader.lines().parallel(2)}) {
                for (int kind = 0; kind < 3; kind++) {
                    List<String> errors = new ArrayList<>();
                    JsonLines l = lines.onError(e -> errors.add(describe(e)));
                    List<Object> values = all(kind == 0 ? l.read(file) : kind == 1 ? l.read(new ByteArrayInputStream(input)) : l.read(input));
                    assertEquals(List.of(1L, 2L), values, "max " + max + ", input " + kind);
                    assertEquals(expected, errors, "max " + max + ", input " + kind);
                }
            }
        }
    }

    /**
     * A line past the limit that starts with more blanks than the limit: a file's range loads its first
     * limit + 2 bytes, which looked like a blank line, and the line's error was lost (found by a helper's
     * attack run).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void parallelFile_lineOfBlanksThenAValuePastTheLimit_reported(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).maxDocumentLength(100).build();
        String input = "0\n".repeat(700_000) + " ".repeat(200_000) + "1\n2\n";
        Path file = Files.write(dir.resolve("blanks.ndjson"), input.getBytes(StandardCharsets.UTF_8));
        List<String> serial = new ArrayList<>();
        long n = all(reader.lines().onError(e -> serial.add(describe(e))).read(file)).size();
        assertEquals(700_001, n);
        assertEquals(1, serial.size(), () -> "serial errors " + serial);
        assertTrue(serial.get(0).startsWith("700001@1400000: document longer than maxDocumentLength (100 bytes)"), serial.get(0));
        for (int threads : new int[] {2, 3}) {
            List<String> errors = new ArrayList<>();
            assertEquals(n, all(reader.lines().parallel(threads).onError(e -> errors.add(describe(e))).read(file)).size());
            assertEquals(serial, errors, "threads " + threads);
        }
    }

    /**
     * A line of only blanks longer than the limit is skipped, as every blank line is, on every path; one whose
     * blanks go on with a value is the limit's error. A stream met the limit before the line's end and
     * reported the blank line as too long, where arrays and parallel reads skipped it (found by a helper's
     * attack run).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void longBlankLine_skippedOnEveryPath_blanksThenAValue_limitError(Backend backend) throws Exception {
        for (int max : new int[] {1000, (1 << 20) + 100}) {
            JsonReader reader = JsonReader.builder().backend(backend).maxDocumentLength(max).build();
            String blanks = " \t\r".repeat(max * 2 + 1000);
            String input = "1\n" + blanks + "\n2\n" + blanks.substring(0, max * 3) + "3\n4\nx\n" + blanks + "\r\n5\n" + blanks + blanks; // 22 MB with the larger limit: read ahead
            byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
            Path file = Files.write(dir.resolve("blank-" + max + ".ndjson"), bytes);
            long line4 = 2 + blanks.length() + 1 + 2;
            long line6 = line4 + max * 3 + 2 + 2;
            List<String> expected = List.of(
                    "4@" + line4 + ": document longer than maxDocumentLength (" + max + " bytes) at line 4, column " + (max + 1)
                            + " (byte " + (line4 + max) + "): raise it with JsonReader.Builder.maxDocumentLength",
                    "6@" + line6 + ": unexpected 'x' at line 6, column 1 (byte " + line6 + "): expected a value");
            for (JsonLines lines : new JsonLines[] {reader.lines(), reader.lines().readAhead(false), reader.lines().parallel(2)}) {
                for (int kind = 0; kind < 3; kind++) {
                    List<String> errors = new ArrayList<>();
                    JsonLines l = lines.onError(e -> errors.add(describe(e)));
                    List<Object> values = all(kind == 0 ? l.read(file) : kind == 1 ? l.read(new ByteArrayInputStream(bytes)) : l.read(bytes));
                    assertEquals(List.of(1L, 2L, 4L, 5L), values, "max " + max + ", input " + kind);
                    assertEquals(expected, errors, "max " + max + ", input " + kind);
                }
            }
        }
    }

    /**
     * An iterator of a closed stream throws {@link IllegalStateException}, as a consumed {@code Stream}
     * does: it went on giving values from the buffer it held (found by an attack run against Parsson).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void iteratorOfClosedStream_throws(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).build();
        byte[] bytes = generated(7);
        Path file = Files.write(dir.resolve("closed.ndjson"), bytes);
        for (JsonLines lines : new JsonLines[] {reader.lines(), reader.lines().readAhead(false), reader.lines().parallel(2)}) {
            for (int kind = 0; kind < 3; kind++) {
                JsonLines l = lines.onError(e -> { });
                Stream<Object> s = kind == 0 ? l.read(file) : kind == 1 ? l.read(new ByteArrayInputStream(bytes)) : l.read(bytes);
                java.util.Iterator<Object> it = s.iterator();
                assertTrue(it.hasNext());
                assertEquals(Map.of("id", 1L), Map.of("id", ((Map<?, ?>) it.next()).get("id")), "kind " + kind);
                s.close();
                IllegalStateException e = assertThrows(IllegalStateException.class, it::hasNext, "kind " + kind);
                assertEquals("the stream of lines is closed", e.getMessage());
            }
        }
    }
}
