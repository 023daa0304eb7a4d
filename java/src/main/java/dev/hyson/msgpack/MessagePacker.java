package dev.hyson.msgpack;

import dev.hyson.internal.names.NameCache;
import dev.hyson.internal.write.WriteFailure;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.RandomAccess;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Writes MessagePack into a growable buffer, drained into an {@link OutputStream} when it fills (or
 * kept, for {@link #toByteArray()}). Get one from {@link MessagePackFactory#newPacker()}; it uses
 * that factory's options and extension registry.
 *
 * <p>Streaming style, as in msgpack-java: {@link #packNil()}, {@link #packBoolean},
 * {@link #packLong} (always the smallest int/uint format), {@link #packDouble}, {@link #packString},
 * headers ({@link #packArrayHeader}, {@link #packMapHeader}, {@link #packBinaryHeader},
 * {@link #packRawStringHeader}, {@link #packExtensionHeader}) followed by their elements or
 * {@link #writePayload}; {@link #packValue(Object)} writes a whole Java value (see
 * {@link MessagePack} for the mapping).
 *
 * <p>The caller keeps headers and what follows them consistent; the packer does not count. Not
 * thread-safe. Closing flushes and closes the stream, if any.
 */
public final class MessagePacker implements Flushable, Closeable {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;
    /** Room reserved for an extension header whose payload length is not known yet (ext32). */
    private static final int EXT_RESERVE = 6;

    private final MessagePackFactory f;
    private final boolean compat;
    private final NameCache names;
    /** Registered extension types come before the fast paths (a registered String or Map is an extension). */
    private final boolean registered;
    private byte[] buf;
    private int pos;
    private OutputStream out;
    private long flushed;
    /** Open extensions whose header is written after their payload: no draining meanwhile. */
    private int pinned;
    /** Nesting at which a value packed from inside an extension packer starts. */
    private int valueDepth;
    /** Taken from the factory's per-thread pool. */
    boolean inUse;

    MessagePacker(MessagePackFactory f, int initialCapacity) {
        this.f = f;
        this.compat = f.compatibility;
        this.names = f.names;
        this.registered = f.hasRegistrations();
        this.buf = new byte[initialCapacity];
    }

    /** Sets the stream (or none) and empties the buffer. */
    MessagePacker reset(OutputStream stream) {
        this.out = stream;
        this.pos = 0;
        this.flushed = 0;
        this.pinned = 0;
        this.valueDepth = 0;
        return this;
    }

    /** Drops what a pooled packer should not keep: the stream and an oversized buffer. */
    void release(int keepCapacity) {
        out = null;
        pos = 0;
        if (buf.length > keepCapacity) {
            buf = new byte[keepCapacity];
        }
    }

    /** @return the bytes written so far, drained or not */
    public long size() {
        return flushed + pos;
    }

    /**
     * @return a copy of what is buffered: everything packed so far when there is no stream
     */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    /**
     * Empties the buffer (bytes not yet flushed are dropped).
     *
     * @throws IllegalStateException when called by an extension packer, which must not drop what
     *     was packed before its payload
     */
    public void clear() {
        if (pinned > 0) {
            throw new IllegalStateException("clear() called while an extension payload is being packed");
        }
        pos = 0;
    }

    /**
     * Writes what is buffered to the stream and flushes it; without a stream, does nothing.
     *
     * @throws UncheckedIOException when the stream fails
     */
    @Override
    public void flush() {
        if (out == null) {
            return;
        }
        drain();
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Flushes, then closes the stream, if any. */
    @Override
    public void close() {
        flush();
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void drain() {
        if (pos > 0 && pinned == 0) {
            try {
                out.write(buf, 0, pos);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            flushed += pos;
            pos = 0;
        }
    }

    private void ensure(int n) {
        if (buf.length - pos < n) {
            grow(n);
        }
    }

    private void grow(int n) {
        if (out != null && pinned == 0) {
            drain();
            if (buf.length - pos >= n) {
                return;
            }
        }
        long want = Math.max(Math.max((long) buf.length * 2, (long) pos + n), 64);
        if (want > MAX_ARRAY) {
            if ((long) pos + n > MAX_ARRAY) {
                throw new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED,
                        "output exceeds the largest Java array (2 GiB); pack to a stream instead", -1);
            }
            want = MAX_ARRAY;
        }
        buf = Arrays.copyOf(buf, (int) want);
    }

    private void put1(int b) {
        buf[pos++] = (byte) b;
    }

    private void put2(int v) {
        SHORT_BE.set(buf, pos, (short) v);
        pos += 2;
    }

    private void put4(int v) {
        INT_BE.set(buf, pos, v);
        pos += 4;
    }

    private void put8(long v) {
        LONG_BE.set(buf, pos, v);
        pos += 8;
    }

    // ---------------------------------------------------------------------------------------------
    // scalars

    /** Writes nil (0xc0). */
    public MessagePacker packNil() {
        ensure(1);
        put1(0xc0);
        return this;
    }

    /** Writes true (0xc3) or false (0xc2). */
    public MessagePacker packBoolean(boolean v) {
        ensure(1);
        put1(v ? 0xc3 : 0xc2);
        return this;
    }

    /** Writes an integer in the smallest format: fixint, then uint8..64 for positive, int8..64 for negative values. */
    public MessagePacker packInt(int v) {
        return packLong(v);
    }

    /** Writes an integer in the smallest format (specification, "int format family"). */
    public MessagePacker packLong(long v) {
        ensure(9);
        if (v >= -32) {
            if (v < 128) {
                put1((int) v);
            } else if (v < 256) {
                put1(0xcc);
                put1((int) v);
            } else if (v < 65536) {
                put1(0xcd);
                put2((int) v);
            } else if (v < 0x1_0000_0000L) {
                put1(0xce);
                put4((int) v);
            } else {
                put1(0xcf);
                put8(v);
            }
        } else if (v >= -128) {
            put1(0xd0);
            put1((int) v);
        } else if (v >= -32768) {
            put1(0xd1);
            put2((int) v);
        } else if (v >= Integer.MIN_VALUE) {
            put1(0xd2);
            put4((int) v);
        } else {
            put1(0xd3);
            put8(v);
        }
        return this;
    }

    /**
     * Writes an integer from -2^63 to 2^64-1 in the smallest format (uint64 above
     * {@code Long.MAX_VALUE}).
     *
     * @throws MessagePackException UNSUPPORTED_VALUE outside that range
     */
    public MessagePacker packBigInteger(BigInteger v) {
        if (v.bitLength() < 64) {
            return packLong(v.longValue());
        }
        if (v.signum() > 0 && v.compareTo(UINT64_MAX) <= 0) {
            ensure(9);
            put1(0xcf);
            put8(v.longValue());
            return this;
        }
        throw new MessagePackException(MessagePackException.Kind.UNSUPPORTED_VALUE,
                "integer " + v + " is outside the MessagePack range -2^63..2^64-1", -1);
    }

    /** Writes a float32 (0xca). */
    public MessagePacker packFloat(float v) {
        ensure(5);
        put1(0xca);
        put4(Float.floatToRawIntBits(v));
        return this;
    }

    /** Writes a float64 (0xcb). */
    public MessagePacker packDouble(double v) {
        ensure(9);
        put1(0xcb);
        put8(Double.doubleToRawLongBits(v));
        return this;
    }

    /** The size of a str header for {@code len} bytes: str8 is absent in compatibility mode. */
    private int strHeaderSize(int len) {
        if (len < 32) {
            return 1;
        }
        if (len < 256 && !compat) {
            return 2;
        }
        return len < 65536 ? 3 : 5;
    }

    private void putStrHeader(int at, int size, int len) {
        switch (size) {
            case 1:
                buf[at] = (byte) (0xa0 | len);
                break;
            case 2:
                buf[at] = (byte) 0xd9;
                buf[at + 1] = (byte) len;
                break;
            case 3:
                buf[at] = (byte) 0xda;
                SHORT_BE.set(buf, at + 1, (short) len);
                break;
            default:
                buf[at] = (byte) 0xdb;
                INT_BE.set(buf, at + 1, len);
                break;
        }
    }

    /**
     * Writes a str: its UTF-8 bytes after the smallest fixstr/str8/str16/str32 header (no str8 in
     * compatibility mode). A lone surrogate is written as {@code ?}, as {@code String.getBytes}
     * does.
     */
    public MessagePacker packString(String s) {
        // the JDK's encoder (a vectorized check and copy for Latin-1 strings) beats any per-char
        // loop, its array included (measured: MsgPackBench pack, twitter +27%)
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        packRawStringHeader(b.length);
        return writePayload(b);
    }

    /**
     * Encodes {@code s} as UTF-8 at {@code p}, where there is room for 3 bytes per char: the payload
     * of a string-form extension (a symbol's name), written in place with no intermediate array. A
     * lone surrogate is written as {@code ?}, as {@code String.getBytes} does.
     */
    private int writeUtf8(String s, int p) {
        byte[] b = buf;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    b[p++] = (byte) (0xF0 | (cp >> 18));
                    b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    b[p++] = '?';
                }
            } else {
                b[p++] = (byte) (0xE0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p;
    }

    /** Writes a str header for {@code len} bytes of UTF-8 that the caller writes next with {@link #writePayload}. */
    public MessagePacker packRawStringHeader(int len) {
        checkLength(len);
        int size = strHeaderSize(len);
        ensure(size);
        putStrHeader(pos, size, len);
        pos += size;
        return this;
    }

    /**
     * Writes a bin header (bin8/16/32) for {@code len} bytes that follow; in compatibility mode a
     * raw (str) header, as the pre-2013 specification had no bin.
     */
    public MessagePacker packBinaryHeader(int len) {
        checkLength(len);
        if (compat) {
            return packRawStringHeader(len);
        }
        ensure(5);
        if (len < 256) {
            put1(0xc4);
            put1(len);
        } else if (len < 65536) {
            put1(0xc5);
            put2(len);
        } else {
            put1(0xc6);
            put4(len);
        }
        return this;
    }

    private static void checkLength(int len) {
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
    }

    /** Writes an array header (fixarray/array16/array32) for {@code n} elements that follow. */
    public MessagePacker packArrayHeader(int n) {
        checkLength(n);
        ensure(5);
        if (n < 16) {
            put1(0x90 | n);
        } else if (n < 65536) {
            put1(0xdc);
            put2(n);
        } else {
            put1(0xdd);
            put4(n);
        }
        return this;
    }

    /** Writes a map header (fixmap/map16/map32) for {@code n} key-value pairs that follow. */
    public MessagePacker packMapHeader(int n) {
        checkLength(n);
        ensure(5);
        if (n < 16) {
            put1(0x80 | n);
        } else if (n < 65536) {
            put1(0xde);
            put2(n);
        } else {
            put1(0xdf);
            put4(n);
        }
        return this;
    }

    /**
     * Writes an extension header (fixext1/2/4/8/16 when the length is one of those, else
     * ext8/16/32) for a payload of {@code len} bytes that follows.
     */
    public MessagePacker packExtensionHeader(byte type, int len) {
        checkLength(len);
        ensure(6);
        putExtHeader(pos, extHeaderSize(len), type, len);
        pos += extHeaderSize(len);
        return this;
    }

    private static int extHeaderSize(int len) {
        switch (len) {
            case 1: case 2: case 4: case 8: case 16:
                return 2;
            default:
                return len < 256 ? 3 : len < 65536 ? 4 : 6;
        }
    }

    private void putExtHeader(int at, int size, byte type, int len) {
        byte[] b = buf;
        if (size == 2) {
            int code;
            switch (len) {
                case 1: code = 0xd4; break;
                case 2: code = 0xd5; break;
                case 4: code = 0xd6; break;
                case 8: code = 0xd7; break;
                default: code = 0xd8; break;
            }
            b[at] = (byte) code;
            b[at + 1] = type;
        } else if (size == 3) {
            b[at] = (byte) 0xc7;
            b[at + 1] = (byte) len;
            b[at + 2] = type;
        } else if (size == 4) {
            b[at] = (byte) 0xc8;
            SHORT_BE.set(b, at + 1, (short) len);
            b[at + 3] = type;
        } else {
            b[at] = (byte) 0xc9;
            INT_BE.set(b, at + 1, len);
            b[at + 5] = type;
        }
    }

    /** Writes payload bytes after a str, bin or ext header. */
    public MessagePacker writePayload(byte[] b) {
        return writePayload(b, 0, b.length);
    }

    /** Writes {@code b[off, off + len)} as payload after a str, bin or ext header. */
    public MessagePacker writePayload(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (out != null && pinned == 0 && len > buf.length) {
            drain();
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            flushed += len;
            return this;
        }
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
        return this;
    }

    /**
     * Writes a timestamp extension (type -1) in the smallest of its forms: 32-bit (seconds
     * 0..2^32-1, no nanoseconds), 64-bit (seconds 0..2^34-1) or 96-bit (any {@code Instant}).
     */
    public MessagePacker packTimestamp(Instant t) {
        long sec = t.getEpochSecond();
        int nsec = t.getNano();
        ensure(15);
        if ((sec >>> 34) == 0) {
            long data64 = ((long) nsec << 34) | sec;
            if ((data64 & 0xFFFFFFFF00000000L) == 0) {
                put1(0xd6);
                put1(0xff);
                put4((int) data64);
            } else {
                put1(0xd7);
                put1(0xff);
                put8(data64);
            }
        } else {
            put1(0xc7);
            put1(12);
            put1(0xff);
            put4(nsec);
            put8(sec);
        }
        return this;
    }

    // ---------------------------------------------------------------------------------------------
    // values

    /**
     * Writes a whole Java value (see {@link MessagePack} for the types it knows).
     *
     * @throws MessagePackException UNSUPPORTED_VALUE for a type with no MessagePack form (the message
     *     names it and its path, such as {@code $.users[3]}), LIMIT_EXCEEDED for nesting beyond
     *     maxDepth or a cycle
     */
    public MessagePacker packValue(Object value) {
        try {
            writeValue(value, valueDepth);
        } catch (PathFailure e) {
            if (pinned > 0) {
                throw e; // packed from inside an extension packer: the outer value's path goes on
            }
            throw e.toException();
        } catch (StackOverflowError e) {
            throw new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED,
                    "nesting too deep for the thread's stack (lower maxDepth or raise -Xss)", -1);
        }
        return this;
    }

    /** A packing failure on its way out, collecting the path to the value. */
    private static final class PathFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final MessagePackException.Kind kind;
        final String problem;
        /** Path segments, innermost first. */
        final java.util.ArrayList<String> segments = new java.util.ArrayList<>();
        /** The container whose nesting passed maxDepth; compared with each container unwound. */
        Object tooDeep;
        /** Depths at which {@link #tooDeep} was found enclosing itself: the outermost, the next one in. */
        int cycleDepth = -1;
        int cycleNext = -1;

        PathFailure(MessagePackException.Kind kind, String problem, Throwable cause) {
            super(problem, cause, false, false);
            this.kind = kind;
            this.problem = problem;
        }

        PathFailure at(String segment) {
            segments.add(segment);
            return this;
        }

        /**
         * Adds {@code segment} on the way out of {@code container} at {@code depth}; when that is
         * the container found too deep, the failure is a cycle (the outermost occurrence is
         * unwound last).
         */
        PathFailure at(String segment, Object container, int depth) {
            if (tooDeep == container) {
                cycleNext = cycleDepth;
                cycleDepth = depth;
            }
            return at(segment);
        }

        MessagePackException toException() {
            java.util.List<String> rootFirst = new java.util.ArrayList<>(segments);
            java.util.Collections.reverse(rootFirst);
            if (cycleDepth < 0) {
                return new MessagePackException(kind, problem + " at " + WriteFailure.path(rootFirst, Integer.MAX_VALUE),
                        -1, getCause());
            }
            // the path down to where the cycle closes: the container's first occurrence inside itself
            String cycle = "cycle: this " + tooDeep.getClass().getName() + " contains itself (at depth " + cycleDepth + ")";
            int keep = cycleNext >= 0 ? cycleNext : rootFirst.size();
            return new MessagePackException(kind, cycle + " at " + WriteFailure.path(rootFirst, keep), -1, getCause());
        }
    }

    @SuppressWarnings("unchecked")
    private void writeValue(Object v, int depth) {
        if (v == null) {
            packNil();
            return;
        }
        Class<?> c = v.getClass();
        if (registered) {
            MessagePackFactory.Registration r = f.registrationFor(c);
            if (r != null) {
                writeExtension(r, v, depth);
                return;
            }
        }
        if (c == String.class) {
            packString((String) v);
        } else if (c == Long.class) {
            packLong((Long) v);
        } else if (c == LinkedHashMap.class) {
            writeMap((Map<Object, Object>) v, depth);
        } else if (c == ArrayList.class) {
            writeList((List<Object>) v, depth);
        } else if (c == Double.class) {
            packDouble((Double) v);
        } else if (c == Boolean.class) {
            packBoolean((Boolean) v);
        } else if (c == Integer.class) {
            packLong((Integer) v);
        } else if (c == HashMap.class || c == TreeMap.class) {
            writeMap((Map<Object, Object>) v, depth);
        } else if (c == Float.class) {
            if (f.floatAsFloat32) {
                packFloat((Float) v);
            } else {
                packDouble((Float) v);
            }
        } else if (c == byte[].class) {
            writeBytes((byte[]) v);
        } else {
            writeOther(v, c, depth);
        }
    }

    private void writeBytes(byte[] b) {
        if (f.binaryForByteArrays) {
            packBinaryHeader(b.length);
        } else {
            packRawStringHeader(b.length);
        }
        writePayload(b);
    }

    @SuppressWarnings("unchecked")
    private void writeOther(Object v, Class<?> c, int depth) {
        if (c == Instant.class) {
            packTimestamp((Instant) v);
        } else if (c == ExtensionValue.class) {
            ExtensionValue e = (ExtensionValue) v;
            if (e.type() == -1) {
                String problem = MessageUnpacker.timestampProblem(e.data());
                if (problem != null) {
                    throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE, "an extension of type -1 is a "
                            + "timestamp, and this payload is not one: " + problem + " (pack a java.time.Instant)", null);
                }
            }
            packExtensionHeader(e.type(), e.data().length);
            writePayload(e.data());
        } else if (v instanceof Map) {
            writeMap((Map<Object, Object>) v, depth);
        } else if (v instanceof List && v instanceof RandomAccess) {
            writeList((List<Object>) v, depth);
        } else if (v instanceof Iterable) {
            enter(v, depth);
            List<Object> copy = new ArrayList<>();
            for (Object o : (Iterable<Object>) v) {
                copy.add(o);
            }
            writeElements(copy, v, depth);
        } else if (c.isArray()) {
            writeArray(v, depth);
        } else if (v instanceof CharSequence) {
            packString(v.toString());
        } else if (v instanceof BigInteger) {
            try {
                packBigInteger((BigInteger) v);
            } catch (MessagePackException e) {
                throw new PathFailure(e.kind(), e.detail(), null);
            }
        } else if (v instanceof BigDecimal) {
            if (f.bigDecimalPolicy == MessagePackFactory.BigDecimalPolicy.STRING) {
                packString(((BigDecimal) v).toString());
            } else {
                throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE,
                        "cannot pack a BigDecimal (" + v + "): MessagePack has no decimal type; "
                                + "choose bigDecimals(BigDecimalPolicy.STRING) to write it as a str", null);
            }
        } else if (v instanceof Short || v instanceof Byte || v instanceof AtomicInteger || v instanceof AtomicLong
                || v instanceof LongAdder || v instanceof LongAccumulator) {
            packLong(((Number) v).longValue());
        } else if (v instanceof Double || v instanceof DoubleAdder || v instanceof DoubleAccumulator) {
            packDouble(((Number) v).doubleValue());
        } else if (v instanceof Float) {
            packFloat((Float) v);
        } else if (v instanceof Long || v instanceof Integer) {
            packLong(((Number) v).longValue());
        } else if (v instanceof Boolean) {
            packBoolean((Boolean) v);
        } else if (v instanceof Character) {
            packString(String.valueOf((char) (Character) v));
        } else if (v instanceof Enum) {
            packString(((Enum<?>) v).name());
        } else if (v instanceof Optional) {
            enter(v, depth);
            writeValue(((Optional<?>) v).orElse(null), depth + 1);
        } else if (v instanceof OptionalInt) {
            OptionalInt o = (OptionalInt) v;
            if (o.isPresent()) {
                packLong(o.getAsInt());
            } else {
                packNil();
            }
        } else if (v instanceof OptionalLong) {
            OptionalLong o = (OptionalLong) v;
            if (o.isPresent()) {
                packLong(o.getAsLong());
            } else {
                packNil();
            }
        } else if (v instanceof OptionalDouble) {
            OptionalDouble o = (OptionalDouble) v;
            if (o.isPresent()) {
                packDouble(o.getAsDouble());
            } else {
                packNil();
            }
        } else if (c.isRecord()) {
            writeRecord(v, c, depth);
        } else {
            throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE, "cannot pack a value of type "
                    + c.getName() + ": register an extension for it with MessagePackFactory.Builder.register", null);
        }
    }

    /** Frames a registered type's payload: reserve ext32 room, let it pack, then write the smallest header. */
    private void writeExtension(MessagePackFactory.Registration r, Object v, int depth) {
        enter(v, depth);
        if (r.bytes != null) {
            byte[] payload;
            try {
                payload = r.bytes(v); // null is refused there
            } catch (RuntimeException e) {
                throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE,
                        "the extension packer for " + r.javaType.getName() + " failed: " + e, e);
            }
            packExtensionHeader(r.type, payload.length);
            writePayload(payload);
            return;
        }
        pinned++;
        int outer = valueDepth;
        try {
            ensure(EXT_RESERVE);
            int start = pos;
            pos += EXT_RESERVE;
            if (r.string != null) {
                String s = r.string(v);
                ensure(s.length() * 3);
                pos = writeUtf8(s, pos);
            } else {
                valueDepth = depth + 1;
                r.pack(v, this);
            }
            int len = pos - start - EXT_RESERVE;
            int size = extHeaderSize(len);
            if (size != EXT_RESERVE) {
                System.arraycopy(buf, start + EXT_RESERVE, buf, start + size, len);
            }
            putExtHeader(start, size, r.type, len);
            pos = start + size + len;
        } catch (PathFailure fail) {
            throw fail.at("", v, depth);
        } catch (MessagePackException e) {
            throw new PathFailure(e.kind(), e.detail(), e.getCause());
        } catch (RuntimeException e) {
            throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE,
                    "the extension packer for " + r.javaType.getName() + " failed: " + e, e);
        } finally {
            valueDepth = outer;
            pinned--;
        }
    }

    /**
     * Fails past the depth limit. A cycle is told from deep nesting as the failure is unwound: the
     * container found too deep is compared with each enclosing one ({@link PathFailure#at(String,
     * Object, int)}), so the way down costs no bookkeeping.
     */
    private void enter(Object container, int depth) {
        if (depth >= f.maxDepth) {
            PathFailure fail = new PathFailure(MessagePackException.Kind.LIMIT_EXCEEDED,
                    "nesting deeper than maxDepth (" + f.maxDepth + "): raise it with MessagePackFactory.Builder.maxDepth", null);
            fail.tooDeep = container;
            throw fail;
        }
    }

    /** Packs a str map key, from the factory's {@link NameCache} when it was packed before. */
    private void packKey(String key) {
        byte[] encoded = names.get(key);
        if (encoded != null) {
            int n = encoded.length;
            ensure(n);
            System.arraycopy(encoded, 0, buf, pos, n);
            pos += n;
            return;
        }
        int n = key.length();
        if (n > NameCache.MAX_NAME_LENGTH) {
            packString(key);
            return;
        }
        ensure(n * 3 + 5); // packString then has room: no drain moves the key's bytes
        int start = pos;
        packString(key);
        names.put(key, Arrays.copyOfRange(buf, start, pos));
    }

    private void writeMap(Map<Object, Object> map, int depth) {
        enter(map, depth);
        int n = map.size();
        packMapHeader(n);
        Object key = null;
        int written = 0;
        try {
            for (Map.Entry<Object, Object> e : map.entrySet()) {
                key = e.getKey();
                if (written++ == n) {
                    throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE, "map changed size while being packed", null);
                }
                if (key != null && key.getClass() == String.class && !registered) {
                    packKey((String) key);
                } else {
                    writeValue(key, depth + 1);
                }
                writeValue(e.getValue(), depth + 1);
            }
        } catch (PathFailure fail) {
            throw fail.at(WriteFailure.memberSegment(key), map, depth);
        }
        if (written != n) {
            throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE, "map changed size while being packed", null);
        }
    }

    private void writeList(List<Object> list, int depth) {
        enter(list, depth);
        writeElements(list, list, depth);
    }

    /** Writes the elements of {@code list}, which holds those of {@code container} (for cycles). */
    private void writeElements(List<Object> list, Object container, int depth) {
        int n = list.size();
        packArrayHeader(n);
        int i = 0;
        try {
            for (; i < n; i++) {
                Object v = list.get(i);
                // the common element types without the full dispatch (a list of doubles is
                // canada.json's whole body)
                Class<?> c = v == null || registered ? null : v.getClass();
                if (c == Double.class) {
                    packDouble((Double) v);
                } else if (c == Long.class) {
                    packLong((Long) v);
                } else if (c == String.class) {
                    packString((String) v);
                } else {
                    writeValue(v, depth + 1);
                }
            }
        } catch (PathFailure fail) {
            throw fail.at("[" + i + "]", container, depth);
        }
    }

    private void writeArray(Object array, int depth) {
        Class<?> t = array.getClass().getComponentType();
        int n = Array.getLength(array);
        if (t == int[].class.getComponentType()) {
            packArrayHeader(n);
            for (int x : (int[]) array) {
                packLong(x);
            }
        } else if (t == long.class) {
            packArrayHeader(n);
            for (long x : (long[]) array) {
                packLong(x);
            }
        } else if (t == double.class) {
            packArrayHeader(n);
            for (double x : (double[]) array) {
                packDouble(x);
            }
        } else if (t == float.class) {
            packArrayHeader(n);
            for (float x : (float[]) array) {
                if (f.floatAsFloat32) {
                    packFloat(x);
                } else {
                    packDouble(x);
                }
            }
        } else if (t == short.class) {
            packArrayHeader(n);
            for (short x : (short[]) array) {
                packLong(x);
            }
        } else if (t == boolean.class) {
            packArrayHeader(n);
            for (boolean x : (boolean[]) array) {
                packBoolean(x);
            }
        } else if (t == char.class) {
            packString(new String((char[]) array));
        } else {
            enter(array, depth);
            writeElements(Arrays.asList((Object[]) array), array, depth);
        }
    }

    private void writeRecord(Object v, Class<?> c, int depth) {
        enter(v, depth);
        RecordComponent[] parts = c.getRecordComponents();
        packMapHeader(parts.length);
        for (RecordComponent rc : parts) {
            Object value;
            try {
                java.lang.reflect.Method m = rc.getAccessor();
                m.setAccessible(true);
                value = m.invoke(v);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new PathFailure(MessagePackException.Kind.UNSUPPORTED_VALUE,
                        "cannot read record component " + rc.getName() + " of " + c.getName() + ": " + e, e)
                        .at("." + rc.getName(), v, depth);
            }
            packString(rc.getName());
            try {
                writeValue(value, depth + 1);
            } catch (PathFailure fail) {
                throw fail.at("." + rc.getName(), v, depth);
            }
        }
    }
}
