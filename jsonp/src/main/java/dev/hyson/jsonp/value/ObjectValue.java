package dev.hyson.jsonp.value;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A JSON object (RFC 8259 section 4) as an immutable {@link JsonObject}: members in the order they
 * were parsed or added. It is a view over a map it does not copy, either of {@link JsonValue}s (from a
 * builder) or of hyson's parsed tree (values converted by {@link Values#of(Object)} as they are
 * read), which no one else holds. Equality and hash code are {@link Map}'s. Every mutator throws
 * {@link UnsupportedOperationException}. Safe to share between threads once published.
 */
public final class ObjectValue extends AbstractObject implements JsonObject { // named again: code that reads getInterfaces() (the TCK) looks here
    private final Map<String, ?> members;
    /** Whether {@link #members} is a tree hyson parsed (no {@code JsonValue} in it). */
    private final boolean parsed;
    private Set<Map.Entry<String, JsonValue>> entries;

    /**
     * @param members the members, kept (not copied): the caller gives up every reference to it
     */
    public ObjectValue(Map<String, ?> members) {
        this(members, false);
    }

    private ObjectValue(Map<String, ?> members, boolean parsed) {
        this.members = Objects.requireNonNull(members, "members");
        this.parsed = parsed;
    }

    /**
     * @param members a tree of hyson's parser ({@code Map}, {@code List}, {@code String}, {@code Long},
     *     {@code BigInteger}, {@code BigDecimal}, {@code Boolean}, {@code null}), kept (not copied)
     * @return the view over it, which a generator hands whole to hyson's writer
     */
    public static ObjectValue parsed(Map<String, ?> members) {
        return new ObjectValue(members, true);
    }

    /** @return the parsed tree this view is over, or {@code null} when it was built from {@code JsonValue}s */
    public Object parsedTree() {
        return parsed ? members : null;
    }

    @Override
    public int size() {
        return members.size();
    }

    @Override
    public boolean isEmpty() {
        return members.isEmpty();
    }

    @Override
    public boolean containsKey(Object key) {
        return members.containsKey(key);
    }

    @Override
    public JsonValue get(Object key) {
        Object v = members.get(key);
        if (v == null && !members.containsKey(key)) {
            return null;
        }
        return Values.of(v);
    }

    @Override
    public Set<Map.Entry<String, JsonValue>> entrySet() {
        Set<Map.Entry<String, JsonValue>> s = entries;
        if (s == null) {
            entries = s = new AbstractSet<>() {
                @Override
                public Iterator<Map.Entry<String, JsonValue>> iterator() {
                    Iterator<? extends Map.Entry<String, ?>> it = members.entrySet().iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return it.hasNext();
                        }

                        @Override
                        public Map.Entry<String, JsonValue> next() {
                            Map.Entry<String, ?> e = it.next();
                            return new AbstractMap.SimpleImmutableEntry<>(e.getKey(), Values.of(e.getValue()));
                        }
                    };
                }

                @Override
                public int size() {
                    return members.size();
                }
            };
        }
        return s;
    }

    @Override
    public Set<String> keySet() {
        return java.util.Collections.unmodifiableSet(members.keySet());
    }

}
