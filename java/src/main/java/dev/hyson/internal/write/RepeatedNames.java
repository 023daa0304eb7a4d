package dev.hyson.internal.write;

import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.Swar;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;

/**
 * One place of the document's shape: the member names met in objects there, for the
 * repeated-name check, in an open-addressing table whose entries carry the number of the object
 * that last had the name, so a name is checked by one hash probe and nothing is cleared between
 * objects. A name's first 16 bytes are kept as two little-endian words (zero past its end), the
 * rest of a name of up to {@value #LONGEST} bytes in {@link #tails}. Escaped or longer names, and
 * an object with more than {@value #MOST} names at its place, go to {@link #set} for the rest of
 * their object. {@link #children}: the nodes of the containers inside (by member position; for an
 * array, at {@link #MEMBERS}, its elements').
 */
public final class RepeatedNames {
    static final int MEMBERS = 64;
    /** The most nodes one copy makes, so a document of ever new shapes does not use memory without bound. */
    static final int NODES = 4096;
    static final int LONGEST = 64;
    static final int MOST = 512;
    /** The number of the object being checked at this place (the table's entries of it have this stamp). */
    long object;
    /** The member position of the current object's last name (for {@link #children}). */
    int m;
    long[] w0 = new long[16];
    long[] w1 = new long[16];
    /** Per slot: the name's length, -1 for an empty slot. */
    int[] len = newLengths(16);
    int[] tailAt = new int[16];
    long[] stamp = new long[16];
    int size;
    byte[] tails = new byte[0];
    int tailsEnd;
    HashSet<String> set;
    RepeatedNames[] children;
    RepeatedNames spare;

    private static int[] newLengths(int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, -1);
        return a;
    }

    /** Makes the table (for one place of a shape, or one depth). */
    public RepeatedNames() {
    }

    /**
     * Starts the next object at this place: no name of it is in the table yet.
     *
     * @param id a number no earlier object checked with this table had
     */
    public void begin(long id) {
        object = id;
        m = 0;
        set = null;
        if (size >= MOST) {
            java.util.Arrays.fill(len, -1); // no name of the current object is in it yet
            size = 0;
            tailsEnd = 0;
        }
    }

    /**
     * Adds the current object's next member name.
     *
     * @param e the name's tape entry
     * @param e1 the entry after it
     * @param text where a span name's bytes are (a STR_ASCII or STR_UTF8 entry's)
     * @param off where they start in {@code text}
     * @param latin1 the tape's Latin-1 decodings (a STR_LATIN1 entry's chars)
     * @param utf16 the tape's UTF-16 decodings (a STR_UTF16 entry's chars)
     * @return false when the object already had the name
     */
    public boolean add(long e, long e1, byte[] text, int off, byte[] latin1, char[] utf16) {
        int tag = Tape.tag(e);
        int n = (int) e1;
        if (set == null && (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) && n <= LONGEST) {
            byte[] b = text;
            long a;
            long c;
            if (off + 16 <= b.length) {
                a = (long) Swar.LONG_LE.get(b, off);
                c = (long) Swar.LONG_LE.get(b, off + 8);
                if (n < 8) {
                    a &= (1L << (n << 3)) - 1;
                    c = 0;
                } else if (n < 16) {
                    c &= (1L << ((n - 8) << 3)) - 1;
                }
            } else { // near the array's end: a byte at a time
                a = 0;
                c = 0;
                for (int i = 0, m = Math.min(n, 16); i < m; i++) {
                    long v = b[off + i] & 0xFFL;
                    if (i < 8) {
                        a |= v << (i << 3);
                    } else {
                        c |= v << ((i - 8) << 3);
                    }
                }
            }
            long h = (a * 0x9E3779B97F4A7C15L) ^ (c * 0xC2B2AE3D27D4EB4FL) ^ n;
            int mask = len.length - 1;
            int slot = (int) (h ^ (h >>> 29) ^ (h >>> 41)) & mask;
            for (;; slot = (slot + 1) & mask) {
                int l = len[slot];
                if (l < 0) {
                    break;
                }
                if (l == n && w0[slot] == a && w1[slot] == c && (n <= 16
                        || java.util.Arrays.equals(b, off + 16, off + n, tails, tailAt[slot], tailAt[slot] + n - 16))) {
                    if (stamp[slot] == object) {
                        return false;
                    }
                    stamp[slot] = object;
                    m++;
                    return true;
                }
            }
            if (size < MOST) {
                if ((size + 1) * 2 > len.length) {
                    grow();
                    return add(e, e1, text, off, latin1, utf16);
                }
                len[slot] = n;
                w0[slot] = a;
                w1[slot] = c;
                stamp[slot] = object;
                if (n > 16) {
                    if (tailsEnd + n - 16 > tails.length) {
                        tails = java.util.Arrays.copyOf(tails, Math.max(256, Math.max(tails.length * 2, tailsEnd + n - 16)));
                    }
                    System.arraycopy(b, off + 16, tails, tailsEnd, n - 16);
                    tailAt[slot] = tailsEnd;
                    tailsEnd += n - 16;
                }
                size++;
                m++;
                return true;
            }
        }
        if (set == null) {
            set = new HashSet<>();
            for (int slot = 0; slot < len.length; slot++) {
                if (len[slot] >= 0 && stamp[slot] == object) {
                    set.add(text(slot));
                }
            }
        }
        String name;
        switch (tag) {
            case Tape.STR_LATIN1:
                name = new String(latin1, (int) (e1 >>> 32), n, StandardCharsets.ISO_8859_1);
                break;
            case Tape.STR_UTF16:
                name = new String(utf16, (int) (e1 >>> 32), n);
                break;
            default:
                name = new String(text, off, n, StandardCharsets.UTF_8);
        }
        return set.add(name);
    }

    private void grow() {
        long[] a0 = w0;
        long[] a1 = w1;
        int[] l0 = len;
        int[] t0 = tailAt;
        long[] s0 = stamp;
        int n = l0.length * 2;
        w0 = new long[n];
        w1 = new long[n];
        len = newLengths(n);
        tailAt = new int[n];
        stamp = new long[n];
        int mask = n - 1;
        for (int i = 0; i < l0.length; i++) {
            if (l0[i] < 0) {
                continue;
            }
            long h = (a0[i] * 0x9E3779B97F4A7C15L) ^ (a1[i] * 0xC2B2AE3D27D4EB4FL) ^ l0[i];
            int slot = (int) (h ^ (h >>> 29) ^ (h >>> 41)) & mask;
            while (len[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            w0[slot] = a0[i];
            w1[slot] = a1[i];
            len[slot] = l0[i];
            tailAt[slot] = t0[i];
            stamp[slot] = s0[i];
        }
    }

    /** The name in {@code slot} as a string (its bytes are its UTF-8 form: it had no escape). */
    private String text(int slot) {
        int n = len[slot];
        byte[] b = new byte[Math.max(16, n)];
        Swar.LONG_LE.set(b, 0, w0[slot]);
        Swar.LONG_LE.set(b, 8, w1[slot]);
        if (n > 16) {
            System.arraycopy(tails, tailAt[slot], b, 16, n - 16);
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }
}
