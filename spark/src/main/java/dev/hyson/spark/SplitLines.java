package dev.hyson.spark;

import dev.hyson.internal.scan.LineBatch;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The lines of one split of a file, read in windows: Hadoop's {@code LineRecordReader} rules, so a
 * split gives the lines {@code spark.read.json} gives for it.
 *
 * <ul>
 *   <li>A line ends at LF, CR or CR LF (the terminator is not part of the line).
 *   <li>A split that does not start at byte 0 drops everything up to and including the first
 *       terminator at or after its start: that line belongs to the split before.
 *   <li>A split reads every line that starts at or before its end, so the line that crosses the end
 *       (or starts exactly on it) is read whole, past the end.
 *   <li>A last line without a terminator is a line; an empty file or a file ending in a terminator
 *       has no empty line after it.
 *   <li>The first line of a file (of the split that starts at byte 0) loses a leading UTF-8 byte order
 *       mark, one, as {@code LineRecordReader} drops it.
 * </ul>
 *
 * <p>The window is a byte array that grows to hold the longest line. Lines come either one at a time
 * ({@link #next()}; {@link #buffer()}, {@link #start()} and {@link #end()} give the current line until
 * the next call) or scanned a batch at a time ({@link #nextBatch}: one {@link Scanner#scanLines} call,
 * so one JNI call on the native backend, per {@link #SCAN_WINDOW} bytes of lines). Not thread-safe.
 */
final class SplitLines {
    private static final int WINDOW = 1 << 20;
    /**
     * Bytes of lines per {@link #nextBatch} scan: a window's tape is still in the cache when its rows
     * are built (as for {@code dev.hyson.stream.JsonLines}); a longer line gets a longer scan.
     */
    static final int SCAN_WINDOW = 1 << 14;
    /** Bytes read before lines are looked at again (the window holds at most {@link #WINDOW} unless a line is longer). */
    private static final int READ_AHEAD = 1 << 18;
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LF = 0x0A0A0A0A0A0A0A0AL;
    private static final long CR = 0x0D0D0D0D0D0D0D0DL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private final InputStream in;
    /** Stream offset of the split's end: lines starting at or before it are ours. */
    private final long end;
    private byte[] buf = new byte[WINDOW];
    /** Valid bytes in {@link #buf}. */
    private int limit;
    /** Next byte to look at in {@link #buf}. */
    private int at;
    /** Stream offset of {@code buf[0]}. */
    private long base;
    private boolean eof;
    private int lineStart;
    private int lineEnd;
    private long bytesRead;
    /**
     * The next CR in {@code buf} at or after the last place it was looked for ({@link #limit} when
     * there is none in what is loaded); below the current position when it must be looked for again
     * (consumed, or the window moved).
     */
    private int crAt = -1;
    /** Whether the next line is the file's first (the split starts at byte 0): its byte order mark is dropped. */
    private boolean atFileStart;
    /** Whether {@link #nextBatch} has given the split's last line. */
    private boolean batchesDone;
    /** The scanner of the last {@link #nextBatch} call. */
    private Scanner lastScanner;

    /**
     * @param in the stream, positioned at {@code start} (the split's first byte; 0 for a compressed file)
     * @param start the split's first byte, in stream offsets
     * @param end the split's end (exclusive bound of where our lines may start is {@code end}, inclusive),
     *     {@link Long#MAX_VALUE} for the whole stream
     * @throws IOException from the stream
     */
    SplitLines(InputStream in, long start, long end) throws IOException {
        this.in = in;
        this.end = end;
        this.base = start;
        this.atFileStart = start == 0;
        if (start != 0) {
            // the first (partial) line is the previous split's
            if (!next()) {
                eof = true;
            }
        }
    }

    byte[] buffer() {
        return buf;
    }

    int start() {
        return lineStart;
    }

    int end() {
        return lineEnd;
    }

    /** @return the stream offset of the current line's first byte */
    long offset() {
        return base + lineStart;
    }

    /** @return bytes read from the stream so far */
    long bytesRead() {
        return bytesRead;
    }

    /**
     * Moves to the next line of the split.
     *
     * @return false when the split has no more lines
     * @throws IOException from the stream
     */
    boolean next() throws IOException {
        if (!nextLine()) {
            return false;
        }
        if (atFileStart) {
            // Hadoop's LineRecordReader drops a UTF-8 byte order mark from the first line of a file
            atFileStart = false;
            if (lineEnd - lineStart >= 3 && buf[lineStart] == (byte) 0xEF && buf[lineStart + 1] == (byte) 0xBB
                    && buf[lineStart + 2] == (byte) 0xBF) {
                lineStart += 3;
            }
        }
        return true;
    }

    /**
     * Scans the split's next lines in one call: {@code batch} gets a record per line (Hadoop's text
     * lines, {@link LineBatch#textLines}; an empty or blank line has a record with an error), in
     * {@link #buffer()}'s indices, and {@code tape} the valid lines' values. Only the split's lines are
     * recorded: a batch ends at the first line that starts after the split's end. Batches and
     * {@link #next()} may alternate: each takes the lines after the last one the other gave.
     *
     * @param scanner the scanner for windows of at least {@code minNative} bytes
     * @param small the scanner for shorter windows (the same one, or the Java scanner under
     *     {@code auto})
     * @param minNative the window length from which {@code scanner} is used
     * @param cfg the scan's options
     * @param tape the tape, emptied first
     * @param batch the records, emptied first
     * @return false when the split has no more lines (the batch is then empty)
     * @throws IOException from the stream
     */
    boolean nextBatch(Scanner scanner, Scanner small, int minNative, ReadConfig cfg, Tape tape, LineBatch batch)
            throws IOException {
        batch.count = 0;
        batch.textLines = true;
        if (batchesDone || base + at > end) {
            batchesDone = true;
            return false;
        }
        int want = SCAN_WINDOW;
        int bom = 0; // the first line's byte order mark, dropped: the line starts before it for the split's end
        while (true) {
            if (atFileStart && limit - at < 3 && !eof) {
                fill(at);
                continue;
            }
            if (atFileStart) {
                // Hadoop's LineRecordReader drops a UTF-8 byte order mark from the first line of a file
                atFileStart = false;
                if (limit - at >= 3 && buf[at] == (byte) 0xEF && buf[at + 1] == (byte) 0xBB && buf[at + 2] == (byte) 0xBF) {
                    at += 3;
                    bom = 3;
                }
            }
            if (at == limit) {
                if (eof) {
                    batchesDone = true;
                    return false;
                }
                fill(at);
                continue;
            }
            int to = limit - at > want ? at + want : limit;
            boolean last = eof && to == limit;
            Scanner s = to - at < minNative ? small : scanner;
            lastScanner = s;
            s.scanLines(buf, at, to, last, cfg, tape, batch);
            if (batch.consumed == at) {
                // no line ends in [at, to): scan further, reading more when all that is loaded was looked at
                if (to < limit) {
                    want = (int) Math.min((long) want * 2, Integer.MAX_VALUE - 16);
                } else {
                    fill(at);
                }
                continue;
            }
            at = batch.consumed;
            long[] rec = batch.records;
            for (int i = 0; i < batch.count; i++) {
                if (base + rec[i * LineBatch.FIELDS + LineBatch.START] - (i == 0 ? bom : 0) > end) {
                    batch.count = i; // this line and those after it are the next split's
                    batchesDone = true;
                    break;
                }
            }
            if (base + at > end) {
                batchesDone = true;
            }
            return batch.count > 0 || !batchesDone;
        }
    }

    /** @return the scanner that scanned the last batch */
    Scanner lastScanner() {
        return lastScanner;
    }

    private boolean nextLine() throws IOException {
        if (base + at > end) {
            return false;
        }
        int from = at;
        int i = at;
        while (true) {
            // look for a terminator in what is loaded: the next CR is found once per window (most
            // files have none), so each line is searched for LF alone, eight bytes at a time
            byte[] b = buf;
            int lim = limit;
            if (crAt < i) {
                crAt = find(b, i, lim, CR, (byte) '\r');
            }
            i = find(b, i, crAt, LF, (byte) '\n');
            if (i < lim) {
                if (b[i] == '\r') {
                    if (i + 1 == lim && !eof) {
                        // a CR at the window's end: load one more byte to see whether LF follows
                        int shift = fill(from);
                        from -= shift;
                        i -= shift;
                        continue;
                    }
                    lineStart = from;
                    lineEnd = i;
                    at = (i + 1 < limit && buf[i + 1] == '\n') ? i + 2 : i + 1;
                    return true;
                }
                lineStart = from;
                lineEnd = i;
                at = i + 1;
                return true;
            }
            if (eof) {
                if (i == from) {
                    at = i;
                    return false; // nothing after the last terminator
                }
                lineStart = from;
                lineEnd = i;
                at = i;
                return true;
            }
            int shift = fill(from);
            from -= shift;
            i -= shift;
        }
    }

    /**
     * @return the index of the first {@code c} in {@code b[from, to)}, or {@code to} when there is none
     *     ({@code pattern} is {@code c} in every byte of a long)
     */
    private static int find(byte[] b, int from, int to, long pattern, byte c) {
        int i = from;
        for (; i <= to - 8; i += 8) {
            long x = (long) LONG_LE.get(b, i) ^ pattern;
            // a zero byte of x sets its high bit in (x - 0x01..) & ~x; bits above the lowest true one
            // may be false (a borrow), the lowest is exact, and only the lowest is used
            long hits = (x - ONES) & ~x & HIGHS;
            if (hits != 0) {
                return i + (Long.numberOfTrailingZeros(hits) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return to;
    }

    /**
     * Keeps {@code buf[keep, limit)} (moved to the front) and reads more after it, growing the
     * window when the kept bytes fill it.
     *
     * @return by how much the kept bytes moved towards the front
     */
    private int fill(int keep) throws IOException {
        int kept = limit - keep;
        if (keep > 0) {
            System.arraycopy(buf, keep, buf, 0, kept);
            base += keep;
        }
        if (kept == buf.length) {
            if (buf.length >= Integer.MAX_VALUE - 16) {
                throw new IOException("a line of more than 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, Integer.MAX_VALUE - 16));
        }
        limit = kept;
        at -= Math.min(at, keep);
        crAt = -1; // the window moved and grows: look for CR again
        while (limit < buf.length) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
                break;
            }
            limit += n;
            bytesRead += n;
            if (n > 0 && limit - kept >= READ_AHEAD) {
                break;
            }
        }
        return keep;
    }
}
