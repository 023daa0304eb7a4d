package dev.hyson.bench;

import java.nio.charset.StandardCharsets;
import java.util.Map;
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
 * Parse and generate three small documents, in nanoseconds per document: the per-call overhead
 * (reader set-up, tape, JNI crossing, writer buffers) that large documents hide. The documents
 * follow ruby/json's encoding benchmarks ({@code benchmark/encoder.rb}): a mixed array of 34 bytes,
 * an object of 65 bytes and an array of ten five-element arrays of 121 bytes (see {@link #DOCS}).
 *
 * <p>{@code parse} takes the document's UTF-8 bytes to the library's generic tree, for
 * {@code hyson-auto}, {@code hyson-native}, {@code hyson-java} and the peers of {@link Libraries}.
 * {@code generate} writes the tree the same library parsed in setup back to compact bytes; hyson's
 * three readers share one writer, so it runs once, as {@code hyson-java}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class SmallDocBench {
    /** The documents by name, as {@code -p doc=...} selects them; each is compact, ASCII, valid JSON. */
    public static final Map<String, String> DOCS = Map.of(
            "mixed", "[1,\"string\",{\"a\":1,\"b\":2},[3,4,5]]",
            "object", "{\"username\":\"jhawthorn\",\"id\":123,\"event\":\"wrote json serializer\"}",
            "nested", "[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],"
                    + "[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]]");

    /** @return the bytes of the document named {@code doc} */
    static byte[] bytes(String doc) {
        String text = DOCS.get(doc);
        if (text == null) {
            throw new IllegalArgumentException("unknown doc '" + doc + "'; known: " + DOCS.keySet());
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The parsing side: a library and a document. */
    @State(Scope.Benchmark)
    public static class ParseState {
        /** Which library parses; see {@link Libraries}. */
        @Param({"hyson-auto", "hyson-native", "hyson-java", "jackson", "fastjson2", "dsljson", "gson"})
        public String library;

        /** Which document: {@code mixed} (34 B), {@code object} (65 B) or {@code nested} (121 B). */
        @Param({"mixed", "object", "nested"})
        public String doc;

        byte[] json;
        Library parser;

        /** Loads the document and configures the library. */
        @Setup(Level.Trial)
        public void setup() {
            json = bytes(doc);
            parser = Libraries.byName(library);
        }
    }

    /** The generating side: a library and the tree it parsed from a document. */
    @State(Scope.Benchmark)
    public static class GenerateState {
        /** Which library writes; {@code hyson-java} stands for all three hyson readers (one writer). */
        @Param({"hyson-java", "jackson", "fastjson2", "dsljson", "gson"})
        public String library;

        /** Which document's tree is written. */
        @Param({"mixed", "object", "nested"})
        public String doc;

        Object tree;
        Library writer;

        /** Parses the document with the same library. */
        @Setup(Level.Trial)
        public void setup() throws Exception {
            writer = Libraries.byName(library);
            tree = writer.parse(bytes(doc));
        }
    }

    /** @return the parsed tree */
    @Benchmark
    public Object parse(ParseState s) throws Exception {
        return s.parser.parse(s.json);
    }

    /** @return the compact JSON bytes */
    @Benchmark
    public byte[] generate(GenerateState s) throws Exception {
        return s.writer.write(s.tree);
    }
}
