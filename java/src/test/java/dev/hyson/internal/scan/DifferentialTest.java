package dev.hyson.internal.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.tape.Tape;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The two backends against each other: for every corpus and conformance file and for 100,000+
 * seeded generated and mutated inputs, under several option sets, every native kernel must write
 * exactly the tape the Java scanner writes (entries and side buffers), or fail with the same error
 * code at the same offset.
 */
class DifferentialTest {
    static final ReadConfig DEFAULT = config(1000, 20_000_000, 1000, 1L << 30, DuplicateKeyPolicy.LAST_WINS,
            SurrogatePolicy.KEEP, true, false, false, false, false, false);
    static final ReadConfig LENIENT = config(1000, 20_000_000, 1000, 1L << 30, DuplicateKeyPolicy.LAST_WINS,
            SurrogatePolicy.REPLACE, true, true, true, true, true, false);
    static final ReadConfig STRICT = config(1000, 20_000_000, 1000, 1L << 30, DuplicateKeyPolicy.ERROR,
            SurrogatePolicy.ERROR, false, false, false, false, false, true);
    static final ReadConfig TIGHT = config(6, 12, 20, 300, DuplicateKeyPolicy.LAST_WINS,
            SurrogatePolicy.KEEP, true, true, false, false, false, false);
    static final List<ReadConfig> CONFIGS = List.of(DEFAULT, LENIENT, STRICT, TIGHT);

    private static ReadConfig config(int depth, long string, int number, long document, DuplicateKeyPolicy dup,
            SurrogatePolicy surrogates, boolean bom, boolean comments, boolean trailing, boolean nonFinite,
            boolean overflow, boolean bigDecimals) {
        return new ReadConfig(depth, string, number, document, dup, surrogates, bom, comments, trailing, nonFinite,
                overflow, bigDecimals, true);
    }

    private final Tape javaTape = new Tape();
    private final Tape nativeTape = new Tape();

    private static List<Scanner> kernels() {
        List<Scanner> k = NativeLibrary.kernels();
        assumeTrue(!k.isEmpty(), "native backend unavailable: " + NativeLibrary.unavailableReason());
        return k;
    }

    /** Compares one input on every kernel; returns whether it was valid. */
    private boolean compare(List<Scanner> kernels, byte[] src, int start, int end, ReadConfig cfg) {
        javaTape.reset(end - start);
        boolean ok = JavaScanner.INSTANCE.scan(src, start, end, cfg, javaTape);
        for (Scanner k : kernels) {
            nativeTape.reset(end - start);
            boolean nok = k.scan(src, start, end, cfg, nativeTape);
            String what = k.kernel() + " on " + describe(src, start, end);
            assertEquals(ok, nok, what);
            if (!ok) {
                assertEquals(javaTape.errorCode, nativeTape.errorCode, "error code, " + what);
                assertEquals(javaTape.errorOffset, nativeTape.errorOffset, "error offset, " + what);
            } else {
                assertEquals(javaTape.size, nativeTape.size, "tape size, " + what);
                assertArrayEquals(Arrays.copyOf(javaTape.entries, javaTape.size),
                        Arrays.copyOf(nativeTape.entries, nativeTape.size), "tape, " + what);
                assertArrayEquals(Arrays.copyOf(javaTape.latin1, javaTape.latin1Size),
                        Arrays.copyOf(nativeTape.latin1, nativeTape.latin1Size), "latin1, " + what);
                assertArrayEquals(Arrays.copyOf(javaTape.utf16, javaTape.utf16Size),
                        Arrays.copyOf(nativeTape.utf16, nativeTape.utf16Size), "utf16, " + what);
            }
        }
        return ok;
    }

    static String describe(byte[] src, int start, int end) {
        int n = Math.min(end - start, 200);
        return "[" + (end - start) + " bytes] " + new String(src, start, n, StandardCharsets.ISO_8859_1)
                .replaceAll("[^\\x20-\\x7e]", "?");
    }

    static Path shared() {
        for (String p : new String[] {System.getProperty("hyson.shared", ""), "../shared", "../../shared"}) {
            if (!p.isEmpty() && Files.isDirectory(Path.of(p, "corpus"))) {
                return Path.of(p);
            }
        }
        assumeTrue(false, "../shared not found: corpus differential skipped");
        return null;
    }

