package dev.hyson.stream;

/**
 * The tokens a {@link JsonParser} reports, in document order: the structural tokens of RFC 8259
 * section 2 (begin and end of an object or array), a member's name, and the scalar values of
 * sections 3, 6 and 7. Named as Jackson's {@code JsonToken} and {@code jakarta.json.stream.JsonParser.Event}
 * are, so an adapter to either is a table.
 */
public enum JsonToken {
    /** <code>&#123;</code>: the start of an object. */
    START_OBJECT,
    /** <code>&#125;</code>: the end of the innermost open object. */
    END_OBJECT,
    /** {@code [}: the start of an array. */
    START_ARRAY,
    /** {@code ]}: the end of the innermost open array. */
    END_ARRAY,
    /** A member's name; {@link JsonParser#currentName()} and {@link JsonParser#getString()} give it. */
    NAME,
    /** A string value; {@link JsonParser#getString()} gives it. */
    STRING,
    /** A number value; {@link JsonParser#numberType()} says which kind, the {@code get*} accessors give it. */
    NUMBER,
    /** {@code true}. */
    TRUE,
    /** {@code false}. */
    FALSE,
    /** {@code null}. */
    NULL;

    /** @return whether this token is a value on its own (a string, number or literal) */
    public boolean isScalar() {
        return ordinal() >= STRING.ordinal();
    }

    /** @return whether this token starts an object or an array */
    public boolean isStart() {
        return this == START_OBJECT || this == START_ARRAY;
    }

    /** @return whether this token ends an object or an array */
    public boolean isEnd() {
        return this == END_OBJECT || this == END_ARRAY;
    }
}
