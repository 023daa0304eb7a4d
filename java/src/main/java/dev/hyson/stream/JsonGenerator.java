package dev.hyson.stream;

import java.io.Closeable;
import java.io.Flushable;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An incremental writer: writes one JSON text (RFC 8259) token by token to an {@code OutputStream}
 * (UTF-8) or a {@code Writer}, through a fixed buffer, so memory does not depend on the output's
 * size. Made by {@link dev.hyson.JsonWriter#generator(java.io.OutputStream)} and
 * {@link dev.hyson.JsonWriter#generator(java.io.Writer)}, with the writer's options (pretty printing
 * and indent, {@code asciiOnly}, {@code scriptSafe}, the non-finite policy, encoders and binder;
 * {@code sortKeys} applies only to the values given to {@link #writeValue}: a stream's members are
 * written in the order they come).
 *
 * <pre>{@code
 * try (JsonGenerator g = JsonWriter.defaults().generator(out)) {
 *     g.writeStartObject().writeName("ids").writeStartArray();
 *     for (long id : ids) {
 *         g.writeNumber(id);
 *     }
 *     g.writeEndArray().writeEndObject();
 * }
 * }</pre>
 *
 * <p><b>Structure is checked.</b> A value where a member name is due, a name outside an object or
 * twice in a row, an end without its start or of the other kind, a second top-level value, or
 * {@link #close()} with containers open throws {@link IllegalStateException} naming the JSON Pointer
 * of the position. Separators and indentation are written for the caller. A value with no JSON form
 * (NaN under the default policy, an unsupported type in {@link #writeValue}) throws
 * {@link dev.hyson.JsonWriteException}; a failing target {@link java.io.UncheckedIOException}. After
 * any exception the generator's output is incomplete; after a {@code JsonWriteException} every later
 * write throws {@link IllegalStateException} (so {@code [,2]} cannot be written by going on), and
 * {@link #close()} only flushes.
 *
 * <p>Every write method returns this generator. Not thread-safe. {@link #close()} flushes and does not
 * close the target stream or writer.
 */
public interface JsonGenerator extends Closeable, Flushable {
    /** @return this generator, after <code>&#123;</code> */
    JsonGenerator writeStartObject();

    /** @return this generator, after <code>&#125;</code> closing the innermost open object */
    JsonGenerator writeEndObject();

    /** @return this generator, after {@code [} */
    JsonGenerator writeStartArray();

    /** @return this generator, after {@code ]} closing the innermost open array */
    JsonGenerator writeEndArray();

    /**
     * Writes a member name (escaped as strings are) and its {@code :}; the member's value comes next.
     *
     * @param name the name
     * @return this generator
     * @throws IllegalStateException outside an object or when a value is due
     */
    JsonGenerator writeName(String name);

    /**
     * @param value the string, escaped per RFC 8259 section 7 and the writer's options; null writes {@code null}
     * @return this generator
     */
    JsonGenerator writeString(String value);

    /**
     * @param value the number
     * @return this generator
     */
    JsonGenerator writeNumber(int value);

    /**
     * @param value the number
     * @return this generator
     */
    JsonGenerator writeNumber(long value);

    /**
     * @param value the number, written as its shortest round-trip text
     * @return this generator
     * @throws dev.hyson.JsonWriteException for NaN or an infinity unless the writer allows them
     */
    JsonGenerator writeNumber(double value);

    /**
     * @param value the number, written as its shortest round-trip text as a {@code float}
     * @return this generator
     * @throws dev.hyson.JsonWriteException for NaN or an infinity unless the writer allows them
     */
    JsonGenerator writeNumber(float value);

    /**
     * @param value the number; null writes {@code null}
     * @return this generator
     * @throws dev.hyson.JsonWriteException for a subclass whose {@code toString()} is not a JSON number
     *     (nothing is written; the generator stays usable)
     */
    JsonGenerator writeNumber(BigInteger value);

    /**
     * @param value the number, exactly (plain or scientific text as {@code JsonWriter} writes it); null writes {@code null}
     * @return this generator
     * @throws dev.hyson.JsonWriteException for a subclass whose {@code toString()} is not a JSON number
     *     (nothing is written; the generator stays usable)
     */
    JsonGenerator writeNumber(BigDecimal value);

    /**
     * @param value the literal to write
     * @return this generator
     */
    JsonGenerator writeBoolean(boolean value);

    /** @return this generator, after {@code null} */
    JsonGenerator writeNull();

    /**
     * Writes any value {@link dev.hyson.JsonWriter#write(Object)} can write (trees, records, beans,
     * values with encoders or codecs) as one value at this position.
     *
     * @param value the value
     * @return this generator
     * @throws dev.hyson.JsonWriteException when the value has no JSON form
     */
    JsonGenerator writeValue(Object value);

    /**
     * Writes {@code json} as it is, as one value at this position (separators are still placed). The
     * text is trusted: it is neither parsed nor checked.
     *
     * @param json a complete JSON value
     * @return this generator
     * @throws NullPointerException when {@code json} is null (nothing is written)
     */
    JsonGenerator writeRaw(String json);

    /**
     * Copies the value the parser's current token starts (at a {@code NAME}: the member, name and
     * value) to this generator, leaving the parser at the value's last token; at a scalar it copies
     * that value. Numbers keep their kind (an integer stays an integer, a big decimal its digits),
     * strings are re-escaped per this writer's options.
     *
     * @param parser the parser, at the token to copy from
     * @return this generator
     * @throws IllegalStateException when the parser has no current token or is at an end token
     */
    JsonGenerator copyCurrentStructure(JsonParser parser);

    /**
     * Copies as {@link #copyCurrentStructure(JsonParser)} does, checking each object copied for a
     * member name it already had (names compared after unescaping, as RFC 8259 section 4 compares
     * them; at a {@code NAME}, the objects inside its value):
     * <ul>
     *   <li>{@link dev.hyson.DuplicateKeyPolicy#FIRST_WINS}: the later member is left out, with its value;</li>
     *   <li>{@link dev.hyson.DuplicateKeyPolicy#ERROR}: throws;</li>
     *   <li>{@link dev.hyson.DuplicateKeyPolicy#LAST_WINS}: throws too, since a stream cannot take back the
     *       first member once it is written; to let the last one win, read the value whole
     *       ({@link JsonParser#readValue()}, which follows the reader's policy) and write that.</li>
     * </ul>
     * With hyson's own parser and generator the copy runs straight from the parser's event tape to the
     * generator's buffer (no token objects, names compared as bytes), several times faster than a loop
     * over {@link JsonParser#nextToken()}.
     *
     * @param parser the parser, at the token to copy from
     * @param repeatedNames what a repeated member name does; null copies it as it is
     * @return this generator
     * @throws dev.hyson.JsonParseException of kind {@code DUPLICATE_KEY}, at the repeated name's offset,
     *     line and column, for a repeated name under {@code ERROR} or {@code LAST_WINS} (what was copied
     *     before it has been written)
     * @throws IllegalStateException when the parser has no current token or is at an end token
     */
    default JsonGenerator copyCurrentStructure(JsonParser parser, dev.hyson.DuplicateKeyPolicy repeatedNames) {
        TokenCopy.copy(parser, this, repeatedNames);
        return this;
    }

    /**
     * Writes what is buffered to the target and flushes it.
     *
     * @throws java.io.UncheckedIOException when the target fails
     */
    @Override
    void flush();

    /**
     * Flushes and ends this generator; the target stays open. Idempotent.
     *
     * @throws IllegalStateException when containers are still open (what was written is flushed first)
     */
    @Override
    void close();
}