    @Test
    void files_corpusAndConformance_sameTapes() throws IOException {
        List<Scanner> kernels = kernels();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(shared().resolve("corpus"))) {
            s.filter(p -> p.toString().endsWith(".json")).forEach(files::add);
        }
        try (Stream<Path> s = Files.list(shared().resolve("conformance/jsontestsuite/test_parsing"))) {
            s.forEach(files::add);
        }
        try (Stream<Path> s = Files.list(shared().resolve("conformance/jsontestsuite/test_transform"))) {
            s.forEach(files::add);
        }
        assertTrue(files.size() > 350);
        for (Path p : files) {
            byte[] doc = Files.readAllBytes(p);
            for (ReadConfig cfg : CONFIGS) {
                compare(kernels, doc, 0, doc.length, cfg);
            }
            // inside a larger array: offsets stay absolute (and above 1 MiB the native side copies)
            byte[] padded = new byte[doc.length + 11];
            System.arraycopy(doc, 0, padded, 7, doc.length);
            compare(kernels, padded, 7, 7 + doc.length, DEFAULT);
        }
    }

    @Test
    void generatedAndMutated_100kInputs_sameTapes() {
        List<Scanner> kernels = kernels();
        SplittableRandom rnd = new SplittableRandom(20261130);
        int inputs = 0;
        int valid = 0;
        for (int i = 0; i < 50_000; i++) {
            byte[] doc = generate(rnd);
            ReadConfig cfg = CONFIGS.get(rnd.nextInt(CONFIGS.size()));
            valid += compare(kernels, doc, 0, doc.length, cfg) ? 1 : 0;
            byte[] mutant = mutate(doc, rnd);
            compare(kernels, mutant, 0, mutant.length, CONFIGS.get(rnd.nextInt(CONFIGS.size())));
            inputs += 2;
        }
        // numbers alone, in every shape the grammar has and many it does not
        for (int i = 0; i < 20_000; i++) {
            byte[] doc = number(rnd, true).getBytes(StandardCharsets.US_ASCII);
            if (rnd.nextInt(4) == 0) {
                doc = mutate(doc, rnd);
            }
            compare(kernels, doc, 0, doc.length, rnd.nextBoolean() ? DEFAULT : LENIENT);
            inputs++;
        }
        assertTrue(inputs >= 100_000, "inputs " + inputs);
        assertTrue(valid > 10_000, "valid generated documents: " + valid);
        System.out.println("DifferentialTest: " + inputs + " generated/mutated inputs on " + kernels.size()
                + " kernels, " + valid + " valid generated documents");
    }

    private static final String[] STRING_PARTS = {"a", "hello", " ", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\b",
        "\\u00e9", "\\u0041", "\\u65e5", "\\uD83D\\uDE00", "\\uD800", "\\uDC00", "\\uD83Dx", "\u00e9", "\u00ff",
        "\u65e5\u672c", "\uD83D\uDE00", "\u2028", "x".repeat(40), "\u00e9".repeat(20), "\\u0000", "~"};

    static byte[] generate(SplittableRandom rnd) {
        StringBuilder sb = new StringBuilder();
        value(sb, rnd, 0);
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void ws(StringBuilder sb, SplittableRandom rnd) {
        int r = rnd.nextInt(10);
        if (r == 0) {
            sb.append(' ');
        } else if (r == 1) {
            sb.append("\n    ");
        } else if (r == 2) {
            sb.append(" ".repeat(rnd.nextInt(70)));
        }
    }

    private static void value(StringBuilder sb, SplittableRandom rnd, int depth) {
        ws(sb, rnd);
        int kind = depth > 5 ? 2 + rnd.nextInt(5) : rnd.nextInt(7);
        switch (kind) {
            case 0: {
                sb.append('{');
                int n = rnd.nextInt(5);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    ws(sb, rnd);
                    string(sb, rnd);
                    ws(sb, rnd);
                    sb.append(':');
                    value(sb, rnd, depth + 1);
                }
                ws(sb, rnd);
                sb.append('}');
                break;
            }
            case 1: {
                sb.append('[');
                int n = rnd.nextInt(6);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    value(sb, rnd, depth + 1);
                }
                ws(sb, rnd);
                sb.append(']');
                break;
            }
            case 2:
            case 3:
                string(sb, rnd);
                break;
            case 4:
            case 5:
                sb.append(number(rnd, false));
                break;
            default:
                sb.append(rnd.nextInt(3) == 0 ? "true" : rnd.nextBoolean() ? "false" : "null");
        }
        ws(sb, rnd);
    }

    private static void string(StringBuilder sb, SplittableRandom rnd) {
        sb.append('"');
        int n = rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
            sb.append(STRING_PARTS[rnd.nextInt(STRING_PARTS.length)]);
        }
        sb.append('"');
    }

    static String number(SplittableRandom rnd, boolean wild) {
        switch (rnd.nextInt(wild ? 10 : 8)) {
            case 0:
                return Long.toString(rnd.nextLong());
            case 1:
                return Integer.toString(rnd.nextInt(1000));
            case 2:
                return Double.toString(Double.longBitsToDouble(rnd.nextLong() & 0x7FEFFFFFFFFFFFFFL)).replace("E", "e");
            case 3:
                return Double.toString(rnd.nextDouble() * 1000);
            case 4:
                return "1" + "0".repeat(rnd.nextInt(30)) + (rnd.nextBoolean() ? "" : "." + "9".repeat(rnd.nextInt(30) + 1));
            case 5:
                return (rnd.nextBoolean() ? "-" : "") + "0." + "0".repeat(rnd.nextInt(20)) + (1 + rnd.nextInt(999999))
                        + "e" + (rnd.nextBoolean() ? "-" : "+") + rnd.nextInt(400);
            case 6:
                return "9223372036854775" + (800 + rnd.nextInt(20));
            case 7:
                return "-9223372036854775" + (800 + rnd.nextInt(20));
            case 8:
                return "1e" + rnd.nextLong();
            default:
                return new String[] {"-", "01", "1.", ".5", "1e", "1e+", "-Infinity", "NaN", "Infinity", "+1",
                    "0x10", "1.5E+308", "2.4703282292062328e-324"}[rnd.nextInt(13)];
        }
    }

    private static final byte[][] TOKENS = {"{".getBytes(StandardCharsets.UTF_8), "}".getBytes(StandardCharsets.UTF_8),
        "[".getBytes(StandardCharsets.UTF_8), "]".getBytes(StandardCharsets.UTF_8), ",".getBytes(StandardCharsets.UTF_8),
        ":".getBytes(StandardCharsets.UTF_8), "\"".getBytes(StandardCharsets.UTF_8), "\\".getBytes(StandardCharsets.UTF_8),
        "\\u".getBytes(StandardCharsets.UTF_8), "/*".getBytes(StandardCharsets.UTF_8), "//".getBytes(StandardCharsets.UTF_8),
        {(byte) 0xC3}, {(byte) 0xE6, (byte) 0x97}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90},
        {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, {0x01}, {0x7F}, {(byte) 0xFF}};

    static byte[] mutate(byte[] doc, SplittableRandom rnd) {
        byte[] b = doc;
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int n = b.length;
            switch (rnd.nextInt(4)) {
                case 0:
                    if (n > 0) {
                        b = b.clone();
                        b[rnd.nextInt(n)] = (byte) rnd.nextInt(256);
                    }
                    break;
                case 1: {
                    byte[] tok = TOKENS[rnd.nextInt(TOKENS.length)];
                    int at = rnd.nextInt(n + 1);
                    byte[] c = new byte[n + tok.length];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(tok, 0, c, at, tok.length);
                    System.arraycopy(b, at, c, at + tok.length, n - at);
                    b = c;
                    break;
                }
                case 2:
                    if (n > 0) {
                        b = Arrays.copyOf(b, rnd.nextInt(n));
                    }
                    break;
                default:
                    if (n > 1) {
                        int at = rnd.nextInt(n);
                        int len = 1 + rnd.nextInt(n - at);
                        byte[] c = new byte[n - len];
                        System.arraycopy(b, 0, c, 0, at);
                        System.arraycopy(b, at + len, c, at, n - at - len);
                        b = c;
                    }
            }
        }
        return b;
    }
}
