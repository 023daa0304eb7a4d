package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hyson.msgpack.MessagePack;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The default maxDepth (1000) must be usable on a thread with the JVM's default 1 MiB stack, also once
 * the writers and readers are JIT-compiled (compiled frames can be larger than interpreted ones): a
 * value nested 999 levels deep is written, packed and read back again and again on such a thread.
 */
class DefaultDepthStackTest {
    private static final int LEVELS = 999;

    /** Runs {@code body} on a new thread with a 1 MiB stack and rethrows what it threw. */
    private static void onDefaultStack(Runnable body) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "default-stack", 1 << 20);
        t.start();
        t.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    private static Object nested() {
        Object v = 1;
        for (int i = 0; i < LEVELS; i++) {
            v = List.of(v); // an immutable list: not one of the writers' exact-class fast paths
        }
        return v;
    }

    @Test
    void pack_999Levels_repeatedly() throws InterruptedException {
        Object value = nested();
        byte[] expected = new byte[LEVELS + 1];
        java.util.Arrays.fill(expected, (byte) 0x91); // fixarray of one element
        expected[LEVELS] = 0x01;
        onDefaultStack(() -> {
            for (int i = 0; i < 50; i++) {
                assertArrayEquals(expected, MessagePack.pack(value), "call " + i);
            }
        });
    }

    @Test
    void writeJson_999Levels_repeatedly() throws InterruptedException {
        Object value = nested();
        String expected = "[".repeat(LEVELS) + "1" + "]".repeat(LEVELS);
        onDefaultStack(() -> {
            for (int i = 0; i < 50; i++) {
                assertEquals(expected, Json.write(value), "call " + i);
            }
        });
    }

    @Test
    void unpack_999Levels_repeatedly() throws InterruptedException {
        byte[] packed = new byte[LEVELS + 1];
        java.util.Arrays.fill(packed, (byte) 0x91);
        packed[LEVELS] = 0x01;
        onDefaultStack(() -> {
            for (int i = 0; i < 50; i++) {
                Object v = MessagePack.unpack(packed);
                for (int level = 0; level < LEVELS; level++) {
                    v = ((List<?>) v).get(0);
                }
                assertEquals(1L, v, "call " + i);
            }
        });
    }
}
