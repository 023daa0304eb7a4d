package dev.hyson.internal.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Tests on the eight bytes of a word at once (SWAR, "SIMD within a register": Mycroft 1987, Sean
 * Anderson's Bit Twiddling Hacks), shared by the Java scanner and the JSON writer. Words are loaded
 * little-endian with {@link #LONG_LE}, so the lowest flagged byte ({@code
 * Long.numberOfTrailingZeros(flags) >>> 3}) is the first in the input.
 *
 * <p>Each test returns a word with the high bit set in flagged bytes and zero elsewhere, nonzero
 * exactly when some byte matches. A borrow can flag a byte above a true match, never below one, so
 * the lowest flag is exact; bytes above it may be false flags.
 */
public final class Swar {
    /** Eight bytes of a {@code byte[]} as a little-endian {@code long}, at any index. */
    public static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** 0x01 in every byte. */
    public static final long ONES = 0x0101010101010101L;
    /** 0x80, the high bit, in every byte. */
    public static final long HIGHS = 0x8080808080808080L;
    private static final long SPACES = 0x2020202020202020L;

    private Swar() {
    }

    /**
     * Whether the eight bytes of a word (little-endian) are all ASCII digits {@code '0'..'9'}.
     *
     * @param v the word
     * @return true when every byte is a digit
     */
    public static boolean isEightDigits(long v) {
        return ((v & 0xF0F0F0F0F0F0F0F0L) | (((v + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) >>> 4)) == 0x3333333333333333L;
    }

    /**
     * The value of eight ASCII digits (little-endian in {@code v}, the first digit in the low byte): pairs,
     * then quads, then halves folded with three multiplications (Lemire, "Number Parsing at a Gigabyte
     * per Second", Software: Practice and Experience 51(8), 2021, section 6).
     *
     * @param v eight digits, as {@link #isEightDigits} accepts
     * @return their value, 0..99,999,999
     */
    public static long parseEightDigits(long v) {
        v -= 0x3030303030303030L;
        v = (v * 10) + (v >>> 8);
        return (((v & 0x000000FF000000FFL) * (100 + (1_000_000L << 32)))
                + (((v >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32)))) >>> 32;
    }

    /**
     * A byte repeated in every byte of a word.
     *
     * @param b the byte (0..255)
     * @return {@code b} in every byte of a word
     */
    public static long broadcast(int b) {
        return (b & 0xFFL) * ONES;
    }

    /**
     * Flags the bytes equal to a given byte.
     *
     * @param v eight bytes, little-endian
     * @param broadcast the byte to find, in every byte ({@link #broadcast})
     * @return the flags (high bits) of the bytes of {@code v} equal to it
     */
    public static long equal(long v, long broadcast) {
        long x = v ^ broadcast;
        return (x - ONES) & ~x & HIGHS;
    }

    /**
     * Flags the control characters.
     *
     * @param v eight bytes, little-endian
     * @return the flags (high bits) of the bytes of {@code v} below 0x20 (bytes of 0x80 and above are
     *     not flagged)
     */
    public static long control(long v) {
        return (v - SPACES) & ~v & HIGHS;
    }
}
