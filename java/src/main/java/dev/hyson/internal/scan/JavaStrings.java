package dev.hyson.internal.scan;

import static dev.hyson.internal.scan.ScanFailure.fail;

import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.Swar;
import dev.hyson.internal.text.Utf8;
import java.lang.invoke.VarHandle;

/**
 * Strings (RFC 8259 section 7) for the Java scanner, scanned eight bytes at a time (SWAR: one
 * little-endian {@code long} per step, flagging quote, backslash, control and non-ASCII bytes with
 * the classic "has zero byte" trick, Mycroft 1987 / Anderson's Bit Twiddling Hacks). A string without
 * escapes is recorded as a span of the input, so the materializer builds each {@code String}
 * straight from the input bytes; one with escapes is decoded into the tape's Latin-1 or UTF-16 buffer.
 */
final class JavaStrings {
    private static final VarHandle LONG_LE = Swar.LONG_LE;
    private static final long QUOTES = Swar.broadcast('"');
    private static final long BACKSLASHES = Swar.broadcast('\\');
    private static final long SPACES = Swar.broadcast(' ');

    private JavaStrings() {
    }

    /**
     * @return the index of the first byte in {@code src[i, end)} that is '"', '\\', below 0x20 or
     *     at least 0x80, or {@code end}
     */
    private static int findSpecial(byte[] src, int i, int end) {
        while (i + 8 <= end) {
            long v = (long) LONG_LE.get(src, i);
            long quote = v ^ QUOTES;
            long backslash = v ^ BACKSLASHES;
            // a byte is flagged when it is '"', '\\', below 0x20 or at least 0x80 (Swar's tests,
            // masked once for the three); the lowest flag is exact
            long special = (((quote - Swar.ONES) & ~quote) | ((backslash - Swar.ONES) & ~backslash) | (v - SPACES) | v)
                    & Swar.HIGHS;
            if (special != 0) {
                return i + (Long.numberOfTrailingZeros(special) >>> 3);
            }
            i += 8;
        }
        while (i < end) {
            byte b = src[i];
            if (b == '"' || b == '\\' || b < 0x20) { // negative bytes (>= 0x80) are below 0x20 too
                return i;
            }
            i++;
        }
        return end;
    }

    /**
     * Scans the string whose opening quote is at {@code q}; returns the index after its closing
     * quote. The fast path never copies: a string without escapes becomes a span of the input.
     */
    static int scanString(byte[] src, int q, int end, ReadConfig cfg, Tape tape) {
        int i = q + 1;
        boolean ascii = true;
        for (;;) {
            i = findSpecial(src, i, end);
            if ((long) i - q - 1 > cfg.maxStringLength) {
                // past the limit whatever the rest holds: the same answer a windowed scan gives
                throw fail(tape, ScanError.STRING_LIMIT, q);
            }
            if (i >= end) {
                throw fail(tape, ScanError.UNTERMINATED_STRING, q);
            }
            byte b = src[i];
            if (b == '"') {
                break;
            }
            if (b == '\\') {
                return scanEscapedString(src, q, end, cfg, tape);
            }
            if (b < 0) {
                // a run of multi-byte sequences is validated here, without going back to the search
                do {
                    int next = Utf8.validate(src, i, end);
                    if (next < 0) {
                        throw fail(tape, (long) i - q - 1 > cfg.maxStringLength ? ScanError.STRING_LIMIT : ScanError.INVALID_UTF8,
                                (long) i - q - 1 > cfg.maxStringLength ? q : i);
                    }
                    i = next;
                } while (i < end && src[i] < 0);
                ascii = false;
            } else {
                throw fail(tape, ScanError.CONTROL_CHARACTER, i);
            }
        }
        int length = i - q - 1;
        if (length > cfg.maxStringLength) {
            throw fail(tape, ScanError.STRING_LIMIT, q);
        }
        long[] t = tape.ensure(2);
        int n = tape.size;
        t[n] = Tape.entry(ascii ? Tape.STR_ASCII : Tape.STR_UTF8, q);
        t[n + 1] = length;
        tape.size = n + 2;
        return i + 1;
    }

