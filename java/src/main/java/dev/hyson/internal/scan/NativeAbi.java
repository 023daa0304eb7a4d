package dev.hyson.internal.scan;

import dev.hyson.internal.tape.Tape;

/**
 * The contract with the C layer: every {@code #define HYSON_*} value of
 * {@code native/include/hyson/hyson.h}, under the same name. {@code NativeAbiTest} parses the header
 * and holds each constant here to it, so the two sides cannot drift; where Java already has the value
 * (tape tags, scan errors, window phases) the constant is that value, so those are checked too.
 */
final class NativeAbi {
    private NativeAbi() {
    }

    /** Bumped with the tape, the error codes or the JNI signatures; the loader refuses any other. */
    static final int HYSON_ABI_VERSION = 9;

    static final int HYSON_TAG_OBJECT = Tape.OBJECT;
    static final int HYSON_TAG_ARRAY = Tape.ARRAY;
    static final int HYSON_TAG_STR_ASCII = Tape.STR_ASCII;
    static final int HYSON_TAG_STR_UTF8 = Tape.STR_UTF8;
    static final int HYSON_TAG_STR_LATIN1 = Tape.STR_LATIN1;
    static final int HYSON_TAG_STR_UTF16 = Tape.STR_UTF16;
    static final int HYSON_TAG_INT64 = Tape.INT64;
    static final int HYSON_TAG_DOUBLE = Tape.DOUBLE;
    static final int HYSON_TAG_BIG_INTEGER = Tape.BIG_INTEGER;
    static final int HYSON_TAG_BIG_DECIMAL = Tape.BIG_DECIMAL;
    static final int HYSON_TAG_TRUE = Tape.TRUE;
    static final int HYSON_TAG_FALSE = Tape.FALSE;
    static final int HYSON_TAG_NULL = Tape.NULL;
    static final int HYSON_TAG_END_OBJECT = Tape.END_OBJECT;
    static final int HYSON_TAG_END_ARRAY = Tape.END_ARRAY;
    static final int HYSON_TAG_SHIFT = Tape.TAG_SHIFT;

    /** A scan succeeded (and for the JNI glue: its tape is in the caller's arrays). */
    static final int HYSON_OK = ScanError.NONE;
    static final int HYSON_ERR_EXPECTED_VALUE = ScanError.EXPECTED_VALUE;
    static final int HYSON_ERR_EXPECTED_NAME = ScanError.EXPECTED_NAME;
    static final int HYSON_ERR_EXPECTED_COLON = ScanError.EXPECTED_COLON;
    static final int HYSON_ERR_EXPECTED_COMMA_OR_OBJECT_END = ScanError.EXPECTED_COMMA_OR_OBJECT_END;
    static final int HYSON_ERR_EXPECTED_COMMA_OR_ARRAY_END = ScanError.EXPECTED_COMMA_OR_ARRAY_END;
    static final int HYSON_ERR_EXPECTED_END = ScanError.EXPECTED_END;
    static final int HYSON_ERR_INVALID_LITERAL = ScanError.INVALID_LITERAL;
    static final int HYSON_ERR_INVALID_NUMBER = ScanError.INVALID_NUMBER;
    static final int HYSON_ERR_NUMBER_OUT_OF_RANGE = ScanError.NUMBER_OUT_OF_RANGE;
    static final int HYSON_ERR_UNTERMINATED_STRING = ScanError.UNTERMINATED_STRING;
    static final int HYSON_ERR_CONTROL_CHARACTER = ScanError.CONTROL_CHARACTER;
    static final int HYSON_ERR_INVALID_ESCAPE = ScanError.INVALID_ESCAPE;
    static final int HYSON_ERR_LONE_SURROGATE = ScanError.LONE_SURROGATE;
    static final int HYSON_ERR_INVALID_UTF8 = ScanError.INVALID_UTF8;
    static final int HYSON_ERR_DEPTH_LIMIT = ScanError.DEPTH_LIMIT;
    static final int HYSON_ERR_STRING_LIMIT = ScanError.STRING_LIMIT;
    static final int HYSON_ERR_NUMBER_LIMIT = ScanError.NUMBER_LIMIT;
    static final int HYSON_ERR_DOCUMENT_LIMIT = ScanError.DOCUMENT_LIMIT;
    static final int HYSON_ERR_DUPLICATE_KEY = ScanError.DUPLICATE_KEY;
    static final int HYSON_ERR_BYTE_ORDER_MARK = ScanError.BYTE_ORDER_MARK;
    static final int HYSON_ERR_UNTERMINATED_COMMENT = ScanError.UNTERMINATED_COMMENT;

