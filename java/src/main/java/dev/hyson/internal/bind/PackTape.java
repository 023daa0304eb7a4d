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
 * BINARY           offset of the content            length
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

    static int extHeader(long e1) {
        return (int) (e1 >>> 40) & 0xFF;
    }

    static int extLength(long e1) {
        return (int) (e1 & 0xFFFFFFFFL);
    }

    static int extType(long e1) {
        return (byte) (e1 >>> 32);
    }

    /** Reads a timestamp extension (type -1: 4, 8 or 12 bytes) and moves past it; null (nothing consumed) for anything else. */
    static Instant timestamp(TapeReader r) {
        long e1 = r.t[r.i + 1];
        if (extType(e1) != -1) {
            return null;
        }
        int off = (int) (Tape.payload(r.t[r.i]) & OFFSET_MASK) + extHeader(e1);
        byte[] b = r.text;
        Instant v;
        switch (extLength(e1)) {
            case 4:
                v = Instant.ofEpochSecond(be(b, off, 4));
                break;
            case 8: {
                long x = be(b, off, 8);
                long nanos = x >>> 34;
                if (nanos > 999_999_999L) {
                    return null;
                }
                v = Instant.ofEpochSecond(x & 0x3FFFFFFFFL, nanos);
                break;
            }
            case 12: {
                long nanos = be(b, off, 4);
                if (nanos > 999_999_999L) {
                    return null;
                }
                long seconds = be(b, off + 4, 8);
                try {
                    v = Instant.ofEpochSecond(seconds, nanos);
                } catch (java.time.DateTimeException e) {
                    return null;
                }
                break;
            }
            default:
                return null;
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
}
