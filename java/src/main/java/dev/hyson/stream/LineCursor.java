package dev.hyson.stream;

import dev.hyson.JsonParseException;
import dev.hyson.internal.lines.LineAccess.LineParser;
import dev.hyson.internal.scan.LineBatch;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.ScanError;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.Newlines;
import java.io.IOException;
import java.io.InputStream;

/**
 * The lines of a JSON Lines input, one at a time, straight out of one buffer: an array (or a slice
 * of one) read in place, or a stream read in blocks of 1 MiB into a buffer that only the
 * unfinished last line is moved to the front of, and that grows only to hold the longest line. A
 * line is the bytes up to a line feed, without it and without a carriage return just before it;
 * whitespace-only lines are skipped. Not thread-safe.
 *
 * <p>All the complete lines in the buffer are scanned in one call ({@link Scanner#scanLines}: one JNI
 * call per window on the native backend, whatever the number of lines), which also finds the line
 * feeds; each line then comes out of that call's records with its value's first entry in
 * {@link #tape()}, or its error. Java looks for a line feed itself only to know whether the buffer
 * holds a complete line at all.
 *
 * <p>A line that fills a whole block (1 MiB) before its line feed is scanned as far as it goes before
 * the buffer grows for it: when those bytes hold an error already (garbage, binary data, the zeros of
 * {@code /dev/zero}), the error is reported at once, at its byte, and the rest of the line is skipped
 * unbuffered, so such a line costs no memory beyond the block. A valid line is buffered whole, up to
 * {@code maxDocumentLength}.
 */
final class LineCursor {
    static final int BLOCK = 1 << 20;
    /**
     * The bytes of lines scanned per call, about (a call ends at the first line feed past this): small
     * enough that the window's tape is still in the core's cache when the values are built from it
     * (NdjsonBench: 16 KiB read trees and validated faster than 64 and 512 KiB), large enough that
     * the JNI call's fixed cost (about 100 ns) is lost in the scan.
     */
    static final int WINDOW = 1 << 14;
    /**
     * {@link #WINDOW} for a scan thread ({@link AheadLines}): its windows' tapes go to another core, so
     * the window's size no longer keeps them in cache, and a larger window means fewer hand-overs.
     */
    static final int AHEAD_WINDOW = 1 << 16;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private final InputStream in;
    private final ReadConfig config;
    private final LineParser parser;
    /** The last window's lines, and the tape their values are on (their arrays go over to and come from {@link #ahead}'s units). */
    final LineBatch batch = new LineBatch();
    final Tape tape = new Tape();
    /**
     * On the caller's side of a read scanned ahead: where the windows come from (this cursor reads and
     * scans nothing itself); null otherwise.
     */
    private AheadLines ahead;
    /**
     * On the scan thread's side of a read scanned ahead: the one its windows go to. The cursor then never
     * writes over bytes it has read (a window given out may still be in use): it reads on into another
     * buffer ({@link AheadLines#spare}).
     */
    private AheadLines feeder;
    /** The bytes of lines scanned per call (see {@link #WINDOW}). */
    private int window = WINDOW;
    /** The scanner of the last window, whose buffers {@link #release} frees. */
    private Scanner used;
    /** The records of {@link #batch} handed out so far. */
    private int taken;
    /** The line number of the last window's first byte. */
    private long batchLine;
    private final long maxLength;
    private byte[] buf;
    private int pos;
    private int limit;
    /** Where the search for the next line feed resumes: {@code buf[pos, searched)} has none. */
    private int searched;
    /** The input offset of {@code buf[0]}. */
    private long bufOffset;
    private long nextLine;
    private boolean eof;
    /** Set by {@link #close()}: the stream was closed. */
    private boolean closed;
    /** After a line longer than the limit: the rest of it is dropped up to the next line feed. */
    private boolean skipping;
    /**
     * While {@link #skipping} a line past the limit that is all blanks so far: its error, reported only if a
     * byte other than a blank comes before its line feed (a line of blanks is skipped, whatever its length,
     * as when the whole line is in memory); null otherwise.
     */
    private JsonParseException blankSoFar;
    private long blankSoFarOffset;
    private long blankSoFarLine;
    /** The unfinished line at {@code pos} was checked for an early error (when it filled a block). */
    private boolean checked;

