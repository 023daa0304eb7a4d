package dev.hyson.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * An output buffer that can forget what was written since the last {@link #mark()}, as long as that
 * is at most {@link #LIMIT} bytes: then nothing of it has reached the target yet. A streamed document
 * found invalid (or not writable) after some of it was written is so dropped whole, as when documents
 * were parsed before being written; a longer one has been partly written by then. Memory is at most
 * {@code LIMIT} bytes whatever the output's length. Flushing is left to the owner ({@link #commit()}).
 */
final class Rewindable extends OutputStream {
    /** The most held back since a mark. */
    static final int LIMIT = 4 * 1024 * 1024;

    private final OutputStream out;
    private byte[] buf = new byte[8192];
    private int count;
    private boolean spilled;

    Rewindable(OutputStream out) {
        this.out = out;
    }

    /** Writes out what is held and starts holding back again. */
    void mark() throws IOException {
        drain();
        spilled = false;
    }

    /** @return whether everything since the mark was dropped (false: some of it was written already) */
    boolean rewind() {
        count = 0;
        return !spilled;
    }

    @Override
    public void write(int b) throws IOException {
        if (count == buf.length) {
            grow(1);
        }
        buf[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len > buf.length - count) {
            grow(len);
            if (len > buf.length - count) {
                out.write(b, off, len);
                return;
            }
        }
        System.arraycopy(b, off, buf, count, len);
        count += len;
    }

    private void grow(int len) throws IOException {
        long want = (long) count + len;
        if (want <= LIMIT) {
            buf = Arrays.copyOf(buf, (int) Math.min(LIMIT, Math.max(want, 2L * buf.length)));
        } else {
            spilled = true;
            drain();
        }
    }

    private void drain() throws IOException {
        int n = count;
        count = 0;
        if (n > 0) {
            out.write(buf, 0, n);
        }
    }

    /**
     * Does nothing: what is held stays held until the next {@link #mark()} or {@link #commit()}, so a
     * writer's flush at the end of a document that then turns out invalid cannot push it out.
     */
    @Override
    public void flush() {
    }

    /** Does nothing; see {@link #flush()}. The target is closed by its owner. */
    @Override
    public void close() {
    }

    /** Writes out what is held and flushes the target. */
    void commit() throws IOException {
        drain();
        out.flush();
    }
}
