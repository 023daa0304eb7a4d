package dev.hyson.internal.stream;

import dev.hyson.JsonParseException;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.bind.TapeReader;
import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.scan.EventScan;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapeMaterializer;
import dev.hyson.stream.JsonLocation;
import java.util.Arrays;

/**
 * {@link StreamParser#readValue}'s copy of one container value: its entries, taken from the event
 * tape token by token (across windows), become a whole-document tape with counts, whose strings and
 * number texts are copied into a text of their own (quoted, as in an input), so the materializer and
 * the binder read it as they read any document. Every copied entry keeps the document offset of its
 * token, so an error found in the copy can be placed in the document.
 */
final class ValueCopy {
    /** The event tape the entries come from (its latin1 and utf16 decodings are copied too). */
    private final Tape events;
    /** Whether the events' span entries point into the input rather than into the tape's spans. */
    private final boolean inPlace;
    private final Tape sub = new Tape();
    private byte[] text = new byte[256];
    private int textLength;
    /** Per open container of the copy: the index of its start entry, and its entry count so far. */
    private int[] subIndex = new int[16];
    private int[] subCount = new int[16];
    /** Per entry of {@link #sub} (at its first index): the document offset of its token. */
    private long[] subOrigin = new long[64];
    /** How many containers of the copy are open. */
    private int depth;

    /**
     * @param events the event tape the copies are made from
     * @param inPlace whether its span entries point into the input
     */
    ValueCopy(Tape events, boolean inPlace) {
        this.events = events;
        this.inPlace = inPlace;
    }

    /**
     * Starts a copy with the container whose start token is at document offset {@code at}.
     *
     * @param object whether it is an object
     * @param at its document offset
     */
    void begin(boolean object, long at) {
        sub.reset(0);
        textLength = 0;
        depth = open(0, object, at);
    }

    /**
     * Makes the copy the one scalar token whose first entry is {@code t[k]} (a document of that
     * value alone); the arguments are those of {@link #add}.
     */
    void scalar(long[] t, int k, byte[] source, byte[] input, long inputBase, int inputEnd) {
        sub.reset(0);
        textLength = 0;
        depth = 0;
        add(t, k, source, input, inputBase, inputEnd);
    }

    /** @return whether the container {@link #begin} started has ended */
    boolean done() {
        return depth == 0;
    }

    /**
     * Copies the token whose first entry is {@code t[k]}.
     *
     * @param t the event entries
     * @param k the token's first entry
     * @param source where the events' span entries' bytes are
     * @param input the scan's buffer, holding the input bytes of the value being copied (a number's
     *     text is taken from it: the events carry only the value of an INT64 or DOUBLE)
     * @param inputBase the document offset of {@code input[0]}
     * @param inputEnd the end of the bytes in {@code input}
     * @return the number of entries the token takes
     */
    int add(long[] t, int k, byte[] source, byte[] input, long inputBase, int inputEnd) {
        long e = t[k];
        int tag = (int) (e >>> Tape.TAG_SHIFT);
        switch (tag) {
            case Tape.OBJECT:
            case Tape.ARRAY:
                subCount[depth]++;
                depth = open(depth, tag == Tape.OBJECT, e & Tape.PAYLOAD_MASK);
                return 2;
            case Tape.END_OBJECT:
            case Tape.END_ARRAY: {
                int n = subCount[depth];
                sub.entries[subIndex[depth] + 1] = tag == Tape.END_OBJECT ? n / 2 : n;
                depth--;
                return 1;
            }
            case Tape.TRUE:
            case Tape.FALSE:
            case Tape.NULL:
                subCount[depth]++;
                sub.ensure(1);
                sub.entries[sub.size] = Tape.entry(tag, mark(sub.size, e & Tape.PAYLOAD_MASK));
                sub.size++;
                return 1;
            default:
                subCount[depth]++;
                copy(tag, t[k + 1], e & Tape.PAYLOAD_MASK, source, input, inputBase, inputEnd);
                return 2;
        }
    }

