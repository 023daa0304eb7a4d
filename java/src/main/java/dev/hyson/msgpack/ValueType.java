package dev.hyson.msgpack;

/** The types of the MessagePack type system (specification, "Type system"). */
public enum ValueType {
    /** nil: {@code null}. */
    NIL,
    /** true or false: {@code Boolean}. */
    BOOLEAN,
    /** int and uint formats: {@code Long}, or {@code BigInteger} above {@code Long.MAX_VALUE}. */
    INTEGER,
    /** float32 ({@code Float}) and float64 ({@code Double}). */
    FLOAT,
    /** str (the old spec's raw): {@code String}. */
    STRING,
    /** bin: {@code byte[]}. */
    BINARY,
    /** array: {@code ArrayList}. */
    ARRAY,
    /** map: {@link dev.hyson.tree.MemberMap} (or {@code LinkedHashMap}, see {@code MessagePackFactory.Builder.linkedHashMaps}). */
    MAP,
    /** ext: {@code Instant} for timestamps, a registered type, or {@link ExtensionValue}. */
    EXTENSION
}
