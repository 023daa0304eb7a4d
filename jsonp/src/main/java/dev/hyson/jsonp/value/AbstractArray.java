package dev.hyson.jsonp.value;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.AbstractList;
import java.util.List;

/**
 * What every {@link JsonArray} of this package shares: the typed getters of JSON-P 2.1 (an index out
 * of range is an {@link IndexOutOfBoundsException}, an element of another type a
 * {@link ClassCastException}; the forms with a default return it for both), {@link List}'s equality and
 * hash code, and {@link #toString()} as compact JSON. Subclasses give {@link #get(int)} and
 * {@link #size()} (and a faster {@link #iterator()} where they have one).
 */
public abstract class AbstractArray extends AbstractList<JsonValue> implements JsonArray {
    /** For subclasses. */
    protected AbstractArray() {
    }

    @Override
    public final ValueType getValueType() {
        return ValueType.ARRAY;
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
