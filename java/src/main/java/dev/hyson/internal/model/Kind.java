package dev.hyson.internal.model;

/**
 * The shape of a Java value as every hyson writer sees it: one decision of "what is this value",
 * made once per class by {@link TypeInfo}, which the JSON generator and the MessagePack packer
 * each map to their own forms. A shape a format has no form for (a {@link #UUID} in JSON, say) is
 * refused by that format's writer, naming the type.
 */
public enum Kind {
    /** {@code null}; only from {@link TypeInfo#kindOf(Object)}, no class has it. */
    NULL,
    /** {@code Boolean}. */
    BOOLEAN,
    /** An integer that fits a {@code long}: {@code Long}, {@code Integer}, {@code Short}, {@code Byte}, and the atomic and adder longs. */
    INTEGER,
    /** {@code Double}, {@code DoubleAdder}, {@code DoubleAccumulator}. */
    DOUBLE,
    /** {@code Float}. */
    FLOAT,
    /** {@code BigInteger} and its subclasses. */
    BIG_INTEGER,
    /** {@code BigDecimal} and its subclasses. */
    BIG_DECIMAL,
    /** Any other {@code Number}: only its text is known. */
    NUMBER,
    /** {@code String}. */
    STRING,
    /** Any other {@code CharSequence}: a string, by {@code toString()}. */
    CHAR_SEQUENCE,
    /** {@code Character}: a string of one char. */
    CHARACTER,
    /** {@code char[]}: a string, as its chars read. */
    CHAR_ARRAY,
    /** {@code byte[]}: binary where the format has it. */
    BYTE_ARRAY,
    /** An array of {@code int}, {@code long}, {@code short}, {@code double}, {@code float} or {@code boolean}. */
    PRIMITIVE_ARRAY,
    /** An array of references. */
    OBJECT_ARRAY,
    /** {@code Map}: an object of members (JSON) or a map (MessagePack). */
    MAP,
    /** A {@code List} that is also {@code RandomAccess}: read by index. */
    LIST,
    /** Any other {@code Iterable}: read by its iterator. */
    ITERABLE,
    /** An enum constant: a string, its name. */
    ENUM,
    /** {@code Optional}: its value, or null. */
    OPTIONAL,
    /** {@code OptionalInt}. */
    OPTIONAL_INT,
    /** {@code OptionalLong}. */
    OPTIONAL_LONG,
    /** {@code OptionalDouble}. */
    OPTIONAL_DOUBLE,
    /** A record: its components, in declaration order, as members. */
    RECORD,
    /** {@code java.time.Instant}: the MessagePack timestamp. */
    INSTANT,
    /** Any other {@code java.time} value. */
    TIME,
    /** {@code java.util.UUID}. */
    UUID,
    /** None of the above. */
    UNSUPPORTED
}
