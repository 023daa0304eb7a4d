package dev.hyson.internal.scan;

import dev.hyson.internal.tape.Tape;

/**
 * The backend interface: one call scans and validates a whole document and writes its
 * {@link Tape}. It is crossed once per document, never per token, so a native implementation pays
 * the JNI transition once (see HACKING.md).
 *
 * <p>Implementations are stateless and thread-safe; all per-parse state lives in the tape.
 */
public interface Scanner {
    /**
     * Scans {@code src[start, end)} as one JSON text under {@code cfg} into {@code tape}, which the
     * caller has {@link Tape#reset reset}.
     *
     * @param src the input
     * @param start the document's first byte
     * @param end the document's end
     * @param cfg the reader's options
     * @param tape the tape to write
     * @return true when the document is valid; false with {@code tape.errorCode} and
     *     {@code tape.errorOffset} (absolute) set otherwise
     */
    boolean scan(byte[] src, int start, int end, ReadConfig cfg, Tape tape);

    /** {@link #scanWindow} result: the document is complete and valid; the tape is final. */
    int WINDOW_DONE = 0;
    /** {@link #scanWindow} result: more input is needed; resume at {@code tape.resumeAt}. */
    int WINDOW_MORE = 1;
    /** {@link #scanWindow} result: the input is invalid; {@code tape.errorCode} and the absolute {@code tape.errorOffset} say why. */
    int WINDOW_ERROR = 2;

    /*
     * The grammar states a windowed scan stops and resumes in (tape.phase), mirrored by HYSON_PHASE_*
     * in native/include/hyson/hyson.h. A scan always stops between two steps, never inside a token.
     */
    /** Before the first value: the byte order mark is still to be checked. */
    int PHASE_START = 0;
    /** A value is expected (after ':' or at the top level). */
    int PHASE_VALUE = 1;
    /** After '{': a member name or '}'. */
    int PHASE_OBJECT_FIRST = 2;
    /** After '[': a value or ']'. */
    int PHASE_ARRAY_FIRST = 3;
    /** After ',' in an object: a member name (or '}' with trailing commas). */
    int PHASE_NAME = 4;
    /** After a member name: ':'. */
    int PHASE_COLON = 5;
    /** After ',' in an array: a value (or ']' with trailing commas). */
    int PHASE_ARRAY_NEXT = 6;
    /** After a value inside a container: ',' or the container's end. */
    int PHASE_AFTER_VALUE = 7;
    /** After the top-level value: only whitespace until the end. */
    int PHASE_END = 8;

    /**
     * Scans one window {@code src[start, end)} of a stream, continuing the scan whose state is in
     * {@code tape} (a tape {@link Tape#reset reset} before the first window, {@link Tape#windowed}
     * then set). The scan stops only between tokens: when a token may continue past {@code end} and
     * {@code last} is false, it returns {@link #WINDOW_MORE} with {@code tape.resumeAt} at the first
     * byte not consumed, and the caller calls again with those bytes followed by more input. Span
     * bytes are copied into {@link Tape#spans}, so the window's array may be overwritten between
     * calls. Errors are reported as the whole-document {@link #scan} reports them, at the same absolute
     * offset ({@code base} is the stream offset of {@code src[0]}); document length is the caller's
     * to check.
     *
     * @param src the window's bytes
     * @param start the first byte to scan (where the last call said to resume)
     * @param end the window's end
     * @param last whether {@code src[end]} is the end of the stream
     * @param base the stream offset of {@code src[0]}
     * @param cfg the reader's options
     * @param tape the tape the scan continues
     * @return {@link #WINDOW_DONE}, {@link #WINDOW_MORE} or {@link #WINDOW_ERROR}
     */
    int scanWindow(byte[] src, int start, int end, boolean last, long base, ReadConfig cfg, Tape tape);

    /**
     * After a {@link #scanWindow} call on an event tape ({@link Tape#events}) that returned
     * {@link #WINDOW_MORE} or {@link #WINDOW_DONE}: makes the entries (and their side buffers) written
     * since the last take visible in {@code tape}, replacing those of the last take. The grammar state
     * stays for the next window. The Java scanner writes the tape directly, so for it the caller's
     * emptying the tape is all a take is; the native one copies its buffers out.
     *
     * @param tape the event tape of the scan
     */
    default void takeWindow(Tape tape) {
    }

    /**
     * As {@link #takeWindow}, for a scan that never reads its entries (validation): the entries written
     * since the last take are dropped, and {@code tape} is left empty. The native scanner then copies
     * nothing out of its buffers.
     *
     * @param tape the event tape of the scan
     */
    default void dropWindow(Tape tape) {
        takeWindow(tape);
        tape.clearEntries();
    }

    /**
     * Scans the JSON Lines of the window {@code src[start, end)} in one call (the multi-document call:
     * a native scanner crosses JNI once per window, not once per line). Every line that ends in a line
     * feed, and when {@code last} the line the window ends with, is scanned as {@link #scan} scans a
     * document alone; a line is its bytes without the line feed and one carriage return before it,
     * and blank lines (spaces, tabs, carriage returns) get no record. The valid lines' tapes are
     * appended in order to {@code tape} (each line's value starts at its record's
     * {@link LineBatch#ENTRY}); an invalid line's record holds the error code and absolute offset
     * {@link #scan} gives for it; a line longer than {@code cfg.maxDocumentLength} gets
     * {@link ScanError#DOCUMENT_LIMIT} at its byte {@code maxDocumentLength}, unscanned. An unfinished
     * last line (no line feed, {@code last} false) is left: {@link LineBatch#consumed} says where the
     * next window starts.
     *
     * @param src the window's bytes
     * @param start the window's first byte
     * @param end the window's end
     * @param last whether the input ends at {@code end}
     * @param cfg the reader's options
     * @param tape the tape the valid lines are appended to (emptied first)
     * @param batch the records, filled
     */
    default void scanLines(byte[] src, int start, int end, boolean last, ReadConfig cfg, Tape tape, LineBatch batch) {
        LineBatch.scanLines(this, src, start, end, last, cfg, tape, batch);
    }

    /**
     * Frees the large buffers this scanner keeps for {@code tape} from one {@link #scanLines} window to
     * the next (the native scanner keeps its C buffers, so a stream of long lines does not grow them
     * again for each); called when a JSON Lines read is done. The tape stays usable.
     *
     * @param tape a tape this scanner scanned into
     */
    default void release(Tape tape) {
    }

    /** @return the backend's name: {@code java} or {@code native} */
    String name();

    /** @return the CPU kernel in use, e.g. {@code swar64} for Java, {@code avx2} for native */
    String kernel();
}
