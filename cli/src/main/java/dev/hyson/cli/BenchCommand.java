package dev.hyson.cli;

import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code hyson bench}: a quick, human-readable speed check. Each document is parsed on both
 * backends (native only where its library loads) and written back, each after a short warm-up, then
 * timed for a fixed time; the table gives MB/s of input for parsing, MB/s of output for writing,
 * and the native/java ratio. For numbers to publish, use the JMH benchmarks (benchmarks/README.md).
 */
@Command(name = "bench", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = {"Time parsing (both backends) and writing of each document; print MB/s and the ratio.",
            "--backend java or native measures that backend alone."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every document was measured",
            "1:a document was invalid or could not be read",
            "2:usage error",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
        })
final class BenchCommand extends InputCommand {
    @Option(names = "--seconds", order = 20, paramLabel = "S",
            description = "Measured time per document and backend, in seconds (default: ${DEFAULT-VALUE}).")
    double seconds = 1.0;

    @Option(names = "--warmup", order = 21, paramLabel = "S",
            description = "Warm-up time before each measurement, in seconds (default: ${DEFAULT-VALUE}).")
    double warmup = 1.0;

    private final List<String> rows = new ArrayList<>();
    private static final Object[] SINK = new Object[1];

    BenchCommand(Context ctx) {
        super(ctx);
    }

    @Override
    void prepare() {
        if (!(seconds > 0 && seconds <= 600) || !(warmup >= 0 && warmup <= 600)) {
            throw new ParameterException(spec.commandLine(), "--seconds must be in (0, 600] and --warmup in [0, 600]");
        }
    }

    @Override
    void handle(Input input, JsonReader reader, int count) throws java.io.IOException {
        Input.Document doc = readWhole(input);
        byte[] bytes = doc.bytes;
        int length = doc.length;
        JsonReader java = reader.toBuilder().backend(Backend.Choice.JAVA).build();
        Object value = java.parse(bytes, 0, length); // validates first: an invalid document is reported, not timed
        // --backend java or native measures that one alone; auto (or none) measures both
        Backend.Choice only = readerOptions.backend == Backend.Choice.AUTO ? null : readerOptions.backend;
        double javaSpeed = only == Backend.Choice.NATIVE ? Double.NaN : measure(() -> java.parse(bytes, 0, length), length);
        Backend nat = Backend.of(Backend.Choice.NATIVE);
        String nativeCell;
        String ratioCell = "-";
        if (only == Backend.Choice.JAVA) {
            nativeCell = "not measured";
        } else if (nat.isAvailable()) {
            JsonReader nativeReader = reader.toBuilder().backend(Backend.Choice.NATIVE).build();
            double nativeSpeed = measure(() -> nativeReader.parse(bytes, 0, length), length);
            nativeCell = String.format(Locale.ROOT, "%9.1f (%s)", nativeSpeed, nat.kernel());
            if (!Double.isNaN(javaSpeed)) {
                ratioCell = String.format(Locale.ROOT, "%.2fx", nativeSpeed / javaSpeed);
            }
        } else {
            nativeCell = "unavailable";
        }
        String javaCell = Double.isNaN(javaSpeed) ? "not measured" : String.format(Locale.ROOT, "%.1f", javaSpeed);
        JsonWriter writer = JsonWriter.builder().allowNonFinite(true).build();
        int outLength = writer.writeBytes(value).length;
        double writeSpeed = measure(() -> writer.writeBytes(value), outLength);
        rows.add(String.format(Locale.ROOT, "%-28s %10d %12s %20s %8s %12.1f", shorten(input.name()), length,
                javaCell, nativeCell, ratioCell, writeSpeed));
        if (!nat.isAvailable() && only != Backend.Choice.JAVA && rows.size() == 1) {
            ctx.error("native backend unavailable: " + nat.fallbackReason().or(nat::error).orElse("?"));
        }
    }

    @Override
    void finish(boolean success) {
        if (rows.isEmpty()) {
            return;
        }
        ctx.out.println(String.format(Locale.ROOT, "%-28s %10s %12s %20s %8s %12s", "document", "bytes",
                "java MB/s", "native MB/s", "ratio", "write MB/s"));
        for (String row : rows) {
            ctx.out.println(row);
        }
        ctx.out.println(String.format(Locale.ROOT,
                "(parse: MB/s of input, after %.1f s warm-up, %.1f s measured; write: compact output)", warmup, seconds));
        ctx.out.flush();
    }

    /** Runs op for the warm-up time, then for the measured time; returns MB/s for {@code bytes} per op. */
    private double measure(Supplier<Object> op, long bytes) {
        loop(op, (long) (warmup * 1e9));
        long[] result = loop(op, (long) (seconds * 1e9));
        return bytes * (double) result[0] / 1e6 / (result[1] / 1e9);
    }

    private static long[] loop(Supplier<Object> op, long nanos) {
        long start = System.nanoTime();
        long deadline = start + nanos;
        long n = 0;
        long now;
        do {
            SINK[0] = op.get(); // kept reachable so the JIT cannot drop the work
            n++;
            now = System.nanoTime();
        } while (now < deadline);
        return new long[] {n, now - start};
    }

    private static String shorten(String name) {
        return name.length() <= 28 ? name : "..." + name.substring(name.length() - 25);
    }
}
