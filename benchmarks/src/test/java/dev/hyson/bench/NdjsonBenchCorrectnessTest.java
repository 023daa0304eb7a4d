package dev.hyson.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.JsonWriter;
import com.fasterxml.jackson.databind.MappingIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link NdjsonBench} compares equal work: for every default {@code input} (the generated one at
 * 2 MB instead of 100 MB, so that the parallel reader still cuts it into chunks), hyson serial (both
 * backends), hyson {@code parallel(2)} and Jackson's {@code MappingIterator} read the same number of
 * values, the benchmark methods return that count, and the values are equal one by one, compared as
 * hyson's compact output of each tree (which normalizes Jackson's {@code Integer} to hyson's
 * {@code Long}). Skips without the corpus; native cases skip when the native backend did not load.
 */
class NdjsonBenchCorrectnessTest {
    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    private static final JsonWriter WRITER = JsonWriter.defaults();

    static Stream<String> inputs() {
        return MoreBenchmarksCorrectnessTest.defaults(NdjsonBench.InputState.class, "input").stream();
    }

    private static List<String> compact(Iterator<?> values) {
        List<String> all = new ArrayList<>();
        while (values.hasNext()) {
            all.add(new String(WRITER.writeBytes(values.next()), java.nio.charset.StandardCharsets.UTF_8));
        }
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void everyReaderReadsTheSameValues(String input) throws Exception {
        Assumptions.assumeTrue(Corpus.directory().isPresent(),
                () -> "shared corpus not found in " + Corpus.candidates() + " (set -Dhyson.shared); skipping");
        NdjsonBench.InputState in = new NdjsonBench.InputState();
        in.input = input;
        in.generatedBytes = 2_000_000L;
        in.setup();
        try {
            NdjsonBench bench = new NdjsonBench();
            List<String> jackson;
            try (MappingIterator<Object> it = NdjsonBench.jacksonValues(in.path)) {
                jackson = compact(it);
            }
            assertTrue(jackson.size() > 700, "a real input: " + jackson.size() + " values");
            assertEquals(jackson.size(), bench.jackson(in, BH), "jackson count");

            List<String> backends = new ArrayList<>(Arrays.asList("java"));
            if (Libraries.nativeAvailable()) {
                backends.add("native");
            }
            for (String backend : backends) {
                NdjsonBench.BackendState b = new NdjsonBench.BackendState();
                b.backend = backend;
                b.setup();
                try (Stream<Object> s = b.reader.readLines(in.path)) {
                    assertEquals(jackson, compact(s.iterator()), "hyson " + backend + " values");
                }
                assertEquals(jackson.size(), bench.hyson(in, b, BH), "hyson " + backend + " count");
            }
            Assumptions.assumeTrue(Libraries.nativeAvailable(), "the native backend is not built in this JVM");
            NdjsonBench.ParallelState p = new NdjsonBench.ParallelState();
            p.setup();
            try (Stream<Object> s = p.reader.lines().parallel(2).read(in.path)) {
                assertEquals(jackson, compact(s.iterator()), "hyson parallel(2) values");
            }
            assertEquals(jackson.size(), bench.hysonParallel2(in, p, BH), "hysonParallel2 count");
            assertEquals(jackson.size(), bench.hysonOneThread(in, p, BH), "hysonOneThread count");
        } finally {
            in.tearDown();
        }
    }
}