    /** The current line: {@code buffer()[start, end)}. */
    int start;
    int end;
    /** The input offset of the current line's first byte. */
    long offset;
    /** The current line's 1-based number. */
    long line;
    /** The first entry of the current line's value in {@link #tape()}, when the line is valid (error null). */
    int entry;
    /** Set instead of {@link #entry} when the current line is invalid or longer than {@code maxDocumentLength}. */
    JsonParseException error;

    /** A cursor over {@code b[from, to)}, whose first byte is at {@code baseOffset} on line {@code firstLine}. */
    LineCursor(byte[] b, int from, int to, long baseOffset, long firstLine, ReadConfig config, LineParser parser) {
        this.in = null;
        this.config = config;
        this.parser = parser;
        this.maxLength = Math.min(config.maxDocumentLength, MAX_ARRAY - 2);
        this.buf = b;
        this.pos = from;
        this.searched = from;
        this.limit = to;
        this.bufOffset = baseOffset - from;
        this.nextLine = firstLine;
        this.eof = true;
    }

    /** A cursor over a stream, read to its end. */
    LineCursor(InputStream in, ReadConfig config, LineParser parser) {
        this.in = in;
        this.config = config;
        this.parser = parser;
        this.maxLength = Math.min(config.maxDocumentLength, MAX_ARRAY - 2);
        this.buf = new byte[(int) Math.min(BLOCK, maxLength + 2)];
        this.nextLine = 1;
    }

    /** The caller's cursor of a read scanned ahead: it takes its windows from {@code ahead}. */
    private LineCursor(LineCursor producer, AheadLines ahead) {
        this.in = null;
        this.config = producer.config;
        this.parser = producer.parser;
        this.maxLength = producer.maxLength;
        this.buf = new byte[0];
        this.eof = true;
        this.ahead = ahead;
    }

    /**
     * A cursor over a stream, read to its end: its windows read and scanned one ahead on a thread of
     * their own when {@code readAhead} is set, {@link AheadLines#pays} says so and the lines are more
     * than validated (the caller's thread then only takes the lines), else on the caller's thread.
     */
    static LineCursor open(InputStream in, ReadConfig config, LineParser parser, boolean readAhead) {
        LineCursor cursor = new LineCursor(in, config, parser);
        if (!readAhead || parser.scanOnly() || !AheadLines.pays(in)) {
            return cursor;
        }
        return ahead(cursor);
    }

    /**
     * A cursor over a stream, read to its end, whose windows are always read and scanned ahead on a thread
     * of their own (for {@link StagedLines}, whose thread builds the values).
     */
    static LineCursor openAhead(InputStream in, ReadConfig config, LineParser parser) {
        return ahead(new LineCursor(in, config, parser));
    }

    private static LineCursor ahead(LineCursor cursor) {
        AheadLines ahead = new AheadLines(cursor);
        cursor.feeder = ahead;
        cursor.window = AHEAD_WINDOW;
        LineCursor caller = new LineCursor(cursor, ahead);
        AheadLines.CLEANER.register(caller, ahead::stop); // a stream of lines never closed
        return caller;
    }

    /**
     * On the scan thread, after {@link #advance}: gives what it found to {@code u}: a window's tape and
     * records (their arrays; {@code u}'s, which came back from the caller, become this cursor's), or a line
     * that is an error of its own.
     */
    void handOver(AheadLines.Unit u, int step) {
        u.buf = buf;
        u.bufOffset = bufOffset;
        u.single = step == SINGLE;
        if (u.single) {
            u.error = error;
            u.line = line;
            u.offset = offset;
            u.start = start;
            error = null;
            return;
        }
        u.batchLine = batchLine;
        long[] entries = tape.entries;
        byte[] latin1 = tape.latin1;
        char[] utf16 = tape.utf16;
        long[] records = batch.records;
        tape.entries = u.entries != null && AheadLines.keep(u.entries.length, 8) ? u.entries : new long[1024];
        tape.latin1 = u.latin1 != null && AheadLines.keep(u.latin1.length, 1) ? u.latin1 : new byte[256];
        tape.utf16 = u.utf16 != null && AheadLines.keep(u.utf16.length, 2) ? u.utf16 : new char[64];
        batch.records = u.records != null && AheadLines.keep(u.records.length, 8) ? u.records : new long[64 * LineBatch.FIELDS];
        u.entries = entries;
        u.latin1 = latin1;
        u.utf16 = utf16;
        u.records = records;
        u.size = tape.size;
        u.latin1Size = tape.latin1Size;
        u.utf16Size = tape.utf16Size;
        u.count = batch.count;
        tape.clearEntries();
        batch.count = 0;
    }

