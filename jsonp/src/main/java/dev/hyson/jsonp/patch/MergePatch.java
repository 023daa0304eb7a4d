package dev.hyson.jsonp.patch;

import dev.hyson.jsonp.value.ObjectValue;
import jakarta.json.JsonMergePatch;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON Merge Patch (RFC 7396) as a {@link JsonMergePatch} (Jakarta JSON Processing 2.1). Applying
 * it follows the {@code MergePatch(Target, Patch)} pseudo-code of RFC 7396 section 2: a patch that is
 * not an object replaces the target; an object patch makes the target an object (an empty one if it
 * was not), removes each member whose patch value is {@code null}, and merges every other member
 * recursively. The target is not changed: a new value is returned, sharing what the patch leaves alone.
 *
 * <p>Immutable and thread-safe. Equal to another {@code MergePatch} with an equal patch value.
 */
public final class MergePatch implements JsonMergePatch {
    private final JsonValue patch;

    /**
     * A merge patch of the given patch document (JSON-P {@code JsonProvider.createMergePatch}).
     *
     * @param patch any JSON value (RFC 7396 section 2)
     * @throws NullPointerException when {@code patch} is {@code null} (use {@link JsonValue#NULL})
     */
    public MergePatch(JsonValue patch) {
        this.patch = Objects.requireNonNull(patch, "patch");
    }

    /**
     * Applies the patch to {@code target} (RFC 7396 section 2; JSON-P {@code JsonMergePatch.apply}).
     *
     * @param target any JSON value, not changed
     * @return the patched value
     * @throws NullPointerException when {@code target} is {@code null}
     */
    @Override
    public JsonValue apply(JsonValue target) {
        return merge(Objects.requireNonNull(target, "target"), patch);
    }

    /**
     * RFC 7396 section 2's {@code MergePatch(Target, Patch)}.
     *
     * @param target the value patched, or {@code null} where the target has no such member
     * @param patch the patch
     */
    static JsonValue merge(JsonValue target, JsonValue patch) {
        if (patch.getValueType() != JsonValue.ValueType.OBJECT) {
            return patch;
        }
        Map<String, JsonValue> members = target != null && target.getValueType() == JsonValue.ValueType.OBJECT
                ? new LinkedHashMap<>((JsonObject) target)
                : new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : ((JsonObject) patch).entrySet()) {
            String name = e.getKey();
            JsonValue value = e.getValue();
            if (value.getValueType() == JsonValue.ValueType.NULL) {
                members.remove(name);
            } else {
                members.put(name, merge(members.get(name), value));
            }
        }
        return new ObjectValue(members);
    }

    /**
     * The patch document (JSON-P {@code JsonMergePatch.toJsonValue}).
     *
     * @return the value this patch was made of
     */
    @Override
    public JsonValue toJsonValue() {
        return patch;
    }

    /**
     * @param o another object
     * @return true when {@code o} is a {@code MergePatch} with an equal patch value
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof MergePatch && patch.equals(((MergePatch) o).patch);
    }

    /** @return the patch value's hash code */
    @Override
    public int hashCode() {
        return patch.hashCode();
    }

    /** @return the patch value as JSON text */
    @Override
    public String toString() {
        return patch.toString();
    }
}
