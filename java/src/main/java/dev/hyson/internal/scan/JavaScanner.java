package dev.hyson.internal.scan;

import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.number.DoubleParser;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.Swar;
import dev.hyson.internal.text.Utf8;
import java.lang.invoke.VarHandle;

/**
 * The pure-Java backend: one pass over the document that validates it against RFC 8259 (and the
 * reader's lenient options) and writes the {@link Tape}. Iterative, with an explicit container
 * stack, so nesting depth costs heap, never Java stack.
 *
 * <p>Strings are scanned eight bytes at a time (SWAR: one little-endian {@code long} per step,
 * flagging quote, backslash, control and non-ASCII bytes with the classic "has zero byte" trick,
 * Mycroft 1987 / Anderson's Bit Twiddling Hacks); strings without escapes are recorded as spans of
 * the input, so the materializer builds each {@code String} straight from the input bytes.
 */
public final class JavaScanner implements Scanner {
    private static final VarHandle LONG_LE = Swar.LONG_LE;
    private static final long QUOTES = Swar.broadcast('"');
    private static final long BACKSLASHES = Swar.broadcast('\\');
    private static final long SPACES = Swar.broadcast(' ');

    /** Exponents are clamped to this magnitude: beyond it every nonzero significand over- or underflows. */
    private static final int EXPONENT_CLAMP = 1_000_000;

