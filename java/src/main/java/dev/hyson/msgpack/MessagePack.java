package dev.hyson.msgpack;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * The short way in: MessagePack (<a href="https://github.com/msgpack/msgpack/blob/master/spec.md">the
 * specification</a>) with the default options. Every method delegates to
 * {@link MessagePackFactory#defaults()}; build a {@link MessagePackFactory} for other options or
 * extension types.
 *
 * <pre>{@code
 * byte[] bytes = MessagePack.pack(Map.of("name", "Ada", "born", 1815));
 * Map<Object, Object> user = (Map<Object, Object>) MessagePack.unpack(bytes);
 * long born = (Long) user.get("born");
 * }</pre>
 *
 * <h2>Values</h2>
 *
 * <table>
 * <caption>Unpacking</caption>
 * <tr><th>MessagePack</th><th>Java</th></tr>
 * <tr><td>nil, true, false</td><td>{@code null}, {@code Boolean}</td></tr>
 * <tr><td>positive/negative fixint, int8..64, uint8..64</td><td>{@code Long}; a uint64 above
 *     {@code Long.MAX_VALUE} as {@code BigInteger}</td></tr>
 * <tr><td>float32, float64</td><td>{@code Float}, {@code Double}</td></tr>
 * <tr><td>fixstr, str8/16/32</td><td>{@code String} (UTF-8; keys through the shared key cache)</td></tr>
 * <tr><td>bin8/16/32</td><td>{@code byte[]}</td></tr>
 * <tr><td>fixarray, array16/32</td><td>{@code ArrayList}, built at its final size</td></tr>
 * <tr><td>fixmap, map16/32</td><td>{@link dev.hyson.tree.MemberMap}{@code <Object, Object>} (a {@code LinkedHashMap} with {@code linkedHashMaps(true)}), entry order kept, keys
 *     of any type (an integer key stays a {@code Long}); a repeated key: the last wins</td></tr>
 * <tr><td>timestamp (ext type -1, 32/64/96-bit)</td><td>{@code java.time.Instant}</td></tr>
 * <tr><td>other fixext1..16, ext8/16/32</td><td>the registered type, else {@link ExtensionValue}
 *     (or an error with {@code failOnUnknownExtension})</td></tr>
 * </table>
 *
 * <p>Packing writes {@code Map} (keys of any type), {@code List}, {@code Iterable}, arrays of
 * objects and of primitives, {@code CharSequence}, {@code Long}/{@code Integer}/{@code Short}/
 * {@code Byte}/{@code BigInteger} (smallest int or uint format, uint64 up to 2^64-1),
 * {@code Double} (float64), {@code Float} (float32, or float64 by option), {@code BigDecimal} (an
 * error, or a str by option), {@code Boolean}, {@code Character}, enums (by name), {@code Optional}
 * and its primitive forms, records (a map of their components), {@code byte[]} (bin, or str by
 * option), {@code Instant} (the smallest timestamp form), {@link ExtensionValue}, registered types,
 * and {@code null}. Integers always take the smallest format.
 *
 * <p>Errors are {@link MessagePackException}s, part of the same family as the JSON errors
 * ({@link dev.hyson.JsonException}). Thread-safe: the methods hold no state.
 */
public final class MessagePack {
    private MessagePack() {
    }

    /**
     * Packs a value.
     *
     * @param value the value to pack
     * @return its MessagePack bytes
     * @throws MessagePackException when the value has no MessagePack form (the message names its path)
     */
    public static byte[] pack(Object value) {
        return MessagePackFactory.defaults().pack(value);
    }

    /**
     * Packs a value to a stream, buffered, then flushes it (it is not closed).
     *
     * @param value the value to pack
     * @param out the stream the bytes go to
     * @throws MessagePackException when the value has no MessagePack form
     * @throws java.io.UncheckedIOException when the stream fails
     */
    public static void pack(Object value, OutputStream out) {
        MessagePackFactory.defaults().pack(value, out);
    }

    /**
     * Unpacks exactly one value.
     *
     * @param msgpack the MessagePack bytes
     * @return the value: see {@link MessagePackFactory} for the Java types of each format
     * @throws MessagePackException for invalid input, with the byte offset
     */
    public static Object unpack(byte[] msgpack) {
        return MessagePackFactory.defaults().unpack(msgpack);
    }

    /**
     * Unpacks exactly one value into a value of {@code type} (a record, a class, a collection, ...),
     * through the same codecs JSON binding uses; see {@link MessagePackFactory#unpack(byte[], Class)}.
     *
     * @param msgpack the input
     * @param type the class to bind to
     * @param <T> the type
     * @return the value
     * @throws MessagePackException for invalid input or a value that does not fit the type, with its
     *     byte offset and {@link MessagePackException#pointer() JSON Pointer}
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public static <T> T unpack(byte[] msgpack, Class<T> type) {
        return MessagePackFactory.defaults().unpack(msgpack, type);
    }

    /**
     * @param msgpack the input
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #unpack(byte[], Class)}
     */
    public static <T> T unpack(byte[] msgpack, dev.hyson.TypeRef<T> type) {
        return MessagePackFactory.defaults().unpack(msgpack, type);
    }

    /**
     * Unpacks exactly one value from {@code msgpack[offset, offset + length)}.
     *
     * @param msgpack the array holding the MessagePack bytes
     * @param offset index of the first byte
     * @param length number of bytes
     * @return the value: see {@link MessagePackFactory} for the Java types of each format
     * @throws MessagePackException for invalid input; offsets are relative to {@code offset}
     */
    public static Object unpack(byte[] msgpack, int offset, int length) {
        return MessagePackFactory.defaults().unpack(msgpack, offset, length);
    }

    /**
     * Unpacks exactly one value from the remaining bytes of a buffer; its position is not changed.
     *
     * @param msgpack the buffer whose remaining bytes are MessagePack
     * @return the value: see {@link MessagePackFactory} for the Java types of each format
     */
    public static Object unpack(ByteBuffer msgpack) {
        return MessagePackFactory.defaults().unpack(msgpack);
    }

    /**
     * Reads the stream to its end and unpacks exactly one value; the stream is not closed.
     *
     * @param msgpack the stream of MessagePack bytes
     * @return the value: see {@link MessagePackFactory} for the Java types of each format
     */
    public static Object unpack(InputStream msgpack) {
        return MessagePackFactory.defaults().unpack(msgpack);
    }

    /**
     * Converts one MessagePack value to JSON in the documented form (see {@link MessagePackFactory.JsonForm}).
     *
     * @param msgpack the MessagePack bytes
     * @return the JSON text
     */
    public static String toJson(byte[] msgpack) {
        return MessagePackFactory.defaults().toJson(msgpack);
    }

    /**
     * Converts a JSON text to MessagePack.
     *
     * @param json the JSON text
     * @return its MessagePack bytes
     */
    public static byte[] fromJson(String json) {
        return MessagePackFactory.defaults().fromJson(json);
    }

    /**
     * Converts UTF-8 JSON to MessagePack.
     *
     * @param json UTF-8 JSON text
     * @return its MessagePack bytes
     */
    public static byte[] fromJson(byte[] json) {
        return MessagePackFactory.defaults().fromJson(json);
    }
}
