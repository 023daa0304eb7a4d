package dev.hyson.msgpack;

import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.text.Swar;
import dev.hyson.internal.text.Utf8;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;

/**
 * Reads MessagePack values one at a time, from a byte array (or a slice of one) or from an
 * {@link InputStream} through a buffer. Get one from {@link MessagePackFactory#newUnpacker}; it uses
 * that factory's limits, string policy and extension registry.
 *
 * <p>Pull style, as in msgpack-java: {@link #nextFormat()} peeks at the next value's format, the
 * {@code unpackXxx} methods read one value (or one header: {@link #unpackArrayHeader()},
 * {@link #unpackMapHeader()}, {@link #unpackBinaryHeader()}, {@link #unpackStringHeader()},
 * {@link #unpackExtensionHeader()}, then the elements or {@link #readPayload(int)}), and
 * {@link #skipValue()} skips a whole value, containers included, without recursion.
 * {@link #unpackValue()} reads a whole value as Java objects (see {@link MessagePack} for the
 * mapping).
 *
 * <p>Every failure is a {@link MessagePackException} with the byte offset from the start of the
 * input ({@link #offset()} tells the current one). A declared length or count never makes the
 * unpacker allocate more than the input can hold: over an array it is checked against the bytes
 * that remain before anything is allocated; over a stream the buffer only grows as data arrives.
 *
 * <p>Not thread-safe. Closing it closes the stream, if any.
 */
public final class MessageUnpacker implements Closeable {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;
    private static final int STREAM_BUFFER = 8192;
    /**
     * How deep arrays and maps used as map keys may nest inside one another. A map hashes each key
     * in full, so a key inside a key is hashed once per enclosing key: the bound keeps unpacking
     * linear (a chain of maps keyed by maps would cost depth x size).
     */
    static final int MAX_KEY_NESTING = 2;
    /** Elements a container read from a stream is first sized for; it grows as elements arrive. */
    private static final int STREAM_PRESIZE = 16;

    /** The header of an extension value: its type code and payload length in bytes. */
    public record ExtensionHeader(byte type, int length) {
    }

    private final MessagePackFactory f;
    private byte[] buf;
    private int pos;
    private int limit;
    private InputStream in;
    /** Offset of {@code buf[0]} from the start of the input (negative for a slice that starts later). */
    private long origin;
    /** Nesting already open around this unpacker (extension payloads inherit their parent's). */
    private int baseDepth;
    /**
     * Values that the containers enclosing the one being read still declare (over an array): each
     * takes at least a byte, so a container may declare no more elements than the bytes left after
     * them. Nested headers that each claim the whole rest of the input are refused at once instead
     * of pre-sizing one list per level to the whole input.
     */
    private long owed;
    /** Map keys that are arrays or maps enclosing the value being read (see {@link #MAX_KEY_NESTING}). */
    private int keyNesting;
    /** Extensions unpacked as {@link ExtensionValue} (and timestamps as {@code Instant}) whatever the registry says. */
    boolean rawExtensions;
    /** Taken from the factory's per-thread pool. */
    boolean inUse;

    MessageUnpacker(MessagePackFactory f) {
        this.f = f;
        this.buf = new byte[0];
    }

    /** Points this unpacker at {@code b[off, off + len)}. */
    MessageUnpacker reset(byte[] b, int off, int len, long originOfB, int depth) {
        this.buf = b;
        this.pos = off;
        this.limit = off + len;
        this.in = null;
        this.origin = originOfB;
        this.baseDepth = depth;
        this.rawExtensions = false;
        return this;
    }

    /** Points this unpacker at a stream, with a buffer of its own. */
    MessageUnpacker reset(InputStream stream) {
        this.buf = new byte[STREAM_BUFFER];
        this.pos = 0;
        this.limit = 0;
        this.in = stream;
        this.origin = 0;
        this.baseDepth = 0;
        this.rawExtensions = false;
        return this;
    }

    /** Drops the references to the input (for pooling). */
    void clear() {
        buf = new byte[0];
        pos = 0;
        limit = 0;
        in = null;
    }

    MessagePackFactory factory() {
        return f;
    }

    /** Decodes the whole {@code len}-byte input as a str (for string-form extensions). */
    String readStrForExtension(int len) {
        require(len);
        return readStr(len);
    }

