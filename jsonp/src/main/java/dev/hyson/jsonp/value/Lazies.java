package dev.hyson.jsonp.value;

import dev.hyson.lazy.LazyValue;
import jakarta.json.JsonValue;

/** Converts a value of hyson's lazy document into a {@link JsonValue}: containers as lazy views, scalars at once. */
public final class Lazies {
    private Lazies() {
    }

    /**
     * @param v a value of a document read with {@code bigDecimals(true)}
     * @param firstWins the key strategy for objects (see {@link LazyObject})
     * @return the JSON-P value
     */
    public static JsonValue of(LazyValue v, boolean firstWins) {
        switch (v.type()) {
            case OBJECT:
                return new LazyObject(v, firstWins);
            case ARRAY:
                return new LazyArray(v, firstWins);
            case STRING:
                return new StringValue(v.asString());
            case INTEGER:
                return NumberValue.of(v.asLong());
            case BIG_INTEGER:
                return NumberValue.of(v.asBigInteger());
            case DECIMAL:
                return NumberValue.of(v.asBigDecimal());
            case BOOLEAN:
                return v.asBoolean() ? JsonValue.TRUE : JsonValue.FALSE;
            default:
                return JsonValue.NULL;
        }
    }
}
