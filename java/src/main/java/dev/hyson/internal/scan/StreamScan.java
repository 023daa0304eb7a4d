package dev.hyson.internal.scan;

import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.LineCounter;
import java.io.IOException;
import java.io.InputStream;

/**
 * Scans a stream window by window ({@link Scanner#scanWindow}) into a windowed {@link Tape}, so the
 * input is never held whole: memory is the tape (the values to be built) plus one window, which
 * grows only to hold the longest token (a string is bounded by {@code maxStringLength}, a number by
 * {@code maxNumberLength}; a comment, in the lenient mode that allows them, by
 * {@code maxDocumentLength}).
 *
 * <p>Each window is filled to its size (or the end of the stream) and scanned with one call, so the
 * native backend crosses JNI once per window of {@link #WINDOW} bytes; a stream that fits one window is
 * scanned as an array, with the whole-document scanner. Bytes the scanner has
 * consumed are counted for lines and columns before they are dropped, so every error carries the
 * same offset, line and column a whole-document parse reports. Not thread-safe: one call per tape.
 */
public final class StreamScan {
    /**
     * The window size: 1 MiB. Streams up to this size are scanned whole, with one call; longer ones in
     * windows of this size (JNI crossings stay rare, each critical region short: HACKING.md).
     */
    public static final int WINDOW = 1 << 20;

    /** The first read buffer; it doubles up to the window size as the stream delivers. */
    private static final int FIRST = 8192;

    /** Windows larger than this are not kept in the tape for the next parse. */
    private static final int RETAIN_WINDOW = 1 << 16;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private StreamScan() {
    }

    /**
     * Reads {@code in} to its end and scans it into {@code tape} (already {@link Tape#reset reset}).
     * A stream that ends within its first window (the common case: up to 1 MiB from
     * {@code JsonReader}) is scanned with one {@link Scanner#scan} call like an array, and that array
     * is left in {@link Tape#input} for the materializer; a longer one is scanned window by window into
     * a windowed tape.
     *
     * @param in the stream, read to its end
     * @param scanner the backend's scanner
     * @param small the scanner for a stream shorter than {@code smallLimit} bytes ({@code auto} keeps
     *     those on the Java path)
     * @param smallLimit the length below which {@code small} scans the stream
     * @param cfg the reader's options
     * @param tape the tape to scan into
     * @param window the window size in bytes (tests use tiny ones to cut every token)
     * @return the length of the whole input in {@link Tape#input} when it fit one window, else -1 (the
     *     tape is windowed)
     * @throws dev.hyson.JsonParseException for input the reader does not accept, including a stream
     *     longer than {@code maxDocumentLength} (detected as soon as one byte past it is read)
     * @throws IOException when reading fails
     */
    public static int scan(InputStream in, Scanner scanner, Scanner small, int smallLimit, ReadConfig cfg, Tape tape,
            int window) throws IOException {
        int hint = Math.max(0, in.available()); // a file or an array stream knows its size: read it in one go
        int first = (int) Math.min(window, Math.max(FIRST, hint + 1L));
        byte[] buf = tape.window != null && tape.window.length >= first && tape.window.length <= window ? tape.window
                : new byte[first];
        tape.window = null; // while in use: a nested parse on this thread must not share it
        long limit = cfg.maxDocumentLength;
        int filled = 0;
        boolean eof = false;
        // the first window: grown from its first size as the stream delivers, so a small document costs little
        for (;;) {
            int r = fill(in, buf, filled, 0, limit);
            if (r < 0) {
                filled = ~r;
                eof = true;
                break;
            }
            filled = r;
            if (filled < buf.length || buf.length >= window) {
                break; // one byte past the limit, or a full window
            }
            buf = java.util.Arrays.copyOf(buf, (int) Math.min(window, buf.length * 2L));
        }
        if (eof || filled > limit) {
            // the whole document is here (or past the limit, which the whole scan reports first)
            Scanner chosen = filled < smallLimit ? small : scanner;
            if (!chosen.scan(buf, 0, filled, cfg, tape)) {
                throw ScanError.create(tape.errorCode, buf, 0, filled, tape.errorOffset, cfg);
            }
            tape.input = buf; // for the materializer
            if (buf.length <= RETAIN_WINDOW) {
                tape.window = buf; // reused by the next parse, after this one's values are built
            }
            return filled;
        }
        byte[] last = scanWindows(in, scanner, cfg, tape, buf, filled);
        tape.window = last.length <= RETAIN_WINDOW ? last : null;
        return -1;
    }

    /**
     * Reads into {@code buf} from {@code filled} until it is full, one byte past the document limit
     * has been read (so a longer stream is reported, not cut short) or the stream ends.
     *
     * @return the new fill, or its complement ({@code ~filled}, negative) when the stream ended
     */
    private static int fill(InputStream in, byte[] buf, int filled, long base, long limit) throws IOException {
        while (filled < buf.length) {
            long left = limit - (base + filled); // >= -1: never more than one byte past the limit is read
            int room = left >= buf.length ? buf.length - filled : (int) Math.min(buf.length - filled, left + 1);
            if (room <= 0) {
                break;
            }
            int r = dev.hyson.internal.InputReads.read(in, buf, filled, room);
            if (r < 0) {
                return ~filled;
            }
            filled += r;
        }
        return filled;
    }

    /** The windowed scan of a stream longer than its first window ({@code buf}, full); returns the last window. */
    private static byte[] scanWindows(InputStream in, Scanner scanner, ReadConfig cfg, Tape tape, byte[] buf, int filled)
            throws IOException {
        long limit = cfg.maxDocumentLength;
        long base = 0; // stream offset of buf[0]
        LineCounter lines = new LineCounter(1, 1); // at buf[0]
        boolean eof = false;
        for (;;) {
            int before = filled;
            if (!eof) {
                int r = fill(in, buf, filled, base, limit);
                eof = r < 0;
                filled = eof ? ~r : r;
            }
            if (base + filled > limit) {
                throw ScanError.create(ScanError.DOCUMENT_LIMIT, buf, 0, filled, limit - base, cfg, base,
                        lines.line(), lines.column());
            }
            if (base > 0 && filled == before && !eof) {
                throw new IllegalStateException("no input read into a window of " + buf.length + " bytes");
            }
            int rc = scanner.scanWindow(buf, 0, filled, eof, base, cfg, tape);
            if (rc == Scanner.WINDOW_DONE) {
                return buf;
            }
            if (rc == Scanner.WINDOW_ERROR) {
                throw ScanError.create(tape.errorCode, buf, 0, filled, tape.errorOffset - base, cfg, base,
                        lines.line(), lines.column());
            }
            int resume = tape.resumeAt;
            if (eof || resume < 0 || resume > filled) {
                throw new IllegalStateException("scanner " + scanner.name() + " resumed at " + resume + " of " + filled
                        + (eof ? " at the end of input" : ""));
            }
            if (tape.countedFrom == 0 && tape.countedTo == resume) {
                lines.skip(tape.countedNewlines, tape.countedTail); // counted by the native scan as it went
            } else {
                lines.advance(buf, 0, resume);
            }
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
    }
}
