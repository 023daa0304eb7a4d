package dev.hyson.internal.write;

import dev.hyson.internal.text.Swar;

/** The JSON writer's strings (RFC 8259 section 7): escaping, with the writer's options. */
abstract class JsonStrings extends JsonNumbers {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    private static final int CHUNK = 512;
    private byte[] escapes;
    /**
     * Chars of the string being written, copied out a chunk at a time; made on the first string that
     * needs the per-char loop, so a writer whose strings all take the fast paths allocates none (1 KiB
     * of the 1.3 KB a small document's write used to allocate).
     */
    private char[] chars;

    JsonStrings(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        super(cfg, buf, sink);
        this.escapes = cfg.scriptSafe ? WriteConfig.SCRIPT_SAFE_ESCAPES : WriteConfig.ESCAPES;
    }

    @Override
    void start(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        super.start(cfg, buf, sink);
        this.escapes = cfg.scriptSafe ? WriteConfig.SCRIPT_SAFE_ESCAPES : WriteConfig.ESCAPES;
    }

    /**
     * Writes a string with the escapes RFC 8259 section 7 requires, plus the writer's options:
     * {@code asciiOnly} escapes every non-ASCII char as {@code \\uXXXX} (pairs for supplementary
     * code points), {@code scriptSafe} escapes '/', U+2028 and U+2029 (ruby/json's script_safe).
     * A lone surrogate is always escaped, so the output is valid UTF-8.
     */
    final void writeString(String s) {
        int n = s.length();
        if (n <= COPY_MAX) {
            // the common string is ASCII and needs no escape. Proven without allocating: its chars
            // copied out (the JDK inflates a Latin-1 string with a vector loop) and OR-ed together;
            // then String.getBytes(int, int, byte[], int), which truncates each char to its low byte
            // and so is exact only for a string with no char above U+00FF (here none above U+007F),
            // copies it straight into the output, where a word-at-a-time check looks for escapes
            char[] c = scratch();
            s.getChars(0, n, c, 0);
            int high = 0;
            for (int i = 0; i < n; i++) {
                high |= c[i];
            }
            if (high < 0x80) {
                ensure(n + 2);
                byte[] b = buf;
                int p = pos;
                copyAscii(s, n, b, p + 1);
                // ASCII throughout: '?' is a real char here, and no byte has the high bit
                if (plain(b, p + 1, n, false, cfg.scriptSafe, false)) {
                    b[p] = '"';
                    b[p + 1 + n] = '"';
                    pos = p + n + 2;
                    return;
                }
                if (!cfg.scriptSafe) {
                    // an ASCII string with escapes: its bytes, moved aside, are copied run by run
                    byte[] ascii = asciiScratch();
                    System.arraycopy(b, p + 1, ascii, 0, n);
                    writeEscapedUtf8(ascii, n, true);
                    return;
                }
            }
            writeEscaped(s, n, true);
            return;
        }
        if (n <= PLAIN_MAX) {
            // a long string: the JDK's encoder (a vectorized check and copy for Latin-1 strings) and
            // a word-at-a-time check, at the cost of one array of its UTF-8
            byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (plain(utf8, 0, utf8.length, cfg.asciiOnly, cfg.scriptSafe, true)) {
                int len = utf8.length;
                ensure(len + 2);
                byte[] b = buf;
                int p = pos;
                b[p] = '"';
                System.arraycopy(utf8, 0, b, p + 1, len);
                b[p + 1 + len] = '"';
                pos = p + len + 2;
                return;
            }
            if (!cfg.asciiOnly && !cfg.scriptSafe && writeEscapedUtf8(utf8, utf8.length, false)) {
                return;
            }
        }
        writeEscaped(s, n, false);
    }

    /** The deprecated {@link String#getBytes(int, int, byte[], int)}: exact for the ASCII strings it is given here. */
    @SuppressWarnings("deprecation")
    private static void copyAscii(String s, int n, byte[] b, int at) {
        s.getBytes(0, n, b, at);
    }

    /** An ASCII string's bytes while they are escaped (at most {@link #COPY_MAX}); made on first use. */
    private byte[] asciiBytes;

    private byte[] asciiScratch() {
        byte[] a = asciiBytes;
        if (a == null) {
            a = asciiBytes = new byte[COPY_MAX];
        }
        return a;
    }

