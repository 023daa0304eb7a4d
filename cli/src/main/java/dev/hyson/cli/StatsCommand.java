package dev.hyson.cli;

import java.io.IOException;
import java.io.InputStream;
import dev.hyson.stream.JsonParser;
import picocli.CommandLine.Mixin;

import dev.hyson.JsonReader;
import java.util.Locale;
import picocli.CommandLine.Command;

/**
 * {@code hyson stats}: reads each document once, timed, and prints what it holds: counts of each
 * kind of value, the nesting depth, the read time and throughput. A document is counted from the
 * pull parser's events, in memory that does not grow with it (no tree is built); a JSON Lines record
 * from its line's scanned tape (a tree only for a line whose counts could differ from the tape's:
 * repeated member names, big numbers). The read is not warmed up, so on a fresh JVM the time includes class loading
 * and interpretation: it measures a cold start.
 */
@Command(name = "stats", sortOptions = false, usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = "Count the values in each document and time one (cold) parse.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every document was measured",
            "1:a document was invalid or could not be read",
            "2:usage error",
            "3:out of memory (raise the heap: JAVA_OPTS=-Xmx2g), or an internal error",
        })
final class StatsCommand extends InputCommand {
    private int printed;

    StatsCommand(Context ctx) {
        super(ctx);
    }

    @Mixin
    LinesOption linesOption;

    @Override
    LinesOption linesOption() {
        return linesOption;
    }

    @Override
    void handle(Input input, JsonReader reader, int count) throws IOException {
        if (lines(input)) {
            handleLines(input, reader);
            return;
        }
        // counted from the event stream: memory stays bounded whatever the document's size
        long start = System.nanoTime();
        Stats s;
        long bytes;
        try (InputStream raw = input.open(ctx); Counting in = new Counting(raw); JsonParser p = reader.parser(in)) {
            s = Stats.of(p, readerOptions.duplicateKeys == dev.hyson.DuplicateKeyPolicy.ERROR);
            bytes = in.count;
        }
        long nanos = System.nanoTime() - start;
        if (printed++ > 0) {
            ctx.out.println();
        }
        String backend = reader.backend().name();
        if ("auto".equals(reader.backend().requested()) && bytes < dev.hyson.internal.scan.AutoThreshold.NATIVE_MIN_LENGTH
                && !"java".equals(backend)) {
            backend = "java"; // what auto uses below AutoThreshold.NATIVE_MIN_LENGTH bytes, where a JNI call costs more than it saves
        }
        ctx.out.print(report(input.name(), bytes, s, nanos, backend));
        ctx.out.flush();
    }

    /**
     * JSON Lines: the counts over all records (lines), timed as a whole. Each record is counted from its
     * scanned tape ({@link Stats.TapeWalk}), or from its tree where the two could differ.
     */
    private void handleLines(Input input, JsonReader reader) throws IOException {
        Stats total = Stats.none();
        long records;
        long bytes;
        long start = System.nanoTime();
        Stats.TapeWalk walk = new Stats.TapeWalk(readerOptions.duplicateKeys == dev.hyson.DuplicateKeyPolicy.ERROR);
        try (InputStream raw = input.open(ctx); Counting in = new Counting(raw)) {
            // scanned on this thread: counting a line's tape is too little work to pay for hand-overs to a
            // read-ahead thread (1 GB of JSON Lines: 1.37-1.51 s without one, 1.63-1.69 s with)
            records = reader.lines().readAhead(false).forEachDocument(in, doc -> {
                if (!walk.count(doc, total)) {
                    total.add(Stats.of(doc.root().toValue()));
                }
            });
            bytes = in.count;
        }
        long nanos = System.nanoTime() - start;
        if (printed++ > 0) {
            ctx.out.println();
        }
        String r = report(input.name(), bytes, total, nanos, reader.backend().name())
                .replace(", one cold parse)", ", JSON Lines: one cold pass, a parse per line)");
        int at = r.indexOf("\nobjects: ");
        ctx.out.print(r.substring(0, at) + "\nrecords: " + records + r.substring(at));
        ctx.out.flush();
    }

    /** Counts the bytes read through it. */
    private static final class Counting extends java.io.FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public void close() {
            // the input's stream is closed by its owner
        }
    }

    static String report(String name, long bytes, Stats s, long nanos, String backend) {
        double ms = nanos / 1e6;
        String speed = nanos > 0 ? String.format(Locale.ROOT, "%.1f MB/s", bytes / 1e6 / (nanos / 1e9)) : "-";
        StringBuilder b = new StringBuilder();
        b.append("file: ").append(name).append('\n');
        b.append("bytes: ").append(bytes).append('\n');
        b.append("objects: ").append(s.objects).append('\n');
        b.append("arrays: ").append(s.arrays).append('\n');
        b.append("strings: ").append(s.strings).append(" (").append(s.memberNames).append(" member names)\n");
        b.append("numbers: ").append(s.integers + s.decimals)
                .append(" (").append(s.integers).append(" integers, ").append(s.decimals).append(" decimals)\n");
        b.append("true: ").append(s.trues).append('\n');
        b.append("false: ").append(s.falses).append('\n');
        b.append("null: ").append(s.nulls).append('\n');
        b.append("max depth: ").append(s.maxDepth).append('\n');
        b.append(String.format(Locale.ROOT, "parse: %.3f ms, %s (%s backend, one cold parse)", ms, speed, backend))
                .append('\n');
        return b.toString();
    }
}
