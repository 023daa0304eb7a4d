package dev.hyson;

/**
 * The root of hyson's unchecked exceptions: {@link JsonParseException} for input that cannot be
 * read, {@link JsonWriteException} for values that cannot be written, and
 * {@link dev.hyson.msgpack.MessagePackException} for MessagePack; the first and the last share
 * {@link PositionedException}. I/O failures of a caller's stream are reported as
 * {@link java.io.UncheckedIOException} instead.
 */
public class JsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message the complete message */
    public JsonException(String message) {
        super(message);
    }

    /**
     * @param message the complete message
     * @param cause the underlying cause
     */
    public JsonException(String message, Throwable cause) {
        super(message, cause);
    }
}
