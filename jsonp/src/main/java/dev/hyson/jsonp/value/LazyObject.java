package dev.hyson.jsonp.value;

import dev.hyson.lazy.LazyValue;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A JSON object as an immutable {@link jakarta.json.JsonObject} over hyson's scanned tape
 * ({@link LazyValue}): nothing is built when it is made. {@link #get(Object)} searches the tape for
 * the name (hashed for objects of 32 members or more) and converts only that member; nested objects
 * and arrays are lazy views in turn. The first call that needs every member ({@link #size()},
 * {@link #entrySet()}, {@code equals}, {@code hashCode}, {@code toString}) converts the members into a
 * map kept with the view, where a repeated name keeps the value the reader's key strategy chose. It
 * holds the document's input and tape while it is reachable. Safe to share between threads once
 * published.
 */
public final class LazyObject extends AbstractObject implements JsonObject { // named again for getInterfaces() readers
    private final LazyValue value;
    private final boolean firstWins;
    private volatile Map<String, JsonValue> all;

    /**
     * @param value an object of a lazy document
     * @param firstWins whether of repeated names the first is kept (JSON-P's {@code KeyStrategy.FIRST});
     *     else the last, as the document's own lookups do under the same reader
     */
    public LazyObject(LazyValue value, boolean firstWins) {
        this.value = Objects.requireNonNull(value, "value");
        this.firstWins = firstWins;
    }

    @Override
    public JsonValue get(Object key) {
        Map<String, JsonValue> m = all;
        if (m != null) {
            return m.get(key);
        }
        if (!(key instanceof String)) {
            return null;
        }
        LazyValue v = value.find((String) key);
        return v == null ? null : Lazies.of(v, firstWins);
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public int size() {
        return members().size();
    }

    @Override
    public Set<Map.Entry<String, JsonValue>> entrySet() {
        return members().entrySet();
    }

    private Map<String, JsonValue> members() {
        Map<String, JsonValue> m = all;
        if (m == null) {
            LinkedHashMap<String, JsonValue> built = new LinkedHashMap<>(Math.max(4, value.size() * 4 / 3 + 1));
            for (Map.Entry<String, LazyValue> e : value.members()) {
                if (firstWins) {
                    built.putIfAbsent(e.getKey(), Lazies.of(e.getValue(), true));
                } else {
                    built.put(e.getKey(), Lazies.of(e.getValue(), false));
                }
            }
            all = m = Collections.unmodifiableMap(built);
        }
        return m;
    }
}
