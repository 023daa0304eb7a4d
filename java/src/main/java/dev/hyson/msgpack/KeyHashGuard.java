package dev.hyson.msgpack;

import java.math.BigInteger;
import java.time.Instant;
import java.util.HashMap;
import java.util.Objects;

/**
 * Guards a map being built from input against hash flooding: keys of a {@code LinkedHashMap} that
 * share a hash code and are not of one class that compares with itself (arrays, maps, extensions,
 * keys of mixed classes) cost a linear search per insertion, so input made of them would unpack in
 * quadratic time.
 *
 * <p>A map whose keys are all of one {@link #exempt} class is not counted: a tree bin of those is
 * searched in logarithmic time. Once another key appears, each new distinct key is charged the
 * number of keys already sharing its hash code (the comparisons an insertion may make), and the map
 * is refused when the total passes {@link #PER_KEY} per key plus {@link #SLACK}: honest data stays
 * far below it (a 65 x 2048 grid of {@code [x, y]} keys, whose list hash codes collide often, costs
 * about 33 per key), while keys made to collide are stopped after a linear amount of work.
 *
 * <p>Not thread-safe; one per map being built.
 */
final class KeyHashGuard {
    /** Comparisons allowed per key, on average. */
    static final int PER_KEY = 64;
    /** Comparisons allowed besides, so a small map may collide freely. */
    static final int SLACK = 8192;

    private final HashMap<Integer, int[]> counts = new HashMap<>();
    private long keys;
    private long work;

    /** Starts counting with the keys already in the map. */
    KeyHashGuard(Iterable<?> earlier) {
        for (Object k : earlier) {
            add(k);
        }
    }

    /**
     * @return whether keys of class {@code c} alone need no counting: the final classes the
     *     unpacker produces that compare with themselves ({@code HashMap} orders such keys in a tree
     *     bin; a registered type, an enum or a subclass of a comparable class may not qualify)
     */
    static boolean exempt(Class<?> c) {
        return c == String.class || c == Long.class || c == Double.class || c == Float.class || c == Boolean.class
                || c == BigInteger.class || c == Instant.class;
    }

    /**
     * Counts a key not yet in the map.
     *
     * @return false when the keys' collisions have passed the budget
     */
    boolean add(Object key) {
        int[] c = counts.computeIfAbsent(Objects.hashCode(key), h -> new int[1]);
        work += c[0]++;
        keys++;
        return work <= PER_KEY * keys + SLACK;
    }

    /** The error for a key that {@link #add} refused, found at {@code offset} (-1 when unknown). */
    static MessagePackException flooded(long offset) {
        return new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED, "the keys of one map share hash codes"
                + " too often (more than " + PER_KEY + " comparisons per key: a guard against hash flooding)", offset);
    }
}
