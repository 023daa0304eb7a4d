package dev.hyson;

/**
 * An input that could not be read, or a value that could not be packed, at a known place: the
 * common part of {@link JsonParseException} and {@link dev.hyson.msgpack.MessagePackException}.
 * Each names its class of problem with its own {@code Kind} enum ({@link #kind()}), and places it by
 * {@link #offset()}, the 0-based byte offset where it was detected; the message ends the location
 * with {@code (byte N)}.
 */
public abstract class PositionedException extends JsonException {
    private static final long serialVersionUID = 1L;

    /** The detail of the message without the location. */
    private final String detail;
    /** The 0-based byte offset, or -1 when there is no input position. */
    private final long offset;
    /** The JSON Pointer of the value a binding failed on, or null. */
    private final String pointer;

    /**
     * A JSON Pointer as a message shows it: whole up to 200 chars, else its first 120 and last 60
     * (a member name can be megabytes of the input; {@code pointer()} keeps it whole).
     *
     * @param pointer the pointer
     * @return its text for a message
     */
    protected static String shown(String pointer) {
        return pointer.length() <= 200 ? pointer : pointer.substring(0, 120) + "...(" + (pointer.length() - 180) + " chars)..."
                + pointer.substring(pointer.length() - 60);
    }

    /**
     * @param message the complete message, location included
     * @param detail the message without the location
     * @param offset the 0-based byte offset where the problem was detected, or -1 for none
     */
    protected PositionedException(String message, String detail, long offset) {
        super(message);
        this.detail = detail;
        this.offset = offset;
        this.pointer = null;
    }

    /**
     * @param message the complete message, location included
     * @param detail the message without the location
     * @param offset the 0-based byte offset where the problem was detected, or -1 for none
     * @param cause the underlying failure
     */
    protected PositionedException(String message, String detail, long offset, Throwable cause) {
        this(message, detail, offset, null, cause);
    }

    /**
     * @param message the complete message, location included
     * @param detail the message without the location
     * @param offset the 0-based byte offset where the problem was detected, or -1 for none
     * @param pointer the JSON Pointer (RFC 6901) of the value a binding failed on, or null
     * @param cause the underlying failure, or null
     */
    protected PositionedException(String message, String detail, long offset, String pointer, Throwable cause) {
        super(message, cause);
        this.detail = detail;
        this.offset = offset;
        this.pointer = pointer;
    }

    /**
     * The location's end in every message: {@code " (byte N)"}.
     *
     * @param offset the 0-based byte offset
     * @return the text that ends a message's location
     */
    protected static String byteSuffix(long offset) {
        return " (byte " + offset + ")";
    }

    /** @return the class of problem; each subclass narrows the type to its own {@code Kind} */
    public abstract Enum<?> kind();

    /** @return the message without the location; may be empty */
    public String detail() {
        return detail;
    }

    /** @return the 0-based byte offset where the problem was detected, or -1 when there is none */
    public long offset() {
        return offset;
    }

    /**
     * @return for a binding failure, the JSON Pointer (RFC 6901) of the value it failed on, such as
     *     {@code /users/3/age} ({@code ""} for the root; a MessagePack map key that is not a string
     *     appears as its JSON text); null for every other failure
     */
    public String pointer() {
        return pointer;
    }
}
