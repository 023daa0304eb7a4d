package dev.hyson.jsonp.stream;

import dev.hyson.JsonParseException;
import dev.hyson.jsonp.value.NumberValue;
import dev.hyson.jsonp.value.StringValue;
import dev.hyson.jsonp.value.Values;
import dev.hyson.stream.JsonToken;
import dev.hyson.stream.NumberType;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.AbstractMap;
import java.util.Arrays;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The JSON-P pull parser ({@link JsonParser}) over hyson's event scan ({@link dev.hyson.stream.JsonParser}):
 * the input is scanned a window at a time, natively where the native backend is loaded, and each
 * event read off hyson's event tape. {@link #getObject()}, {@link #getArray()} and {@link #getValue()}
 * build a tree with hyson's tree builder and wrap it (members converted as they are read).
 *
 * <p>Numbers keep their text: {@link #getString()} of a number is its text in the input for a number
 * with a fraction or an exponent, and the decimal form of the integer otherwise. {@link #getInt()} and
 * {@link #getLong()} are {@link BigDecimal#intValue()} and {@link BigDecimal#longValue()} of the number,
 * as the specification defines them. Errors in the input are {@link JsonParsingException}s with the
 * line, column and byte offset hyson's scan reports; an I/O error of the input is a
 * {@link jakarta.json.JsonException}. Because the scan validates a window before it gives its events,
 * an error may be reported a few events before the parser reaches it.
 *
 * <p>Not thread-safe: one parser belongs to one thread at a time.
 */
public final class HysonParser implements JsonParser {
    private final dev.hyson.stream.JsonParser p;
    private final java.io.Closeable source;
    private Event event;
    /** Whether each open container is an array, by depth (1 = the outermost). */
    private boolean[] arrays = new boolean[16];
    private int depth;

    /**
     * @param p hyson's parser, configured with {@code bigDecimals(true)} so number text is kept; owned
     *     (closed) by this parser
     * @param source the input {@code p} reads, closed by {@link #close()} (or {@code null})
     */
    public HysonParser(dev.hyson.stream.JsonParser p, java.io.Closeable source) {
        this.p = p;
        this.source = source;
    }

    @Override
    public boolean hasNext() {
        try {
            return p.hasNext();
        } catch (JsonParseException e) {
            throw parsing(e);
        } catch (UncheckedIOException e) {
            throw io(e);
        }
    }

    @Override
    public Event next() {
        JsonToken t;
        try {
            t = p.nextToken();
        } catch (JsonParseException e) {
            throw parsing(e);
        } catch (UncheckedIOException e) {
            throw io(e);
        }
        if (t == null) {
            throw new NoSuchElementException("no more events: the JSON text has ended");
        }
        return event = track(t);
    }

    private Event track(JsonToken t) {
        switch (t) {
            case START_OBJECT:
                push(false);
                return Event.START_OBJECT;
            case START_ARRAY:
                push(true);
                return Event.START_ARRAY;
            case END_OBJECT:
                depth--;
                return Event.END_OBJECT;
            case END_ARRAY:
                depth--;
                return Event.END_ARRAY;
            case NAME:
                return Event.KEY_NAME;
            case STRING:
                return Event.VALUE_STRING;
            case NUMBER:
                return Event.VALUE_NUMBER;
            case TRUE:
                return Event.VALUE_TRUE;
            case FALSE:
                return Event.VALUE_FALSE;
            default:
                return Event.VALUE_NULL;
        }
    }

    private void push(boolean array) {
        if (++depth == arrays.length) {
            arrays = Arrays.copyOf(arrays, depth * 2);
        }
        arrays[depth] = array;
    }

    @Override
    public Event currentEvent() {
        return event;
    }

    @Override
    public String getString() {
        if (event != Event.KEY_NAME && event != Event.VALUE_STRING && event != Event.VALUE_NUMBER) {
            throw new IllegalStateException("getString() needs KEY_NAME, VALUE_STRING or VALUE_NUMBER, the parser is at " + event);
        }
        return p.getString();
    }

    @Override
    public boolean isIntegralNumber() {
        number("isIntegralNumber()");
        NumberType t = p.numberType();
        return t == NumberType.INT || t == NumberType.LONG || t == NumberType.BIG_INTEGER
                || p.getBigDecimal().scale() == 0;
    }

    @Override
    public int getInt() {
        number("getInt()");
        NumberType t = p.numberType();
        return t == NumberType.INT || t == NumberType.LONG ? (int) p.getLong() : p.getBigDecimal().intValue();
    }

    @Override
    public long getLong() {
        number("getLong()");
        NumberType t = p.numberType();
        return t == NumberType.INT || t == NumberType.LONG ? p.getLong() : p.getBigDecimal().longValue();
    }

    @Override
    public BigDecimal getBigDecimal() {
        number("getBigDecimal()");
        return p.getBigDecimal();
    }

    private void number(String what) {
        if (event != Event.VALUE_NUMBER) {
            throw new IllegalStateException(what + " needs VALUE_NUMBER, the parser is at " + event);
        }
    }

    /** @return the position of the current event's first byte (or of the input's start before the first) */
    @Override
    public JsonLocation getLocation() {
        return Location.of(p.location());
    }

    @Override
    public JsonObject getObject() {
        if (event != Event.START_OBJECT) {
            throw new IllegalStateException("getObject() needs START_OBJECT, the parser is at " + event);
        }
        return (JsonObject) readStructure();
    }

    @Override
    public JsonArray getArray() {
        if (event != Event.START_ARRAY) {
            throw new IllegalStateException("getArray() needs START_ARRAY, the parser is at " + event);
        }
        return (JsonArray) readStructure();
    }

    @Override
    public JsonValue getValue() {
        if (event == null) {
            throw new IllegalStateException("getValue() needs a value event, the parser has not started");
        }
        switch (event) {
            case START_OBJECT:
            case START_ARRAY:
                return readStructure();
            case VALUE_STRING:
            case KEY_NAME: // the name as a string, as the reference implementation gives it (the spec refuses only the ends)
                return new StringValue(p.getString());
            case VALUE_NUMBER:
                return number();
            case VALUE_TRUE:
                return JsonValue.TRUE;
            case VALUE_FALSE:
                return JsonValue.FALSE;
            case VALUE_NULL:
                return JsonValue.NULL;
            default:
                throw new IllegalStateException("getValue() needs a value event, the parser is at " + event);
        }
    }

    private JsonValue number() {
        NumberType t = p.numberType();
        return t == NumberType.INT || t == NumberType.LONG ? NumberValue.of(p.getLong()) : NumberValue.of(p.getBigDecimal());
    }

    /** Reads the container that starts at the current event; the parser ends at its end event. */
    private JsonValue readStructure() {
        boolean array = event == Event.START_ARRAY;
        Object v;
        try {
            v = p.readValue();
        } catch (JsonParseException e) {
            throw parsing(e);
        } catch (UncheckedIOException e) {
            throw io(e);
        }
        depth--;
        event = array ? Event.END_ARRAY : Event.END_OBJECT;
        return Values.of(v);
    }

    @Override
    public Stream<JsonValue> getArrayStream() {
        if (event != Event.START_ARRAY) {
            throw new IllegalStateException("getArrayStream() needs START_ARRAY, the parser is at " + event);
        }
        int at = depth;
        return stream(action -> {
            Event e = next();
            if (e == Event.END_ARRAY && depth == at - 1) {
                return false;
            }
            action.accept(getValue());
            return true;
        });
    }

    @Override
    public Stream<Map.Entry<String, JsonValue>> getObjectStream() {
        if (event != Event.START_OBJECT) {
            throw new IllegalStateException("getObjectStream() needs START_OBJECT, the parser is at " + event);
        }
        return stream(action -> {
            Event e = next();
            if (e == Event.END_OBJECT) {
                return false;
            }
            String name = p.getString();
            next();
            action.accept(new AbstractMap.SimpleImmutableEntry<>(name, getValue()));
            return true;
        });
    }

    @Override
    public Stream<JsonValue> getValueStream() {
        if (event != null || depth != 0) {
            throw new IllegalStateException("getValueStream() is for the top level, before the first event");
        }
        return stream(action -> {
            if (!hasNext()) {
                return false;
            }
            next();
            action.accept(getValue());
            return true;
        });
    }

    /** A sequential stream whose elements {@code step} gives, one call per element, until it returns false. */
    private static <T> Stream<T> stream(Step<T> step) {
        return StreamSupport.stream(new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED) {
            @Override
            public boolean tryAdvance(Consumer<? super T> action) {
                return step.advance(action);
            }
        }, false);
    }

    /** One element of a stream. */
    private interface Step<T> {
        boolean advance(Consumer<? super T> action);
    }

    @Override
    public void skipArray() {
        skip(true);
    }

    @Override
    public void skipObject() {
        skip(false);
    }

    /** Advances to the end of the innermost open container when it is of the kind asked for. */
    private void skip(boolean array) {
        if (event == (array ? Event.START_ARRAY : Event.START_OBJECT)) {
            try {
                p.skipValue();
            } catch (JsonParseException e) {
                throw parsing(e);
            } catch (UncheckedIOException e) {
                throw io(e);
            }
            depth--;
            event = array ? Event.END_ARRAY : Event.END_OBJECT;
            return;
        }
        if (depth == 0 || arrays[depth] != array) {
            return; // not in a container of that kind: nothing happens
        }
        int at = depth;
        while (depth >= at) {
            Event e = next();
            if (e == Event.START_ARRAY || e == Event.START_OBJECT) {
                skip(e == Event.START_ARRAY);
            }
        }
    }

    @Override
    public void close() {
        try {
            p.close();
            if (source != null) {
                source.close();
            }
        } catch (UncheckedIOException e) {
            throw io(e);
        } catch (java.io.IOException e) {
            throw new jakarta.json.JsonException("I/O error while closing the JSON input: " + e.getMessage(), e);
        }
    }

    static JsonParsingException parsing(JsonParseException e) {
        return new JsonParsingException(inConfig(e.getMessage()), e, Location.of(e));
    }

    /**
     * @return {@code message} with hyson's builder settings named as this provider's configuration
     *     ({@code JsonReader.Builder.maxDepth} as {@code dev.hyson.jsonp.maxDepth}, a repeated name's
     *     {@code DuplicateKeyPolicy.ERROR} as {@code JsonConfig.KEY_STRATEGY NONE})
     */
    static String inConfig(String message) {
        if (message == null || message.indexOf('.') < 0) {
            return message;
        }
        return message.replace("JsonReader.Builder.maxDepth", "the configuration's dev.hyson.jsonp.maxDepth")
                .replace("JsonReader.Builder.maxStringLength", "the configuration's dev.hyson.jsonp.maxStringLength")
                .replace("JsonReader.Builder.maxNumberLength", "the configuration's dev.hyson.jsonp.maxNumberLength")
                .replace("JsonReader.Builder.maxDocumentLength", "the configuration's dev.hyson.jsonp.maxDocumentLength")
                .replace("DuplicateKeyPolicy.ERROR", "JsonConfig.KEY_STRATEGY NONE");
    }

    static jakarta.json.JsonException io(UncheckedIOException e) {
        if (e.getCause() instanceof java.nio.charset.CharacterCodingException) {
            // ill-formed UTF-16 or UTF-32 (or a lone surrogate from a Reader): bad input, not a failed read
            return new JsonParsingException("the input is not well-formed in its encoding (" + e.getCause()
                    + "); its position is not known", e.getCause(), Location.UNKNOWN);
        }
        return new jakarta.json.JsonException("I/O error while reading JSON: " + e.getCause().getMessage(), e.getCause());
    }
}