    /**
     * The slow path for a string with escapes: decodes it from its opening quote at {@code q} into
     * the Latin-1 side buffer while every char is below U+0100, switching to the UTF-16 buffer at
     * the first char that is not.
     */
    private static int scanEscapedString(byte[] src, int q, int end, ReadConfig cfg, Tape tape) {
        int startLatin1 = tape.latin1Size;
        byte[] latin1 = tape.latin1;
        int n = startLatin1;
        char[] wide = null;
        int startWide = 0;
        int w = 0;
        int i = q + 1;
        for (;;) {
            if ((long) i - q - 1 > cfg.maxStringLength) {
                throw fail(tape, ScanError.STRING_LIMIT, q);
            }
            if (i >= end) {
                throw fail(tape, ScanError.UNTERMINATED_STRING, q);
            }
            // a run of plain ASCII goes over in one copy; the per-byte checks it skips could only
            // have found the length limit, which the check on its last byte finds the same way
            int j = findSpecial(src, i, end);
            if (j > i) {
                if ((long) j - 1 - q - 1 > cfg.maxStringLength) {
                    throw fail(tape, ScanError.STRING_LIMIT, q);
                }
                int run = j - i;
                if (wide == null) {
                    if (n + run > latin1.length) {
                        tape.latin1Size = n;
                        latin1 = tape.ensureLatin1(run);
                    }
                    System.arraycopy(src, i, latin1, n, run);
                    n += run;
                } else {
                    wide = ensure(tape, wide, w, run);
                    for (int k = i; k < j; k++) {
                        wide[w++] = (char) src[k];
                    }
                }
                i = j;
                continue;
            }
            int b = src[i];
            int ch;
            if (b == '"') {
                break;
            } else if (b == '\\') {
                if (i + 1 >= end) {
                    throw fail(tape, ScanError.INVALID_ESCAPE, i);
                }
                int e = src[i + 1];
                switch (e) {
                    case '"': ch = '"'; i += 2; break;
                    case '\\': ch = '\\'; i += 2; break;
                    case '/': ch = '/'; i += 2; break;
                    case 'b': ch = '\b'; i += 2; break;
                    case 'f': ch = '\f'; i += 2; break;
                    case 'n': ch = '\n'; i += 2; break;
                    case 'r': ch = '\r'; i += 2; break;
                    case 't': ch = '\t'; i += 2; break;
                    case 'u': {
                        int unit = hex4(src, i + 2, end);
                        if (unit < 0) {
                            throw fail(tape, ScanError.INVALID_ESCAPE, i);
                        }
                        if (unit >= 0xD800 && unit <= 0xDFFF) {
                            int low = -1;
                            if (unit <= 0xDBFF && i + 8 <= end && src[i + 6] == '\\' && src[i + 7] == 'u') {
                                low = hex4(src, i + 8, end);
                            }
                            if (low >= 0xDC00 && low <= 0xDFFF) {
                                // a valid pair: two UTF-16 units, one code point (RFC 8259 section 7)
                                if (wide == null) {
                                    startWide = tape.utf16Size;
                                    wide = tape.ensureUtf16(n - startLatin1 + 2);
                                    w = widen(latin1, startLatin1, n, wide, startWide);
                                }
                                wide = ensure(tape, wide, w, 2);
                                wide[w++] = (char) unit;
                                wide[w++] = (char) low;
                                i += 12;
                                continue;
                            }
                            if (cfg.loneSurrogates == SurrogatePolicy.ERROR) {
                                throw fail(tape, ScanError.LONE_SURROGATE, i);
                            }
                            ch = cfg.loneSurrogates == SurrogatePolicy.REPLACE ? 0xFFFD : unit;
                        } else {
                            ch = unit;
                        }
                        i += 6;
                        break;
                    }
                    default:
                        throw fail(tape, ScanError.INVALID_ESCAPE, i);
                }
            } else if (b >= 0) {
                if (b < 0x20) {
                    throw fail(tape, ScanError.CONTROL_CHARACTER, i);
                }
                ch = b;
                i++;
            } else {
                int next = Utf8.validate(src, i, end);
                if (next < 0) {
                    throw fail(tape, ScanError.INVALID_UTF8, i);
                }
                int cp = Utf8.decode(src, i, next);
                i = next;
                if (cp >= 0x10000) {
                    if (wide == null) {
                        startWide = tape.utf16Size;
                        wide = tape.ensureUtf16(n - startLatin1 + 2);
                        w = widen(latin1, startLatin1, n, wide, startWide);
                    }
                    wide = ensure(tape, wide, w, 2);
                    wide[w++] = Character.highSurrogate(cp);
                    wide[w++] = Character.lowSurrogate(cp);
                    continue;
                }
                ch = cp;
            }
            if (wide == null) {
                if (ch < 0x100) {
                    if (n >= latin1.length) {
                        tape.latin1Size = n;
                        latin1 = tape.ensureLatin1(1);
                    }
                    latin1[n++] = (byte) ch;
                    continue;
                }
                startWide = tape.utf16Size;
                wide = tape.ensureUtf16(n - startLatin1 + 1);
                w = widen(latin1, startLatin1, n, wide, startWide);
            }
            wide = ensure(tape, wide, w, 1);
            wide[w++] = (char) ch;
        }
        long[] t = tape.ensure(2);
        int k = tape.size;
        if (wide == null) {
            t[k] = Tape.entry(Tape.STR_LATIN1, q);
            t[k + 1] = ((long) startLatin1 << 32) | (n - startLatin1);
            tape.latin1Size = n;
        } else {
            t[k] = Tape.entry(Tape.STR_UTF16, q);
            t[k + 1] = ((long) startWide << 32) | (w - startWide);
            tape.utf16Size = w;
            tape.latin1Size = startLatin1; // the abandoned Latin-1 prefix is not kept
        }
        tape.size = k + 2;
        return i + 1;
    }

    /** Copies the Latin-1 chars decoded so far into the UTF-16 buffer; returns the next free index. */
    private static int widen(byte[] latin1, int from, int to, char[] wide, int at) {
        for (int j = from; j < to; j++) {
            wide[at++] = (char) (latin1[j] & 0xFF);
        }
        return at;
    }

    private static char[] ensure(Tape tape, char[] wide, int w, int more) {
        if (w + more <= wide.length) {
            return wide;
        }
        tape.utf16Size = w;
        return tape.ensureUtf16(more);
    }

    /** @return the value of four hex digits at {@code b[i..i+3]}, or -1 */
    private static int hex4(byte[] b, int i, int end) {
        if (i + 4 > end) {
            return -1;
        }
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = hexValue(b[i + k]);
            if (d < 0) {
                return -1;
            }
            v = (v << 4) | d;
        }
        return v;
    }

    private static int hexValue(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
