package dev.hyson.msgpack;

import dev.hyson.internal.text.Swar;
import dev.hyson.internal.text.Utf8;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The payload of a str (fixstr, str8, str16, str32) as a {@code String}, under the factory's UTF-8
 * policy ({@link MessagePackFactory.Utf8Policy}): ill-formed UTF-8 (Unicode table 3-7, checked by
 * {@link Utf8#validate}) fails with INVALID_UTF8 at the offending byte, or becomes U+FFFD.
 */
final class StrDecoder {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private StrDecoder() {
    }

    /**
     * Decodes {@code b[p, p + n)}.
     *
     * @param b the array holding the str payload
     * @param p the index of its first byte
     * @param n its length in bytes
     * @param replace whether ill-formed sequences become U+FFFD instead of failing
     * @param originOfB the input offset of {@code b[0]}, for the error
     * @return the string
     * @throws MessagePackException INVALID_UTF8 at the first ill-formed sequence, unless {@code replace}
     */
    static String decode(byte[] b, int p, int n, boolean replace, long originOfB) {
        if (isAscii(b, p, n)) {
            return new String(b, p, n, StandardCharsets.ISO_8859_1);
        }
        // the JDK's decoder replaces every ill-formed sequence with U+FFFD: without one in the
        // result the bytes were well-formed, and only a result holding U+FFFD (rare) is validated
        String s = new String(b, p, n, StandardCharsets.UTF_8);
        if (replace || s.indexOf('\uFFFD') < 0 || isWellFormed(b, p, n)) {
            return s;
        }
        throw new MessagePackException(MessagePackException.Kind.INVALID_UTF8,
                "str is not well-formed UTF-8 (use invalidUtf8(REPLACE) to read it with U+FFFD)",
                originOfB + firstInvalid(b, p, n));
    }

    /**
     * @param b the array
     * @param p the index of the first byte
     * @param n the number of bytes
     * @return whether {@code b[p, p + n)} is well-formed UTF-8
     */
    static boolean isWellFormed(byte[] b, int p, int n) {
        return firstInvalid(b, p, n) < 0;
    }

    /**
     * @param b the array
     * @param p the index of the first byte
     * @param n the number of bytes
     * @return the index in {@code b} of the first ill-formed UTF-8 sequence of {@code b[p, p + n)}, or -1
     */
    static int firstInvalid(byte[] b, int p, int n) {
        int end = p + n;
        int i = p;
        while (i < end) {
            if (b[i] >= 0) {
                i++;
            } else {
                int next = Utf8.validate(b, i, end);
                if (next < 0) {
                    return i;
                }
                i = next;
            }
        }
        return -1;
    }

    /**
     * @param b the array
     * @param off the index of the first byte
     * @param len the number of bytes
     * @return whether every byte of {@code b[off, off + len)} is below 0x80
     */
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
}
