package dev.hyson.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.Backend;
import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JSON Lines scanned a window of many lines per call ({@code Scanner.scanLines}; one JNI call per window
 * on the native backend) against each line parsed alone with {@link JsonReader#parse(byte[], int, int)}:
 * the same values, and for every bad line the same error kind, with its byte offset, line and column
 * moved to the line's place in the whole input. Inputs span many windows (16 KiB) and 1 MiB
 * blocks, with lines of every kind cut at every place by the reads; on every backend and kernel.
 */
class LineWindowTest {
    record Item(int id, String name) {
    }

    @TempDir
    Path dir;

    static List<Backend> backends() {
        return NdjsonTest.backends();
    }

    /** One line of each kind, chosen by {@code r}: valid values of every tag, invalid lines, blank lines. */
    private static String line(Random r, int id) {
        switch (r.nextInt(16)) {
            case 0:
                return "";
            case 1:
                return " \t ";
            case 2:
                return "{\"id\":" + id + ",\"name\":\"caf\\u00e9 \\u4e2d\\ud83d\\ude00 " + id + "\",\"v\":[1.5,-0.0,1e308,null]}";
            case 3:
                return "{\"id\":" + id + ",\"name\":\"tab\\there \u00e9\u4e2d " + id + "\",\"deep\":[[[[{\"k\":true}]]]]}";
            case 4:
                return "[" + id + ",12345678901234567890123,\"\\\"quoted " + id + "\\\"\"]";
            case 5:
                return "{\"id\":" + id + ",\"x\":[1,2,}"; // trailing comma: an error
            case 6:
                return "{\"id\":" + id + ",\"name\":\"unterminated";
            case 7:
                return "\"\u00ff\\u0100 " + id + "\"";
            case 8:
                return "{\"id\":" + id + ",\"id\":" + (id + 1) + "}"; // repeated name: an error under ERROR
            case 9:
                return "{\"id\":" + id + ",\"name\":\"" + "x".repeat(r.nextInt(40000)) + "\"}";
            case 10:
                return "nul";
            case 11:
                return "1 2";
            case 12:
                return "{\"id\":\"not a number\",\"name\":\"n\"}"; // parses; does not bind to Item
            default:
                return "{\"id\":" + id + ",\"name\":\"plain " + id + "\"}";
        }
    }

    /** About {@code bytes} of lines, CR LF on some, the last without a line feed. */
    private static byte[] input(long seed, int bytes) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        int id = 0;
        while (sb.length() < bytes) {
            sb.append(line(r, id++)).append(r.nextInt(5) == 0 ? "\r\n" : "\n");
        }
        sb.append(line(r, id));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** What reading one line alone gives: its value, or its error moved to the line's place. */
    private static List<Object> expected(JsonReader reader, byte[] in, Function<byte[][], Object> parse) {
        List<Object> out = new ArrayList<>();
        int start = 0;
        long line = 1;
        while (start <= in.length) {
            int lf = start;
            while (lf < in.length && in[lf] != '\n') {
                lf++;
            }
            int end = lf;
            if (end > start && in[end - 1] == '\r') {
                end--;
            }
            boolean blank = true;
            for (int i = start; i < end; i++) {
                blank &= in[i] == ' ' || in[i] == '\t' || in[i] == '\r';
            }
            if (!blank) {
                byte[] one = java.util.Arrays.copyOfRange(in, start, end);
                try {
                    out.add(parse.apply(new byte[][] {one}));
                } catch (JsonParseException e) {
                    out.add("error " + e.kind() + " at byte " + (start + e.offset()) + ", line " + line + ", column "
                            + e.column());
                }
            }
            if (lf >= in.length) {
                break;
            }
            start = lf + 1;
            line++;
        }
        return out;
    }

    /**
     * What a JsonLines read gives, in the form of {@link #expected}: the values in order, then the
     * errors in order (each error names its line, so its place among the values is checked by that).
     */
    private static List<Object> read(JsonLines lines, Function<JsonLines, Stream<?>> how) {
        List<Object> errors = new ArrayList<>();
        List<Object> out;
        try (Stream<?> s = how.apply(lines.onError(e -> {
            JsonParseException x = e.exception();
            assertEquals(e.line(), x.line(), "the error's line is the line's");
            errors.add("error " + x.kind() + " at byte " + x.offset() + ", line " + x.line() + ", column " + x.column());
        }))) {
            out = s.collect(Collectors.toList());
        }
        out.addAll(errors);
        return out;
    }

    /** {@link #expected} in the order {@link #read} gives: the values, then the errors. */
    private static List<Object> valuesThenErrors(List<Object> lines) {
        List<Object> out = new ArrayList<>();
        List<Object> errors = new ArrayList<>();
        for (Object o : lines) {
            if (o instanceof String && ((String) o).startsWith("error ")) {
                errors.add(o);
            } else {
                out.add(o);
            }
        }
        out.addAll(errors);
        return out;
    }

    private static InputStream trickle(byte[] b, int step) {
        return new FilterInputStream(new ByteArrayInputStream(b)) {
            @Override
            public int read(byte[] buf, int off, int len) throws java.io.IOException {
                return super.read(buf, off, Math.min(len, step));
            }
        };
    }

    @ParameterizedTest
    @MethodSource("backends")
    void manyWindows_parse_equalsEachLineAlone(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).duplicateKeys(DuplicateKeyPolicy.ERROR).build();
        byte[] in = input(42, 3 << 20);
        List<Object> want = valuesThenErrors(expected(reader, in, b -> reader.parse(b[0])));
        assertTrue(want.size() > 1000, "lines: " + want.size());
        Path file = Files.write(dir.resolve("in.ndjson"), in);
        assertEquals(want, read(reader.lines(), l -> l.read(in)), "array");
        assertEquals(want, read(reader.lines(), l -> l.read(new ByteArrayInputStream(in))), "stream");
        assertEquals(want, read(reader.lines(), l -> l.read(trickle(in, 4093))), "trickled stream");
        assertEquals(want, read(reader.lines().parallel(2), l -> l.read(file)), "file, two threads");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void manyWindows_bind_equalsEachLineAlone(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).build();
        byte[] in = input(7, 1 << 20);
        List<Object> want = valuesThenErrors(expected(reader, in, b -> reader.read(b[0], Item.class)));
        assertEquals(want, read(reader.lines(), l -> l.read(in, Item.class)), "array");
        assertEquals(want, read(reader.lines(), l -> l.read(trickle(in, 65537), Item.class)), "trickled stream");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void shortLinesInSmallReads_everyLineOnce(Backend backend) throws Exception {
        JsonReader reader = JsonReader.builder().backend(backend).build();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < 5000; i++) {
            b.writeBytes(("{\"i\":" + i + "}" + (i % 3 == 0 ? "\r\n" : "\n") + (i % 7 == 0 ? "\n" : "")).getBytes(StandardCharsets.UTF_8));
        }
        byte[] in = b.toByteArray();
        for (int step : new int[] {1, 7, 100}) {
            List<Object> got = read(reader.lines(), l -> l.read(trickle(in, step)));
            assertEquals(5000, got.size());
            for (int i = 0; i < 5000; i++) {
                assertEquals(java.util.Map.of("i", (long) i), got.get(i));
            }
        }
    }
}
