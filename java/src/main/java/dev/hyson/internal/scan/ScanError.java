package dev.hyson.internal.scan;

import static java.nio.charset.StandardCharsets.US_ASCII;

import dev.hyson.JsonParseException;
import dev.hyson.JsonParseException.Kind;
import dev.hyson.internal.number.NumberText;
import dev.hyson.internal.text.LineCounter;
import dev.hyson.internal.text.Utf8;
import java.util.Arrays;

/**
 * Error codes a scanner leaves in {@code Tape.errorCode}, shared by both backends (the native
 * backend returns the same integers), and their translation into {@link JsonParseException}.
 */
public final class ScanError {
    /** No error. */
    public static final int NONE = 0;
    /** A value was expected. */
    public static final int EXPECTED_VALUE = 1;
    /** A member name (a string) was expected. */
    public static final int EXPECTED_NAME = 2;
    /** A ':' was expected after a member name. */
    public static final int EXPECTED_COLON = 3;
    /** A ',' or '}' was expected in an object. */
    public static final int EXPECTED_COMMA_OR_OBJECT_END = 4;
    /** A ',' or ']' was expected in an array. */
    public static final int EXPECTED_COMMA_OR_ARRAY_END = 5;
    /** Only whitespace may follow the top-level value. */
    public static final int EXPECTED_END = 6;
    /** A word that is not {@code true}, {@code false} or {@code null}. */
    public static final int INVALID_LITERAL = 7;
    /** A number broken where the grammar needs a digit. */
    public static final int INVALID_NUMBER = 8;
    /** A number beyond the double range, with infinities not allowed. */
    public static final int NUMBER_OUT_OF_RANGE = 9;
    /** A string the input ends in. */
    public static final int UNTERMINATED_STRING = 10;
    /** An unescaped control character (below U+0020) in a string. */
    public static final int CONTROL_CHARACTER = 11;
    /** An escape sequence that is not one of RFC 8259 section 7. */
    public static final int INVALID_ESCAPE = 12;
    /** A lone surrogate escape under {@code SurrogatePolicy.ERROR}. */
    public static final int LONE_SURROGATE = 13;
    /** An ill-formed UTF-8 sequence. */
    public static final int INVALID_UTF8 = 14;
    /** Nesting deeper than {@code maxDepth}. */
    public static final int DEPTH_LIMIT = 15;
    /** A string longer than {@code maxStringLength}. */
    public static final int STRING_LIMIT = 16;
    /** A number longer than {@code maxNumberLength}. */
    public static final int NUMBER_LIMIT = 17;
    /** A document longer than {@code maxDocumentLength}. */
    public static final int DOCUMENT_LIMIT = 18;
    /** A repeated member name under {@code DuplicateKeyPolicy.ERROR}. */
    public static final int DUPLICATE_KEY = 19;
    /** A byte order mark the reader does not allow. */
    public static final int BYTE_ORDER_MARK = 20;
    /** A comment the input ends in (comments are a non-standard option). */
    public static final int UNTERMINATED_COMMENT = 21;
    /** Found by the materializer (both backends): a BigDecimal whose exponent does not fit its 32-bit scale. */
    public static final int BIG_DECIMAL_RANGE = 22;

    private ScanError() {
    }

    private static final byte[][] LITERALS = {
        "true".getBytes(US_ASCII), "false".getBytes(US_ASCII),
        "null".getBytes(US_ASCII), "NaN".getBytes(US_ASCII),
        "Infinity".getBytes(US_ASCII)};

