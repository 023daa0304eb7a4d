package dev.hyson;

/**
 * Turns a value of a type that hyson cannot write by itself into one it can (a {@code Map}, a
 * {@code List}, a {@code String}, a number, ...), which is then written in its place: the Java
 * analogue of ruby/json's {@code to_json}. Register one per type with
 * {@link JsonWriter.Builder#encoder(Class, JsonEncoder)}.
 *
 * <p>Encoders must be thread-safe when the writer is shared, and should return a value of another
 * type than their input: a value that encodes to itself forever fails with the writer's depth limit.
 *
 * @param <T> the type encoded
 */
@FunctionalInterface
public interface JsonEncoder<T> {
    /**
     * @param value the value to write, never null
     * @return the value to write instead; may be null (written as {@code null})
     */
    Object encode(T value);
}
