package dev.hyson;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The short way in: parse and write JSON with the default options. Every method delegates to
 * {@link JsonReader#defaults()} or {@link JsonWriter#defaults()}; build a {@link JsonReader} or
 * {@link JsonWriter} for other options.
 *
 * <pre>{@code
 * Map<String, Object> user = (Map<String, Object>) Json.parse("{\"name\":\"Ada\",\"born\":1815}");
 * long born = (Long) user.get("born");
 * String text = Json.write(Map.of("ok", true, "items", List.of(1, 2.5, "three")));
 * }</pre>
 *
 * <p>Thread-safe: the methods hold no state.
 */
public final class Json {
    private Json() {
    }

    /**
     * Parses UTF-8 JSON (strict RFC 8259).
     *
     * @param json UTF-8 JSON text
     * @return a {@link dev.hyson.tree.MemberMap}, {@code ArrayList}, {@code String}, {@code Long},
     *     {@code BigInteger}, {@code Double}, {@code Boolean} or {@code null}
     * @throws JsonParseException for invalid input, with byte offset, line and column
     */
    public static Object parse(byte[] json) {
        return JsonReader.defaults().parse(json);
    }

    /**
     * Reads UTF-8 JSON into a value of {@code type} (a record, a class, a collection, a scalar, ...)
     * with the default reader and binder; see {@link JsonReader#read(byte[], Class)}.
     *
     * @param json UTF-8 JSON text
     * @param type the class to bind to
     * @param <T> the type
     * @return the value; null for a JSON {@code null}
     * @throws JsonParseException for invalid JSON or a value that does not fit the type, with its
     *     location and {@link JsonParseException#pointer() JSON Pointer}
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public static <T> T read(byte[] json, Class<T> type) {
        return JsonReader.defaults().read(json, type);
    }

    /**
     * Reads UTF-8 JSON into a generic type, such as {@code new TypeRef<List<Point>>() {}}; see
     * {@link JsonReader#read(byte[], TypeRef)}.
     *
     * @param json UTF-8 JSON text
     * @param type the type to bind to
     * @param <T> the type
     * @return the value
     * @throws JsonParseException as {@link #read(byte[], Class)}
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public static <T> T read(byte[] json, TypeRef<T> type) {
        return JsonReader.defaults().read(json, type);
    }

    /**
     * @param json JSON text
     * @param type the class to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], Class)}
     */
    public static <T> T read(String json, Class<T> type) {
        return JsonReader.defaults().read(json, type);
    }

    /**
     * @param json JSON text
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], TypeRef)}
     */
    public static <T> T read(String json, TypeRef<T> type) {
        return JsonReader.defaults().read(json, type);
    }

    /**
     * Parses {@code json[offset, offset + length)}.
     *
     * @param json the array holding UTF-8 JSON text
     * @param offset index of the text's first byte
     * @param length length of the text in bytes
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for invalid input; offsets are relative to {@code offset}
     * @throws IndexOutOfBoundsException when the slice is not inside the array
     */
    public static Object parse(byte[] json, int offset, int length) {
        return JsonReader.defaults().parse(json, offset, length);
    }

    /**
     * Parses JSON held in a Java string.
     *
     * @param json the JSON text
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for invalid input
     */
    public static Object parse(String json) {
        return JsonReader.defaults().parse(json);
    }

    /**
     * Reads the stream to its end (at most {@link JsonReader#DEFAULT_MAX_DOCUMENT_LENGTH} bytes) and
     * parses it; the stream is not closed.
     *
     * @param json the stream of UTF-8 JSON
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for invalid input
     * @throws java.io.UncheckedIOException when reading fails
     */
    public static Object parse(InputStream json) {
        return JsonReader.defaults().parse(json);
    }

    /**
     * Reads and parses a file.
     *
     * @param json the file of UTF-8 JSON
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for invalid input
     * @throws java.io.UncheckedIOException when the file cannot be read
     */
    public static Object parse(Path json) {
        return JsonReader.defaults().parse(json);
    }

    /**
     * Parses the remaining bytes of a heap or direct buffer; its position is not changed.
     *
     * @param json the buffer whose remaining bytes are UTF-8 JSON
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for invalid input
     */
    public static Object parse(ByteBuffer json) {
        return JsonReader.defaults().parse(json);
    }

    /**
     * Writes compact JSON.
     *
     * @param value the value to write
     * @return the JSON text
     * @throws JsonWriteException when the value has no JSON form (see {@link JsonWriter})
     */
    public static String write(Object value) {
        return JsonWriter.defaults().write(value);
    }

    /**
     * Writes compact JSON as UTF-8 bytes.
     *
     * @param value the value to write
     * @return the JSON text in UTF-8
     * @throws JsonWriteException when the value has no JSON form
     */
    public static byte[] writeBytes(Object value) {
        return JsonWriter.defaults().writeBytes(value);
    }

    /**
     * Writes compact JSON as UTF-8 to a stream, buffered, then flushes it (it is not closed).
     *
     * @param value the value to write
     * @param out the stream the UTF-8 JSON goes to
     * @throws JsonWriteException when the value has no JSON form
     * @throws java.io.UncheckedIOException when the stream fails
     */
    public static void write(Object value, OutputStream out) {
        JsonWriter.defaults().write(value, out);
    }

    /**
     * Writes compact JSON as UTF-8 to a {@link java.io.PrintStream} such as {@code System.out}.
     *
     * @param value the value to write
     * @param out the stream the UTF-8 JSON goes to
     * @throws JsonWriteException when the value has no JSON form
     */
    public static void write(Object value, java.io.PrintStream out) {
        JsonWriter.defaults().write(value, out);
    }

    /**
     * Writes compact JSON to a character stream, buffered, then flushes it (it is not closed).
     *
     * @param value the value to write
     * @param out the writer the JSON goes to
     * @throws JsonWriteException when the value has no JSON form
     * @throws java.io.UncheckedIOException when the writer fails
     */
    public static void write(Object value, Writer out) {
        JsonWriter.defaults().write(value, out);
    }

    /**
     * Appends compact JSON to any {@link Appendable}.
     *
     * @param value the value to write
     * @param out where the JSON is appended
     * @throws JsonWriteException when the value has no JSON form
     * @throws java.io.UncheckedIOException when appending fails
     */
    public static void write(Object value, Appendable out) {
        JsonWriter.defaults().write(value, out);
    }

    /** @return the backend in use for this process (see {@link Backend}) */
    public static Backend backend() {
        return Backend.active();
    }
}
