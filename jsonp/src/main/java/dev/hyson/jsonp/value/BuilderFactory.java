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
    /**
     * A factory for the given configuration (JSON-P {@code JsonProvider.createBuilderFactory(Map)}).
     *
     * @param config provider-specific properties, or {@code null} for none; none is supported, so all
     *     are ignored and the map is not kept
     */
    public BuilderFactory(Map<String, ?> config) {
        // no property is supported: nothing to keep
    }

    /**
     * An empty object builder (JSON-P {@code JsonBuilderFactory.createObjectBuilder()}).
     *
     * @return a new {@link ObjectBuilder}
     */
    @Override
    public JsonObjectBuilder createObjectBuilder() {
        return new ObjectBuilder();
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
        return new ObjectBuilder(object);
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
        return ObjectBuilder.of(object);
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
     * The properties in use (JSON-P {@code JsonBuilderFactory.getConfigInUse()}): none, since no
     * provider-specific property is supported.
     *
     * @return an empty, unmodifiable map
     */
    @Override
    public Map<String, ?> getConfigInUse() {
        return Collections.emptyMap();
    }
}
