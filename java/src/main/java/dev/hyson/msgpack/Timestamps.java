package dev.hyson.msgpack;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * The timestamp extension, type -1 (MessagePack specification, "Timestamp extension type"), in its
 * three forms: timestamp 32 (fixext4: unsigned seconds), timestamp 64 (fixext8: 30-bit nanoseconds
 * above 34-bit unsigned seconds) and timestamp 96 (ext8 of 12 bytes: 32-bit nanoseconds, then
 * signed 64-bit seconds). All big-endian.
 */
final class Timestamps {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    /** The longest encoded timestamp, header included: ext8 (3 bytes) and 12 bytes of payload. */
    static final int MAX_ENCODED = 15;

    private Timestamps() {
    }

    /**
     * Reads the payload {@code b[p, p + len)} of a timestamp extension.
     *
     * @param b the array holding the payload
     * @param p the index of its first byte
     * @param len its length: 4, 8 or 12
     * @param at the input offset of the extension, for errors
     * @return the instant
     * @throws MessagePackException INVALID_TIMESTAMP for a length other than 4, 8 or 12, nanoseconds
     *     not below 10^9, or seconds outside {@code Instant}'s range
     */
    static Instant read(byte[] b, int p, int len, long at) {
        long seconds;
        long nanos;
        if (len == 4) {
            seconds = (int) INT_BE.get(b, p) & 0xFFFFFFFFL;
            nanos = 0;
        } else if (len == 8) {
            long data = (long) LONG_BE.get(b, p);
            nanos = data >>> 34;
            seconds = data & 0x3FFFFFFFFL;
        } else if (len == 12) {
            nanos = (int) INT_BE.get(b, p) & 0xFFFFFFFFL;
            seconds = (long) LONG_BE.get(b, p + 4);
        } else {
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

    /**
     * @param payload a payload of extension type -1
     * @return why {@code payload} is not a timestamp payload this library reads (see
     *     {@link #read}), or null
     */
    static String problem(byte[] payload) {
        try {
            read(payload, 0, payload.length, 0);
            return null;
        } catch (MessagePackException e) {
            return e.detail();
        }
    }

    /**
     * Writes {@code t} as a whole timestamp extension, header included, in the smallest form that
     * holds it: 32-bit (seconds 0..2^32-1, no nanoseconds), 64-bit (seconds 0..2^34-1) or 96-bit.
     *
     * @param t the instant
     * @param b where to write; {@link #MAX_ENCODED} bytes from {@code p} must be free
     * @param p the index of the first byte to write
     * @return the index after the last byte written
     */
    static int write(Instant t, byte[] b, int p) {
        long sec = t.getEpochSecond();
        int nsec = t.getNano();
        if ((sec >>> 34) == 0) {
            long data64 = ((long) nsec << 34) | sec;
            if ((data64 & 0xFFFFFFFF00000000L) == 0) {
                b[p] = (byte) 0xd6;
                b[p + 1] = (byte) 0xff;
                INT_BE.set(b, p + 2, (int) data64);
                return p + 6;
            }
            b[p] = (byte) 0xd7;
            b[p + 1] = (byte) 0xff;
            LONG_BE.set(b, p + 2, data64);
            return p + 10;
        }
        b[p] = (byte) 0xc7;
        b[p + 1] = 12;
        b[p + 2] = (byte) 0xff;
        INT_BE.set(b, p + 3, nsec);
        LONG_BE.set(b, p + 7, sec);
        return p + 15;
    }
}
