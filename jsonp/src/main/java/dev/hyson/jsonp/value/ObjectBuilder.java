package dev.hyson.jsonp.value;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link JsonObjectBuilder} (Jakarta JSON Processing 2.1, {@code jakarta.json.JsonObjectBuilder}):
 * collects name/value pairs in the order they were first added and builds an immutable
 * {@link ObjectValue}. Adding a name that is already present replaces its value and keeps its place
 * (as a {@link LinkedHashMap} does). {@code null} is never a name nor a value: use
 * {@link #addNull(String)}. {@link #build()} hands the collected members to the object it returns and
 * clears this builder, so later calls change neither that object nor anything built before.
 *
 * <p>Not thread-safe: one builder is used by one thread at a time.
 */
public final class ObjectBuilder implements JsonObjectBuilder {
    private Map<String, JsonValue> members;
    /**
     * What a repeated name does ({@code JsonConfig.KEY_STRATEGY} of the factory that made this builder):
     * {@code null} or {@code LAST}, the later value replaces the earlier (in its place); {@code FIRST},
     * the later is ignored; {@code NONE}, adding it throws {@link IllegalStateException}, as in the
     * reference implementation.
     */
    private jakarta.json.JsonConfig.KeyStrategy keys;

    /** An empty builder (JSON-P {@code JsonBuilderFactory.createObjectBuilder()}). */
    public ObjectBuilder() {
        members = new LinkedHashMap<>();
    }

    /**
     * A builder holding the members of {@code initial}, in its order (JSON-P
     * {@code JsonBuilderFactory.createObjectBuilder(JsonObject)}). The object itself is not changed.
     *
     * @param initial the members to start with
     * @throws NullPointerException when {@code initial} is {@code null}
     */
    public ObjectBuilder(JsonObject initial) {
        members = new LinkedHashMap<>(Objects.requireNonNull(initial, "initial"));
    }

    /**
     * A builder holding the entries of a Java map, in the map's iteration order, each value converted
     * as JSON-P {@code JsonBuilderFactory.createObjectBuilder(Map)} asks: {@code null} is
     * {@link JsonValue#NULL}; a {@link JsonValue} is kept; a {@code String} is a JSON string;
     * {@code BigDecimal}, {@code BigInteger}, {@code Integer}, {@code Long}, {@code Short},
     * {@code Byte}, {@code Double} and {@code Float} are JSON numbers (as {@link NumberValue#of(Number)}
     * makes them); a {@code Boolean} is {@link JsonValue#TRUE} or {@link JsonValue#FALSE}; a
     * {@link Map} (with {@code String} keys) is an object and a {@link Collection} an array, converted
     * the same way; a {@link JsonObjectBuilder} or {@link JsonArrayBuilder} is built; an
     * {@link Optional} stands for its content, and an empty one leaves its entry out (JSON-P
     * {@code JsonProvider.createObjectBuilder(Map)}: "contains the key from the map only if the
     * Optional is not empty").
     *
     * @param map the entries, not {@code null}
     * @return a builder holding them
     * @throws NullPointerException when {@code map} is {@code null} or has a {@code null} key
     * @throws NumberFormatException when a {@code Double} or {@code Float} is NaN or infinite
     * @throws IllegalArgumentException when a value (at any depth) is of another type, or a nested map
     *     has a key that is not a {@code String}
     */
    public static ObjectBuilder of(Map<String, ?> map) {
        return ofMap(Objects.requireNonNull(map, "map"));
    }

    /** {@link #of(Map)} for a map whose keys are not known to be strings (nested values). */
    static ObjectBuilder ofMap(Map<?, ?> map) {
        ObjectBuilder b = new ObjectBuilder();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            Object key = e.getKey();
            if (key == null) {
                throw new NullPointerException("a map given as a JSON object has a null key");
            } else if (!(key instanceof String)) {
                throw new IllegalArgumentException(
                        "a map given as a JSON object has a key of type " + key.getClass().getName() + ", not String");
            }
            JsonValue v = convert(e.getValue());
            if (v != null) {
                b.members.put((String) key, v);
            }
        }
        return b;
    }

    /**
     * The JSON value of a Java value, as {@link #of(Map)} describes.
     *
     * @param v a value
     * @return its JSON value, or {@code null} for an empty {@code Optional} (the entry or element is left out)
     */
    static JsonValue convert(Object v) {
        if (v == null) {
            return JsonValue.NULL;
        } else if (v instanceof JsonValue) {
            return (JsonValue) v;
        } else if (v instanceof String) {
            return new StringValue((String) v);
        } else if (v instanceof Boolean) {
            return Values.of(((Boolean) v).booleanValue());
        } else if (v instanceof BigDecimal || v instanceof BigInteger || v instanceof Integer || v instanceof Long
                || v instanceof Short || v instanceof Byte || v instanceof Double || v instanceof Float) {
            return NumberValue.of((Number) v);
        } else if (v instanceof Map) {
            return ofMap((Map<?, ?>) v).build();
        } else if (v instanceof Collection) {
            return ArrayBuilder.of((Collection<?>) v).build();
        } else if (v instanceof JsonObjectBuilder) {
            return ((JsonObjectBuilder) v).build();
        } else if (v instanceof JsonArrayBuilder) {
            return ((JsonArrayBuilder) v).build();
        } else if (v instanceof Optional) {
            Optional<?> o = (Optional<?>) v;
            return o.isPresent() ? convert(o.get()) : null;
        }
        throw new IllegalArgumentException("no JSON value for a " + v.getClass().getName());
    }

    private ObjectBuilder put(String name, JsonValue value) {
        Objects.requireNonNull(name, "name");
        if (keys == jakarta.json.JsonConfig.KeyStrategy.FIRST) {
            members.putIfAbsent(name, value);
        } else if (keys == jakarta.json.JsonConfig.KeyStrategy.NONE && members.containsKey(name)) {
            throw new IllegalStateException("the name \"" + name + "\" is already in this object (KEY_STRATEGY NONE)");
        } else {
            members.put(name, value);
        }
        return this;
    }

    /**
     * @param strategy what a repeated name does from now on (the builder factory's {@code KEY_STRATEGY})
     * @return this builder
     */
    ObjectBuilder keyStrategy(jakarta.json.JsonConfig.KeyStrategy strategy) {
        this.keys = strategy;
        return this;
    }

    private static String name(String name) {
        return Objects.requireNonNull(name, "name");
    }

    /**
     * Adds {@code name} with {@code value}, replacing the value of a name already present (JSON-P
     * {@code JsonObjectBuilder.add(String, JsonValue)}).
     *
     * @param name the member's name
     * @param value its value
     * @return this builder
     * @throws NullPointerException when {@code name} or {@code value} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, JsonValue value) {
        name(name);
        return put(name, Objects.requireNonNull(value, "value"));
    }

    /**
     * Adds {@code name} with a JSON string (JSON-P {@code JsonObjectBuilder.add(String, String)}).
     *
     * @param name the member's name
     * @param value the string
     * @return this builder
     * @throws NullPointerException when {@code name} or {@code value} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, String value) {
        name(name);
        return put(name, new StringValue(value));
    }

    /**
     * Adds {@code name} with a JSON number (JSON-P {@code JsonObjectBuilder.add(String, BigInteger)}).
     *
     * @param name the member's name
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code name} or {@code value} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, BigInteger value) {
        name(name);
        return put(name, NumberValue.of(value));
    }

    /**
     * Adds {@code name} with a JSON number, its scale kept (JSON-P
     * {@code JsonObjectBuilder.add(String, BigDecimal)}).
     *
     * @param name the member's name
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code name} or {@code value} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, BigDecimal value) {
        name(name);
        return put(name, NumberValue.of(value));
    }

    /**
     * Adds {@code name} with a JSON number (JSON-P {@code JsonObjectBuilder.add(String, int)}).
     *
     * @param name the member's name
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code name} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, int value) {
        return put(name, NumberValue.of(value));
    }

    /**
     * Adds {@code name} with a JSON number (JSON-P {@code JsonObjectBuilder.add(String, long)}).
     *
     * @param name the member's name
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code name} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, long value) {
        return put(name, NumberValue.of(value));
    }

    /**
     * Adds {@code name} with a JSON number, {@code BigDecimal.valueOf(value)} (JSON-P
     * {@code JsonObjectBuilder.add(String, double)}).
     *
     * @param name the member's name
     * @param value the number
     * @return this builder
     * @throws NullPointerException when {@code name} is {@code null}
     * @throws NumberFormatException when {@code value} is NaN or infinite
     */
    @Override
    public ObjectBuilder add(String name, double value) {
        name(name);
        return put(name, NumberValue.of(value));
    }

    /**
     * Adds {@code name} with {@link JsonValue#TRUE} or {@link JsonValue#FALSE} (JSON-P
     * {@code JsonObjectBuilder.add(String, boolean)}).
     *
     * @param name the member's name
     * @param value the boolean
     * @return this builder
     * @throws NullPointerException when {@code name} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, boolean value) {
        return put(name, Values.of(value));
    }

    /**
     * Adds {@code name} with {@link JsonValue#NULL} (JSON-P {@code JsonObjectBuilder.addNull(String)}).
     *
     * @param name the member's name
     * @return this builder
     * @throws NullPointerException when {@code name} is {@code null}
     */
    @Override
    public ObjectBuilder addNull(String name) {
        return put(name, JsonValue.NULL);
    }

    /**
     * Adds {@code name} with the object {@code builder} builds now, which clears that builder (JSON-P
     * {@code JsonObjectBuilder.add(String, JsonObjectBuilder)}).
     *
     * @param name the member's name
     * @param builder the value's builder
     * @return this builder
     * @throws NullPointerException when {@code name} or {@code builder} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, JsonObjectBuilder builder) {
        name(name);
        return put(name, Objects.requireNonNull(builder, "builder").build());
    }

    /**
     * Adds {@code name} with the array {@code builder} builds now, which clears that builder (JSON-P
     * {@code JsonObjectBuilder.add(String, JsonArrayBuilder)}).
     *
     * @param name the member's name
     * @param builder the value's builder
     * @return this builder
     * @throws NullPointerException when {@code name} or {@code builder} is {@code null}
     */
    @Override
    public ObjectBuilder add(String name, JsonArrayBuilder builder) {
        name(name);
        return put(name, Objects.requireNonNull(builder, "builder").build());
    }

    /**
     * Adds every member of {@code builder}'s object, in its order, each replacing a member of the same
     * name (JSON-P {@code JsonObjectBuilder.addAll}). An {@code ObjectBuilder} is read and left as it
     * is; any other builder can only be asked to {@code build()}, which may clear it.
     *
     * @param builder the members' builder
     * @return this builder
     * @throws NullPointerException when {@code builder} is {@code null}
     */
    @Override
    public ObjectBuilder addAll(JsonObjectBuilder builder) {
        Objects.requireNonNull(builder, "builder");
        members.putAll(builder instanceof ObjectBuilder ? ((ObjectBuilder) builder).members : builder.build());
        return this;
    }

    /**
     * Removes the member {@code name} if present (JSON-P {@code JsonObjectBuilder.remove}).
     *
     * @param name the member's name
     * @return this builder
     * @throws NullPointerException when {@code name} is {@code null}
     */
    @Override
    public ObjectBuilder remove(String name) {
        members.remove(name(name));
        return this;
    }

    /**
     * The object built so far, its members in the order they were first added (JSON-P
     * {@code JsonObjectBuilder.build()}: "This method clears the builder"). The builder is empty
     * afterwards and stays usable; what is added later does not change the returned object.
     *
     * @return an immutable object
     */
    @Override
    public JsonObject build() {
        ObjectValue built = new ObjectValue(members);
        members = new LinkedHashMap<>();
        return built;
    }

    /** @return the compact JSON text of the object built so far (for debugging; the builder is not cleared) */
    @Override
    public String toString() {
        return ValueText.of(new ObjectValue(members));
    }
}
