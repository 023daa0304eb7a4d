package dev.hyson.internal.text;

import java.lang.invoke.VarHandle;

/**
 * The line and column of a position in UTF-8 input, as every error reports them (both 1-based):
 * a line ends at each LF ({@code '\n'}, so a CRLF pair ends one line and a lone CR none), and a
 * column counts code points, that is bytes that are not UTF-8 continuation bytes ({@code 10xxxxxx}).
 * Moved forward over consecutive ranges of the input, it counts a stream window by window as it
 * counts an array at once. Not thread-safe.
 */
public final class LineCounter {
    private static final VarHandle LONG_LE = Swar.LONG_LE;
    private static final long LOWS7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long NEWLINES = Swar.broadcast('\n');

    private long line;
    private long column;

    /**
     * A counter at the given position.
     *
     * @param line the 1-based line of the first byte it will be moved over
     * @param column the 1-based column, in code points, of that byte
     */
    public LineCounter(long line, long column) {
        this.line = line;
        this.column = column;
    }

    /** @return the 1-based line of the position the counter is at */
    public long line() {
        return line;
    }

    /** @return the 1-based column, in code points, of the position the counter is at */
    public long column() {
        return column;
    }

    /**
     * Moves the counter over bytes counted elsewhere (the native scanner counts a window's as it scans
     * them), as {@link #advance} would move it over them.
     *
     * @param newlines the line feeds among the bytes
     * @param tail the code points after the last line feed, or of all the bytes when there is none
     * @return this counter
     */
    public LineCounter skip(long newlines, long tail) {
        if (newlines > 0) {
            line += newlines;
            column = 1 + tail;
        } else {
            column += tail;
        }
        return this;
    }

    /**
     * Moves the counter over {@code b[from, to)}, eight bytes a step (SWAR: the LF bytes and the
     * bytes that are not continuation bytes of each little-endian {@code long} are flagged in its
     * high bits, exactly, since no carry crosses a byte).
     *
     * @param b the input
     * @param from the first byte to count
     * @param to the end of the bytes to count
     * @return this counter
     */
    public LineCounter advance(byte[] b, int from, int to) {
        long line = this.line;
        long column = this.column;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long v = (long) LONG_LE.get(b, i);
            long x = v ^ NEWLINES;
            long newline = ~(((x & LOWS7) + LOWS7) | x) & Swar.HIGHS;
            long lead = ~(v & ~(v << 1)) & Swar.HIGHS; // not 10xxxxxx
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
        this.line = line;
        this.column = column;
        return this;
    }
}
