package dev.hyson.jsonp.patch;

import dev.hyson.JsonReader;
import dev.hyson.jsonp.value.Values;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * JSON values for tests, parsed by hyson's core reader (numbers with a fraction as exact
 * {@code BigDecimal}s) and wrapped by {@link Values#of(Object)}: no JSON-P provider is involved.
 */
public final class TestJson {
    private static final JsonReader READER = JsonReader.builder().bigDecimals(true).build();

    private TestJson() {
    }

    /**
     * @param text JSON text in which {@code '} stands for {@code "} (so no string may hold a {@code '})
     * @return the value
     */
    public static JsonValue json(String text) {
        return raw(text.replace('\'', '"'));
    }

    /**
     * @param text JSON text, as it is
     * @return the value
     */
    public static JsonValue raw(String text) {
        return Values.of(READER.parse(text));
    }

    /** @return {@link #json(String)} as an object */
    public static JsonObject obj(String text) {
        return (JsonObject) json(text);
    }

    /** @return {@link #json(String)} as an array */
    public static JsonArray arr(String text) {
        return (JsonArray) json(text);
    }
}
