package dev.hyson.stream;

import dev.hyson.JsonParseException;
import dev.hyson.JsonPointer;
import dev.hyson.TypeRef;
import java.io.Closeable;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A pull parser: reads one JSON text (RFC 8259) token by token, in bounded memory. Made by
 * {@link dev.hyson.JsonReader#parser(byte[])} and its overloads, with the reader's options and limits.
 *
 * <pre>{@code
 * try (JsonParser p = JsonReader.defaults().parser(Path.of("big.json"))) {
 *     JsonToken t;
 *     while ((t = p.nextToken()) != null) {
 *         if (t == JsonToken.NAME && p.getString().equals("id")) {
 *             p.nextToken();
 *             ids.add(p.getLong());
 *         }
 *     }
 * }
 * }</pre>
 *
 * <p><b>How it reads.</b> The input is scanned by the reader's backend in windows of 1 MiB, one call
 * (one JNI crossing for the native backend) per window, never per token; the scan validates as it goes,
 * so the tokens handed out are always well-formed up to the current one. Memory is one window plus the
 * path to the current token, whatever the document's size (a token longer than half a window widens it;
 * strings are bounded by {@code maxStringLength}).
 *
 * <p><b>Errors.</b> {@link #nextToken()} throws {@link JsonParseException} when the window it needs
 * holds invalid input, with the byte offset, line and column a whole-document parse reports, and never
 * later than the call that would return the bad token. Tokens before the error may have been returned:
 * those of earlier windows have; a document in one array, shorter than a window (1 MiB), throws at the
 * first {@code nextToken()}; a stream or file may give the tokens its scan emitted before it met the
 * error. Reading fails with {@link java.io.UncheckedIOException}. An
 * accessor called on a token it does not apply to (e.g. {@link #getLong()} on a string) throws
 * {@link IllegalStateException}. Member names are reported as they come: a repeated name inside an
 * object is not an error here ({@link #readValue()} applies the reader's {@code DuplicateKeyPolicy} to
 * the value it builds).
 *
 * <p><b>Design.</b> The accessors follow Jackson's {@code JsonParser} and
 * {@code jakarta.json.stream.JsonParser}: {@link #hasNext()} and {@link #nextToken()} for
 * {@code hasNext}/{@code next}, {@link JsonToken} for its {@code Event}s, {@link #getString()},
 * {@link #isIntegralNumber()}, {@link #getBigDecimal()}, {@link #location()}, so an adapter to either API
 * is thin.
 *
 * <p>Not thread-safe: one parser is used by one thread at a time. {@link #close()} closes the source
 * only when the parser opened it (a {@code Path}); a caller's {@code InputStream} stays open.
 */
public interface JsonParser extends Closeable {
    /**
     * Advances to the next token.
     *
     * @return the token, or {@code null} after the end of the document (the input has been read to its
     *     end and holds nothing but whitespace after the value)
     * @throws JsonParseException for invalid input
     * @throws java.io.UncheckedIOException when reading fails
     */
    JsonToken nextToken();

    /**
     * Whether {@link #nextToken()} returns a token rather than {@code null}, reading input if it needs
     * to ({@code jakarta.json.stream.JsonParser#hasNext}).
     *
     * @return true when a token follows
     * @throws JsonParseException for invalid input
     * @throws IllegalStateException after {@link #close()}, as {@link #nextToken()}
     */
    boolean hasNext();

    /** @return the current token: the one {@link #nextToken()} last returned; {@code null} before the first and after the last */
    JsonToken currentToken();

    /**
     * The current member's name: at {@link JsonToken#NAME}, its text; at a member's value (or the
     * start or end of one), the name before it; {@code null} in an array or at the top level.
     *
     * @return the name, or {@code null}
     */
    String currentName();

    /**
     * The text of the current token: a {@link JsonToken#STRING}'s value, a {@link JsonToken#NAME}'s
     * name, or a {@link JsonToken#NUMBER}'s value as text (the input's digits for {@code BIG_INTEGER}
     * and {@code BIG_DECIMAL}; {@code Long.toString} or the shortest round-trip text of the double
     * otherwise).
     *
     * @return the text
     * @throws IllegalStateException at any other token
     */
    String getString();

    /**
     * @return whether the current number is an integer ({@link NumberType#INT}, {@code LONG} or {@code BIG_INTEGER})
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    boolean isIntegralNumber();

    /**
     * @return which kind the current number is
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    NumberType numberType();

    /**
     * @return the current number as an {@code int}
     * @throws ArithmeticException when it is not an integer in the {@code int} range (a fraction is never dropped)
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    int getInt();

    /**
     * @return the current number as a {@code long}
     * @throws ArithmeticException when it is not an integer in the {@code long} range
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    long getLong();

    /**
     * @return the current number as a {@code BigInteger}
     * @throws ArithmeticException when it has a non-zero fraction
     * @throws NumberFormatException when it is NaN or an infinity ({@code allowNonFiniteLiterals},
     *     {@code allowInfinityForOverflow}), which no {@code BigInteger} holds
     * @throws dev.hyson.JsonParseException ({@code LIMIT_EXCEEDED}) when the integer would have more
     *     digits than {@code maxNumberLength} ({@code 1e99999999} under {@code bigDecimals}), which
     *     is refused before it is made
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    BigInteger getBigInteger();

    /**
     * @return the current number as the nearest {@code double} (correctly rounded; an integer beyond
     *     2<sup>53</sup> rounds)
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    double getDouble();

    /**
     * @return the current number's value as a {@code BigDecimal}: exact for integers and under
     *     {@code bigDecimals(true)}; else the double it was read as, in its shortest decimal form (as
     *     {@link BigDecimal#valueOf(double)} gives on JDK 19 and later: {@code 0.1} is {@code 0.1}, not
     *     the double's exact binary value; a number with more digits than the double keeps, such as
     *     {@code 5.9604644775390625e-08}, gives the double's shortest form {@code 5.960464477539063E-8}:
     *     read with {@code bigDecimals(true)} to keep the digits as written)
     * @throws NumberFormatException when it is NaN or an infinity ({@code allowNonFiniteLiterals},
     *     {@code allowInfinityForOverflow}), which no {@code BigDecimal} holds (as {@link BigDecimal#valueOf(double)})
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    BigDecimal getBigDecimal();

    /**
     * @return the current number as {@link dev.hyson.JsonReader#parse(byte[])} gives it: a {@code Long},
     *     {@code Double}, {@code BigInteger} or {@code BigDecimal}
     * @throws IllegalStateException when the current token is not a {@link JsonToken#NUMBER}
     */
    Number getNumber();

    /**
     * @return true at {@link JsonToken#TRUE}, false at {@link JsonToken#FALSE}
     * @throws IllegalStateException at any other token
     */
    boolean getBoolean();

    /**
     * Skips the value the current token starts, without decoding it: at {@code START_OBJECT} or
     * {@code START_ARRAY} it advances to the matching end (the current token is then that end); at a
     * {@code NAME} it skips the member's value (the current token is then that value's last token); at
     * any other token it does nothing.
     *
     * @throws JsonParseException for invalid input inside the skipped value
     */
    void skipValue();

    /**
     * Reads forward to the value a JSON Pointer (RFC 6901) names, relative to the value the current
     * token starts (before the first token, the document's root; at a {@code NAME}, the member's value).
     * Values on the way are skipped without being decoded; an object's members are matched as they come,
     * so of repeated names the first is taken (a stream does not look ahead; a
     * {@link dev.hyson.lazy.LazyDocument} takes the member {@code parse} keeps). An array token must be an
     * index (RFC 6901 section 4).
     *
     * <pre>{@code
     * try (JsonParser p = reader.parser(Path.of("big.json"))) {
     *     if (p.skipTo(JsonPointer.parse("/0/name"))) {
     *         String name = p.getString();
     *     }
     * }
     * }</pre>
     *
     * @param pointer the pointer; {@link JsonPointer#root()} stays at the current value
     * @return true when the value is there: the current token is then its first token, and
     *     {@link #readValue()}, {@link #getString()} and the other accessors read it; false when it is not
     *     (a missing member, an index past the end or not an index, a token into a string, number or
     *     literal): the parser is then at the end of the container where the lookup failed, or at the
     *     scalar, or after the document when it was empty of tokens
     * @throws JsonParseException for invalid input on the way
     */
    default boolean skipTo(JsonPointer pointer) {
        JsonToken t = currentToken();
        if (t == null) {
            t = nextToken();
        } else if (t == JsonToken.NAME) {
            t = nextToken();
        }
        for (String token : pointer.tokens()) {
            if (t == JsonToken.START_OBJECT) {
                while (true) {
                    t = nextToken();
                    if (t != JsonToken.NAME) {
                        return false; // the object's end: no such member
                    }
                    boolean match = getString().equals(token);
                    t = nextToken();
                    if (match) {
                        break;
                    }
                    skipValue();
                }
            } else if (t == JsonToken.START_ARRAY) {
                int index = JsonPointer.index(token);
                for (int i = 0;; i++) {
                    t = nextToken();
                    if (t == JsonToken.END_ARRAY) {
                        return false; // past the end (or the token is not an index)
                    }
                    if (i == index) {
                        break;
                    }
                    skipValue();
                }
            } else {
                return false;
            }
        }
        // at an end token (the root pointer there) no value starts
        return t != null && t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY;
    }

    /**
     * Builds the value the current token starts as a tree, exactly as
     * {@link dev.hyson.JsonReader#parse(byte[])} builds it (the reader's options apply: duplicate
     * member names, key interning, map type), and advances to its last token. At a {@code NAME} it
     * builds the member's value; before the first token, the document's value. Memory is that value's.
     *
     * @return the value ({@code null} for JSON null)
     * @throws JsonParseException for invalid input inside the value, or a repeated member name under
     *     {@code DuplicateKeyPolicy.ERROR}
     * @throws IllegalStateException at an end token or after the last
     */
    Object readValue();

    /**
     * Binds the value the current token starts (at a {@code NAME}, the member's value; before the
     * first token, the document's value) to
     * {@code type}, with the reader's binder, and advances to its last token.
     *
     * @param type the type to bind to (see {@link dev.hyson.bind.Binder})
     * @param <T> the type
     * @return the value
     * @throws JsonParseException for invalid input or a value that does not fit {@code type} (the
     *     error's pointer is the value's pointer in the document followed by the pointer inside it)
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    <T> T readValue(Class<T> type);

    /**
     * {@link #readValue(Class)} for a generic type.
     *
     * @param type the type to bind to
     * @param <T> the type
     * @return the value
     * @throws JsonParseException as {@link #readValue(Class)}
     */
    <T> T readValue(TypeRef<T> type);

    /**
     * Where the current token starts: its first byte's offset, line and column. The line and column
     * are exact while the token's window is in memory, which is always the case for the token
     * {@link #nextToken()} just returned unless a {@link #readValue()} or {@link #skipValue()} crossed
     * windows since; otherwise they are 0 and only the offset is given.
     *
     * @return the location; offset 0, line 1, column 1 before the first token
     */
    JsonLocation location();

    /**
     * The JSON Pointer (RFC 6901) of the current token: {@code ""} at the top-level value,
     * {@code "/users/3/name"} at that member's name or value, the container's own pointer at its start
     * and end.
     *
     * @return the pointer
     */
    String pointer();

    /** @return the number of containers open around the current token (0 at the top level; a start token counts its own container) */
    int depth();

    /**
     * Releases the parser's buffers and closes the source if the parser opened it. Idempotent.
     *
     * @throws java.io.UncheckedIOException when closing the source fails
     */
    @Override
    void close();
}
