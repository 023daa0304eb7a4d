package dev.hyson.bind;

/**
 * Reads and writes values of one type, in both JSON and MessagePack: the user's own form for a type
 * (a money amount as a string, a point as an array of two numbers). Registered with
 * {@link Binder.Builder#codec(Class, Codec)}; it then serves every read and write of that exact
 * type through that binder, as a root value, a member, an element or a map value.
 *
 * <pre>{@code
 * Codec<Money> money = new Codec<>() {
 *     public Money read(ValueIn in) { return Money.parse(in.readString()); }
 *     public void write(Money m, ValueOut out) { out.writeString(m.toString()); }
 * };
 * Binder binder = Binder.builder().codec(Money.class, money).build();
 * }</pre>
 *
 * <p>A codec must be thread-safe (it is shared by every thread that uses the binder); a stateless
 * one is. {@code read} is not called for a {@code null} value (the result is then null, or an error
 * for a primitive), and {@code write} is never called with null. An exception other than a
 * {@link dev.hyson.JsonException} thrown by {@code read} is reported as a
 * {@link dev.hyson.JsonParseException.Kind#INVALID_FORMAT} with the value's location and pointer,
 * the exception as its cause.
 *
 * @param <T> the type read and written
 */
public interface Codec<T> {
    /**
     * Reads one value: exactly one {@code read*} call (or {@link ValueIn#skip()}) of {@code in}.
     *
     * @param in the value to read, never a null
     * @return the value
     */
    T read(ValueIn in);

    /**
     * Writes one value: exactly one complete value to {@code out}.
     *
     * @param value the value, never null
     * @param out where it goes
     */
    void write(T value, ValueOut out);
}
