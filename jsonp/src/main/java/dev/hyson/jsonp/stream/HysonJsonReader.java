package dev.hyson.jsonp.stream;

import dev.hyson.JsonParseException;
import dev.hyson.jsonp.value.Lazies;
import dev.hyson.jsonp.value.Values;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The JSON-P reader ({@link JsonReader}): the whole input is parsed by hyson's tree parser (scanned
 * natively where the native backend is loaded, strict RFC 8259: exactly one value, nothing but
 * whitespace after it), and the tree is wrapped, not copied: its members become {@link JsonValue}s as
 * they are read. With the {@code dev.hyson.jsonp.lazy} property, no tree is built: the input is
 * scanned to a tape and the values are views over it ({@link dev.hyson.jsonp.value.LazyObject}), which
 * pays where a few members of a large document are read. One of the read methods may be called once; a second call, or one after
 * {@link #close()}, throws {@link IllegalStateException}. Input errors are {@link JsonParsingException}s
 * with line, column and byte offset; I/O errors {@link JsonException}s.
 *
 * <p>Not thread-safe; the values it returns are immutable and may be shared.
 */
public final class HysonJsonReader implements JsonReader {
    private static final Location START = new Location(1, 1, 0);

    private final dev.hyson.JsonReader reader;
    private final InputStream in;
    /** Whether objects and arrays are views over the scanned tape ({@code dev.hyson.jsonp.lazy}). */
    private final boolean lazy;
    private final boolean firstWins;
    private boolean used;
    private boolean closed;

    /**
     * @param reader hyson's reader, configured with {@code bigDecimals(true)} so numbers keep their text
     * @param in the input, as UTF-8 bytes (see {@link Inputs}); closed by {@link #close()}
     */
    public HysonJsonReader(dev.hyson.JsonReader reader, InputStream in) {
        this(reader, in, false, false);
    }

    /**
     * @param reader hyson's reader, configured with {@code bigDecimals(true)}
     * @param in the input, as UTF-8 bytes; closed by {@link #close()}
     * @param lazy whether values are views over the scanned tape ({@link dev.hyson.jsonp.value.LazyObject}),
     *     else over a parsed tree
     * @param firstWins for lazy views: whether the first of repeated names is kept
     */
    public HysonJsonReader(dev.hyson.JsonReader reader, InputStream in, boolean lazy, boolean firstWins) {
        this.reader = reader;
        this.in = in;
        this.lazy = lazy;
        this.firstWins = firstWins;
    }

    private Object parse(String what) {
        if (closed) {
            throw new IllegalStateException(what + ": the reader is closed");
        }
        if (used) {
            throw new IllegalStateException(what + ": a JsonReader reads one value, and it was read");
        }
        used = true;
        try {
            if (lazy) {
                byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, dev.hyson.JsonReader.DEFAULT_MAX_DOCUMENT_LENGTH + 1));
                return Lazies.of(reader.document(bytes).root(), firstWins);
            }
            return reader.parse(in);
        } catch (JsonParseException e) {
            throw HysonParser.parsing(e);
        } catch (UncheckedIOException e) {
            throw HysonParser.io(e);
        } catch (IOException e) {
            throw HysonParser.io(new UncheckedIOException(e));
        }
    }

    @Override
    public JsonStructure read() {
        JsonValue v = Values.of(parse("read()"));
        if (v instanceof JsonStructure) {
            return (JsonStructure) v;
        }
        throw new JsonParsingException("read(): the JSON text is " + kind(v) + ", not an object or an array", START);
    }

    @Override
    public JsonObject readObject() {
        JsonValue v = Values.of(parse("readObject()"));
        if (v instanceof JsonObject) {
            return (JsonObject) v;
        }
        throw new JsonParsingException("readObject(): the JSON text is " + kind(v) + ", not an object", START);
    }

    @Override
    public JsonArray readArray() {
        JsonValue v = Values.of(parse("readArray()"));
        if (v instanceof JsonArray) {
            return (JsonArray) v;
        }
        throw new JsonParsingException("readArray(): the JSON text is " + kind(v) + ", not an array", START);
    }

    private static String kind(JsonValue v) {
        switch (v.getValueType()) {
            case OBJECT:
                return "an object";
            case ARRAY:
                return "an array";
            case STRING:
                return "a string";
            case NUMBER:
                return "a number";
            default:
                return v.toString();
        }
    }

    @Override
    public JsonValue readValue() {
        return Values.of(parse("readValue()"));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            in.close();
        } catch (IOException e) {
            throw new JsonException("I/O error while closing the JSON input: " + e.getMessage(), e);
        }
    }
}
