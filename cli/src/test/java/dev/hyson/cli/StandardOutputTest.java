package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one standard output: buffering, write errors, and a reader that closes the pipe early. */
class StandardOutputTest {
    @TempDir
    Path dir;

    /** Records what reaches it and how often it is written; fails with {@code error} after {@code okWrites} writes. */
    private static final class Sink extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final String error;
        int okWrites;
        int writes;
        boolean closed;

        Sink(String error, int okWrites) {
            this.error = error;
            this.okWrites = okWrites;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            writes++;
            if (error != null && writes > okWrites) {
                throw new IOException(error);
            }
            bytes.write(b, off, len);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void write_smallPieces_heldUntilFlushThenInOrder() throws IOException {
        Sink sink = new Sink(null, 0);
        StandardOutput out = new StandardOutput(sink);
        out.write('[');
        out.write("1,2".getBytes(StandardCharsets.US_ASCII));
        out.write(']');
        assertEquals(0, sink.writes);
        out.close();
        assertEquals("[1,2]", sink.bytes.toString(StandardCharsets.US_ASCII));
        assertEquals(1, sink.writes);
        assertFalse(sink.closed, "standard output stays open");
    }

    @Test
    void write_moreThanTheBuffer_passesThroughWhole() throws IOException {
        Sink sink = new Sink(null, 0);
        StandardOutput out = new StandardOutput(sink);
        byte[] big = new byte[StandardOutput.BUFFER * 3 + 17];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) i;
        }
        out.write(big, 0, 5);
        out.write(big, 5, big.length - 5);
        out.flush();
        assertArrayEquals(big, sink.bytes.toByteArray());
        assertEquals(2, sink.writes);
    }

    @Test
    void flush_brokenPipe_throwsClosedOnceThenDropsEverything() throws IOException {
        Sink sink = new Sink("Broken pipe", 0);
        StandardOutput out = new StandardOutput(sink);
        out.write(new byte[10], 0, 10);
        StandardOutput.Closed e = assertThrows(StandardOutput.Closed.class, out::flush);
        assertEquals("Broken pipe", e.getCause().getMessage());
        assertTrue(out.isClosed());
        out.write(new byte[StandardOutput.BUFFER * 2], 0, StandardOutput.BUFFER * 2);
        out.flush();
        assertEquals(1, sink.writes);
    }

    @Test
    void flush_otherWriteError_isTheIOException() {
        StandardOutput out = new StandardOutput(new Sink("No space left on device", 0));
        IOException e = assertThrows(IOException.class, () -> {
            out.write(1);
            out.flush();
        });
        assertEquals("No space left on device", e.getMessage());
        assertFalse(out.isClosed());
    }

    @Test
    void run_outputClosedByItsReader_exits141WithNothingOnStandardError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        for (String command : List.of("minify", "pretty", "validate -v", "stats", "--help")) {
            InputStream in = new ByteArrayInputStream("[1,2,3]".getBytes(StandardCharsets.US_ASCII));
            int code = Main.run(command.split(" "), in, new Sink("Broken pipe", 0), new PrintStream(err, true),
                    StdinKind.DATA, Map.of());
            assertEquals(Main.CLOSED_PIPE, code, command);
            assertEquals("", err.toString(StandardCharsets.UTF_8), command);
        }
    }

    @Test
    void run_outputFull_exits1AndSaysCannotWrite() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream in = new ByteArrayInputStream("[1,2,3]".getBytes(StandardCharsets.US_ASCII));
        int code = Main.run(new String[] {"minify"}, in, new Sink("No space left on device", 0),
                new PrintStream(err, true), StdinKind.DATA, Map.of());
        assertEquals(Main.FAILED, code);
        assertEquals("hyson: <stdout>: cannot write: No space left on device\n", err.toString(StandardCharsets.UTF_8));
        // text commands write through a PrintWriter, which keeps its errors to itself: they exited 0
        // (found by a new-user trial); a file packed to MessagePack blamed its input
        for (String[] args : new String[][] {{"stats"}, {"validate", "-v"}, {"--version"}, {"--help"}, {"convert", "--to", "msgpack"}}) {
            ByteArrayOutputStream e2 = new ByteArrayOutputStream();
            int c = Main.run(args, new ByteArrayInputStream("[1,2,3]".getBytes(StandardCharsets.US_ASCII)),
                    new Sink("No space left on device", 0), new PrintStream(e2, true), StdinKind.DATA, Map.of());
            assertEquals(Main.FAILED, c, String.join(" ", args));
            assertEquals("hyson: <stdout>: cannot write: No space left on device\n", e2.toString(StandardCharsets.UTF_8),
                    String.join(" ", args));
        }
        java.nio.file.Path file = java.nio.file.Files.createTempFile("hyson-full", ".json");
        try {
            java.nio.file.Files.writeString(file, "{\"a\":[1,2]}");
            ByteArrayOutputStream e3 = new ByteArrayOutputStream();
            int c = Main.run(new String[] {"convert", "--to", "msgpack", file.toString()}, new ByteArrayInputStream(new byte[0]),
                    new Sink("No space left on device", 0), new PrintStream(e3, true), StdinKind.NONE, Map.of());
            assertEquals(Main.FAILED, c);
            assertEquals("hyson: <stdout>: cannot write: No space left on device\n", e3.toString(StandardCharsets.UTF_8));
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    @Test
    void childProcess_readerClosesEarly_exits141WithEmptyStandardError() throws Exception {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 200_000; i++) {
            sb.append("{\"id\":").append(i).append(",\"name\":\"item ").append(i).append("\"},");
        }
        sb.append("null]");
        Path big = Files.writeString(dir.resolve("big.json"), sb, StandardCharsets.US_ASCII);
        Process p = ChildCli.start(List.of(), "minify", big.toString());
        byte[] head = p.getInputStream().readNBytes(10);
        p.getInputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the tool did not stop after its reader went");
        assertEquals("[{\"id\":0,\"", new String(head, StandardCharsets.US_ASCII));
        assertEquals("", new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(Main.CLOSED_PIPE, p.exitValue());
    }

    @Test
    void context_textAndBytes_shareOneStandardOutput() {
        Sink sink = new Sink(null, 0);
        Context ctx = new Context(InputStream.nullInputStream(), sink, new PrintStream(new ByteArrayOutputStream()),
                StdinKind.NONE, Map.of());
        ctx.out.print("text");
        ctx.flush();
        assertSame(ctx.stdout, ctx.stdout);
        assertEquals("text", sink.bytes.toString(StandardCharsets.UTF_8));
    }
}