    /**
     * Strings up to this many chars take the allocation-free path. Its ASCII proof (an OR over the
     * chars) takes about a cycle a char, which C2 does not vectorize; past this length the JDK's
     * vectorized encoder plus an array of the string's UTF-8 is faster (activitypub.json, all ASCII
     * and mostly long strings, wrote 15% slower with the proof for every length).
     */
    private static final int COPY_MAX = 32;

    /** {@link #chars}, made on first use; it holds a chunk, so any string of the copy path whole. */
    private char[] scratch() {
        char[] c = chars;
        if (c == null) {
            c = chars = new char[CHUNK + 1];
        }
        return c;
    }

    /**
     * The per-char loop: every escape and option, UTF-8 encoded by hand. {@code filled}: the whole
     * string is in {@link #chars} already; otherwise it is copied out a chunk at a time.
     */
    private void writeEscaped(String s, int n, boolean filled) {
        byte[] esc = escapes;
        boolean asciiOnly = cfg.asciiOnly;
        boolean scriptSafe = cfg.scriptSafe;
        ensure(2);
        buf[pos++] = '"';
        char[] chars = scratch();
        int i = 0;
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
        }
        ensure(1);
        buf[pos++] = '"';
    }

    /** Strings up to this many chars (and longer than {@link #COPY_MAX}) try {@link #plain} first. */
    private static final int PLAIN_MAX = 1 << 16;
    private static final long QUOTES = Swar.broadcast('"');
    private static final long BACKSLASHES = Swar.broadcast('\\');
    private static final long QUESTION_MARKS = Swar.broadcast('?');
    private static final long SLASHES = Swar.broadcast('/');

    /**
     * Whether the UTF-8 {@code b[from, from + n)} is a JSON string body as it is, 8 bytes a step: no
     * byte below 0x20, no {@code "} or {@code \}, with {@code questionMarks} no {@code ?} (which is
     * how {@code String.getBytes} writes a lone surrogate, which must be escaped instead; the bytes
     * of a string proven ASCII have real ones), and for the options no non-ASCII byte
     * ({@code asciiOnly}) or no {@code /} and no non-ASCII byte ({@code scriptSafe}: U+2028/9).
     * False sends the string to an escaping loop, which decides exactly.
     */
    private static boolean plain(byte[] b, int from, int n, boolean asciiOnly, boolean scriptSafe, boolean questionMarks) {
        int i = from;
        int end = from + n;
        long bad = 0;
        boolean noHigh = asciiOnly || scriptSafe;
        long slash = scriptSafe ? SLASHES : QUOTES; // quotes again when '/' is plain
        long question = questionMarks ? QUESTION_MARKS : QUOTES;
        for (; i + 8 <= end; i += 8) {
            long v = (long) Swar.LONG_LE.get(b, i);
            bad |= Swar.control(v) | Swar.equal(v, QUOTES) | Swar.equal(v, BACKSLASHES)
                    | Swar.equal(v, question) | Swar.equal(v, slash) | (noHigh ? v & Swar.HIGHS : 0);
        }
        if (bad != 0) {
            return false;
        }
        for (; i < end; i++) {
            int c = b[i];
            if (c >= 0 ? c < 0x20 || c == '"' || c == '\\' || questionMarks && c == '?' || scriptSafe && c == '/' : noHigh) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes {@code utf8} (from {@code String.getBytes}) as a JSON string, escaping its ASCII bytes
     * that RFC 8259 requires (control chars, {@code "} and {@code \\}) and copying the runs between
     * them; the default options only. Multi-byte sequences need no escape there, being non-ASCII
     * bytes throughout.
     *
     * @param utf8 the bytes, {@code utf8[0, len)}
     * @param len how many
     * @param ascii whether the bytes are a string proven ASCII, whose {@code ?} are real
     * @return false, having written nothing, at a {@code ?} of {@code getBytes} output, which may
     *     stand for a lone surrogate that must be escaped instead: the caller then takes the per-char path
     */
    private boolean writeEscapedUtf8(byte[] utf8, int len, boolean ascii) {
        ensure(len * 6 + 2);
        byte[] b = buf;
        byte[] esc = escapes;
        int p = pos;
        b[p++] = '"';
        int run = 0;
        for (int i = 0; i < len; i++) {
            int c = utf8[i];
            if (c < 0 || c >= 0x20 && c != '"' && c != '\\' && (c != '?' || ascii)) {
                continue;
            }
            if (c == '?') {
                return false;
            }
            System.arraycopy(utf8, run, b, p, i - run);
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
        System.arraycopy(utf8, run, b, p, len - run);
        p += len - run;
        b[p++] = '"';
        pos = p;
        return true;
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
