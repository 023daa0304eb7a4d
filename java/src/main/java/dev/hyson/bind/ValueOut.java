package dev.hyson.bind;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Where a user {@link Codec} writes one value, in JSON or MessagePack. Containers are opened with
 * their size (MessagePack writes it before the contents; JSON ignores it), and must then get exactly
 * that many members or elements: a mismatch is an {@link IllegalStateException}. An instance is only
 * valid inside the {@code write} call it is passed to.
 */
public interface ValueOut {
    /** Writes null (MessagePack nil). */
    void writeNull();

    /** @param value the boolean to write */
    void writeBoolean(boolean value);

    /** @param value the integer to write */
    void writeLong(long value);

    /** @param value the number to write: the shortest text that reads back to it in JSON, a float64 in MessagePack; non-finite values follow the writer's policy */
    void writeDouble(double value);

    /** @param value the integer to write (a JSON number; a MessagePack int when it fits 64 bits) */
    void writeBigInteger(BigInteger value);

    /** @param value the number to write (a JSON number with its scale; in MessagePack by the factory's BigDecimal policy) */
    void writeBigDecimal(BigDecimal value);

    /** @param value the string to write, not null */
    void writeString(String value);

    /** @param value bytes: MessagePack bin, or a base64 (RFC 4648 section 4, padded) JSON string */
    void writeBinary(byte[] value);

    /** @param value any value the writer can write (a record, a map, a list, a type with a codec), or null */
    void writeValue(Object value);

    /** @param members how many members will follow (each a {@link #writeName} and a value) */
    void beginObject(int members);

    /** @param name the next member's name, not null */
    void writeName(String name);

    /** Closes the object opened last. */
    void endObject();

    /** @param elements how many elements will follow */
    void beginArray(int elements);

    /** Closes the array opened last. */
    void endArray();
}
