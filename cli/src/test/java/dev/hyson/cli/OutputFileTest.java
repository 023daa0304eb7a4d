package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -o FILE} replaced only by a complete output (and never left with a temporary file beside
 * it), {@code --max-document-length}, and running out of memory: one line, exit code 3.
 */
class OutputFileTest {
    /** An old output, not valid JSON, so nothing could write it by accident. */
    private static final byte[] OLD = "old contents \u00e9\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true),
                new PrintStream(err, true), stdin.isEmpty() ? StdinKind.NONE : StdinKind.DATA, Map.of());
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path old() throws IOException {
        return Files.write(dir.resolve("out.json"), OLD);
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    /** The names in the directory: no {@code .out.json.*.tmp} may be left. */
    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    private void assertOneLine(Result r) {
        assertTrue(r.err.startsWith("hyson: "), r.err);
        assertEquals(1, r.err.split("\n", -1).length - 1, "one line: " + r.err);
    }

    @Test
    void outputInAMissingDirectory_namesTheDirectory() {
        Path missing = dir.resolve("no-such-dir");
        Result r = run("[1]", "minify", "-o", missing.resolve("out.json").toString());
        assertEquals(1, r.code, r.err);
        assertEquals("hyson: " + missing.resolve("out.json") + ": cannot write: no such directory: " + missing + "\n", r.err);
        assertFalse(Files.exists(missing));
    }

    @Test
    void write_invalidInput_oldFileByteIdentical_noTempFile() throws IOException {
        for (String command : new String[] {"minify", "pretty"}) {
            Path out = old();
            Result r = run("[1,", command, "-o", out.toString());
            assertEquals(1, r.code, r.err);
            assertArrayEquals(OLD, Files.readAllBytes(out), command);
            assertEquals(List.of("out.json"), names(), command);
            assertOneLine(r);
        }
    }

    @Test
    void write_tooDeepForTheLimit_oldFileByteIdentical() throws IOException {
        Path out = old();
        Result r = run("[".repeat(50) + "]".repeat(50), "pretty", "--max-depth", "10", "-o", out.toString());
        assertEquals(1, r.code, r.err);
        assertTrue(r.err.contains("--max-depth"), r.err);
        assertArrayEquals(OLD, Files.readAllBytes(out));
        assertEquals(List.of("out.json"), names());
    }

    @Test
    void write_oneOfSeveralInputsInvalid_oldFileByteIdentical() throws IOException {
        Path out = old();
        Path good = file("good.json", "[1, 2]");
        Path bad = file("bad.json", "{\"a\":}");
        Result r = run("", "minify", good.toString(), bad.toString(), "-o", out.toString());
        assertEquals(1, r.code, r.err);
        assertTrue(r.err.contains("bad.json"), r.err);
        assertArrayEquals(OLD, Files.readAllBytes(out));
        assertEquals(List.of("bad.json", "good.json", "out.json"), names());
    }

    @Test
    void write_success_replacesTheFileKeepingItsPermissions() throws IOException {
        Path out = old();
        boolean posix = Files.getFileStore(dir).supportsFileAttributeView("posix");
        if (posix) {
            Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r-----"));
        }
        Result r = run("{ \"a\" : [ 1 ] }", "minify", "-o", out.toString());
        assertEquals(0, r.code, r.err);
        assertEquals("", r.out + r.err);
        assertEquals("{\"a\":[1]}\n", Files.readString(out, StandardCharsets.UTF_8));
        assertEquals(List.of("out.json"), names());
        if (posix) {
            assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        }
    }

    @Test
    void write_newFile_permissionsOfAnyNewFile_notOwnerOnly() throws IOException {
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"));
        Path plain = dir.resolve("plain");
        try (OutputStream o = Files.newOutputStream(plain)) {
            o.write('x'); // created as any program creates a file: 0666 less the umask
        }
        Path out = dir.resolve("new.json");
        Result r = run("[true]", "minify", "-o", out.toString());
        assertEquals(0, r.code, r.err);
        assertEquals("[true]\n", Files.readString(out, StandardCharsets.UTF_8));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(out));
        assertEquals(List.of("new.json", "plain"), names());
    }

    @Test
    void write_symbolicLink_targetReplacedLinkKept() throws IOException {
        Path real = old();
        Path link = dir.resolve("link.json");
        try {
            Files.createSymbolicLink(link, real.getFileName());
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "no symbolic links here: " + e);
        }
        Result r = run("[1]", "minify", "-o", link.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("[1]\n", Files.readString(real, StandardCharsets.UTF_8));
        assertEquals(List.of("link.json", "out.json"), names());
    }

    @Test
    void write_devNull_writtenDirectly() {
        assumeTrue(Files.exists(Path.of("/dev/null")));
        Result r = run("[1, 2]", "pretty", "-o", "/dev/null");
        assertEquals(0, r.code, r.err);
        assertEquals("", r.out + r.err);
    }

    @Test
    void write_directory_oneLineExit1() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Result r = run("[1]", "minify", "-o", sub.toString());
        assertEquals(1, r.code, r.err);
        assertOneLine(r);
        assertEquals(List.of(), Files.list(sub).collect(Collectors.toList()));
    }

    @Test
    void convert_invalidInput_oldFileByteIdentical_successReplaces() throws IOException {
        Path out = old();
        Result bad = run("{\"a\":", "convert", "--to", "msgpack", "-o", out.toString());
        assertEquals(1, bad.code, bad.err);
        assertArrayEquals(OLD, Files.readAllBytes(out));
        // MessagePack that ends inside a value fails after the head was converted: nothing of it replaces the file
        Path cut = dir.resolve("cut.msgpack");
        Files.write(cut, new byte[] {(byte) 0x01, (byte) 0x92, (byte) 0x01});
        Result truncated = run("", "convert", "--to", "json", "--force", cut.toString(), "-o", out.toString());
        assertEquals(1, truncated.code, truncated.err);
        assertArrayEquals(OLD, Files.readAllBytes(out));
        assertEquals(List.of("cut.msgpack", "out.json"), names());
        Result good = run("[1,\"a\"]", "convert", "--to", "msgpack", "-o", out.toString());
        assertEquals(0, good.code, good.err);
        assertArrayEquals(new byte[] {(byte) 0x92, 0x01, (byte) 0xA1, 'a'}, Files.readAllBytes(out));
        assertEquals(List.of("cut.msgpack", "out.json"), names());
    }

    @Test
    void maxDocumentLength_tinyLimit_failsNamingTheFlag() throws IOException {
        Path doc = file("doc.json", "[1, 2, 3, 4, 5, 6]"); // 18 bytes
        for (String limit : new String[] {"10", "10b"}) {
            Result r = run("", "validate", "--max-document-length", limit, doc.toString());
            assertEquals(1, r.code, r.err);
            assertTrue(r.err.contains("document longer than maxDocumentLength (10 bytes)"), r.err);
            assertTrue(r.err.contains("raise it with --max-document-length"), r.err);
            assertOneLine(r);
        }
        Result piped = run("[1, 2, 3, 4, 5, 6]", "minify", "--max-document-length", "10");
        assertEquals(1, piped.code, piped.err);
        assertTrue(piped.err.contains("(10 bytes)"), piped.err);
        for (String limit : new String[] {"18", "1k", "2g", "512M", "64KiB"}) {
            Result ok = run("", "minify", "--max-document-length", limit, doc.toString());
            assertEquals(0, ok.code, limit + ": " + ok.err);
            assertEquals("[1,2,3,4,5,6]\n", ok.out);
        }
    }

    @Test
    void maxDocumentLength_badValues_usageError() {
        for (String v : new String[] {"12x", "-1", "", "k", "99999999999g"}) {
            Result r = run("[1]", "validate", "--max-document-length", v);
            assertEquals(2, r.code, v + ": " + r.err);
            assertTrue(r.err.startsWith("hyson: "), r.err);
        }
        assertTrue(run("", "validate", "--help").out.contains("--max-document-length"));
    }

    @Test
    void sizeConverter_suffixes() {
        ReaderOptions.SizeConverter c = new ReaderOptions.SizeConverter();
        assertEquals(10L, c.convert("10"));
        assertEquals(2048L, c.convert("2k"));
        assertEquals(512L << 20, c.convert("512m"));
        assertEquals(2L << 30, c.convert("2G"));
        assertEquals(3L << 30, c.convert("3GiB"));
        assertEquals(4L << 20, c.convert("4MB"));
    }

    @Test
    void outOfMemory_message_namesTheHeapAndTheFlags() {
        assertEquals("out of memory reading big.json (heap limit 256 MiB); raise it with JAVA_OPTS=-Xmx2g"
                + " or lower --max-document-length / --max-string-length", Main.outOfMemory("reading big.json", 256L << 20));
        assertTrue(Main.outOfMemory(null, 4L << 30).startsWith("out of memory (heap limit 4096 MiB); raise it with JAVA_OPTS=-Xmx16g"));
        // convert has neither flag: the advice is the heap alone
        assertEquals("out of memory converting a.msgpack (heap limit 256 MiB); raise it with JAVA_OPTS=-Xmx2g",
                Main.outOfMemory("converting a.msgpack", 256L << 20));
        // with the input's length known, the advice is the same whatever heap failed (8 bytes per input byte)
        long gigabyte = 1_000_000_000L;
        for (long heap : new long[] {64L << 20, 2L << 30, 4L << 30}) {
            assertTrue(Main.outOfMemory("reading big.json", heap, gigabyte).contains("raise it with JAVA_OPTS=-Xmx8g "),
                    Main.outOfMemory("reading big.json", heap, gigabyte));
        }
        assertTrue(Main.outOfMemory("reading small.json", 64L << 20, 10_000_000).contains("-Xmx2g "));
    }

    @Test
    void outOfMemory_childJvmWithATinyHeap_oneLineExit3() throws Exception {
        // --sort-keys needs the whole value (plain pretty streams in bounded memory and succeeds here)
        Path big = dir.resolve("big.json");
        byte[] row = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],".getBytes(StandardCharsets.US_ASCII);
        try (OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(big), 1 << 16)) {
            o.write('[');
            for (long n = 0; n < (48L << 20) / row.length; n++) {
                o.write(row);
            }
            o.write("[]]".getBytes(StandardCharsets.US_ASCII));
        }
        Path out = old();
        Process p = ChildCli.start(List.of("-Xmx24m", "-XX:TieredStopAtLevel=1"), "pretty", "--sort-keys", big.toString(), "-o", out.toString());
        p.getOutputStream().close();
        byte[] stdout = p.getInputStream().readAllBytes();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(3, p.exitValue(), stderr);
        assertEquals(0, stdout.length);
        assertTrue(stderr.startsWith("hyson: out of memory reading " + big + " (heap limit "), stderr);
        assertTrue(stderr.endsWith("MiB); raise it with JAVA_OPTS=-Xmx2g or lower --max-document-length / --max-string-length\n"), stderr);
        assertFalse(stderr.contains("\tat "), stderr);
        assertArrayEquals(OLD, Files.readAllBytes(out));
        assertEquals(List.of("big.json", "out.json"), names());
        // convert reads such a document whole too (--lossless), and has no limits to advise lowering
        p = ChildCli.start(List.of("-Xmx24m", "-XX:TieredStopAtLevel=1"), "convert", "--to", "msgpack", "--lossless",
                big.toString(), "-o", out.toString());
        p.getOutputStream().close();
        p.getInputStream().readAllBytes();
        stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(3, p.exitValue(), stderr);
        assertTrue(stderr.startsWith("hyson: out of memory reading " + big + " (heap limit "), stderr);
        assertTrue(stderr.endsWith("MiB); raise it with JAVA_OPTS=-Xmx2g\n"), stderr);
        assertArrayEquals(OLD, Files.readAllBytes(out));
    }

    /** {@code -o -} is standard output, as {@code -} is standard input (it made a file named "-"; a new-user trial). */
    @Test
    void dashOutput_isStandardOutput() {
        for (String[] args : new String[][] {{"minify", "-o", "-"}, {"pretty", "--output", "-"}}) {
            Result r = run("{\"a\": [1, 2]}", args);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith("{"), r.out());
            assertFalse(java.nio.file.Files.exists(java.nio.file.Path.of("-")), "a file named -");
        }
        Result c = run("[1]", "convert", "--to", "msgpack", "-o", "-");
        assertEquals(0, c.code(), c.err());
        assertFalse(java.nio.file.Files.exists(java.nio.file.Path.of("-")), "a file named -");
    }
}
