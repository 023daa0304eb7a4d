package dev.hyson;

/**
 * What a reader does when an object has two members with the same name. RFC 8259 section 4 says
 * names "SHOULD be unique" and leaves the behaviour for duplicates to the implementation.
 */
public enum DuplicateKeyPolicy {
    /** The later member replaces the earlier one; the member keeps its first position. The default. */
    LAST_WINS,
    /** The first member is kept and later ones are ignored. */
    FIRST_WINS,
    /** A duplicate name is a {@link JsonParseException} of kind {@link JsonParseException.Kind#DUPLICATE_KEY}. */
    ERROR
}
