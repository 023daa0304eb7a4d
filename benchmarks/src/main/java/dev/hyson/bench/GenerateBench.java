package dev.hyson.bench;

import java.io.OutputStream;
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
 * Write a generic tree to compact JSON bytes, in documents per second. Each library writes the tree
 * it built itself from the same corpus document (parsed in setup), so map and number classes are
 * its own. {@code hyson-java-stream} writes hyson's tree through
 * {@code JsonWriter.write(Object, OutputStream)} to {@link OutputStream#nullOutputStream()}, which
 * measures the generator without the final copy into a {@code byte[]}.
 *
 * <p>Output sizes differ slightly between libraries (number formatting); MB/s is best quoted against
 * the document's compact size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class GenerateBench {
    /** Suffix selecting a library's streaming writer. */
    static final String STREAM = "-stream";

    /** Which library writes; {@code hyson-java-stream} is hyson's OutputStream writer. */
    @Param({"hyson-java", "hyson-java-stream", "jackson", "fastjson2", "dsljson", "gson"})
    public String library;

    /** Which corpus document's tree is written. */
    @Param({"twitter.json", "citm_catalog.json", "canada.json"})
    public String document;

    /** Where the streaming variant writes; a test swaps in a buffer to check the output. */
    OutputStream sink;

    private Library writer;
    private boolean stream;
    private Object tree;

    /** Parses the document with the same library and prepares the sink. */
    @Setup(Level.Trial)
    public void setup() throws Exception {
        stream = library.endsWith(STREAM);
        writer = Libraries.byName(stream ? library.substring(0, library.length() - STREAM.length()) : library);
        tree = writer.parse(Corpus.load(document));
        sink = OutputStream.nullOutputStream();
    }

    /** @return the JSON bytes, or the sink for the streaming variant */
    @Benchmark
    public Object generate() throws Exception {
        if (stream) {
            writer.write(tree, sink);
            return sink;
        }
        return writer.write(tree);
    }
}
