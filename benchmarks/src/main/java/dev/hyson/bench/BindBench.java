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
 * Data binding, in documents per second: {@code read} takes a document's UTF-8 bytes to its root
 * record ({@link BindModels}: generated users and clients of about 1 KB and 100 KB, and the corpus'
 * twitter and citm documents bound whole), {@code write} takes the record back to compact UTF-8
 * bytes. MB/s is ops/s × the size that setup prints ({@code read}: the document as given, indented
 * for the corpus files; {@code write}: the library's own output).
 *
 * <p>The libraries and how each is configured are in {@link BindLibraries}. hyson reads with each of its
 * three backends ({@code hyson-native}, {@code hyson-java}, {@code hyson-auto}); they share one
 * writer, so {@code write} runs it once, as {@code hyson} (a hyson backend name there fails setup).
 * Setup checks that the library's value equals the reference member by member ({@link RecordDiff})
 * and, for {@code write}, that Jackson reads the output back to the same value; a library that
 * cannot bind a model fails that trial with the reason. Run with {@code -prof gc} for allocation
 * per operation.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class BindBench {

    /** The reading side: a library and a document. */
    @State(Scope.Benchmark)
    public static class ReadState {
        /** Which document and root record; see {@link BindModels}. */
        @Param({"users-1k", "users-100k", "clients-1k", "clients-100k", "twitter", "citm"})
        public String model;

        /** Which library reads; see {@link BindLibraries}. */
        @Param({"hyson-native", "hyson-java", "hyson-auto", "jackson", "jackson-blackbird", "fastjson2", "dsljson",
            "avaje", "gson"})
        public String library;

        byte[] json;
        BindLibrary<Object> binder;

        /** Loads the document, binds the library to its record and checks the library's value. */
        @Setup(Level.Trial)
        public void setup() throws Exception {
            BindModels.Model m = BindModels.load(model);
            json = m.json();
            binder = binder(library, m.type());
            String diff = RecordDiff.diff(m.value(), binder.read(json));
            if (diff != null) {
                throw new IllegalStateException("library=" + library + " reads model=" + model + " wrong: " + diff);
            }
            System.out.println("# " + model + ": " + json.length + " bytes of JSON");
        }
    }

    /** The writing side: a library and the record of a document. */
    @State(Scope.Benchmark)
    public static class WriteState {
        /** Which document's record is written. */
        @Param({"users-1k", "users-100k", "clients-1k", "clients-100k", "twitter", "citm"})
        public String model;

        /** Which library writes; {@code hyson} is the one writer of all three hyson backends. */
        @Param({"hyson", "jackson", "jackson-blackbird", "fastjson2", "dsljson", "avaje", "gson"})
        public String library;

        Object value;
        BindLibrary<Object> binder;

        /** Loads the record, binds the library to it and checks that Jackson reads the output back. */
        @Setup(Level.Trial)
        public void setup() throws Exception {
            if (library.startsWith("hyson-")) {
                throw new IllegalArgumentException("library=" + library + ": hyson's backends read only; its one writer"
                        + " is benchmarked as library=hyson");
            }
            BindModels.Model m = BindModels.load(model);
            value = m.value();
            binder = binder(library, m.type());
            byte[] out = binder.write(value);
            String diff = RecordDiff.diff(value, BindLibraries.jackson().readValue(out, m.type()));
            if (diff != null) {
                throw new IllegalStateException("library=" + library + " writes model=" + model
                        + " so that Jackson reads back a different value: " + diff);
            }
            System.out.println("# " + model + ": " + library + " writes " + out.length + " bytes of JSON");
        }
    }

    @SuppressWarnings("unchecked")
    static BindLibrary<Object> binder(String library, Class<?> type) {
        return BindLibraries.json(library, (Class<Object>) type);
    }

    /** @return the document's root record */
    @Benchmark
    public Object read(ReadState s) throws Exception {
        return s.binder.read(s.json);
    }

    /** @return the record as compact JSON */
    @Benchmark
    public byte[] write(WriteState s) throws Exception {
        return s.binder.write(s.value);
    }
}
