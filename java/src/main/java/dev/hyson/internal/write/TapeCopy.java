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
 * are kept by position as bytes ({@link RepeatedNames}), so an object with the names of the one before it at
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
    private RepeatedNames[] names = new RepeatedNames[16];
    /**
     * Per depth, where the copy is, for the path of a failure: of an array, the index of the element being
     * written; of an object, the tape entry of the member's name in the current window, or -1 once the
     * window has moved on and the name is kept as text in {@link #memberName}.
     */
    private int[] place = new int[16];
    private String[] memberName = new String[16];
    /** The shape node of the copied value; at most {@link RepeatedNames#NODES} nodes hang from it. */
    private final RepeatedNames root = new RepeatedNames();
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
                keepNames(d);
                p.nextWindow();
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
                if (dedup && !names[d].add(e, t[k + 1], p.spans(), tag == Tape.STR_ASCII || tag == Tape.STR_UTF8
                        ? p.spanStart(e, t[k + 1]) : -1, p.decodedLatin1(), p.decodedChars())) {
                    if (repeated != DuplicateKeyPolicy.FIRST_WINS) {
                        throw repeatedName(t, k);
                    }
                    keepNames(d);
                    k = skipValue(k + 2);
                    t = p.entries();
                    end = p.limit();
                    continue; // the name and its value are left out
                }
                separate(d, level);
                writeName(t, k, e);
                place[d] = k;
                k += 2;
                nameDue = false;
                continue;
            }
            if (!object[d]) {
                separate(d, level);
                place[d]++;
            }
            switch (tag) {
                case Tape.OBJECT:
                case Tape.ARRAY: {
                    if (level + d + 1 > maxDepth) {
                        throw placed(new WriteFailure("nesting deeper than maxDepth (" + maxDepth + ")"), d);
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
                        writeNonFinite(v, k, d);
                    } else {
                        g.writeDouble(v);
                    }
                    k += 2;
                    break;
                case Tape.BIG_INTEGER:
                case Tape.BIG_DECIMAL:
                    writeBig(p.numberAt(k), d);
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
            place = java.util.Arrays.copyOf(place, d * 2);
            memberName = java.util.Arrays.copyOf(memberName, d * 2);
        }
        object[d] = isObject;
        first[d] = true;
        place[d] = -1;
        memberName[d] = null;
        if (repeated != null) {
            RepeatedNames n = d == 0 ? root : child(names[d - 1], object[d - 1]);
            names[d] = n;
            if (isObject) {
                n.begin(++objects);
            }
        }
    }

    /**
     * The shape node of a container inside the one whose node is {@code parent}: per member position
     * of an object (the member just named), one for all elements of an array. Past
     * {@link RepeatedNames#NODES} nodes, containers share one spare node per parent (checked all the same,
     * with fewer names predicted).
     */
    private RepeatedNames child(RepeatedNames parent, boolean inObject) {
        // an object's member past the 64th, or named in set mode, shares a node with the one before it
        int at = inObject ? Math.max(0, Math.min(RepeatedNames.MEMBERS - 1, parent.m - 1)) : RepeatedNames.MEMBERS;
        RepeatedNames[] c = parent.children;
        if (c == null || at >= c.length) {
            c = parent.children = java.util.Arrays.copyOf(c == null ? new RepeatedNames[0] : c, inObject ? Math.max(8, Math.min(RepeatedNames.MEMBERS, 2 * (at + 1))) : RepeatedNames.MEMBERS + 1);
        }
        RepeatedNames n = c[at];
        if (n == null) {
            if (nodes >= RepeatedNames.NODES) {
                n = parent.spare == null ? parent.spare = new RepeatedNames() : parent.spare;
                return n;
            }
            nodes++;
            n = c[at] = new RepeatedNames();
        }
        return n;
    }

    /** The comma before a member or element but the first, and its line when pretty. */
    /** Before the window moves on: the names of the members being written, at depths 0 to {@code d}, as text. */
    private void keepNames(int d) {
        for (int i = 0; i <= d; i++) {
            if (object[i] && place[i] >= 0) {
                memberName[i] = p.nameAt(place[i]);
                place[i] = -1;
            }
        }
    }

    /**
     * A failure inside the copy at depth {@code d} (each place that can fail adds it), with the path from the copied container down to the value that failed
     * (its segments as the tree writer gives them: {@code .name}, {@code ['odd name']}, {@code [3]}).
     */
    private WriteFailure placed(WriteFailure f, int d) {
        for (int i = d; i >= 0; i--) {
            if (!object[i]) {
                if (place[i] >= 0) {
                    f.at("[" + place[i] + "]");
                }
            } else if (place[i] >= 0) {
                f.at(WriteFailure.memberSegment(p.nameAt(place[i])));
            } else if (memberName[i] != null) {
                f.at(WriteFailure.memberSegment(memberName[i]));
            }
        }
        return f;
    }

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

    private void writeBig(Number n, int d) {
        try {
            if (n instanceof BigInteger) {
                g.writeAscii(n.toString());
            } else if (n instanceof BigDecimal) {
                g.writeAscii(JsonNumbers.numberText((BigDecimal) n));
            } else if (n instanceof Double) {
                g.writeDouble((Double) n);
            } else {
                g.writeLong(n.longValue());
            }
        } catch (WriteFailure f) {
            throw placed(f, d);
        }
    }

    /** NaN or an infinity (read under allowNan): written when the writer allows it, else an error placed in the input. */
    private void writeNonFinite(double v, int k, int d) {
        try {
            g.writeDouble(v);
        } catch (WriteFailure f) {
            JsonLocation at = p.locationAt(k);
            throw placed(new WriteFailure(f.getMessage() + " (the parser's number at line " + at.line() + ", column "
                    + at.column() + ")"), d);
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
                p.nextWindow();
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
}
