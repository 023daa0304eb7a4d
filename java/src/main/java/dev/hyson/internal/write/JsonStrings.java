package dev.hyson.internal.write;

import dev.hyson.internal.text.AsciiNarrower;
import dev.hyson.internal.text.Swar;

/** The JSON writer's strings (RFC 8259 section 7): escaping, with the writer's options. */
abstract class JsonStrings extends JsonNumbers {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    private static final int CHUNK = AsciiNarrower.CHUNK;
    /**
     * On release, the narrower keeps its view of an output buffer up to this size (the writer keeps
     * such a buffer for the thread's next document, and a new view would cost an object per write),
     * and drops a larger one's, which the writer does not keep.
     */
    private static final int KEEP_VIEW = 1 << 20;
    private byte[] escapes;
    /**
     * Copies strings into the output a chunk at a time, and holds the chars of the chunk being
     * written; made on this writer's first string (and kept from one document to the next).
     */
    private AsciiNarrower narrower;

    JsonStrings(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        super(cfg, buf, sink);
        this.escapes = cfg.scriptSafe ? WriteConfig.SCRIPT_SAFE_ESCAPES : WriteConfig.ESCAPES;
    }

    @Override
    void start(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        super.start(cfg, buf, sink);
        this.escapes = cfg.scriptSafe ? WriteConfig.SCRIPT_SAFE_ESCAPES : WriteConfig.ESCAPES;
        if (buf == null && narrower != null) {
            narrower.release(KEEP_VIEW);
        }
    }

    /**
     * Writes a string with the escapes RFC 8259 section 7 requires, plus the writer's options:
     * {@code asciiOnly} escapes every non-ASCII char as {@code \\uXXXX} (pairs for supplementary
     * code points), {@code scriptSafe} escapes '/', U+2028 and U+2029 (ruby/json's script_safe).
     * A lone surrogate is always escaped, so the output is valid UTF-8.
     *
     * <p>The common string, ASCII with nothing to escape, takes one pass and allocates nothing, at
     * any length, a chunk of {@link #CHUNK} chars at a time: its chars copied out
     * ({@code String.getChars}, which the JDK inflates with a vector loop), narrowed straight into
     * the output by the US-ASCII encoder (an intrinsic vector loop that stops at the first char
     * above U+007F), then checked eight bytes a step for a control char, {@code "} or
     * {@code \\}. A chunk that fails either check, and everything after it, goes to the per-char
     * loop, which decides exactly.
     */
    @Override
    protected final void writeString(String s) {
        int n = s.length();
        if (n <= CHUNK) {
            char[] c = scratch();
            s.getChars(0, n, c, 0);
            ensure(n + 2);
            int p = pos;
            if (asciiInto(n, p + 1)) {
                byte[] b = buf;
                if (plain(b, p + 1, n, cfg.scriptSafe)) {
                    b[p] = '"';
                    b[p + 1 + n] = '"';
                    pos = p + n + 2;
                    return;
                }
                if (!cfg.scriptSafe) {
                    // an ASCII string with escapes: its bytes, moved aside, are copied run by run
                    byte[] ascii = asciiScratch();
                    System.arraycopy(b, p + 1, ascii, 0, n);
                    writeEscapedAscii(ascii, n);
                    return;
                }
            }
            ensure(1);
            buf[pos++] = '"';
            writeEscaped(s, 0, n, true);
            return;
        }
        ensure(1);
        buf[pos++] = '"';
        char[] c = scratch();
        boolean scriptSafe = cfg.scriptSafe;
        for (int i = 0; i < n; i += CHUNK) {
            int m = Math.min(CHUNK, n - i);
            s.getChars(i, i + m, c, 0);
            ensure(m + 1);
            int p = pos;
            if (!asciiInto(m, p) || !plain(buf, p, m, scriptSafe)) {
                writeEscaped(s, i, n, false); // this chunk and the rest, char by char
                return;
            }
            pos = p + m;
        }
        ensure(1);
        buf[pos++] = '"';
    }

    /**
     * Narrows {@code chars()[0, n)} into {@code buf[at, at + n)} ({@link AsciiNarrower#narrow}).
     *
     * @return whether every char was ASCII, so all {@code n} bytes are written
     */
    private boolean asciiInto(int n, int at) {
        return narrower.narrow(n, buf, at);
    }

    /** An ASCII string's bytes while they are escaped (at most {@link #CHUNK}); made on first use. */
    private byte[] asciiBytes;

    private byte[] asciiScratch() {
        byte[] a = asciiBytes;
        if (a == null) {
            a = asciiBytes = new byte[CHUNK];
        }
        return a;
    }

