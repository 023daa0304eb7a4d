package dev.hyson.jsonp.value;

import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns the values hyson's tree parser gives ({@code Map}, {@code List}, {@code String},
 * {@code Long}, {@code BigInteger}, {@code BigDecimal}, {@code Double}, {@code Boolean},
 * {@code null}) into {@link JsonValue}s. Any {@code Map} or {@code List} given here is taken to be such a
 * tree, with no {@code JsonValue} inside. Objects and arrays are wrapped, not copied: an
 * {@link ObjectValue} or {@link ArrayValue} over a parsed tree converts each member when it is read.
 */
public final class Values {
    private static final Class<?> MEMBER_MAP = dev.hyson.tree.MemberMap.class;

    private Values() {
    }

    /**
     * @param v a value of hyson's tree model, or a {@link JsonValue} (returned as it is)
     * @return the JSON-P value
     * @throws IllegalArgumentException for an object of another type
     */
    @SuppressWarnings("unchecked")
    public static JsonValue of(Object v) {
        if (v == null) {
            return JsonValue.NULL;
        }
        // the parser's classes first, by exact class: no interface type check on the common path
        Class<?> c = v.getClass();
        if (c == String.class) {
            return new StringValue((String) v);
        } else if (c == BigDecimal.class) {
            return NumberValue.of((BigDecimal) v);
        } else if (c == Long.class) {
            return NumberValue.of(((Long) v).longValue());
        } else if (c == Boolean.class) {
            return (Boolean) v ? JsonValue.TRUE : JsonValue.FALSE;
        } else if (c == MEMBER_MAP || c == ArrayList.class) {
            return c == ArrayList.class ? ArrayValue.parsed((List<?>) v) : ObjectValue.parsed((Map<String, ?>) v);
        } else if (v instanceof JsonValue) {
            return (JsonValue) v;
        } else if (v instanceof String) {
            return new StringValue((String) v);
        } else if (v instanceof Map) {
            return ObjectValue.parsed((Map<String, ?>) v);
        } else if (v instanceof List) {
            return ArrayValue.parsed((List<?>) v);
        } else if (v instanceof Boolean) {
            return (Boolean) v ? JsonValue.TRUE : JsonValue.FALSE;
        } else if (v instanceof BigInteger) {
            return NumberValue.of((BigInteger) v);
        } else if (v instanceof Number) {
            return NumberValue.of((Number) v);
        }
        throw new IllegalArgumentException("not a JSON value: " + v.getClass().getName());
    }

    /**
     * @param b a boolean
     * @return {@link JsonValue#TRUE} or {@link JsonValue#FALSE}
     */
    public static JsonValue of(boolean b) {
        return b ? JsonValue.TRUE : JsonValue.FALSE;
    }
}
