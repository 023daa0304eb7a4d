package dev.hyson.internal.scan;

import static dev.hyson.internal.scan.ScanFailure.fail;
import static dev.hyson.internal.scan.Scanner.PHASE_AFTER_VALUE;
import static dev.hyson.internal.scan.Scanner.PHASE_ARRAY_FIRST;
import static dev.hyson.internal.scan.Scanner.PHASE_ARRAY_NEXT;
import static dev.hyson.internal.scan.Scanner.PHASE_COLON;
import static dev.hyson.internal.scan.Scanner.PHASE_END;
import static dev.hyson.internal.scan.Scanner.PHASE_NAME;
import static dev.hyson.internal.scan.Scanner.PHASE_OBJECT_FIRST;
import static dev.hyson.internal.scan.Scanner.PHASE_START;
import static dev.hyson.internal.scan.Scanner.PHASE_VALUE;
import static dev.hyson.internal.scan.Scanner.WINDOW_DONE;
import static dev.hyson.internal.scan.Scanner.WINDOW_ERROR;
import static dev.hyson.internal.scan.Scanner.WINDOW_MORE;

import dev.hyson.internal.tape.Tape;

/**
 * The Java scanner's windowed grammar ({@link Scanner#scanWindow}): the grammar of
 * {@link JavaScanner} written as a state machine over {@link Scanner}'s phases, so a scan can stop
 * between two tokens at a window's end and resume in the next window; each token is relocated out
 * of the window as soon as it is scanned. Strings, numbers and whitespace are read by the same
 * methods as the whole-document grammar.
 */
final class JavaWindowScan {
    /** Bytes before a window's end within which an error may come from a token the end cut off. */
    private static final int CUT_MARGIN = 16;

    private JavaWindowScan() {
    }

    /**
     * The windowed grammar: see {@link Scanner#scanWindow}.
     *
     * @param src the window's bytes
     * @param start the first byte to scan
     * @param end the window's end
     * @param last whether {@code end} is the end of the stream
     * @param base the stream offset of {@code src[0]}
     * @param cfg the reader's options
     * @param tape the windowed tape the scan continues
     * @return {@link Scanner#WINDOW_DONE}, {@link Scanner#WINDOW_MORE} or {@link Scanner#WINDOW_ERROR}
     */
    static int scanWindow(byte[] src, int start, int end, boolean last, long base, ReadConfig cfg, Tape tape) {
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
                        pos = JavaWhitespace.windowWhitespace(src, pos, end, cfg, tape, last);
                        if (pos >= end) {
                            if (!last) {
                                return more(tape, pos, phase, depth);
                            }
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
                                JavaScanner.open(tape, ++depth, base + pos, object);
                                pos++;
                                phase = object ? PHASE_OBJECT_FIRST : PHASE_ARRAY_FIRST;
                                continue;
                            }
                            case 't':
                            case 'f':
                            case 'n':
                            case 'N':
                            case 'I':
                                pos = JavaScanner.word(src, pos, end, cfg, tape);
                                break;
                            default:
                                if ((c >= '0' && c <= '9') || c == '-') {
                                    // a number that may run on past the window's end waits for more input;
                                    // one longer than its limit is the limit's error whatever follows
                                    if (!last && end - pos <= cfg.maxNumberLength && numberReaches(src, pos, end)) {
                                        return more(tape, unit, phase, depth);
                                    }
                                    pos = JavaNumbers.scanNumber(src, pos, end, cfg, tape);
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
                        pos = JavaWhitespace.windowWhitespace(src, pos, end, cfg, tape, last);
                        if (pos >= end) {
                            if (!last) {
                                return more(tape, pos, phase, depth);
                            }
                            throw fail(tape, object ? ScanError.EXPECTED_NAME : ScanError.EXPECTED_VALUE, pos);
                        }
                        boolean first = phase == PHASE_OBJECT_FIRST || phase == PHASE_ARRAY_FIRST;
                        if (src[pos] == (object ? '}' : ']') && (first || cfg.allowTrailingCommas)) {
                            pos = close(tape, depth, first ? 0 : tape.counts[depth], object, pos, base);
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
                        pos = JavaStrings.scanString(src, pos, end, cfg, tape);
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
                        pos = JavaWhitespace.windowWhitespace(src, pos, end, cfg, tape, last);
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
                        pos = JavaWhitespace.windowWhitespace(src, pos, end, cfg, tape, last);
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
                            pos = close(tape, depth, tape.counts[depth], object, pos, base);
                            depth--;
                            phase = valueDone(tape, depth);
                            continue;
                        }
                        throw fail(tape, object ? ScanError.EXPECTED_COMMA_OR_OBJECT_END : ScanError.EXPECTED_COMMA_OR_ARRAY_END, pos);
                    }
                    case PHASE_END:
                        pos = JavaWhitespace.windowWhitespace(src, pos, end, cfg, tape, last);
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
        } catch (ScanFailure f) {
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

    /**
     * Closes the container open at {@code depth}, whose end byte is at {@code pos} (stream offset
     * {@code base + pos}): patches its count into its start, or on an event tape appends an end entry.
     * Returns the index after the end byte.
     */
    private static int close(Tape tape, int depth, int count, boolean object, int pos, long base) {
        if (!tape.events) {
            tape.entries[(int) (tape.stack[depth] >>> 1) + 1] = count;
        } else {
            long[] t = tape.ensure(1);
            t[tape.size++] = Tape.entry(object ? Tape.END_OBJECT : Tape.END_ARRAY, base + pos);
        }
        return pos + 1;
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
        if (tape.inPlace) {
            return; // the entry points into the caller's array, which stays (base 0), or is dropped unread (validation)
        }
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
}
