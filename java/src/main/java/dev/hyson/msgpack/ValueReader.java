package dev.hyson.msgpack;

import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.tree.MemberMaps;
import dev.hyson.tree.MemberMap;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;

/**
 * Builds whole values as Java objects (see {@link MessagePack} for the mapping), recursively, with
 * the factory's limits: nesting, container sizes, str lengths, declared counts against the input
 * left, and map keys that are themselves containers (see {@link #MAX_KEY_NESTING}).
 *
 * <p>{@link MessageUnpacker} extends this class, which reads the headers it needs through the
 * unpacker's pull API; the unpacker is its only subclass, so those calls are direct once compiled.
 */
abstract class ValueReader extends InputBuffer {
    /** 2^64: added to a negative {@code long} holding a uint64 above {@code Long.MAX_VALUE}. */
    static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    /**
     * How deep arrays and maps used as map keys may nest inside one another. A map hashes each key
     * in full, so a key inside a key is hashed once per enclosing key: the bound keeps unpacking
     * linear (a chain of maps keyed by maps would cost depth x size).
     */
    static final int MAX_KEY_NESTING = 2;
    /** Elements a container read from a stream is first sized for; it grows as elements arrive. */
    private static final int STREAM_PRESIZE = 16;

    /** The limits, str policy and extension registry. */
    final MessagePackFactory f;
    /**
     * Values that the containers enclosing the one being read still declare (over an array): each
     * takes at least a byte, so a container may declare no more elements than the bytes left after
     * them. Nested headers that each claim the whole rest of the input are refused at once instead
     * of pre-sizing one list per level to the whole input.
     */
    long owed;
    /** Map keys that are arrays or maps enclosing the value being read (see {@link #MAX_KEY_NESTING}). */
    int keyNesting;
    /** Extensions unpacked as {@link ExtensionValue} (and timestamps as {@code Instant}) whatever the registry says. */
    boolean rawExtensions;

    /** @param f the factory whose options apply */
    ValueReader(MessagePackFactory f) {
        super(f.maxDocumentLength);
        this.f = f;
    }

    /** @return see {@link MessageUnpacker#unpackStringHeader()} */
    abstract int unpackStringHeader();

    /** @return see {@link MessageUnpacker#unpackBinaryHeader()} */
    abstract int unpackBinaryHeader();

    /** @return see {@link MessageUnpacker#unpackArrayHeader()} */
    abstract int unpackArrayHeader();

    /** @return see {@link MessageUnpacker#unpackMapHeader()} */
    abstract int unpackMapHeader();

    /** @return see {@link MessageUnpacker#unpackExtensionHeader()} */
    abstract MessageUnpacker.ExtensionHeader unpackExtensionHeader();

    /**
     * @param n see {@link MessageUnpacker#readPayload(int)}
     * @return the bytes
     */
    abstract byte[] readPayload(int n);

    /** @return the INVALID_FORMAT error for the byte 0xc1 at the current offset */
    final MessagePackException neverUsed() {
        return new MessagePackException(MessagePackException.Kind.INVALID_FORMAT,
                "byte 0xc1 is never used in MessagePack", offset());
    }

    /**
     * Decodes {@code n} available bytes at {@code pos} as a str value.
     *
     * @param n the number of bytes
     * @return the string
     */
    final String readStr(int n) {
        int p = pos;
        pos = p + n;
        return StrDecoder.decode(buf, p, n, f.replaceInvalidUtf8, origin);
    }

    /**
     * Reads one whole value, recursively.
     *
     * @param depth the nesting already open around it
     * @return the value (see {@link MessagePack} for the mapping)
     */
    final Object readValue(int depth) {
        if (pos >= limit) {
            require(1);
        }
        int b = buf[pos++];
        if (b >= -32) {
            return Long.valueOf(b); // positive and negative fixint: Long's cache, no allocation
        }
        int u = b & 0xFF;
        if (u >= 0xa0 && u <= 0xbf) {
            int n = u & 0x1F;
            if (n > f.maxStringLength) {
                throw limit(bytesIs(n) + " longer than maxStringLength (" + f.maxStringLength + ")", offset() - 1);
            }
            require(n);
            return readStrValue(n);
        }
        if (u <= 0x9f) {
            // fixmap, fixarray: checked here and read by the body itself, so a level of nesting costs
            // two frames (the default maxDepth must fit a 1 MiB stack before the JIT has compiled this)
            int n = u & 0x0F;
            long at = offset() - 1;
            if (depth >= f.maxDepth) {
                throw tooDeep(at);
            }
            if (n > f.maxContainerSize) {
                throw limit(n + " elements is more than maxContainerSize (" + f.maxContainerSize + ")", at);
            }
            return u <= 0x8f ? readMapBody(n, depth, at) : readArrayBody(n, depth, at);
        }
        switch (u) {
            case 0xc0: return null;
            case 0xc2: return Boolean.FALSE;
            case 0xc3: return Boolean.TRUE;
            case 0xca: require(4); return Float.intBitsToFloat(i32());
            case 0xcb: require(8); return Double.longBitsToDouble(i64());
            case 0xcc: require(1); return Long.valueOf(u8());
            case 0xcd: require(2); return Long.valueOf(u16());
            case 0xce: require(4); return Long.valueOf(i32() & 0xFFFFFFFFL);
            case 0xcf: {
                require(8);
                long v = i64();
                return v >= 0 ? Long.valueOf(v) : BigInteger.valueOf(v).add(TWO_64);
            }
            case 0xd0: require(1); return Long.valueOf(buf[pos++]);
            case 0xd1: require(2); return Long.valueOf((short) u16());
            case 0xd2: require(4); return Long.valueOf(i32());
            case 0xd3: require(8); return Long.valueOf(i64());
            case 0xc1:
                pos--;
                throw neverUsed();
            default:
                pos--;
                return readOther(u, depth);
        }
    }

