package dev.hyson.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonMergePatch;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonPatch;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonPointer;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.Collection;
import java.util.Map;
import dev.hyson.jsonp.patch.Diff;
import dev.hyson.jsonp.patch.MergePatch;
import dev.hyson.jsonp.patch.Patch;
import dev.hyson.jsonp.patch.PatchBuilder;
import dev.hyson.jsonp.patch.Pointer;
import dev.hyson.jsonp.value.ArrayBuilder;
import dev.hyson.jsonp.value.BuilderFactory;
import dev.hyson.jsonp.value.ObjectBuilder;

/**
 * Where the provider makes builders ({@code dev.hyson.jsonp.value}) and JSON Pointer, JSON Patch and
 * JSON Merge Patch objects ({@code dev.hyson.jsonp.patch}).
 */
final class Structures {
    private Structures() {
    }

    static JsonObjectBuilder objectBuilder() {
        return new ObjectBuilder();
    }

    static JsonObjectBuilder objectBuilder(JsonObject o) {
        return new ObjectBuilder(o);
    }

    static JsonObjectBuilder objectBuilder(Map<String, ?> m) {
        return ObjectBuilder.of(m);
    }

    static JsonArrayBuilder arrayBuilder() {
        return new ArrayBuilder();
    }

    static JsonArrayBuilder arrayBuilder(JsonArray a) {
        return new ArrayBuilder(a);
    }

    static JsonArrayBuilder arrayBuilder(Collection<?> c) {
        return ArrayBuilder.of(c);
    }

    static JsonBuilderFactory builderFactory(Map<String, ?> config) {
        return new BuilderFactory(config);
    }

    static JsonPointer pointer(String text) {
        return new Pointer(text);
    }

    static JsonPatchBuilder patchBuilder() {
        return new PatchBuilder();
    }

    static JsonPatchBuilder patchBuilder(JsonArray a) {
        return new PatchBuilder(a);
    }

    static JsonPatch patch(JsonArray a) {
        return new Patch(a);
    }

    static JsonPatch diff(JsonStructure source, JsonStructure target) {
        return Diff.patch(source, target);
    }

    static JsonMergePatch mergePatch(JsonValue patch) {
        return new MergePatch(patch);
    }

    static JsonMergePatch mergeDiff(JsonValue source, JsonValue target) {
        return Diff.mergePatch(source, target);
    }
}
