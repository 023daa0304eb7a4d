package dev.hyson.bench;

import ch.randelshofer.fastdoubleparser.JsonDoubleParser;
import com.alibaba.fastjson2.util.NumberUtils;
import com.fasterxml.jackson.core.io.NumberOutput;
import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.internal.number.DoubleFormatter;
import dev.hyson.internal.number.DoubleParser;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parse and format the {@value #NUMBERS} numbers of {@code canada.json} (mean 18.2 characters, all
 * but 46 of them with a fraction), in nanoseconds <em>per number</em> ({@link OperationsPerInvocation}).
 * The number spans are found once in setup by skipping strings and taking every run of
 * {@code [-+.0-9eE]} that starts with a digit or {@code -}; every method then converts all of them.
 *
 * <p>Parsing, from the bytes of the document:
 * <ul>
 *   <li>{@code parseDocument}: hyson's {@link JsonReader} with {@code -p backend=java|native} parsing
 *       one document, a JSON array of all the numbers ({@code [n1,n2,...]}); this is the whole path
 *       (scan, convert, box each into a {@code Double}, build the {@code ArrayList}) and the only way
 *       to reach the native number parser, which is never called per number (one JNI crossing per
 *       document).
 *   <li>{@code parseHyson}: {@code DoubleParser.parse(bytes, start, end)} per span, the Java
 *       backend's converter alone.
 *   <li>{@code parseJdk}: {@code Double.parseDouble(new String(bytes, start, len, ISO_8859_1))}, what a
 *       byte-oriented parser must do to use the JDK (the {@code String} is part of the cost).
 *   <li>{@code parseFastDoubleParser}: FastDoubleParser's {@code JsonDoubleParser.parseDouble(bytes,
 *       start, len)}.
 * </ul>
 * The per-span methods store each result in a {@code double[]} and return it.
 *
 * <p>Formatting each parsed value, shortest round-trip digits:
 * <ul>
 *   <li>{@code formatHyson}: {@code DoubleFormatter.write(v, buf, pos)} into one {@code byte[]},
 *       a comma after each number (what hyson's writer does).
 *   <li>{@code formatFastjson2}: fastjson2's {@code NumberUtils.writeDouble(buf, pos, v, true)}, the same way.
 *   <li>{@code formatHysonString}: {@code DoubleFormatter.toString(v)} into a {@code String[]}.
 *   <li>{@code formatJdk}: {@code Double.toString(v)} (on JDK 17 not always the shortest digits).
 *   <li>{@code formatJackson}: Jackson's {@code NumberOutput.toString(v, true)} (its Schubfach writer,
 *       what {@code USE_FAST_DOUBLE_WRITER} uses).
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class NumberBench {
    /** How many numbers canada.json holds; setup fails if the corpus file has another count. */
    public static final int NUMBERS = 111_126;

    /** The document the numbers come from. */
    static final String SOURCE = "canada.json";

    /** canada.json's bytes; the spans index into it. */
    byte[] text;
    /** Start (inclusive) and end (exclusive) of each number in {@link #text}. */
    int[] starts;
    int[] ends;
    /** Each number, correctly rounded (by {@code Double.parseDouble}), for the format methods. */
    double[] values;

    /** Where the parse methods put their results. */
    double[] parsed;
    /** Where the byte formatters write (numbers separated by commas). */
    byte[] formatted;
    /** Where the String formatters put their results. */
    String[] strings;

    /** Loads canada.json, finds its numbers and converts them once for the formatters. */
    @Setup(Level.Trial)
    public void setup() {
        text = Corpus.load(SOURCE);
        int[][] spans = numberSpans(text);
        starts = spans[0];
        ends = spans[1];
        if (starts.length != NUMBERS) {
            throw new IllegalStateException(SOURCE + " has " + starts.length + " numbers, NumberBench expects "
                    + NUMBERS + " (@OperationsPerInvocation): is the corpus file the expected one?");
        }
        values = new double[NUMBERS];
        for (int i = 0; i < NUMBERS; i++) {
            values[i] = Double.parseDouble(new String(text, starts[i], ends[i] - starts[i], StandardCharsets.ISO_8859_1));
        }
        parsed = new double[NUMBERS];
        formatted = new byte[NUMBERS * (DoubleFormatter.MAX_CHARS + 1)];
        strings = new String[NUMBERS];
    }

    /**
     * Finds the numbers of a valid JSON text: outside strings, every token that starts with
     * {@code -} or a digit and runs over {@code [-+.0-9eE]}.
     *
     * @return {starts, ends}
     */
    static int[][] numberSpans(byte[] json) {
        int[] s = new int[1024];
        int[] e = new int[1024];
        int n = 0;
        int i = 0;
        while (i < json.length) {
            byte c = json[i];
            if (c == '"') {
                i++;
                while (json[i] != '"') {
                    i += json[i] == '\\' ? 2 : 1;
                }
                i++;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                int j = i + 1;
                while (j < json.length && isNumberByte(json[j])) {
                    j++;
                }
                if (n == s.length) {
                    s = Arrays.copyOf(s, n * 2);
                    e = Arrays.copyOf(e, n * 2);
                }
                s[n] = i;
                e[n] = j;
                n++;
                i = j;
            } else {
                i++;
            }
        }
        return new int[][] {Arrays.copyOf(s, n), Arrays.copyOf(e, n)};
    }

    private static boolean isNumberByte(byte c) {
        return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
    }

    /** The document-level side: one JSON array of all the numbers, parsed by one backend. */
    @State(Scope.Benchmark)
    public static class Document {
        /** {@code java} or {@code native}: the reader's backend. */
        @Param({"java", "native"})
        public String backend;

        byte[] json;
        JsonReader reader;

        /** Builds {@code [n1,n2,...]} from canada.json's number spans and the reader. */
        @Setup(Level.Trial)
        public void setup() {
            Backend.Choice choice = Backend.Choice.valueOf(backend.toUpperCase(Locale.ROOT));
            Backend b = Backend.of(choice);
            if (!b.isAvailable()) {
                throw new IllegalStateException("backend=" + backend + " is unavailable: " + b.error().orElse("?"));
            }
            reader = JsonReader.builder().backend(choice).build();
            byte[] source = Corpus.load(SOURCE);
            int[][] spans = numberSpans(source);
            ByteArrayOutputStream out = new ByteArrayOutputStream(source.length);
            out.write('[');
            for (int i = 0; i < spans[0].length; i++) {
                if (i > 0) {
                    out.write(',');
                }
                out.write(source, spans[0][i], spans[1][i] - spans[0][i]);
            }
            out.write(']');
            json = out.toByteArray();
        }
    }

    /** @return the list of all numbers ({@code Double}, or {@code Long} for the 46 integers) */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public Object parseDocument(Document d) {
        return d.reader.parse(d.json);
    }

    /** @return every number, by hyson's Java converter */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public double[] parseHyson() {
        byte[] b = text;
        int[] s = starts;
        int[] e = ends;
        double[] out = parsed;
        for (int i = 0; i < out.length; i++) {
            out[i] = DoubleParser.parse(b, s[i], e[i]);
        }
        return out;
    }

    /** @return every number, by {@code Double.parseDouble} of a new Latin-1 {@code String} */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public double[] parseJdk() {
        byte[] b = text;
        int[] s = starts;
        int[] e = ends;
        double[] out = parsed;
        for (int i = 0; i < out.length; i++) {
            out[i] = Double.parseDouble(new String(b, s[i], e[i] - s[i], StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    /** @return every number, by FastDoubleParser's {@code JsonDoubleParser} on the bytes */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public double[] parseFastDoubleParser() {
        byte[] b = text;
        int[] s = starts;
        int[] e = ends;
        double[] out = parsed;
        for (int i = 0; i < out.length; i++) {
            out[i] = JsonDoubleParser.parseDouble(b, s[i], e[i] - s[i]);
        }
        return out;
    }

    /** @return the end of the output in {@link #formatted}: every value and a comma after each */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public int formatHyson() {
        double[] v = values;
        byte[] buf = formatted;
        int pos = 0;
        for (int i = 0; i < v.length; i++) {
            pos = DoubleFormatter.write(v[i], buf, pos);
            buf[pos++] = ',';
        }
        return pos;
    }

    /** @return the end of the output in {@link #formatted}, written by fastjson2 */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public int formatFastjson2() {
        double[] v = values;
        byte[] buf = formatted;
        int pos = 0;
        for (int i = 0; i < v.length; i++) {
            pos = NumberUtils.writeDouble(buf, pos, v[i], true);
            buf[pos++] = ',';
        }
        return pos;
    }

    /** @return every value as a String, by hyson's formatter */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public String[] formatHysonString() {
        double[] v = values;
        String[] out = strings;
        for (int i = 0; i < v.length; i++) {
            out[i] = DoubleFormatter.toString(v[i]);
        }
        return out;
    }

    /** @return every value as a String, by {@code Double.toString} */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public String[] formatJdk() {
        double[] v = values;
        String[] out = strings;
        for (int i = 0; i < v.length; i++) {
            out[i] = Double.toString(v[i]);
        }
        return out;
    }

    /** @return every value as a String, by Jackson's fast (Schubfach) writer */
    @Benchmark
    @OperationsPerInvocation(NUMBERS)
    public String[] formatJackson() {
        double[] v = values;
        String[] out = strings;
        for (int i = 0; i < v.length; i++) {
            out[i] = NumberOutput.toString(v[i], true);
        }
        return out;
    }
}
