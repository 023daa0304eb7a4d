package dev.hyson.internal.text;

/**
 * UTF-8 validation and decoding of single sequences, following the well-formed byte sequences of
 * the Unicode Standard, table 3-7 (RFC 3629 section 4): no overlong forms (C0, C1, E0 80..9F,
 * F0 80..8F), no encoded surrogates (ED A0..BF), nothing above U+10FFFF (F4 90.., F5..FF).
 */
public final class Utf8 {
    private Utf8() {
    }

    /**
     * Validates the multi-byte sequence whose lead byte is {@code b[i]} (a byte &gt;= 0x80).
     *
     * @param b the bytes
     * @param i the index of the lead byte
     * @param end the end of the readable bytes
     * @return the index after the sequence, or -1 when the sequence is ill-formed or runs past
     *     {@code end}
     */
    public static int validate(byte[] b, int i, int end) {
        int b0 = b[i] & 0xFF;
        if (b0 < 0xC2) {
            return -1; // a continuation byte in lead position, or an overlong 2-byte lead
        }
        if (b0 < 0xE0) {
            return i + 1 < end && (b[i + 1] & 0xC0) == 0x80 ? i + 2 : -1;
        }
        if (b0 < 0xF0) {
            if (i + 2 >= end) {
                return -1;
            }
            int b1 = b[i + 1] & 0xFF;
            int lo = b0 == 0xE0 ? 0xA0 : 0x80;
            int hi = b0 == 0xED ? 0x9F : 0xBF;
            return b1 >= lo && b1 <= hi && (b[i + 2] & 0xC0) == 0x80 ? i + 3 : -1;
        }
        if (b0 < 0xF5) {
            if (i + 3 >= end) {
                return -1;
            }
            int b1 = b[i + 1] & 0xFF;
            int lo = b0 == 0xF0 ? 0x90 : 0x80;
            int hi = b0 == 0xF4 ? 0x8F : 0xBF;
            return b1 >= lo && b1 <= hi && (b[i + 2] & 0xC0) == 0x80 && (b[i + 3] & 0xC0) == 0x80 ? i + 4 : -1;
        }
        return -1;
    }

