package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSON Lines in the tool (--ndjson and the *.ndjson / *.jsonl default) and the streamed single-document path. */
class NdjsonCliTest {
    @TempDir
    Path dir;

    /** What one run printed and returned. */
    record Result(int code, byte[] bytes, String err) {
        String out() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static Result run(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream in = new ByteArrayInputStream(stdin);
        int code = Main.run(args, in, new PrintStream(out, true), new PrintStream(err, true), StdinKind.DATA, Map.of());
        return new Result(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    private static Result run(String stdin, String... args) {
        return run(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    private static Path corpus() {
        Path shared = Path.of(System.getProperty("hyson.shared", "../../shared"));
        Path c = shared.resolve("corpus");
        assumeTrue(Files.isDirectory(c), () -> "shared corpus not found in " + c + " (set -Dhyson.shared); skipping");
        return c;
    }

    private static String lines(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            b.append("{\"i\":").append(i).append(",\"s\":\"x\"}\n");
        }
        return b.toString();
    }

    @Test
    void validate_badLinesAtStartMiddleEnd_eachReportedWithCountExit1() throws IOException {
        List<String> l = new ArrayList<>(List.of(lines(10).split("\n")));
        l.set(0, "{\"i\":1,}");
        l.set(4, "[1 2]");
        l.set(9, "{\"i\":");
        Path f = file("data.ndjson", String.join("\n", l) + "\n");
        Result r = run("", "validate", f.toString());
        assertEquals(1, r.code(), r.err());
        assertEquals("", r.out());
        String[] err = r.err().split("\n");
        assertEquals(4, err.length, r.err());
        assertTrue(err[0].startsWith("hyson: " + f + ":1:8: "), err[0]);
        assertTrue(err[1].startsWith("hyson: " + f + ":5:4: "), err[1]);
        assertTrue(err[2].startsWith("hyson: " + f + ":10:"), err[2]);
        assertEquals("hyson: " + f + ": 3 of 10 lines invalid", err[3]);
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void validate_crlfAndLastLineWithoutNewline_valid() throws IOException {
        Path f = file("crlf.jsonl", "{\"a\":1}\r\n[2]\r\n\r\n\"three\"");
        Result r = run("", "validate", "--verbose", f.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(f + ": valid (3 lines)\n", r.out());
        Result bad = run("", "validate", file("crlf2.ndjson", "{\"a\":1}\r\n[2,\r\n").toString());
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains(":2:"), bad.err());
        assertTrue(bad.err().endsWith(": 1 of 2 lines invalid\n"), bad.err());
    }

    @Test
    void ndjsonFlag_stdinAndForcedDocument() throws IOException {
        assertEquals(0, run("{}\n[]\n", "validate", "--ndjson").code());
        assertEquals(1, run("{}\n[]\n", "validate").code()); // one document: the second value is an error
        Path f = file("one.ndjson", "[1,\n2]\n");
        assertEquals(1, run("", "validate", f.toString()).code());
        assertEquals(0, run("", "validate", "--no-ndjson", f.toString()).code());
        assertEquals(0, run("", "validate", "--json", f.toString()).code());
    }

    @Test
    void minify_ndjson_oneCompactValuePerLine() throws IOException {
        Path f = file("m.ndjson", "{ \"a\" : [1, 2] }\r\n\n  true \n[\"x\" ,null]");
        Result r = run("", "minify", f.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("{\"a\":[1,2]}\ntrue\n[\"x\",null]\n", r.out());
        Result bad = run("[1]\n[2,]\n", "minify", "--ndjson");
        assertEquals(1, bad.code());
        assertTrue(bad.err().startsWith("hyson: <stdin>: ") && bad.err().contains("line 2"), bad.err());
    }

    @Test
    void pretty_ndjson_eachValueIndented() {
        Result r = run("{\"a\":[1]}\n2\n", "pretty", "--ndjson");
        assertEquals(0, r.code(), r.err());
        assertEquals("{\n  \"a\": [\n    1\n  ]\n}\n2\n", r.out());
    }

    @Test
    void stats_ndjson_countsRecordsAndAggregates() {
        Result r = run("{\"a\":1}\n[true,null]\n\n\"s\"\n", "stats", "--ndjson");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nrecords: 3\n"), r.out());
        assertTrue(r.out().contains("\nobjects: 1\narrays: 1\nstrings: 2 (1 member names)\n"), r.out());
        assertTrue(r.out().contains("\ntrue: 1\n") && r.out().contains("\nnull: 1\n"), r.out());
    }

    @Test
    void amazonCellphones_validAndRecordCount() throws IOException {
        Path f = corpus().resolve("amazon_cellphones.ndjson");
        assumeTrue(Files.isRegularFile(f), "amazon_cellphones.ndjson missing; skipping");
        Result v = run("", "validate", f.toString());
        assertEquals(0, v.code(), v.err());
        long records;
        try (Stream<String> s = Files.lines(f)) {
            records = s.filter(x -> !x.isBlank()).count();
        }
        Result r = run("", "stats", f.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nrecords: " + records + "\n"), r.out());
    }

    @Test
    void convert_ndjsonToMsgpackAndBack_sameLines() throws IOException {
        String text = "{\"a\":1,\"b\":[true,null,\"x\"]}\n[1.5,-2]\n\"s\"\n";
        Path f = file("c.ndjson", text);
        Result packed = run("", "convert", "--to", "msgpack", f.toString());
        assertEquals(0, packed.code(), packed.err());
        Result back = run(packed.bytes(), "convert", "--to", "json", "--ndjson");
        assertEquals(0, back.code(), back.err());
        assertEquals(text, back.out());
        Result lossless = run(text, "convert", "--to", "msgpack", "--ndjson", "--lossless");
        assertArrayEquals(packed.bytes(), lossless.bytes());
        Result bad = run("[1]\n{\n", "convert", "--to", "msgpack", "--ndjson");
        assertEquals(1, bad.code());
        assertTrue(bad.err().startsWith("hyson: <stdin>: ") && !bad.err().contains("\tat "), bad.err());
    }

    @Test
    void validate_nulFirst_failsAtByteZeroWithoutReadingOn() {
        // an endless stream: reading it whole would never end
        InputStream zeros = new InputStream() {
            @Override
            public int read() {
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 0);
                return len;
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int code = Main.run(new String[] {"validate"}, zeros, new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true), StdinKind.DATA, Map.of());
        assertEquals(1, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("(byte 0)"), err.toString(StandardCharsets.UTF_8));
        assertTrue(System.nanoTime() - start < 5_000_000_000L);
    }

    @Test
    void minify_invalidAfterSomeOutput_writesNothingOfIt() {
        Result r = run("[1,2,3,{\"a\":[true]},x]", "minify");
        assertEquals(1, r.code());
        assertEquals("", r.out());
        Result dup = run("{\"a\":{\"b\":1,\"b\":[2]},\"c\":3,\"a\":0}", "minify");
        assertEquals("{\"a\":0,\"c\":3}\n", dup.out(), dup.err());
        assertEquals("{\"a\":{\"b\":1},\"c\":3}\n",
                run("{\"a\":{\"b\":1,\"b\":[2]},\"c\":3,\"a\":0}", "minify", "--duplicate-keys", "first").out());
    }

    @Test
    void repeatedName_fileRedoneAsValue_longStreamedOutputRefused() throws IOException {
        Path f = file("dup.json", "[{\"a\":1,\"b\":2,\"a\":3}]");
        Path o = dir.resolve("out.json");
        Result r = run("", "pretty", "--indent", "1", f.toString(), "-o", o.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("[\n {\n  \"a\": 3,\n  \"b\": 2\n }\n]\n", Files.readString(o));
        StringBuilder big = new StringBuilder("[\"");
        big.append("x".repeat(Rewindable.LIMIT + 10)).append("\",{\"k\":1,\"k\":2}]");
        Result refused = run(big.toString(), "minify");
        assertEquals(1, refused.code());
        assertTrue(refused.err().startsWith("hyson: <stdin>: repeated member name \"k\"")
                && refused.err().contains("--duplicate-keys first") && refused.err().split("\n").length == 1, refused.err());
        Result first = run(big.toString(), "minify", "--duplicate-keys", "first");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().endsWith("\",{\"k\":1}]\n"));
    }

    /** A document larger than the heap: validate, minify and pretty stream it (the tree would not fit). */
    @Test
    void largerThanTheHeap_streamedInBoundedMemory() throws Exception {
        Path big = dir.resolve("big.json");
        byte[] row = "{\"id\": 12345, \"tags\": [1, 2, 3, \"x\"], \"ok\": true},".getBytes(StandardCharsets.US_ASCII);
        long rows = (40L << 20) / row.length;
        try (java.io.OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(big), 1 << 16)) {
            o.write('[');
            for (long n = 0; n < rows; n++) {
                o.write(row);
            }
            o.write("null]".getBytes(StandardCharsets.US_ASCII));
        }
        for (String command : List.of("validate", "minify", "pretty")) {
            Path out = dir.resolve(command + ".out");
            List<String> args = new ArrayList<>(List.of(command, big.toString()));
            if (!command.equals("validate")) {
                args.addAll(List.of("-o", out.toString()));
            }
            Process p = ChildCli.start(List.of("-Xmx24m", "-XX:TieredStopAtLevel=1"), args.toArray(new String[0]));
            p.getOutputStream().close();
            p.getInputStream().readAllBytes();
            String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), command + ": " + stderr);
            if (command.equals("minify")) {
                assertEquals(2 + rows * (row.length - 8) + 4 + 1, Files.size(out)); // 8 spaces fewer per row
            }
        }
    }

    /** Streamed minify and pretty give the bytes the tree writer gives (what they wrote before streaming). */
    @Test
    void corpus_streamedOutputEqualsTreeOutput() throws IOException {
        Path c = corpus();
        JsonReader reader = JsonReader.defaults();
        JsonWriter compact = JsonWriter.builder().build();
        JsonWriter pretty = JsonWriter.builder().indent(2).build();
        int n = 0;
        try (Stream<Path> files = Files.list(c)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".json")).sorted()::iterator) {
                Object value = reader.parse(Files.readAllBytes(f));
                Result m = run("", "minify", f.toString());
                assertEquals(0, m.code(), m.err());
                assertArrayEquals(concat(compact.writeBytes(value)), m.bytes(), f.toString());
                Result p = run("", "pretty", f.toString());
                assertArrayEquals(concat(pretty.writeBytes(value)), p.bytes(), f.toString());
                n++;
            }
        }
        assertTrue(n > 5, "corpus files: " + n);
    }

    private static byte[] concat(byte[] doc) {
        byte[] b = java.util.Arrays.copyOf(doc, doc.length + 1);
        b[doc.length] = '\n';
        return b;
    }
}
