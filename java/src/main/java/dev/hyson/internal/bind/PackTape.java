package dev.hyson.internal.bind;

import dev.hyson.internal.tape.Tape;
import java.time.Instant;

/**
 * The tape of a MessagePack value, so that one set of codecs binds both formats. It uses the JSON
 * tape's tags with MessagePack's meanings, plus two of its own:
 *
 * <pre>
 * tag              entry 0 payload                  entry 1
 * OBJECT, ARRAY    offset of the header             number of members (key and value pairs) / elements
 * STR_ASCII/UTF8   offset of the header             (offset of the content &lt;&lt; 32) | length
 * STR_UTF16        offset of the header             (start in Tape.utf16 &lt;&lt; 32) | length (ill-formed UTF-8, replaced)
 * INT64            offset of the header             the value
 * BIG_INTEGER      offset of the header             the bits of a uint64 above Long.MAX_VALUE
 * DOUBLE           offset | {@link #FLOAT32} for a float32   Double.doubleToRawLongBits of the value
 * BINARY           offset of the content            (header length &lt;&lt; 40) | length
 * EXT              offset of the header             (header size &lt;&lt; 40) | (type &amp; 0xFF) &lt;&lt; 32 | length
 * TRUE, FALSE, NULL offset of the header            (none)
 * </pre>
 *
 * <p>A map's keys may be any value; a key that is not a string matches no property.
 */
public final class PackTape {
    /** MessagePack bin. */
    public static final int BINARY = 14;
    /** MessagePack ext (timestamp included). */
    public static final int EXT = 15;
    /** Set in a DOUBLE entry's payload for a float32. */
    public static final long FLOAT32 = 1L << 55;
    /** The offset part of a payload. */
    public static final long OFFSET_MASK = FLOAT32 - 1;

    /** How a MessagePack tape's container or extension becomes a tree: by unpacking it again from its offset. */
    public interface Trees {
        /**
         * @param offset the absolute offset of a value's header in the input
         * @return the value as {@code MessagePack.unpack} gives it
         */
        Object treeAt(long offset);
    }

    private PackTape() {
    }

    /** @return entry 1 of an EXT entry */
    public static long extEntry(int headerSize, int type, long length) {
        return ((long) headerSize << 40) | ((long) (type & 0xFF) << 32) | length;
    }

    static boolean isFloat32(long e) {
        return Tape.tag(e) == Tape.DOUBLE && (e & FLOAT32) != 0;
    }

    /**
     * @param header the bin header's length in bytes (2, 3 or 5)
     * @param length the content's length
     * @return entry 1 of a BINARY value: the header's length in bits 40..47 (an error names the
     *     value's first byte), the content's length in the low 32 bits
     */
    public static long binaryEntry(int header, long length) {
        return ((long) header << 40) | length;
    }

    /** @return a BINARY value's content length, from its entry 1 */
    static int binaryLength(long e1) {
        return (int) (e1 & 0xFFFFFFFFL);
    }

    /** @return the bytes of a value's header before the offset its entry holds (a BINARY's header; 0 for the others) */
    static int headerBefore(long e0, long e1) {
        return Tape.tag(e0) == BINARY ? (int) (e1 >>> 40) & 0xFF : 0;
    }

    static int extHeader(long e1) {
        return (int) (e1 >>> 40) & 0xFF;
    }

    static int extLength(long e1) {
        return (int) (e1 & 0xFFFFFFFFL);
    }

    static int extType(long e1) {
        return (byte) (e1 >>> 32);
    }

