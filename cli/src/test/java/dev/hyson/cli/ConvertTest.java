package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.msgpack.MessagePack;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hyson convert}, run in-process on byte-array streams and temporary files. */
class ConvertTest {
    @TempDir
    Path dir;

    /** What one run wrote and returned. */
    private static final class Result {
        final int code;
        final byte[] out;
        final String err;

        Result(int code, byte[] out, String err) {
            this.code = code;
            this.out = out;
            this.err = err;
        }

        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    private static Result run(StdinKind kind, byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin), new PrintStream(out, true), new PrintStream(err, true),
                kind, Map.of());
        return new Result(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    private static Result pipe(byte[] stdin, String... args) {
        return run(StdinKind.DATA, stdin, args);
    }

    /**
     * A document read whole (standard input) is validated as it is read: zeros from the first byte stop the
     * read at once (the stream counts what was read; it was read to the 1 GiB limit before), and a second
     * value on a later line gets the other commands' hint to add --ndjson (a new-user trial).
     */
    @Test
    void toMsgpack_readWhole_errorStopsTheRead_andTheNdjsonHint() {
        long[] read = {0};
        InputStream zeros = new InputStream() {
            @Override
            public int read() {
                read[0]++;
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 0);
                read[0] += len;
                return len;
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"convert", "--to", "msgpack"}, zeros, new PrintStream(out, true), new PrintStream(err, true),
                StdinKind.DATA, Map.of());
        assertEquals(1, code);
        assertEquals("hyson: <stdin>: unexpected U+0000 at line 1, column 1 (byte 0): expected a value\n", err.toString(StandardCharsets.UTF_8));
        assertTrue(read[0] <= 16L << 20, "read " + read[0] + " bytes of zeros");
        assertEquals(0, out.size());
        Result r = pipe("{\"a\":1}\n{\"a\":2}\n".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack");
        assertEquals(1, r.code);
        assertEquals("hyson: <stdin>: unexpected '{' at line 2, column 1 (byte 8): expected the end of input after the value;"
                + " if the input is JSON Lines (one value per line), add --ndjson\n", r.err);
        Result lines = pipe("{\"a\":1}\n{\"a\":2}\n".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack", "--ndjson");
        assertEquals(0, lines.code, lines.err);
    }

    /** Reader options convert lacks are named as such (picocli listed the FILE as an unknown option too; a new-user trial). */
    @Test
    void readerOptionsConvertLacks_namedAsSuch() {
        Result r = pipe("{}".getBytes(StandardCharsets.UTF_8), "convert", "--backend", "java", "--to", "msgpack", "f.json");
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("hyson: convert has no --backend: choose the backend with ./hyson -Dhyson.backend=NAME convert ...\n"), r.err);
        Result m = pipe("{}".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack", "--max-document-length", "1k", "f.json");
        assertEquals(2, m.code);
        assertTrue(m.err.startsWith("hyson: convert has no --max-document-length: "), m.err);
    }

    @Test
    void toMsgpack_stdin_packedBytes() {
        Result r = pipe("{\"a\":[1,2.5,\"x\"],\"b\":null}".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack");
        assertEquals(0, r.code, r.err);
        assertEquals("", r.err);
        assertArrayEquals(MessagePack.fromJson("{\"a\":[1,2.5,\"x\"],\"b\":null}"), r.out);
        assertEquals("82-a1-61-93-01-cb", hex(r.out).substring(0, 17));
    }

    @Test
    void toMsgpack_file_countedAheadEqualsTheWholeDocumentConversion() throws IOException {
        List<String> docs = new java.util.ArrayList<>(List.of(
                "{\"a\":[1,2.5,\"x\",{}],\"b\":null,\"c\":{\"d\":[[],[true,false]]}}",
                "[]", "{}", "17", "\"s\"", "[" + "1,".repeat(70000) + "-9223372036854775808]",
                "{\"k\":18446744073709551615}", // beyond long: the whole-document path's uint64
                "{\"a\":1,\"b\":2,\"a\":3}", // a repeated name: the tree keeps the last value at the first place
                "[1e400]"));
        Path corpus = Path.of("..", "..", "shared", "corpus");
        for (String name : List.of("twitter.json", "citm_catalog.json", "canada.json")) {
            if (Files.isRegularFile(corpus.resolve(name))) {
                docs.add(Files.readString(corpus.resolve(name)));
            }
        }
        int i = 0;
        for (String doc : docs) {
            Path f = Files.writeString(dir.resolve("doc" + i++ + ".json"), doc);
            Result r = run(StdinKind.NONE, new byte[0], "convert", "--to", "msgpack", f.toString());
            Result whole = pipe(doc.getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack");
            assertEquals(whole.code, r.code, r.err);
            assertEquals(whole.err.replace("<stdin>", f.toString()), r.err);
            assertArrayEquals(whole.out, r.out, doc.length() > 80 ? doc.substring(0, 80) : doc);
        }
    }

    @Test
    void toMsgpackAndBack_fileMuchLargerThanTheHeap_childJvmInBoundedMemory() throws Exception {
        Path big = dir.resolve("big.json");
        byte[] row = "{\"id\":12345,\"name\":\"abcdefgh\",\"v\":[1.5,true,null]},".getBytes(StandardCharsets.US_ASCII);
        try (java.io.OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(big), 1 << 16)) {
            o.write('[');
            for (long n = 0; n < (48L << 20) / row.length; n++) {
                o.write(row);
            }
            o.write("{}]".getBytes(StandardCharsets.US_ASCII));
        }
        Path out = dir.resolve("big.msgpack");
        convertInSmallHeap("msgpack", big, out);
        assertArrayEquals(MessagePack.fromJson(Files.readAllBytes(big)), Files.readAllBytes(out));

        // and back: the MessagePack file is one array of a million maps, written element by element
        Path back = dir.resolve("back.json");
        convertInSmallHeap("json", out, back);
        byte[] json = Files.readAllBytes(big);
        byte[] expected = java.util.Arrays.copyOf(json, json.length + 1);
        expected[json.length] = '\n';
        assertArrayEquals(expected, Files.readAllBytes(back));
    }

    /** {@code hyson convert --to FORMAT IN -o OUT} in a child JVM with a 32 MiB heap; asserts exit 0. */
    private static void convertInSmallHeap(String format, Path in, Path out) throws Exception {
        Process p = ChildCli.start(List.of("-Xmx32m", "-XX:TieredStopAtLevel=1"), "convert", "--to", format, in.toString(),
                "-o", out.toString());
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
    }

    @Test
    void toJson_outputCannotBeWritten_errorNamesTheOutput() throws IOException {
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(full), "/dev/full is needed");
        Path f = Files.write(dir.resolve("in.msgpack"), MessagePack.pack(List.of(1, "two")));
        Result r = run(StdinKind.NONE, new byte[0], "convert", "--to", "json", f.toString(), "-o", full.toString());
        assertEquals(1, r.code, r.err);
        assertEquals("hyson: /dev/full: cannot write: No space left on device\n", r.err);
    }

    @Test
    void toJson_fileWithSeveralValues_oneLineEach() throws IOException {
        ByteArrayOutputStream mp = new ByteArrayOutputStream();
        MessagePack.pack(Map.of("bin", new byte[] {1, 2, 3}), mp);
        MessagePack.pack(List.of(1, "two"), mp);
        Path f = Files.write(dir.resolve("in.msgpack"), mp.toByteArray());
        Result r = run(StdinKind.NONE, new byte[0], "convert", "--to", "json", f.toString());
        assertEquals(0, r.code, r.err);
        assertEquals("{\"bin\":\"AQID\"}\n[1,\"two\"]\n", r.text());
    }

    @Test
    void lossless_roundTripThroughFiles_sameBytes() throws IOException {
        byte[] original = MessagePack.pack(Map.of("bin", new byte[] {9}, "f", 1.1f, "k", Map.of(1L, "one")));
        Path in = Files.write(dir.resolve("a.msgpack"), original);
        Path json = dir.resolve("a.json");
        Path back = dir.resolve("b.msgpack");
        Result r1 = run(StdinKind.NONE, new byte[0], "convert", "--to", "json", "--lossless", in.toString(), "-o", json.toString());
        assertEquals(0, r1.code, r1.err);
        Result r2 = run(StdinKind.NONE, new byte[0], "convert", "--to", "msgpack", "--lossless", json.toString(), "-o", back.toString());
        assertEquals(0, r2.code, r2.err);
        assertArrayEquals(original, Files.readAllBytes(back));
    }

    @Test
    void invalidMsgpack_exit1WithByteOffset() {
        Result r = pipe(new byte[] {(byte) 0x92, 0x01}, "convert", "--to", "json", "-");
        assertEquals(1, r.code);
        assertTrue(r.err.startsWith("hyson: <stdin>: unexpected end of input"), r.err);
        assertTrue(r.err.contains("(byte 2)"), r.err);
    }

    @Test
    void invalidJson_exit1WithLocation() {
        Result r = pipe("[1,]".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack");
        assertEquals(1, r.code);
        assertTrue(r.err.contains("line 1, column 4 (byte 3)"), r.err);
        assertEquals(0, r.out.length);
    }

    /** A file is packed in two passes; text after its value failed neither (it exited 0 with the first value). */
    @Test
    void invalidJsonFile_trailingContent_exit1LikeStdin() throws IOException {
        Path f = Files.write(dir.resolve("trailing.json"), "[1]]".getBytes(StandardCharsets.UTF_8));
        Result r = run(StdinKind.NONE, new byte[0], "convert", "--to", "msgpack", f.toString());
        assertEquals(1, r.code, r.err);
        assertTrue(r.err.contains("unexpected ']' at line 1, column 4 (byte 3): expected the end of input after the value"), r.err);
        assertEquals(0, r.out.length);
    }

    @Test
    void toJson_givenJsonText_saysSoInsteadOfPrintingBytes() {
        Result r = pipe("{\"a\": [1, 2]}\n".getBytes(StandardCharsets.UTF_8), "convert", "--to", "json");
        assertEquals(1, r.code);
        assertEquals(0, r.out.length);
        assertTrue(r.err.contains("looks like JSON text, not MessagePack"), r.err);
        assertTrue(r.err.contains("--to msgpack"), r.err);
        // MessagePack that starts with a map or array header still converts
        Result ok = pipe(new byte[] {(byte) 0x92, 0x01, 0x02}, "convert", "--to", "json");
        assertEquals(0, ok.code, ok.err);
        assertEquals("[1,2]", ok.text().strip());
        // a fixint 123 ('{') followed by a control byte is MessagePack, not JSON
        assertEquals(0, pipe(new byte[] {0x7B, 0x01}, "convert", "--to", "json").code);
        // a map with keys 1 and "1": plain JSON cannot hold it, the message points to --lossless
        Result keys = pipe(new byte[] {(byte) 0x82, 0x01, (byte) 0xc0, (byte) 0xa1, '1', (byte) 0xc0}, "convert", "--to", "json");
        assertEquals(1, keys.code);
        assertTrue(keys.err.contains("same member name") && keys.err.contains("--lossless"), keys.err);
        Result lossless = pipe(new byte[] {(byte) 0x82, 0x01, (byte) 0xc0, (byte) 0xa1, '1', (byte) 0xc0}, "convert", "--to", "json",
                "--lossless");
        assertEquals(0, lossless.code, lossless.err);
        // any JSON text: scalars, a byte order mark, a comment first
        for (String json : new String[] {"123", "true", "null", "\"hello\"", "-1", "// c\n{\"a\":1}", "\ufeff{\"a\":1}"}) {
            Result s = pipe(json.getBytes(StandardCharsets.UTF_8), "convert", "--to", "json");
            assertEquals(1, s.code, json);
            assertTrue(s.err.contains("looks like JSON text"), json + ": " + s.err);
        }
    }

    @Test
    void toJson_forceConvertsPrintableMessagePack_emptyAndBlankInputRefused() {
        Result forced = pipe(new byte[] {0x32, 0x7b}, "convert", "--to", "json", "--force");
        assertEquals(0, forced.code, forced.err);
        assertEquals("50\n123\n", forced.text());
        Result refused = pipe(new byte[] {0x32}, "convert", "--to", "json");
        assertEquals(1, refused.code);
        assertTrue(refused.err.contains("--force converts it as MessagePack"), refused.err);
        // a JSON text after more whitespace than the bytes looked at
        Result blank = pipe((" ".repeat(70) + "{\"a\":1}").getBytes(StandardCharsets.UTF_8), "convert", "--to", "json");
        assertEquals(1, blank.code);
        assertEquals(0, blank.out.length);
        assertTrue(blank.err.contains("looks like JSON text"), blank.err);
        Result empty = pipe(new byte[0], "convert", "--to", "json");
        assertEquals(1, empty.code);
        assertTrue(empty.err.contains("empty input"), empty.err);
    }

    @Test
    void toMsgpack_givenMessagePack_pointsToToJson() {
        Result r = pipe(new byte[] {(byte) 0x81, (byte) 0xa1, 'a', 0x01}, "convert", "--to", "msgpack");
        assertEquals(1, r.code);
        assertTrue(r.err.contains("line 1, column 1"), r.err);
        assertTrue(r.err.contains("this looks like MessagePack: to convert it to JSON use --to json"), r.err);
        // JSON that is wrong further in gets no such hint
        Result json = pipe("{\"a\":}".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack");
        assertEquals(1, json.code);
        assertTrue(!json.err.contains("looks like MessagePack"), json.err);
    }

    @Test
    void hintsNameTheFlags_maxDepthAndInvalidUtf8() {
        byte[] deep = {(byte) 0x91, (byte) 0x91, (byte) 0x91, 0x01};
        Result tooDeep = pipe(deep, "convert", "--to", "json", "--max-depth", "2");
        assertEquals(1, tooDeep.code);
        assertTrue(tooDeep.err.contains("nesting deeper than maxDepth (2): raise it with --max-depth"), tooDeep.err);
        assertEquals("[[[1]]]", pipe(deep, "convert", "--to", "json", "--max-depth", "3").text().strip());
        byte[] bad = {(byte) 0xa2, (byte) 0xc3, 0x28};
        Result strict = pipe(bad, "convert", "--to", "json");
        assertEquals(1, strict.code);
        assertTrue(strict.err.contains("use --replace-invalid-utf8"), strict.err);
        Result replaced = pipe(bad, "convert", "--to", "json", "--replace-invalid-utf8");
        assertEquals(0, replaced.code, replaced.err);
        assertEquals("\"\ufffd(\"", replaced.text().strip());
        Result json = pipe("[[[1]]]".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack", "--max-depth", "2");
        assertEquals(1, json.code);
        assertTrue(json.err.contains("--max-depth"), json.err);
        assertEquals(2, pipe(deep, "convert", "--to", "json", "--max-depth", "0").code);
    }

    @Test
    void walkthroughFindings_directoryInput_foreignHints_oneWayFlags() throws IOException {
        Path d = Files.createDirectories(dir.resolve("adir"));
        Result r = run(StdinKind.NONE, new byte[0], "convert", "--to", "json", d.toString());
        assertEquals(1, r.code);
        assertTrue(r.err.contains(d + ": cannot read"), r.err);
        // a JSON hint naming a reader flag convert does not have is left out
        Result overflow = pipe("[1e400]".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack");
        assertEquals(1, overflow.code);
        assertTrue(overflow.err.contains("out of the double range"), overflow.err);
        assertTrue(!overflow.err.contains("--allow-overflow") && !overflow.err.contains("JsonReader"), overflow.err);
        // flags of the other direction are usage errors
        Result force = pipe("[1]".getBytes(StandardCharsets.UTF_8), "convert", "--to", "msgpack", "--force");
        assertEquals(2, force.code);
        assertTrue(force.err.contains("--force applies to --to json"), force.err);
        Result depth = pipe(new byte[] {1}, "convert", "--to", "json", "--max-depth", "0");
        assertTrue(depth.err.contains("try 'hyson convert --help'"), depth.err);
        // a truncated value says how many bytes it needed
        Result cut = pipe(new byte[] {(byte) 0xc4, 5, 'a', 'b'}, "convert", "--to", "json");
        assertEquals(1, cut.code);
        assertTrue(cut.err.contains("5 bytes needed, 2 remain"), cut.err);
    }

    @Test
    void usageErrors_exit2() {
        assertEquals(2, pipe(new byte[0], "convert", "--to", "yaml").code);
        assertEquals(2, pipe(new byte[0], "convert").code);
        assertEquals(2, run(StdinKind.NONE, new byte[0], "convert", "--to", "json").code);
    }

    @Test
    void missingFile_exit1() {
        Result r = run(StdinKind.NONE, new byte[0], "convert", "--to", "json", dir.resolve("nope").toString());
        assertEquals(1, r.code);
        assertTrue(r.err.contains("no such file"), r.err);
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            if (sb.length() > 0) {
                sb.append('-');
            }
            sb.append(String.format("%02x", x & 0xFF));
        }
        return sb.toString();
    }
}
