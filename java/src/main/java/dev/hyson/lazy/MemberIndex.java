package dev.hyson.lazy;

/**
 * The names of one large object of a {@link LazyDocument}, hashed: open addressing over the names'
 * {@code String.hashCode}, each slot the member's ordinal + 1. Made once per object (all names decoded
 * once); immutable after, so read by any thread.
 */
final class MemberIndex {
    private final String[] names;
    /** Per member, its value's first entry. */
    private final int[] values;
    private final int[] slots;
    /** Per member, whether its name appears more than once in the object. */
    private final boolean[] repeated;
    private final int mask;

    MemberIndex(LazyDocument doc, int object, int members) {
        names = new String[members];
        values = new int[members];
        repeated = new boolean[members];
        int cap = Integer.highestOneBit(Math.max(4, members * 2 - 1)) << 1;
        slots = new int[cap];
        mask = cap - 1;
        int p = object + 2;
        for (int m = 0; m < members; m++) {
            String name = LazyValue.string(doc, p);
            int v = p + 2;
            names[m] = name;
            values[m] = v;
            put(name, m, doc.firstWins);
            p = doc.next(v);
        }
    }

    private void put(String name, int m, boolean firstWins) {
        int i = name.hashCode() & mask;
        while (slots[i] != 0) {
            int o = slots[i] - 1;
            if (names[o].equals(name)) {
                repeated[o] = true;
                repeated[m] = true;
                if (!firstWins) {
                    slots[i] = m + 1; // a repeated name: the last is the one parse keeps
                }
                return;
            }
            i = (i + 1) & mask;
        }
        slots[i] = m + 1;
    }

    /** @return whether the object has member {@code name} more than once */
    boolean repeated(String name) {
        int i = name.hashCode() & mask;
        while (slots[i] != 0) {
            int o = slots[i] - 1;
            if (names[o].equals(name)) {
                return repeated[o];
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    /** @return the first entry of the value of member {@code name}, or -1 */
    int find(String name) {
        int i = name.hashCode() & mask;
        while (slots[i] != 0) {
            int o = slots[i] - 1;
            if (names[o].equals(name)) {
                return values[o];
            }
            i = (i + 1) & mask;
        }
        return -1;
    }
}
