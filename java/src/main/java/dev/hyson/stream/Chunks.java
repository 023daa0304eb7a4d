package dev.hyson.stream;

import dev.hyson.internal.text.Newlines;
import java.io.IOException;
import java.io.InputStream;

/**
 * Cuts a JSON Lines input into chunks of 64 KiB to 1 MiB ({@link #chunkSize}) that end just after a line feed (or at the end
 * of the input), each with the input offset and line number of its first byte, for
 * {@link ParallelLines}. The line feeds of each chunk are counted here, on the consuming thread, so
 * every chunk's lines have their numbers in the whole input before they are parsed anywhere.
 */
abstract class Chunks {
    /** The largest chunk: past this, a chunk's parse outlasts its handoff between threads many times over. */
    static final int MAX_CHUNK = LineCursor.BLOCK;
    /** The smallest chunk, for inputs known to be small (so that even those are spread over the threads). */
    static final int MIN_CHUNK = 64 << 10;

    /**
     * @param inputLength the input's length, or -1 when it is not known
     * @param threads the threads that parse
     * @return the chunk size: eight chunks per thread for a known length, between 64 KiB and 1 MiB
     */
    static int chunkSize(long inputLength, int threads) {
        if (inputLength < 0) {
            return MAX_CHUNK;
        }
        return (int) Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, inputLength / (8L * threads)));
    }

    /** A slice of the input: {@code buf[from, to)}, whose first byte is at {@code offset} on line {@code firstLine}. */
    record Chunk(byte[] buf, int from, int to, long offset, long firstLine) {
    }

    /** @return the next chunk, or null at the end of the input */
    abstract Chunk next() throws IOException;

    /** Chunks of an array, cut in place. */
    static final class OfArray extends Chunks {
        private final byte[] b;
        private final int chunk;
        private int pos;
        private long line = 1;

        OfArray(byte[] b, int threads) {
            this.b = b;
            this.chunk = chunkSize(b.length, threads);
        }

        @Override
        Chunk next() {
            int end = b.length;
            if (pos >= end) {
                return null;
            }
            int to = end;
            if (end - pos > chunk) {
                int lf = Newlines.find(b, pos + chunk, end);
                to = lf < 0 ? end : lf + 1;
            }
            Chunk c = new Chunk(b, pos, to, pos, line);
            line += Newlines.count(b, pos, to);
            pos = to;
            return c;
        }
    }

    /**
     * Chunks of a stream, each read into an array of its own. A line longer than
     * {@code maxLength} is handed on as a chunk of its first {@code maxLength + 2} bytes (which the
     * chunk's {@link LineCursor} reports as too long) and the rest of it is dropped unbuffered.
     */
    static final class OfStream extends Chunks {
        private final InputStream in;
        private final long maxLength;
        private final int chunk;
        private byte[] carry = new byte[0];
        private int carryFrom;
        private int carryTo;
        private long offset;
        private long line = 1;
        private boolean eof;
        private boolean skipping;

        OfStream(InputStream in, long inputLength, int threads, long maxDocumentLength) {
            this.in = in;
            this.chunk = chunkSize(inputLength, threads);
            this.maxLength = Math.min(maxDocumentLength, Integer.MAX_VALUE - 18);
        }

        @Override
        Chunk next() throws IOException {
            if (skipping && !skipRest()) {
                return null;
            }
            int carried = carryTo - carryFrom;
            if (eof && carried == 0) {
                return null;
            }
            byte[] b = new byte[(int) Math.min((long) carried + chunk, Integer.MAX_VALUE - 16)];
            System.arraycopy(carry, carryFrom, b, 0, carried);
            carry = b;
            carryFrom = carryTo = 0;
            int n = carried;
            int last;
            // the carried bytes are the start of an unfinished line: no line feed among them
            int searchFrom = carried;
            for (;;) {
                n = fill(b, n);
                last = Newlines.findLast(b, searchFrom, n);
                if (last >= 0 || eof) {
                    break;
                }
                if (n >= maxLength + 2) {
                    Chunk c = new Chunk(b, 0, (int) maxLength + 2, offset, line);
                    offset += n;
                    line++;
                    skipping = true;
                    return c;
                }
                searchFrom = n;
                b = java.util.Arrays.copyOf(b, (int) Math.min(b.length * 2L, maxLength + 2));
            }
            int to = eof ? n : last + 1;
            carry = b;
            carryFrom = to;
            carryTo = n;
            Chunk c = new Chunk(b, 0, to, offset, line);
            offset += to;
            line += Newlines.count(b, 0, to);
            return c;
        }

        /** Reads into {@code b} from {@code n} until it is full or the stream ends; returns the new length. */
        private int fill(byte[] b, int n) throws IOException {
            while (n < b.length && !eof) {
                int r = in.read(b, n, b.length - n);
                if (r < 0) {
                    eof = true;
                } else {
                    n += r;
                }
            }
            return n;
        }

        /** Drops the rest of a line that was too long; false when the input ends first. */
        private boolean skipRest() throws IOException {
            byte[] b = new byte[chunk];
            for (;;) {
                int n = fill(b, 0);
                int lf = Newlines.find(b, 0, n);
                if (lf >= 0) {
                    offset += lf + 1;
                    carry = b;
                    carryFrom = lf + 1;
                    carryTo = n;
                    skipping = false;
                    return true;
                }
                offset += n;
                if (eof) {
                    skipping = false;
                    return false;
                }
            }
        }
    }
}
