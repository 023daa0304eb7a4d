package dev.hyson.internal.write;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import dev.hyson.internal.stream.StreamParser;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.Swar;
import dev.hyson.stream.JsonLocation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;

/**
 * {@link StreamGenerator#copyCurrentStructure}'s loop when the parser is hyson's own: the entries of
 * the container being copied go from the parser's event tape, window by window, straight to the
 * {@link Generator}, with no token objects, no per-token structure checks (the scan validated the
 * structure) and no string built for a name or a string that is written as it was read. Output is
 * byte for byte that of the token-by-token copy.
 *
 * <p>Repeated member names, when a policy asks for them: the names of the last object seen at each
 * place of the document's shape (its path, with array indices left out: {@code /statuses/* /user})
 * are kept by position as bytes ({@link Names}), so an object with the names of the one before it at
 * its place (the records of an array, and the objects inside them) costs one comparison per name; a
 * new name is compared with the names of its object so far. Escaped names and members past the 64th
 * fall back to a set of strings for the rest of their object.
 */
final class TapeCopy {
    private final StreamParser p;
    private final Generator g;
    private final boolean pretty;
    private final boolean copyAscii;
    private final boolean copyUtf8;
    private final int maxDepth;
    private final DuplicateKeyPolicy repeated;

    /** Per depth of the copy (0: the container it starts at): whether an object, whether nothing was written in it yet. */
    private boolean[] object = new boolean[16];
    private boolean[] first = new boolean[16];
    /** Per depth: the shape node of the container open there (of objects: their names), when names are checked. */
    private Names[] names = new Names[16];
    /** The shape node of the copied value; at most {@link Names#NODES} nodes hang from it. */
    private final Names root = new Names();
    private int nodes = 1;
    /** The objects begun, which numbers each one for its node's table. */
    private long objects;

    /**
     * @param p the parser, at the start token of the container to copy
     * @param g the generator's output
     * @param cfg the writer's options
     * @param repeated what a repeated member name does, or null to copy it as it is
     */
    TapeCopy(StreamParser p, Generator g, WriteConfig cfg, DuplicateKeyPolicy repeated) {
        this.p = p;
        this.g = g;
        this.pretty = cfg.pretty;
        this.copyAscii = !cfg.scriptSafe;
        this.copyUtf8 = !cfg.asciiOnly && !cfg.scriptSafe;
        this.maxDepth = cfg.maxDepth;
        this.repeated = repeated;
    }

    /** @return the parser this copies from */
    StreamParser parser() {
        return p;
    }

    /** @return what a repeated member name does, or null */
    DuplicateKeyPolicy policy() {
        return repeated;
    }

    /**
     * Writes the members or elements of the container whose start token the parser is at (its start
     * byte already written at generator level {@code level}), and leaves the parser at its end token;
     * the caller writes the end.
     *
     * @param isObject whether the container is an object
     * @param level the generator's level inside the container
     * @return whether anything was written in it
     * @throws WriteFailure for a value the writer's options refuse or nesting past its maxDepth
     * @throws JsonParseException for a repeated name under FIRST_WINS's opposites (see
     *     {@link dev.hyson.stream.JsonGenerator#copyCurrentStructure(dev.hyson.stream.JsonParser, DuplicateKeyPolicy)})
     */
    boolean copy(boolean isObject, int level) {
        StreamParser p = this.p;
        Generator g = this.g;
        boolean dedup = repeated != null;
        int d = 0;
        open(0, isObject);
        boolean nameDue = isObject;
        long[] t = p.entries();
        int k = p.position();
        int end = p.limit();
        for (;;) {
            if (k >= end) {
                if (!p.nextWindow()) {
                    throw new IllegalStateException("event tape ended inside a value (a bug in hyson)");
                }
                t = p.entries();
                k = p.position();
                end = p.limit();
            }
            long e = t[k];
            int tag = (int) (e >>> Tape.TAG_SHIFT);
            if (tag == Tape.END_OBJECT || tag == Tape.END_ARRAY) {
                if (d == 0) {
                    p.copiedTo(k);
                    return !first[0];
                }
                boolean empty = first[d];
                d--;
                if (!empty && pretty) {
                    g.newline(level + d);
                }
                g.writeRaw(tag == Tape.END_OBJECT ? (byte) '}' : (byte) ']');
                k++;
                nameDue = object[d];
                continue;
            }
            if (nameDue) {
                if (dedup && !names[d].add(p, t, k)) {
                    if (repeated != DuplicateKeyPolicy.FIRST_WINS) {
                        throw repeatedName(t, k);
                    }
                    k = skipValue(k + 2);
                    t = p.entries();
                    end = p.limit();
                    continue; // the name and its value are left out
                }
                separate(d, level);
                writeName(t, k, e);
                k += 2;
                nameDue = false;
                continue;
            }
            if (!object[d]) {
                separate(d, level);
            }
            switch (tag) {
                case Tape.OBJECT:
                case Tape.ARRAY: {
                    if (level + d + 1 > maxDepth) {
                        throw new WriteFailure("nesting deeper than maxDepth (" + maxDepth + ")");
                    }
                    boolean obj = tag == Tape.OBJECT;
                    g.writeRaw(obj ? (byte) '{' : (byte) '[');
                    d++;
                    open(d, obj);
                    nameDue = obj;
                    k += 2;
                    continue;
                }
                case Tape.TRUE:
                case Tape.FALSE:
                    g.writeBoolean(tag == Tape.TRUE);
                    k++;
                    break;
                case Tape.NULL:
                    g.writeNull();
                    k++;
                    break;
                case Tape.INT64:
                    g.writeLong(t[k + 1]);
                    k += 2;
                    break;
                case Tape.DOUBLE:
                    double v = Double.longBitsToDouble(t[k + 1]);
                    if (!Double.isFinite(v)) {
                        writeNonFinite(v, k);
                    } else {
                        g.writeDouble(v);
                    }
                    k += 2;
                    break;
                case Tape.BIG_INTEGER:
                case Tape.BIG_DECIMAL:
                    writeBig(p.numberAt(k));
                    k += 2;
                    break;
                default:
                    writeString(t, k, e, tag);
                    k += 2;
            }
            nameDue = object[d];
        }
    }

