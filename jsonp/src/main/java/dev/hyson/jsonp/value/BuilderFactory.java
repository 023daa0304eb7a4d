package dev.hyson.jsonp.value;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;

/**
 * A {@link JsonBuilderFactory} (Jakarta JSON Processing 2.1, {@code jakarta.json.JsonBuilderFactory}):
 * makes {@link ObjectBuilder}s and {@link ArrayBuilder}s. The builders take no configuration, so every
 * property given is ignored and {@link #getConfigInUse()} is empty, as the interface asks for
 * properties a provider does not support. Immutable and thread-safe; each builder it makes is not.
 */
public final class BuilderFactory implements JsonBuilderFactory {
    /** The configuration's {@code KEY_STRATEGY}, or {@code null} (the later value wins). */
    private final jakarta.json.JsonConfig.KeyStrategy keys;

    /**
     * A factory for the given configuration (JSON-P {@code JsonProvider.createBuilderFactory(Map)}).
     *
     * @param config properties, or {@code null} for none: {@code JsonConfig.KEY_STRATEGY} (a
     *     {@code KeyStrategy} or its name) applies to the object builders this factory makes (a repeated
     *     name: {@code LAST} replaces, the default; {@code FIRST} is ignored; {@code NONE} throws
     *     {@link IllegalStateException} when added); other properties are ignored
     * @throws IllegalArgumentException when {@code KEY_STRATEGY} names no strategy
     */
    public BuilderFactory(Map<String, ?> config) {
        Object k = config == null ? null : config.get(jakarta.json.JsonConfig.KEY_STRATEGY);
        keys = k == null ? null : k instanceof jakarta.json.JsonConfig.KeyStrategy ? (jakarta.json.JsonConfig.KeyStrategy) k
                : jakarta.json.JsonConfig.KeyStrategy.valueOf(k.toString());
    }

    /**
     * An empty object builder (JSON-P {@code JsonBuilderFactory.createObjectBuilder()}).
     *
     * @return a new {@link ObjectBuilder}
     */
    @Override
    public JsonObjectBuilder createObjectBuilder() {
        return new ObjectBuilder().keyStrategy(keys);
    }

    /**
     * An object builder holding the members of {@code object} (JSON-P
     * {@code JsonBuilderFactory.createObjectBuilder(JsonObject)}).
     *
     * @param object the members to start with
     * @return a new {@link ObjectBuilder}
     * @throws NullPointerException when {@code object} is {@code null}
     */
    @Override
    public JsonObjectBuilder createObjectBuilder(JsonObject object) {
        return new ObjectBuilder(object).keyStrategy(keys);
    }

    /**
     * An object builder holding the entries of {@code object}, converted as
     * {@link ObjectBuilder#of(Map)} describes (JSON-P {@code JsonBuilderFactory.createObjectBuilder(Map)}:
     * empty {@code Optional}s left out).
     *
     * @param object the entries to start with
     * @return a new {@link ObjectBuilder}
     * @throws NullPointerException when {@code object} is {@code null}
     * @throws NumberFormatException when a {@code Double} or {@code Float} is NaN or infinite
     * @throws IllegalArgumentException when a value cannot be converted to a JSON value
     */
    @Override
    public JsonObjectBuilder createObjectBuilder(Map<String, Object> object) {
        return ObjectBuilder.of(object).keyStrategy(keys);
    }

    /**
     * An empty array builder (JSON-P {@code JsonBuilderFactory.createArrayBuilder()}).
     *
     * @return a new {@link ArrayBuilder}
     */
    @Override
    public JsonArrayBuilder createArrayBuilder() {
        return new ArrayBuilder();
    }

    /**
     * An array builder holding the elements of {@code array} (JSON-P
     * {@code JsonBuilderFactory.createArrayBuilder(JsonArray)}).
     *
     * @param array the elements to start with
     * @return a new {@link ArrayBuilder}
     * @throws NullPointerException when {@code array} is {@code null}
     */
    @Override
    public JsonArrayBuilder createArrayBuilder(JsonArray array) {
        return new ArrayBuilder(array);
    }

    /**
     * An array builder holding the elements of {@code collection}, converted as
     * {@link ArrayBuilder#of(Collection)} describes (JSON-P
     * {@code JsonBuilderFactory.createArrayBuilder(Collection)}: empty {@code Optional}s left out).
     *
     * @param collection the elements to start with
     * @return a new {@link ArrayBuilder}
     * @throws NullPointerException when {@code collection} is {@code null}
     * @throws NumberFormatException when a {@code Double} or {@code Float} is NaN or infinite
     * @throws IllegalArgumentException when an element cannot be converted to a JSON value
     */
    @Override
    public JsonArrayBuilder createArrayBuilder(Collection<?> collection) {
        return ArrayBuilder.of(collection);
    }

    /**
     * The properties in use (JSON-P {@code JsonBuilderFactory.getConfigInUse()}): {@code KEY_STRATEGY}
     * when it was given, nothing else.
     *
     * @return an unmodifiable map
     */
    @Override
    public Map<String, ?> getConfigInUse() {
        return keys == null ? Collections.emptyMap() : Map.of(jakarta.json.JsonConfig.KEY_STRATEGY, keys);
    }
}
