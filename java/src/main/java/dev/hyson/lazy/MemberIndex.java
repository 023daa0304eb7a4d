package dev.hyson.lazy;

import java.util.HashMap;

/**
 * The names of one large object of a {@link LazyDocument}, hashed: a {@link HashMap} from each name to
 * its member's ordinal, whose bins of names with one {@code String.hashCode} become trees, so names
 * chosen to collide cost a logarithmic lookup, not a linear one (open addressing over the hash codes
 * took 23 s for one lookup in 131,072 colliding names). Made once per object (all names decoded once);
 * immutable after, so read by any thread.
 */
final class MemberIndex {
    /** Per member, its value's first entry. */
    private final int[] values;
    private final HashMap<String, Integer> ordinals;
    /** Per member, whether its name appears more than once in the object. */
    private final boolean[] repeated;

    MemberIndex(LazyDocument doc, int object, int members) {
        values = new int[members];
        repeated = new boolean[members];
        ordinals = new HashMap<>(members + (members >> 1) + 1);
        int p = object + 2;
        for (int m = 0; m < members; m++) {
            String name = LazyValue.string(doc, p);
            int v = p + 2;
            values[m] = v;
            Integer before = ordinals.putIfAbsent(name, m);
            if (before != null) {
                repeated[before] = true;
                repeated[m] = true;
                if (!doc.firstWins) {
                    ordinals.put(name, m); // a repeated name: the last is the one parse keeps
                }
            }
            p = doc.next(v);
        }
    }

    /** @return whether the object has member {@code name} more than once */
    boolean repeated(String name) {
        Integer o = ordinals.get(name);
        return o != null && repeated[o];
    }

    /** @return the first entry of the value of member {@code name}, or -1 */
    int find(String name) {
        Integer o = ordinals.get(name);
        return o == null ? -1 : values[o];
    }
}