    /** The narrower's chars, made on first use; it holds a chunk, so any string up to a chunk whole. */
    private char[] scratch() {
        AsciiNarrower a = narrower;
        if (a == null) {
            a = narrower = new AsciiNarrower();
        }
        return a.chars();
    }

    /**
     * The per-char loop: every escape and option, UTF-8 encoded by hand, from char {@code from} to
     * the end and the closing quote (the opening one is written). {@code filled}: the whole string
     * is in the scratch chars already; otherwise it is copied out a chunk at a time.
     */
    private void writeEscaped(String s, int from, int n, boolean filled) {
        char[] chars = scratch();
        int i = from;
        while (i < n) {
            // chars are copied out in chunks (one intrinsic copy) and read from the array, which is
            // far cheaper than String.charAt per char; a chunk keeps one char of look-ahead for pairs
            int stop;
            int base;
            if (filled) {
                stop = n;
                base = 0;
            } else {
                stop = Math.min(n, i + CHUNK);
                s.getChars(i, Math.min(n, stop + 1), chars, 0);
                base = i;
            }
            ensure((stop - i) * 6 + 12);
            i = escapeRun(chars, base, i, stop, n);
        }
        ensure(1);
        buf[pos++] = '"';
    }

    /**
     * Writes {@code chars[i - base, stop - base)}, the chars {@code i} to {@code stop} of a string of
     * {@code n}, escaped (room for 6 bytes a char is ensured); a surrogate pair may take the char at
     * {@code stop} too. @return the index after the last char written
     */
    private int escapeRun(char[] chars, int base, int i, int stop, int n) {
        byte[] esc = escapes;
        boolean asciiOnly = cfg.asciiOnly;
        boolean scriptSafe = cfg.scriptSafe;
        byte[] b = buf;
        int p = pos;
        for (; i < stop; i++) {
            char c = chars[i - base];
            if (c < 0x80) {
                byte e = esc[c];
                if (e == 0) {
                    b[p++] = (byte) c;
                } else if (e == 'u') {
                    p = unicodeEscape(b, p, c);
                } else {
                    b[p++] = '\\';
                    b[p++] = e;
                }
            } else if (asciiOnly) {
                p = unicodeEscape(b, p, c);
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(chars[i + 1 - base])) {
                    int cp = Character.toCodePoint(c, chars[++i - base]);
                    b[p++] = (byte) (0xF0 | (cp >> 18));
                    b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    p = unicodeEscape(b, p, c); // a lone surrogate has no UTF-8 form
                }
            } else if (scriptSafe && (c == '\u2028' || c == '\u2029')) {
                p = unicodeEscape(b, p, c);
            } else {
                b[p++] = (byte) (0xE0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        pos = p;
        return i;
    }

    /**
     * Writes a decoded string held as chars ({@code u[from, from + n)}: a tape's UTF-16 decoding)
     * with its quotes, escaped as {@link #writeString} escapes, without making a {@code String}.
     */
    final void writeChars(char[] u, int from, int n) {
        writeRaw((byte) '"');
        int end = from + n;
        for (int i = from; i < end;) {
            int stop = Math.min(end, i + CHUNK);
            ensure((stop - i) * 6 + 12);
            i = escapeRun(u, 0, i, stop, end);
        }
        writeRaw((byte) '"');
    }

    /**
     * Writes a decoded string held as Latin-1 bytes ({@code l[from, from + n)}: a tape's Latin-1
     * decoding) with its quotes, escaped as {@link #writeString} escapes.
     */
    final void writeLatin1(byte[] l, int from, int n) {
        writeRaw((byte) '"');
        byte[] esc = escapes;
        boolean asciiOnly = cfg.asciiOnly;
        long slash = cfg.scriptSafe ? SLASHES : QUOTES;
        int end = from + n;
        for (int i = from; i < end;) {
            int stop = Math.min(end, i + CHUNK);
            ensure((stop - i) * 6);
            byte[] b = buf;
            int p = pos;
            for (; i < stop; i++) {
                // eight ASCII bytes with nothing to escape go as they are (see plain)
                while (i + 8 <= stop) {
                    long w = (long) Swar.LONG_LE.get(l, i);
                    if (((w | bad(w, slash)) & HIGHS) != 0) {
                        break;
                    }
                    Swar.LONG_LE.set(b, p, w);
                    i += 8;
                    p += 8;
                }
                if (i == stop) {
                    break;
                }
                int c = l[i] & 0xFF;
                if (c < 0x80) {
                    byte e = esc[c];
                    if (e == 0) {
                        b[p++] = (byte) c;
                    } else if (e == 'u') {
                        p = unicodeEscape(b, p, (char) c);
                    } else {
                        b[p++] = '\\';
                        b[p++] = e;
                    }
                } else if (asciiOnly) {
                    p = unicodeEscape(b, p, (char) c);
                } else {
                    b[p++] = (byte) (0xC0 | (c >> 6));
                    b[p++] = (byte) (0x80 | (c & 0x3F));
                }
            }
            pos = p;
        }
        writeRaw((byte) '"');
    }

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long SPACES = Swar.broadcast(' ');
    private static final long QUOTES = Swar.broadcast('"');
    private static final long BACKSLASHES = Swar.broadcast('\\');
    private static final long SLASHES = Swar.broadcast('/');

    /**
     * Whether the ASCII bytes {@code b[from, from + n)} are a JSON string body as they are: no byte
     * below 0x20, no {@code "} or {@code \\}, and with {@code scriptSafe} no {@code /}. Eight bytes
     * a step, three subtractions: a byte below 0x20 borrows into its top bit when 0x20 is
     * subtracted, and a byte equal to a sought one does when its XOR with it, zero, has 1
     * subtracted. Exact for bytes below 0x80: only a real hit sets a top bit, and the lowest one
     * borrows from nothing (Mycroft's zero-byte test, as in Hacker's Delight section 6-1).
     */
    private static boolean plain(byte[] b, int from, int n, boolean scriptSafe) {
        int end = from + n;
        long slash = scriptSafe ? SLASHES : QUOTES;
        long bad = 0;
        if (n >= 8) {
            int i = from;
            for (; i + 8 < end; i += 8) {
                bad |= bad((long) Swar.LONG_LE.get(b, i), slash);
            }
            // the last word overlaps the one before: no byte loop for the tail
            bad |= bad((long) Swar.LONG_LE.get(b, end - 8), slash);
        } else if (from + 8 <= b.length) {
            // a short string in one word, the bytes past it made 'A' (plain)
            long keep = n == 0 ? 0 : -1L >>> (64 - 8 * n);
            bad = bad(((long) Swar.LONG_LE.get(b, from) & keep) | (PLAIN_BYTES & ~keep), slash);
        } else {
            for (int i = from; i < end; i++) {
                int c = b[i];
                if (c < 0x20 || c == '"' || c == '\\' || scriptSafe && c == '/') {
                    return false;
                }
            }
        }
        return (bad & HIGHS) == 0;
    }

    private static final long PLAIN_BYTES = Swar.broadcast('A');

    /** The top bit of each byte of {@code v} that is below 0x20, {@code "}, {@code \\} or {@code slash}'s byte (others may be set only above a set one). */
    private static long bad(long v, long slash) {
        return (v - SPACES) | ((v ^ QUOTES) - ONES) | ((v ^ BACKSLASHES) - ONES) | ((v ^ slash) - ONES);
    }

    /**
     * Writes the ASCII string {@code ascii[0, len)}, escaping the bytes RFC 8259 requires (control
     * chars, {@code "} and {@code \\}) and copying the runs between them; the default options only.
     */
    private void writeEscapedAscii(byte[] ascii, int len) {
        writeEscapedUtf8(ascii, 0, len);
    }

    /**
     * Writes the well-formed UTF-8 string {@code src[off, off + len)} with its quotes, escaping the bytes
     * RFC 8259 section 7 requires (control chars, {@code "} and {@code \\}) and copying the runs between
     * them, bytes of 0x80 and above included; for the default options only (neither {@code asciiOnly} nor
     * {@code scriptSafe}).
     */
    final void writeEscapedUtf8(byte[] src, int off, int len) {
        byte[] esc = escapes;
        ensure(1);
        buf[pos++] = '"';
        for (int from = off, end = off + len; from < end;) {
            int stop = Math.min(end, from + CHUNK);
            ensure((stop - from) * 6 + 1);
            byte[] b = buf;
            int p = pos;
            int run = from;
            for (int i = from; i < stop; i++) {
                int c = src[i];
                if ((c >= 0x20 || c < 0) && c != '"' && c != '\\') {
                    continue;
                }
                System.arraycopy(src, run, b, p, i - run);
                p += i - run;
                byte e = esc[c];
                if (e == 'u') {
                    p = unicodeEscape(b, p, (char) c);
                } else {
                    b[p++] = '\\';
                    b[p++] = e;
                }
                run = i + 1;
            }
            System.arraycopy(src, run, b, p, stop - run);
            pos = p + stop - run;
            from = stop;
        }
        ensure(1);
        buf[pos++] = '"';
    }

    private static int unicodeEscape(byte[] b, int p, char c) {
        b[p++] = '\\';
        b[p++] = 'u';
        b[p++] = HEX[(c >> 12) & 0xF];
        b[p++] = HEX[(c >> 8) & 0xF];
        b[p++] = HEX[(c >> 4) & 0xF];
        b[p++] = HEX[c & 0xF];
        return p;
    }
}
