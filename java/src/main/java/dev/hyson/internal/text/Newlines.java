package dev.hyson.internal.text;

/** Finding and counting line feeds eight bytes at a time ({@link Swar}), for JSON Lines. Stateless. */
public final class Newlines {
    private static final long LF = Swar.broadcast('\n');
    private static final long CR = Swar.broadcast('\r');
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

    private Newlines() {
    }

    /** @return the index of the first line feed in {@code b[from, to)}, or -1 */
    public static int find(byte[] b, int from, int to) {
        int i = from;
        for (; i <= to - 8; i += 8) {
            long flags = Swar.equal((long) Swar.LONG_LE.get(b, i), LF);
            if (flags != 0) {
                // the lowest flag is exact (Swar's class documentation)
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * @return the index of the first line feed or carriage return in {@code b[from, to)} (a text line's
     *     terminator, as Hadoop's {@code LineRecordReader} splits lines), or -1
     */
    public static int findTerminator(byte[] b, int from, int to) {
        int i = from;
        for (; i <= to - 8; i += 8) {
            long x = (long) Swar.LONG_LE.get(b, i);
            long flags = Swar.equal(x, LF) | Swar.equal(x, CR);
            if (flags != 0) {
                // each side's lowest flag is exact, so the lowest of the two is
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                return i;
            }
        }
        return -1;
    }

    /** @return the index of the last line feed in {@code b[from, to)}, or -1 */
    public static int findLast(byte[] b, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** @return the number of line feeds in {@code b[from, to)} */
    public static long count(byte[] b, int from, int to) {
        long n = 0;
        int i = from;
        for (; i <= to - 8; i += 8) {
            long x = (long) Swar.LONG_LE.get(b, i) ^ LF;
            // exact zero-byte test (no borrow between bytes): the high bit of a byte is set in
            // ((x & 0x7F) + 0x7F) | x exactly when the byte is nonzero
            long nonzero = ((x & LOW7) + LOW7) | x;
            n += Long.bitCount(~nonzero & Swar.HIGHS);
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }
}
