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
                    int next = skipComment(src, pos, end, tape);
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

    /** Skips a {@code //} or {@code /* *&#47;} comment (a non-standard extension, off by default). */
    private static int skipComment(byte[] src, int pos, int end, Tape tape) {
        if (pos + 1 >= end) {
            return pos; // a lone '/' is left for the caller to reject
        }
        if (src[pos + 1] == '/') {
            int i = pos + 2;
            while (i < end && src[i] != '\n') {
                i++;
            }
            return i;
        }
        if (src[pos + 1] == '*') {
            for (int i = pos + 2; i + 1 < end; i++) {
                if (src[i] == '*' && src[i + 1] == '/') {
                    return i + 2;
                }
            }
            throw fail(tape, ScanError.UNTERMINATED_COMMENT, pos);
        }
        return pos;
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
                int i = pos + 2;
                while (i < end && src[i] != '\n') {
                    i++;
                }
                if (i >= end) {
                    throw fail(tape, ScanError.UNTERMINATED_COMMENT, pos);
                }
                pos = i;
            } else if (src[pos + 1] == '*') {
                pos = skipComment(src, pos, end, tape);
            } else {
                return pos;
            }
        }
    }
}
