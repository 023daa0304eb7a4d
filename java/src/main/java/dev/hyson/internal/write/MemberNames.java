package dev.hyson.internal.write;

import dev.hyson.internal.names.NameCache;
import dev.hyson.internal.number.DoubleFormatter;
import dev.hyson.internal.text.Swar;
import java.util.Arrays;
import java.util.Map;

/**
 * The JSON writer's member names: map keys as text, encoded names from the writer's name cache,
 * and the check that no two keys write the same name.
 */
abstract class MemberNames extends JsonStrings {
    MemberNames(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        super(cfg, buf, sink);
    }

    /**
     * Writes a member name and its separator ({@code :}, or {@code : } when pretty). A string name
     * written before comes from the writer's name cache with the separator included: for most
     * names (at most 16 bytes so encoded) two 8-byte stores, which beat a call to the array copy.
     */
    final void writeKey(Object key) {
        if (key instanceof String) {
            String name = (String) key;
            NameCache.Entry cached = cfg.names.entry(name);
            if (cached != null) {
                int len = cached.length;
                if (len <= NameCache.WORDS_MAX) {
                    ensure(NameCache.WORDS_MAX);
                    byte[] b = buf;
                    int p = pos;
                    Swar.LONG_LE.set(b, p, cached.w0);
                    Swar.LONG_LE.set(b, p + 8, cached.w1);
                    pos = p + len;
                } else {
                    ensure(len);
                    System.arraycopy(cached.encoded, 0, buf, pos, len);
                    pos += len;
                }
                return;
            }
            if (name.length() <= NameCache.MAX_NAME_LENGTH) {
                // room for the worst case first, so no drain to the sink moves the bytes away
                ensure(name.length() * 6 + 16);
                int start = pos;
                writeString(name);
                writeSeparator();
                cfg.names.put(name, java.util.Arrays.copyOfRange(buf, start, pos));
                return;
            }
            writeString(name);
        } else {
            writeString(keyString(key));
        }
        writeSeparator();
    }

    private void writeSeparator() {
        if (cfg.pretty) {
            ensure(2);
            buf[pos++] = ':';
            buf[pos++] = ' ';
        } else {
            writeRaw((byte) ':');
        }
    }

    /** Fails when two keys of {@code map} write the same member name (1 and "1", say). */
    final void checkDistinctNames(Map<Object, Object> map) {
        java.util.HashSet<String> names = new java.util.HashSet<>();
        for (Map.Entry<Object, Object> e : map.entrySet()) {
            if (e == null) {
                continue; // reported by the writing loop
            }
            String name;
            try {
                name = keyString(e.getKey());
            } catch (WriteFailure f) {
                throw f.at(WriteFailure.memberSegment(e.getKey())).located(); // at the key that fails, not the one being written
            }
            if (!names.add(name)) {
                throw duplicateName(name).at(WriteFailure.memberSegment(name)).located();
            }
        }
    }

    /**
     * Whether two distinct {@code String} keys of {@code map} are always distinct strings: its keys are
     * compared by {@code equals} (the JDK's hash maps, immutable maps and wrappers, sorted maps in
     * natural order, hyson's own). Not an {@code IdentityHashMap}, a sorted map with a comparator, or a
     * map class it does not know, whose names {@link #checkDistinctNames} checks first.
     */
    static boolean keysAreDistinctStrings(Map<?, ?> map) {
        if (map instanceof java.util.IdentityHashMap) {
            return false;
        }
        if (map instanceof java.util.SortedMap<?, ?> sorted) {
            return sorted.comparator() == null;
        }
        if (map instanceof java.util.HashMap || map instanceof java.util.Hashtable
                || map instanceof java.util.concurrent.ConcurrentHashMap || map instanceof java.util.WeakHashMap
                || map instanceof java.util.EnumMap) {
            return true;
        }
        String name = map.getClass().getName();
        return name.startsWith("java.util.ImmutableCollections$") || name.startsWith("java.util.Collections$")
                || name.startsWith("dev.hyson.");
    }

