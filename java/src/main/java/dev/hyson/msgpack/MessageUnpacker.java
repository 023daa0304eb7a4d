package dev.hyson.msgpack;

import java.io.Closeable;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.time.Instant;

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
public final class MessageUnpacker extends ValueReader implements Closeable {
    /**
     * The header of an extension value.
     *
     * @param type the extension type code (-1 is the timestamp)
     * @param length the payload length in bytes
     */
    public record ExtensionHeader(byte type, int length) {
    }

    /** Nesting already open around this unpacker (extension payloads inherit their parent's). */
    private int baseDepth;
    /** Set by {@link #payload()}: the values read are inside an outer value being read. */
    private boolean payload;
    /** Taken from the factory's per-thread pool. */
    boolean inUse;

    MessageUnpacker(MessagePackFactory f) {
        super(f);
    }

    /**
     * Points this unpacker at {@code b[off, off + len)}.
     *
     * @param b the array holding the input
     * @param off the index of the first byte
     * @param len the number of bytes
     * @param originOfB the input offset of {@code b[0]}, for errors
     * @param depth the nesting already open around the input (an extension payload's)
     * @return this unpacker
     */
    MessageUnpacker reset(byte[] b, int off, int len, long originOfB, int depth) {
        setInput(b, off, len, originOfB);
        this.baseDepth = depth;
        this.rawExtensions = false;
        this.payload = false;
        return this;
    }

    /**
     * Marks this unpacker as an extension payload's, read by a registered unpacker inside an outer
     * value: a stack exhausted here is left to the outermost {@link #unpackValue} to run again.
     *
     * @return this unpacker
     */
    MessageUnpacker payload() {
        this.payload = true;
        return this;
    }

    /**
     * Points this unpacker at a stream, with a buffer of its own.
     *
     * @param stream the input
     * @return this unpacker
     */
    MessageUnpacker reset(InputStream stream) {
        setInput(stream);
        this.baseDepth = 0;
        this.rawExtensions = false;
        this.payload = false;
        return this;
    }

    /** Drops the references to the input (for pooling). */
    void clear() {
        clearInput();
    }

    /**
     * Decodes the whole {@code len}-byte input as a str (for string-form extensions).
     *
     * @param len the input's length
     * @return the string
     */
    String readStrForExtension(int len) {
        require(len);
        return readStr(len);
    }

    private MessagePackException mismatch(String expected, int b, long at) {
        MessageFormat fmt = MessageFormat.of(b);
        return new MessagePackException(MessagePackException.Kind.TYPE_MISMATCH,
                "expected " + expected + " but found " + fmt + " (0x" + Integer.toHexString(b & 0xFF) + ")", at);
    }

    // ---------------------------------------------------------------------------------------------
    // pull API

    /**
     * Peeks at the next value's format without consuming it.
     *
     * @return the format of the next value
     * @throws MessagePackException TRUNCATED at the end of the input
     */
    public MessageFormat nextFormat() {
        require(1);
        return MessageFormat.of(buf[pos]);
    }

    /**
     * Peeks at the type of the next value without consuming it.
     *
     * @return the type of the next value
     * @throws MessagePackException TRUNCATED at the end of the input, INVALID_FORMAT for the byte 0xc1
     */
    public ValueType nextValueType() {
        MessageFormat fmt = nextFormat();
        if (fmt == MessageFormat.NEVER_USED) {
            throw neverUsed();
        }
        return fmt.valueType();
    }


    /**
     * Reads a nil.
     *
     * @throws MessagePackException TYPE_MISMATCH for another value, TRUNCATED at the end of the input
     */
    public void unpackNil() {
        require(1);
        if (buf[pos] != (byte) 0xc0) {
            throw mismatch("nil", buf[pos], offset());
        }
        pos++;
    }

    /**
     * Reads a nil if one is next.
     *
     * @return true, and consumes it, when the next value is nil
     * @throws MessagePackException TRUNCATED at the end of the input
     */
    public boolean tryUnpackNil() {
        require(1);
        if (buf[pos] == (byte) 0xc0) {
            pos++;
            return true;
        }
        return false;
    }

    /**
     * Reads true or false.
     *
     * @return the boolean
     * @throws MessagePackException TYPE_MISMATCH for another value, TRUNCATED at the end of the input
     */
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
     * @return the integer
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
     * @return the integer
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

    /**
     * Reads an integer of any format, uint64 included.
     *
     * @return the integer
     * @throws MessagePackException TYPE_MISMATCH for another value, TRUNCATED at the end of the input
     */
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

    /**
     * Reads a float32 or float64 (narrowed to float).
     *
     * @return the number
     * @throws MessagePackException TYPE_MISMATCH for another value, TRUNCATED at the end of the input
     */
    public float unpackFloat() {
        return (float) unpackDouble();
    }

