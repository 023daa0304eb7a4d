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

/** Builders, pointers and patches (being written: not yet wired). */
final class Structures {
    private Structures() {
    }

    private static UnsupportedOperationException todo() {
        return new UnsupportedOperationException("not yet wired");
    }

    static JsonObjectBuilder objectBuilder() {
        throw todo();
    }

    static JsonObjectBuilder objectBuilder(JsonObject o) {
        throw todo();
    }

    static JsonObjectBuilder objectBuilder(Map<String, ?> m) {
        throw todo();
    }

    static JsonArrayBuilder arrayBuilder() {
        throw todo();
    }

    static JsonArrayBuilder arrayBuilder(JsonArray a) {
        throw todo();
    }

    static JsonArrayBuilder arrayBuilder(Collection<?> c) {
        throw todo();
    }

    static JsonBuilderFactory builderFactory(Map<String, ?> config) {
        throw todo();
    }

    static JsonPointer pointer(String text) {
        throw todo();
    }

    static JsonPatchBuilder patchBuilder() {
        throw todo();
    }

    static JsonPatchBuilder patchBuilder(JsonArray a) {
        throw todo();
    }

    static JsonPatch patch(JsonArray a) {
        throw todo();
    }

    static JsonPatch diff(JsonStructure source, JsonStructure target) {
        throw todo();
    }

    static JsonMergePatch mergePatch(JsonValue patch) {
        throw todo();
    }

    static JsonMergePatch mergeDiff(JsonValue source, JsonValue target) {
        throw todo();
    }
}