    private void open(int d, boolean isObject) {
        if (d == object.length) {
            object = java.util.Arrays.copyOf(object, d * 2);
            first = java.util.Arrays.copyOf(first, d * 2);
            names = java.util.Arrays.copyOf(names, d * 2);
        }
        object[d] = isObject;
        first[d] = true;
        if (repeated != null) {
            Names n = d == 0 ? root : child(names[d - 1], object[d - 1]);
            names[d] = n;
            if (isObject) {
                n.begin(++objects);
            }
        }
    }

    /**
     * The shape node of a container inside the one whose node is {@code parent}: per member position
     * of an object (the member just named), one for all elements of an array. Past
     * {@link Names#NODES} nodes, containers share one spare node per parent (checked all the same,
     * with fewer names predicted).
     */
    private Names child(Names parent, boolean inObject) {
        // an object's member past the 64th, or named in set mode, shares a node with the one before it
        int at = inObject ? Math.max(0, Math.min(Names.MEMBERS - 1, parent.m - 1)) : Names.MEMBERS;
        Names[] c = parent.children;
        if (c == null || at >= c.length) {
            c = parent.children = java.util.Arrays.copyOf(c == null ? new Names[0] : c, inObject ? Math.max(8, Math.min(Names.MEMBERS, 2 * (at + 1))) : Names.MEMBERS + 1);
        }
        Names n = c[at];
        if (n == null) {
            if (nodes >= Names.NODES) {
                n = parent.spare == null ? parent.spare = new Names() : parent.spare;
                return n;
            }
            nodes++;
            n = c[at] = new Names();
        }
        return n;
    }

    /** The comma before a member or element but the first, and its line when pretty. */
    private void separate(int d, int level) {
        if (!first[d]) {
            g.writeRaw((byte) ',');
        }
        first[d] = false;
        if (pretty) {
            g.newline(level + d);
        }
    }

    private void writeName(long[] t, int k, long e) {
        int tag = Tape.tag(e);
        if (tag == Tape.STR_ASCII ? copyAscii : tag == Tape.STR_UTF8 && copyUtf8) {
            long e1 = t[k + 1];
            int len = (int) e1;
            Generator g = this.g;
            g.ensure(len + 4);
            byte[] b = g.buf;
            int q = g.pos;
            b[q] = '"';
            System.arraycopy(p.spans(), p.spanStart(e, e1), b, q + 1, len);
            q += len + 1;
            b[q] = '"';
            b[q + 1] = ':';
            if (pretty) {
                b[q + 2] = ' ';
                g.pos = q + 3;
            } else {
                g.pos = q + 2;
            }
            return;
        }
        g.writeKey(p.nameAt(k));
    }