    /** Thrown (without a stack trace) to unwind a failed scan; the error is already in the tape. */
    private static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failure() {
            super(null, null, false, false);
        }
    }

    private static final Failure FAILURE = new Failure();

    /** Bytes before a window's end within which an error may come from a token the end cut off. */
    private static final int CUT_MARGIN = 16;

    /** The single instance; the scanner holds no state. */
    public static final JavaScanner INSTANCE = new JavaScanner();

    private JavaScanner() {
    }

    @Override
    public String name() {
        return "java";
    }

    @Override
    public String kernel() {
        return "swar64";
    }

    @Override
    public boolean scan(byte[] src, int start, int end, ReadConfig cfg, Tape tape) {
        try {
            run(src, start, end, cfg, tape);
            return true;
        } catch (Failure f) {
            return false;
        }
    }

    private static Failure fail(Tape tape, int code, long at) {
        tape.errorCode = code;
        tape.errorOffset = at;
        return FAILURE;
    }

    private static void run(byte[] src, int start, int end, ReadConfig cfg, Tape tape) {
        if ((long) end - start > cfg.maxDocumentLength) {
            throw fail(tape, ScanError.DOCUMENT_LIMIT, start + cfg.maxDocumentLength);
        }
        int pos = start;
        if (end - start >= 3 && src[start] == (byte) 0xEF && src[start + 1] == (byte) 0xBB && src[start + 2] == (byte) 0xBF) {
            if (!cfg.allowByteOrderMark) {
                throw fail(tape, ScanError.BYTE_ORDER_MARK, start);
            }
            pos += 3;
        }
        int depth = 0;
        long[] stack = tape.stack;
        int[] counts = tape.counts;
        pos = skipWhitespace(src, pos, end, cfg, tape);

        value:
        for (;;) {
            if (pos >= end) {
                throw fail(tape, ScanError.EXPECTED_VALUE, pos);
            }
            byte c = src[pos];
            switch (c) {
                case '"':
                    pos = scanString(src, pos, end, cfg, tape);
                    break;
                case '{':
                case '[': {
                    if (depth >= cfg.maxDepth) {
                        throw fail(tape, ScanError.DEPTH_LIMIT, pos);
                    }
                    boolean object = c == '{';
                    int index = open(tape, ++depth, pos, object);
                    stack = tape.stack;
                    counts = tape.counts;
                    pos = skipWhitespace(src, pos + 1, end, cfg, tape);
                    if (pos < end && src[pos] == (object ? '}' : ']')) {
                        depth--;
                        pos++;
                        break;
                    }
                    if (object) {
                        pos = scanName(src, pos, end, cfg, tape);
                    }
                    continue value;
                }
                case 't':
                case 'f':
                case 'n':
                case 'N':
                case 'I':
                    pos = word(src, pos, end, cfg, tape);
                    break;
                default:
                    if ((c >= '0' && c <= '9') || c == '-') {
                        pos = scanNumber(src, pos, end, cfg, tape);
                        break;
                    }
                    throw fail(tape, ScanError.EXPECTED_VALUE, pos);
            }

            // after a value: close containers as far as the input says, or find the next value
            for (;;) {
                if (depth == 0) {
                    pos = skipWhitespace(src, pos, end, cfg, tape);
                    if (pos != end) {
                        throw fail(tape, ScanError.EXPECTED_END, pos);
                    }
                    return;
                }
                counts[depth]++;
                pos = skipWhitespace(src, pos, end, cfg, tape);
                if (pos >= end) {
                    throw fail(tape, (stack[depth] & 1) != 0 ? ScanError.EXPECTED_COMMA_OR_OBJECT_END
                            : ScanError.EXPECTED_COMMA_OR_ARRAY_END, pos);
                }
                byte d = src[pos];
                if ((stack[depth] & 1) != 0) {
                    if (d == ',') {
                        pos = skipWhitespace(src, pos + 1, end, cfg, tape);
                        if (cfg.allowTrailingCommas && pos < end && src[pos] == '}') {
                            pos = close(tape, stack[depth], counts[depth], pos);
                            depth--;
                            continue;
                        }
                        pos = scanName(src, pos, end, cfg, tape);
                        continue value;
                    }
                    if (d == '}') {
                        pos = close(tape, stack[depth], counts[depth], pos);
                        depth--;
                        continue;
                    }
                    throw fail(tape, ScanError.EXPECTED_COMMA_OR_OBJECT_END, pos);
                } else {
                    if (d == ',') {
                        pos = skipWhitespace(src, pos + 1, end, cfg, tape);
                        if (cfg.allowTrailingCommas && pos < end && src[pos] == ']') {
                            pos = close(tape, stack[depth], counts[depth], pos);
                            depth--;
                            continue;
                        }
                        continue value;
                    }
                    if (d == ']') {
                        pos = close(tape, stack[depth], counts[depth], pos);
                        depth--;
                        continue;
                    }
                    throw fail(tape, ScanError.EXPECTED_COMMA_OR_ARRAY_END, pos);
                }
            }
        }
    }

    @Override
    public int scanWindow(byte[] src, int start, int end, boolean last, long base, ReadConfig cfg, Tape tape) {
        tape.windowed = true;
        int phase = tape.phase;
        int depth = tape.depth;
        int pos = start;
        // each step starts at a consumed boundary; a step the window's end cuts is undone and redone
        int unit = start;
        int sizeMark = tape.size;
        int latin1Mark = tape.latin1Size;
        int utf16Mark = tape.utf16Size;
        try {
            for (;;) {
                unit = pos;
                sizeMark = tape.size;
                latin1Mark = tape.latin1Size;
                utf16Mark = tape.utf16Size;
                switch (phase) {
                    case PHASE_START:
                        if (!last && end - pos < 3) {
                            return more(tape, pos, phase, depth);
                        }
                        if (end - pos >= 3 && src[pos] == (byte) 0xEF && src[pos + 1] == (byte) 0xBB && src[pos + 2] == (byte) 0xBF) {
                            if (!cfg.allowByteOrderMark) {
                                throw fail(tape, ScanError.BYTE_ORDER_MARK, pos);
                            }
                            pos += 3;
                        }
                        phase = PHASE_VALUE;
                        continue;
                    case PHASE_VALUE: {
                        pos = windowWhitespace(src, pos, end, cfg, tape, last);
                        if (pos >= end) {
                            if (!last) {
                                return more(tape, pos, phase, depth);
                            }
                            throw fail(tape, ScanError.EXPECTED_VALUE, pos);
                        }
                        byte c = src[pos];
                        switch (c) {
                            case '"':
                                pos = scanString(src, pos, end, cfg, tape);
                                break;
                            case '{':
                            case '[': {
                                if (depth >= cfg.maxDepth) {
                                    throw fail(tape, ScanError.DEPTH_LIMIT, pos);
                                }
                                boolean object = c == '{';
                                open(tape, ++depth, base + pos, object);
                                pos++;
                                phase = object ? PHASE_OBJECT_FIRST : PHASE_ARRAY_FIRST;
                                continue;
                            }
                            case 't':
                            case 'f':
                            case 'n':
                            case 'N':
                            case 'I':
                                pos = word(src, pos, end, cfg, tape);
                                break;
                            default:
                                if ((c >= '0' && c <= '9') || c == '-') {
                                    // a number that may run on past the window's end waits for more input;
                                    // one longer than its limit is the limit's error whatever follows
                                    if (!last && end - pos <= cfg.maxNumberLength && numberReaches(src, pos, end)) {
                                        return more(tape, unit, phase, depth);
                                    }
                                    pos = scanNumber(src, pos, end, cfg, tape);
                                    break;
                                }
                                throw fail(tape, ScanError.EXPECTED_VALUE, pos);
                        }
                        relocate(src, sizeMark, base, tape);
                        phase = valueDone(tape, depth);
                        continue;
                    }
                    case PHASE_OBJECT_FIRST:
                    case PHASE_ARRAY_FIRST:
                    case PHASE_ARRAY_NEXT:
                    case PHASE_NAME: {
                        boolean object = phase == PHASE_OBJECT_FIRST || phase == PHASE_NAME;
                        pos = windowWhitespace(src, pos, end, cfg, tape, last);
                        if (pos >= end) {
                            if (!last) {
                                return more(tape, pos, phase, depth);
                            }
                            throw fail(tape, object ? ScanError.EXPECTED_NAME : ScanError.EXPECTED_VALUE, pos);
                        }
                        boolean first = phase == PHASE_OBJECT_FIRST || phase == PHASE_ARRAY_FIRST;
                        if (src[pos] == (object ? '}' : ']') && (first || cfg.allowTrailingCommas)) {
                            pos = close(tape, tape.stack[depth], first ? 0 : tape.counts[depth], pos);
                            depth--;
                            phase = valueDone(tape, depth);
                            continue;
                        }
                        if (!object) {
                            phase = PHASE_VALUE;
                            continue;
                        }
                        if (src[pos] != '"') {
                            throw fail(tape, ScanError.EXPECTED_NAME, pos);
                        }
                        pos = scanString(src, pos, end, cfg, tape);
                        relocate(src, sizeMark, base, tape);
                        if (pos < end && src[pos] == ':') {
                            pos++; // the common "name": needs no step of its own
                            phase = PHASE_VALUE;
                        } else {
                            phase = PHASE_COLON;
                        }
                        continue;
                    }
                    case PHASE_COLON:
                        pos = windowWhitespace(src, pos, end, cfg, tape, last);
                        if (pos >= end && !last) {
                            return more(tape, pos, phase, depth);
                        }
                        if (pos >= end || src[pos] != ':') {
                            throw fail(tape, ScanError.EXPECTED_COLON, pos);
                        }
                        pos++;
                        phase = PHASE_VALUE;
                        continue;
                    case PHASE_AFTER_VALUE: {
                        boolean object = (tape.stack[depth] & 1) != 0;
                        pos = windowWhitespace(src, pos, end, cfg, tape, last);
                        if (pos >= end) {
                            if (!last) {
                                return more(tape, pos, phase, depth);
                            }
                            throw fail(tape, object ? ScanError.EXPECTED_COMMA_OR_OBJECT_END : ScanError.EXPECTED_COMMA_OR_ARRAY_END, pos);
                        }
                        byte d = src[pos];
                        if (d == ',') {
                            pos++;
                            // without trailing commas the next element is just a value
                            phase = object ? PHASE_NAME : cfg.allowTrailingCommas ? PHASE_ARRAY_NEXT : PHASE_VALUE;
                            continue;
                        }
                        if (d == (object ? '}' : ']')) {
                            pos = close(tape, tape.stack[depth], tape.counts[depth], pos);
                            depth--;
                            phase = valueDone(tape, depth);
                            continue;
                        }
                        throw fail(tape, object ? ScanError.EXPECTED_COMMA_OR_OBJECT_END : ScanError.EXPECTED_COMMA_OR_ARRAY_END, pos);
                    }
                    case PHASE_END:
                        pos = windowWhitespace(src, pos, end, cfg, tape, last);
                        if (pos < end) {
                            throw fail(tape, ScanError.EXPECTED_END, pos);
                        }
                        if (!last) {
                            return more(tape, pos, phase, depth);
                        }
                        tape.phase = phase;
                        tape.depth = depth;
                        return WINDOW_DONE;
                    default:
                        throw new IllegalStateException("corrupt scan state: phase " + phase);
                }
            }
        } catch (Failure f) {
            long at = tape.errorOffset;
            if (!last) {
                int code = tape.errorCode;
                if (code == ScanError.UNTERMINATED_STRING && end - at - 1 > cfg.maxStringLength) {
                    tape.errorCode = ScanError.STRING_LIMIT; // longer than the limit whatever follows
                } else if (code == ScanError.UNTERMINATED_STRING || code == ScanError.UNTERMINATED_COMMENT || at + CUT_MARGIN >= end) {
                    // the window's end may have cut the token: undo the step and wait for more input
                    tape.size = sizeMark;
                    tape.latin1Size = latin1Mark;
                    tape.utf16Size = utf16Mark;
                    tape.errorCode = 0;
                    tape.errorOffset = 0;
                    return more(tape, unit, phase, depth);
                }
            }
            tape.errorOffset = base + at;
            return WINDOW_ERROR;
        }
    }

    private static int more(Tape tape, int resumeAt, int phase, int depth) {
        tape.resumeAt = resumeAt;
        tape.phase = phase;
        tape.depth = depth;
        return WINDOW_MORE;
    }

    /** The phase after a value (scalar or a closed container) at {@code depth}. */
    private static int valueDone(Tape tape, int depth) {
        if (depth == 0) {
            return PHASE_END;
        }
        tape.counts[depth]++;
        return PHASE_AFTER_VALUE;
    }

    /** Whether the bytes that can continue a number run from {@code s} to the window's end. */
    private static boolean numberReaches(byte[] src, int s, int end) {
        int i = s;
        while (i < end) {
            byte b = src[i];
            if (!((b >= '0' && b <= '9') || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E')) {
                return false;
            }
            i++;
        }
        return true;
    }

    /**
     * Makes the one token a step wrote at entry {@code k} independent of the window: its offset
     * becomes absolute and a span's bytes are copied into the tape's span buffer.
     */
    private static void relocate(byte[] src, int k, long base, Tape tape) {
        long[] t = tape.entries;
        long e = t[k];
        t[k] = e + base; // the payload (low bits) is the offset, far below the tag
        int tag = Tape.tag(e);
        if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8 || tag == Tape.BIG_INTEGER || tag == Tape.BIG_DECIMAL) {
            int from = (int) Tape.payload(e) + (tag <= Tape.STR_UTF8 ? 1 : 0); // a string's content follows its quote
            int len = (int) t[k + 1];
            int at = tape.spansSize;
            byte[] spans = (long) at + len <= tape.spans.length ? tape.spans : tape.ensureSpans(len);
            if (len <= 16) {
                for (int i = 0; i < len; i++) {
                    spans[at + i] = src[from + i];
                }
            } else {
                System.arraycopy(src, from, spans, at, len);
            }
            t[k + 1] = ((long) at << 32) | len;
            tape.spansSize = at + len;
        }
    }

    /**
     * {@link #skipWhitespace} for a window: a comment the window's end may cut fails as unterminated,
     * which a non-final window takes as "wait for more input".
     */
    private static int windowWhitespace(byte[] src, int pos, int end, ReadConfig cfg, Tape tape, boolean last) {
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

    /**
     * Writes the entry pair of a container opened at {@code offset} (its count 0 until the close
     * patches it) and pushes it as level {@code depth} of the tape's stack.
     *
     * @return the container's tape index
     */
    private static int open(Tape tape, int depth, long offset, boolean object) {
        long[] t = tape.ensure(2);
        int index = tape.size;
        t[index] = Tape.entry(object ? Tape.OBJECT : Tape.ARRAY, offset);
        t[index + 1] = 0;
        tape.size = index + 2;
        if (depth >= tape.stack.length) {
            tape.stack = java.util.Arrays.copyOf(tape.stack, tape.stack.length * 2);
            tape.counts = java.util.Arrays.copyOf(tape.counts, tape.counts.length * 2);
        }
        tape.stack[depth] = ((long) index << 1) | (object ? 1 : 0);
        tape.counts[depth] = 0;
        return index;
    }

    private static int close(Tape tape, long frame, int count, int pos) {
        tape.entries[(int) (frame >>> 1) + 1] = count;
        return pos + 1;
    }

    /** Reads a member name at {@code pos} (whitespace already skipped), then the ':' and the whitespace after it. */
    private static int scanName(byte[] src, int pos, int end, ReadConfig cfg, Tape tape) {
        if (pos >= end || src[pos] != '"') {
            throw fail(tape, ScanError.EXPECTED_NAME, pos);
        }
        pos = skipWhitespace(src, scanString(src, pos, end, cfg, tape), end, cfg, tape);
        if (pos >= end || src[pos] != ':') {
            throw fail(tape, ScanError.EXPECTED_COLON, pos);
        }
        return skipWhitespace(src, pos + 1, end, cfg, tape);
    }

    /** A value that is a word: {@code true}, {@code false}, {@code null}, or (lenient) {@code NaN}, {@code Infinity}. */
    private static int word(byte[] src, int pos, int end, ReadConfig cfg, Tape tape) {
        switch (src[pos]) {
            case 't':
                return literal(src, pos, end, tape, Tape.TRUE, 'r', 'u', 'e');
            case 'n':
                return literal(src, pos, end, tape, Tape.NULL, 'u', 'l', 'l');
            case 'f':
                if (pos + 5 > end || src[pos + 1] != 'a' || src[pos + 2] != 'l' || src[pos + 3] != 's' || src[pos + 4] != 'e') {
                    throw fail(tape, ScanError.INVALID_LITERAL, pos);
                }
                tape.ensure(1)[tape.size++] = Tape.entry(Tape.FALSE, pos);
                return pos + 5;
            default:
                if (!cfg.allowNonFiniteLiterals) {
                    throw fail(tape, ScanError.EXPECTED_VALUE, pos);
                }
                return nonFinite(src, pos, pos, end, false, tape);
        }
    }

    private static int literal(byte[] src, int pos, int end, Tape tape, int tag, char c1, char c2, char c3) {
        if (pos + 4 > end || src[pos + 1] != c1 || src[pos + 2] != c2 || src[pos + 3] != c3) {
            throw fail(tape, ScanError.INVALID_LITERAL, pos);
        }
        tape.ensure(1)[tape.size++] = Tape.entry(tag, pos);
        return pos + 4;
    }

    /** Reads {@code NaN}, {@code Infinity} (at {@code pos}; the number began at {@code begin}). */
    private static int nonFinite(byte[] src, int begin, int pos, int end, boolean negative, Tape tape) {
        double v;
        int len;
        if (matches(src, pos, end, "NaN") && !negative) {
            v = Double.NaN;
            len = 3;
        } else if (matches(src, pos, end, "Infinity")) {
            v = negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            len = 8;
        } else {
            throw fail(tape, negative ? ScanError.INVALID_NUMBER : ScanError.EXPECTED_VALUE, pos);
        }
        long[] t = tape.ensure(2);
        t[tape.size] = Tape.entry(Tape.DOUBLE, begin);
        t[tape.size + 1] = Double.doubleToRawLongBits(v);
        tape.size += 2;
        return pos + len;
    }

    private static boolean matches(byte[] src, int pos, int end, String word) {
        if (pos + word.length() > end) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (src[pos + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int skipWhitespace(byte[] src, int pos, int end, ReadConfig cfg, Tape tape) {
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
     * Scans the string whose opening quote is at {@code q}; returns the index after its closing
     * quote. The fast path never copies: a string without escapes becomes a span of the input.
     */
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

    private static int scanString(byte[] src, int q, int end, ReadConfig cfg, Tape tape) {
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

    /** Whether the eight bytes of {@code v} (little-endian) are all ASCII digits (SWAR). */
    private static boolean isEightDigits(long v) {
        return ((v & 0xF0F0F0F0F0F0F0F0L) | (((v + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) >>> 4)) == 0x3333333333333333L;
    }

    /**
     * The value of eight ASCII digits (little-endian in {@code v}): pairs, then quads, then halves
     * folded with three multiplications (Lemire, "Number parsing at a gigabyte per second", section 6).
     */
    private static long parseEightDigits(long v) {
        v -= 0x3030303030303030L;
        v = (v * 10) + (v >>> 8);
        return (((v & 0x000000FF000000FFL) * (100 + (1_000_000L << 32)))
                + (((v >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32)))) >>> 32;
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

    /**
     * A digit expected at {@code i} of the number at {@code s}: a number already longer than
     * maxNumberLength is over the limit whatever follows (the answer a windowed scan gives too).
     */
    private static Failure invalidNumber(Tape tape, int s, int i, ReadConfig cfg) {
        return i - s > cfg.maxNumberLength ? fail(tape, ScanError.NUMBER_LIMIT, s) : fail(tape, ScanError.INVALID_NUMBER, i);
    }

    /**
     * Scans a number (RFC 8259 section 6) at {@code s}, converting it as it goes: the first 19
     * significant digits accumulate into an exact {@code long}, and the value becomes an INT64, a
     * correctly rounded DOUBLE ({@link DoubleParser}), or a span of text for BigInteger/BigDecimal.
     */
    private static int scanNumber(byte[] src, int s, int end, ReadConfig cfg, Tape tape) {
        int i = s;
        boolean negative = false;
        if (src[i] == '-') {
            negative = true;
            i++;
            if (i < end && src[i] == 'I' && cfg.allowNonFiniteLiterals) {
                return nonFinite(src, s, i, end, true, tape);
            }
        }
        if (i >= end) {
            throw invalidNumber(tape, s, i, cfg);
        }
        long w = 0; // significand, exact while digits <= 19 (as an unsigned value)
        int digits = 0; // significant digits seen (leading zeros excluded)
        long adjust = 0; // decimal exponent correction for dropped or fractional digits
        boolean truncated = false;
        int c = src[i];
        if (c == '0') {
            i++;
            if (i < end && src[i] >= '0' && src[i] <= '9') {
                throw invalidNumber(tape, s, i, cfg); // leading zeros are not allowed
            }
        } else if (c >= '1' && c <= '9') {
            // up to 18 digits one at a time (exact in a long): most integer parts are short, and an
            // integer that ends there (the common number of small documents) is written at once
            long v = c - '0';
            int j = i + 1;
            int stop = Math.min(end, i + 18);
            int d;
            while (j < stop && (d = src[j] - '0') >= 0 && d <= 9) {
                v = v * 10 + d;
                j++;
            }
            int next = j < end ? src[j] : ' ';
            if ((next < '0' || next > '9') && next != '.' && next != 'e' && next != 'E') {
                if (j - s > cfg.maxNumberLength) {
                    throw fail(tape, ScanError.NUMBER_LIMIT, s);
                }
                writeNumber(tape, Tape.INT64, s, negative ? -v : v);
                return j;
            }
            w = v;
            digits = j - i;
            i = j;
            // more than 18 digits: eight per step while they fit the 19 exact ones, then one at a time
            while (digits <= 11 && i + 8 <= end) {
                long eight = (long) LONG_LE.get(src, i);
                if (!isEightDigits(eight)) {
                    break;
                }
                w = w * 100_000_000L + parseEightDigits(eight);
                digits += 8;
                i += 8;
            }
            while (i < end && (c = src[i]) >= '0' && c <= '9') {
                if (digits < 19) {
                    w = w * 10 + (c - '0');
                } else {
                    adjust++;
                    truncated = true;
                }
                digits++;
                i++;
            }
        } else {
            throw invalidNumber(tape, s, i, cfg);
        }
        boolean fraction = false;
        long exponent = 0;
        if (i < end && src[i] == '.') {
            fraction = true;
            i++;
            if (i >= end || src[i] < '0' || src[i] > '9') {
                throw invalidNumber(tape, s, i, cfg);
            }
            do {
                if (digits > 0 && digits <= 11 && i + 8 <= end) {
                    long v = (long) LONG_LE.get(src, i);
                    if (isEightDigits(v)) {
                        w = w * 100_000_000L + parseEightDigits(v);
                        digits += 8;
                        adjust -= 8;
                        i += 8;
                        continue;
                    }
                }
                c = src[i];
                if (digits == 0 && c == '0') {
                    adjust--; // a leading zero of the fraction is not significant
                } else if (digits < 19) {
                    w = w * 10 + (c - '0');
                    digits++;
                    adjust--;
                } else {
                    truncated = true;
                    digits++;
                }
                i++;
            } while (i < end && src[i] >= '0' && src[i] <= '9');
        }
        if (i < end && (src[i] == 'e' || src[i] == 'E')) {
            fraction = true;
            i++;
            boolean negativeExponent = false;
            if (i < end && (src[i] == '+' || src[i] == '-')) {
                negativeExponent = src[i] == '-';
                i++;
            }
            if (i >= end || src[i] < '0' || src[i] > '9') {
                throw invalidNumber(tape, s, i, cfg);
            }
            do {
                if (exponent < EXPONENT_CLAMP) {
                    exponent = exponent * 10 + (src[i] - '0');
                }
                i++;
            } while (i < end && src[i] >= '0' && src[i] <= '9');
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (i - s > cfg.maxNumberLength) {
            throw fail(tape, ScanError.NUMBER_LIMIT, s);
        }
        if (!fraction) {
            if (digits <= 19 && !truncated) {
                // w is exact as an unsigned 64-bit value (10^19 - 1 < 2^64)
                if (!negative && Long.compareUnsigned(w, Long.MAX_VALUE) <= 0) {
                    writeNumber(tape, Tape.INT64, s, w);
                    return i;
                }
                if (negative && Long.compareUnsigned(w, Long.MIN_VALUE) <= 0) {
                    writeNumber(tape, Tape.INT64, s, -w);
                    return i;
                }
            }
            writeNumber(tape, Tape.BIG_INTEGER, s, i - s);
            return i;
        }
        if (cfg.bigDecimals) {
            writeNumber(tape, Tape.BIG_DECIMAL, s, i - s);
            return i;
        }
        double d;
        if (truncated) {
            d = DoubleParser.parse(src, s, i);
        } else {
            long e10 = exponent + adjust;
            int clamped = (int) Math.max(-EXPONENT_CLAMP, Math.min(EXPONENT_CLAMP, e10));
            d = DoubleParser.toDouble(w, clamped, negative);
        }
        if (Double.isInfinite(d) && !cfg.allowInfinityForOverflow) {
            throw fail(tape, ScanError.NUMBER_OUT_OF_RANGE, s);
        }
        writeNumber(tape, Tape.DOUBLE, s, Double.doubleToRawLongBits(d));
        return i;
    }

    /** Appends a number's entry pair: tag and offset, then the value's bits or (big numbers) the span's length. */
    private static void writeNumber(Tape tape, int tag, int at, long payload) {
        long[] t = tape.ensure(2);
        int k = tape.size;
        t[k] = Tape.entry(tag, at);
        t[k + 1] = payload;
        tape.size = k + 2;
    }
}
