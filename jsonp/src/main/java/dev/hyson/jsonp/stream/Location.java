package dev.hyson.jsonp.stream;

import jakarta.json.stream.JsonLocation;

/**
 * A position in a JSON input as JSON-P reports it: line and column counted from 1, stream offset from
 * 0, all three -1 where the position is unknown. The line counts line feeds; the column counts code
 * points from the line's start (a byte order mark is one); the offset counts bytes of the UTF-8 text
 * the scan reads (a {@code Reader}, UTF-16 or UTF-32 input is read as its UTF-8 encoding, so the
 * offset equals a char count only while the text is ASCII).
 *
 * @param getLineNumber the line, from 1
 * @param getColumnNumber the column, from 1
 * @param getStreamOffset the offset, from 0
 */
public record Location(long getLineNumber, long getColumnNumber, long getStreamOffset) implements JsonLocation {
    /** The location of a parser that reads no text. */
    public static final Location UNKNOWN = new Location(-1, -1, -1);

    /**
     * @param e an error of hyson's scan
     * @return where it is
     */
    static Location of(dev.hyson.JsonParseException e) {
        return new Location(e.line(), e.column(), e.offset());
    }

    /**
     * @param l a location of hyson's pull parser
     * @return the same position
     */
    static Location of(dev.hyson.stream.JsonLocation l) {
        return new Location(l.line(), l.column(), l.offset());
    }

    @Override
    public String toString() {
        return "(line no=" + getLineNumber + ", column no=" + getColumnNumber + ", offset=" + getStreamOffset + ")";
    }
}
