package dev.hyson.internal;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads from a caller's {@link InputStream}. Its contract: {@code read(b, off, len)} with
 * {@code len > 0} blocks until at least one byte is read, or returns -1 at the end. A stream that
 * returns 0 instead would make every reading loop spin forever, so after {@link #ZERO_READS} zero
 * returns in a row it is an {@link IOException} (as jackson-core reports it).
 */
public final class InputReads {
    /** Zero returns in a row taken as a broken stream. */
    static final int ZERO_READS = 64;

    private InputReads() {
    }

    /**
     * {@code in.read(b, off, len)}, retried while it returns 0.
     *
     * @param in the stream
     * @param b the buffer
     * @param off where to read to
     * @param len how many bytes at most, more than 0
     * @return the bytes read (at least 1), or -1 at the end of the stream
     * @throws IOException what the stream throws, or when it keeps returning 0
     */
    public static int read(InputStream in, byte[] b, int off, int len) throws IOException {
        for (int zeros = 0;; zeros++) {
            int r = in.read(b, off, len);
            if (r != 0) {
                return r;
            }
            if (zeros == ZERO_READS) {
                throw new IOException(in.getClass().getName() + ".read returned 0 bytes " + ZERO_READS
                        + " times in a row for a request of " + len + " (InputStream.read must block until a byte is read, or return -1)");
            }
        }
    }
}