    private void writeString(long[] t, int k, long e, int tag) {
        if (tag == Tape.STR_ASCII ? copyAscii : tag == Tape.STR_UTF8 && copyUtf8) {
            long e1 = t[k + 1];
            g.writeQuoted(p.spans(), p.spanStart(e, e1), (int) e1);
        } else if (tag == Tape.STR_UTF16) {
            long e1 = t[k + 1];
            g.writeChars(p.decodedChars(), (int) (e1 >>> 32), (int) e1);
        } else if (tag == Tape.STR_LATIN1) {
            long e1 = t[k + 1];
            g.writeLatin1(p.decodedLatin1(), (int) (e1 >>> 32), (int) e1);
        } else {
            g.writeString(p.stringAt(k));
        }
    }

    private void writeBig(Number n) {
        if (n instanceof BigInteger) {
            g.writeAscii(n.toString());
        } else if (n instanceof BigDecimal) {
            g.writeAscii(JsonNumbers.numberText((BigDecimal) n));
        } else if (n instanceof Double) {
            g.writeDouble((Double) n);
        } else {
            g.writeLong(n.longValue());
        }
    }

    /** NaN or an infinity (read under allowNan): written when the writer allows it, else an error placed in the input. */
    private void writeNonFinite(double v, int k) {
        try {
            g.writeDouble(v);
        } catch (WriteFailure f) {
            JsonLocation at = p.locationAt(k);
            throw new WriteFailure(f.getMessage() + " (the parser's number at line " + at.line() + ", column "
                    + at.column() + ")");
        }
    }

    /** Skips the value whose first entry is at {@code k} (reading windows as needed); @return the entry after it. */
    private int skipValue(int k) {
        StreamParser p = this.p;
        long[] t = p.entries();
        int end = p.limit();
        int open = 0;
        do {
            if (k >= end) {
                if (!p.nextWindow()) {
                    throw new IllegalStateException("event tape ended inside a value (a bug in hyson)");
                }
                t = p.entries();
                k = p.position();
                end = p.limit();
            }
            switch ((int) (t[k] >>> Tape.TAG_SHIFT)) {
                case Tape.OBJECT:
                case Tape.ARRAY:
                    open++;
                    k += 2;
                    break;
                case Tape.END_OBJECT:
                case Tape.END_ARRAY:
                    open--;
                    k++;
                    break;
                case Tape.TRUE:
                case Tape.FALSE:
                case Tape.NULL:
                    k++;
                    break;
                default:
                    k += 2;
            }
        } while (open > 0);
        return k;
    }

    private JsonParseException repeatedName(long[] t, int k) {
        String name = p.nameAt(k);
        JsonLocation at = p.locationAt(k);
        return new JsonParseException(JsonParseException.Kind.DUPLICATE_KEY, "repeated member name \"" + name + "\"",
                repeated == DuplicateKeyPolicy.LAST_WINS
                        ? "a stream cannot let the last value win once the first was written; read the value whole"
                        : "member names must be unique in an object (DuplicateKeyPolicy.ERROR)",
                at.offset(), at.line(), at.column());
    }

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
    private static final class Names {
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
        Names[] children;
        Names spare;

        private static int[] newLengths(int n) {
            int[] a = new int[n];
            java.util.Arrays.fill(a, -1);
            return a;
        }

        void begin(long id) {
            object = id;
            m = 0;
            set = null;
            if (size >= MOST) {
                java.util.Arrays.fill(len, -1); // no name of the current object is in it yet
                size = 0;
                tailsEnd = 0;
            }
        }

        /** @return false when the name at entry {@code k} is one the object already had */
        boolean add(StreamParser p, long[] t, int k) {
            long e = t[k];
            int tag = Tape.tag(e);
            if (set == null && (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8)) {
                long e1 = t[k + 1];
                int n = (int) e1;
                byte[] b = p.spans();
                int off = p.spanStart(e, e1);
                if (n <= LONGEST && off + 16 <= b.length) {
                    long a = (long) Swar.LONG_LE.get(b, off);
                    long c = (long) Swar.LONG_LE.get(b, off + 8);
                    if (n < 8) {
                        a &= (1L << (n << 3)) - 1;
                        c = 0;
                    } else if (n < 16) {
                        c &= (1L << ((n - 8) << 3)) - 1;
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
                            return add(p, t, k);
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
            }
            if (set == null) {
                set = new HashSet<>();
                for (int slot = 0; slot < len.length; slot++) {
                    if (len[slot] >= 0 && stamp[slot] == object) {
                        set.add(text(slot));
                    }
                }
            }
            return set.add(p.nameAt(k));
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
}
