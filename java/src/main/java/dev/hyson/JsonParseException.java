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
        BYTE_ORDER_MARK,
        /** Binding: a value of the wrong JSON type for its Java type (a string for an {@code int}, null for a primitive). */
        TYPE_MISMATCH,
        /** Binding: a number outside its Java type's range ({@code 300} for a {@code byte}), or with a fraction for an integer type. */
        VALUE_OUT_OF_RANGE,
        /** Binding: a string that names no constant of the enum. */
        UNKNOWN_ENUM_CONSTANT,
        /** Binding: an object without a member marked {@link dev.hyson.bind.Required}; the pointer names the object. */
        MISSING_MEMBER,
        /** Binding: a member the type has no property for, while {@link dev.hyson.bind.Binder.Builder#failOnUnknownMembers} is set. */
        UNKNOWN_MEMBER,
        /** Binding: a string that is not valid text for its type (ISO-8601 for {@code java.time}, a UUID, base64), or a user codec's failure. */
        INVALID_FORMAT,
        /** Binding: an object bound to a {@link dev.hyson.bind.Discriminator} type has no discriminator member (or it is not a string). */
        MISSING_DISCRIMINATOR,
        /** Binding: the discriminator names none of the type's subtypes. */
        UNKNOWN_DISCRIMINATOR
    }

    /** The class of problem. */
    private final Kind kind;
    /** The 1-based line. */
    private final long line;
    /** The 1-based column in code points. */
    private final long column;
    /** What was found, as given to the constructor (the message without location and detail). */
    private final String what;

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
        this(kind, what, detail, offset, line, column, null, null);
    }

    /**
     * An error while binding a value, with the JSON Pointer of that value.
     *
     * @param kind the class of problem
     * @param what what went wrong
     * @param detail the expectation or hint, may be null
     * @param offset 0-based byte offset of the value
     * @param line 1-based line
     * @param column 1-based column in code points
     * @param pointer the JSON Pointer (RFC 6901) of the value, {@code ""} for the root, or null for none
     * @param cause the cause (a user codec's exception), or null
     */
    public JsonParseException(Kind kind, String what, String detail, long offset, long line, long column, String pointer,
            Throwable cause) {
        super((pointer == null ? what : "value at " + (pointer.isEmpty() ? "the root" : shown(pointer)) + ": " + what)
                + " at line " + line + ", column " + column + byteSuffix(offset)
                + (detail == null || detail.isEmpty() ? "" : ": " + detail), detail, offset, pointer, cause);
        this.kind = kind;
        this.line = line;
        this.column = column;
        this.what = what;
    }

    /**
     * This error placed in a larger input: JSON Lines parse each line as a document of its own and
     * report its errors at the line's place in the whole input.
     *
     * @param offset the 0-based byte offset in the whole input
     * @param line the 1-based line in the whole input
     * @param column the 1-based column
     * @return an exception equal to this one but for the location
     */
    JsonParseException relocate(long offset, long line, long column) {
        return new JsonParseException(kind, what, detail(), offset, line, column, pointer(), getCause());
    }

    /**
     * This binding error placed in a larger document: a lazy document's subtree is bound from its own
     * root, and its errors name the pointer from the document's root.
     *
     * @param prefix the JSON Pointer of the subtree in the document
     * @return an exception equal to this one but for the pointer ({@code prefix} before it), or this
     *     one when it has no pointer
     */
    JsonParseException under(String prefix) {
        String p = pointer();
        if (p == null || prefix.isEmpty()) {
            return this;
        }
        return new JsonParseException(kind, what, detail(), offset(), line, column, prefix + p, getCause());
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
