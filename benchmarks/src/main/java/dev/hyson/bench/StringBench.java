package dev.hyson.bench;

import dev.hyson.Backend;
import dev.hyson.JsonReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
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
 * Decode one JSON string, in nanoseconds per document: the document is a single string whose
 * content (between the quotes, as written) is {@code size} bytes, so MB/s = size × 1000 / score.
 * The measured call is {@code JsonReader.parse(bytes)} with the chosen backend and returns the
 * {@code String}: scanning and validating the UTF-8, decoding escapes when there are any, and building
 * the {@code String}.
 *
 * <p>{@code alphabet}: {@code ascii} (1 byte per character), {@code latin1} (accented Latin letters,
 * 2 bytes, every char below U+0100), {@code cjk} (Chinese, Japanese and Korean, 3 bytes),
 * {@code emoji} (4 bytes, a surrogate pair each). With {@code escapes=true}, a two-byte escape
 * ({@code \n}, {@code \"}, {@code \\}, {@code \t}, {@code \/} in turn) stands at bytes 6–7 of every
 * 16, so the whole string is decoded rather than taken as a span; a character that would not fit
 * before the next escape or the end is replaced by ASCII {@code a} (see {@link #sample}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class StringBench {
    private static final String[] ESCAPES = {"\\n", "\\\"", "\\\\", "\\t", "\\/"};
    private static final String DECODED = "\n\"\\\t/";
    private static final int ESCAPE_PERIOD = 16;
    private static final int ESCAPE_AT = 6;

    /** Bytes of string content, as written in the document. */
    @Param({"8", "64", "1024", "65536"})
    public int size;

    /** {@code ascii}, {@code latin1}, {@code cjk} or {@code emoji}. */
    @Param({"ascii", "latin1", "cjk", "emoji"})
    public String alphabet;

    /** Whether the string has escapes (one per 16 bytes). */
    @Param({"false", "true"})
    public boolean escapes;

    /** {@code java} or {@code native}. */
    @Param({"java", "native"})
    public String backend;

    byte[] json;
    String expected;
    private JsonReader reader;

    /** Builds the document and the reader. */
    @Setup(Level.Trial)
    public void setup() {
        Backend.Choice choice = Backend.Choice.valueOf(backend.toUpperCase(Locale.ROOT));
        Backend b = Backend.of(choice);
        if (!b.isAvailable()) {
            throw new IllegalStateException("backend=" + backend + " is unavailable: " + b.error().orElse("?"));
        }
        reader = JsonReader.builder().backend(choice).build();
        String[] s = sample(size, alphabet, escapes);
        json = s[0].getBytes(StandardCharsets.UTF_8);
        expected = s[1];
    }

    /** @return the decoded string */
    @Benchmark
    public Object parse() {
        return reader.parse(json);
    }

    /**
     * @param size bytes of content between the quotes, as written
     * @param alphabet {@code ascii}, {@code latin1}, {@code cjk} or {@code emoji}
     * @param escapes whether to put an escape at bytes 6–7 of every 16
     * @return {the JSON document (quotes included), the string it decodes to}
     */
    static String[] sample(int size, String alphabet, boolean escapes) {
        int[] chars = alphabet(alphabet).codePoints().toArray();
        StringBuilder doc = new StringBuilder(size + 2).append('"');
        StringBuilder value = new StringBuilder(size);
        int bytes = 0;
        int next = 0;
        int escape = 0;
        int escapeAt = ESCAPE_AT;
        while (bytes < size) {
            if (escapes && bytes == escapeAt && size - bytes >= 2) {
                doc.append(ESCAPES[escape]);
                value.append(DECODED.charAt(escape));
                escape = (escape + 1) % ESCAPES.length;
                escapeAt += ESCAPE_PERIOD;
                bytes += 2;
                continue;
            }
            int limit = escapes && escapeAt > bytes && size - escapeAt >= 2 ? Math.min(size, escapeAt) : size;
            int cp = chars[next % chars.length];
            int len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + len <= limit) {
                doc.appendCodePoint(cp);
                value.appendCodePoint(cp);
                bytes += len;
                next++;
            } else {
                doc.append('a');
                value.append('a');
                bytes++;
            }
        }
        return new String[] {doc.append('"').toString(), value.toString()};
    }

    private static String alphabet(String name) {
        switch (name) {
            case "ascii":
                return "The quick brown fox jumps over the lazy dog 0123456789";
            case "latin1":
                return "àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿÀÉÖÜß";
            case "cjk":
                return "日本語の文字列を解析する中文字符串测试한국어문자열";
            case "emoji":
                return "😀😃🎉🚀🌍👍🔥💡🐍🍕";
            default:
                throw new IllegalArgumentException("unknown alphabet '" + name + "'; known: ascii, latin1, cjk, emoji");
        }
    }
}
