package dev.hyson.internal.names;

/**
 * A bounded cache from member name (map key) to its encoded form, one per writer configuration or
 * MessagePack factory, so a name written before costs one array copy (jackson-core's
 * {@code SerializedString}, ruby/json's generator key cache): the JSON string with its quotes and
 * escapes, or the MessagePack str with its header. The write-side counterpart of {@link KeyCache}.
 *
 * <p>Two-way set-associative over the name's {@link String#hashCode()} (cached in the string), its
 * bits mixed first: 512 sets of two slots, names of at most {@link #MAX_NAME_LENGTH} chars. A name
 * cached goes into the set's first slot and the one there moves to the second (the set keeps its two
 * latest names). Direct-mapped, citm_catalog.json's 321 names left 140 in slots shared with another
 * name, each missing on every write (String hashes of similar names share their low bits); two ways and
 * mixed bits keep such a set of names. Safe for concurrent writers without locks: entries are immutable
 * (final fields, JLS 17.5), so a racing reader sees an old entry, a new one or none, and a lost update
 * only costs a later miss.
 */
public final class NameCache {
    /** The longest name cached, in chars. */
    public static final int MAX_NAME_LENGTH = 64;
    private static final int SLOTS = 1024;

    /** Encoded forms up to this many bytes are also kept as two little-endian words. */
    public static final int WORDS_MAX = 16;

    /** One cached name: its encoded form, and for a short one the same bytes as two words. */
    public static final class Entry {
        final String name;
        /** The encoded form; never modified. */
        public final byte[] encoded;
        /** {@code encoded.length}. */
        public final int length;
        /** For {@code length <= WORDS_MAX}: bytes 0..7 and 8..15 of the encoded form, zero-padded. */
        public final long w0;
        /** See {@link #w0}. */
        public final long w1;

        Entry(String name, byte[] encoded) {
            this.name = name;
            this.encoded = encoded;
            this.length = encoded.length;
            long a = 0;
            long b = 0;
            if (encoded.length <= WORDS_MAX) {
                for (int i = 0; i < encoded.length; i++) {
                    long x = encoded[i] & 0xFFL;
                    if (i < 8) {
                        a |= x << (8 * i);
                    } else {
                        b |= x << (8 * (i - 8));
                    }
                }
            }
            this.w0 = a;
            this.w1 = b;
        }
    }

    private final Entry[] table = new Entry[SLOTS];

    /** @return the encoded form of {@code name}, or null when it is not cached */
    public byte[] get(String name) {
        Entry e = entry(name);
        return e == null ? null : e.encoded;
    }

    /**
     * @return the cached entry of {@code name}, or null: a writer stores a short one with two
     *     8-byte writes ({@link #w0}, {@link #w1}) instead of an array copy
     */
    public Entry entry(String name) {
        int i = set(name);
        Entry[] t = table;
        Entry e = t[i];
        if (e != null && (e.name == name || e.name.equals(name))) {
            return e;
        }
        e = t[i + 1];
        if (e != null && (e.name == name || e.name.equals(name))) {
            return e;
        }
        return null;
    }

    /** Caches {@code encoded} (which must not be modified afterwards) as the form of {@code name}. */
    public void put(String name, byte[] encoded) {
        int i = set(name);
        Entry[] t = table;
        Entry first = t[i];
        if (first != null && !first.name.equals(name)) {
            t[i + 1] = first;
        }
        t[i] = new Entry(name, encoded);
    }

    /** @return the first slot of the name's set (an even index) */
    static int set(String name) {
        int h = name.hashCode();
        h ^= h >>> 16;
        h *= 0x85EBCA6B; // MurmurHash3's finalizer step: every bit of the hash moves the set
        h ^= h >>> 13;
        return h & (SLOTS - 2);
    }
}
