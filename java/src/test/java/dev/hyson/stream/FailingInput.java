package dev.hyson.stream;

import java.io.IOException;
import java.io.InputStream;

/** Test input: the first {@code length} bytes of an array, at most {@code step} per read, then an {@code IOException}. */
final class FailingInput extends InputStream {
    private final byte[] input;
    private final int length;
    private final int step;
    private final String message;
    private int at;

    /**
     * @param input the bytes
     * @param length how many of them are read before the failure
     * @param step the most one read returns
     * @param message the failure's message
     */
    FailingInput(byte[] input, int length, int step, String message) {
        this.input = input;
        this.length = length;
        this.step = step;
        this.message = message;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (at >= length) {
            throw new IOException(message);
        }
        int n = Math.min(len, Math.min(step, length - at));
        System.arraycopy(input, at, b, off, n);
        at += n;
        return n;
    }
}
