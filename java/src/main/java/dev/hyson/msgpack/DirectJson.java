package dev.hyson.msgpack;

import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.write.Generator;
import dev.hyson.internal.text.Swar;
import dev.hyson.internal.text.Utf8;
import dev.hyson.internal.write.RepeatedNames;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * {@link JsonBridge#writeAll}'s fast path for one value: MessagePack bytes to JSON text straight from
 * the unpacker's buffer, with no tree and no {@code String} for a string that needs no escape (its
 * UTF-8 bytes are copied). It takes what JSON writes the same way in both forms: nil, booleans,
 * integers within {@code long}, finite float64, valid UTF-8 str, arrays, and maps whose keys are str,
 * none repeated (names compared as bytes, {@link RepeatedNames} per depth). For anything else (bin,
 * ext, float32, a non-str key, a repeated key, invalid UTF-8, a uint64 past {@code long}, NaN or an
 * infinity, a limit reached, input that ends inside the value) it declines, having consumed and written
 * nothing, and the tree path converts the value, errors included. The value's bytes are held in the
 * unpacker's buffer while it is written (the tree path held its tree), and its JSON in this object's
 * buffer until it is complete. One per {@code writeAll}; not thread-safe.
 */
final class DirectJson {
    private final MessagePackFactory f;
    private final Generator g;
    /** The lossless form: a map of one key that may be a tag ({@code $...}) is the tree path's. */
    private final boolean lossless;
    /** Per open container: whether it is a map of one entry. */
    private boolean[] single = new boolean[16];
    private RepeatedNames[] names = new RepeatedNames[16];
    private long objects;
    /** Per open container: items left (a map counts its keys and values), whether a map, whether nothing was written in it. */
    private long[] left = new long[16];
    private boolean[] map = new boolean[16];
    private boolean[] first = new boolean[16];
    private MessageUnpacker u;

    /**
     * @param f the factory (its limits)
     * @param g a generator with no sink and the bridge's compact options (nothing escaped but what
     *     JSON must: the bytes of a string with no control char, quote or backslash are copied)
     * @param lossless whether the bridge writes the lossless form
     */
    DirectJson(MessagePackFactory f, Generator g, boolean lossless) {
        this.f = f;
        this.g = g;
        this.lossless = lossless;
    }

    /**
     * @param u the unpacker, at the value
     * @param out where the value's JSON goes when it is taken
     * @param depth the value's MessagePack depth
     * @return false, with nothing consumed or written, when the tree path must convert the value
     * @throws IOException when {@code out} fails
     */
    boolean write(MessageUnpacker u, OutputStream out, int depth) throws IOException {
        this.u = u;
        int end;
        try {
            end = transcode(depth);
        } catch (MessagePackException e) {
            end = -1; // the input ended or broke a limit: the tree path reports it at its place
        }
        if (end < 0) {
            g.discard();
            return false;
        }
        out.write(g.buffer(), 0, g.position());
        g.discard();
        u.pos += end;
        return true;
    }

    /** Makes {@code rel + n} bytes available from the unpacker's position; @return the buffer index of {@code rel}. */
    private int at(int rel, int n) {
        MessageUnpacker u = this.u;
        if (u.limit - u.pos < rel + n) {
            u.require(rel + n);
        }
        return u.pos + rel;
    }

    /** @return the length of the value's bytes, or -1 to decline */
    private int transcode(int depth) {
        Generator g = this.g;
        int rel = 0;
        int d = 0; // open containers of this value
        for (;;) {
            if (d > 0) {
                if (left[d] == 0) {
                    g.rawByte(map[d] ? (byte) '}' : (byte) ']');
                    if (--d == 0) {
                        return rel;
                    }
                    continue;
                }
                // the next item of container d: a map's items alternate key and value (left counts both)
                boolean isKey = map[d] && (left[d] & 1) == 0;
                left[d]--;
                if (isKey || !map[d]) {
                    if (!first[d]) {
                        g.rawByte((byte) ',');
                    }
                    first[d] = false;
                } else {
                    g.rawByte((byte) ':');
                }
                if (isKey) {
                    int k = key(rel, d);
                    if (k < 0) {
                        return -1;
                    }
                    rel += k;
                    continue;
                }
            }
            int p = at(rel, 1);
            int h = u.buf[p] & 0xFF;
            int len;
            if (h <= 0x7f) {
                g.longValue(h);
                len = 1;
            } else if (h >= 0xe0) {
                g.longValue((byte) h);
                len = 1;
            } else if (h <= 0x9f) {
                if (!open(d + 1, h <= 0x8f, h & 0x0F, depth)) {
                    return -1;
                }
                d++;
                rel += 1;
                continue;
            } else if (h <= 0xbf) {
                len = str(rel, 1, h & 0x1F);
            } else {
                len = other(rel, h, depth, d);
                if (len == -2) { // a container was opened
                    d++;
                    rel += (h == 0xdc || h == 0xde) ? 3 : 5;
                    continue;
                }
            }
            if (len < 0) {
                return -1;
            }
            rel += len;
            if (d == 0) {
                return rel;
            }
        }
    }