    /** str8..32, bin, ext, array16/32, map16/32: the formats with a length or count after the first byte. */
    private Object readOther(int u, int depth) {
        switch (u) {
            case 0xd9: case 0xda: case 0xdb: {
                int n = unpackStringHeader();
                require(n);
                return readStrValue(n);
            }
            case 0xc4: case 0xc5: case 0xc6:
                return readPayload(unpackBinaryHeader());
            case 0xdc: case 0xdd: {
                long at = offset();
                int n = unpackArrayHeader();
                if (depth >= f.maxDepth) {
                    throw tooDeep(at);
                }
                return readArrayBody(n, depth, at);
            }
            case 0xde: case 0xdf: {
                long at = offset();
                int n = unpackMapHeader();
                if (depth >= f.maxDepth) {
                    throw tooDeep(at);
                }
                return readMapBody(n, depth, at);
            }
            default: {
                long at = offset();
                MessageUnpacker.ExtensionHeader h = unpackExtensionHeader();
                require(h.length());
                return readExtension(h.type(), h.length(), depth, at);
            }
        }
    }

    /**
     * For a reader that writes an array's elements as they are read instead of building the array
     * ({@link JsonBridge#writeAll}): when the next value is an array, reads its header with the checks
     * {@link #readValue} makes for one, in the same order (depth, maxContainerSize, the count against
     * the bytes left besides {@link #owed}); otherwise reads nothing.
     *
     * @param depth the nesting already open around the value
     * @return the array's element count, or -1 when the next value is not an array
     */
    final int streamedArrayHeader(int depth) {
        if (pos >= limit) {
            require(1);
        }
        int u = buf[pos] & 0xFF;
        long at = offset();
        int n;
        if (u >= 0x90 && u <= 0x9f) {
            pos++;
            n = u & 0x0F;
            if (depth >= f.maxDepth) {
                throw tooDeep(at);
            }
            if (n > f.maxContainerSize) {
                throw limit(n + " elements is more than maxContainerSize (" + f.maxContainerSize + ")", at);
            }
        } else if (u == 0xdc || u == 0xdd) {
            n = unpackArrayHeader();
            if (depth >= f.maxDepth) {
                throw tooDeep(at);
            }
        } else {
            return -1;
        }
        checkOwed(n, owed, at);
        return n;
    }

    private MessagePackException tooDeep(long at) {
        return limit("nesting deeper than maxDepth (" + f.maxDepth + "): raise it with MessagePackFactory.Builder.maxDepth", at);
    }

    /** Fails when {@code values} more cannot fit in the bytes left besides those still owed around them. */
    private void checkOwed(long values, long outer, long at) {
        if (in == null && values > limit - pos - outer) {
            throw new MessagePackException(MessagePackException.Kind.TRUNCATED, values + " values declared, only "
                    + (limit - pos) + " bytes remain for them and the " + outer + " values the enclosing containers declare", at);
        }
    }

    private Object readArrayBody(int n, int depth, long at) {
        long outer = owed;
        checkOwed(n, outer, at);
        // over a stream a count is not checked against the input: no pre-sizing to it
        ArrayList<Object> list = new ArrayList<>(in == null ? n : Math.min(n, STREAM_PRESIZE));
        for (int i = 0; i < n; i++) {
            owed = outer + (n - i - 1);
            list.add(readValue(depth + 1));
        }
        owed = outer;
        return list;
    }

