package dev.hyson.bench;

import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.nio.charset.StandardCharsets;
import java.util.Random;
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
 * The JNI edge: small documents, where the native backend's fixed cost per call (the crossing, the
 * critical region, the copy of the tape into Java arrays) is not hidden by the scan. Measures where
 * the native scan overtakes the Java scanner, which is the {@code auto} backend's threshold
 * ({@code dev.hyson.internal.scan.AutoThreshold}); ns per operation.
 *
 * <p>{@code size} is the document's exact length in bytes: a JSON array of generated records
 * ({@code {"id":..,"name":"..","active":..,"score":..,"tags":[..]}}, about 70 bytes each, fixed seed),
 * closed by one string that makes the length exact ({@code size=16} is {@code ["xxxxxxxxxxxx"]}).
 * {@code path}: {@code java} or {@code native} ({@code native}: the best kernel, the one {@code auto}
 * uses). {@code scan} is the tape alone ({@link ScanBench}'s operation); {@code parse} is
 * {@code JsonReader.parse} to a tree with that backend, the whole public call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class JniEdgeBench {
    /** The document's length in bytes. */
    @Param({"16", "64", "128", "256", "512", "1024", "4096"})
    public int size;

    /** {@code java} or {@code native} (the best kernel). */
    @Param({"java", "native"})
    public String path;

    byte[] json;
    Scanner scanner;
    JsonReader reader;
    final Tape tape = new Tape();

    /** Builds the document and picks the scanner and reader. */
    @Setup(Level.Trial)
    public void setup() {
        json = document(size);
        boolean java = path.equals("java");
        if (!java && !path.equals("native")) {
            throw new IllegalArgumentException("path=" + path + ": expected java or native");
        }
        scanner = ScanBench.scanner(java ? "java" : "native-best");
        reader = JsonReader.builder().backend(java ? Backend.Choice.JAVA : Backend.Choice.NATIVE).build();
    }

    /**
     * A document of exactly {@code size} bytes (at least 4): generated records, then one string of
     * {@code x} to fill.
     *
     * @param size the length in bytes
     * @return the UTF-8 (ASCII) bytes
     */
    static byte[] document(int size) {
        if (size < 4) {
            throw new IllegalArgumentException("size=" + size + ": at least 4");
        }
        Random random = new Random(25);
        StringBuilder sb = new StringBuilder("[");
        while (true) {
            int id = random.nextInt(100_000);
            String record = "{\"id\":" + id + ",\"name\":\"user_" + Integer.toString(id, 36) + "\",\"active\":"
                    + random.nextBoolean() + ",\"score\":" + (random.nextInt(100_000) / 100.0) + ",\"tags\":[\"t"
                    + random.nextInt(10) + "\",\"t" + random.nextInt(10) + "\"]},";
            if (sb.length() + record.length() + 3 > size) {
                break;
            }
            sb.append(record);
        }
        int fill = size - sb.length() - 3;
        sb.append('"').append("x".repeat(fill)).append("\"]");
        byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        if (bytes.length != size) {
            throw new AssertionError(bytes.length + " != " + size);
        }
        return bytes;
    }

    /** @return the number of tape entries written */
    @Benchmark
    public int scan() {
        Tape t = tape;
        t.reset(json.length);
        if (!scanner.scan(json, 0, json.length, ScanBench.DEFAULTS, t)) {
            throw new IllegalStateException("rejected at byte " + t.errorOffset + " (code " + t.errorCode + ")");
        }
        return t.size;
    }

    /** @return the tree */
    @Benchmark
    public Object parse() {
        return reader.parse(json);
    }
}