    /**
     * Reads a timestamp extension (type -1: 4, 8 or 12 bytes) and moves past it; null (nothing consumed)
     * for an extension of another type.
     *
     * @throws BindFailure INVALID_TIMESTAMP for a type -1 payload that is no timestamp (its length,
     *     nanoseconds of 10^9 or more, seconds outside {@code Instant}'s range), as an untyped unpack reports it
     */
    static Instant timestamp(TapeReader r) {
        long e1 = r.t[r.i + 1];
        if (extType(e1) != -1) {
            return null;
        }
        int off = (int) (Tape.payload(r.t[r.i]) & OFFSET_MASK) + extHeader(e1);
        byte[] b = r.text;
        Instant v;
        long seconds;
        long nanos;
        switch (extLength(e1)) {
            case 4:
                seconds = be(b, off, 4);
                nanos = 0;
                break;
            case 8: {
                long x = be(b, off, 8);
                nanos = x >>> 34;
                seconds = x & 0x3FFFFFFFFL;
                break;
            }
            case 12:
                nanos = be(b, off, 4);
                seconds = be(b, off + 4, 8);
                break;
            default:
                throw new BindFailure(BindFailure.Problem.INVALID_TIMESTAMP, r.i, "timestamp payload of " + extLength(e1)
                        + " bytes (expected 4, 8 or 12)", null);
        }
        if (nanos > 999_999_999L) {
            throw new BindFailure(BindFailure.Problem.INVALID_TIMESTAMP, r.i, "timestamp nanoseconds " + nanos + " is not below 10^9", null);
        }
        try {
            v = Instant.ofEpochSecond(seconds, nanos);
        } catch (java.time.DateTimeException e) {
            throw new BindFailure(BindFailure.Problem.INVALID_TIMESTAMP, r.i, "timestamp seconds " + seconds
                    + " is outside java.time.Instant's range", null);
        }
        r.i += 2;
        return v;
    }

    private static long be(byte[] b, int off, int n) {
        long v = 0;
        for (int k = 0; k < n; k++) {
            v = (v << 8) | (b[off + k] & 0xFF);
        }
        return n == 8 ? v : v & ((1L << (8 * n)) - 1);
    }

    /**
     * A MessagePack extension read as the factory's unpacker reads it (a registered extension type's
     * unpacker, the timestamp as an {@code Instant}, else an {@code ExtensionValue}), for a property of
     * {@code type}.
     *
     * @param r the reader, at the extension
     * @param type the property's class
     * @param expected what the property takes, for the mismatch when the extension is not one
     * @return the value, an instance of {@code type}
     */
    static Object extension(TapeReader r, Class<?> type, String expected) {
        Object v = r.trees.treeAt(Tape.payload(r.t[r.i]));
        if (!type.isInstance(v)) {
            throw new BindFailure(BindFailure.Problem.TYPE_MISMATCH, r.i, "expected " + expected + ", found an extension of type "
                    + extType(r.t[r.i + 1]) + " (" + (v == null ? "null" : v.getClass().getName()) + ")", null);
        }
        r.skip();
        return v;
    }

    /**
     * MessagePack has no decimal: a str (MessagePackFactory's BigDecimalPolicy.STRING) holds one.
     *
     * @param r the reader, at the str
     * @param decimal a BigDecimal, else a BigInteger
     * @return the number
     */
    static Number numberFromString(TapeReader r, boolean decimal) {
        int at = r.i;
        String s = r.readString();
        if (s.length() > r.maxDigits() || !dev.hyson.internal.number.NumberText.isNumber(s)) {
            r.i = at;
            throw r.fail(BindFailure.Problem.INVALID_FORMAT, "invalid number text \"" + Scalars.clip(s) + "\" (a JSON number of at most "
                    + r.maxDigits() + " characters)");
        }
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1); // ASCII: isNumber checked it
        java.math.BigDecimal v = dev.hyson.internal.number.NumberText.bigDecimal(b, 0, b.length);
        if (v == null) {
            r.i = at;
            throw r.fail(BindFailure.Problem.INVALID_FORMAT, "invalid number text \"" + Scalars.clip(s) + "\" (out of the BigDecimal range)");
        }
        return decimal ? v : r.integral(v);
    }
}
