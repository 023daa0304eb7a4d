package dev.hyson.cli;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The tool's standard output: one 64 KiB buffer in front of the process's file descriptor 1 (or the
 * stream a test gives), through which documents, statistics and help all go. Unlike a
 * {@code PrintStream} it does not hide write errors. A reader that closed the pipe early
 * ({@code hyson minify big.json | head}) is not an error of the tool: the first write that meets it
 * throws {@link Closed}, which ends the run quietly with exit code 141, as a shell reports a process
 * killed by SIGPIPE (the JVM ignores that signal, so a write gets EPIPE instead). Every other write
 * error is thrown as the {@link IOException} it is. {@link #close()} only flushes: standard output
 * stays open for whatever runs next.
 */
final class StandardOutput extends OutputStream {
    /** The buffer size: large enough that a document is written in a few system calls. */
    static final int BUFFER = 64 * 1024;

    private final OutputStream out;
    private final byte[] buffer = new byte[BUFFER];
    private int count;
    private boolean closed;
    private IOException lastFailure;

    /**
     * @param out the stream to write to; never closed
     */
    StandardOutput(OutputStream out) {
        this.out = out;
    }

    /** The reader of standard output has gone; the run ends with {@link Main#CLOSED_PIPE}. */
    static final class Closed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Closed(IOException cause) {
            super("standard output closed by its reader", cause, false, false);
        }
    }

    /** @return whether a write met a closed pipe (everything since was dropped) */
    boolean isClosed() {
        return closed;
    }

    @Override
    public void write(int b) throws IOException {
        if (count == BUFFER) {
            drain();
        }
        buffer[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len > BUFFER - count) {
            drain();
            if (len >= BUFFER) {
                send(b, off, len);
                return;
            }
        }
        System.arraycopy(b, off, buffer, count, len);
        count += len;
    }

    /**
     * Writes out the buffer.
     *
     * @throws Closed when the reader has closed the pipe
     * @throws IOException for any other write error
     */
    @Override
    public void flush() throws IOException {
        drain();
        if (!closed) {
            try {
                out.flush();
            } catch (IOException e) {
                throw failure(e);
            }
        }
    }

    /** Flushes; the underlying stream stays open. */
    @Override
    public void close() throws IOException {
        flush();
    }

    private void drain() throws IOException {
        int n = count;
        count = 0;
        if (n > 0) {
            send(buffer, 0, n);
        }
    }

    private void send(byte[] b, int off, int len) throws IOException {
        if (closed) {
            return;
        }
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failure(e);
        }
    }

    private IOException failure(IOException e) {
        if (isClosedPipe(e)) {
            closed = true;
            throw new Closed(e);
        }
        lastFailure = e;
        return e;
    }

    /** @return the last write error other than a closed pipe (a full disk, a closed descriptor), or null */
    IOException lastFailure() {
        return lastFailure;
    }

    /**
     * @param e a write error
     * @return whether it is EPIPE: the reader closed its end of the pipe (Linux and macOS word it so)
     */
    static boolean isClosedPipe(IOException e) {
        String m = e.getMessage();
        return m != null && (m.contains("Broken pipe") || m.contains("EPIPE"));
    }
}
