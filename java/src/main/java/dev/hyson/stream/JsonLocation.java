package dev.hyson.stream;

/**
 * Where a token starts in the input: the byte offset from the document's first byte (0-based), and
 * the line and column (1-based; columns count code points, lines end at LF), as errors report them.
 *
 * @param offset the byte offset, 0-based
 * @param line the line, 1-based; 0 when no longer known (see {@link JsonParser#location()})
 * @param column the column in code points, 1-based; 0 when no longer known
 */
public record JsonLocation(long offset, long line, long column) {
    @Override
    public String toString() {
        return line > 0 ? "line " + line + ", column " + column + " (byte " + offset + ")" : "byte " + offset;
    }
}
