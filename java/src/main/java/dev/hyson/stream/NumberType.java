package dev.hyson.stream;

/**
 * Which kind a number token is: the Java type {@link dev.hyson.JsonReader#parse(byte[])} would give
 * it, with {@code int} split out of {@code long} for callers that want the narrowest type.
 */
public enum NumberType {
    /** An integer (no fraction, no exponent) within the {@code int} range. */
    INT,
    /** An integer within the {@code long} range but outside the {@code int} range. */
    LONG,
    /** An integer outside the {@code long} range ({@link java.math.BigInteger}). */
    BIG_INTEGER,
    /** A number with a fraction or an exponent, read as the nearest {@code double} (correctly rounded). */
    DOUBLE,
    /** A number with a fraction or an exponent under {@code JsonReader.Builder.bigDecimals(true)}: its exact value. */
    BIG_DECIMAL
}