    /**
     * @param cfg the reader's options
     * @return the copied value, as {@code JsonReader.parse} builds it
     */
    Object materialize(ReadConfig cfg) {
        return TapeMaterializer.materialize(sub, text, 0, textLength, cfg, KeyCache.SHARED);
    }

    /**
     * @param cfg the reader's options
     * @param codecs the binder's codecs
     * @return a reader that binds the copied value
     */
    TapeReader reader(ReadConfig cfg, Codecs codecs) {
        return new TapeReader(sub, text, 0, textLength, cfg, codecs, null);
    }

    /**
     * Reserves one text byte for the entry at {@code k} (so every entry has its own text offset, which
     * maps an error's offset back to the document) and records the document offset {@code at}.
     */
    private int mark(int k, long at) {
        if (k >= subOrigin.length) {
            subOrigin = Arrays.copyOf(subOrigin, Math.max(k + 2, subOrigin.length * 2));
        }
        subOrigin[k] = at;
        byte[] b = text(1);
        int pos = textLength;
        b[pos] = ' ';
        textLength = pos + 1;
        return pos;
    }

    /**
     * @param textOffset an offset in the copy's text (of an error found in the copy)
     * @return the document offset of the copied token whose text starts at or before it, or -1
     */
    long origin(long textOffset) {
        long[] e = sub.entries;
        long best = -1;
        // entries are in text order; find the last entry starting at or before the offset
        for (int k = 0; k < sub.size;) {
            long p = Tape.payload(e[k]);
            if (p > textOffset) {
                break;
            }
            best = subOrigin[k];
            int tag = Tape.tag(e[k]);
            k += tag == Tape.TRUE || tag == Tape.FALSE || tag == Tape.NULL ? 1 : 2;
        }
        return best;
    }

    /**
     * An error found in the copy, moved to its place in the document.
     *
     * @param e the error, in the copy's coordinates
     * @param at the JSON Pointer of the copied value
     * @param where the copied value's location, for an error the copy cannot place
     * @param scan the scan whose buffer still holds the value's bytes
     * @return the error at the document's offset, line and column, its pointer prefixed with {@code at}
     */
    JsonParseException relocate(JsonParseException e, String at, JsonLocation where, EventScan scan) {
        long found = origin(e.offset());
        if (found >= 0) {
            long[] lc = scan.locate(found);
            where = new JsonLocation(found - scan.origin(), lc[0], lc[1]);
        }
        String inner = e.pointer();
        String what = e.getMessage();
        if (inner != null) {
            String prefix = "value at " + (inner.isEmpty() ? "the root" : inner) + ": ";
            if (what.startsWith(prefix)) {
                what = what.substring(prefix.length());
            }
        }
        int cut = what.lastIndexOf(" at line ");
        if (cut >= 0) {
            what = what.substring(0, cut);
        }
        String pointer = inner == null ? (at.isEmpty() ? null : at) : at + inner;
        return new JsonParseException(e.kind(), what, e.detail(), where.offset(), where.line(), where.column(), pointer,
                e.getCause());
    }

    private int open(int sd, boolean obj, long at) {
        Tape s = sub;
        int d = sd + 1;
        if (d >= subIndex.length) {
            subIndex = Arrays.copyOf(subIndex, d * 2);
            subCount = Arrays.copyOf(subCount, d * 2);
        }
        long[] e = s.ensure(2);
        subIndex[d] = s.size;
        subCount[d] = 0;
        e[s.size] = Tape.entry(obj ? Tape.OBJECT : Tape.ARRAY, mark(s.size, at));
        e[s.size + 1] = 0;
        s.size += 2;
        return d;
    }

