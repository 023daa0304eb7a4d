package dev.hyson.bind;

/** What the value under a {@link ValueIn} is, in the data model JSON and MessagePack share. */
public enum ValueType {
    /** A JSON object or MessagePack map. */
    OBJECT,
    /** A JSON array or MessagePack array. */
    ARRAY,
    /** A string. */
    STRING,
    /** An integer that fits a {@code long} (a JSON number without fraction or exponent, a MessagePack int). */
    INTEGER,
    /** An integer outside the {@code long} range (a JSON number, a MessagePack uint64 above {@code Long.MAX_VALUE}). */
    BIG_INTEGER,
    /** A number with a fraction or exponent (JSON), a float32 or float64 (MessagePack). */
    DECIMAL,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /** {@code null} (MessagePack nil). */
    NULL,
    /** MessagePack bin (JSON has no binary: a JSON {@code byte[]} is a base64 string). */
    BINARY,
    /** A MessagePack extension (the timestamp among them). */
    EXTENSION
}
