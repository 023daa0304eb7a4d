package dev.hyson.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parse a corpus document from {@code byte[]} to each library's generic tree, in documents per
 * second; MB/s of input is ops/s × the document's size (see the README). The bytes are read once per
 * trial, outside the measurement, and the tree is returned so JMH consumes it.
 *
 * <p>{@code library} also accepts {@code hyson-auto} (the process-wide choice); {@code hyson-native}
 * needs a build with the native library (it is refused, with the reason, otherwise); {@code document} accepts any file name in {@code shared/corpus}, e.g.
 * {@code activitypub.json}, {@code github_events.json}, {@code gsoc-2018.json},
 * {@code marine_ik.json}, {@code mesh.json}, {@code random.json}, {@code twitterescaped.json}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class ParseBench {
    /** Which library parses; see {@link Libraries}. */
    @Param({"hyson-native", "hyson-java", "jackson", "fastjson2", "dsljson", "gson"})
    public String library;

    /** Which corpus document is parsed. */
    @Param({"twitter.json", "citm_catalog.json", "canada.json"})
    public String document;

    private byte[] json;
    private Library parser;

    /** Loads the document and configures the library. */
    @Setup(Level.Trial)
    public void setup() {
        json = Corpus.load(document);
        parser = Libraries.byName(library);
    }

    /** @return the parsed tree */
    @Benchmark
    public Object parse() throws Exception {
        return parser.parse(json);
    }
}