    /** Appends a string or number entry to {@link #sub}, its bytes moved into {@link #text}. */
    private void copy(int tag, long e1, long at, byte[] source, byte[] input, long inputBase, int inputEnd) {
        Tape s = sub;
        long[] out = s.ensure(2);
        int k = s.size;
        s.size = k + 2;
        int mark = mark(k, at);
        switch (tag) {
            case Tape.STR_ASCII:
            case Tape.STR_UTF8: {
                int len = (int) e1;
                byte[] b = text(len + 1);
                int q = mark; // the reserved byte is the opening quote
                b[q] = '"';
                System.arraycopy(source, inPlace ? (int) at + 1 : (int) (e1 >>> 32), b, q + 1, len);
                b[q + 1 + len] = '"';
                textLength = q + len + 2;
                out[k] = Tape.entry(tag, q);
                out[k + 1] = len;
                return;
            }
            case Tape.BIG_INTEGER:
            case Tape.BIG_DECIMAL: {
                int len = (int) e1;
                byte[] b = text(len);
                int n = mark + 1;
                System.arraycopy(source, inPlace ? (int) at : (int) (e1 >>> 32), b, n, len);
                textLength = n + len;
                out[k] = Tape.entry(tag, n);
                out[k + 1] = len;
                return;
            }
            case Tape.STR_LATIN1: {
                int from = (int) (e1 >>> 32);
                int len = (int) e1;
                byte[] l = s.ensureLatin1(len);
                System.arraycopy(events.latin1, from, l, s.latin1Size, len);
                escapedText(mark, at, input, inputBase, inputEnd);
                out[k] = Tape.entry(tag, mark);
                out[k + 1] = ((long) s.latin1Size << 32) | len;
                s.latin1Size += len;
                return;
            }
            case Tape.STR_UTF16: {
                int from = (int) (e1 >>> 32);
                int len = (int) e1;
                char[] u = s.ensureUtf16(len);
                System.arraycopy(events.utf16, from, u, s.utf16Size, len);
                escapedText(mark, at, input, inputBase, inputEnd);
                out[k] = Tape.entry(tag, mark);
                out[k + 1] = ((long) s.utf16Size << 32) | len;
                s.utf16Size += len;
                return;
            }
            default: { // INT64, DOUBLE: the value is entry 1; the text too, for the binder (a long from 5e3)
                int from = (int) (at - inputBase);
                int len = 0;
                while (from + len < inputEnd && numberByte(input[from + len])) {
                    len++;
                }
                byte[] b = text(len);
                int n = mark + 1;
                System.arraycopy(input, from, b, n, len);
                textLength = n + len;
                out[k] = Tape.entry(tag, n);
                out[k + 1] = e1;
            }
        }
    }

    /**
     * The start of a decoded string's input text (its quote and up to 64 bytes, as written with its
     * escapes) at its mark, where an error message quotes it from (a repeated name under
     * DuplicateKeyPolicy.ERROR); the decoded chars are in the side buffers.
     */
    private void escapedText(int mark, long at, byte[] input, long inputBase, int inputEnd) {
        long from = at - inputBase;
        if (input == null || from < 0 || from >= inputEnd || input[(int) from] != '"') {
            return; // the mark alone
        }
        int f = (int) from;
        int stop = (int) Math.min(inputEnd, from + 66);
        int i = f + 1;
        while (i < stop && input[i] != '"') {
            i += input[i] == '\\' ? 2 : 1;
        }
        int n = Math.min(i + 1, stop) - f;
        byte[] b = text(n - 1);
        System.arraycopy(input, f, b, mark, n);
        textLength = mark + n;
    }

    private static boolean numberByte(byte b) {
        return (b >= '0' && b <= '9') || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E';
    }

    private byte[] text(int more) {
        if ((long) textLength + more > text.length) {
            if ((long) textLength + more > Integer.MAX_VALUE - 16) {
                throw new OutOfMemoryError("a value read with readValue exceeds the largest Java array");
            }
            text = Arrays.copyOf(text, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(text.length * 2L, textLength + more)));
        }
        return text;
    }
}
