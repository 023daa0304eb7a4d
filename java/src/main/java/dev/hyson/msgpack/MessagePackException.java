package dev.hyson.msgpack;

import dev.hyson.JsonException;
import dev.hyson.PositionedException;

/**
 * Input that is not a MessagePack value hyson accepts under the factory's options, or a value that
 * cannot be packed. Every failure of an unpack is this exception: never an index exception, a
 * {@link StackOverflowError} or an {@link OutOfMemoryError} for a declared length or count that the
 * input cannot hold.
 *
 * <p>It belongs to the same family as the JSON errors ({@link JsonException}) and shares the
 * layout of {@link dev.hyson.JsonParseException} ({@link PositionedException}). {@link #offset()}
 * is the 0-based byte offset where the problem was detected, from the start of the input (or of the
 * slice for {@code unpack(bytes, offset, length)}, or of the stream), or -1 when packing. The
 * message is the {@link #detail()} followed by the offset, like
 * {@code unexpected end of input: 4294967040 bytes needed, 3 remain (byte 20)}; a packing failure
 * has none and ends with the path to the value instead, like
 * {@code cannot pack a value of type java.lang.Thread: register an extension for it with
 * MessagePackFactory.Builder.register at $.worker}.
 */
public final class MessagePackException extends PositionedException {
    private static final long serialVersionUID = 1L;

    /** The class of problem, for programs that react to errors; the message has the details. */
    public enum Kind {
        /** The input ended inside a value, or a declared length or count exceeds what remains. */
        TRUNCATED,
        /** The byte 0xC1, which the specification ("Formats") marks as never used. */
        INVALID_FORMAT,
        /** A str whose bytes are not well-formed UTF-8 while invalid UTF-8 is an error. */
        INVALID_UTF8,
        /**
         * A configured limit (depth, string, binary, container or document size) was exceeded (the
         * message names the setting), or a guard against hostile input refused it: map keys sharing
         * hash codes too often, or array/map keys nested more than two deep.
         */
        LIMIT_EXCEEDED,
        /**
         * A timestamp extension (type -1) with a payload of other than 4, 8 or 12 bytes, nanoseconds
         * of 10^9 or more, or seconds outside {@code java.time.Instant}'s range (-31557014167219200
         * to 31556889864403199).
         */
        INVALID_TIMESTAMP,
        /** An extension type with no registered unpacker while unknown extensions are an error. */
        UNKNOWN_EXTENSION,
        /** A registered extension unpacker failed or did not read its payload exactly. */
        EXTENSION_FAILED,
        /** Bytes after the value where exactly one value was expected. */
        TRAILING_DATA,
        /** The input is not the expected kind of value (for example {@code unpackInt} on a str). */
        TYPE_MISMATCH,
        /** An integer that does not fit the requested Java type. */
        INTEGER_OVERFLOW,
        /** A Java value with no MessagePack form (packing only; {@link #offset()} is -1). */
        UNSUPPORTED_VALUE,
        /** Binding: a string that names no constant of the enum. */
        UNKNOWN_ENUM_CONSTANT,
        /** Binding: a map without a member marked {@link dev.hyson.bind.Required}. */
        MISSING_MEMBER,
        /** Binding: a member the type has no property for, while unknown members are an error. */
        UNKNOWN_MEMBER,
        /** Binding: a str that is not valid text for its type (ISO-8601, a UUID, base64), or a user codec's failure. */
        INVALID_TEXT,
        /** Binding: a map bound to a {@link dev.hyson.bind.Discriminator} type has no discriminator member. */
        MISSING_DISCRIMINATOR,
        /** Binding: the discriminator names none of the type's subtypes. */
        UNKNOWN_DISCRIMINATOR
    }

    /** The class of problem. */
    private final Kind kind;

    /**
     * @param kind the class of problem
     * @param detail what was found and what was expected, without the location
     * @param offset 0-based byte offset where it was detected, or -1 when packing
     */
    public MessagePackException(Kind kind, String detail, long offset) {
        super(message(detail, offset), detail, offset);
        this.kind = kind;
    }

    /**
     * @param kind the class of problem
     * @param detail what was found and what was expected, without the location
     * @param offset 0-based byte offset where it was detected, or -1 when packing
     * @param cause the underlying failure (for example of a registered extension unpacker)
     */
    public MessagePackException(Kind kind, String detail, long offset, Throwable cause) {
        super(message(detail, offset), detail, offset, cause);
        this.kind = kind;
    }

    /**
     * A binding failure, with the JSON Pointer of the value it failed on.
     *
     * @param kind the class of problem ({@link Kind#TYPE_MISMATCH} and {@link Kind#INTEGER_OVERFLOW} among the binding ones)
     * @param detail what was found and what was expected, without the location
     * @param offset 0-based byte offset of the value
     * @param pointer the JSON Pointer (RFC 6901) of the value, {@code ""} for the root
     * @param cause the cause (a user codec's exception), or null
     */
    public MessagePackException(Kind kind, String detail, long offset, String pointer, Throwable cause) {
        super("value at " + (pointer.isEmpty() ? "the root" : shown(pointer)) + ": " + message(detail, offset), detail, offset,
                pointer, cause);
        this.kind = kind;
    }

    private static String message(String detail, long offset) {
        return offset < 0 ? detail : detail + byteSuffix(offset);
    }

    /** @return the class of problem */
    @Override
    public Kind kind() {
        return kind;
    }
}
