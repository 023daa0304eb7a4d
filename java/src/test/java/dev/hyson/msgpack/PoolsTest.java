package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-thread packers and unpackers of one-shot calls: reused, and never keeping a dropped factory. */
class PoolsTest {
    @Test
    void aDroppedFactoryIsCollectedAfterItsThreadMovesOn() throws InterruptedException {
        MessagePackFactory first = MessagePackFactory.builder().build();
        byte[] packed = first.pack(List.of(1L, "two"));
        assertEquals(List.of(1L, "two"), first.unpack(packed));
        WeakReference<MessagePackFactory> ref = new WeakReference<>(first);
        first = null;
        // the thread's slot now goes to another factory: nothing of the first may stay reachable
        MessagePackFactory second = MessagePackFactory.builder().build();
        assertArrayEquals(packed, second.pack(List.of(1L, "two")));
        assertEquals(List.of(1L, "two"), second.unpack(packed));
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(ref.get(), "a factory made, used and dropped must not stay reachable from the thread");
    }

    @Test
    void factoriesMadePerCallStayInBoundedMemory() {
        Runtime rt = Runtime.getRuntime();
        byte[] packed = MessagePackFactory.builder().build().pack(List.of(1L, 2L));
        for (int i = 0; i < 20_000; i++) { // each left 8 KB and more on the thread before the fix
            MessagePackFactory f = MessagePackFactory.builder().build();
            assertEquals(List.of(1L, 2L), f.unpack(f.pack(List.of(1L, 2L))));
        }
        System.gc();
        long used = rt.totalMemory() - rt.freeMemory();
        assertEquals(true, used < 256L << 20, "heap in use after 20,000 factories: " + (used >> 20) + " MB");
        assertArrayEquals(packed, MessagePackFactory.builder().build().pack(List.of(1L, 2L)));
    }
}
