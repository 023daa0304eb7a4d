package dev.hyson.jsonp.value;

import jakarta.json.JsonString;
import java.util.Objects;

/**
 * A JSON string (RFC 8259 section 7) as a {@link JsonString}: immutable, equal to any
 * {@code JsonString} with the same {@link #getString()} (Jakarta JSON Processing 2.1, {@code JsonString#equals}).
 */
public final class StringValue implements JsonString {
    private final String value;

    /**
     * @param value the string's characters, not {@code null}
     * @throws NullPointerException when {@code value} is {@code null}
     */
    public StringValue(String value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    @Override
    public ValueType getValueType() {
        return ValueType.STRING;
    }

    @Override
    public String getString() {
        return value;
    }

    @Override
    public CharSequence getChars() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof JsonString && value.equals(((JsonString) o).getString());
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    /** @return the string as JSON text: quoted, with {@code "}, {@code \} and control characters escaped */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(value.length() + 2);
        ValueText.quote(value, b);
        return b.toString();
    }
}