    private Object readMapBody(int n, int depth, long at) {
        long outer = owed;
        checkOwed(2L * n, outer, at);
        int cap = in == null ? n : Math.min(n, STREAM_PRESIZE);
        // the entries go into one array that the MemberMap adopts (no entry objects, no lookup per
        // key) while every key is of one class that compares with itself (see KeyHashGuard.exempt)
        Object[] kv = new Object[2 * cap];
        Class<?> keyClass = null;
        for (int i = 0; i < n; i++) {
            long keyAt = origin + pos;
            owed = outer + 2L * (n - i) - 1;
            Object key = readKey(depth);
            if (key == null || key.getClass() != keyClass && (i > 0 || !KeyHashGuard.exempt(key.getClass()))) {
                return readMapGuarded(kv, i, key, keyAt, n, depth, outer);
            }
            keyClass = key.getClass();
            owed = outer + 2L * (n - i - 1);
            Object value = readValue(depth + 1);
            if (2 * i == kv.length) {
                kv = Arrays.copyOf(kv, 2 * (int) Math.min(n, Math.max(4L, i + (i >> 1) + 1L)));
            }
            kv[2 * i] = key;
            kv[2 * i + 1] = value;
        }
        owed = outer;
        if (f.linkedHashMaps) {
            LinkedHashMap<Object, Object> map = new LinkedHashMap<>(n < 3 ? n + 1 : (int) (n / 0.75f + 1.0f));
            for (int i = 0; i < n; i++) {
                map.put(kv[2 * i], kv[2 * i + 1]);
            }
            return map;
        }
        MemberMaps.Access maps = MEMBER_MAPS;
        // a repeated key keeps its first position and takes its last value, as Map.put does
        return n > 1 && maps.firstRepeat(kv, n, null) >= 0 ? maps.merge(kv, n, true) : maps.adopt(kv, n);
    }

    private static final MemberMaps.Access MEMBER_MAPS = MemberMaps.access();

    /**
     * The rest of a map whose keys are not all of one exempt class: built in a {@code LinkedHashMap}
     * under a {@link KeyHashGuard} (keys of mixed or non-comparable classes that share hash codes
     * cost a linear search each), from the {@code done} entries read so far and the key just read.
     */
    private Object readMapGuarded(Object[] kv, int done, Object key, long keyAt, int n, int depth, long outer) {
        LinkedHashMap<Object, Object> map = new LinkedHashMap<>();
        for (int k = 0; k < done; k++) {
            map.put(kv[2 * k], kv[2 * k + 1]);
        }
        KeyHashGuard guard = new KeyHashGuard(map.keySet());
        for (int i = done; i < n; i++) {
            if (i > done) {
                keyAt = origin + pos;
                owed = outer + 2L * (n - i) - 1;
                key = readKey(depth);
            }
            if (!map.containsKey(key) && !guard.add(key)) {
                throw KeyHashGuard.flooded(keyAt);
            }
            owed = outer + 2L * (n - i - 1);
            map.put(key, readValue(depth + 1));
        }
        owed = outer;
        return f.linkedHashMaps ? map : new MemberMap<>(map);
    }

    /** A map key: str through the key cache, anything else as a value. */
    private Object readKey(int depth) {
        if (pos >= limit) {
            require(1);
        }
        int u = buf[pos] & 0xFF;
        int n;
        if ((u & 0xE0) == 0xA0) {
            pos++;
            n = u & 0x1F;
        } else if (u == 0xd9) {
            pos++;
            require(1);
            n = u8();
        } else {
            boolean container = u >= 0x80 && u <= 0x9f || u >= 0xdc && u <= 0xdf;
            if (container && keyNesting >= MAX_KEY_NESTING) {
                throw limit("an array or map as a map key inside " + MAX_KEY_NESTING + " enclosing array or map keys"
                        + " (hashing it would cost its whole size once per enclosing key)", offset());
            }
            keyNesting++;
            Object key = readValue(depth + 1);
            keyNesting--;
            return key;
        }
        if (n > f.maxStringLength) {
            throw limit(bytesIs(n) + " longer than maxStringLength (" + f.maxStringLength + ")", offset());
        }
        require(n);
        if (!f.internKeys) {
            return readStrValue(n);
        }
        int p = pos;
        boolean ascii = StrDecoder.isAscii(buf, p, n);
        if (!ascii && !StrDecoder.isWellFormed(buf, p, n)) {
            return readStrValue(n);
        }
        pos = p + n;
        return KeyCache.SHARED.lookup(buf, p, n, ascii);
    }

    /**
     * A str value: a {@code String}, or in compatibility mode a {@code byte[]} when the bytes are not
     * UTF-8 (the pre-2013 raw type held any bytes, and such a packer writes {@code byte[]} as raw).
     */
    private Object readStrValue(int n) {
        if (f.compatibility && !f.replaceInvalidUtf8 && !StrDecoder.isAscii(buf, pos, n) && !StrDecoder.isWellFormed(buf, pos, n)) {
            return readPayload(n);
        }
        return readStr(n);
    }

    private Object readExtension(byte type, int len, int depth, long at) {
        if (type == -1) {
            int p = pos;
            pos = p + len;
            return Timestamps.read(buf, p, len, at);
        }
        Registration r = rawExtensions ? null : f.registry.forType(type);
        if (r != null && depth >= f.maxDepth) {
            throw tooDeep(at); // a registered extension's payload is one more level, as on the packing side
        }
        if (r == null) {
            if (f.failOnUnknownExtension) {
                throw new MessagePackException(MessagePackException.Kind.UNKNOWN_EXTENSION,
                        "extension type " + type + " is not registered", at);
            }
            return new ExtensionValue(type, readPayload(len));
        }
        int p = pos;
        pos = p + len;
        return ExtensionRegistry.unpack(r, f, buf, p, len, origin, depth + 1, at);
    }
}
