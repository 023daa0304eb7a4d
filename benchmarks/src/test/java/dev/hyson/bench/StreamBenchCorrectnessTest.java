package dev.hyson.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link StreamBench} compares equal work, for every combination of its default {@code @Param} lists
 * (read from the annotations):
 *
 * <ul>
 *   <li>{@code pull} / {@code pullStream}: every library's loop (the benchmark's own
 *       {@code visitHyson} / {@code visitJackson}) returns the same checksum over token kinds,
 *       strings' lengths and numbers' values, from bytes and from a stream; and the token streams,
 *       recorded with the same accessors, are equal value by value (every name, string, long and
 *       double) and token by token;
 *   <li>{@code generate}: hyson's and Jackson's generators write byte-identical compact JSON from the
 *       recorded tokens, which is what {@code JsonWriter.defaults()} writes for the document's tree;
 *   <li>{@code copy}: every library's copy writes those same bytes.
 * </ul>
 *
 * Cases skip when the shared corpus is absent, {@code hyson-native} cases when the native backend did
 * not load.
 */
class StreamBenchCorrectnessTest {
    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private static Stream<Arguments> cross(List<String> a, List<String> b) {
        List<Arguments> all = new ArrayList<>();
        for (String x : a) {
            for (String y : b) {
                all.add(Arguments.of(x, y));
            }
        }
        return all.stream();
    }

    static Stream<Arguments> parses() {
        return cross(MoreBenchmarksCorrectnessTest.defaults(StreamBench.ParseState.class, "document"),
                MoreBenchmarksCorrectnessTest.defaults(StreamBench.ParseState.class, "library"));
    }

    static Stream<Arguments> generates() {
        return cross(MoreBenchmarksCorrectnessTest.defaults(StreamBench.GenerateState.class, "document"),
                MoreBenchmarksCorrectnessTest.defaults(StreamBench.GenerateState.class, "library"));
    }

    static Stream<Arguments> copies() {
        return cross(MoreBenchmarksCorrectnessTest.defaults(StreamBench.CopyState.class, "document"),
                MoreBenchmarksCorrectnessTest.defaults(StreamBench.CopyState.class, "library"));
    }

    private static void assume(String library) {
        Assumptions.assumeTrue(Corpus.directory().isPresent(),
                () -> "shared corpus not found in " + Corpus.candidates() + " (set -Dhyson.shared); skipping");
        Assumptions.assumeTrue(!library.equals("hyson-native") || Libraries.nativeAvailable(),
                "the native backend is not built in this JVM");
    }

    /** The reference: Jackson's loop over the bytes. */
    private static long jacksonChecksum(byte[] json) throws Exception {
        try (com.fasterxml.jackson.core.JsonParser p = StreamBench.JACKSON.createParser(json)) {
            return StreamBench.visitJackson(p, BH);
        }
    }

    /** The reference output: hyson's whole-document writer of the document's tree. */
    private static byte[] compact(byte[] json) {
        return dev.hyson.JsonWriter.defaults().writeBytes(JsonReader.defaults().parse(json));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("parses")
    void pull_visitsTheSameTokensAndValues(String document, String library) throws Exception {
        assume(library);
        StreamBench.ParseState s = new StreamBench.ParseState();
        s.document = document;
        s.library = library;
        s.setup();
        StreamBench bench = new StreamBench();
        long expected = jacksonChecksum(s.json);
        assertEquals(expected, bench.pull(s, BH), "pull checksum");
        assertEquals(expected, bench.pullStream(s, BH), "pullStream checksum");
        if (!s.jackson) {
            // value by value: hyson's tokens (as the benchmark's accessors read them) are Jackson's
            StreamBench.Tokens hyson = StreamBench.Tokens.record(s.reader, s.json);
            StreamBench.Tokens jackson = StreamBench.Tokens.recordJackson(s.json);
            assertEquals(jackson.count, hyson.count, "token count");
            assertEquals(jackson.strCount, hyson.strCount, "names and strings");
            assertEquals(jackson.longCount, hyson.longCount, "integers");
            assertEquals(jackson.doubleCount, hyson.doubleCount, "doubles");
            assertEquals(jackson.contents(), hyson.contents());
            assertTrue(hyson.count > 1000, "a real document: " + hyson.count + " tokens");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("generates")
    void generate_writesTheSameCompactBytes(String document, String library) {
        assume(library);
        StreamBench.GenerateState s = new StreamBench.GenerateState();
        s.document = document;
        s.library = library;
        s.setup();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        s.sink.copyTo = out;
        long n = new StreamBench().generate(s);
        byte[] expected = compact(Corpus.load(document));
        assertEquals(expected.length, n, "bytes counted by the sink");
        assertArrayEquals(expected, out.toByteArray(), () -> library + " output differs from JsonWriter's: "
                + firstDifference(expected, out.toByteArray()));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("copies")
    void copy_writesTheSameCompactBytes(String document, String library) {
        assume(library);
        StreamBench.CopyState s = new StreamBench.CopyState();
        s.document = document;
        s.library = library;
        s.setup();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        s.sink.copyTo = out;
        long n = new StreamBench().copy(s);
        byte[] expected = compact(s.json);
        assertEquals(expected.length, n, "bytes counted by the sink");
        assertArrayEquals(expected, out.toByteArray(), () -> library + " copy differs from JsonWriter's output: "
                + firstDifference(expected, out.toByteArray()));
        // and the stream variant of the parser reads the same document
        try (dev.hyson.stream.JsonParser p = JsonReader.defaults().parser(new ByteArrayInputStream(s.json))) {
            assertEquals(JsonReader.defaults().parse(s.json), readAll(p));
        }
    }

    private static Object readAll(dev.hyson.stream.JsonParser p) {
        p.nextToken();
        return p.readValue();
    }

    private static String firstDifference(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        int i = 0;
        while (i < n && a[i] == b[i]) {
            i++;
        }
        int from = Math.max(0, i - 40);
        return "at byte " + i + " (lengths " + a.length + ", " + b.length + "): expected ..."
                + new String(a, from, Math.min(a.length, i + 40) - from, StandardCharsets.UTF_8) + "... got ..."
                + new String(b, from, Math.min(b.length, i + 40) - from, StandardCharsets.UTF_8) + "...";
    }
}
