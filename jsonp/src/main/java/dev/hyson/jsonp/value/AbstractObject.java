package dev.hyson.jsonp.value;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.AbstractMap;

/**
 * What every {@link JsonObject} of this package shares: the typed getters of JSON-P 2.1 (a missing
 * member is {@code null} for {@code getJsonX}, a {@link NullPointerException} for {@code getString},
 * {@code getInt}, {@code getBoolean} and {@code isNull}; a member of another type a
 * {@link ClassCastException}; the forms with a default return it for both), {@link java.util.Map}'s equality and
 * hash code, and {@link #toString()} as compact JSON. Subclasses give {@link #get(Object)},
 * {@link #entrySet()} and {@link #size()}.
 */
public abstract class AbstractObject extends AbstractMap<String, JsonValue> implements JsonObject {
    /** For subclasses. */
    protected AbstractObject() {
    }

    @Override
    public final ValueType getValueType() {
        return ValueType.OBJECT;
    }

    @Override
    public JsonArray getJsonArray(String name) {
        return (JsonArray) get(name);
    }

    @Override
    public JsonObject getJsonObject(String name) {
        return (JsonObject) get(name);
    }

    @Override
    public JsonNumber getJsonNumber(String name) {
        return (JsonNumber) get(name);
    }

    @Override
    public JsonString getJsonString(String name) {
        return (JsonString) get(name);
    }

    @Override
    public String getString(String name) {
        return present(name, getJsonString(name)).getString();
    }

    @Override
    public String getString(String name, String defaultValue) {
        JsonValue v = get(name);
        return v instanceof JsonString ? ((JsonString) v).getString() : defaultValue;
    }

    @Override
    public int getInt(String name) {
        return present(name, getJsonNumber(name)).intValue();
    }

    @Override
    public int getInt(String name, int defaultValue) {
        JsonValue v = get(name);
        return v instanceof JsonNumber ? ((JsonNumber) v).intValue() : defaultValue;
    }

    @Override
    public boolean getBoolean(String name) {
        JsonValue v = present(name, get(name));
        if (v == JsonValue.TRUE || v.getValueType() == ValueType.TRUE) {
            return true;
        } else if (v == JsonValue.FALSE || v.getValueType() == ValueType.FALSE) {
            return false;
        }
        throw new ClassCastException("member \"" + name + "\" is " + v.getValueType() + ", not a boolean");
    }

    @Override
    public boolean getBoolean(String name, boolean defaultValue) {
        JsonValue v = get(name);
        if (v == null) {
            return defaultValue;
        }
        ValueType t = v.getValueType();
        return t == ValueType.TRUE ? true : t == ValueType.FALSE ? false : defaultValue;
    }

    @Override
    public boolean isNull(String name) {
        return present(name, get(name)).getValueType() == ValueType.NULL;
    }

    private static <T> T present(String name, T v) {
        if (v == null) {
            throw new NullPointerException("no member \"" + name + "\"");
        }
        return v;
    }

    @Override
    public String toString() {
        return ValueText.of(this);
    }
}
