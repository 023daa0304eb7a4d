package dev.hyson.internal.stream;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The member names of the last object at one depth of a pull parse, by member position: each name of
 * up to 16 bytes is kept with its bytes as two little-endian words (zero past its end) and its length,
 * so the same name at the same position in the next object of that shape (an array of records) is
 * found by one comparison, without decoding, a hash or a table probe. Not thread-safe (one parser's).
 */
final class PredictedNames {
    /** The member positions kept (later members are decoded each time). */
    static final int MEMBERS = 64;
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] w0 = new long[MEMBERS];
    private final long[] w1 = new long[MEMBERS];
    /** -1: no name yet (no name has length -1). */
    private final int[] len = new int[MEMBERS];
    private final String[] value = new String[MEMBERS];
    /** The words and length of the name {@link #find} last looked for, for {@link #keep}. */
    private long lastW0;
    private long lastW1;
    private int lastLen;

    PredictedNames() {
        Arrays.fill(len, -1);
    }

    /**
     * @param n the name's length in bytes
     * @param m its member position
     * @param off where its bytes start
     * @param b the bytes
     * @return whether the name can be kept here: at most 16 bytes, a kept position, 16 bytes readable
     */
    static boolean fits(int n, int m, int off, byte[] b) {
        return n <= 16 && m < MEMBERS && off + 16 <= b.length;
    }

    /**
     * @param m the member position ({@link #fits} said yes)
     * @param b the bytes
     * @param off where the name's bytes start
     * @param n its length in bytes
     * @return the name kept at {@code m} when it has these bytes, else null (then {@link #keep} it)
     */
    String find(int m, byte[] b, int off, int n) {
        long a = (long) LONG_LE.get(b, off);
        long c = (long) LONG_LE.get(b, off + 8);
        if (n < 8) {
            a &= (1L << (n << 3)) - 1;
            c = 0;
        } else if (n < 16) {
            c &= (1L << ((n - 8) << 3)) - 1;
        }
        if (len[m] == n && w0[m] == a && w1[m] == c) {
            return value[m];
        }
        lastW0 = a;
        lastW1 = c;
        lastLen = n;
        return null;
    }

    /**
     * Keeps the name {@link #find} just missed at position {@code m}.
     *
     * @param m the member position
     * @param name the decoded name
     */
    void keep(int m, String name) {
        len[m] = lastLen;
        w0[m] = lastW0;
        w1[m] = lastW1;
        value[m] = name;
    }
}
