package dev.hyson.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JSON Lines (issue #13): a whole NDJSON file read from its {@code Path} into generic trees, one
 * value per line, every value consumed into the {@link Blackhole}; each operation returns the
 * number of values. Scores are files per second; MB/s = ops/s × the file size that setup prints.
 *
 * <ul>
 *   <li>{@code hyson}: {@code reader.readLines(path)} on one thread, {@code backend} = {@code native}
 *       or {@code java} (a {@link JsonReader} with that {@link Backend.Choice}; {@code native} fails
 *       setup with the reason when the native backend is unavailable).
 *   <li>{@code hysonValidate}: {@code reader.lines().validate(path)} on one thread, {@code backend} as
 *       for {@code hyson}: the lines scanned a window per call, no values built.
 *   <li>{@code hysonParallel2}: {@code reader.lines().parallel(2).read(path)}, native backend,
 *       ordered (the default). A file under 1 MiB (amazon) is parsed on the consuming thread, as
 *       {@code JsonLines} documents, so there it measures the serial path.
 *   <li>{@code jackson}: {@code ObjectMapper.readerFor(Object.class).readValues(parser)}, a
 *       {@code MappingIterator<Object>} loop (LinkedHashMap/ArrayList trees, the same work as hyson's
 *       tree), with the {@code JsonFactory} settings of {@link Libraries}' Jackson
 *       ({@code USE_FAST_DOUBLE_PARSER}, {@code USE_FAST_DOUBLE_WRITER}).
 * </ul>
 *
 * <p>{@code input}: {@code amazon} = {@code amazon_cellphones.ndjson} of the shared corpus (793
 * lines, 277,673 bytes; each line an array of 9 values), {@code generated100m} = a file of about
 * 100 MB written once per trial into a temporary file (deleted at teardown) by {@link #generate}:
 * the amazon lines, then the 100 statuses of {@code twitter.json}, one compact object per line
 * (hyson's {@code JsonWriter.defaults()}), repeated in that order until the size is reached; the
 * content is deterministic. {@code NdjsonBenchCorrectnessTest} checks that all three read the same
 * values.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class NdjsonBench {

    /** The corpus NDJSON file. */
    static final String AMAZON = "amazon_cellphones.ndjson";

    /** Size of the {@code generated100m} input, in bytes (the file stops at the first line past it). */
    static final long GENERATED_BYTES = 100_000_000L;

    /** Jackson, configured as {@link Libraries}' Jackson. */
    static final ObjectMapper JACKSON = new ObjectMapper(JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build());

    static final ObjectReader JACKSON_READER = JACKSON.readerFor(Object.class);

    /**
     * Jackson's values of a JSON Lines file. The parser is made here and handed over: from
     * {@code readValues(File)} a MappingIterator whose first value is an array unwraps it (reads its
     * elements as the values), which is not JSON Lines.
     */
    static MappingIterator<Object> jacksonValues(Path path) throws IOException {
        return JACKSON_READER.readValues(JACKSON_READER.createParser(path.toFile()));
    }

    /** The input file. */
    @State(Scope.Benchmark)
    public static class InputState {
        /** {@code amazon} or {@code generated100m}. */
        @Param({"amazon", "generated100m"})
        public String input;

        /** Size of the generated file; the test sets it smaller. */
        long generatedBytes = GENERATED_BYTES;

        Path path;
        boolean temporary;
        long bytes;

        /** Finds or writes the file and prints its size. */
        @Setup(Level.Trial)
        public void setup() throws IOException {
            switch (input) {
                case "amazon":
                    path = corpusFile(AMAZON);
                    temporary = false;
                    break;
                case "generated100m":
                    path = Files.createTempFile("hyson-ndjson-bench-", ".ndjson");
                    temporary = true;
                    generate(path, generatedBytes);
                    break;
                default:
                    throw new IllegalArgumentException("unknown input " + input + " (amazon, generated100m)");
            }
            bytes = Files.size(path);
            System.out.println("# " + input + ": " + path + ", " + bytes + " bytes");
        }

        /** Deletes the generated file. */
        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            if (temporary && path != null) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** hyson's backend for {@code hyson}. */
    @State(Scope.Benchmark)
    public static class BackendState {
        /** {@code native} or {@code java}. */
        @Param({"native", "java"})
        public String backend;

        JsonReader reader;

        /** Makes the reader. */
        @Setup(Level.Trial)
        public void setup() {
            reader = reader(backend);
        }
    }

    /** The native reader for {@code hysonParallel2}. */
    @State(Scope.Benchmark)
    public static class ParallelState {
        JsonReader reader;

        /** Makes the reader. */
        @Setup(Level.Trial)
        public void setup() {
            reader = reader("native");
        }
    }

    static JsonReader reader(String backend) {
        switch (backend) {
            case "java":
                return JsonReader.builder().backend(Backend.Choice.JAVA).build();
            case "native":
                Backend nativeBackend = Backend.of(Backend.Choice.NATIVE);
                if (!nativeBackend.isAvailable()) {
                    throw new IllegalStateException("backend=native: the native backend is unavailable ("
                            + nativeBackend.error().orElse("no reason given") + ")");
                }
                return JsonReader.builder().backend(Backend.Choice.NATIVE).build();
            default:
                throw new IllegalArgumentException("unknown backend " + backend + " (native, java)");
        }
    }

    // ---- benchmarks ----

    /** @return the number of values: the file read serially into trees */
    @Benchmark
    public long hyson(InputState in, BackendState b, Blackhole bh) {
        return consume(b.reader.readLines(in.path), bh);
    }

    /**
     * @return the number of values: the file read serially on the calling thread alone
     *     ({@code readAhead(false)}), the one-thread baseline of {@code parallel(2)} ({@link #hyson} scans
     *     ahead on a second thread for a file this large)
     */
    @Benchmark
    public long hysonOneThread(InputState in, ParallelState p, Blackhole bh) {
        return consume(p.reader.lines().readAhead(false).read(in.path), bh);
    }

    /** @return the number of values: the file read with {@code parallel(2)}, in order */
    @Benchmark
    public long hysonParallel2(InputState in, ParallelState p, Blackhole bh) {
        return consume(p.reader.lines().parallel(2).read(in.path), bh);
    }

    /** @return the number of valid lines: the file checked serially, no values built ({@code JsonLines.validate}) */
    @Benchmark
    public long hysonValidate(InputState in, BackendState b) {
        return b.reader.lines().validate(in.path);
    }

    /** @return the number of values: Jackson's {@code MappingIterator} over the file */
    @Benchmark
    public long jackson(InputState in, Blackhole bh) throws IOException {
        long n = 0;
        try (MappingIterator<Object> it = jacksonValues(in.path)) {
            while (it.hasNext()) {
                bh.consume(it.next());
                n++;
            }
        }
        return n;
    }

    static long consume(Stream<Object> values, Blackhole bh) {
        long n = 0;
        try (values) {
            Iterator<Object> it = values.iterator();
            while (it.hasNext()) {
                bh.consume(it.next());
                n++;
            }
        }
        return n;
    }

    // ---- inputs ----

    static Path corpusFile(String name) {
        Corpus.load(name); // the same checks and messages as every bench (corpus and file present)
        return Corpus.directory().orElseThrow().resolve(name);
    }

    /**
     * Writes the generated input: the amazon lines, then twitter.json's statuses one per line
     * (compact), repeated until at least {@code target} bytes are written (whole lines only).
     */
    static void generate(Path path, long target) throws IOException {
        List<byte[]> lines = new ArrayList<>();
        byte[] amazon = Corpus.load(AMAZON);
        int start = 0;
        for (int i = 0; i < amazon.length; i++) {
            if (amazon[i] == '\n') {
                if (i > start) {
                    lines.add(java.util.Arrays.copyOfRange(amazon, start, i + 1));
                }
                start = i + 1;
            }
        }
        if (start < amazon.length) {
            byte[] last = java.util.Arrays.copyOf(java.util.Arrays.copyOfRange(amazon, start, amazon.length),
                    amazon.length - start + 1);
            last[last.length - 1] = '\n';
            lines.add(last);
        }
        Object twitter = JsonReader.defaults().parse(Corpus.load("twitter.json"));
        JsonWriter writer = JsonWriter.defaults();
        for (Object status : (List<?>) ((Map<?, ?>) twitter).get("statuses")) {
            byte[] b = writer.writeBytes(status);
            byte[] line = java.util.Arrays.copyOf(b, b.length + 1);
            line[b.length] = '\n';
            lines.add(line);
        }
        long written = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 20)) {
            while (written < target) {
                for (byte[] line : lines) {
                    out.write(line);
                    written += line.length;
                    if (written >= target) {
                        break;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + path, e);
        }
    }
}
