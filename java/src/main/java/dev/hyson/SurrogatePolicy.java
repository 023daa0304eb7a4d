package dev.hyson;

/**
 * What a reader does with a {@code \\uXXXX} escape that names a lone UTF-16 surrogate (a high
 * surrogate not followed by an escaped low surrogate, or a low surrogate on its own). RFC 8259
 * section 8.2 notes such strings are syntactically valid but their behaviour is unpredictable.
 * A valid escaped pair such as {@code \\uD83D\\uDE00} always becomes one code point.
 */
public enum SurrogatePolicy {
    /** Keep the surrogate as that single UTF-16 unit in the Java string, as Jackson and Gson do. The default. */
    KEEP,
    /** Replace the lone surrogate by U+FFFD REPLACEMENT CHARACTER. */
    REPLACE,
    /** A lone surrogate is a {@link JsonParseException} of kind {@link JsonParseException.Kind#LONE_SURROGATE}. */
    ERROR
}