    /**
     * Decodes the sequence at {@code b[i]}, which {@link #validate} accepted ending at {@code next}.
     *
     * @param b the bytes
     * @param i the index of the lead byte
     * @param next the index after the sequence
     * @return the code point
     */
    public static int decode(byte[] b, int i, int next) {
        int b0 = b[i] & 0xFF;
        switch (next - i) {
            case 2:
                return ((b0 & 0x1F) << 6) | (b[i + 1] & 0x3F);
            case 3:
                return ((b0 & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F);
            default:
                return ((b0 & 0x07) << 18) | ((b[i + 1] & 0x3F) << 12) | ((b[i + 2] & 0x3F) << 6) | (b[i + 3] & 0x3F);
        }
    }
    /**
     * The code point of the sequence at {@code b[i]}, an ASCII byte or a well-formed multi-byte
     * sequence ending before {@code end}.
     *
     * @param b the bytes
     * @param i the index of the sequence's first byte ({@code i < end})
     * @param end the end of the readable bytes
     * @return the code point, or -1 when the sequence is ill-formed or cut by {@code end}
     */
    public static int codePointAt(byte[] b, int i, int end) {
        if (b[i] >= 0) {
            return b[i];
        }
        int next = validate(b, i, end);
        return next < 0 ? -1 : decode(b, i, next);
    }

    /**
     * Decodes well-formed UTF-8 {@code src[from, to)} (validated before, e.g. by the scanner) into
     * UTF-16 at {@code dst[at]}; a code point above U+FFFF becomes a surrogate pair. {@code dst}
     * needs room for {@code to - from} chars at most (no sequence yields more chars than bytes).
     *
     * @param src the UTF-8 bytes
     * @param from the first byte to decode
     * @param to the end of the bytes to decode; no sequence may cross it
     * @param dst where the chars go
     * @param at the first index of {@code dst} to write
     * @return the index of {@code dst} after the last char written
     */
    public static int toChars(byte[] src, int from, int to, char[] dst, int at) {
        int n = at;
        int i = from;
        while (i < to) {
            int b = src[i];
            if (b >= 0) {
                dst[n++] = (char) b;
                i++;
            } else if ((b & 0xE0) == 0xC0) {
                dst[n++] = (char) (((b & 0x1F) << 6) | (src[i + 1] & 0x3F));
                i += 2;
            } else if ((b & 0xF0) == 0xE0) {
                dst[n++] = (char) (((b & 0x0F) << 12) | ((src[i + 1] & 0x3F) << 6) | (src[i + 2] & 0x3F));
                i += 3;
            } else {
                int cp = ((b & 0x07) << 18) | ((src[i + 1] & 0x3F) << 12) | ((src[i + 2] & 0x3F) << 6) | (src[i + 3] & 0x3F);
                dst[n++] = Character.highSurrogate(cp);
                dst[n++] = Character.lowSurrogate(cp);
                i += 4;
            }
        }
        return n;
    }

    /**
     * The length of the longest prefix of {@code b[0, len)} that ends on a sequence boundary: a
     * sequence the end cuts is left for later (its lead byte says how long it is).
     *
     * @param b the bytes, well-formed UTF-8 but possibly cut at {@code len}
     * @param len the number of bytes in {@code b}
     * @return {@code len}, or the index of the lead byte of the cut sequence
     */
    public static int completeLength(byte[] b, int len) {
        int j = len - 1;
        while (j >= 0 && j >= len - 4 && (b[j] & 0xC0) == 0x80) {
            j--;
        }
        if (j < 0) {
            return len;
        }
        int lead = b[j] & 0xFF;
        int need = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        return len - j >= need ? len : j;
    }

    /**
     * A JSON text given as a Java string, in UTF-8. A lone surrogate (a {@code char} in U+D800..U+DFFF
     * that is not half of a pair, which UTF-8 cannot encode and {@link String#getBytes} would turn into
     * {@code '?'}) inside a string is written as its escape {@code \\uXXXX}, so the reader's
     * {@code SurrogatePolicy} decides it as for an escape in the input (kept, replaced or an error);
     * elsewhere (outside a string, or right after a backslash, where it would form an escape of its
     * own) it is written as the three bytes a surrogate code point would take (WTF-8), which the scan
     * rejects as ill-formed UTF-8 or as an invalid escape at that place. An escape is six bytes where
     * the character was one: offsets and columns after it count them. The common case (no lone
     * surrogate) costs one pass over the bytes for {@code '?'}.
     *
     * @param json the text
     * @return its UTF-8 bytes, lone surrogates escaped or left ill-formed
     */
    public static byte[] ofJsonText(String json) {
        byte[] b = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int marks = 0;
        for (byte x : b) {
            if (x == '?') {
                marks++;
            }
        }
        if (marks == 0) {
            return b;
        }
        int inText = 0;
        for (int i = 0; i < json.length(); i++) {
            if (json.charAt(i) == '?') {
                inText++;
            }
        }
        if (inText == marks) {
            return b; // every '?' was in the text: no lone surrogate
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(b.length + 16);
        boolean inString = false;
        int backslashes = 0; // the backslashes right before i
        int from = 0; // the first char not written yet
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < json.length() && Character.isLowSurrogate(json.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                byte[] before = json.substring(from, i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                out.write(before, 0, before.length);
                if (inString && (backslashes & 1) == 0) {
                    byte[] escape = String.format(java.util.Locale.ROOT, "\\u%04X", (int) c).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                    out.write(escape, 0, escape.length);
                } else {
                    out.write(0xE0 | (c >> 12));
                    out.write(0x80 | ((c >> 6) & 0x3F));
                    out.write(0x80 | (c & 0x3F));
                }
                from = i + 1;
            } else if (c == '"' && (backslashes & 1) == 0) {
                inString = !inString;
            }
            backslashes = c == '\\' ? backslashes + 1 : 0;
        }
        byte[] rest = json.substring(from).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.write(rest, 0, rest.length);
        return out.toByteArray();
    }

    /**
     * @param b bytes
     * @param s where a text starts
     * @param e where it ends
     * @return {@code s + 3} when {@code b[s, e)} starts with a UTF-8 byte order mark, else {@code s}
     */
    public static int afterByteOrderMark(byte[] b, int s, int e) {
        return e - s >= 3 && b[s] == (byte) 0xEF && b[s + 1] == (byte) 0xBB && b[s + 2] == (byte) 0xBF ? s + 3 : s;
    }
}
