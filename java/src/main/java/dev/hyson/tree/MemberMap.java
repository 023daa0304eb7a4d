package dev.hyson.tree;

import dev.hyson.internal.tree.MemberMaps;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.AbstractCollection;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * The map hyson builds for a JSON object (RFC 8259 section 4) or a MessagePack map: its members in
 * document order, in one array of alternating keys and values made at its final size, with a hash
 * index built only when a lookup needs one. It is an ordinary mutable {@link Map} that keeps
 * insertion order, as {@link java.util.LinkedHashMap} does, and is {@link #equals equal} to any map
 * with the same entries; null keys and values are allowed.
 *
 * <p><b>Why.</b> Building a {@code LinkedHashMap} costs a table and one entry object per member,
 * more than scanning the member's bytes; a parser's tree of them is capped by that. A
 * {@code MemberMap} of {@code n} members is two objects: the map and an array of {@code 2n}
 * references (ruby/json's lesson: containers at their final size).
 *
 * <p><b>Costs.</b> {@link #get}, {@link #containsKey} and {@link #put} of a present key: a linear
 * search up to {@value #LINEAR_MAX} members, above that an open-addressing hash index (about
 * {@code 8n} bytes) built on the first lookup and kept until a removal. Keys whose hash codes
 * collide past a budget move the index to a {@code java.util.HashMap} (whose bins of comparable
 * keys, such as strings, are trees), so hostile input cannot make lookups quadratic.
 * {@link #put} of a new key appends (amortized constant time); {@link #remove} closes the gap, linear
 * in the members after it; {@code removeIf} on a view is one linear pass. {@link #keyAt} and
 * {@link #valueAt} give members by position in constant time.
 *
 * <p><b>Thread-safety.</b> None, as {@code LinkedHashMap}: share one only when nobody modifies it, or
 * synchronize outside. A lookup may build the index, so even readers on several threads must have
 * the map published safely and finish one lookup before another starts on a map of more than
 * {@value #LINEAR_MAX} members; wrap it with {@link java.util.Collections#synchronizedMap} for
 * concurrent use. Iterators fail fast with {@link ConcurrentModificationException} on a best-effort
 * basis.
 *
 * <p>Serializable (as its entries, in order) and {@link Cloneable} (a shallow copy).
 *
 * @param <K> the key type: {@code String} for JSON objects, any unpacked value for MessagePack
 * @param <V> the value type
 */
public final class MemberMap<K, V> implements Map<K, V>, Cloneable, Serializable {
    private static final long serialVersionUID = 1L;

    /** Up to this many members a lookup is a linear search; above it a hash index is built. */
    public static final int LINEAR_MAX = 8;

    private static final Object[] EMPTY = {};
    /** Probes one insertion into the index may take before the index moves to a HashMap. */
    private static final int MAX_APPEND_PROBES = 64;

    /** Keys at even indices, values at odd ones; {@code 2 * size} used. */
    private transient Object[] table;
    private transient int size;
    /** null, an {@code int[]} (slot = member position + 1, 0 empty), or a {@code HashMap<Object, Integer>}. */
    private transient Object index;
    private transient int modCount;

    static {
        MemberMaps.install(new MemberMaps.Access() {
            @Override
            public <K, V> Map<K, V> adopt(Object[] keysAndValues, int size) {
                return new MemberMap<>(keysAndValues, size);
            }

            @Override
            public int firstRepeat(Object[] keysAndValues, int size, int[] scratch) {
                return MemberMap.firstRepeat(keysAndValues, size, scratch);
            }

            @Override
            public <K, V> Map<K, V> merge(Object[] keysAndValues, int size, boolean lastWins) {
                MemberMap<K, V> m = new MemberMap<>(size);
                for (int i = 0; i < size; i++) {
                    @SuppressWarnings("unchecked")
                    K k = (K) keysAndValues[2 * i];
                    @SuppressWarnings("unchecked")
                    V v = (V) keysAndValues[2 * i + 1];
                    if (lastWins || !m.containsKey(k)) {
                        m.put(k, v);
                    }
                }
                return m;
            }
        });
    }

    /** An empty map. */
    public MemberMap() {
        table = EMPTY;
    }

    /**
     * An empty map with room for {@code expectedSize} members before it grows.
     *
     * @param expectedSize how many members it will hold
     * @throws IllegalArgumentException when {@code expectedSize} is negative or above 2^30
     */
    public MemberMap(int expectedSize) {
        if (expectedSize < 0 || expectedSize > 1 << 30) {
            throw new IllegalArgumentException("expectedSize " + expectedSize + " is not in [0, 2^30]");
        }
        table = expectedSize == 0 ? EMPTY : new Object[2 * expectedSize];
    }

    /**
     * A map of the entries of {@code m}, in its iteration order.
     *
     * @param m the entries
     * @throws NullPointerException when {@code m} is null
     */
    public MemberMap(Map<? extends K, ? extends V> m) {
        this(m.size());
        putAll(m);
    }

    /** Takes {@code table} (keys distinct, checked by the caller), not a copy. */
    private MemberMap(Object[] table, int size) {
        this.table = table;
        this.size = size;
    }

    // ---- positional access ----

    /**
     * The key of the member at {@code position}, in insertion (document) order.
     *
     * @param position 0 to {@code size() - 1}
     * @return the key
     * @throws IndexOutOfBoundsException when {@code position} is outside the map
     */
    @SuppressWarnings("unchecked")
    public K keyAt(int position) {
        Objects.checkIndex(position, size);
        return (K) table[2 * position];
    }

    /**
     * The value of the member at {@code position}, in insertion (document) order.
     *
     * @param position 0 to {@code size() - 1}
     * @return the value
     * @throws IndexOutOfBoundsException when {@code position} is outside the map
     */
    @SuppressWarnings("unchecked")
    public V valueAt(int position) {
        Objects.checkIndex(position, size);
        return (V) table[2 * position + 1];
    }

    /**
     * The position of {@code key} in insertion order.
     *
     * @param key the key
     * @return its position, or -1 when the map has no such key
     */
    public int indexOf(Object key) {
        return find(key);
    }

    // ---- Map ----

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public boolean containsKey(Object key) {
        return find(key) >= 0;
    }

    @Override
    public boolean containsValue(Object value) {
        Object[] t = table;
        for (int i = 0, n = size; i < n; i++) {
            if (Objects.equals(value, t[2 * i + 1])) {
                return true;
            }
        }
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        int p = find(key);
        return p < 0 ? null : (V) table[2 * p + 1];
    }

    @Override
    @SuppressWarnings("unchecked")
    public V getOrDefault(Object key, V defaultValue) {
        int p = find(key);
        return p < 0 ? defaultValue : (V) table[2 * p + 1];
    }

    @Override
    @SuppressWarnings("unchecked")
    public V put(K key, V value) {
        int p = find(key);
        if (p >= 0) {
            V old = (V) table[2 * p + 1];
            table[2 * p + 1] = value;
            return old;
        }
        append(key, value);
        return null;
    }

    @Override
    public void putAll(Map<? extends K, ? extends V> m) {
        for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public V remove(Object key) {
        int p = find(key);
        if (p < 0) {
            return null;
        }
        V old = (V) table[2 * p + 1];
        removeAt(p);
        return old;
    }

    @Override
    public void clear() {
        if (size > 0) {
            Arrays.fill(table, 0, 2 * size, null);
            size = 0;
            index = null;
            modCount++;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void forEach(BiConsumer<? super K, ? super V> action) {
        Objects.requireNonNull(action);
        int mc = modCount;
        Object[] t = table;
        for (int i = 0, n = size; i < n; i++) {
            action.accept((K) t[2 * i], (V) t[2 * i + 1]);
            if (modCount != mc) {
                throw new ConcurrentModificationException();
            }
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        Objects.requireNonNull(function);
        int mc = modCount;
        Object[] t = table;
        for (int i = 0, n = size; i < n; i++) {
            Object v = function.apply((K) t[2 * i], (V) t[2 * i + 1]);
            if (modCount != mc) {
                throw new ConcurrentModificationException();
            }
            t[2 * i + 1] = v;
        }
    }

    @Override
    public Set<K> keySet() {
        return new KeySet();
    }

    @Override
    public Collection<V> values() {
        return new Values();
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new EntrySet();
    }

    /**
     * Equal to any {@link Map} with the same entries, whatever its order, as {@link Map#equals}
     * requires.
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map)) {
            return false;
        }
        Map<?, ?> m = (Map<?, ?>) o;
        if (m.size() != size) {
            return false;
        }
        try {
            Object[] t = table;
            for (int i = 0, n = size; i < n; i++) {
                Object k = t[2 * i];
                Object v = t[2 * i + 1];
                if (v == null) {
                    if (m.get(k) != null || !m.containsKey(k)) {
                        return false;
                    }
                } else if (!v.equals(m.get(k))) {
                    return false;
                }
            }
        } catch (ClassCastException | NullPointerException unused) {
            return false;
        }
        return true;
    }

    /** The sum of {@code key.hashCode() ^ value.hashCode()} over the entries, as {@link Map#hashCode} defines. */
    @Override
    public int hashCode() {
        int h = 0;
        Object[] t = table;
        for (int i = 0, n = size; i < n; i++) {
            h += Objects.hashCode(t[2 * i]) ^ Objects.hashCode(t[2 * i + 1]);
        }
        return h;
    }

    /** {@code {k1=v1, k2=v2}}, as {@code AbstractMap} writes it. */
    @Override
    public String toString() {
        if (size == 0) {
            return "{}";
        }
        StringBuilder sb = new StringBuilder(16 * size).append('{');
        Object[] t = table;
        for (int i = 0, n = size; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Object k = t[2 * i];
            Object v = t[2 * i + 1];
            sb.append(k == this ? "(this Map)" : String.valueOf(k)).append('=')
                    .append(v == this ? "(this Map)" : String.valueOf(v));
        }
        return sb.append('}').toString();
    }

    /** @return a shallow copy: the same keys and values in a new map */
    @Override
    public MemberMap<K, V> clone() {
        try {
            @SuppressWarnings("unchecked")
            MemberMap<K, V> c = (MemberMap<K, V>) super.clone();
            c.table = size == 0 ? EMPTY : Arrays.copyOf(table, 2 * size);
            c.index = null;
            c.modCount = 0;
            return c;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    // ---- internals ----

    private static int hash(Object key) {
        return key == null ? 0 : key.hashCode();
    }

    /** The position of {@code key}, or -1. */
    private int find(Object key) {
        int n = size;
        Object[] t = table;
        if (n <= LINEAR_MAX) {
            if (key == null) {
                for (int i = 0; i < n; i++) {
                    if (t[2 * i] == null) {
                        return i;
                    }
                }
                return -1;
            }
            // identity first: names from hyson's key cache are often the very strings asked for
            for (int i = 0; i < n; i++) {
                if (t[2 * i] == key) {
                    return i;
                }
            }
            int h = key.hashCode();
            for (int i = 0; i < n; i++) {
                Object k = t[2 * i];
                if (k != null && k.hashCode() == h && key.equals(k)) {
                    return i;
                }
            }
            return -1;
        }
        Object ix = index;
        if (ix == null) {
            ix = index = buildIndex(t, n);
        }
        if (ix instanceof int[]) {
            int[] slots = (int[]) ix;
            int mask = slots.length - 1;
            int h = hash(key);
            for (int s = spread(h) & mask;; s = (s + 1) & mask) {
                int e = slots[s];
                if (e == 0) {
                    return -1;
                }
                Object k = t[2 * (e - 1)];
                if (k == key || k != null && key != null && k.hashCode() == h && key.equals(k)) {
                    return e - 1;
                }
            }
        }
        @SuppressWarnings("unchecked")
        Integer p = ((HashMap<Object, Integer>) ix).get(key);
        return p == null ? -1 : p;
    }

    private static int spread(int h) {
        return (h * 0x9E3779B9) ^ (h >>> 16);
    }

    /** Slots for {@code n} members: a power of two at least twice {@code n}. */
    private static int slotCount(int n) {
        return Integer.highestOneBit(Math.max(2 * n - 1, 1)) << 1;
    }

    /** The probes an index of {@code n} distinct keys may take before it moves to a HashMap. */
    private static long probeBudget(int n) {
        return 16L * n + 1024;
    }

    /** A hash index of the distinct keys {@code t[0, 2n)}. */
    private static Object buildIndex(Object[] t, int n) {
        int[] slots = new int[slotCount(n)];
        int mask = slots.length - 1;
        long probes = 0;
        long budget = probeBudget(n);
        for (int i = 0; i < n; i++) {
            int s = spread(hash(t[2 * i])) & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
                if (++probes > budget) {
                    return hashMapIndex(t, n);
                }
            }
            slots[s] = i + 1;
        }
        return slots;
    }

    private static HashMap<Object, Integer> hashMapIndex(Object[] t, int n) {
        HashMap<Object, Integer> m = new HashMap<>(n < 3 ? n + 1 : (int) (n / 0.75f + 1.0f));
        for (int i = 0; i < n; i++) {
            m.putIfAbsent(t[2 * i], i);
        }
        return m;
    }

    private void append(Object key, Object value) {
        int n = size;
        if (2 * n == table.length) {
            if (n >= 1 << 30) {
                throw new IllegalStateException("a MemberMap holds at most 2^30 members");
            }
            int grown = Math.max(4, n + (n >> 1) + 1);
            table = Arrays.copyOf(table, 2 * Math.min(grown, 1 << 30));
        }
        table[2 * n] = key;
        table[2 * n + 1] = value;
        size = n + 1;
        modCount++;
        Object ix = index;
        if (ix instanceof int[]) {
            int[] slots = (int[]) ix;
            if (2 * size > slots.length) {
                index = null; // rebuilt, larger, by the next lookup that needs it
            } else {
                int mask = slots.length - 1;
                int s = spread(hash(key)) & mask;
                int probes = 0;
                while (slots[s] != 0) {
                    s = (s + 1) & mask;
                    if (++probes > MAX_APPEND_PROBES) {
                        index = hashMapIndex(table, size); // keys made to collide: tree bins from now on
                        return;
                    }
                }
                slots[s] = n + 1;
            }
        } else if (ix != null) {
            @SuppressWarnings("unchecked")
            HashMap<Object, Integer> m = (HashMap<Object, Integer>) ix;
            m.put(key, n);
        }
    }

    private void removeAt(int p) {
        int n = size;
        System.arraycopy(table, 2 * p + 2, table, 2 * p, 2 * (n - p - 1));
        table[2 * n - 2] = null;
        table[2 * n - 1] = null;
        size = n - 1;
        index = null;
        modCount++;
    }

    /** Keeps the members whose position does not fail {@code drop}, in order: one pass. */
    private boolean removeWhere(Predicate<Integer> drop) {
        Object[] t = table;
        int n = size;
        int mc = modCount;
        int kept = 0;
        for (int i = 0; i < n; i++) {
            boolean d = drop.test(i);
            if (modCount != mc) {
                throw new ConcurrentModificationException();
            }
            if (!d) {
                t[2 * kept] = t[2 * i];
                t[2 * kept + 1] = t[2 * i + 1];
                kept++;
            }
        }
        if (kept == n) {
            return false;
        }
        Arrays.fill(t, 2 * kept, 2 * n, null);
        size = kept;
        index = null;
        modCount++;
        return true;
    }

    /**
     * The position of the first member whose key equals an earlier member's key, or -1: pairwise
     * hash codes up to {@link #LINEAR_MAX} members, an open-addressing table in {@code scratch}
     * (or a fresh one when it is too small) above, a {@code HashMap} past the probe budget.
     */
    static int firstRepeat(Object[] t, int n, int[] scratch) {
        if (n <= LINEAR_MAX) {
            for (int j = 1; j < n; j++) {
                Object kj = t[2 * j];
                int hj = hash(kj);
                for (int i = 0; i < j; i++) {
                    Object ki = t[2 * i];
                    if (ki == kj || hash(ki) == hj && kj != null && kj.equals(ki)) {
                        return j;
                    }
                }
            }
            return -1;
        }
        int slotCount = slotCount(n);
        int[] slots = scratch != null && scratch.length >= slotCount ? scratch : new int[slotCount];
        Arrays.fill(slots, 0, slotCount, 0);
        int mask = slotCount - 1;
        long probes = 0;
        long budget = probeBudget(n);
        for (int j = 0; j < n; j++) {
            Object kj = t[2 * j];
            int hj = hash(kj);
            int s = spread(hj) & mask;
            for (;;) {
                int e = slots[s];
                if (e == 0) {
                    slots[s] = j + 1;
                    break;
                }
                Object ki = t[2 * (e - 1)];
                if (ki == kj || hash(ki) == hj && kj != null && kj.equals(ki)) {
                    return j;
                }
                s = (s + 1) & mask;
                if (++probes > budget) {
                    return firstRepeatHashed(t, n);
                }
            }
        }
        return -1;
    }

    private static int firstRepeatHashed(Object[] t, int n) {
        HashMap<Object, Boolean> seen = new HashMap<>(n < 3 ? n + 1 : (int) (n / 0.75f + 1.0f));
        for (int j = 0; j < n; j++) {
            if (seen.put(t[2 * j], Boolean.TRUE) != null) {
                return j;
            }
        }
        return -1;
    }

    private abstract class Cursor<T> implements Iterator<T> {
        int next;
        int last = -1;
        int expected = modCount;

        @Override
        public boolean hasNext() {
            return next < size;
        }

        final int advance() {
            if (modCount != expected) {
                throw new ConcurrentModificationException();
            }
            if (next >= size) {
                throw new NoSuchElementException();
            }
            last = next++;
            return last;
        }

        @Override
        public void remove() {
            if (last < 0) {
                throw new IllegalStateException("next() has not been called, or remove() was called already");
            }
            if (modCount != expected) {
                throw new ConcurrentModificationException();
            }
            removeAt(last);
            next = last;
            last = -1;
            expected = modCount;
        }
    }

    private final class KeySet extends AbstractSet<K> {
        @Override
        public int size() {
            return size;
        }

        @Override
        public boolean contains(Object o) {
            return containsKey(o);
        }

        @Override
        public boolean remove(Object o) {
            int p = find(o);
            if (p < 0) {
                return false;
            }
            removeAt(p);
            return true;
        }

        @Override
        public void clear() {
            MemberMap.this.clear();
        }

        @Override
        public boolean removeIf(Predicate<? super K> filter) {
            Objects.requireNonNull(filter);
            return removeWhere(i -> filter.test(keyAt(i)));
        }

        @Override
        public boolean removeAll(Collection<?> c) {
            Objects.requireNonNull(c);
            return removeWhere(i -> c.contains(table[2 * i]));
        }

        @Override
        public boolean retainAll(Collection<?> c) {
            Objects.requireNonNull(c);
            return removeWhere(i -> !c.contains(table[2 * i]));
        }

        @Override
        public Iterator<K> iterator() {
            return new Cursor<K>() {
                @Override
                @SuppressWarnings("unchecked")
                public K next() {
                    return (K) table[2 * advance()];
                }
            };
        }
    }

    private final class Values extends AbstractCollection<V> {
        @Override
        public int size() {
            return size;
        }

        @Override
        public boolean contains(Object o) {
            return containsValue(o);
        }

        @Override
        public void clear() {
            MemberMap.this.clear();
        }

        @Override
        public boolean removeIf(Predicate<? super V> filter) {
            Objects.requireNonNull(filter);
            return removeWhere(i -> filter.test(valueAt(i)));
        }

        @Override
        public boolean removeAll(Collection<?> c) {
            Objects.requireNonNull(c);
            return removeWhere(i -> c.contains(table[2 * i + 1]));
        }

        @Override
        public boolean retainAll(Collection<?> c) {
            Objects.requireNonNull(c);
            return removeWhere(i -> !c.contains(table[2 * i + 1]));
        }

        @Override
        public Iterator<V> iterator() {
            return new Cursor<V>() {
                @Override
                @SuppressWarnings("unchecked")
                public V next() {
                    return (V) table[2 * advance() + 1];
                }
            };
        }
    }

    private final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        @Override
        public int size() {
            return size;
        }

        @Override
        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            int p = find(e.getKey());
            return p >= 0 && Objects.equals(table[2 * p + 1], e.getValue());
        }

        @Override
        public boolean remove(Object o) {
            if (!contains(o)) {
                return false;
            }
            removeAt(find(((Map.Entry<?, ?>) o).getKey()));
            return true;
        }

        @Override
        public void clear() {
            MemberMap.this.clear();
        }

        @Override
        public boolean removeIf(Predicate<? super Map.Entry<K, V>> filter) {
            Objects.requireNonNull(filter);
            return removeWhere(i -> filter.test(new Member(i)));
        }

        @Override
        public boolean removeAll(Collection<?> c) {
            Objects.requireNonNull(c);
            return removeWhere(i -> c.contains(new Member(i)));
        }

        @Override
        public boolean retainAll(Collection<?> c) {
            Objects.requireNonNull(c);
            return removeWhere(i -> !c.contains(new Member(i)));
        }

        @Override
        public Iterator<Map.Entry<K, V>> iterator() {
            return new Cursor<Map.Entry<K, V>>() {
                @Override
                public Map.Entry<K, V> next() {
                    return new Member(advance());
                }
            };
        }
    }

    /**
     * One member as a {@link Map.Entry}: its key, and a value read from and written to the map
     * (found again by key if the members moved since the entry was made).
     */
    private final class Member implements Map.Entry<K, V> {
        private final K key;
        private int position;

        @SuppressWarnings("unchecked")
        Member(int position) {
            this.key = (K) table[2 * position];
            this.position = position;
        }

        private int where() {
            if (position < size && table[2 * position] == key) {
                return position;
            }
            position = find(key);
            return position;
        }

        @Override
        public K getKey() {
            return key;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V getValue() {
            int p = where();
            return p < 0 ? null : (V) table[2 * p + 1];
        }

        @Override
        @SuppressWarnings("unchecked")
        public V setValue(V value) {
            int p = where();
            if (p < 0) {
                throw new IllegalStateException("the entry's key was removed from the map");
            }
            V old = (V) table[2 * p + 1];
            table[2 * p + 1] = value;
            return old;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return Objects.equals(key, e.getKey()) && Objects.equals(getValue(), e.getValue());
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(key) ^ Objects.hashCode(getValue());
        }

        @Override
        public String toString() {
            return key + "=" + getValue();
        }
    }

    /**
     * Writes the members in order.
     *
     * @param out the stream
     * @throws IOException when the stream fails
     * @serialData the number of members ({@code int}), then each member's key and value, in order
     */
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            out.writeObject(table[2 * i]);
            out.writeObject(table[2 * i + 1]);
        }
    }

    /**
     * Reads what {@link #writeObject} wrote; a repeated key keeps its first position and its last value.
     *
     * @param in the stream
     * @throws IOException when the stream fails or holds a negative size
     * @throws ClassNotFoundException when a key's or value's class is not found
     */
    @SuppressWarnings("unchecked")
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        int n = in.readInt();
        if (n < 0) {
            throw new InvalidObjectException("negative size " + n);
        }
        // grown as entries arrive, so a forged size cannot allocate beyond the stream's content
        table = n == 0 ? EMPTY : new Object[2 * Math.min(n, 1024)];
        for (int i = 0; i < n; i++) {
            put((K) in.readObject(), (V) in.readObject());
        }
    }
}