    /**
     * On the caller's thread: makes {@code u} the current window (its bytes and arrays, which go back to the
     * scan thread with {@code u} at {@link #giveBack}), or its line the current one.
     */
    void takeOver(AheadLines.Unit u) {
        buf = u.buf;
        bufOffset = u.bufOffset;
        taken = 0;
        if (u.single) {
            batch.count = 0;
            error = u.error;
            line = u.line;
            offset = u.offset;
            start = u.start;
            end = u.start;
            return;
        }
        tape.entries = u.entries;
        tape.latin1 = u.latin1;
        tape.utf16 = u.utf16;
        batch.records = u.records;
        tape.size = u.size;
        tape.latin1Size = u.latin1Size;
        tape.utf16Size = u.utf16Size;
        batch.count = u.count;
        batchLine = u.batchLine;
    }

    private static final long[] NO_LONGS = new long[0];
    private static final byte[] NO_BYTES = new byte[0];
    private static final char[] NO_CHARS = new char[0];

    /**
     * On the caller's thread, done with the window {@code u} gave: lets go of its bytes and arrays (they go
     * back to the scan thread with {@code u}), so a long line's are not kept while the caller waits.
     */
    void giveBack(AheadLines.Unit u) {
        buf = NO_BYTES;
        batch.count = 0;
        taken = 0;
        if (!u.single) {
            tape.entries = NO_LONGS;
            tape.latin1 = NO_BYTES;
            tape.utf16 = NO_CHARS;
            batch.records = NO_LONGS;
            tape.size = 0;
            tape.latin1Size = 0;
            tape.utf16Size = 0;
        }
    }

    byte[] buffer() {
        return buf;
    }

    /**
     * @return whether {@link #next} would wait for the scan thread: the window's lines are all taken and
     *     no other window waits (false without a scan thread)
     */
    boolean wouldWait() {
        return taken >= batch.count && ahead != null && ahead.nothingQueued();
    }

    /** @return the tape of the window the current line was scanned in */
    Tape tape() {
        return tape;
    }

    /**
     * Moves to the next line that is not blank.
     *
     * @return false at the end of the input
     * @throws IOException when the stream fails
     */
    boolean next() throws IOException {
        if (closed) {
            throw new IllegalStateException("the stream of lines is closed");
        }
        error = null;
        entry = -1;
        for (;;) {
            if (taken < batch.count) {
                take();
                return true;
            }
            int step = ahead != null ? ahead.next(this) : advance();
            if (step == END) {
                return false;
            }
            if (step == SINGLE) {
                return true;
            }
        }
    }

    /** What {@link #advance} did: scanned a window (its records are in {@link #batch}). */
    static final int WINDOW_SCANNED = 0;
    /** What {@link #advance} did: found a line that is an error of its own ({@link #error} and the line's fields are set). */
    static final int SINGLE = 1;
    /** What {@link #advance} did: nothing, the input has ended. */
    static final int END = 2;

