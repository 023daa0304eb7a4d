package dev.hyson.msgpack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The bytes an unpacker reads: a byte array (or a slice of one), or an {@link InputStream} read
 * through a buffer that grows only as data arrives. Keeps the byte offset of every position from
 * the start of the input, for errors.
 *
 * <p>{@link MessageUnpacker} extends this class rather than holding one, so that its reads of
 * {@code buf} and {@code pos} stay field accesses on the unpacker itself (no extra load per byte).
 */
class InputBuffer {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    /** The largest Java array this library allocates. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 16;
    private static final int STREAM_BUFFER = 8192;

    private final long maxDocumentLength;
    /** The input (an array given) or the buffer (a stream's). */
    byte[] buf;
    /** The index in {@code buf} of the next byte. */
    int pos;
    /** The index in {@code buf} after the last byte of input available. */
    int limit;
    /** The stream, or null over an array. */
    InputStream in;
    /** Offset of {@code buf[0]} from the start of the input (negative for a slice that starts later). */
    long origin;

    /** @param maxDocumentLength the most bytes read from a stream before LIMIT_EXCEEDED */
    InputBuffer(long maxDocumentLength) {
        this.maxDocumentLength = maxDocumentLength;
        this.buf = new byte[0];
    }

    /**
     * Points at {@code b[off, off + len)}.
     *
     * @param b the array holding the input
     * @param off the index of the first byte
     * @param len the number of bytes
     * @param originOfB the input offset of {@code b[0]}, for errors
     */
    final void setInput(byte[] b, int off, int len, long originOfB) {
        this.buf = b;
        this.pos = off;
        this.limit = off + len;
        this.in = null;
        this.origin = originOfB;
    }

    /**
     * Points at a stream, with a buffer of its own.
     *
     * @param stream the input
     */
    final void setInput(InputStream stream) {
        this.buf = new byte[STREAM_BUFFER];
        this.pos = 0;
        this.limit = 0;
        this.in = stream;
        this.origin = 0;
    }

    /** Drops the references to the input (for pooling). */
    final void clearInput() {
        buf = new byte[0];
        pos = 0;
        limit = 0;
        in = null;
    }

    /**
     * The offset of the next byte.
     *
     * @return the offset of the next byte from the start of the input
     */
    public long offset() {
        return origin + pos;
    }

    /**
     * The bytes that can be read without reading the stream.
     *
     * @return the bytes left: over an array or an extension payload, all that remain; over a stream,
     *     those already buffered
     */
    public int remaining() {
        return limit - pos;
    }

    /**
     * Whether the input holds another byte, reading the stream if the buffer is empty.
     *
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
        if (origin + limit > maxDocumentLength) {
            throw limit("document longer than maxDocumentLength (" + maxDocumentLength + " bytes)",
                    maxDocumentLength);
        }
        return true;
    }

    /**
     * Makes {@code n} bytes available from {@code pos}.
     *
     * @param n the number of bytes
     * @throws MessagePackException TRUNCATED when the input ends first
     */
    final void require(int n) {
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
                // doubles, and only when full: a lying length costs at most twice what was sent, and a
                // value asked for a byte more at a time costs amortized linear copying (growing to exactly
                // n made reading a 1 MB map from a stream take 33 s: found by a helper's attack run)
                int want = (int) Math.min(MAX_ARRAY, Math.max(buf.length * 2L, 16));
                byte[] nb = new byte[Math.max(want, buf.length)];
                System.arraycopy(buf, 0, nb, 0, limit);
                buf = nb;
            }
            if (!readMore()) {
                throw truncated(n);
            }
        }
    }

    /**
     * Moves past {@code n} bytes, reading (and dropping) them from the stream as needed.
     *
     * @param n the number of bytes
     * @throws MessagePackException TRUNCATED when the input ends first
     */
    final void skip(long n) {
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
    final void closeInput() {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * @param n the bytes needed
     * @return the TRUNCATED error, at the end of the input read so far
     */
    final MessagePackException truncated(long n) {
        return new MessagePackException(MessagePackException.Kind.TRUNCATED,
                "unexpected end of input: " + n + (n == 1 ? " byte" : " bytes") + " needed, " + (limit - pos) + " remain",
                origin + limit);
    }

    /**
     * @param what the limit error's message, naming the setting
     * @param at the input offset
     * @return the LIMIT_EXCEEDED error
     */
    static MessagePackException limit(String what, long at) {
        return new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED, what, at);
    }

    /**
     * @param n a number of bytes
     * @return "1 byte is" or "N bytes is", for limit messages
     */
    static String bytesIs(long n) {
        return n + (n == 1 ? " byte is" : " bytes is");
    }

    /** @return the next byte, unsigned (available: see {@link #require}) */
    final int u8() {
        return buf[pos++] & 0xFF;
    }

    /** @return the next 2 bytes, a big-endian unsigned integer */
    final int u16() {
        int v = (short) SHORT_BE.get(buf, pos) & 0xFFFF;
        pos += 2;
        return v;
    }

    /** @return the next 4 bytes, a big-endian signed integer */
    final int i32() {
        int v = (int) INT_BE.get(buf, pos);
        pos += 4;
        return v;
    }

    /** @return the next 8 bytes, a big-endian signed integer */
    final long i64() {
        long v = (long) LONG_BE.get(buf, pos);
        pos += 8;
        return v;
    }
}
