package dev.hyson.internal.scan;

import dev.hyson.JsonParseException;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.LineCounter;
import java.io.IOException;
import java.io.InputStream;

/**
 * Feeds an event tape ({@link Tape#events}) window by window, for the pull parser and for the
 * validation that builds nothing: each {@link #next} scans one more window (one
 * {@link Scanner#scanWindow} call, so one JNI crossing for the native backend), takes the entries it
 * wrote and leaves them alone in the tape. Memory is one window (grown only for a token longer than
 * half of it) plus the tape of that window, whatever the document's length.
 *
 * <p>The bytes behind the entries of the current batch stay in {@link #buffer()} until the next call,
 * so a token's line and column can be counted ({@link #locate}). An array source is scanned in place,
 * window by window, with no copy. Errors are those of a whole-document parse: same code, offset, line and
 * column. Not thread-safe.
 */
public final class EventScan {
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;
    /** The smallest stream {@link #scanAhead} scans on a thread of its own: 16 MiB. */
    static final long AHEAD_MIN = 16L << 20;
    /** The smallest heap ({@code -Xmx}) {@link #scanAhead} runs with: 48 MiB (three windows and their tapes, about 15 MiB). */
    static final long AHEAD_HEAP = 48L << 20;
    /** The bytes at a stream's start an encoding hint looks at (see {@code ScanError}). */
    private static final int HEAD = 4;

    private final InputStream in;
    private final Scanner scanner;
    private final ReadConfig cfg;
    private final Tape tape;
    /** The stream offset of the document's first byte in array coordinates: the slice's start for an array. */
    private final int origin;
    private final boolean array;
    private final int arrayEnd;
    private int window;

    private byte[] buf;
    /** For a stream: bytes read into {@link #buf}; for an array: the current window's end. */
    private int filled;
    /** Where the next window's scan starts (an index into {@link #buf}). */
    private int resume;
    /** The stream offset of {@code buf[0]} (array coordinates: 0 for an array). */
    private long base;
    private boolean eof;
    private boolean done;
    private boolean dropping; // discarding(): the native scanner copies no entries out
    /** The line counter, at {@code buf[linesAt]}. */
    private final LineCounter lines = new LineCounter(1, 1);
    private int linesAt;
    /** The stream offset from which bytes stay in the buffer ({@link #hold}), or -1. */
    private long held = -1;
    /** A second counter for {@link #locate}, at {@code buf[cursorAt]}; -1 when it must restart from {@link #lines}. */
    private LineCounter cursor;
    private int cursorAt = -1;
    /** The tape the windows are scanned into: {@link #tape}, or with {@link #ahead} one of the scan thread's own. */
    private Tape scanTape;
    /** The windows scanned one ahead on a thread of their own ({@link #scanAhead}), or null. */
    private AheadScan ahead;
    /** The stream's size as the constructor saw it ({@code available()}), for {@link #scanAhead}. */
    private long hint;

    /**
     * A scan of a stream, read in windows of {@code window} bytes.
     *
     * @param in the stream, read to its end as tokens are asked for
     * @param scanner the backend's scanner
     * @param cfg the reader's options
     * @param tape the tape (this scan resets it and makes it an event tape)
     * @param window the window size in bytes, at least 1 (tests use tiny ones)
     */
    public EventScan(InputStream in, Scanner scanner, ReadConfig cfg, Tape tape, int window) {
        this.in = in;
        this.scanner = scanner;
        this.cfg = cfg;
        this.tape = tape;
        this.origin = 0;
        this.array = false;
        this.arrayEnd = 0;
        this.window = Math.max(1, window);
        int hint;
        try {
            hint = Math.max(0, in.available()); // a file knows its size: a small one needs a small buffer
        } catch (IOException e) {
            hint = 0;
        }
        this.hint = hint;
        int first = (int) Math.min(this.window, Math.max(8192, hint + 1L));
        byte[] kept = tape.window; // the last stream parse's window, if this thread's tape has one
        tape.window = null;
        this.buf = kept != null && kept.length >= first && kept.length <= this.window ? kept : new byte[first];
        start();
    }

