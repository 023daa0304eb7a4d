package dev.hyson.jsonp.value;

import jakarta.json.JsonArray;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A JSON array (RFC 8259 section 5) as an immutable {@link JsonArray}: a view over a list it does
 * not copy, of {@link JsonValue}s (from a builder) or of hyson's parsed tree (elements converted by
 * {@link Values#of(Object)} as they are read). Equality and hash code are {@link List}'s. Every
 * mutator throws {@link UnsupportedOperationException}. Safe to share between threads once published.
 */
public final class ArrayValue extends AbstractArray implements JsonArray, RandomAccess { // JsonArray named again for getInterfaces() readers
    private final List<?> elements;
    /** Whether {@link #elements} is a tree hyson parsed (no {@code JsonValue} in it). */
    private final boolean parsed;

    /**
     * @param elements the elements, kept (not copied): the caller gives up every reference to it
     */
    public ArrayValue(List<?> elements) {
        this(elements, false);
    }

    private ArrayValue(List<?> elements, boolean parsed) {
        this.elements = Objects.requireNonNull(elements, "elements");
        this.parsed = parsed;
    }

    /**
     * @param elements a tree of hyson's parser ({@code Map}, {@code List}, {@code String}, {@code Long},
     *     {@code BigInteger}, {@code BigDecimal}, {@code Boolean}, {@code null}), kept (not copied)
     * @return the view over it, which a generator hands whole to hyson's writer
     */
    public static ArrayValue parsed(List<?> elements) {
        return new ArrayValue(elements, true);
    }

    /** @return the parsed tree this view is over, or {@code null} when it was built from {@code JsonValue}s */
    public Object parsedTree() {
        return parsed ? elements : null;
    }

    @Override
    public int size() {
        return elements.size();
    }

    @Override
    public JsonValue get(int index) {
        return Values.of(elements.get(index));
    }

    /** @return the elements in order, converted as they are reached; {@code remove} is unsupported */
    @Override
    public java.util.Iterator<JsonValue> iterator() {
        java.util.Iterator<?> it = elements.iterator();
        return new java.util.Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public JsonValue next() {
                return Values.of(it.next());
            }
        };
    }

}
