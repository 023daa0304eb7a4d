package dev.hyson.internal.bind;

import dev.hyson.internal.tape.Tape;

/** Where values end on a complete tape: for skipping a value, once or in constant time after one pass. */
public final class TapeExtents {
    private TapeExtents() {
    }

    /**
     * @param t a tape's entries
     * @param size how many there are
     * @return per container entry, the entry after the container (one pass over the tape)
     */
    static int[] ends(long[] t, int size) {
        int[] ends = new int[size];
        int[] stack = new int[64];
        long[] left = new long[64];
        int depth = 0;
        int j = 0;
        while (j < size) {
            long e = t[j];
            int tag = Tape.tag(e);
            int start = j;
            if (tag == Tape.OBJECT || tag == Tape.ARRAY) {
                long n = tag == Tape.OBJECT ? 2 * t[j + 1] : t[j + 1];
                j += 2;
                if (n > 0) {
                    if (++depth == stack.length) {
                        stack = java.util.Arrays.copyOf(stack, depth * 2);
                        left = java.util.Arrays.copyOf(left, depth * 2);
                    }
                    stack[depth] = start;
                    left[depth] = n;
                    continue;
                }
                ends[start] = j;
            } else {
                j += tag >= Tape.TRUE && tag <= Tape.NULL ? 1 : 2;
            }
            while (depth > 0 && --left[depth] == 0) {
                ends[stack[depth]] = j;
                depth--;
            }
        }
        return ends;
    }

    /**
     * @param t a tape's entries
     * @param at the first entry of a value
     * @return the entry after that value (after all of a container's contents)
     */
    public static int next(long[] t, int at) {
        long need = 1;
        int j = at;
        while (need > 0) {
            long e = t[j];
            int tag = Tape.tag(e);
            need--;
            if (tag == Tape.OBJECT) {
                need += 2 * t[j + 1];
                j += 2;
            } else if (tag == Tape.ARRAY) {
                need += t[j + 1];
                j += 2;
            } else if (tag >= Tape.TRUE && tag <= Tape.NULL) {
                j++;
            } else {
                j += 2;
            }
        }
        return j;
    }
}