    /**
     * A scan of {@code src[offset, offset + length)} in place, window by window.
     *
     * @param src the input
     * @param offset the document's first byte
     * @param length the document's length in bytes
     * @param scanner the backend's scanner
     * @param cfg the reader's options
     * @param tape the tape (this scan resets it and makes it an event tape)
     * @param window the window size in bytes, at least 1
     * @throws JsonParseException when the document is longer than {@code maxDocumentLength}
     */
    public EventScan(byte[] src, int offset, int length, Scanner scanner, ReadConfig cfg, Tape tape, int window) {
        this.in = null;
        this.scanner = scanner;
        this.cfg = cfg;
        this.tape = tape;
        this.origin = offset;
        this.array = true;
        this.arrayEnd = offset + length;
        this.window = Math.max(1, window);
        this.buf = src;
        this.resume = offset;
        this.linesAt = offset;
        this.filled = offset;
        if (length > cfg.maxDocumentLength) {
            throw ScanError.create(ScanError.DOCUMENT_LIMIT, src, offset, arrayEnd, offset + cfg.maxDocumentLength, cfg);
        }
        start();
        tape.inPlace = true; // windows of the caller's array, scanned with base 0: entries point into it
    }

    private void start() {
        scanTape = tape;
        tape.reset(0);
        tape.events = true; // (the scanners set windowed; the native one starts a new stream while it is unset)
    }

    /**
     * For a scan whose entries are dropped unread (validation): string and number bytes are not
     * copied out of the windows.
     *
     * @return this scan
     */
    public EventScan discarding() {
        tape.inPlace = true; // (entries then point into windows that are gone: never read them)
        dropping = true; // and the native scanner copies none out
        return this;
    }

    /**
     * Scans the windows one ahead on a thread of their own ({@link AheadScan}) when that can pay: a stream
     * (not an array) whose {@code available()} said at least 16 MiB, whose entries are read (not
     * {@link #discarding}), with two processors or more and a heap of 48 MiB or more;
     * {@code -Dhyson.scanAhead=false} turns it off,
     * {@code -Dhyson.scanAhead=always} on for every stream.
     * Call before the first {@link #next}; the caller must end the scan with {@link #release} (or
     * {@link #stopAhead}, which a cleaner may call from another thread).
     *
     * @return this scan
     */
    public EventScan scanAhead() {
        String mode = System.getProperty("hyson.scanAhead", ""); // false: never; always: every stream (tests)
        Runtime rt = Runtime.getRuntime();
        boolean pays = mode.equals("always") || (!mode.equals("false") && hint >= AHEAD_MIN
                && rt.availableProcessors() >= 2 && rt.maxMemory() >= AHEAD_HEAP);
        if (!array && !dropping && ahead == null && pays && resume == 0 && filled == 0) {
            Tape work = new Tape();
            work.reset(0);
            work.events = true;
            scanTape = work;
            ahead = new AheadScan(this, work);
            ahead.adopt(buf);
        }
        return this;
    }

    /**
     * With {@link #scanAhead} on: ends the scan thread once {@code owner} (the parser that reads this
     * scan) is unreachable, for a parser never closed; nothing otherwise.
     *
     * @param owner the object whose reachability keeps the scan thread
     */
    public void stopAheadWhenUnreachable(Object owner) {
        if (ahead != null) {
            AheadScan.CLEANER.register(owner, ahead::stop);
        }
    }

    /** Ends a {@link #scanAhead} thread (safe from any thread, and more than once); nothing when there is none. */
    public void stopAhead() {
        AheadScan a = ahead;
        if (a != null) {
            a.stop();
        }
    }

    /** For {@link AheadScan}: the current window's bytes and line position (the scan thread's state), into {@code b}. */
    void describe(AheadScan.Batch b) {
        b.buf = buf;
        b.filled = filled;
        b.base = base;
        b.linesAt = linesAt;
        b.line = lines.line();
        b.column = lines.column();
        b.finished = done;
    }

    /**
     * Gives a stream's window buffer back to the tape for the next parse on this thread (up to
     * {@link StreamScan#WINDOW} bytes); the scan must not be used afterwards.
     */
    public void release() {
        if (ahead != null) {
            ahead.stop(); // its buffers stay with the scan thread until it ends
            return;
        }
        if (!array && buf.length <= StreamScan.WINDOW) {
            tape.window = buf;
        }
        buf = null;
    }