    /** Whether {@code src[pos, end)} is a literal cut short by the end of the input (a proper, non-empty prefix). */
    private static boolean literalCut(byte[] src, int pos, int end) {
        int n = end - pos;
        for (byte[] literal : LITERALS) {
            if (n > 0 && n < literal.length && Arrays.equals(src, pos, end, literal, 0, n)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Builds the exception for {@code code} detected at absolute offset {@code at} of
     * {@code src[start, end)}, computing line and column from the input.
     *
     * @param code the error code
     * @param src the input
     * @param start the document's first byte
     * @param end the document's end
     * @param at the absolute offset of the error
     * @param cfg the reader's options (limits are named in the message)
     * @return the exception, with offset, line and column
     */
    public static JsonParseException create(int code, byte[] src, int start, int end, long at, ReadConfig cfg) {
        return create(code, src, start, end, at, cfg, 0, 1, 1);
    }

    /**
     * {@link #create(int, byte[], int, int, long, ReadConfig)} for a window of a stream:
     * {@code src[start]} is at stream offset {@code baseOffset}, on line {@code baseLine} and column
     * {@code baseColumn} (both 1-based, columns counted in code points).
     *
     * @param code the error code
     * @param src the window
     * @param start the window's first byte
     * @param end the window's end
     * @param at the offset of the error in {@code src}
     * @param cfg the reader's options (limits are named in the message)
     * @param baseOffset the stream offset of {@code src[start]}
     * @param baseLine the line of {@code src[start]}
     * @param baseColumn the column of {@code src[start]}
     * @return the exception, with stream offset, line and column
     */
    public static JsonParseException create(int code, byte[] src, int start, int end, long at, ReadConfig cfg,
            long baseOffset, long baseLine, long baseColumn) {
        int pos = (int) Math.max(start, Math.min(at, end));
        if (code == INVALID_LITERAL && literalCut(src, pos, end)) {
            pos = end; // "[tru": the input ended in the literal, as "[1." ends in a number
        }
        LineCounter lines = new LineCounter(baseLine, baseColumn).advance(src, start, pos);
        long line = lines.line();
        long column = lines.column();
        long offset = baseOffset + (pos - start);
        boolean atEnd = pos >= end;
        String found = atEnd ? "unexpected end of input" : "unexpected " + describe(src, pos, end);
        String hint = encodingHint(code, src, start, end, pos, baseOffset);
        switch (code) {
            case EXPECTED_VALUE:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.SYNTAX, found, "expected a value", offset, line, column, hint);
            case EXPECTED_NAME:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.SYNTAX, found, "expected a member name (a string)", offset, line, column, hint);
            case EXPECTED_COLON:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.SYNTAX, found, "expected ':' after the member name", offset, line, column, hint);
            case EXPECTED_COMMA_OR_OBJECT_END:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.SYNTAX, found, "expected ',' or '}'", offset, line, column, hint);
            case EXPECTED_COMMA_OR_ARRAY_END:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.SYNTAX, found, "expected ',' or ']'", offset, line, column, hint);
            case EXPECTED_END:
                return ex(Kind.SYNTAX, found, "expected the end of input after the value", offset, line, column, hint);
            case INVALID_LITERAL:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.SYNTAX, found, "invalid literal: expected true, false or null", offset, line, column, hint);
            case INVALID_NUMBER:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.SYNTAX, found, leadingZero(src, start, pos, end)
                        ? "invalid number: a leading zero is not allowed (RFC 8259 section 6)"
                        : "invalid number: expected a digit", offset, line, column, hint);
            case NUMBER_OUT_OF_RANGE:
                return ex(Kind.NUMBER_OUT_OF_RANGE, "number " + numberText(src, pos, end) + " out of the double range", "allow infinities with JsonReader.Builder.allowInfinityForOverflow(true)", offset, line, column, hint);
            case UNTERMINATED_STRING:
                return ex(Kind.UNEXPECTED_END, "unterminated string", "expected '\"'", offset, line, column, hint);
            case CONTROL_CHARACTER:
                return ex(Kind.CONTROL_CHARACTER, "unescaped control character " + describe(src, pos, end) + " in string", "escape it as \\u00XX (RFC 8259 section 7)", offset, line, column, hint);
            case INVALID_ESCAPE:
                return ex(atEnd ? Kind.UNEXPECTED_END : Kind.INVALID_ESCAPE, "invalid escape sequence", "expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", offset, line, column, hint);
            case LONE_SURROGATE:
                return ex(Kind.LONE_SURROGATE, "lone surrogate escape " + escapeText(src, pos, end), "not allowed by SurrogatePolicy.ERROR", offset, line, column, hint);
            case INVALID_UTF8:
                return ex(Kind.INVALID_UTF8, "invalid UTF-8 " + (atEnd ? "(truncated sequence)" : String.format("byte 0x%02X", src[pos] & 0xFF)), "input must be well-formed UTF-8 (RFC 8259 section 8.1)", offset, line, column, hint);
            case DEPTH_LIMIT:
                return ex(Kind.LIMIT_EXCEEDED, "nesting depth exceeds maxDepth (" + cfg.maxDepth + ")", "raise it with JsonReader.Builder.maxDepth", offset, line, column, hint);
            case STRING_LIMIT:
                return ex(Kind.LIMIT_EXCEEDED, "string longer than maxStringLength (" + cfg.maxStringLength + " bytes)", "raise it with JsonReader.Builder.maxStringLength", offset, line, column, hint);
            case NUMBER_LIMIT:
                return ex(Kind.LIMIT_EXCEEDED, "number longer than maxNumberLength (" + cfg.maxNumberLength + " chars)", "raise it with JsonReader.Builder.maxNumberLength", offset, line, column, hint);
            case DOCUMENT_LIMIT:
                return ex(Kind.LIMIT_EXCEEDED, "document longer than maxDocumentLength (" + cfg.maxDocumentLength + " bytes)", "raise it with JsonReader.Builder.maxDocumentLength", offset, line, column, hint);
            case DUPLICATE_KEY:
                return ex(Kind.DUPLICATE_KEY, "duplicate member name " + stringText(src, pos, end), "not allowed by DuplicateKeyPolicy.ERROR", offset, line, column, hint);
            case BYTE_ORDER_MARK:
                return ex(Kind.BYTE_ORDER_MARK, "byte order mark", "not allowed by JsonReader.Builder.allowByteOrderMark(false)", offset, line, column, hint);
            case BIG_DECIMAL_RANGE:
                return ex(Kind.NUMBER_OUT_OF_RANGE, "number " + numberText(src, pos, end) + " out of the BigDecimal range",
                        "its exponent must fit a 32-bit scale", offset, line, column, hint);
            case UNTERMINATED_COMMENT:
                return ex(Kind.UNEXPECTED_END, "unterminated comment", "expected '*/'", offset, line, column, hint);
            default:
                return ex(Kind.SYNTAX, found, "error code " + code, offset, line, column, hint);
        }
    }

    /**
     * How the encoding hint begins: from here to the end of its message. It needs the document's first
     * 4 bytes in the failing scan, which a stream's windows always hold (the first window of a read is
     * at least 8 KiB and an error is reported where it is found, 16 bytes or more before the window's
     * end). Only the tiny windows of tests (under 20 bytes) can move past them before the error is
     * reported, and then lose the hint: WindowedScanTest compares such messages without it.
     */
    public static final String ENCODING_HINT = "; the input looks like ";

    /**
     * The hint for an error in the first 4 bytes of a document that is UTF-16 or UTF-32, or null. It
     * depends only on the document's first bytes and the error's code and offset, so an array and a
     * stream, scanned whole or in windows, on either backend, give the same one.
     */
    private static String encodingHint(int code, byte[] src, int start, int end, int pos, long baseOffset) {
        if (baseOffset != 0 || pos - start >= 4 || !isGrammarError(code)) {
            return null;
        }
        String encoding = otherEncoding(src, start, end);
        if (encoding == null) {
            return null;
        }
        return ENCODING_HINT + encoding + "; JSON must be UTF-8 (RFC 8259 section 8.1): convert it, e.g. iconv -f "
                + encoding.substring(0, encoding.indexOf(' ')) + " -t UTF-8";
    }

    /**
     * Errors of the grammar or of UTF-8 are what a UTF-16 or UTF-32 document runs into; a limit, a
     * duplicate name or a BigDecimal scale is not about the encoding.
     */
    private static boolean isGrammarError(int code) {
        return code != DEPTH_LIMIT && code != STRING_LIMIT && code != NUMBER_LIMIT && code != DOCUMENT_LIMIT
                && code != DUPLICATE_KEY && code != BIG_DECIMAL_RANGE && code != BYTE_ORDER_MARK;
    }

    /**
     * The UTF-16 or UTF-32 form that the first bytes of {@code src[start, end)} show, or null: a byte
     * order mark, or the zero bytes ASCII characters have in those encodings, which is how RFC 4627
     * section 3 tells the five apart from the first four bytes (RFC 8259 section 8.1 then made UTF-8
     * the only encoding). Only asked when a document already fails in its first four bytes, where
     * every one of these does; UTF-8 text never has a zero byte there, nor 0xFE or 0xFF anywhere.
     */
    static String otherEncoding(byte[] src, int start, int end) {
        int n = end - start;
        int b0 = n > 0 ? src[start] & 0xFF : -1;
        int b1 = n > 1 ? src[start + 1] & 0xFF : -1;
        int b2 = n > 2 ? src[start + 2] & 0xFF : -1;
        int b3 = n > 3 ? src[start + 3] & 0xFF : -1;
        if (b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            return "UTF-32BE (byte order mark 00 00 FE FF)";
        } else if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) {
            return "UTF-32LE (byte order mark FF FE 00 00)";
        } else if (b0 == 0xFE && b1 == 0xFF) {
            return "UTF-16BE (byte order mark FE FF)";
        } else if (b0 == 0xFF && b1 == 0xFE) {
            return "UTF-16LE (byte order mark FF FE)";
        } else if (n < 4) {
            return null;
        } else if (b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0) {
            return "UTF-32BE (zero bytes before each character)";
        } else if (b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0) {
            return "UTF-32LE (zero bytes after each character)";
        } else if (b0 == 0 && b1 != 0 && b2 == 0 && b3 != 0) {
            return "UTF-16BE (a zero byte before each character)";
        } else if (b0 != 0 && b1 == 0 && b2 != 0 && b3 == 0) {
            return "UTF-16LE (a zero byte after each character)";
        }
        return null;
    }

    /**
     * The limit error for a direct buffer longer than {@code maxDocumentLength}, located by reading
     * the buffer in small chunks (it is never copied whole).
     *
     * @param buf the input, from its position
     * @param cfg the reader's options
     * @return the exception, at offset {@code maxDocumentLength}
     */
    public static JsonParseException documentTooLong(java.nio.ByteBuffer buf, ReadConfig cfg) {
        long limit = cfg.maxDocumentLength;
        LineCounter lines = new LineCounter(1, 1);
        byte[] chunk = new byte[(int) Math.min(limit, 8192)];
        java.nio.ByteBuffer from = buf.duplicate();
        for (long done = 0; done < limit; done += chunk.length) {
            int n = (int) Math.min(chunk.length, limit - done);
            from.get(chunk, 0, n);
            lines.advance(chunk, 0, n);
        }
        long line = lines.line();
        long column = lines.column();
        return ex(Kind.LIMIT_EXCEEDED, "document longer than maxDocumentLength (" + limit + " bytes)",
                "raise it with JsonReader.Builder.maxDocumentLength", limit, line, column);
    }

    private static JsonParseException ex(Kind kind, String what, String detail, long offset, long line, long column) {
        return new JsonParseException(kind, what, detail, offset, line, column);
    }

    private static JsonParseException ex(Kind kind, String what, String detail, long offset, long line, long column,
            String hint) {
        return new JsonParseException(kind, what, hint == null ? detail : detail + hint, offset, line, column);
    }

    /** Describes the character at pos: printable ASCII quoted, anything else as U+XXXX or a byte. */
    private static String describe(byte[] src, int pos, int end) {
        int b = src[pos] & 0xFF;
        if (b >= 0x20 && b < 0x7F) {
            return "'" + (char) b + "'";
        }
        if (b < 0x80) {
            return String.format("U+%04X", b);
        }
        int cp = Utf8.codePointAt(src, pos, end);
        return cp < 0 ? String.format("byte 0x%02X", b) : String.format("U+%04X", cp);
    }

    /**
     * The text of the number at {@code pos} as the grammar reads it (RFC 8259 section 6), at most 40
     * characters shown: the same whether the input is an array or a window of a stream.
     */
    private static String numberText(byte[] src, int pos, int end) {
        int i = NumberText.end(src, pos, end);
        i = i < 0 ? ~i : i;
        int shown = Math.min(i - pos, 40);
        String s = new String(src, pos, shown, java.nio.charset.StandardCharsets.ISO_8859_1);
        return shown < i - pos ? s + "..." : s;
    }

    private static String escapeText(byte[] src, int pos, int end) {
        int n = Math.min(6, end - pos);
        return new String(src, pos, n, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static String stringText(byte[] src, int pos, int end) {
        int i = pos + 1;
        while (i < end && src[i] != '"' && i - pos < 60) {
            if (src[i] == '\\') {
                i++;
            }
            i++;
        }
        i = Math.min(i + 1, end);
        return new String(src, pos, i - pos, java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * Whether the bad number byte at {@code pos} is a digit after an integer part's leading {@code 0}
     * ({@code 01}, {@code -01}): the grammar allows no digit there, and "expected a digit" would read
     * as a contradiction. An exponent's leading zeros ({@code 1e01}) are valid and never fail.
     */
    private static boolean leadingZero(byte[] src, int start, int pos, int end) {
        if (pos >= end || pos - 1 < start || src[pos] < '0' || src[pos] > '9' || src[pos - 1] != '0') {
            return false;
        }
        if (pos - 2 < start) {
            return true;
        }
        byte b = src[pos - 2];
        return !(b >= '0' && b <= '9' || b == '.' || b == 'e' || b == 'E' || b == '+');
    }
}
