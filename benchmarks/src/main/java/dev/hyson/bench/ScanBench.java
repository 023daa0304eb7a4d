package dev.hyson.bench;

import dev.hyson.Backend;
import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonReader;
import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.NativeLibrary;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.util.ArrayList;
import java.util.List;
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
 * Scan and validate a corpus document into a tape, without building any value, in documents per
 * second (MB/s = ops/s × document bytes / 10^6, see the README): the scanner alone, one
 * {@code Scanner.scan} call per operation on a reused {@link Tape}, with the default reader options.
 * What {@code ParseBench} adds on top of this is the materializer.
 *
 * <p>{@code kernel}: {@code java} ({@link JavaScanner}), {@code native-best} (the first of
 * {@link NativeLibrary#kernels()}, the one {@code auto} uses), or one native kernel by name:
 * {@code scalar}, {@code sse2}, {@code avx2}, {@code avx512}, {@code neon}. The default list holds only the first
 * two, which every machine with the native library has; a named kernel this CPU lacks fails at setup
 * with the list it does have ({@code -p kernel=java,scalar,sse2,avx2} to compare kernels).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class ScanBench {
    /** The reader defaults, as {@code JsonReader.builder().build()} passes them to a scanner. */
    static final ReadConfig DEFAULTS = new ReadConfig(JsonReader.DEFAULT_MAX_DEPTH,
            JsonReader.DEFAULT_MAX_STRING_LENGTH, JsonReader.DEFAULT_MAX_NUMBER_LENGTH,
            JsonReader.DEFAULT_MAX_DOCUMENT_LENGTH, DuplicateKeyPolicy.LAST_WINS, SurrogatePolicy.KEEP,
            true, false, false, false, false, false, true);

    /**
     * {@code java}, {@code native-best}, or a native kernel: {@code scalar}, {@code sse2}, {@code avx2},
     * {@code avx512}, {@code neon}.
     */
    @Param({"java", "native-best"})
    public String kernel;

    /** Which corpus document is scanned. */
    @Param({"twitter.json", "citm_catalog.json", "canada.json"})
    public String document;

    byte[] json;
    Scanner scanner;
    final Tape tape = new Tape();

    /** Loads the document and finds the scanner. */
    @Setup(Level.Trial)
    public void setup() {
        json = Corpus.load(document);
        scanner = scanner(kernel);
        if (kernel.equals("native-best")) {
            // the calibration runs once per JVM: say what this fork's took, so forks can be compared
            System.out.println("native-best = " + dev.hyson.Json.backend().kernelChoice().orElse("?"));
        }
    }

    /**
     * @param kernel {@code java}, {@code native-best} or a native kernel name
     * @return that scanner
     * @throws IllegalStateException when the native library did not load or this CPU lacks the kernel
     */
    static Scanner scanner(String kernel) {
        if (kernel.equals("java")) {
            return JavaScanner.INSTANCE;
        }
        List<Scanner> kernels = NativeLibrary.kernels();
        if (kernels.isEmpty()) {
            throw new IllegalStateException("kernel=" + kernel + ": the native backend is unavailable ("
                    + Backend.of(Backend.Choice.NATIVE).error().orElse("no reason given") + ")");
        }
        if (kernel.equals("native-best")) {
            return kernels.get(0);
        }
        List<String> names = new ArrayList<>();
        for (Scanner s : kernels) {
            if (s.kernel().equals(kernel)) {
                return s;
            }
            names.add(s.kernel());
        }
        throw new IllegalStateException("kernel=" + kernel + " is not available on this CPU; it has java, native-best, "
                + String.join(", ", names));
    }

    /**
     * The pull parser's scan alone: the event tape of the document in 1 MiB windows of the array,
     * entries taken after each (dev.hyson.internal.scan.EventScan), nothing built.
     *
     * @return the number of entries taken
     * @throws java.io.IOException never (an array source)
     */
    @Benchmark
    public long scanEvents() throws java.io.IOException {
        dev.hyson.internal.scan.EventScan s = new dev.hyson.internal.scan.EventScan(json, 0, json.length, scanner, DEFAULTS,
                tape, 1 << 20);
        long n = 0;
        while (s.next()) {
            n += tape.size;
        }
        return n;
    }

    /** @return the number of tape entries written (the document is valid: the test checks it) */
    @Benchmark
    public int scan() {
        Tape t = tape;
        t.reset(json.length);
        if (!scanner.scan(json, 0, json.length, DEFAULTS, t)) {
            throw new IllegalStateException(document + " rejected at byte " + t.errorOffset + " (code " + t.errorCode + ")");
        }
        return t.size;
    }
}