    /** @return the array the current batch's bytes are in (see {@link #base}) */
    public byte[] buffer() {
        if (ahead != null) {
            AheadScan.Batch b = ahead.current();
            return b == null ? new byte[0] : b.buf;
        }
        return buf;
    }

    /** @return the end of the bytes read into {@link #buffer()} (an index of it) */
    public int filled() {
        if (ahead != null) {
            AheadScan.Batch b = ahead.current();
            return b == null ? 0 : b.filled;
        }
        return filled;
    }

    /** @return the stream offset of {@code buffer()[0]}, in array coordinates (subtract {@link #origin}) */
    public long base() {
        if (ahead != null) {
            AheadScan.Batch b = ahead.current();
            return b == null ? 0 : b.base;
        }
        return base;
    }

    /** @return the array index of the document's first byte (0 for a stream) */
    public int origin() {
        return origin;
    }

    /** @return whether the document has been scanned to its end and every entry taken */
    public boolean finished() {
        if (ahead != null) {
            AheadScan.Batch b = ahead.current();
            return b != null && (b.finished || !b.more);
        }
        return done;
    }

    /**
     * Scans windows until the tape holds at least one new entry, or the document ends.
     *
     * @return true with the new entries in the tape (those of the last call are gone); false at the end
     *     of a valid document (the tape is then empty)
     * @throws JsonParseException for invalid input, at the byte a whole-document parse reports
     * @throws IOException when reading the stream fails
     */
    public boolean next() throws IOException {
        return ahead != null ? ahead.next(tape) : scanNext();
    }

    /** {@link #next} on the thread that scans: into {@link #scanTape}. */
    boolean scanNext() throws IOException {
        Tape tape = scanTape;
        for (;;) {
            if (done) {
                tape.size = 0;
                return false;
            }
            tape.clearEntries();
            int rc = array ? scanArrayWindow() : scanStreamWindow();
            if (rc == Scanner.WINDOW_ERROR) {
                throw error(tape.errorCode, tape.errorOffset);
            }
            if (dropping) {
                scanner.dropWindow(tape);
            } else {
                scanner.takeWindow(tape);
            }
            if (rc == Scanner.WINDOW_DONE) {
                done = true;
                return tape.size > 0;
            }
            if (tape.size > 0) {
                return true;
            }
        }
    }

    private int scanArrayWindow() {
        int from = resume; // (an array keeps its bytes: lines are counted only when asked, from its start)
        int end = (int) Math.min(arrayEnd, (long) from + window);
        filled = end;
        boolean last = end == arrayEnd;
        int rc = scanner.scanWindow(buf, from, end, last, 0, cfg, scanTape);
        if (rc == Scanner.WINDOW_MORE) {
            int r = scanTape.resumeAt;
            if (r < from || r > end) {
                throw new IllegalStateException("scanner " + scanner.name() + " resumed at " + r + " of " + from + ".." + end);
            }
            if (end < arrayEnd && r - from <= window / 2) {
                window = (int) Math.min(MAX_ARRAY, window * 2L); // a token fills half the window: widen it
            }
            resume = r;
        }
        return rc;
    }

