package dev.hyson.internal.scan;

import dev.hyson.internal.text.Utf8;

import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.Newlines;
import java.util.Arrays;

/**
 * What one {@link Scanner#scanLines} call found in a window of JSON Lines: a record per non-blank line
 * (its bounds, the line terminators before it in the window, where its value starts in the shared tape, or
 * its error), how far the window was consumed and how many line feeds that was. The records mirror
 * {@code HYSON_LINE_*} in {@code native/include/hyson/hyson.h}. Reused from window to window; not
 * thread-safe.
 */
public final class LineBatch {
    /** Record fields, {@link #FIELDS} longs per line. */
    public static final int START = 0;
    public static final int END = 1;
    public static final int NEWLINES = 2;
    public static final int ENTRY = 3;
    public static final int ERROR_CODE = 4;
    public static final int ERROR_OFFSET = 5;
    public static final int FIELDS = 6;

    /** {@code count * FIELDS} values: for line {@code i}, {@code records[i * FIELDS + START]} and so on. */
    public long[] records = new long[64 * FIELDS];
    /** The records written. */
    public int count;
    /** The index after the last line consumed (its line feed included). */
    public int consumed;
    /** The line terminators in the consumed bytes (line feeds; for {@link #textLines}, LF, CR and CR LF). */
    public long newlines;
    /**
     * Set by the caller: the window holds text lines as Hadoop's {@code LineRecordReader} splits them
     * (what Spark's JSON source reads) rather than JSON Lines: a line ends at LF, CR or CR LF, and every
     * line gets a record, an empty or blank one included (it fails as an empty document). A CR that ends
     * the window when more input follows leaves its line unfinished.
     */
    public boolean textLines;
    /** The Java scanner's tape for one line, appended to the shared tape. */
    final Tape scratch = new Tape();

    /** Empties the batch for a window starting at {@code start}. */
    void clear(int start) {
        count = 0;
        consumed = start;
        newlines = 0;
    }

    /** Makes room for {@code n} records. */
    void ensure(int n) {
        if ((long) n * FIELDS > records.length) {
            long want = Math.max((long) records.length * 2, (long) n * FIELDS);
            if (want > Integer.MAX_VALUE - 16) {
                throw new OutOfMemoryError("too many JSON lines in one window");
            }
            records = Arrays.copyOf(records, (int) want);
        }
    }

    /**
     * The Java form of the multi-document call, for scanners that have no faster one: the lines are
     * found as the native call finds them, each is scanned alone into {@link #scratch} by
     * {@code scanner} and appended to {@code tape}.
     */
    static void scanLines(Scanner scanner, byte[] src, int start, int end, boolean last, ReadConfig cfg, Tape tape,
            LineBatch batch) {
        tape.reset(0);
        batch.clear(start);
        int pos = start;
        long newlines = 0;
        boolean text = batch.textLines;
        while (pos < end) {
            int lf = text ? Newlines.findTerminator(src, pos, end) : Newlines.find(src, pos, end);
            if (lf < 0 && !last) {
                break;
            }
            int s = pos;
            int e = lf >= 0 ? lf : end;
            int next = lf >= 0 ? lf + 1 : end;
            if (text) {
                if (lf >= 0 && src[lf] == '\r') {
                    if (lf + 1 == end && !last) {
                        break; // a CR at the window's end: an LF may follow in the next call
                    }
                    if (lf + 1 < end && src[lf + 1] == '\n') {
                        next++;
                    }
                }
            } else if (e > s && src[e - 1] == '\r') {
                e--;
            }
            if (text || !blank(src, cfg.allowByteOrderMark ? Utf8.afterByteOrderMark(src, s, e) : s, e)) {
                batch.ensure(batch.count + 1);
                int r = batch.count * FIELDS;
                long[] rec = batch.records;
                rec[r + START] = s;
                rec[r + END] = e;
                rec[r + NEWLINES] = newlines;
                rec[r + ENTRY] = tape.size;
                rec[r + ERROR_CODE] = 0;
                rec[r + ERROR_OFFSET] = 0;
                if (e - s > cfg.maxDocumentLength) {
                    rec[r + ERROR_CODE] = ScanError.DOCUMENT_LIMIT;
                    rec[r + ERROR_OFFSET] = s + cfg.maxDocumentLength;
                } else {
                    Tape one = batch.scratch;
                    one.reset(e - s);
                    if (scanner.scan(src, s, e, cfg, one)) {
                        append(tape, one);
                    } else {
                        rec[r + ERROR_CODE] = one.errorCode;
                        rec[r + ERROR_OFFSET] = one.errorOffset;
                    }
                }
                batch.count++;
            }
            if (lf >= 0) {
                newlines++;
            }
            pos = next;
            batch.consumed = pos;
            batch.newlines = newlines;
        }
        batch.scratch.trim();
    }

    /** Appends one line's tape: its entries, then its decoded strings, whose starts move by the side buffers' sizes so far. */
    private static void append(Tape tape, Tape one) {
        int at = tape.size;
        long[] t = tape.ensure(one.size);
        System.arraycopy(one.entries, 0, t, at, one.size);
        tape.size = at + one.size;
        if (one.latin1Size == 0 && one.utf16Size == 0) {
            return;
        }
        long latin1Shift = (long) tape.latin1Size << 32;
        long utf16Shift = (long) tape.utf16Size << 32;
        for (int i = at; i < tape.size;) {
            int tag = Tape.tag(t[i]);
            if (tag == Tape.STR_LATIN1) {
                t[i + 1] += latin1Shift;
            } else if (tag == Tape.STR_UTF16) {
                t[i + 1] += utf16Shift;
            }
            i += tag >= Tape.TRUE && tag <= Tape.NULL ? 1 : 2;
        }
        System.arraycopy(one.latin1, 0, tape.ensureLatin1(one.latin1Size), tape.latin1Size, one.latin1Size);
        tape.latin1Size += one.latin1Size;
        System.arraycopy(one.utf16, 0, tape.ensureUtf16(one.utf16Size), tape.utf16Size, one.utf16Size);
        tape.utf16Size += one.utf16Size;
    }

    /** @return whether {@code b[s, e)} is only spaces, tabs and carriage returns */
    public static boolean blank(byte[] b, int s, int e) {
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
    }
}
