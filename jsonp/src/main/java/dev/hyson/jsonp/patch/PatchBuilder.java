package dev.hyson.jsonp.patch;

import dev.hyson.jsonp.value.ArrayValue;
import dev.hyson.jsonp.value.NumberValue;
import dev.hyson.jsonp.value.ObjectValue;
import dev.hyson.jsonp.value.StringValue;
import dev.hyson.jsonp.value.Values;
import jakarta.json.JsonArray;
import jakarta.json.JsonPatch;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link JsonPatchBuilder} (Jakarta JSON Processing 2.1): appends RFC 6902 operation objects,
 * {@code {"op":..,"path":..,"value":..}} or {@code {"op":..,"from":..,"path":..}}, and builds a
 * {@link Patch}. Pointers are not checked here but when the patch is applied, as for a patch made
 * from an array. {@link #build()} copies the operations, so the builder stays usable and what is
 * appended later is not in patches already built.
 *
 * <p>Not thread-safe: one builder is used by one thread at a time.
 */
public final class PatchBuilder implements JsonPatchBuilder {
    private final List<JsonValue> operations = new ArrayList<>();

    /** An empty builder (JSON-P {@code JsonProvider.createPatchBuilder()}). */
    public PatchBuilder() {
    }

    /**
     * A builder starting with the given operations (JSON-P {@code JsonProvider.createPatchBuilder(JsonArray)}).
     *
     * @param operations operation objects (RFC 6902 section 3), kept as they are
     * @throws NullPointerException when {@code operations} is {@code null}
     */
    public PatchBuilder(JsonArray operations) {
        this.operations.addAll(Objects.requireNonNull(operations, "operations"));
    }

    private PatchBuilder op(String op, String from, String path, JsonValue value) {
        Map<String, JsonValue> o = new LinkedHashMap<>();
        o.put("op", new StringValue(op));
        if (from != null) {
            o.put("from", new StringValue(from));
        }
        o.put("path", new StringValue(Objects.requireNonNull(path, "path")));
        if (value != null) {
            o.put("value", value);
        }
        operations.add(new ObjectValue(o));
        return this;
    }

    private static JsonValue string(String value) {
        return new StringValue(Objects.requireNonNull(value, "value"));
    }

    /**
     * Appends an {@code add} (RFC 6902 section 4.1; JSON-P {@code JsonPatchBuilder.add(String, JsonValue)}).
     *
     * @param path where to add
     * @param value what to add
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code value} is {@code null}
     */
    @Override
    public PatchBuilder add(String path, JsonValue value) {
        return op("add", null, path, Objects.requireNonNull(value, "value"));
    }

    /**
     * Appends an {@code add} of a string (RFC 6902 section 4.1; JSON-P {@code JsonPatchBuilder.add(String, String)}).
     *
     * @param path where to add
     * @param value what to add
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code value} is {@code null}
     */
    @Override
    public PatchBuilder add(String path, String value) {
        return op("add", null, path, string(value));
    }

    /**
     * Appends an {@code add} of a number (RFC 6902 section 4.1; JSON-P {@code JsonPatchBuilder.add(String, int)}).
     *
     * @param path where to add
     * @param value what to add
     * @return this builder
     * @throws NullPointerException when {@code path} is {@code null}
     */
    @Override
    public PatchBuilder add(String path, int value) {
        return op("add", null, path, NumberValue.of(value));
    }

    /**
     * Appends an {@code add} of a boolean (RFC 6902 section 4.1; JSON-P {@code JsonPatchBuilder.add(String, boolean)}).
     *
     * @param path where to add
     * @param value what to add
     * @return this builder
     * @throws NullPointerException when {@code path} is {@code null}
     */
    @Override
    public PatchBuilder add(String path, boolean value) {
        return op("add", null, path, Values.of(value));
    }

    /**
     * Appends a {@code remove} (RFC 6902 section 4.2; JSON-P {@code JsonPatchBuilder.remove}).
     *
     * @param path what to remove
     * @return this builder
     * @throws NullPointerException when {@code path} is {@code null}
     */
    @Override
    public PatchBuilder remove(String path) {
        return op("remove", null, path, null);
    }

    /**
     * Appends a {@code replace} (RFC 6902 section 4.3; JSON-P {@code JsonPatchBuilder.replace(String, JsonValue)}).
     *
     * @param path what to replace
     * @param value the new value
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code value} is {@code null}
     */
    @Override
    public PatchBuilder replace(String path, JsonValue value) {
        return op("replace", null, path, Objects.requireNonNull(value, "value"));
    }

    /**
     * Appends a {@code replace} with a string (RFC 6902 section 4.3; JSON-P
     * {@code JsonPatchBuilder.replace(String, String)}).
     *
     * @param path what to replace
     * @param value the new value
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code value} is {@code null}
     */
    @Override
    public PatchBuilder replace(String path, String value) {
        return op("replace", null, path, string(value));
    }

    /**
     * Appends a {@code replace} with a number (RFC 6902 section 4.3; JSON-P
     * {@code JsonPatchBuilder.replace(String, int)}).
     *
     * @param path what to replace
     * @param value the new value
     * @return this builder
     * @throws NullPointerException when {@code path} is {@code null}
     */
    @Override
    public PatchBuilder replace(String path, int value) {
        return op("replace", null, path, NumberValue.of(value));
    }

    /**
     * Appends a {@code replace} with a boolean (RFC 6902 section 4.3; JSON-P
     * {@code JsonPatchBuilder.replace(String, boolean)}).
     *
     * @param path what to replace
     * @param value the new value
     * @return this builder
     * @throws NullPointerException when {@code path} is {@code null}
     */
    @Override
    public PatchBuilder replace(String path, boolean value) {
        return op("replace", null, path, Values.of(value));
    }

    /**
     * Appends a {@code move} (RFC 6902 section 4.4; JSON-P {@code JsonPatchBuilder.move}).
     *
     * @param path where the value goes
     * @param from where it is taken from
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code from} is {@code null}
     */
    @Override
    public PatchBuilder move(String path, String from) {
        return op("move", Objects.requireNonNull(from, "from"), path, null);
    }

    /**
     * Appends a {@code copy} (RFC 6902 section 4.5; JSON-P {@code JsonPatchBuilder.copy}).
     *
     * @param path where the copy goes
     * @param from where the value is copied from
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code from} is {@code null}
     */
    @Override
    public PatchBuilder copy(String path, String from) {
        return op("copy", Objects.requireNonNull(from, "from"), path, null);
    }

    /**
     * Appends a {@code test} (RFC 6902 section 4.6; JSON-P {@code JsonPatchBuilder.test(String, JsonValue)}).
     *
     * @param path what to test
     * @param value the value expected there
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code value} is {@code null}
     */
    @Override
    public PatchBuilder test(String path, JsonValue value) {
        return op("test", null, path, Objects.requireNonNull(value, "value"));
    }

    /**
     * Appends a {@code test} of a string (RFC 6902 section 4.6; JSON-P
     * {@code JsonPatchBuilder.test(String, String)}).
     *
     * @param path what to test
     * @param value the value expected there
     * @return this builder
     * @throws NullPointerException when {@code path} or {@code value} is {@code null}
     */
    @Override
    public PatchBuilder test(String path, String value) {
        return op("test", null, path, string(value));
    }

    /**
     * Appends a {@code test} of a number (RFC 6902 section 4.6; JSON-P
     * {@code JsonPatchBuilder.test(String, int)}).
     *
     * @param path what to test
     * @param value the value expected there
     * @return this builder
     * @throws NullPointerException when {@code path} is {@code null}
     */
    @Override
    public PatchBuilder test(String path, int value) {
        return op("test", null, path, NumberValue.of(value));
    }

    /**
     * Appends a {@code test} of a boolean (RFC 6902 section 4.6; JSON-P
     * {@code JsonPatchBuilder.test(String, boolean)}).
     *
     * @param path what to test
     * @param value the value expected there
     * @return this builder
     * @throws NullPointerException when {@code path} is {@code null}
     */
    @Override
    public PatchBuilder test(String path, boolean value) {
        return op("test", null, path, Values.of(value));
    }

    /**
     * The patch of the operations appended so far (JSON-P {@code JsonPatchBuilder.build}). The
     * builder keeps them and stays usable.
     *
     * @return a new {@link Patch} over a copy of the operations
     */
    @Override
    public JsonPatch build() {
        return new Patch(new ArrayValue(new ArrayList<>(operations)));
    }
}
