package dev.hyson.internal.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word tests against a byte-by-byte reference: flagged exactly when a byte matches, the lowest flag exact. */
class SwarTest {
    /** @return the index of the lowest byte of {@code v} that {@code test} accepts, or 8 */
    private static int firstByte(long v, java.util.function.IntPredicate test) {
        for (int k = 0; k < 8; k++) {
            if (test.test((int) (v >>> (8 * k)) & 0xFF)) {
                return k;
            }
        }
        return 8;
    }

    private static int lowest(long flags) {
        return flags == 0 ? 8 : Long.numberOfTrailingZeros(flags) >>> 3;
    }

    @Test
    void equalAndControl_matchAByteByByteReference() {
        SplittableRandom rnd = new SplittableRandom(11);
        int[] specials = {0x00, 0x1F, 0x20, '"', '\\', '?', '/', 0x7F, 0x80, 0xFF};
        for (int trial = 0; trial < 200_000; trial++) {
            long v = 0;
            for (int k = 0; k < 8; k++) {
                int b = rnd.nextInt(4) == 0 ? specials[rnd.nextInt(specials.length)] : rnd.nextInt(256);
                v |= (long) b << (8 * k);
            }
            long word = v;
            for (int target : new int[] {'"', '\\', '?', '/'}) {
                assertEquals(firstByte(word, b -> b == target), lowest(Swar.equal(word, Swar.broadcast(target))),
                        Long.toHexString(word) + " for " + target);
            }
            assertEquals(firstByte(word, b -> b < 0x20), lowest(Swar.control(word)), Long.toHexString(word));
        }
        assertEquals(0x2222222222222222L, Swar.broadcast('"'));
    }
}
