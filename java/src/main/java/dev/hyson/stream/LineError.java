package dev.hyson.stream;

import dev.hyson.JsonParseException;
import java.util.Objects;

/**
 * A line of a JSON Lines input that was skipped because it is not a value the reader accepts.
 *
 * @param line the 1-based number of the line in the whole input (blank lines counted)
 * @param offset the 0-based byte offset of the line's first byte in the whole input
 * @param exception what is wrong with the line; its {@link JsonParseException#offset() offset},
 *     {@link JsonParseException#line() line} and {@link JsonParseException#column() column} are
 *     those of the error in the whole input (its line is {@code line})
 */
public record LineError(long line, long offset, JsonParseException exception) {
    /**
     * @param line the 1-based line number, at least 1
     * @param offset the byte offset of the line, not negative
     * @param exception the error, not null
     * @throws IllegalArgumentException when {@code line < 1} or {@code offset < 0}
     * @throws NullPointerException when {@code exception} is null
     */
    public LineError {
        if (line < 1 || offset < 0) {
            throw new IllegalArgumentException("line must be at least 1 and offset not negative: " + line + ", " + offset);
        }
        Objects.requireNonNull(exception, "exception");
    }
}
