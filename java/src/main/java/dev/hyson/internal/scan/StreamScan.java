package dev.hyson.internal.scan;

import dev.hyson.internal.tape.Tape;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Scans a stream window by window ({@link Scanner#scanWindow}) into a windowed {@link Tape}, so the
 * input is never held whole: memory is the tape (the values to be built) plus one window, which
 * grows only to hold the longest token (a string is bounded by {@code maxStringLength}, a number by
 * {@code maxNumberLength}; a comment, in the lenient mode that allows them, by
 * {@code maxDocumentLength}).
 *
 * <p>Each window is filled to its size (or the end of the stream) and scanned with one call, so the
 * native backend crosses JNI once per window of {@link #WINDOW} bytes or more. Bytes the scanner has
 * consumed are counted for lines and columns before they are dropped, so every error carries the
 * same offset, line and column a whole-document parse reports. Not thread-safe: one call per tape.
 */
public final class StreamScan {
    /** The window size: 64 KiB, the smallest the JNI crossing cost allows (HACKING.md). */
    public static final int WINDOW = 1 << 16;

    /** Windows larger than this are not kept in the tape for the next parse. */
    private static final int RETAIN_WINDOW = 1 << 20;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGHS = 0x8080808080808080L;
    private static final long LOWS7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;

    private StreamScan() {
    }

    /**
     * Reads {@code in} to its end and scans it into {@code tape} (already {@link Tape#reset reset}).
     *
     * @param scanner the backend's scanner
     * @param small the scanner for a stream that ends within its first window below {@code smallLimit}
     *     bytes ({@code auto} keeps those on the Java path)
     * @param window the initial window size in bytes (tests use tiny ones to cut every token)
     * @throws dev.hyson.JsonParseException for input the reader does not accept, including a stream
     *     longer than {@code maxDocumentLength} (detected as soon as one byte past it is read)
     * @throws IOException when reading fails
     */
    public static void scan(InputStream in, Scanner scanner, Scanner small, int smallLimit, ReadConfig cfg, Tape tape,
            int window) throws IOException {
        byte[] buf = tape.window != null && tape.window.length == window ? tape.window : new byte[window];
        long limit = cfg.maxDocumentLength;
        long base = 0; // stream offset of buf[0]
        long[] lineColumn = {1, 1}; // at buf[0]
        int filled = 0;
        boolean eof = false;
        Scanner chosen = null;
        try {
            for (;;) {
                int before = filled;
                while (!eof && filled < buf.length) {
                    // one byte past the limit is read, so a longer stream is reported, not cut short
                    long left = limit - (base + filled); // >= -1: never more than one byte past is read
                    int room = left >= buf.length ? buf.length - filled : (int) Math.min(buf.length - filled, left + 1);
                    if (room <= 0) {
                        break;
                    }
                    int r = in.read(buf, filled, room);
                    if (r < 0) {
                        eof = true;
                    } else {
                        filled += r;
                    }
                }
                if (base + filled > limit) {
                    throw ScanError.create(ScanError.DOCUMENT_LIMIT, buf, 0, filled, limit - base, cfg, base,
                            lineColumn[0], lineColumn[1]);
                }
                if (filled == before && !eof && base + filled <= limit) {
                    throw new IllegalStateException("no input read into a full window of " + buf.length + " bytes");
                }
                if (chosen == null) {
                    chosen = eof && filled < smallLimit ? small : scanner;
                }
                int rc = chosen.scanWindow(buf, 0, filled, eof, base, cfg, tape);
                if (rc == Scanner.WINDOW_DONE) {
                    return;
                }
                if (rc == Scanner.WINDOW_ERROR) {
                    throw ScanError.create(tape.errorCode, buf, 0, filled, tape.errorOffset - base, cfg, base,
                            lineColumn[0], lineColumn[1]);
                }
                int resume = tape.resumeAt;
                if (eof || resume < 0 || resume > filled) {
                    throw new IllegalStateException("scanner " + chosen.name() + " resumed at " + resume + " of " + filled
                            + (eof ? " at the end of input" : ""));
                }
                advance(buf, 0, resume, lineColumn);
                int keep = filled - resume;
                if (keep > buf.length / 2) {
                    // the unfinished token fills half the window: double it, so re-scans add up to O(n)
                    if (buf.length >= MAX_ARRAY) {
                        throw new OutOfMemoryError("a token longer than the largest Java array");
                    }
                    byte[] larger = new byte[(int) Math.min(MAX_ARRAY, buf.length * 2L)];
                    System.arraycopy(buf, resume, larger, 0, keep);
                    buf = larger;
                } else {
                    System.arraycopy(buf, resume, buf, 0, keep);
                }
                base += resume;
                filled = keep;
            }
        } finally {
            tape.window = buf.length <= RETAIN_WINDOW ? buf : null;
        }
    }

    /**
     * Moves the line and column in {@code lineColumn} over {@code b[from, to)}: lines count '\n',
     * columns count code points (bytes that are not UTF-8 continuation bytes), eight bytes a step.
     */
    static void advance(byte[] b, int from, int to, long[] lineColumn) {
        long line = lineColumn[0];
        long column = lineColumn[1];
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long v = (long) LONG_LE.get(b, i);
            long x = v ^ NEWLINES;
            long newline = ~(((x & LOWS7) + LOWS7) | x) & HIGHS; // exact: no carry crosses a byte
            long lead = ~(v & ~(v << 1)) & HIGHS; // not 10xxxxxx
            if (newline == 0) {
                column += Long.bitCount(lead);
            } else {
                line += Long.bitCount(newline);
                int last = 63 - Long.numberOfLeadingZeros(newline);
                long above = last == 63 ? 0 : -1L << (last + 1);
                column = 1 + Long.bitCount(lead & above);
            }
        }
        for (; i < to; i++) {
            byte c = b[i];
            if (c == '\n') {
                line++;
                column = 1;
            } else if ((c & 0xC0) != 0x80) {
                column++;
            }
        }
        lineColumn[0] = line;
        lineColumn[1] = column;
    }
}
