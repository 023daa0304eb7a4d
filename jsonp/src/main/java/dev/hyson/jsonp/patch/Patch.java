package dev.hyson.jsonp.patch;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonPatch;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON Patch (RFC 6902) as a {@link JsonPatch} (Jakarta JSON Processing 2.1): an array of
 * operation objects, applied in order to a copy of the target. Each operation has an {@code "op"}
 * ({@code add}, {@code remove}, {@code replace}, {@code move}, {@code copy} or {@code test}, as spelled),
 * a {@code "path"} (a JSON Pointer, see {@link Pointer}), a {@code "value"} for {@code add},
 * {@code replace} and {@code test}, and a {@code "from"} pointer for {@code move} and {@code copy}
 * (RFC 6902 section 4); other members are ignored (section 4). The operations are checked as they
 * are applied, so a malformed one makes {@link #apply} fail, not the constructor.
 *
 * <p>{@code add} and {@code replace} at the whole document ({@code "path": ""}) return their value,
 * which must be an object or an array (RFC 6902 allows any value there, but {@code apply} returns a
 * {@code JsonStructure}); {@code remove} of the whole document fails.
 *
 * <p>Immutable and thread-safe when its operations array is. Equal to another {@code Patch} with an
 * equal operations array.
 */
public final class Patch implements JsonPatch {
    private final JsonArray operations;

    /**
     * A patch of the given operations (JSON-P {@code JsonProvider.createPatch(JsonArray)}), kept as
     * they are: they are checked when applied.
     *
     * @param operations the operation objects (RFC 6902 section 3)
     * @throws NullPointerException when {@code operations} is {@code null}
     */
    public Patch(JsonArray operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    /**
     * Applies every operation in order (RFC 6902 sections 4 and 5; JSON-P {@code JsonPatch.apply}).
     * The target is not changed; if an operation fails, nothing is returned (section 5: the patch
     * is applied whole or not at all).
     *
     * @param <T> the target's type; a patch that replaces the whole document with a structure of the
     *     other kind returns that structure, which the caller's {@code T} may then not fit
     * @param target the object or array to patch
     * @return the patched structure
     * @throws NullPointerException when {@code target} is {@code null}
     * @throws JsonException when an operation is malformed (not an object; {@code "op"}, {@code "path"},
     *     {@code "value"} or {@code "from"} missing or of the wrong type; an unknown op; an invalid
     *     pointer), when its location does not exist as its op requires, when a {@code move}'s
     *     {@code "from"} is a proper prefix of its {@code "path"}, or when a {@code test} fails
     */
    @Override
    public <T extends JsonStructure> T apply(T target) {
        JsonStructure doc = Objects.requireNonNull(target, "target");
        for (int i = 0, n = operations.size(); i < n; i++) {
            JsonValue op = operations.get(i);
            try {
                doc = applyOne(doc, op);
            } catch (JsonException e) {
                throw new JsonException("JSON Patch operation " + i + " " + op + ": " + e.getMessage(), e);
            }
        }
        @SuppressWarnings("unchecked")
        T result = (T) doc;
        return result;
    }

    private static JsonStructure applyOne(JsonStructure doc, JsonValue operation) {
        if (operation.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new JsonException("an operation must be an object, not " + operation.getValueType());
        }
        JsonObject op = (JsonObject) operation;
        String name = string(op, "op");
        Pointer path = new Pointer(string(op, "path"));
        switch (name) {
            case "add":
                return path.isWhole() ? whole(value(op)) : path.add(doc, value(op));
            case "remove":
                return path.remove(doc);
            case "replace": {
                JsonValue value = value(op);
                if (path.isWhole()) {
                    return whole(value);
                }
                return path.replace(doc, value);
            }
            case "move": {
                Pointer from = new Pointer(string(op, "from"));
                JsonValue value = from.getValue(doc);
                if (from.equals(path)) {
                    return doc;
                }
                if (from.isProperPrefixOf(path)) {
                    throw new JsonException("\"from\" " + from + " cannot be moved into its own child " + path);
                }
                JsonStructure removed = from.remove(doc);
                return path.isWhole() ? whole(value) : path.add(removed, value);
            }
            case "copy": {
                Pointer from = new Pointer(string(op, "from"));
                JsonValue value = from.getValue(doc);
                return path.isWhole() ? whole(value) : path.add(doc, value);
            }
            case "test": {
                JsonValue expected = value(op);
                JsonValue actual = path.getValue(doc);
                if (!same(actual, expected)) {
                    throw new JsonException("test failed: the value at \"" + path + "\" is " + actual
                            + ", not " + expected);
                }
                return doc;
            }
            default:
                throw new JsonException("unknown \"op\" \"" + name + "\"");
        }
    }

    private static String string(JsonObject op, String member) {
        JsonValue v = op.get(member);
        if (v == null) {
            throw new JsonException("the operation has no \"" + member + "\"");
        } else if (v.getValueType() != JsonValue.ValueType.STRING) {
            throw new JsonException("\"" + member + "\" must be a string, not " + v.getValueType());
        }
        return ((JsonString) v).getString();
    }

    private static JsonValue value(JsonObject op) {
        JsonValue v = op.get("value");
        if (v == null) {
            throw new JsonException("the operation has no \"value\"");
        }
        return v;
    }

    /** The value that replaces the whole document: an object or an array. */
    private static JsonStructure whole(JsonValue value) {
        if (value instanceof JsonStructure
                && (value.getValueType() == JsonValue.ValueType.OBJECT || value.getValueType() == JsonValue.ValueType.ARRAY)) {
            return (JsonStructure) value;
        }
        throw new JsonException("the whole document can only become an object or an array, not " + value.getValueType());
    }

    /**
     * Equality as RFC 6902 section 4.6 defines it for {@code test}: same type; strings with the
     * same characters; numbers numerically equal (so {@code 1} and {@code 1.0} are); arrays of the
     * same length with equal elements in order; objects with the same names and equal values, in any
     * order; the literals themselves.
     */
    static boolean same(JsonValue a, JsonValue b) {
        if (a == b) {
            return true;
        }
        JsonValue.ValueType type = a.getValueType();
        if (type != b.getValueType()) {
            return false;
        }
        switch (type) {
            case STRING:
                return ((JsonString) a).getString().equals(((JsonString) b).getString());
            case NUMBER:
                return ((JsonNumber) a).bigDecimalValue().compareTo(((JsonNumber) b).bigDecimalValue()) == 0;
            case ARRAY: {
                JsonArray x = (JsonArray) a;
                JsonArray y = (JsonArray) b;
                if (x.size() != y.size()) {
                    return false;
                }
                Iterator<JsonValue> i = x.iterator();
                Iterator<JsonValue> j = y.iterator();
                while (i.hasNext()) {
                    if (!same(i.next(), j.next())) {
                        return false;
                    }
                }
                return true;
            }
            case OBJECT: {
                JsonObject x = (JsonObject) a;
                JsonObject y = (JsonObject) b;
                if (x.size() != y.size()) {
                    return false;
                }
                for (Map.Entry<String, JsonValue> e : x.entrySet()) {
                    JsonValue other = y.get(e.getKey());
                    if (other == null || !same(e.getValue(), other)) {
                        return false;
                    }
                }
                return true;
            }
            default:
                return true; // true, false, null: the type is the value
        }
    }

    /**
     * The operations (JSON-P {@code JsonPatch.toJsonArray}).
     *
     * @return the array this patch was made of
     */
    @Override
    public JsonArray toJsonArray() {
        return operations;
    }

    /**
     * @param o another object
     * @return true when {@code o} is a {@code Patch} with an equal operations array
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Patch && operations.equals(((Patch) o).operations);
    }

    /** @return the operations array's hash code */
    @Override
    public int hashCode() {
        return operations.hashCode();
    }

    /** @return the operations array as JSON text */
    @Override
    public String toString() {
        return operations.toString();
    }
}