    private int scanStreamWindow() throws IOException {
        // drop what the last window consumed (its entries are gone now); grow a buffer a token fills
        // the stream's first HEAD bytes stay while an error may still be found in them, so its message can
        // name a UTF-16 or UTF-32 encoding as a whole-document parse does
        int drop = base == 0 && resume < HEAD ? 0 : resume;
        long keepFrom = ahead != null ? ahead.holdFrom(base + drop) : held;
        if (keepFrom >= 0) {
            drop = (int) Math.max(0, Math.min(drop, keepFrom - base)); // a value being copied keeps its bytes
        }
        int keep = filled - drop;
        boolean full = filled == buf.length;
        if (drop > 0 || full) {
            moveLines(drop);
            byte[] to = buf;
            if ((full && buf.length < window) || keep > buf.length / 2) {
                if (buf.length >= MAX_ARRAY) {
                    throw new OutOfMemoryError("a token longer than the largest Java array");
                }
                to = new byte[(int) Math.min(MAX_ARRAY, Math.max(HEAD * 2L, buf.length * 2L))];
                if (ahead != null) {
                    ahead.adopt(to);
                }
            } else if (ahead != null) {
                // buf may still be the caller's: never written over; a buffer grown for a long token is not kept
                to = ahead.spare((int) Math.min(buf.length, Math.max(window, 2L * keep)), buf);
            }
            System.arraycopy(buf, drop, to, 0, keep);
            buf = to;
            base += drop;
            filled = keep;
            resume -= drop;
            linesAt -= drop;
            cursorAt = -1;
            scanTape.countedTo = -1; // (in the coordinates of the buffer before the move)
        }
        long limit = cfg.maxDocumentLength;
        if (!eof) {
            // one read a window: a socket's bytes are scanned as they arrive, a file's come a buffer at a time
            long left = limit - (base + filled); // never more than one byte past the limit is read
            int room = left >= buf.length ? buf.length - filled : (int) Math.min(buf.length - filled, left + 1);
            if (room > 0) {
                int r = dev.hyson.internal.InputReads.read(in, buf, filled, room);
                if (r < 0) {
                    eof = true;
                } else {
                    filled += r;
                }
            }
        }
        if (base + filled > limit) {
            throw ScanError.create(ScanError.DOCUMENT_LIMIT, buf, linesAt, filled, limit - base, cfg, base + linesAt,
                    lines.line(), lines.column());
        }
        int rc = scanner.scanWindow(buf, resume, filled, eof, base, cfg, scanTape);
        if (rc == Scanner.WINDOW_MORE) {
            int r = scanTape.resumeAt;
            if (eof || r < 0 || r > filled) {
                throw new IllegalStateException("scanner " + scanner.name() + " resumed at " + r + " of " + filled
                        + (eof ? " at the end of input" : ""));
            }
            resume = r;
        }
        return rc;
    }

    /**
     * Keeps the bytes from stream offset {@code at} (array coordinates) in the buffer, uncounted,
     * until {@link #unhold()}, so that {@link #locate} can place any byte of a value being copied
     * ({@code JsonParser.readValue}) however many windows it spans; -1 holds nothing.
     *
     * @param at the offset of the value's first byte, in the current batch
     */
    public void hold(long at) {
        if (ahead != null) {
            ahead.hold(); // the batches from this one on are kept whole
            return;
        }
        held = at;
    }

    /** Ends {@link #hold}. */
    public void unhold() {
        if (ahead != null) {
            ahead.unhold();
            return;
        }
        held = -1;
    }

    /** Moves the line counter to {@code buf[to]} (forward only). */
    private void moveLines(int to) {
        if (to > linesAt) {
            int from = scanTape.countedFrom;
            if (scanTape.countedTo == to && from >= linesAt && from <= to) {
                // the bytes the last window consumed were counted by the native scanner as it scanned them
                lines.advance(buf, linesAt, from).skip(scanTape.countedNewlines, scanTape.countedTail);
            } else {
                lines.advance(buf, linesAt, to);
            }
            linesAt = to;
        }
    }

    /**
     * The line and column of the byte at stream offset {@code at} (array coordinates), which must be
     * one of the current batch's bytes or after them in the buffer. Calls with increasing offsets cost
     * the bytes between them.
     *
     * @param at the byte's offset
     * @return {@code {line, column}}, 1-based, columns in code points; {@code {0, 0}} when the byte is no
     *     longer in the buffer
     */
    public long[] locate(long at) {
        if (ahead != null) {
            return ahead.locate(at);
        }
        long index = at - base;
        if (index < linesAt || index > filled) {
            return new long[] {0, 0};
        }
        int to = (int) index;
        if (cursorAt < 0 || cursorAt < linesAt || cursorAt > to) {
            cursor = new LineCounter(lines.line(), lines.column());
            cursorAt = linesAt;
        }
        cursor.advance(buf, cursorAt, to);
        cursorAt = to;
        return new long[] {cursor.line(), cursor.column()};
    }

    /**
     * The exception for {@code code} at stream offset {@code at} (array coordinates), located as a
     * whole-document parse locates it.
     */
    public JsonParseException error(int code, long at) {
        int head = array ? origin : 0;
        if (at - origin < HEAD && (array || base == 0)) {
            // the document's first bytes are here: located from them, as a whole-document parse does
            return ScanError.create(code, buf, head, filled, at - base, cfg, 0, 1, 1);
        }
        return ScanError.create(code, buf, linesAt, filled, at - base, cfg, base + linesAt - origin, lines.line(),
                lines.column());
    }
}
