package dev.hyson.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Function;

/**
 * An output stream whose write and flush failures become the unchecked exception its owner makes
 * (an {@link InputCommand.OutputFailure} naming the output), so that they are not taken for read
 * failures, which reach the commands unchecked too. Closing it flushes; the owner closes the stream.
 */
final class GuardedOutput extends FilterOutputStream {
    private final Function<IOException, RuntimeException> failure;

    /**
     * @param out the output
     * @param failure makes the exception thrown for a failed write or flush
     */
    GuardedOutput(OutputStream out, Function<IOException, RuntimeException> failure) {
        super(out);
        this.failure = failure;
    }

    @Override
    public void write(int b) {
        try {
            out.write(b);
        } catch (IOException e) {
            throw failure.apply(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failure.apply(e);
        }
    }

    @Override
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw failure.apply(e);
        }
    }

    @Override
    public void close() {
        flush();
    }
}
