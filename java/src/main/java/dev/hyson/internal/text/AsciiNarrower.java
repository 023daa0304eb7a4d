package dev.hyson.internal.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Copies an ASCII string's chars into a byte array as bytes, a chunk at a time, with no array per
 * string: the chars are copied out ({@code String.getChars}, which the JDK inflates from a Latin-1
 * string with a vector loop) into a scratch array, then narrowed straight into the destination by
 * the US-ASCII encoder, whose inner loop is an intrinsic vector loop that stops at the first char
 * above U+007F. Both writers use it: the JSON generator for string values and the MessagePack packer
 * for str payloads (for an ASCII string, its UTF-8 length is its length, so the str header is known
 * before the bytes are).
 *
 * <p>Holds a {@link #CHUNK}-char scratch array and views over it and over the last destination: one
 * per writer, made on the writer's first string. Not thread-safe.
 */
public final class AsciiNarrower {
    /** The most chars one call narrows. */
    public static final int CHUNK = 512;

    /** The chars of the chunk being narrowed (one spare char, for writers that look one past a chunk). */
    private final char[] chars = new char[CHUNK + 1];
    private final CharBuffer charView = CharBuffer.wrap(chars);
    private final CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder();
    /** Wraps {@link #viewed}; made again when the destination array changes. */
    private ByteBuffer byteView;
    private byte[] viewed;

    /** @return the scratch array the last {@link #load} filled, {@link #CHUNK} + 1 chars long */
    public char[] chars() {
        return chars;
    }

    /**
     * Copies {@code s[from, from + n)} into {@link #chars()}.
     *
     * @param s the string
     * @param from its first char to copy
     * @param n how many, at most {@link #CHUNK}
     * @return the scratch array
     * @throws IndexOutOfBoundsException when the range is outside {@code s} or {@code n} is over {@link #CHUNK}
     */
    public char[] load(String s, int from, int n) {
        s.getChars(from, from + n, chars, 0);
        return chars;
    }

    /**
     * Narrows {@code chars()[0, n)} into {@code dst[at, at + n)}, stopping at the first char above
     * U+007F (or a surrogate).
     *
     * @param n how many chars, at most {@link #CHUNK}
     * @param dst the destination, with room for {@code n} bytes at {@code at}
     * @param at where the bytes go
     * @return whether every char was ASCII, so all {@code n} bytes are written (else a prefix is)
     * @throws IndexOutOfBoundsException when the room is not there
     */
    public boolean narrow(int n, byte[] dst, int at) {
        ByteBuffer bb = byteView;
        if (viewed != dst) {
            bb = byteView = ByteBuffer.wrap(dst);
            viewed = dst;
        }
        CharBuffer cb = charView;
        cb.limit(n).position(0);
        bb.limit(at + n).position(at);
        CharsetEncoder e = ascii;
        e.reset();
        e.encode(cb, bb, true);
        return !cb.hasRemaining();
    }

    /**
     * {@link #load} then {@link #narrow}: copies {@code s[from, from + n)} into {@code dst} at
     * {@code at} when it is all ASCII.
     *
     * @return whether it was, so all {@code n} bytes are written
     */
    public boolean copy(String s, int from, int n, byte[] dst, int at) {
        s.getChars(from, from + n, chars, 0);
        return narrow(n, dst, at);
    }

    /**
     * Drops the view of the last destination when it is longer than {@code keep} bytes, so this holds
     * no reference to a large array its owner lets go of.
     *
     * @param keep the longest destination whose view is kept
     */
    public void release(int keep) {
        if (viewed != null && viewed.length > keep) {
            byteView = null;
            viewed = null;
        }
    }
}
