package dev.hyson.jsonp.stream;

import jakarta.json.stream.JsonLocation;

/**
 * A position in a JSON input as JSON-P reports it: line and column counted from 1, stream offset from
 * 0, all three -1 where the position is unknown (a parser over an in-memory value). Columns and
 * offsets count bytes of the UTF-8 input the scan reads (chars of a {@code Reader} input are read as
 * their UTF-8 encoding, so they differ from char counts only past a non-ASCII character).
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
