package dev.hyson.internal.write;

import dev.hyson.internal.lazy.TapeArrays;
import dev.hyson.internal.tape.Tape;

/**
 * Writes a value of a scanned document's tape (a {@code LazyValue}'s) as the {@link Generator}
 * writes the tree {@code toValue()} builds, byte for byte, without building it: strings without
 * escapes are copied from the input, decoded ones escaped from the tape's chars, numbers formatted
 * from their values. A first walk over the value's entries ({@link #plain}) decides whether the tree
 * is needed after all: for an object with a repeated member name (the reader's policy then picks
 * the member), a number kept as text (big integers and decimals), NaN or an infinity, or nesting
 * past the writer's {@code maxDepth} (whose errors the tree path reports with their pointer); and a
 * writer with {@code sortKeys} always writes the tree, which sorts the members.
 * One per generator; not thread-safe.
 */
final class DocumentCopy {
    private final Generator g;
    /** Per depth of the walk: the shape node whose table checks the names of the object open there. */
    private RepeatedNames[] names = new RepeatedNames[8];
    private long objects;
    private int[] left = new int[16];
    private boolean[] object = new boolean[16];

    DocumentCopy(Generator g) {
        this.g = g;
    }

    /**
     * @param tape the document's tape
     * @param k the value's first entry
     * @param buf the input the tape points into
     * @param level the generator depth the value is written at
     * @return whether {@link #write} gives the tree's bytes for this value (see the class comment)
     */
    boolean plain(TapeArrays tape, int k, byte[] buf, int level) {
        long[] t = tape.entries();
        int room = g.cfg.maxDepth - level;
        int d = 0;
        for (;;) {
            long e = t[k];
            int tag = Tape.tag(e);
            if (tag == Tape.OBJECT || tag == Tape.ARRAY) {
                int n = (int) t[k + 1];
                k += 2;
                if (n > 0) {
                    if (++d > room) {
                        return false;
                    }
                    push(d, tag == Tape.OBJECT, n);
                    if (tag == Tape.OBJECT) {
                        RepeatedNames r = names[d];
                        if (r == null) {
                            r = names[d] = new RepeatedNames();
                        }
                        r.begin(++objects);
                        if (!name(r, t, k, buf, tape)) {
                            return false;
                        }
                        k += 2;
                    }
                    continue;
                }
                if (d + 1 > room) {
                    return false;
                }
            } else if (tag == Tape.BIG_INTEGER || tag == Tape.BIG_DECIMAL
                    || tag == Tape.DOUBLE && !Double.isFinite(Double.longBitsToDouble(t[k + 1]))) {
                return false;
            } else {
                k += tag == Tape.TRUE || tag == Tape.FALSE || tag == Tape.NULL ? 1 : 2;
            }
            // the value is done: on to the next member or element, closing the containers it ends
            for (;;) {
                if (d == 0) {
                    return true;
                }
                if (--left[d] > 0) {
                    if (object[d]) {
                        if (!name(names[d], t, k, buf, tape)) {
                            return false;
                        }
                        k += 2;
                    }
                    break;
                }
                d--;
            }
        }
    }

    private static boolean name(RepeatedNames r, long[] t, int k, byte[] buf, TapeArrays tape) {
        long e = t[k];
        return r.add(e, t[k + 1], buf, (int) Tape.payload(e) + 1, tape.latin1(), tape.utf16());
    }

    private void push(int d, boolean isObject, int n) {
        if (d >= left.length) {
            left = java.util.Arrays.copyOf(left, d * 2);
            object = java.util.Arrays.copyOf(object, d * 2);
        }
        if (d >= names.length) {
            names = java.util.Arrays.copyOf(names, d * 2);
        }
        left[d] = n;
        object[d] = isObject;
    }

    /**
     * Writes the value whose first entry is {@code k}; {@link #plain} said yes for it.
     *
     * @param tape the document's tape
     * @param k the value's first entry
     * @param buf the input the tape points into
     * @param level the generator depth the value is written at
     */
    void write(TapeArrays tape, int k, byte[] buf, int level) {
        Generator g = this.g;
        long[] t = tape.entries();
        boolean pretty = g.cfg.pretty;
        boolean copyAscii = !g.cfg.scriptSafe;
        boolean copyUtf8 = copyAscii && !g.cfg.asciiOnly;
        int d = 0;
        for (;;) {
            long e = t[k];
            int tag = Tape.tag(e);
            switch (tag) {
                case Tape.OBJECT:
                case Tape.ARRAY: {
                    boolean obj = tag == Tape.OBJECT;
                    int n = (int) t[k + 1];
                    k += 2;
                    g.writeRaw(obj ? (byte) '{' : (byte) '[');
                    if (n == 0) {
                        g.writeRaw(obj ? (byte) '}' : (byte) ']');
                        break;
                    }
                    push(++d, obj, n);
                    if (pretty) {
                        g.newline(level + d);
                    }
                    if (obj) {
                        writeName(t, k, buf, tape, copyAscii, copyUtf8);
                        k += 2;
                    }
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
                    g.writeDouble(Double.longBitsToDouble(t[k + 1]));
                    k += 2;
                    break;
                default:
                    writeString(t, k, buf, tape, copyAscii, copyUtf8);
                    k += 2;
            }
            for (;;) {
                if (d == 0) {
                    return;
                }
                if (--left[d] > 0) {
                    g.writeRaw((byte) ',');
                    if (pretty) {
                        g.newline(level + d);
                    }
                    if (object[d]) {
                        writeName(t, k, buf, tape, copyAscii, copyUtf8);
                        k += 2;
                    }
                    break;
                }
                if (pretty) {
                    g.newline(level + d - 1);
                }
                g.writeRaw(object[d] ? (byte) '}' : (byte) ']');
                d--;
            }
        }
    }

    private void writeName(long[] t, int k, byte[] buf, TapeArrays tape, boolean copyAscii, boolean copyUtf8) {
        writeString(t, k, buf, tape, copyAscii, copyUtf8);
        if (g.cfg.pretty) {
            g.ensure(2);
            g.buf[g.pos++] = ':';
            g.buf[g.pos++] = ' ';
        } else {
            g.writeRaw((byte) ':');
        }
    }

    private void writeString(long[] t, int k, byte[] buf, TapeArrays tape, boolean copyAscii, boolean copyUtf8) {
        long e = t[k];
        long e1 = t[k + 1];
        int tag = Tape.tag(e);
        int n = (int) e1;
        if (tag == Tape.STR_ASCII ? copyAscii : tag == Tape.STR_UTF8 && copyUtf8) {
            g.writeQuoted(buf, (int) Tape.payload(e) + 1, n);
        } else if (tag == Tape.STR_UTF16) {
            g.writeChars(tape.utf16(), (int) (e1 >>> 32), n);
        } else if (tag == Tape.STR_LATIN1) {
            g.writeLatin1(tape.latin1(), (int) (e1 >>> 32), n);
        } else {
            // a span the options escape in: as a string of the tree
            int from = (int) Tape.payload(e) + 1;
            g.writeString(new String(buf, from, n, tag == Tape.STR_ASCII ? java.nio.charset.StandardCharsets.ISO_8859_1
                    : java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
