package dev.hyson.jsonp.value;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A JSON array (RFC 8259 section 5) as an immutable {@link JsonArray}: a view over a list it does
 * not copy, of {@link JsonValue}s (from a builder) or of hyson's parsed tree (elements converted by
 * {@link Values#of(Object)} as they are read). Equality and hash code are {@link List}'s. Every
 * mutator throws {@link UnsupportedOperationException}. Safe to share between threads once published.
 */
public final class ArrayValue extends AbstractList<JsonValue> implements JsonArray, RandomAccess {
    private final List<?> elements;
    /** Whether {@link #elements} is a tree hyson parsed (no {@code JsonValue} in it). */
    private final boolean parsed;

    /**
     * @param elements the elements, kept (not copied): the caller gives up every reference to it
     */
    public ArrayValue(List<?> elements) {
        this(elements, false);
    }

    private ArrayValue(List<?> elements, boolean parsed) {
        this.elements = Objects.requireNonNull(elements, "elements");
        this.parsed = parsed;
    }

    /**
     * @param elements a tree of hyson's parser ({@code Map}, {@code List}, {@code String}, {@code Long},
     *     {@code BigInteger}, {@code BigDecimal}, {@code Boolean}, {@code null}), kept (not copied)
     * @return the view over it, which a generator hands whole to hyson's writer
     */
    public static ArrayValue parsed(List<?> elements) {
        return new ArrayValue(elements, true);
    }

    /** @return the parsed tree this view is over, or {@code null} when it was built from {@code JsonValue}s */
    public Object parsedTree() {
        return parsed ? elements : null;
    }

    @Override
    public ValueType getValueType() {
        return ValueType.ARRAY;
    }

    @Override
    public int size() {
        return elements.size();
    }

    @Override
    public JsonValue get(int index) {
        return Values.of(elements.get(index));
    }

    /** @return the elements in order, converted as they are reached; {@code remove} is unsupported */
    @Override
    public java.util.Iterator<JsonValue> iterator() {
        java.util.Iterator<?> it = elements.iterator();
        return new java.util.Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public JsonValue next() {
                return Values.of(it.next());
            }
        };
    }

    @Override
    public JsonObject getJsonObject(int index) {
        return (JsonObject) get(index);
    }

    @Override
    public JsonArray getJsonArray(int index) {
        return (JsonArray) get(index);
    }

    @Override
    public JsonNumber getJsonNumber(int index) {
        return (JsonNumber) get(index);
    }

    @Override
    public JsonString getJsonString(int index) {
        return (JsonString) get(index);
    }

    /**
     * This array seen as a list of {@code T}, unchecked as the JSON-P API's generics allow: an element of
     * another type throws {@link ClassCastException} where it is used, as in the reference implementation.
     */
    @Override
    @SuppressWarnings("unchecked")
    public <T extends JsonValue> List<T> getValuesAs(Class<T> clazz) {
        return (List<T>) (List<?>) this;
    }

    @Override
    public String getString(int index) {
        return getJsonString(index).getString();
    }

    @Override
    public String getString(int index, String defaultValue) {
        if (index < 0 || index >= size()) {
            return defaultValue;
        }
        JsonValue v = get(index);
        return v instanceof JsonString ? ((JsonString) v).getString() : defaultValue;
    }

    @Override
    public int getInt(int index) {
        return getJsonNumber(index).intValue();
    }

    @Override
    public int getInt(int index, int defaultValue) {
        if (index < 0 || index >= size()) {
            return defaultValue;
        }
        JsonValue v = get(index);
        return v instanceof JsonNumber ? ((JsonNumber) v).intValue() : defaultValue;
    }

    @Override
    public boolean getBoolean(int index) {
        ValueType t = get(index).getValueType();
        if (t == ValueType.TRUE) {
            return true;
        } else if (t == ValueType.FALSE) {
            return false;
        }
        throw new ClassCastException("element " + index + " is " + t + ", not a boolean");
    }

    @Override
    public boolean getBoolean(int index, boolean defaultValue) {
        if (index < 0 || index >= size()) {
            return defaultValue;
        }
        ValueType t = get(index).getValueType();
        return t == ValueType.TRUE ? true : t == ValueType.FALSE ? false : defaultValue;
    }

    @Override
    public boolean isNull(int index) {
        return get(index).getValueType() == ValueType.NULL;
    }

    @Override
    public String toString() {
        return ValueText.of(this);
    }
}
