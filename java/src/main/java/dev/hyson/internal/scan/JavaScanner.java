package dev.hyson.internal.scan;

import static dev.hyson.internal.scan.ScanFailure.fail;

import dev.hyson.internal.tape.Tape;

/**
 * The pure-Java backend: one pass over the document that validates it against RFC 8259 (and the
 * reader's lenient options) and writes the {@link Tape}. Iterative, with an explicit container
 * stack, so nesting depth costs heap, never Java stack.
 *
 * <p>This class holds the whole-document grammar and the container and word steps both grammars
 * share; the windowed grammar is {@link JavaWindowScan}, and the tokens are read by
 * {@link JavaStrings}, {@link JavaNumbers} and {@link JavaWhitespace}, static methods over the
 * same arrays (no allocation or virtual call per token).
 */
public final class JavaScanner implements Scanner {
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
        } catch (ScanFailure f) {
            return false;
        }
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
        pos = JavaWhitespace.skipWhitespace(src, pos, end, cfg, tape);

        value:
        for (;;) {
            if (pos >= end) {
                throw fail(tape, ScanError.EXPECTED_VALUE, pos);
            }
            byte c = src[pos];
            switch (c) {
                case '"':
                    pos = JavaStrings.scanString(src, pos, end, cfg, tape);
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
                    pos = JavaWhitespace.skipWhitespace(src, pos + 1, end, cfg, tape);
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
                        pos = JavaNumbers.scanNumber(src, pos, end, cfg, tape);
                        break;
                    }
                    throw fail(tape, ScanError.EXPECTED_VALUE, pos);
            }

            // after a value: close containers as far as the input says, or find the next value
            for (;;) {
                if (depth == 0) {
                    pos = JavaWhitespace.skipWhitespace(src, pos, end, cfg, tape);
                    if (pos != end) {
                        throw fail(tape, ScanError.EXPECTED_END, pos);
                    }
                    return;
                }
                counts[depth]++;
                pos = JavaWhitespace.skipWhitespace(src, pos, end, cfg, tape);
                if (pos >= end) {
                    throw fail(tape, (stack[depth] & 1) != 0 ? ScanError.EXPECTED_COMMA_OR_OBJECT_END
                            : ScanError.EXPECTED_COMMA_OR_ARRAY_END, pos);
                }
                byte d = src[pos];
                if ((stack[depth] & 1) != 0) {
                    if (d == ',') {
                        pos = JavaWhitespace.skipWhitespace(src, pos + 1, end, cfg, tape);
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
                        pos = JavaWhitespace.skipWhitespace(src, pos + 1, end, cfg, tape);
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
        tape.countedTo = -1; // the Java scan counts no lines: its callers count them (Tape.countedFrom)
        return JavaWindowScan.scanWindow(src, start, end, last, base, cfg, tape);
    }

    /**
     * Writes the entry pair of a container opened at {@code offset} (its count 0 until the close
     * patches it) and pushes it as level {@code depth} of the tape's stack.
     *
     * @return the container's tape index
     */
    static int open(Tape tape, int depth, long offset, boolean object) {
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

    static int close(Tape tape, long frame, int count, int pos) {
        tape.entries[(int) (frame >>> 1) + 1] = count;
        return pos + 1;
    }

    /** Reads a member name at {@code pos} (whitespace already skipped), then the ':' and the whitespace after it. */
    private static int scanName(byte[] src, int pos, int end, ReadConfig cfg, Tape tape) {
        if (pos >= end || src[pos] != '"') {
            throw fail(tape, ScanError.EXPECTED_NAME, pos);
        }
        pos = JavaWhitespace.skipWhitespace(src, JavaStrings.scanString(src, pos, end, cfg, tape), end, cfg, tape);
        if (pos >= end || src[pos] != ':') {
            throw fail(tape, ScanError.EXPECTED_COLON, pos);
        }
        return JavaWhitespace.skipWhitespace(src, pos + 1, end, cfg, tape);
    }

    /** A value that is a word: {@code true}, {@code false}, {@code null}, or (lenient) {@code NaN}, {@code Infinity}. */
    static int word(byte[] src, int pos, int end, ReadConfig cfg, Tape tape) {
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
                return JavaNumbers.nonFinite(src, pos, pos, end, false, tape);
        }
    }

    private static int literal(byte[] src, int pos, int end, Tape tape, int tag, char c1, char c2, char c3) {
        if (pos + 4 > end || src[pos + 1] != c1 || src[pos + 2] != c2 || src[pos + 3] != c3) {
            throw fail(tape, ScanError.INVALID_LITERAL, pos);
        }
        tape.ensure(1)[tape.size++] = Tape.entry(tag, pos);
        return pos + 4;
    }
}
