package dev.hyson.internal.names;

/**
 * A bounded cache from member name (map key) to its encoded form, one per writer configuration or
 * MessagePack factory, so a name written before costs one array copy (jackson-core's
 * {@code SerializedString}, ruby/json's generator key cache): the JSON string with its quotes and
 * escapes, or the MessagePack str with its header. The write-side counterpart of {@link KeyCache}.
 *
 * <p>Direct-mapped by the name's {@link String#hashCode()} (cached in the string), 1024 slots, names
 * of at most {@link #MAX_NAME_LENGTH} chars; a colliding name replaces the slot. Safe for
 * concurrent writers without locks: entries are immutable (final fields, JLS 17.5), so a racing
 * reader sees an old entry, a new one or none, and a lost update only costs a later miss.
 */
public final class NameCache {
    /** The longest name cached, in chars. */
    public static final int MAX_NAME_LENGTH = 64;
    private static final int SLOTS = 1024;

    private static final class Entry {
        final String name;
        final byte[] encoded;

        Entry(String name, byte[] encoded) {
            this.name = name;
            this.encoded = encoded;
        }
    }

    private final Entry[] table = new Entry[SLOTS];

    /** @return the encoded form of {@code name}, or null when it is not cached */
    public byte[] get(String name) {
        Entry e = table[name.hashCode() & (SLOTS - 1)];
        if (e != null && (e.name == name || e.name.equals(name))) {
            return e.encoded;
        }
        return null;
    }

    /** Caches {@code encoded} (which must not be modified afterwards) as the form of {@code name}. */
    public void put(String name, byte[] encoded) {
        table[name.hashCode() & (SLOTS - 1)] = new Entry(name, encoded);
    }
}
