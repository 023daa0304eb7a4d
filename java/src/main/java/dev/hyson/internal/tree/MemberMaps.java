package dev.hyson.internal.tree;

import java.util.Map;

/**
 * hyson's own way into {@link dev.hyson.tree.MemberMap}: the builders of trees (the JSON tape's
 * materializer, the MessagePack unpacker) collect an object's members in an array of their own and
 * hand it over whole, with no copy and no per-member lookup. {@code MemberMap} installs the
 * {@link Access} when its class initializes (the JDK's shared-secrets pattern), so nothing outside
 * hyson's module can adopt an array it still holds.
 */
public final class MemberMaps {
    /** What {@code MemberMap} lets hyson do that its public API does not. */
    public interface Access {
        /**
         * A map over {@code keysAndValues[0, 2 * size)}, taken as it is (not copied).
         *
         * @param keysAndValues keys at even indices, values at odd ones; no two keys equal
         * @param size the number of members
         * @param <K> the key type
         * @param <V> the value type
         * @return the map, which owns the array from now on
         */
        <K, V> Map<K, V> adopt(Object[] keysAndValues, int size);

        /**
         * The position of the first member whose key equals an earlier member's, or -1 when the
         * keys are distinct: linear work for any keys (colliding hash codes included).
         *
         * @param keysAndValues the members, as {@link #adopt} takes them
         * @param size the number of members
         * @param scratch an int array it may use for its table, or null
         * @return the position, or -1
         */
        int firstRepeat(Object[] keysAndValues, int size, int[] scratch);

        /**
         * A map of members whose keys repeat: each key at its first position, with its last value
         * ({@code lastWins}) or its first.
         *
         * @param keysAndValues the members, as {@link #adopt} takes them (only read)
         * @param size the number of members
         * @param lastWins whether a repeated key's later value replaces the earlier one
         * @param <K> the key type
         * @param <V> the value type
         * @return a new map
         */
        <K, V> Map<K, V> merge(Object[] keysAndValues, int size, boolean lastWins);
    }

    private static volatile Access access;

    private MemberMaps() {
    }

    /**
     * Called once, by {@code MemberMap}'s static initializer.
     *
     * @param a the access
     * @throws IllegalStateException when called a second time
     */
    public static void install(Access a) {
        if (access != null) {
            throw new IllegalStateException("MemberMap access installed twice");
        }
        access = a;
    }

    /** @return the access, initializing {@code MemberMap} first if needed */
    public static Access access() {
        Access a = access;
        if (a == null) {
            try {
                Class.forName("dev.hyson.tree.MemberMap", true, MemberMaps.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = access;
        }
        return a;
    }
}
