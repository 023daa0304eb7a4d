package dev.hyson.internal.names;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A bounded cache from the UTF-8 bytes of a member name to its {@code String}, so that a name seen
 * before costs a hash and a byte comparison instead of a decode and an allocation, and repeated
 * names share one instance (ruby/json's key cache; jackson-core's {@code ByteQuadsCanonicalizer}).
 *
 * <p>Policy: only names of at most {@link #MAX_KEY_LENGTH} bytes are cached, in an open-addressed
 * table of {@link #CAPACITY} slots with at most {@link #PROBES} probes per lookup; when every probed
 * slot is taken by another name, one of them is overwritten. The hash is seeded at random per JVM,
 * so an attacker cannot choose names that collide, and the bounded probing keeps even colliding
 * names at constant cost per lookup (hash flooding resistance): the worst case is a miss.
 *
 * <p>Thread safety: any number of threads may look up concurrently without locks. Entries are
 * immutable objects with final fields, so a racing reader sees either the old or the new entry of a
 * slot, never a partly built one (JLS 17.5); a lost insert only costs a later miss.
 */
public final class KeyCache {
    /** Longest name, in UTF-8 bytes, that is cached. */
    public static final int MAX_KEY_LENGTH = 64;
    /** Number of slots. */
    public static final int CAPACITY = 1 << 12;
    /** Slots probed per lookup. */
    public static final int PROBES = 4;

    /** The cache shared by every reader in the JVM. */
    public static final KeyCache SHARED = new KeyCache(new SplittableRandom().nextLong());

    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private static final class Entry {
        final byte[] bytes;
        final String value;
        final int hash;

        Entry(byte[] bytes, String value, int hash) {
            this.bytes = bytes;
            this.value = value;
            this.hash = hash;
        }
    }

    private final Entry[] table = new Entry[CAPACITY];
    private final long seed;

    /** @param seed the hash seed; use a random one (see {@link #SHARED}) */
    public KeyCache(long seed) {
        this.seed = seed;
    }

    /**
     * Returns the name whose UTF-8 bytes are {@code src[off, off + len)}, which the scanner has
     * validated; {@code ascii} says every byte is below 0x80.
     */
    public String lookup(byte[] src, int off, int len, boolean ascii) {
        if (len > MAX_KEY_LENGTH) {
            return decode(src, off, len, ascii);
        }
        int h = hash(src, off, len);
        Entry[] t = table;
        int mask = t.length - 1;
        int slot = h & mask;
        for (int p = 0; p < PROBES; p++) {
            Entry e = t[(slot + p) & mask];
            if (e == null) {
                String s = decode(src, off, len, ascii);
                t[(slot + p) & mask] = new Entry(Arrays.copyOfRange(src, off, off + len), s, h);
                return s;
            }
            if (e.hash == h && e.bytes.length == len && Arrays.equals(e.bytes, 0, len, src, off, off + len)) {
                return e.value;
            }
        }
        // every probed slot holds another name: overwrite one, chosen by hash bits not used for the slot
        String s = decode(src, off, len, ascii);
        t[(slot + (h >>> 28 & (PROBES - 1))) & mask] = new Entry(Arrays.copyOfRange(src, off, off + len), s, h);
        return s;
    }

    private static String decode(byte[] src, int off, int len, boolean ascii) {
        return new String(src, off, len, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    }

    /** A seeded multiply-xorshift hash over 8-byte words (little-endian), then the tail bytes. */
    private int hash(byte[] src, int off, int len) {
        long h = seed ^ (len * MULTIPLIER);
        int i = off;
        int end = off + len;
        while (i + 8 <= end) {
            h = (h ^ (long) LONG_LE.get(src, i)) * MULTIPLIER;
            h ^= h >>> 29;
            i += 8;
        }
        long tail = 0;
        for (int shift = 0; i < end; i++, shift += 8) {
            tail |= (src[i] & 0xFFL) << shift;
        }
        h = (h ^ tail) * MULTIPLIER;
        h ^= h >>> 32;
        h *= MULTIPLIER;
        return (int) (h >>> 32);
    }
}
