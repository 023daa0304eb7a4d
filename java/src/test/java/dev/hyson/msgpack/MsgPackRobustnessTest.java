package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Truncated inputs, mutated inputs and random bytes: the result is a value or a
 * {@link MessagePackException}, never another exception, and quickly.
 */
class MsgPackRobustnessTest {
    private static byte[] sample() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("name", "hyson ü 日本");
        m.put("n", List.of(0L, -1L, 200L, -200L, 70000L, -70000L, 5_000_000_000L, -5_000_000_000L, 1.5, 2.5f));
        m.put(7L, new byte[] {1, 2, 3});
        m.put("t", List.of(Instant.ofEpochSecond(1), Instant.ofEpochSecond(1, 5), Instant.ofEpochSecond(-1, 5)));
        m.put("e", new ExtensionValue((byte) 3, new byte[] {1, 2, 3, 4}));
        m.put("nested", List.of(Map.of("a", List.of(Map.of())), "x".repeat(40), "y".repeat(300)));
        m.put(null, true);
        return MessagePack.pack(m);
    }

    /** Unpacks in every way; anything but a value or the library's exception fails the test. */
    private static void tryAll(byte[] b) {
        try {
            MessagePack.unpack(b);
        } catch (MessagePackException expected) {
            // fine
        } catch (Throwable t) {
            fail("array input " + MsgPackTestSupport.hex(b) + ": " + t, t);
        }
        try {
            MessagePack.unpack(new ByteArrayInputStream(b));
        } catch (MessagePackException expected) {
            // fine
        } catch (Throwable t) {
            fail("stream input " + MsgPackTestSupport.hex(b) + ": " + t, t);
        }
        try {
            MessageUnpacker u = MessagePackFactory.defaults().newUnpacker(b);
            while (u.hasNext()) {
                u.skipValue();
            }
        } catch (MessagePackException expected) {
            // fine
        } catch (Throwable t) {
            fail("skip " + MsgPackTestSupport.hex(b) + ": " + t, t);
        }
    }

    @Test
    void truncated_everyPrefix_libraryExceptionOnly() {
        byte[] s = sample();
        int truncated = 0;
        for (int n = 0; n < s.length; n++) {
            byte[] prefix = java.util.Arrays.copyOf(s, n);
            try {
                MessagePack.unpack(prefix);
                fail("prefix of " + n + " bytes unpacked");
            } catch (MessagePackException e) {
                assertTrue(e.kind() == MessagePackException.Kind.TRUNCATED, e.getMessage());
                truncated++;
            }
            tryAll(prefix);
        }
        assertTrue(truncated == s.length);
    }

    @Test
    void mutated_andRandom_libraryExceptionOnlyAndQuick() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            SplittableRandom r = new SplittableRandom(42);
            byte[] s = sample();
            for (int i = 0; i < 100_000; i++) {
                byte[] m = s.clone();
                int flips = 1 + r.nextInt(4);
                for (int k = 0; k < flips; k++) {
                    m[r.nextInt(m.length)] = (byte) r.nextInt(256);
                }
                tryAll(m);
            }
            List<byte[]> randoms = new ArrayList<>();
            for (int i = 0; i < 100_000; i++) {
                byte[] b = new byte[1 + r.nextInt(64)];
                r.nextBytes(b);
                randoms.add(b);
            }
            for (byte[] b : randoms) {
                tryAll(b);
            }
        });
    }
}
