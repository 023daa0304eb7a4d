package dev.hyson.internal.scan;

import static dev.hyson.internal.scan.ScanFailure.fail;

import dev.hyson.internal.tape.Tape;

/**
 * Whitespace (RFC 8259 section 2: space, tab, LF, CR) and, when the reader allows them, comments
 * (a non-standard extension, off by default) between the tokens of both Java grammars.
 */
final class JavaWhitespace {
    private JavaWhitespace() {
    }

    static int skipWhitespace(byte[] src, int pos, int end, ReadConfig cfg, Tape tape) {
        // compact JSON has no whitespace between tokens: a token byte there returns at once (a
        // check small enough to be inlined into the grammar loops; '/' may start a comment)
        if (pos < end) {
            byte c = src[pos];
            if (c > ' ' && c != '/') {
                return pos;
            }
        }
        return skipSome(src, pos, end, cfg, tape);
    }

    private static int skipSome(byte[] src, int pos, int end, ReadConfig cfg, Tape tape) {
        while (pos < end) {
            byte c = src[pos];
            if (c > ' ') {
                if (c == '/' && cfg.allowComments) {
                    int next = skipComment(src, pos, end, tape, false);
                    if (next == pos) {
                        return pos; // a '/' that starts no comment is the caller's to reject
                    }
                    pos = next;
                    continue;
                }
                return pos;
            }
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                pos++;
            } else {
                return pos;
            }
        }
        return pos;
    }

    /**
     * Skips a {@code //} or {@code /* *&#47;} comment (a non-standard extension, off by default), its
     * bytes checked as UTF-8 as all input is; returns {@code pos} when no comment starts there.
     *
     * @param cutOk whether the input's end may cut the comment (a window more input follows): a
     *     sequence cut there then ends the comment's bytes, not an error
     */
    private static int skipComment(byte[] src, int pos, int end, Tape tape, boolean cutOk) {
        if (pos + 1 >= end) {
            return pos; // a lone '/' is left for the caller to reject
        }
        if (src[pos + 1] == '/') {
            int i = pos + 2;
            while (i < end && src[i] != '\n') {
                i = src[i] < 0 ? commentUtf8(src, i, end, tape, cutOk) : i + 1;
            }
            return i;
        }
        if (src[pos + 1] == '*') {
            int i = pos + 2;
            while (i + 1 < end) {
                if (src[i] == '*' && src[i + 1] == '/') {
                    return i + 2;
                }
                i = src[i] < 0 ? commentUtf8(src, i, end, tape, cutOk) : i + 1;
            }
            if (i < end && src[i] < 0) {
                commentUtf8(src, i, end, tape, true); // the last byte before the end: ill-formed whatever follows
            }
            throw fail(tape, ScanError.UNTERMINATED_COMMENT, pos);
        }
        return pos;
    }

    /** The index after the UTF-8 sequence at {@code src[i]} in a comment ({@code end} when cut there and {@code cutOk}). */
    private static int commentUtf8(byte[] src, int i, int end, Tape tape, boolean cutOk) {
        int next = dev.hyson.internal.text.Utf8.validate(src, i, end);
        if (next >= 0) {
            return next;
        }
        if (cutOk && end - i < sequenceLength(src[i] & 0xFF)) {
            return end;
        }
        throw fail(tape, ScanError.INVALID_UTF8, i);
    }

    /** The bytes a UTF-8 lead byte (at least 0x80) starts a sequence of, or 1 for a byte that starts none. */
    private static int sequenceLength(int b0) {
        return b0 >= 0xC2 && b0 < 0xE0 ? 2 : b0 >= 0xE0 && b0 < 0xF0 ? 3 : b0 >= 0xF0 && b0 < 0xF5 ? 4 : 1;
    }

    /**
     * {@link #skipWhitespace} for a window: a comment the window's end may cut fails as unterminated,
     * which a non-final window takes as "wait for more input".
     */
    static int windowWhitespace(byte[] src, int pos, int end, ReadConfig cfg, Tape tape, boolean last) {
        if (last || !cfg.allowComments) {
            return skipWhitespace(src, pos, end, cfg, tape);
        }
        for (;;) {
            while (pos < end && (src[pos] == ' ' || src[pos] == '\n' || src[pos] == '\r' || src[pos] == '\t')) {
                pos++;
            }
            if (pos >= end || src[pos] != '/') {
                return pos;
            }
            if (pos + 1 >= end) {
                throw fail(tape, ScanError.UNTERMINATED_COMMENT, pos);
            }
            if (src[pos + 1] == '/') {
                int i = skipComment(src, pos, end, tape, true);
                if (i >= end) {
                    throw fail(tape, ScanError.UNTERMINATED_COMMENT, pos);
                }
                pos = i;
            } else if (src[pos + 1] == '*') {
                pos = skipComment(src, pos, end, tape, true);
            } else {
                return pos;
            }
        }
    }
}