    /**
     * Reads and scans on to the next window of complete lines, or to a line that is an error without a
     * scan (longer than the limit, or an early error in a line that fills a block).
     *
     * @return {@link #WINDOW_SCANNED}, {@link #SINGLE} or {@link #END}
     * @throws IOException when the stream fails
     */
    int advance() throws IOException {
        for (;;) {
            if (skipping && blankSoFar != null && skipBlanks()) {
                // a line of blanks past the limit goes on with a value: the limit's error, at its place
                single(blankSoFar, blankSoFarOffset, blankSoFarLine);
                blankSoFar = null;
                return SINGLE;
            }
            if (skipping && !skipRest()) {
                return END;
            }
            if (pos == limit && eof) {
                return END;
            }
            if (pos < limit && (eof || Newlines.find(buf, searched, limit) >= 0)) {
                scanWindow(); // a complete line is there (or the input's last): the call consumes it
                return WINDOW_SCANNED;
            }
            // no line feed in buf[pos, limit), and more input to come
            searched = limit;
            if (limit - pos > maxLength + 1) {
                // even without a CR before its line feed, the line is longer than the limit: its error is
                // the first one in its first maxLength bytes, else the limit's (as for a whole line, take)
                JsonParseException early = earlyError(pos, (int) (pos + maxLength), nextLine);
                boolean blank = early == null && Chunks.blank(buf, pos, limit);
                if (early == null) {
                    early = ScanError.create(ScanError.DOCUMENT_LIMIT, buf, pos, limit, pos + maxLength, config, bufOffset + pos, nextLine, 1);
                }
                single(early, bufOffset + pos, nextLine++);
                skipping = true;
                pos = limit;
                searched = limit;
                if (blank) {
                    // blanks only so far: whether it is an error depends on what comes before its line feed
                    blankSoFar = error;
                    blankSoFarOffset = offset;
                    blankSoFarLine = line;
                    error = null;
                    continue;
                }
                return SINGLE;
            }
            if (!checked && limit - pos >= BLOCK) {
                checked = true;
                JsonParseException early = earlyError(pos, (int) Math.min(limit, pos + maxLength), nextLine);
                if (early != null) {
                    single(early, bufOffset + pos, nextLine++);
                    skipping = true;
                    pos = limit;
                    searched = limit;
                    return SINGLE;
                }
            }
            fill();
        }
    }

    /**
     * Scans the complete lines of {@code buf[pos, limit)} (and the last one at the end of the input) in
     * one call, a window of about {@link #WINDOW} bytes at a time: up to the first line feed past that,
     * so the tape stays the size of a window whatever the buffer's.
     */
    private void scanWindow() {
        int windowEnd = limit;
        if (limit - pos > window) {
            int lf = Newlines.find(buf, pos + window, limit);
            windowEnd = lf >= 0 ? lf + 1 : limit;
        }
        Scanner scanner = parser.scanner(windowEnd - pos);
        if (used != null && used != scanner) {
            used.release(tape);
        }
        used = scanner;
        scanner.scanLines(buf, pos, windowEnd, eof && windowEnd == limit, config, tape, batch);
        taken = 0;
        batchLine = nextLine;
        nextLine += batch.newlines;
        if (batch.consumed == pos) {
            throw new IllegalStateException("JSON Lines window consumed nothing (a bug in hyson)");
        }
        pos = batch.consumed;
        searched = pos;
        checked = false;
    }

    /** The stream's close: releases the buffers, and every later {@link #next()} throws. */
    void close() {
        closed = true;
        release();
    }

    /**
     * Frees the buffers the scans keep from window to window (the cursor stays usable): when the read is
     * done. With a scan thread, ends it and waits for it (the stream is no longer read once this returns).
     */
    void release() {
        if (ahead != null) {
            ahead.stopAndWait();
        }
        if (used != null) {
            used.release(tape);
        }
        tape.trim();
    }

    /** Makes the next record of the last window the current line. */
    private void take() {
        long[] r = batch.records;
        int at = taken++ * LineBatch.FIELDS;
        int s = (int) r[at + LineBatch.START];
        int e = (int) r[at + LineBatch.END];
        start = s;
        end = e;
        offset = bufOffset + s;
        line = batchLine + r[at + LineBatch.NEWLINES];
        int code = (int) r[at + LineBatch.ERROR_CODE];
        if (code != 0) {
            // a line past the limit: the first error in its first maxLength bytes wins, as on a stream,
            // where the limit is found before the line's end
            JsonParseException early = code == ScanError.DOCUMENT_LIMIT
                    ? earlyError(s, (int) Math.min(e, s + maxLength), line) : null;
            error = early != null ? early
                    : ScanError.create(code, buf, s, e, r[at + LineBatch.ERROR_OFFSET], config, offset, line, 1);
        } else {
            entry = (int) r[at + LineBatch.ENTRY];
        }
    }

    /** Makes a line that is an error without a scan the current line: its bytes are not given ({@code start == end}). */
    private void single(JsonParseException e, long lineOffset, long lineNumber) {
        offset = lineOffset;
        line = lineNumber;
        start = pos;
        end = pos;
        error = e;
    }

