package dev.hyson.jsonp.value;

import dev.hyson.lazy.LazyValue;
import jakarta.json.JsonArray;
import jakarta.json.JsonValue;
import java.util.Iterator;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A JSON array as an immutable {@link jakarta.json.JsonArray} over hyson's scanned tape
 * ({@link LazyValue}): nothing is built when it is made; {@link #iterator()} walks the tape and
 * converts each element as it is reached (nested objects and arrays are lazy views in turn). The first
 * {@link #get(int)} records where every element starts, so indexed access is constant time after it.
 * Safe to share between threads once published.
 */
public final class LazyArray extends AbstractArray implements JsonArray, RandomAccess { // JsonArray named again for getInterfaces() readers
    private final LazyValue value;
    private final boolean firstWins;
    private volatile LazyValue[] elements;

    /**
     * @param value an array of a lazy document
     * @param firstWins the key strategy for the objects inside (see {@link LazyObject})
     */
    public LazyArray(LazyValue value, boolean firstWins) {
        this.value = Objects.requireNonNull(value, "value");
        this.firstWins = firstWins;
    }

    @Override
    public int size() {
        return value.size();
    }

    @Override
    public JsonValue get(int index) {
        LazyValue[] e = elements;
        if (e == null) {
            e = new LazyValue[value.size()];
            int i = 0;
            for (LazyValue v : value.elements()) {
                e[i++] = v;
            }
            elements = e;
        }
        return Lazies.of(e[index], firstWins);
    }

    /** @return the elements in order, converted as they are reached; {@code remove} is unsupported */
    @Override
    public Iterator<JsonValue> iterator() {
        Iterator<LazyValue> it = value.elements().iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public JsonValue next() {
                return Lazies.of(it.next(), firstWins);
            }
        };
    }
}
