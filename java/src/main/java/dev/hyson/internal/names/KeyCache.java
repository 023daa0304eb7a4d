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
        /** The name's bytes for names longer than {@link #SHORT}; null for short ones. */
        final byte[] bytes;
        /** A short name's bytes as two little-endian words, zero-padded. */
        final long w0;
        final long w1;
        final int length;
        final String value;
        final int hash;

        Entry(byte[] bytes, long w0, long w1, int length, String value, int hash) {
            this.bytes = bytes;
            this.w0 = w0;
            this.w1 = w1;
            this.length = length;
            this.value = value;
            this.hash = hash;
        }
    }

    /** Names up to this many bytes (most of them) are compared as two words, not byte by byte. */
    private static final int SHORT = 16;

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
        if (len <= SHORT) {
            return lookupShort(src, off, len, ascii);
        }
        int h = hash(src, off, len);
        Entry[] t = table;
        int mask = t.length - 1;
        int slot = h & mask;
        for (int p = 0; p < PROBES; p++) {
            Entry e = t[(slot + p) & mask];
            if (e == null) {
                String s = decode(src, off, len, ascii);
                t[(slot + p) & mask] = new Entry(Arrays.copyOfRange(src, off, off + len), 0, 0, len, s, h);
                return s;
            }
            if (e.hash == h && e.length == len && e.bytes != null && Arrays.equals(e.bytes, 0, len, src, off, off + len)) {
                return e.value;
            }
        }
        // every probed slot holds another name: overwrite one, chosen by hash bits not used for the slot
        String s = decode(src, off, len, ascii);
        t[(slot + (h >>> 28 & (PROBES - 1))) & mask] = new Entry(Arrays.copyOfRange(src, off, off + len), 0, 0, len, s, h);
        return s;
    }

    /**
     * The lookup for names of at most {@link #SHORT} bytes: the name is loaded as two words (zero
     * past its end), hashed from them and compared with them, which is much cheaper than a hash
     * loop and a range comparison for the short names that dominate JSON.
     */
    private String lookupShort(byte[] src, int off, int len, boolean ascii) {
        long w0;
        long w1;
        if (off + SHORT <= src.length) {
            // reading past the name stays inside the array; the extra bytes are masked off
            w0 = (long) LONG_LE.get(src, off);
            w1 = (long) LONG_LE.get(src, off + 8);
            if (len < 8) {
                w0 &= (1L << (len << 3)) - 1;
                w1 = 0;
            } else if (len < SHORT) {
                w1 &= (1L << ((len - 8) << 3)) - 1;
            }
        } else {
            w0 = 0;
            w1 = 0;
            for (int i = 0; i < len; i++) {
                long b = src[off + i] & 0xFFL;
                if (i < 8) {
                    w0 |= b << (i << 3);
                } else {
                    w1 |= b << ((i - 8) << 3);
                }
            }
        }
        long x = (seed ^ (len * MULTIPLIER) ^ w0) * MULTIPLIER;
        x = (x ^ (x >>> 29) ^ w1) * MULTIPLIER;
        x ^= x >>> 32;
        int h = (int) x;
        Entry[] t = table;
        int mask = t.length - 1;
        int slot = h & mask;
        for (int p = 0; p < PROBES; p++) {
            Entry e = t[(slot + p) & mask];
            if (e == null) {
                String s = decode(src, off, len, ascii);
                t[(slot + p) & mask] = new Entry(null, w0, w1, len, s, h);
                return s;
            }
            if (e.w0 == w0 && e.w1 == w1 && e.length == len && e.bytes == null) {
                return e.value;
            }
        }
        String s = decode(src, off, len, ascii);
        t[(slot + (h >>> 28 & (PROBES - 1))) & mask] = new Entry(null, w0, w1, len, s, h);
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
