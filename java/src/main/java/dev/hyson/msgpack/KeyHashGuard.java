package dev.hyson.msgpack;

import java.util.HashMap;
import java.util.Objects;

/**
 * Guards a map being built from input against hash flooding: a {@code LinkedHashMap} whose keys
 * share one hash code and are not mutually {@code Comparable} (arrays, maps, extensions, or keys of
 * mixed classes) costs a linear search per insertion, so input made of such keys would unpack in
 * quadratic time. A map whose keys are all of one {@code Comparable} class ({@code String},
 * {@code Long}, ...) is not counted: a tree bin of those is searched in logarithmic time. Once a
 * key of another class (or no {@code Comparable} one) appears, the distinct keys are counted: at
 * most {@link #MAX_SAME_HASH} of one map may share a hash code, which no real data comes near and
 * which keeps every insertion to a bounded number of comparisons.
 *
 * <p>Not thread-safe; one per map being built.
 */
final class KeyHashGuard {
    /** How many keys of one map may share a hash code. */
    static final int MAX_SAME_HASH = 64;

    private final HashMap<Integer, int[]> counts = new HashMap<>();

    /** Starts counting with the keys already in the map. */
    KeyHashGuard(Iterable<?> earlier) {
        for (Object k : earlier) {
            add(k);
        }
    }

    /**
     * Counts a key not yet in the map.
     *
     * @return false when {@code key} makes more than {@link #MAX_SAME_HASH} keys share its hash code
     */
    boolean add(Object key) {
        int[] c = counts.computeIfAbsent(Objects.hashCode(key), h -> new int[1]);
        return ++c[0] <= MAX_SAME_HASH;
    }

    /** The error for a key that {@link #add} refused, found at {@code offset} (-1 when unknown). */
    static MessagePackException flooded(long offset) {
        return new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED, "more than " + MAX_SAME_HASH
                + " keys of one map share a hash code (a guard against hash flooding)", offset);
    }
}