    /**
     * The error in the unfinished line {@code buf[s, e)} (line {@code lineNumber}), if its bytes show one
     * already (the Java scanner over them as the first window of the line: the same first error the whole
     * line gives), else null.
     */
    private JsonParseException earlyError(int s, int e, long lineNumber) {
        dev.hyson.internal.tape.Tape scratch = new dev.hyson.internal.tape.Tape();
        scratch.reset(0);
        int rc = dev.hyson.internal.scan.JavaScanner.INSTANCE.scanWindow(buf, s, e, false, bufOffset, config, scratch);
        if (rc != dev.hyson.internal.scan.Scanner.WINDOW_ERROR) {
            return null;
        }
        return ScanError.create(scratch.errorCode, buf, s, e, scratch.errorOffset - bufOffset, config, bufOffset + s,
                lineNumber, 1);
    }

    /**
     * Drops the blanks of a line past the limit that has been all blanks so far ({@link #blankSoFar}), up to
     * and with its line feed, or up to its first other byte, where it stops (the rest of the line is then
     * dropped by {@link #skipRest}).
     *
     * @return true at a byte other than a blank (the line is an error); false when the line ended blank or
     *     the input ended (the line is skipped as blank)
     */
    private boolean skipBlanks() throws IOException {
        for (;;) {
            for (int i = pos; i < limit; i++) {
                byte c = buf[i];
                if (c == '\n') {
                    dropped(i + 1);
                    return false;
                }
                if (c != ' ' && c != '\t' && c != '\r') {
                    pos = i;
                    searched = i;
                    return true;
                }
            }
            if (eof) {
                dropped(limit);
                return false;
            }
            nextBlock();
        }
    }

    /** Drops bytes up to and with the next line feed; false when the input ends first. */
    private boolean skipRest() throws IOException {
        for (;;) {
            int lf = Newlines.find(buf, pos, limit);
            if (lf >= 0) {
                dropped(lf + 1);
                return true;
            }
            if (eof) {
                dropped(limit);
                return false;
            }
            nextBlock();
        }
    }

    /** The line being dropped ends before {@code next}: reading goes on from there. */
    private void dropped(int next) {
        pos = next;
        searched = next;
        skipping = false;
        checked = false;
        blankSoFar = null;
    }

    /** While dropping a line: the buffer's bytes are all dropped, so the next block is read from its start. */
    private void nextBlock() throws IOException {
        bufOffset += limit;
        pos = 0;
        limit = 0;
        searched = 0;
        if (feeder != null) {
            buf = feeder.spare(BLOCK, buf); // the windows given out may still read the old one
        }
        read();
    }

    /** Moves the unfinished line to the front, grows the buffer when it is all line, and reads. */
    private void fill() throws IOException {
        if (feeder != null) {
            fillAside();
            return;
        }
        if (pos > 0) {
            int keep = limit - pos;
            System.arraycopy(buf, pos, buf, 0, keep);
            bufOffset += pos;
            searched -= pos;
            limit = keep;
            pos = 0;
        }
        if (limit == buf.length) {
            long want = Math.min(Math.max(buf.length * 2L, BLOCK), maxLength + 2);
            buf = java.util.Arrays.copyOf(buf, (int) want);
        }
        read();
    }

    /**
     * {@link #fill} on a scan thread: reads on after {@code limit} while the buffer has room, else moves the
     * unfinished line to the front of another buffer (grown when the line is the whole buffer), so no byte
     * a window given out may still read is written over.
     */
    private void fillAside() throws IOException {
        if (limit == buf.length) {
            int keep = limit - pos;
            long want = keep == buf.length ? Math.min(Math.max(buf.length * 2L, BLOCK), maxLength + 2)
                    : Math.min(keep + (long) BLOCK, maxLength + 2);
            byte[] next = feeder.spare((int) want, buf);
            System.arraycopy(buf, pos, next, 0, keep);
            feeder.discard(buf); // unless a window given out reads it
            buf = next;
            bufOffset += pos;
            searched -= pos;
            limit = keep;
            pos = 0;
        }
        read();
    }

    private void read() throws IOException {
        int r = dev.hyson.internal.InputReads.read(in, buf, limit, buf.length - limit);
        if (r < 0) {
            eof = true;
        } else {
            limit += r;
        }
    }
}