    /** A map key at {@code rel} in the map at {@code d}: a str, not repeated; @return its length, or -1 to decline. */
    private int key(int rel, int d) {
        int p = at(rel, 1);
        int h = u.buf[p] & 0xFF;
        int n;
        int hs;
        if (h >= 0xa0 && h <= 0xbf) {
            n = h & 0x1F;
            hs = 1;
        } else if (h == 0xd9 || h == 0xda) {
            hs = h == 0xd9 ? 2 : 3;
            p = at(rel, hs);
            n = (int) be(u.buf, p + 1, hs - 1);
        } else {
            return -1; // a non-str key (or a str32 one): its JSON form is the tree path's
        }
        if (n > f.maxStringLength) {
            return -1;
        }
        p = at(rel, hs + n);
        byte[] b = u.buf;
        int s = p + hs;
        if (lossless && single[d] && n > 0 && b[s] == '$') {
            return -1;
        }
        if (!names[d].add(Tape.entry(Tape.STR_UTF8, 0), n, b, s, null, null)) {
            return -1; // a repeated key: the tree keeps the last value at the first key's place
        }
        return writeString(b, s, n) ? hs + n : -1;
    }

    /** Opens a container of {@code n} entries at {@code d}: false to decline (too deep, too big). */
    private boolean open(int d, boolean isMap, long n, int depth) {
        if (depth + d > f.maxDepth || n > f.maxContainerSize) {
            return false;
        }
        if (d == left.length) {
            left = Arrays.copyOf(left, d * 2);
            map = Arrays.copyOf(map, d * 2);
            first = Arrays.copyOf(first, d * 2);
            single = Arrays.copyOf(single, d * 2);
        }
        if (d >= names.length) {
            names = Arrays.copyOf(names, d * 2);
        }
        left[d] = isMap ? 2 * n : n;
        single[d] = isMap && n == 1;
        map[d] = isMap;
        first[d] = true;
        g.rawByte(isMap ? (byte) '{' : (byte) '[');
        if (isMap) {
            RepeatedNames r = names[d];
            if (r == null) {
                r = names[d] = new RepeatedNames();
            }
            r.begin(++objects);
        }
        return true;
    }

    /** A str value of {@code n} bytes after an {@code hs}-byte header at {@code rel}; @return its length, or -3 to decline. */
    private int str(int rel, int hs, long n) {
        if (n > f.maxStringLength) {
            return -3;
        }
        int p = at(rel, hs + (int) n);
        return writeString(u.buf, p + hs, (int) n) ? hs + (int) n : -3;
    }

    /**
     * A str's bytes as a JSON string: copied when they need no escape, else decoded and escaped.
     *
     * @return false, having written nothing, when they are not well-formed UTF-8
     */
    private boolean writeString(byte[] b, int s, int n) {
        int kind = classify(b, s, n);
        if (kind < 0) {
            return false;
        }
        if (kind == 0) {
            g.quotedBytes(b, s, n);
        } else {
            g.quotedEscapedBytes(b, s, n); // the bridge's writer has the default options
        }
        return true;
    }

    private static final long HIGHS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;