    // ---------------------------------------------------------------------------------------------
    // buffer

    /** @return the offset of the next byte from the start of the input */
    public long offset() {
        return origin + pos;
    }

    /**
     * @return the bytes left: over an array or an extension payload, all that remain; over a stream,
     *     those already buffered
     */
    public int remaining() {
        return limit - pos;
    }

    /**
     * @return true when another value follows; false at the end of the input
     * @throws UncheckedIOException when the stream fails
     */
    public boolean hasNext() {
        return pos < limit || fillSome();
    }

    private boolean fillSome() {
        if (in == null) {
            return false;
        }
        compact();
        readMore();
        return pos < limit;
    }

    private void compact() {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            origin += pos;
            limit -= pos;
            pos = 0;
        }
    }

    /** Reads once into the buffer's free space; false at the end of the stream. */
    private boolean readMore() {
        int r;
        try {
            r = in.read(buf, limit, buf.length - limit);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (r <= 0) {
            return false;
        }
        limit += r;
        if (origin + limit > f.maxDocumentLength) {
            throw limit("document longer than maxDocumentLength (" + f.maxDocumentLength + " bytes)",
                    f.maxDocumentLength);
        }
        return true;
    }

    /** Makes {@code n} bytes available from {@code pos}, or fails with TRUNCATED. */
    private void require(int n) {
        if (limit - pos < n) {
            fill(n);
        }
    }

    private void fill(int n) {
        if (in == null) {
            throw truncated(n);
        }
        compact();
        while (limit < n) {
            if (limit == buf.length) {
                // grows only as data arrives, so a lying length costs at most twice what was sent
                int want = (int) Math.min(MAX_ARRAY, Math.max(n <= buf.length * 2L ? n : buf.length * 2L, 16));
                byte[] nb = new byte[Math.max(want, buf.length)];
                System.arraycopy(buf, 0, nb, 0, limit);
                buf = nb;
            }
            if (!readMore()) {
                throw truncated(n);
            }
        }
    }

    private MessagePackException truncated(long n) {
        return new MessagePackException(MessagePackException.Kind.TRUNCATED,
                "unexpected end of input: " + n + (n == 1 ? " byte" : " bytes") + " needed, " + (limit - pos) + " remain",
                origin + limit);
    }

    /** @return "1 byte is" or "N bytes is", for limit messages */
    private static String bytesIs(long n) {
        return n + (n == 1 ? " byte is" : " bytes is");
    }

    private MessagePackException limit(String what, long at) {
        return new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED, what, at);
    }

    private MessagePackException mismatch(String expected, int b, long at) {
        MessageFormat fmt = MessageFormat.of(b);
        return new MessagePackException(MessagePackException.Kind.TYPE_MISMATCH,
                "expected " + expected + " but found " + fmt + " (0x" + Integer.toHexString(b & 0xFF) + ")", at);
    }

    private int u8() {
        return buf[pos++] & 0xFF;
    }

    private int u16() {
        int v = (short) SHORT_BE.get(buf, pos) & 0xFFFF;
        pos += 2;
        return v;
    }

    private int i32() {
        int v = (int) INT_BE.get(buf, pos);
        pos += 4;
        return v;
    }

    private long i64() {
        long v = (long) LONG_BE.get(buf, pos);
        pos += 8;
        return v;
    }

    // ---------------------------------------------------------------------------------------------
    // pull API

    /**
     * Peeks at the next value's format without consuming it.
     *
     * @throws MessagePackException TRUNCATED at the end of the input
     */
    public MessageFormat nextFormat() {
        require(1);
        return MessageFormat.of(buf[pos]);
    }

    /** @return the type of the next value, without consuming it */
    public ValueType nextValueType() {
        MessageFormat fmt = nextFormat();
        if (fmt == MessageFormat.NEVER_USED) {
            throw neverUsed();
        }
        return fmt.valueType();
    }

    private MessagePackException neverUsed() {
        return new MessagePackException(MessagePackException.Kind.INVALID_FORMAT,
                "byte 0xc1 is never used in MessagePack", offset());
    }

    /** Reads a nil. */
    public void unpackNil() {
        require(1);
        if (buf[pos] != (byte) 0xc0) {
            throw mismatch("nil", buf[pos], offset());
        }
        pos++;
    }

    /** @return true, and consumes it, when the next value is nil */
    public boolean tryUnpackNil() {
        require(1);
        if (buf[pos] == (byte) 0xc0) {
            pos++;
            return true;
        }
        return false;
    }

    /** Reads true or false. */
    public boolean unpackBoolean() {
        require(1);
        byte b = buf[pos];
        if (b == (byte) 0xc2 || b == (byte) 0xc3) {
            pos++;
            return b == (byte) 0xc3;
        }
        throw mismatch("a boolean", b, offset());
    }

    /**
     * Reads an integer of any int or uint format that fits a {@code long}. On failure nothing is
     * consumed (a uint64 that does not fit can then be read with {@link #unpackBigInteger()}).
     *
     * @throws MessagePackException TYPE_MISMATCH for other formats, INTEGER_OVERFLOW for a uint64
     *     above {@code Long.MAX_VALUE}
     */
    public long unpackLong() {
        long at = offset();
        require(1);
        int b = buf[pos];
        if (b >= -32) {
            pos++;
            return b;
        }
        int u = b & 0xFF;
        if (u < 0xcc || u > 0xd3) {
            throw mismatch("an integer", b, at);
        }
        // uint8/16/32/64 then int8/16/32/64: 1, 2, 4, 8 bytes after the type byte, all made available
        // before the type byte is consumed, so a failure can leave the value unread
        require(1 + (1 << (u - 0xcc & 3)));
        pos++;
        switch (u) {
            case 0xcc: return u8();
            case 0xcd: return u16();
            case 0xce: return i32() & 0xFFFFFFFFL;
            case 0xcf: {
                long v = i64();
                if (v < 0) {
                    pos -= 9;
                    throw new MessagePackException(MessagePackException.Kind.INTEGER_OVERFLOW,
                            "uint64 " + Long.toUnsignedString(v) + " does not fit a long", at);
                }
                return v;
            }
            case 0xd0: return buf[pos++];
            case 0xd1: return (short) u16();
            case 0xd2: return i32();
            default: return i64();
        }
    }

    /**
     * Reads an integer that fits an {@code int}. On failure nothing is consumed.
     *
     * @throws MessagePackException INTEGER_OVERFLOW when it does not fit, TYPE_MISMATCH for other formats
     */
    public int unpackInt() {
        long at = offset();
        long v = unpackLong();
        if ((int) v != v) {
            pos = (int) (at - origin); // the value's bytes are still buffered: nothing was compacted since
            throw new MessagePackException(MessagePackException.Kind.INTEGER_OVERFLOW, v + " does not fit an int", at);
        }
        return (int) v;
    }

    /** Reads an integer of any format, uint64 included. */
    public BigInteger unpackBigInteger() {
        require(1);
        if (buf[pos] == (byte) 0xcf) {
            require(9); // the whole value before the type byte is consumed
            pos++;
            long v = i64();
            return v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v).add(TWO_64);
        }
        return BigInteger.valueOf(unpackLong());
    }

    /** Reads a float32 or float64 (narrowed to float). */
    public float unpackFloat() {
        return (float) unpackDouble();
    }

    /** Reads a float32 (widened exactly) or a float64. */
    public double unpackDouble() {
        require(1);
        byte b = buf[pos];
        if (b == (byte) 0xca) {
            require(5); // the whole value before the type byte is consumed
            pos++;
            return Float.intBitsToFloat(i32());
        }
        if (b == (byte) 0xcb) {
            require(9);
            pos++;
            return Double.longBitsToDouble(i64());
        }
        throw mismatch("a float", b, offset());
    }

    /**
     * Reads a str header (fixstr, str8, str16, str32).
     *
     * @return the length in bytes of the UTF-8 that follows; read it with {@link #readPayload(int)}
     */
    public int unpackStringHeader() {
        long at = offset();
        require(1);
        int u = buf[pos] & 0xFF;
        long len;
        if ((u & 0xE0) == 0xA0) {
            pos++;
            len = u & 0x1F;
        } else if (u == 0xd9) {
            pos++;
            require(1);
            len = u8();
        } else if (u == 0xda) {
            pos++;
            require(2);
            len = u16();
        } else if (u == 0xdb) {
            pos++;
            require(4);
            len = i32() & 0xFFFFFFFFL;
        } else {
            throw mismatch("a str", u, at);
        }
        return checkLength(len, f.maxStringLength, "maxStringLength", at);
    }

    /**
     * Reads a bin header (bin8, bin16, bin32).
     *
     * @return the length in bytes of the payload that follows
     */
    public int unpackBinaryHeader() {
        long at = offset();
        require(1);
        int u = buf[pos] & 0xFF;
        long len;
        if (u == 0xc4) {
            pos++;
            require(1);
            len = u8();
        } else if (u == 0xc5) {
            pos++;
            require(2);
            len = u16();
        } else if (u == 0xc6) {
            pos++;
            require(4);
            len = i32() & 0xFFFFFFFFL;
        } else {
            throw mismatch("a bin", u, at);
        }
        return checkLength(len, f.maxBinaryLength, "maxBinaryLength", at);
    }

    /** Checks a declared byte length against the limit and, over an array, against the input left. */
    private int checkLength(long len, long max, String setting, long at) {
        if (in == null && len > limit - pos) {
            throw new MessagePackException(MessagePackException.Kind.TRUNCATED,
                    len + " bytes declared, " + (limit - pos) + " remain", at);
        }
        if (len > max) {
            throw limit(bytesIs(len) + " longer than " + setting + " (" + max + ")", at);
        }
        if (len > MAX_ARRAY) {
            throw limit(len + " bytes is longer than the largest Java array", at);
        }
        return (int) len;
    }

    /** Checks a declared element count against the limit and, over an array, against the input left. */
    private int checkCount(long count, int minBytesEach, long at) {
        if (in == null && count * minBytesEach > limit - pos) {
            throw new MessagePackException(MessagePackException.Kind.TRUNCATED,
                    count + " elements declared, only " + (limit - pos) + " bytes remain", at);
        }
        if (count > f.maxContainerSize) {
            throw limit(count + " elements is more than maxContainerSize (" + f.maxContainerSize + ")", at);
        }
        if (count > MAX_ARRAY) {
            throw limit(count + " elements is more than the largest Java collection", at);
        }
        return (int) count;
    }

    /**
     * Reads an array header (fixarray, array16, array32).
     *
     * @return the number of elements that follow
     */
    public int unpackArrayHeader() {
        long at = offset();
        require(1);
        int u = buf[pos] & 0xFF;
        long n;
        if ((u & 0xF0) == 0x90) {
            pos++;
            n = u & 0x0F;
        } else if (u == 0xdc) {
            pos++;
            require(2);
            n = u16();
        } else if (u == 0xdd) {
            pos++;
            require(4);
            n = i32() & 0xFFFFFFFFL;
        } else {
            throw mismatch("an array", u, at);
        }
        return checkCount(n, 1, at);
    }

    /**
     * Reads a map header (fixmap, map16, map32).
     *
     * @return the number of entries (key-value pairs) that follow
     */
    public int unpackMapHeader() {
        long at = offset();
        require(1);
        int u = buf[pos] & 0xFF;
        long n;
        if ((u & 0xF0) == 0x80) {
            pos++;
            n = u & 0x0F;
        } else if (u == 0xde) {
            pos++;
            require(2);
            n = u16();
        } else if (u == 0xdf) {
            pos++;
            require(4);
            n = i32() & 0xFFFFFFFFL;
        } else {
            throw mismatch("a map", u, at);
        }
        return checkCount(n, 2, at);
    }

    /**
     * Reads an extension header (fixext1..16, ext8, ext16, ext32); the payload follows.
     */
    public ExtensionHeader unpackExtensionHeader() {
        long at = offset();
        require(1);
        int u = buf[pos] & 0xFF;
        long len;
        switch (u) {
            case 0xd4: len = 1; pos++; break;
            case 0xd5: len = 2; pos++; break;
            case 0xd6: len = 4; pos++; break;
            case 0xd7: len = 8; pos++; break;
            case 0xd8: len = 16; pos++; break;
            case 0xc7: pos++; require(1); len = u8(); break;
            case 0xc8: pos++; require(2); len = u16(); break;
            case 0xc9: pos++; require(4); len = i32() & 0xFFFFFFFFL; break;
            default: throw mismatch("an ext", u, at);
        }
        require(1);
        byte type = buf[pos++];
        return new ExtensionHeader(type, checkLength(len, f.maxBinaryLength, "maxBinaryLength", at));
    }

    /**
     * Reads {@code n} payload bytes (after a str, bin or ext header) into a new array.
     *
     * @throws MessagePackException TRUNCATED when fewer remain
     */
    public byte[] readPayload(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative length " + n);
        }
        require(n);
        byte[] out = new byte[n];
        System.arraycopy(buf, pos, out, 0, n);
        pos += n;
        return out;
    }

    /** Reads {@code len} payload bytes into {@code dst[off, off + len)}. */
    public void readPayload(byte[] dst, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, dst.length);
        require(len);
        System.arraycopy(buf, pos, dst, off, len);
        pos += len;
    }

    /** Reads a str value as a {@code String} (UTF-8, checked as the factory's policy says). */
    public String unpackString() {
        int n = unpackStringHeader();
        require(n);
        return readStr(n);
    }

    /** Reads a bin value. */
    public byte[] unpackBinary() {
        return readPayload(unpackBinaryHeader());
    }

    /**
     * Reads a timestamp extension (type -1, specification "Timestamp extension type") in its 32-,
     * 64- or 96-bit form.
     *
     * @throws MessagePackException TYPE_MISMATCH for another value, INVALID_TIMESTAMP for a bad payload
     */
    public Instant unpackTimestamp() {
        long at = offset();
        ExtensionHeader h = unpackExtensionHeader();
        if (h.type() != -1) {
            throw new MessagePackException(MessagePackException.Kind.TYPE_MISMATCH,
                    "expected a timestamp (ext type -1) but found ext type " + h.type(), at);
        }
        require(h.length());
        return readTimestamp(h.length(), at);
    }

    /**
     * Reads one whole value as Java objects (see {@link MessagePack} for the mapping).
     *
     * @throws MessagePackException for invalid input or a limit
     */
    public Object unpackValue() {
        long outer = owed;
        int outerKeys = keyNesting;
        owed = 0;
        keyNesting = 0;
        try {
            return readValue(baseDepth);
        } catch (StackOverflowError e) {
            throw limit("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)", offset());
        } finally {
            owed = outer;
            keyNesting = outerKeys;
        }
    }

    /** Skips one whole value, containers and extension payloads included, without recursion. */
    public void skipValue() {
        long values = 1;
        while (values > 0) {
            values--;
            long at = offset();
            require(1);
            int u = u8();
            if (u <= 0x7f || u >= 0xe0) {
                continue;
            }
            if (u <= 0x8f) {
                values += 2L * (u & 0x0F);
                continue;
            }
            if (u <= 0x9f) {
                values += u & 0x0F;
                continue;
            }
            if (u <= 0xbf) {
                skip(u & 0x1F);
                continue;
            }
            switch (u) {
                case 0xc0: case 0xc2: case 0xc3: break;
                case 0xc1: pos--; throw neverUsed();
                case 0xc4: case 0xd9: require(1); skip(u8()); break;
                case 0xc5: case 0xda: require(2); skip(u16()); break;
                case 0xc6: case 0xdb: require(4); skip(i32() & 0xFFFFFFFFL); break;
                case 0xc7: require(1); skip(u8() + 1L); break;
                case 0xc8: require(2); skip(u16() + 1L); break;
                case 0xc9: require(4); skip((i32() & 0xFFFFFFFFL) + 1); break;
                case 0xca: skip(4); break;
                case 0xcb: skip(8); break;
                case 0xcc: case 0xd0: skip(1); break;
                case 0xcd: case 0xd1: skip(2); break;
                case 0xce: case 0xd2: skip(4); break;
                case 0xcf: case 0xd3: skip(8); break;
                case 0xd4: skip(2); break;
                case 0xd5: skip(3); break;
                case 0xd6: skip(5); break;
                case 0xd7: skip(9); break;
                case 0xd8: skip(17); break;
                case 0xdc: require(2); values += u16(); break;
                case 0xdd: require(4); values += i32() & 0xFFFFFFFFL; break;
                case 0xde: require(2); values += 2L * u16(); break;
                default: require(4); values += 2L * (i32() & 0xFFFFFFFFL); break;
            }
            if (in == null && values > limit - pos) {
                throw new MessagePackException(MessagePackException.Kind.TRUNCATED,
                        values + " values declared, only " + (limit - pos) + " bytes remain", at);
            }
        }
    }

    private void skip(long n) {
        if (limit - pos >= n) {
            pos += (int) n;
            return;
        }
        if (in == null) {
            throw truncated(n);
        }
        n -= limit - pos;
        origin += limit;
        pos = 0;
        limit = 0;
        while (n > 0) {
            if (!readMore()) {
                throw truncated(n);
            }
            int take = (int) Math.min(n, limit);
            n -= take;
            pos = take;
            if (pos == limit) {
                origin += limit;
                pos = 0;
                limit = 0;
            }
        }
    }

    /** Closes the stream, if any. */
    @Override
    public void close() {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Fails unless the input is exhausted. */
    void requireEnd() {
        if (hasNext()) {
            throw new MessagePackException(MessagePackException.Kind.TRAILING_DATA,
                    "bytes after the value; unpack a sequence with MessagePackFactory.newUnpacker", offset());
        }
    }

    // ---------------------------------------------------------------------------------------------
    // tree

    Object readValue(int depth) {
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
        if (u <= 0x8f) {
            return readMap(u & 0x0F, depth);
        }
        if (u <= 0x9f) {
            return readArray(u & 0x0F, depth);
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
                ExtensionHeader h = unpackExtensionHeader();
                require(h.length());
                return readExtension(h.type(), h.length(), depth, at);
            }
        }
    }

    private MessagePackException tooDeep(long at) {
        return limit("nesting deeper than maxDepth (" + f.maxDepth + "): raise it with MessagePackFactory.Builder.maxDepth", at);
    }

    private Object readArray(int n, int depth) {
        if (depth >= f.maxDepth) {
            throw tooDeep(offset() - 1);
        }
        if (n > f.maxContainerSize) {
            throw limit(n + " elements is more than maxContainerSize (" + f.maxContainerSize + ")", offset() - 1);
        }
        return readArrayBody(n, depth, offset() - 1);
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

    private Object readMap(int n, int depth) {
        if (depth >= f.maxDepth) {
            throw tooDeep(offset() - 1);
        }
        if (n > f.maxContainerSize) {
            throw limit(n + " elements is more than maxContainerSize (" + f.maxContainerSize + ")", offset() - 1);
        }
        return readMapBody(n, depth, offset() - 1);
    }

    private Object readMapBody(int n, int depth, long at) {
        long outer = owed;
        checkOwed(2L * n, outer, at);
        int cap = in == null ? n : Math.min(n, STREAM_PRESIZE);
        LinkedHashMap<Object, Object> map = new LinkedHashMap<>(cap < 3 ? cap + 1 : (int) (cap / 0.75f + 1.0f));
        KeyHashGuard guard = null;
        Class<?> keyClass = String.class; // while every key is of this one class (see KeyHashGuard.exempt), none is counted
        for (int i = 0; i < n; i++) {
            long keyAt = origin + pos;
            owed = outer + 2L * (n - i) - 1;
            Object key = readKey(depth);
            if (guard == null && (key == null || key.getClass() != keyClass)) {
                if (i == 0 && key != null && KeyHashGuard.exempt(key.getClass())) {
                    keyClass = key.getClass();
                } else {
                    guard = new KeyHashGuard(map.keySet());
                }
            }
            if (guard != null && !map.containsKey(key) && !guard.add(key)) {
                throw KeyHashGuard.flooded(keyAt);
            }
            owed = outer + 2L * (n - i - 1);
            map.put(key, readValue(depth + 1));
        }
        owed = outer;
        return map;
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
        boolean ascii = isAscii(buf, p, n);
        if (!ascii && !validUtf8(p, n)) {
            return readStrValue(n);
        }
        pos = p + n;
        return KeyCache.SHARED.lookup(buf, p, n, ascii);
    }

    private boolean validUtf8(int p, int n) {
        return firstInvalidUtf8(p, n) < 0;
    }

    /** @return the index in {@code buf} of the first ill-formed UTF-8 sequence of {@code buf[p, p + n)}, or -1 */
    private int firstInvalidUtf8(int p, int n) {
        int end = p + n;
        int i = p;
        while (i < end) {
            if (buf[i] >= 0) {
                i++;
            } else {
                int next = Utf8.validate(buf, i, end);
                if (next < 0) {
                    return i;
                }
                i = next;
            }
        }
        return -1;
    }

    /**
     * A str value: a {@code String}, or in compatibility mode a {@code byte[]} when the bytes are not
     * UTF-8 (the pre-2013 raw type held any bytes, and such a packer writes {@code byte[]} as raw).
     */
    private Object readStrValue(int n) {
        if (f.compatibility && !f.replaceInvalidUtf8 && !isAscii(buf, pos, n) && !validUtf8(pos, n)) {
            return readPayload(n);
        }
        return readStr(n);
    }

    /** Decodes {@code n} available bytes at {@code pos} as a str value. */
    private String readStr(int n) {
        int p = pos;
        byte[] b = buf;
        pos = p + n;
        if (isAscii(b, p, n)) {
            return new String(b, p, n, StandardCharsets.ISO_8859_1);
        }
        // the JDK's decoder replaces every ill-formed sequence with U+FFFD: without one in the
        // result the bytes were well-formed, and only a result holding U+FFFD (rare) is validated
        String s = new String(b, p, n, StandardCharsets.UTF_8);
        if (f.replaceInvalidUtf8 || s.indexOf('\uFFFD') < 0 || validUtf8(p, n)) {
            return s;
        }
        pos = firstInvalidUtf8(p, n);
        long at = offset();
        pos = p + n;
        throw new MessagePackException(MessagePackException.Kind.INVALID_UTF8,
                "str is not well-formed UTF-8 (use invalidUtf8(REPLACE) to read it with U+FFFD)", at);
    }

    static boolean isAscii(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        long acc = 0;
        for (; i + 8 <= end; i += 8) {
            acc |= (long) LONG_BE.get(b, i);
        }
        for (; i < end; i++) {
            acc |= b[i];
        }
        return (acc & Swar.HIGHS) == 0;
    }

    private Object readExtension(byte type, int len, int depth, long at) {
        if (type == -1) {
            return readTimestamp(len, at);
        }
        MessagePackFactory.Registration r = rawExtensions ? null : f.registrationFor(type);
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
        return r.unpack(this, buf, p, len, origin, depth + 1, at);
    }

    /**
     * @return why {@code payload} is not a timestamp extension this library reads (32-, 64- or
     *     96-bit form, nanoseconds below 10^9, seconds within {@code Instant}'s range), or null
     */
    static String timestampProblem(byte[] payload) {
        MessageUnpacker u = new MessageUnpacker(MessagePackFactory.defaults()).reset(payload, 0, payload.length, 0, 0);
        try {
            u.readTimestamp(payload.length, 0);
            return null;
        } catch (MessagePackException e) {
            return e.detail();
        }
    }

    private Instant readTimestamp(int len, long at) {
        long seconds;
        long nanos;
        if (len == 4) {
            seconds = i32() & 0xFFFFFFFFL;
            nanos = 0;
        } else if (len == 8) {
            long data = i64();
            nanos = data >>> 34;
            seconds = data & 0x3FFFFFFFFL;
        } else if (len == 12) {
            nanos = i32() & 0xFFFFFFFFL;
            seconds = i64();
        } else {
            pos += len;
            throw new MessagePackException(MessagePackException.Kind.INVALID_TIMESTAMP,
                    "timestamp payload of " + len + " bytes (expected 4, 8 or 12)", at);
        }
        if (nanos >= 1_000_000_000L) {
            throw new MessagePackException(MessagePackException.Kind.INVALID_TIMESTAMP,
                    "timestamp nanoseconds " + nanos + " is not below 10^9", at);
        }
        try {
            return Instant.ofEpochSecond(seconds, nanos);
        } catch (DateTimeException e) {
            throw new MessagePackException(MessagePackException.Kind.INVALID_TIMESTAMP,
                    "timestamp seconds " + seconds + " is outside java.time.Instant's range", at);
        }
    }
}
