package dev.hyson.bind;

import dev.hyson.TypeRef;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * One value of a document being bound, as a user {@link Codec} sees it. Exactly one read method is
 * called per value; it consumes the value, whatever its size. The same view serves JSON and
 * MessagePack (a JSON input has no {@link ValueType#BINARY} or {@link ValueType#EXTENSION}).
 *
 * <p>A read of the wrong type ({@code readString} on a number, say) fails with a
 * {@link dev.hyson.JsonParseException} of kind {@code TYPE_MISMATCH} (or a
 * {@link dev.hyson.msgpack.MessagePackException}), with the value's location and JSON Pointer. An
 * instance is only valid inside the {@code read} call it is passed to, on that thread.
 */
public interface ValueIn {
    /** @return the type of the current value (nothing is consumed) */
    ValueType type();

    /** @return whether the current value is null (nothing is consumed) */
    boolean isNull();

    /** @return the current string; a JSON string is unescaped, a MessagePack str decoded from UTF-8 */
    String readString();

    /** @return the current integer, which must fit an {@code int} (else {@code VALUE_OUT_OF_RANGE}); a decimal with no fraction, such as {@code 1e3}, counts */
    int readInt();

    /** @return the current integer, which must fit a {@code long}; a decimal with no fraction counts */
    long readLong();

    /** @return the current number as the nearest {@code double} (correctly rounded from its JSON text) */
    double readDouble();

    /** @return the current number, exactly as written in JSON (MessagePack floats by their shortest decimal form) */
    BigDecimal readBigDecimal();

    /** @return the current integer of any size (a decimal only when it has no fraction) */
    BigInteger readBigInteger();

    /** @return the current boolean */
    boolean readBoolean();

    /** @return the current MessagePack bin (or extension payload), or the bytes of a base64 (RFC 4648 section 4) JSON string */
    byte[] readBinary();

    /** Consumes a null (anything else is a {@code TYPE_MISMATCH}). */
    void readNull();

    /**
     * @return the current value as the tree {@code JsonReader.parse} gives (maps, lists, strings, numbers,
     *     booleans, null)
     */
    Object readTree();

    /**
     * Binds the current value to another type, through its codec.
     *
     * @param type the type
     * @param <T> the type
     * @return the value
     */
    <T> T read(Class<T> type);

    /**
     * Binds the current value to a generic type, through its codec.
     *
     * @param type the type
     * @param <T> the type
     * @return the value
     */
    <T> T read(TypeRef<T> type);

    /** Consumes the current value, whatever it is, without building anything. */
    void skip();

    /** @return the JSON Pointer (RFC 6901) of the current value, such as {@code /users/3/age}; {@code ""} for the root */
    String pointer();

    /**
     * An error at the current value, for a codec to throw: a {@link dev.hyson.JsonParseException}
     * (or {@link dev.hyson.msgpack.MessagePackException}) of kind {@code INVALID_FORMAT} with the
     * value's location and pointer.
     *
     * @param message what is wrong with the value
     * @return the exception, to throw
     */
    RuntimeException failure(String message);
}
