package dev.hyson;

/**
 * Input that is not a JSON text hyson accepts under the reader's options. Every failure of a parse
 * is this exception: never an index exception, a {@link StackOverflowError} or an
 * {@link OutOfMemoryError} for an input past a limit.
 *
 * <p>It carries where the problem was detected: {@link #offset()} (0-based byte offset from the
 * start of the input, or of the slice for {@code parse(bytes, offset, length)}), and the 1-based
 * {@link #line()} and {@link #column()}. Lines end at LF (0x0A); columns count Unicode code points
 * (UTF-8 sequences), so a column matches what an editor shows for UTF-8 text. The message reads
 * like {@code unexpected ']' at line 3, column 17 (byte 45): expected a value}.
 */
public final class JsonParseException extends PositionedException {
    private static final long serialVersionUID = 1L;

    /** The class of problem, for programs that react to errors; the message has the details. */
    public enum Kind {
        /** A character that the JSON grammar (RFC 8259 sections 2-7) does not allow there. */
        SYNTAX,
        /** The input ended inside a value (an unclosed string, array or object, or nothing at all). */
        UNEXPECTED_END,
        /** Bytes that are not well-formed UTF-8 (RFC 3629): bad sequences, overlong forms, encoded surrogates. */
        INVALID_UTF8,
        /** A raw control character U+0000..U+001F inside a string (RFC 8259 section 7 requires an escape). */
        CONTROL_CHARACTER,
        /** A backslash escape that RFC 8259 section 7 does not define, or a malformed {@code \\uXXXX}. */
        INVALID_ESCAPE,
        /** A lone surrogate escape while the reader's {@link SurrogatePolicy} is {@code ERROR}. */
        LONE_SURROGATE,
        /** A number whose magnitude is beyond the double range (such as {@code 1e400}) while infinities are not allowed. */
        NUMBER_OUT_OF_RANGE,
        /** Two members with the same name while the reader's {@link DuplicateKeyPolicy} is {@code ERROR}. */
        DUPLICATE_KEY,
        /** A configured limit (depth, string, number or document length) was exceeded; the message names the setting. */
        LIMIT_EXCEEDED,
        /** A UTF-8 byte order mark while the reader does not allow one. */
        BYTE_ORDER_MARK
    }

    /** The class of problem. */
    private final Kind kind;
    /** The 1-based line. */
    private final long line;
    /** The 1-based column in code points. */
    private final long column;

    /**
     * @param kind the class of problem
     * @param what what was found, e.g. {@code unexpected ']'}; the location follows it in the message
     * @param detail what was expected or what to change, without the location, e.g.
     *     {@code expected a value}; {@code null} or empty for none
     * @param offset 0-based byte offset
     * @param line 1-based line
     * @param column 1-based column in code points
     */
    public JsonParseException(Kind kind, String what, String detail, long offset, long line, long column) {
        super(what + " at line " + line + ", column " + column + byteSuffix(offset)
                + (detail == null || detail.isEmpty() ? "" : ": " + detail), detail, offset);
        this.kind = kind;
        this.line = line;
        this.column = column;
    }

    /** @return the class of problem */
    @Override
    public Kind kind() {
        return kind;
    }

    /** @return the 1-based line number (lines end at LF) */
    public long line() {
        return line;
    }

    /** @return the 1-based column, counted in Unicode code points from the start of the line */
    public long column() {
        return column;
    }
}