    /**
     * One pass over a str's bytes, eight at a time where they are ASCII (Mycroft's tests for a byte
     * below 0x20, {@code "} or {@code \}, Hacker's Delight section 6-1), the UTF-8 sequences
     * checked where they are not ({@link Utf8#validate}).
     *
     * @return 0 for well-formed UTF-8 that needs no escape, 1 for well-formed UTF-8 that does, -1 for ill-formed
     */
    static int classify(byte[] b, int s, int n) {
        int end = s + n;
        if (n < 8 && s + 8 <= b.length) {
            // a short str in one word, the bytes past it made 'A' (plain)
            long keep = n == 0 ? 0 : -1L >>> (64 - 8 * n);
            long w = ((long) Swar.LONG_LE.get(b, s) & keep) | (0x4141414141414141L & ~keep);
            if ((w & HIGHS) == 0) {
                return special(w) == 0 ? 0 : 1;
            }
        }
        int i = s;
        long special = 0;
        while (i < end) {
            if (i + 8 <= end) {
                long w = (long) Swar.LONG_LE.get(b, i);
                if ((w & HIGHS) == 0) {
                    special |= special(w);
                    i += 8;
                    continue;
                }
            } else if (n >= 8) {
                // the last bytes: the word that ends with them, when it is ASCII (it overlaps checked bytes)
                long w = (long) Swar.LONG_LE.get(b, end - 8);
                if ((w & HIGHS) == 0) {
                    special |= special(w);
                    break;
                }
            }
            // a block with a byte >= 0x80, or the last bytes: one at a time (a sequence may end past the block)
            int stop = Math.min(i + 8, end);
            while (i < stop) {
                int c = b[i];
                if (c >= 0) {
                    if (c < 0x20 || c == '"' || c == '\\') {
                        special = HIGHS;
                    }
                    i++;
                } else if (c >= (byte) 0xE1 && c <= (byte) 0xEF && c != (byte) 0xED && i + 2 < end
                        && (b[i + 1] & 0xC0) == 0x80 && (b[i + 2] & 0xC0) == 0x80) {
                    i += 3; // a 3-byte sequence whose second byte may be any continuation byte (most of the BMP)
                } else if (c >= (byte) 0xC2 && c <= (byte) 0xDF && i + 1 < end && (b[i + 1] & 0xC0) == 0x80) {
                    i += 2;
                } else {
                    int next = Utf8.validate(b, i, end); // E0, ED, 4-byte sequences, and every ill-formed one
                    if (next < 0) {
                        return -1;
                    }
                    i = next;
                }
            }
        }
        return special == 0 ? 0 : 1;
    }

    /**
     * @param w eight ASCII bytes
     * @return nonzero when one of them is below 0x20, {@code "} or {@code \\} (the lowest such byte's top
     *     bit is set: Mycroft's test, exact for ASCII)
     */
    private static long special(long w) {
        long q = w ^ 0x2222222222222222L;
        long bs = w ^ 0x5C5C5C5C5C5C5C5CL;
        return ((q - ONES) & ~q | (bs - ONES) & ~bs | (w - 0x2020202020202020L) & ~w) & HIGHS;
    }

    /**
     * The header bytes 0xc0-0xdf: @return the value's length, -2 when it opened a container (its
     * header's length is the caller's), -3 to decline
     */
    private int other(int rel, int h, int depth, int d) {
        switch (h) {
            case 0xc0:
                g.nullValue();
                return 1;
            case 0xc2:
            case 0xc3:
                g.booleanValue(h == 0xc3);
                return 1;
            case 0xcb: {
                int p = at(rel, 9);
                double v = Double.longBitsToDouble(be(u.buf, p + 1, 8));
                if (!Double.isFinite(v)) {
                    return -3;
                }
                g.doubleValue(v);
                return 9;
            }
            case 0xcc: case 0xcd: case 0xce: case 0xcf: {
                int n = 1 << (h - 0xcc);
                int p = at(rel, 1 + n);
                long v = be(u.buf, p + 1, n);
                if (n == 8 && v < 0) {
                    return -3; // a uint64 past long: the tree's BigInteger
                }
                g.longValue(v);
                return 1 + n;
            }
            case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
                int n = 1 << (h - 0xd0);
                int p = at(rel, 1 + n);
                long v = be(u.buf, p + 1, n);
                int shift = 64 - 8 * n;
                g.longValue((v << shift) >> shift);
                return 1 + n;
            }
            case 0xd9: case 0xda: case 0xdb: {
                int hs = h == 0xd9 ? 2 : h == 0xda ? 3 : 5;
                int p = at(rel, hs);
                return str(rel, hs, be(u.buf, p + 1, hs - 1));
            }
            case 0xdc: case 0xdd: case 0xde: case 0xdf: {
                int hs = (h & 1) == 0 ? 3 : 5;
                int p = at(rel, hs);
                long n = be(u.buf, p + 1, hs - 1);
                return open(d + 1, h >= 0xde, n, depth) ? -2 : -3;
            }
            default:
                return -3; // bin, ext, float32, the unused 0xc1
        }
    }

    /** The {@code n}-byte big-endian unsigned number at {@code b[p]} (as a long's bits for 8). */
    private static long be(byte[] b, int p, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (b[p + i] & 0xFF);
        }
        return v;
    }
}