    /**
     * Reads a float32 (widened exactly) or a float64.
     *
     * @return the number
     * @throws MessagePackException TYPE_MISMATCH for another value, TRUNCATED at the end of the input
     */
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
     * @throws MessagePackException TYPE_MISMATCH for another value, LIMIT_EXCEEDED above
     *     maxStringLength, TRUNCATED when the input is shorter than the length
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
     * @throws MessagePackException TYPE_MISMATCH for another value, LIMIT_EXCEEDED above
     *     maxBinaryLength, TRUNCATED when the input is shorter than the length
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
     * @throws MessagePackException TYPE_MISMATCH for another value, LIMIT_EXCEEDED above
     *     maxContainerSize, TRUNCATED when fewer bytes than elements remain
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
     * @throws MessagePackException TYPE_MISMATCH for another value, LIMIT_EXCEEDED above
     *     maxContainerSize, TRUNCATED when fewer bytes than keys and values remain
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
     *
     * @return the type code and payload length
     * @throws MessagePackException TYPE_MISMATCH for another value, LIMIT_EXCEEDED above
     *     maxBinaryLength, TRUNCATED when the input is shorter than the length
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
     * @param n the number of bytes
     * @return the bytes
     * @throws IllegalArgumentException when {@code n} is negative
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

    /**
     * Reads {@code len} payload bytes into {@code dst[off, off + len)}.
     *
     * @param dst where the bytes go
     * @param off the index in {@code dst} of the first byte
     * @param len the number of bytes
     * @throws IndexOutOfBoundsException when the range is not inside {@code dst}
     * @throws MessagePackException TRUNCATED when fewer remain
     */
    public void readPayload(byte[] dst, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, dst.length);
        require(len);
        System.arraycopy(buf, pos, dst, off, len);
        pos += len;
    }

    /**
     * Reads a str value as a {@code String} (UTF-8, checked as the factory's policy says).
     *
     * @return the string
     * @throws MessagePackException TYPE_MISMATCH for another value, INVALID_UTF8 for ill-formed
     *     UTF-8 (unless the policy is REPLACE), LIMIT_EXCEEDED above maxStringLength, TRUNCATED
     */
    public String unpackString() {
        int n = unpackStringHeader();
        require(n);
        return readStr(n);
    }

    /**
     * Reads a bin value.
     *
     * @return the bytes
     * @throws MessagePackException TYPE_MISMATCH for another value, LIMIT_EXCEEDED above
     *     maxBinaryLength, TRUNCATED
     */
    public byte[] unpackBinary() {
        return readPayload(unpackBinaryHeader());
    }

    /**
     * Reads a timestamp extension (type -1, specification "Timestamp extension type") in its 32-,
     * 64- or 96-bit form.
     *
     * @return the instant
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
        int p = pos;
        pos = p + h.length();
        return Timestamps.read(buf, p, h.length(), at);
    }

    /** @return the nesting this unpacker's values start at (0, or the depth of the value that holds them) */
    int baseDepth() {
        return baseDepth;
    }

    /**
     * Reads one whole value as Java objects (see {@link MessagePack} for the mapping).
     *
     * @return the value
     * @throws MessagePackException for invalid input or a limit
     */
    public Object unpackValue() {
        long outer = owed;
        int outerKeys = keyNesting;
        owed = 0;
        keyNesting = 0;
        long startOrigin = origin;
        int start = pos;
        try {
            try {
                return readValue(baseDepth);
            } catch (StackOverflowError e) {
                if (origin != startOrigin || payload) {
                    // the stream's buffer dropped bytes of the value: it cannot be read again; or this is an
                    // extension's payload: the outermost value is read again, on a thread with the stack for all of it
                    throw e;
                }
                // read again on a thread whose stack holds maxDepth levels, as binding and packing are
                pos = start;
                owed = 0;
                keyNesting = 0;
                return dev.hyson.internal.DeepStack.call(() -> readValue(baseDepth), f.maxDepth);
            }
        } catch (StackOverflowError e) {
            if (payload) {
                throw e;
            }
            throw limit("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)", offset());
        } finally {
            owed = outer;
            keyNesting = outerKeys;
        }
    }

    /**
     * Skips one whole value, containers and extension payloads included, without recursion.
     *
     * @throws MessagePackException INVALID_FORMAT for the byte 0xc1, TRUNCATED when the input ends
     *     inside the value
     */
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

    /**
     * Closes the stream, if any.
     *
     * @throws UncheckedIOException when closing it fails
     */
    @Override
    public void close() {
        closeInput();
    }

    /** Fails unless the input is exhausted. */
    void requireEnd() {
        if (hasNext()) {
            throw new MessagePackException(MessagePackException.Kind.TRAILING_DATA,
                    "bytes after the value; unpack a sequence with MessagePackFactory.newUnpacker", offset());
        }
    }

    /**
     * The check the packer makes of an {@link ExtensionValue} of type -1; see {@link Timestamps#problem}.
     *
     * @param payload the extension payload
     * @return why {@code payload} is not a timestamp extension this library reads (32-, 64- or
     *     96-bit form, nanoseconds below 10^9, seconds within {@code Instant}'s range), or null
     */
    static String timestampProblem(byte[] payload) {
        return Timestamps.problem(payload);
    }
}
