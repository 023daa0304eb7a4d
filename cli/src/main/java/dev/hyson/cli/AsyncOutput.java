package dev.hyson.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An output stream whose writes to its target run on a thread of their own, so the command's thread
 * parses and formats the next megabytes while the last ones are written: on a file, the kernel's copy
 * into newly allocated page-cache pages costs about as much as the scan (about 1 ns a byte measured on
 * the benchmark machine, HACKING "Output files"). Bytes go through {@value #CHUNKS} chunks of
 * {@value #CHUNK} bytes, so memory is bounded and a slow target slows the writer down (the command's
 * thread waits for a free chunk). The target sees the bytes in order, in writes of up to one chunk.
 * The chunks are direct buffers: a channel writes them as they are, where a {@code byte[]} would be
 * copied once more into the JDK's temporary direct buffer (1 GB of {@code minify} output: 1 GB less
 * copied on the writing thread).
 *
 * <p>A write failure of the target is reported by the next {@code write}, {@code flush} or
 * {@code close} on the command's thread (as an {@link IOException} with the failure's message and the
 * failure as its cause); the chunks after it are dropped. {@link #flush()} does not wait for the
 * target ({@link #sync()} does); {@link #close()} waits for every byte, ends the writing thread and
 * closes the target. For one writing thread, as any stream.
 */
final class AsyncOutput extends OutputStream {
    static final int CHUNK = 256 << 10;
    static final int CHUNKS = 4;

    /** A chunk, or with {@code length} -1 a request to report when all before it is written. */
    private static final class Chunk {
        final ByteBuffer bytes;
        int length;

        Chunk(ByteBuffer bytes) {
            this.bytes = bytes;
        }
    }

    private final WritableByteChannel target;
    private final BlockingQueue<Chunk> free = new ArrayBlockingQueue<>(CHUNKS);
    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(CHUNKS + 1);
    private final BlockingQueue<Chunk> done = new ArrayBlockingQueue<>(1);
    private final Thread writer;
    private volatile IOException failure;
    private Chunk current;
    private boolean closed;

    /** @param target the channel written on the writing thread (closed by {@link #close()}) */
    AsyncOutput(WritableByteChannel target) {
        this.target = target;
        for (int i = 0; i < CHUNKS; i++) {
            free.add(new Chunk(ByteBuffer.allocateDirect(CHUNK)));
        }
        writer = new Thread(this::run, "hyson-output");
        writer.setDaemon(true);
        writer.start();
    }

    private void run() {
        try {
            for (;;) {
                Chunk c = full.take();
                if (c.length < 0) {
                    done.put(c);
                    if (c.bytes == null) {
                        return; // closing
                    }
                    continue;
                }
                if (failure == null) {
                    try {
                        ByteBuffer b = c.bytes;
                        b.clear().limit(c.length);
                        while (b.hasRemaining()) {
                            target.write(b);
                        }
                    } catch (IOException e) {
                        failure = e;
                    } catch (RuntimeException e) {
                        failure = new IOException(e.toString(), e);
                    }
                }
                c.length = 0;
                free.put(c);
            }
        } catch (InterruptedException e) {
            // the JVM is exiting
        }
    }

    private void check() throws IOException {
        IOException f = failure;
        if (f != null) {
            throw new IOException(f.getMessage(), f);
        }
    }

    private Chunk current() throws IOException {
        Chunk c = current;
        if (c == null) {
            if (closed) {
                throw new IOException("stream closed");
            }
            try {
                c = current = free.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the output");
            }
        }
        return c;
    }

    private void handOff() throws IOException {
        Chunk c = current;
        if (c != null && c.length > 0) {
            current = null;
            full.add(c); // room: at most CHUNKS chunks and one marker are ever queued
        }
        check();
    }

    @Override
    public void write(int b) throws IOException {
        Chunk c = current();
        c.bytes.put(c.length++, (byte) b);
        if (c.length == CHUNK) {
            handOff();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        while (len > 0) {
            Chunk c = current();
            int n = Math.min(len, CHUNK - c.length);
            c.bytes.put(c.length, b, off, n);
            c.length += n;
            off += n;
            len -= n;
            if (c.length == CHUNK) {
                handOff();
            }
        }
    }

    /** Waits until the writing thread has written everything handed off (a marker passes through its queue). */
    private void drain(boolean last) throws IOException {
        handOff();
        Chunk marker = new Chunk(last ? null : ByteBuffer.allocate(0));
        marker.length = -1;
        try {
            full.put(marker);
            done.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the output");
        }
        check();
    }

    /**
     * Reports a write failure met so far, and nothing else: the bytes go to the file as chunks fill
     * and all of them by {@link #close()}. (Waiting here would undo the overlap: a conversion flushes
     * before each read that may wait on its input, every few kilobytes; a temporary file has no reader
     * to wait for.)
     */
    @Override
    public void flush() throws IOException {
        check();
    }

    /**
     * Waits until everything written so far has reached the target.
     *
     * @throws IOException the target's failure
     */
    void sync() throws IOException {
        if (closed) {
            return;
        }
        drain(false);
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            drain(true);
        } finally {
            closed = true;
            if (writer.isAlive()) {
                writer.interrupt(); // after a failure: nothing more is written
            }
            target.close();
        }
    }
}
