package dev.hyson.stream;

import dev.hyson.internal.text.Newlines;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * Cuts a JSON Lines input into parts of 64 KiB to 1 MiB ({@link #chunkSize}) for {@link ParallelLines}.
 * The consuming thread only cuts ({@link #next}); a pool thread loads each part ({@link Part#load}:
 * reads a file's range itself, counts the line feeds) and parses it. Line numbers need the line feeds
 * of every part before, so {@link ParallelLines} chains the parts' counts: a part waits for the count
 * of the part before it only after counting its own, which keeps the wait short and leaves no per-byte
 * work on the consuming thread.
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

    /**
     * Loaded lines: {@code buf[from, to)}, whose first byte is at input offset {@code offset}.
     * {@code newlinesBefore} line feeds lie between the point the part's line count starts from and
     * {@code from} (0 or 1); {@code newlines} is what the part adds to the count for the part after it.
     */
    record Chunk(byte[] buf, int from, int to, long offset, int newlinesBefore, long newlines) {
    }

    /** A part of the input, cut on the consuming thread and loaded on a pool thread. */
    interface Part {
        /**
         * @param spare a buffer of an earlier part of this pool thread that nothing holds any more, which
         *     a part read from a file fills instead of a new one when it has the part's size; or null
         * @return the part's lines and line feed counts (on a pool thread)
         */
        Chunk load(byte[] spare) throws IOException;
    }

    /** @return the next part, or null at the end of the input */
    abstract Part next() throws IOException;

    /**
     * @return whether {@link #next} can be called without waiting long for input: always, but for a stream
     *     that has nothing buffered or available (a live pipe between its writes)
     */
    boolean ready() {
        return true;
    }

    /** Lines already in memory ({@code b[from, to)} from a line start to just after a line feed or the end): their line feeds are counted on load. */
    static Part counted(byte[] b, int from, int to, long offset) {
        return spare -> new Chunk(b, from, to, offset, 0, Newlines.count(b, from, to));
    }

    /** Whether {@code b[from, to)} holds only spaces, tabs and carriage returns (a blank line's bytes). */
    static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Chunks of an array, cut in place. */
    static final class OfArray extends Chunks {
        private final byte[] b;
        private final int chunk;
        private int pos;

        OfArray(byte[] b, int threads) {
            this.b = b;
            this.chunk = chunkSize(b.length, threads);
        }

        @Override
        Part next() {
            int end = b.length;
            if (pos >= end) {
                return null;
            }
            int to = end;
            if (end - pos > chunk) {
                int lf = Newlines.find(b, pos + chunk, end);
                to = lf < 0 ? end : lf + 1;
            }
            Part c = counted(b, pos, to, pos);
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
        private boolean eof;
        private boolean skipping;
        /**
         * Whether the carried bytes hold no line feed (the unfinished line after a part's last one); false
         * after {@link #skipRest}, whose carried bytes are whatever followed the skipped line.
         */
        private boolean carryUnfinished = true;
        /** Whether the bytes the last {@link #skipRest} dropped held one other than a space, tab or carriage return. */
        private boolean droppedNonBlank;

        OfStream(InputStream in, long inputLength, int threads, long maxDocumentLength) {
            this.in = in;
            this.chunk = chunkSize(inputLength, threads);
            this.maxLength = Math.min(maxDocumentLength, Integer.MAX_VALUE - 18);
        }

        @Override
        Part next() throws IOException {
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
            // the carried bytes are the start of an unfinished line (no line feed among them), except after
            // a skipped line, when they may hold whole lines
            int searchFrom = carryUnfinished ? carried : 0;
            carryUnfinished = true;
            for (;;) {
                n = fill(b, n, searchFrom);
                last = Newlines.findLast(b, searchFrom, n);
                if (last >= 0 || eof) {
                    break;
                }
                if (n >= maxLength + 2) {
                    // one line, too long: its cursor reports it; it counts as one line feed
                    byte[] whole = b;
                    long at = offset;
                    offset += n;
                    if (!blank(whole, 0, n)) {
                        skipping = true;
                    } else {
                        skipRest(); // now: whether it is a blank line depends on what comes before its line feed
                        if (droppedNonBlank) {
                            // blanks up to the limit, then a value: not a blank line (which the cursor would skip)
                            // but one past the limit, as a serial read reports it
                            whole[(int) maxLength + 1] = 'x';
                        }
                    }
                    return spare -> new Chunk(whole, 0, (int) maxLength + 2, at, 0, 1);
                }
                searchFrom = n;
                b = java.util.Arrays.copyOf(b, (int) Math.min(b.length * 2L, maxLength + 2));
            }
            int to = eof ? n : last + 1;
            carry = b;
            carryFrom = to;
            carryTo = n;
            Part c = counted(b, 0, to, offset);
            offset += to;
            return c;
        }

        @Override
        boolean ready() {
            if (eof || skipping || !carryUnfinished && carryTo > carryFrom) {
                return true; // no read, or whole lines carried after a skipped one
            }
            try {
                return in.available() > 0;
            } catch (IOException e) {
                return true; // next() meets the failure and reports it
            }
        }

        /** Reads into {@code b} from {@code n} until it is full or the stream ends; returns the new length. */
        private int fill(byte[] b, int n) throws IOException {
            return fill(b, n, -1);
        }

        /**
         * Reads into {@code b} from {@code n} until it is full or the stream ends, or, with {@code lineFrom >= 0},
         * until a line feed at or after {@code lineFrom} has been read and the stream has nothing more available
         * (a live stream's lines go to the pool as they arrive, not once a chunk is full); returns the new length.
         */
        private int fill(byte[] b, int n, int lineFrom) throws IOException {
            while (n < b.length && !eof) {
                int r = dev.hyson.internal.InputReads.read(in, b, n, b.length - n);
                if (r < 0) {
                    eof = true;
                } else {
                    n += r;
                    if (lineFrom >= 0 && in.available() <= 0 && Newlines.findLast(b, lineFrom, n) >= 0) {
                        break;
                    }
                }
            }
            return n;
        }

        /**
         * Drops the rest of a line that was too long, up to and with its line feed (the bytes after it are
         * carried), noting in {@link #droppedNonBlank} whether a byte other than a blank was among them.
         *
         * @return false when the input ends first
         */
        private boolean skipRest() throws IOException {
            byte[] b = new byte[chunk];
            droppedNonBlank = false;
            skipping = false;
            for (;;) {
                int n = fill(b, 0);
                int lf = Newlines.find(b, 0, n);
                droppedNonBlank = droppedNonBlank || !blank(b, 0, lf >= 0 ? lf : n);
                if (lf >= 0) {
                    offset += lf + 1;
                    carry = b;
                    carryFrom = lf + 1;
                    carryTo = n;
                    carryUnfinished = false;
                    return true;
                }
                offset += n;
                if (eof) {
                    return false;
                }
            }
        }
    }

    /**
     * Ranges of a regular file of known size, read by the pool threads themselves (positional reads,
     * which a {@link FileChannel} allows from several threads at once). Range {@code [a, b)} holds the
     * lines that start in it: from the first line start at or after {@code a} (the byte before it is a
     * line feed) to the first at or after {@code b}, read past {@code b} as far as that line goes. Its
     * count is the line feeds of {@code [a, b)}, so the counts of all ranges add up whatever the lines'
     * lengths. A line longer than {@code maxLength} is loaded as its first {@code maxLength + 2} bytes,
     * which the cursor reports as too long; the ranges after it that it covers hold no line start.
     */
    static final class OfFile extends Chunks {
        /** Bytes read past a range's end with it, where its last line most likely ends. */
        private static final int SLACK = 64 << 10;
        private final FileChannel channel;
        private final long size;
        private final long maxLength;
        private final int chunk;
        private long pos;

        OfFile(FileChannel channel, long size, int threads, long maxDocumentLength) {
            this.channel = channel;
            this.size = size;
            this.chunk = chunkSize(size, threads);
            this.maxLength = Math.min(maxDocumentLength, Integer.MAX_VALUE - 18);
        }

        @Override
        Part next() {
            if (pos >= size) {
                return null;
            }
            long a = pos;
            long b = Math.min(size, a + chunk);
            pos = b;
            return spare -> load(a, b, spare);
        }

        private Chunk load(long a, long b, byte[] spare) throws IOException {
            long base = a == 0 ? 0 : a - 1; // the byte before a tells whether a starts a line
            // read past b as well: the range's last line usually ends within that slack
            int slack = (int) Math.min(SLACK, Math.max(0, size - b));
            int length = (int) (b - base) + slack;
            // a spare of the same size (every part but the first, the last and those of long lines) saves
            // allocating and zeroing a 1 MiB array per part: 5-9% of a parallel(2) read of trees
            byte[] buf = spare != null && spare.length == length ? spare : new byte[length];
            int n = read(buf, 0, base);
            int own = (int) Math.min(a - base, n); // buf[own] is the byte at a
            int mine = (int) Math.min(b - base, n); // buf[0, mine) is [base, b)
            long counted = Newlines.count(buf, own, mine);
            int start = 0;
            if (a > 0) {
                int lf = Newlines.find(buf, 0, mine);
                if (lf < 0) {
                    return new Chunk(buf, 0, 0, a, 0, counted); // inside a line that started before
                }
                start = lf + 1;
            }
            int newlinesBefore = start - 1 >= own ? 1 : 0; // the line feed before start lies in [a, b)
            if (start >= mine) {
                return new Chunk(buf, mine, mine, base + mine, newlinesBefore, counted); // no line starts in [a, b)
            }
            if (buf[mine - 1] == '\n') {
                return new Chunk(buf, start, mine, base + start, newlinesBefore, counted);
            }
            // the last line goes on past b: to its line feed, the end of the file, or the limit
            int lineStart = Math.max(start, Newlines.findLast(buf, start, mine) + 1);
            long cap = lineStart + maxLength + 2;
            int end;
            int searchFrom = mine;
            for (;;) {
                int lf = Newlines.find(buf, searchFrom, n);
                if (lf >= 0) {
                    end = (int) Math.min(lf + 1L, cap);
                    break;
                }
                if (n >= cap || base + n >= size || n < buf.length) {
                    end = (int) Math.min(n, cap); // the limit, or the end of the file
                    break;
                }
                long grown = Math.min(Math.min(cap, Integer.MAX_VALUE - 16L), Math.max(n + SLACK, n * 2L));
                if (grown <= n) {
                    end = n; // no larger array: the line is handed on as read so far
                    break;
                }
                buf = Arrays.copyOf(buf, (int) grown);
                searchFrom = n;
                n += read(buf, n, base + n);
            }
            if (end == cap && buf[end - 1] != '\n' && blank(buf, lineStart, end) && nonBlankFollows(buf, end, n, base + n)) {
                // cut at the limit after blanks only, the line goes on to a non-blank byte: it is not a blank
                // line but one past the limit, as the cursor reports it when its cut part shows a non-blank
                buf[end - 1] = 'x';
            }
            return new Chunk(buf, start, end, base + start, newlinesBefore, counted);
        }

        /**
         * Whether a byte other than a space, tab or carriage return comes before the next line feed: in
         * {@code b[from, n)}, then in the file from {@code at} on (read in blocks that are not kept).
         */
        private boolean nonBlankFollows(byte[] b, int from, int n, long at) throws IOException {
            for (int i = from; i < n; i++) {
                byte c = b[i];
                if (c == '\n') {
                    return false;
                }
                if (c != ' ' && c != '\t' && c != '\r') {
                    return true;
                }
            }
            byte[] block = new byte[64 << 10];
            long p = at;
            for (;;) {
                int r = channel.read(ByteBuffer.wrap(block), p);
                if (r <= 0) {
                    return false;
                }
                for (int i = 0; i < r; i++) {
                    byte c = block[i];
                    if (c == '\n') {
                        return false;
                    }
                    if (c != ' ' && c != '\t' && c != '\r') {
                        return true;
                    }
                }
                p += r;
            }
        }

        /** Reads {@code buf[off..]} from file position {@code at} until it is full or the file ends; returns the bytes read. */
        private int read(byte[] buf, int off, long at) throws IOException {
            ByteBuffer bb = ByteBuffer.wrap(buf, off, buf.length - off);
            long p = at;
            while (bb.hasRemaining()) {
                int r = channel.read(bb, p);
                if (r < 0) {
                    break;
                }
                p += r;
            }
            return (int) (p - at);
        }
    }
}
