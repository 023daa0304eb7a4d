package dev.hyson.internal.bind;

import dev.hyson.internal.tape.Tape;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Matches member names (or enum strings) against a type's known names on their UTF-8 bytes in the
 * input, with no {@code String} made: first the name expected next (producers mostly write members
 * in declaration order, DSL-JSON's lesson), then an open-addressing table on a hash of the length
 * and three of the bytes, each candidate confirmed by an exact compare. A name with escapes (decoded
 * by the scan) is looked up as a string.
 */
final class NameTable {
    /** No known name matched. */
    static final int UNKNOWN = -1;
    /** The name is known and its value is to be skipped ({@code @Ignore}, a discriminator). */
    static final int IGNORED = -2;

    private static final java.lang.invoke.VarHandle LONG_LE = dev.hyson.internal.text.Swar.LONG_LE;

    private final byte[][] names;
    /** Each name's first 8 bytes, little-endian, zero past its end. */
    private final long[] heads;
    /** The mask of those bytes (all ones for a name of 8 bytes or more). */
    private final long[] headMasks;
    private final int[] codes;
    private final int[] slots;
    private final int mask;
    private final Map<String, Integer> byString = new HashMap<>();

    /**
     * @param names the names; index k matches as {@code codes[k]}
     * @param codes what each name gives
     */
    NameTable(String[] names, int[] codes) {
        int n = names.length;
        this.names = new byte[n][];
        this.heads = new long[n];
        this.headMasks = new long[n];
        this.codes = codes.clone();
        int size = Integer.highestOneBit(Math.max(4, n * 4) - 1) << 1;
        this.slots = new int[size];
        this.mask = size - 1;
        Arrays.fill(slots, -1);
        for (int k = 0; k < n; k++) {
            byte[] b = names[k].getBytes(StandardCharsets.UTF_8);
            this.names[k] = b;
            long head = 0;
            for (int j = Math.min(8, b.length) - 1; j >= 0; j--) {
                head = (head << 8) | (b[j] & 0xFF);
            }
            heads[k] = head;
            headMasks[k] = b.length >= 8 ? -1L : (1L << (8 * b.length)) - 1;
            if (byString.putIfAbsent(names[k], k) != null) {
                continue; // a repeated name: the first keeps it
            }
            int h = hash(b, 0, b.length) & mask;
            while (slots[h] >= 0) {
                h = (h + 1) & mask;
            }
            slots[h] = k;
        }
    }

    int size() {
        return names.length;
    }

    static int hash(byte[] b, int off, int len) {
        int h = len * 0x9E3779B9;
        if (len > 0) {
            h ^= b[off] * 0x85EBCA6B;
            h ^= b[off + len - 1] * 0xC2B2AE35;
            h ^= b[off + (len >> 1)] * 0x27D4EB2F;
        }
        return h ^ (h >>> 15);
    }

    /**
     * Matches the string (or, in MessagePack, any key) at the reader's position and moves past it.
     *
     * @param r the reader, at a member name
     * @param expect the index of the name expected (a hint; any value is safe)
     * @return the code of the matched name, or {@link #UNKNOWN}
     */
    int match(TapeReader r, int expect) {
        // the hot case, kept small enough to inline: an ASCII name equal to the one expected next
        long[] t = r.t;
        int i = r.i;
        long e = t[i];
        if (Tape.tag(e) == Tape.STR_ASCII && expect >= 0 && expect < names.length) {
            long e1 = t[i + 1];
            int len = (int) e1;
            byte[] nb = names[expect];
            byte[] text = r.text;
            int off = r.packed ? (int) (e1 >>> 32) : (int) Tape.payload(e) + 1;
            // the name's first 8 bytes as one word: the whole compare for a short name (a name is
            // followed by at least '":' and a value, so 8 bytes are there to read but for the last
            // few bytes of the input, which take the byte compare)
            if (nb.length == len && off + 8 <= text.length) {
                long w = (long) LONG_LE.get(text, off);
                if ((w & headMasks[expect]) == heads[expect] && (len <= 8 || Arrays.equals(nb, 8, len, text, off + 8, off + len))) {
                    r.i = i + 2;
                    return codes[expect];
                }
            }
        }
        return matchAny(r);
    }

    /** Any name: the hash table for a plain one, a string lookup for one with escapes. */
    private int matchAny(TapeReader r) {
        long[] t = r.t;
        int i = r.i;
        long e = t[i];
        int tag = Tape.tag(e);
        if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) {
            long e1 = t[i + 1];
            r.i = i + 2;
            byte[] text = r.text;
            int off = r.packed ? (int) (e1 >>> 32) : (int) Tape.payload(e) + 1;
            int len = (int) e1;
            int h = hash(text, off, len) & mask;
            for (;;) {
                int k = slots[h];
                if (k < 0) {
                    return UNKNOWN;
                }
                byte[] nb = names[k];
                if (nb.length == len && Arrays.equals(nb, 0, len, text, off, off + len)) {
                    return codes[k];
                }
                h = (h + 1) & mask;
            }
        }
        if (tag == Tape.STR_LATIN1 || tag == Tape.STR_UTF16) {
            String s = r.decoded(e, t[i + 1]);
            r.i = i + 2;
            Integer k = byString.get(s);
            return k == null ? UNKNOWN : codes[k];
        }
        r.i = TapeExtents.next(t, i); // a MessagePack key that is not a string
        return UNKNOWN;
    }

    /** The text of the name at entry {@code at}, for messages. */
    static String text(TapeReader r, int at) {
        int saved = r.i;
        try {
            r.i = at;
            return TapeReader.isString(r.tag()) ? r.readString() : String.valueOf(r.readTree());
        } finally {
            r.i = saved;
        }
    }
}