    static WriteFailure duplicateName(String name) {
        String shown = name.length() > 40 ? name.substring(0, 40) + "..." : name;
        return new WriteFailure("two map keys write the same member name \"" + shown
                + "\" (RFC 8259 section 4: names should be unique)");
    }

    /** The member name for a map key: strings as they are, numbers, booleans, enums and chars as text. */
    final String keyString(Object key) {
        if (key instanceof String) {
            return (String) key;
        }
        if (key instanceof CharSequence) {
            String text = key.toString();
            if (text == null) {
                throw new WriteFailure("cannot write a " + key.getClass().getName() + " map key whose toString() is null");
            }
            return text;
        }
        if (key instanceof Enum) {
            Object names;
            try {
                names = cfg.codecs.writerFor(key.getClass());
            } catch (IllegalArgumentException e) {
                throw new WriteFailure(e.getMessage());
            }
            return names instanceof String[] ? ((String[]) names)[((Enum<?>) key).ordinal()] : ((Enum<?>) key).name();
        }
        if (key instanceof Boolean || key instanceof Character || key instanceof java.util.UUID) {
            return key.toString();
        }
        if (key instanceof Double || key instanceof Float) {
            double d = ((Number) key).doubleValue();
            if (!Double.isFinite(d)) {
                return Double.toString(d);
            }
            return key instanceof Float ? DoubleFormatter.toString((Float) key) : DoubleFormatter.toString(d);
        }
        if (key instanceof Number) {
            return numberText((Number) key);
        }
        if (key == null) {
            throw new WriteFailure("cannot write a null map key: JSON member names are strings");
        }
        throw new WriteFailure("cannot write a map key of type " + key.getClass().getName()
                + ": keys must be CharSequence, Number, Boolean, Character, UUID or Enum");
    }

    /** Writes a member name with its separators, {@code len <= 16} bytes given as two little-endian words. */
    final void writeName(long w0, long w1, int len) {
        ensure(16);
        byte[] b = buf;
        int p = pos;
        dev.hyson.internal.text.Swar.LONG_LE.set(b, p, w0);
        dev.hyson.internal.text.Swar.LONG_LE.set(b, p + 8, w1);
        pos = p + len;
    }

    /** Writes {@code encoded[from, length)}: a member name with its separators, from 1 to leave out a leading comma. */
    final void writeName(byte[] encoded, int from) {
        int n = encoded.length - from;
        ensure(n);
        System.arraycopy(encoded, from, buf, pos, n);
        pos += n;
    }

    /** A map with {@code sortKeys}: its keys as text, sorted, a repeated one an error. */
    final void writeSortedMap(Map<Object, Object> map, int depth) {
        int n = map.size();
        String[] keys = new String[n];
        Object[] values = new Object[n];
        Integer[] order = new Integer[n];
        int i = 0;
        for (Map.Entry<Object, Object> e : map.entrySet()) {
            if (i == n) {
                break; // a map that grew while being written
            }
            if (e == null) {
                throw new WriteFailure("cannot write a " + map.getClass().getName() + " that yields a null entry");
            }
            try {
                keys[i] = keyString(e.getKey());
            } catch (WriteFailure f) {
                throw f.at(WriteFailure.memberSegment(e.getKey()));
            }
            values[i] = e.getValue();
            order[i] = i;
            i++;
        }
        int count = i;
        Arrays.sort(order, 0, count, (a, b) -> keys[a].compareTo(keys[b]));
        for (int k = 1; k < count; k++) {
            if (keys[order[k]].equals(keys[order[k - 1]])) {
                throw duplicateName(keys[order[k]]).at(WriteFailure.memberSegment(keys[order[k]]));
            }
        }
        writeRaw((byte) '{');
        String key = null;
        try {
            for (int k = 0; k < count; k++) {
                int j = order[k];
                key = keys[j];
                if (k > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeString(key);
                writeRaw((byte) ':');
                if (cfg.pretty) {
                    writeRaw((byte) ' ');
                }
                writeValue(values[j], depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at(WriteFailure.memberSegment(key));
        }
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) '}');
    }
}
