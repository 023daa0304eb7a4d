package dev.hyson.msgpack;

import dev.hyson.internal.text.AsciiNarrower;
import dev.hyson.internal.write.WriteFailure;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;

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
    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private final MessagePackFactory f;
    private final boolean compat;
    /** The value dispatch, made on the first {@link #packValue}: a packer of scalars needs none. */
    private ValuePacker values;
    byte[] buf;
    int pos;
    private OutputStream out;
    private long flushed;
    /** Open extensions whose header is written after their payload: no draining meanwhile. */
    int pinned;
    /** Nesting at which a value packed from inside an extension packer starts. */
    int valueDepth;
    /** Taken from the factory's per-thread pool. */
    boolean inUse;

    MessagePacker(MessagePackFactory f, int initialCapacity) {
        this.f = f;
        this.compat = f.compatibility;
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

    /**
     * Flushes, then closes the stream, if any.
     *
     * @throws UncheckedIOException when the stream fails
     */
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

    void ensure(int n) {
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
        Headers.SHORT_BE.set(buf, pos, (short) v);
        pos += 2;
    }

    private void put4(int v) {
        Headers.INT_BE.set(buf, pos, v);
        pos += 4;
    }

    private void put8(long v) {
        Headers.LONG_BE.set(buf, pos, v);
        pos += 8;
    }

    // ---------------------------------------------------------------------------------------------
    // scalars

    /**
     * Writes nil (0xc0).
     *
     * @return this packer
     */
    public MessagePacker packNil() {
        ensure(1);
        put1(0xc0);
        return this;
    }

    /**
     * Writes true (0xc3) or false (0xc2).
     *
     * @param v the boolean
     * @return this packer
     */
    public MessagePacker packBoolean(boolean v) {
        ensure(1);
        put1(v ? 0xc3 : 0xc2);
        return this;
    }

    /**
     * Writes an integer in the smallest format: fixint, then uint8..64 for positive, int8..64 for
     * negative values.
     *
     * @param v the integer
     * @return this packer
     */
    public MessagePacker packInt(int v) {
        return packLong(v);
    }

    /**
     * Writes an integer in the smallest format (specification, "int format family").
     *
     * @param v the integer
     * @return this packer
     */
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
     * @param v the integer
     * @return this packer
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

    /**
     * Writes a float32 (0xca); a NaN as the canonical one ({@code 7fc00000}), so that packing is
     * canonical and the lossless JSON form ({@code {"$float32":"NaN"}}) round-trips exactly.
     *
     * @param v the float
     * @return this packer
     */
    public MessagePacker packFloat(float v) {
        ensure(5);
        put1(0xca);
        put4(Float.floatToIntBits(v));
        return this;
    }

    /**
     * Writes a float64 (0xcb); a NaN as the canonical one ({@code 7ff8000000000000}), as
     * {@link #packFloat} does.
     *
     * @param v the double
     * @return this packer
     */
    public MessagePacker packDouble(double v) {
        ensure(9);
        put1(0xcb);
        put8(Double.doubleToLongBits(v));
        return this;
    }



    /**
     * Writes a str: its UTF-8 bytes after the smallest fixstr/str8/str16/str32 header (no str8 in
     * compatibility mode). A lone surrogate is written as {@code ?}, as {@code String.getBytes}
     * does.
     *
     * <p>An ASCII string of up to {@value #ASCII_DIRECT} chars is narrowed straight into the buffer
     * after its header, a chunk at a time, with no array made ({@link AsciiNarrower}, the JSON
     * writer's path); any other string is encoded by the JDK's UTF-8 encoder.
     *
     * @param s the string
     * @return this packer
     */
    public MessagePacker packString(String s) {
        int n = s.length();
        if (n <= ASCII_DIRECT) {
            // room for the ASCII case first: nothing drains while its bytes go in, so a chunk
            // that is not ASCII leaves nothing written, and the encoder takes over
            int size = Headers.strHeaderSize(n, compat);
            ensure(size + n);
            AsciiNarrower a = narrower;
            if (a == null) {
                a = narrower = new AsciiNarrower();
            }
            byte[] b = buf;
            int at = pos + size;
            boolean ascii = true;
            for (int i = 0; i < n && ascii; i += AsciiNarrower.CHUNK) {
                ascii = a.copy(s, i, Math.min(AsciiNarrower.CHUNK, n - i), b, at + i);
            }
            if (ascii) {
                Headers.putStrHeader(b, pos, size, n);
                pos = at + n;
                return this;
            }
        }
        // the JDK's encoder (a vectorized check and copy for Latin-1 strings) beats any per-char
        // loop, its array included (measured: MsgPackBench pack, twitter +27%)
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        packRawStringHeader(b.length);
        return writePayload(b);
    }

    /** The longest string {@link #packString} narrows in place (longer ones may grow the buffer by no more). */
    static final int ASCII_DIRECT = 1 << 16;

    /** Narrows ASCII strings into {@link #buf}; made on the first string. */
    private AsciiNarrower narrower;

    /**
     * Writes a str header for {@code len} bytes of UTF-8 that the caller writes next with
     * {@link #writePayload}.
     *
     * @param len the payload length in bytes
     * @return this packer
     * @throws IllegalArgumentException when {@code len} is negative
     */
    public MessagePacker packRawStringHeader(int len) {
        checkLength(len);
        int size = Headers.strHeaderSize(len, compat);
        ensure(size);
        Headers.putStrHeader(buf, pos, size, len);
        pos += size;
        return this;
    }

    /**
     * Writes a bin header (bin8/16/32) for {@code len} bytes that follow; in compatibility mode a
     * raw (str) header, as the pre-2013 specification had no bin.
     *
     * @param len the payload length in bytes
     * @return this packer
     * @throws IllegalArgumentException when {@code len} is negative
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

    /**
     * Writes an array header (fixarray/array16/array32) for {@code n} elements that follow.
     *
     * @param n the number of elements
     * @return this packer
     * @throws IllegalArgumentException when {@code n} is negative
     */
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

    /**
     * Writes a map header (fixmap/map16/map32) for {@code n} key-value pairs that follow.
     *
     * @param n the number of key-value pairs
     * @return this packer
     * @throws IllegalArgumentException when {@code n} is negative
     */
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
     *
     * @param type the extension type (-1 is the timestamp; 0..127 are the application's)
     * @param len the payload length in bytes
     * @return this packer
     * @throws IllegalArgumentException when {@code len} is negative
     */
    public MessagePacker packExtensionHeader(byte type, int len) {
        checkLength(len);
        ensure(6);
        int size = Headers.extHeaderSize(len);
        Headers.putExtHeader(buf, pos, size, type, len);
        pos += size;
        return this;
    }



    /**
     * Writes payload bytes after a str, bin or ext header.
     *
     * @param b the payload
     * @return this packer
     * @throws UncheckedIOException when the stream fails
     */
    public MessagePacker writePayload(byte[] b) {
        return writePayload(b, 0, b.length);
    }

    /**
     * Writes {@code b[off, off + len)} as payload after a str, bin or ext header.
     *
     * @param b the array holding the payload
     * @param off where the payload starts in {@code b}
     * @param len the payload length in bytes
     * @return this packer
     * @throws IndexOutOfBoundsException when the range is outside {@code b}
     * @throws UncheckedIOException when the stream fails
     */
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
     *
     * @param t the instant
     * @return this packer
     */
    public MessagePacker packTimestamp(Instant t) {
        ensure(Timestamps.MAX_ENCODED);
        pos = Timestamps.write(t, buf, pos);
        return this;
    }

    // ---------------------------------------------------------------------------------------------
    // values

    /**
     * Packs the JSON document in a file: the bytes {@link MessagePackFactory#fromJson(byte[])} gives
     * for it, in memory that does not grow with the document where it can. With the
     * {@link MessagePackFactory.JsonForm#DOCUMENTED} form, no registered extension type and no user
     * codec, the file is read twice: the first pass counts each container's members (a MessagePack
     * header gives them first; four bytes per container are kept), the second packs straight from the
     * pull parser's windows. A document whose tree would differ (a repeated member name, of which the
     * tree keeps one; an integer beyond the {@code long} range), and any other form or factory, is read
     * whole and packed as {@code fromJson} packs it. The factory's {@code maxDepth} limits the nesting.
     *
     * @param json the JSON file (strict RFC 8259, UTF-8)
     * @return this packer
     * @throws dev.hyson.JsonParseException for invalid JSON (nothing is packed when the first pass finds it)
     * @throws MessagePackException for a value with no MessagePack form
     * @throws UncheckedIOException when the file cannot be read or the output fails
     */
    public MessagePacker packJson(java.nio.file.Path json) {
        java.util.Objects.requireNonNull(json, "json");
        try {
            if (f.jsonForm == MessagePackFactory.JsonForm.DOCUMENTED && f.registry.isEmpty() && !f.codecs.binder().hasCodecs()
                    && CountAhead.run(f, json, this)) {
                return this;
            }
            try (java.io.InputStream in = java.nio.file.Files.newInputStream(json)) {
                return packValue(new JsonBridge(f.jsonForm, f.maxDepth).read(in));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes a whole Java value (see {@link MessagePack} for the types it knows).
     *
     * @param value the value, or null (nil)
     * @return this packer
     * @throws MessagePackException UNSUPPORTED_VALUE for a type with no MessagePack form (the message
     *     names it and its path, such as {@code $.users[3]}), LIMIT_EXCEEDED for nesting beyond
     *     maxDepth or a cycle
     */
    public MessagePacker packValue(Object value) {
        ValuePacker v = values;
        if (v == null) {
            v = values = new ValuePacker(this, f);
        }
        long before = flushed;
        int at = pos;
        try {
            try {
                v.writeValue(value, valueDepth);
            } catch (StackOverflowError e) {
                if (pinned > 0 || flushed != before) {
                    throw e; // inside an extension's packer, or bytes of it already left: it cannot start again
                }
                // nothing of the value has left the buffer: packed again on a thread whose stack holds maxDepth levels
                pos = at;
                ValuePacker again = v;
                dev.hyson.internal.DeepStack.call(() -> {
                    again.writeValue(value, valueDepth);
                    return null;
                }, f.maxDepth);
            }
        } catch (WriteFailure e) {
            if (pinned > 0) {
                throw e; // packed from inside an extension packer: the outer value's path goes on
            }
            throw ValuePacker.toException(e);
        } catch (StackOverflowError e) {
            if (pinned > 0) {
                throw e; // inside an extension's packer: the outermost packValue packs it all again on a deep stack
            }
            throw new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED,
                    "nesting too deep for the thread's stack (lower maxDepth or raise -Xss)", -1);
        }
        return this;
    }
}