    /** Not a JSON error: the C side could not allocate memory; thrown as {@link OutOfMemoryError}. */
    static final int HYSON_ERR_OUT_OF_MEMORY = 100;
    /** Not a JSON error: the glue was called with a bad handle, kernel or range (a bug in hyson). */
    static final int HYSON_ERR_BAD_ARGUMENT = 101;
    /** Not a JSON error: a windowed scan resumed in a phase the C side never writes. */
    static final int HYSON_ERR_CORRUPT_STATE = 102;

    /** A windowed scan needs more input; {@link #HYSON_INFO_RESUME} says where to continue. */
    static final int HYSON_MORE_INPUT = -1;
    /** A document was scanned but the tape arrays are too small: grow them to the info sizes, then copy out. */
    static final int HYSON_ARRAYS_TOO_SMALL = -2;

    /** Slots of the info array the glue fills after every scan. */
    static final int HYSON_INFO_TAPE_SIZE = 0;
    static final int HYSON_INFO_LATIN1_SIZE = 1;
    static final int HYSON_INFO_UTF16_SIZE = 2;
    static final int HYSON_INFO_ERROR_OFFSET = 3;
    static final int HYSON_INFO_SPANS_SIZE = 4;
    static final int HYSON_INFO_RESUME = 5;
    /**
     * JSON Lines calls: the records written, and the line feeds consumed (RESUME: the offset after them);
     * window calls: the line feeds in the bytes consumed, and the code points after the last of them (of
     * all the bytes consumed when there is none), as {@code LineCounter} counts them.
     */
    static final int HYSON_INFO_LINES = 6;
    static final int HYSON_INFO_NEWLINES = 7;
    static final int HYSON_INFO_TAIL = 8;
    static final int HYSON_INFO_LENGTH = 9;

    /** Fields of a JSON Lines record ({@link LineBatch}). */
    static final int HYSON_LINE_START = LineBatch.START;
    static final int HYSON_LINE_END = LineBatch.END;
    static final int HYSON_LINE_NEWLINES = LineBatch.NEWLINES;
    static final int HYSON_LINE_ENTRY = LineBatch.ENTRY;
    static final int HYSON_LINE_ERROR_CODE = LineBatch.ERROR_CODE;
    static final int HYSON_LINE_ERROR_OFFSET = LineBatch.ERROR_OFFSET;
    static final int HYSON_LINE_FIELDS = LineBatch.FIELDS;

    static final int HYSON_PHASE_START = Scanner.PHASE_START;
    static final int HYSON_PHASE_VALUE = Scanner.PHASE_VALUE;
    static final int HYSON_PHASE_OBJECT_FIRST = Scanner.PHASE_OBJECT_FIRST;
    static final int HYSON_PHASE_ARRAY_FIRST = Scanner.PHASE_ARRAY_FIRST;
    static final int HYSON_PHASE_NAME = Scanner.PHASE_NAME;
    static final int HYSON_PHASE_COLON = Scanner.PHASE_COLON;
    static final int HYSON_PHASE_ARRAY_NEXT = Scanner.PHASE_ARRAY_NEXT;
    static final int HYSON_PHASE_AFTER_VALUE = Scanner.PHASE_AFTER_VALUE;
    static final int HYSON_PHASE_END = Scanner.PHASE_END;

    /** Option flags, as {@link NativeScanner#flags} sets them from a read configuration. */
    static final int HYSON_ALLOW_BYTE_ORDER_MARK = 1 << 0;
    static final int HYSON_ALLOW_COMMENTS = 1 << 1;
    static final int HYSON_ALLOW_TRAILING_COMMAS = 1 << 2;
    static final int HYSON_ALLOW_NON_FINITE_LITERALS = 1 << 3;
    static final int HYSON_ALLOW_INFINITY_FOR_OVERFLOW = 1 << 4;
    static final int HYSON_BIG_DECIMALS = 1 << 5;
    static final int HYSON_EVENTS = 1 << 8;
    static final int HYSON_IN_PLACE = 1 << 9;
    static final int HYSON_TEXT_LINES = 1 << 10;
    /** The lone surrogate policy, two bits from here: keep, replace with U+FFFD, or error. */
    static final int HYSON_SURROGATES_SHIFT = 6;
    static final int HYSON_SURROGATES_KEEP = 0;
    static final int HYSON_SURROGATES_REPLACE = 1;
    static final int HYSON_SURROGATES_ERROR = 2;
}
