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

    /** Bytes of allocation by this thread while {@code r} runs (HotSpot's per-thread counter). */
    private static long allocatedBy(Runnable r) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(id);
        r.run();
        return mx.getThreadAllocatedBytes(id) - before;
    }

    @Test
    void nestedHeadersEachClaimingTheRest_failAtOnce_withoutAllocatingPerLevel() {
        // 1000 array32 headers, each declaring as many elements as bytes remain, then 60,000 nils:
        // each header alone fits the input, together they do not
        int levels = 1000;
        int nils = 60_000;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(levels * 5 + nils);
        for (int i = 0; i < levels; i++) {
            b.put((byte) 0xdd).putInt(b.capacity() - b.position() - 4);
        }
        while (b.hasRemaining()) {
            b.put((byte) 0xc0);
        }
        byte[] input = b.array();
        long bytes = allocatedBy(() -> {
            MessagePackException e = org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class,
                    () -> MessagePack.unpack(input));
            org.junit.jupiter.api.Assertions.assertEquals(MessagePackException.Kind.TRUNCATED, e.kind());
            org.junit.jupiter.api.Assertions.assertEquals(5, e.offset(), e.getMessage()); // the second header
            org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> MessagePack.toJson(input));
        });
        // one list sized to the input (4 or 8 bytes a slot), not one per level (1000 x 260 KB)
        assertTrue(bytes < 8L * input.length + (1 << 20), bytes + " bytes allocated");
        // an honest nesting of the same shape unpacks
        List<Object> v = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            v.add(null);
        }
        for (int i = 0; i < 200; i++) {
            List<Object> outer = new ArrayList<>();
            outer.add(v);
            outer.add(null);
            v = outer;
        }
        org.junit.jupiter.api.Assertions.assertEquals(v, MessagePack.unpack(MessagePack.pack(v)));
    }

    /** A map of {@code n} keys {@code [x, y]}, all with one hash code when {@code collide}. */
    private static byte[] listKeyedMap(int n, boolean collide) {
        MessagePacker p = MessagePackFactory.defaults().newPacker();
        p.packMapHeader(n);
        for (int x = 0; x < n; x++) {
            p.packArrayHeader(2);
            p.packLong(x);
            // List.hashCode = 31 * (31 + x) + y: constant when y = c - 31 x
            p.packLong(collide ? 31L * (n - x) : x);
            p.packNil();
        }
        return p.toByteArray();
    }

    @Test
    void mapKeysSharingOneHashCode_refusedQuickly() {
        byte[] flood = listKeyedMap(40_000, true);
        MessagePackException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> MessagePack.unpack(flood)));
        org.junit.jupiter.api.Assertions.assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        assertTrue(e.getMessage().startsWith("more than 64 keys of one map share a hash code"), e.getMessage());
        // the 65th key: after the map32 header and 64 entries of 8 bytes (fixarray, fixint, uint32, nil)
        org.junit.jupiter.api.Assertions.assertEquals(3 + 64 * 8, e.offset());
        // the same keys with spread hash codes unpack
        Map<?, ?> ok = (Map<?, ?>) MessagePack.unpack(listKeyedMap(40_000, false));
        org.junit.jupiter.api.Assertions.assertEquals(40_000, ok.size());
        // distinct Long and Double keys with one hash code (unrelated classes in one tree bin)
        MessagePacker p = MessagePackFactory.defaults().newPacker();
        p.packMapHeader(2000);
        for (long i = 1; i <= 2000; i++) {
            if (i % 2 == 0) {
                p.packLong(i << 32 | i); // Long.hashCode: high ^ low = 0
            } else {
                p.packDouble(Double.longBitsToDouble(i << 32 | i)); // Double.hashCode likewise 0
            }
            p.packNil();
        }
        byte[] mixed = p.toByteArray();
        e = org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> MessagePack.unpack(mixed));
        org.junit.jupiter.api.Assertions.assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        // one key repeated is one key, not a flood; Long keys alone (one Comparable class) are not counted
        MessagePacker q = MessagePackFactory.defaults().newPacker();
        q.packMapHeader(3000);
        for (long i = 0; i < 3000; i++) {
            q.packLong(i < 1000 ? i << 32 | i : 5);
            q.packLong(i);
        }
        org.junit.jupiter.api.Assertions.assertEquals(1001, ((Map<?, ?>) MessagePack.unpack(q.toByteArray())).size());
        // String keys alone are not counted (Comparable, so a tree bin stays logarithmic)
        Map<String, Object> strings = new LinkedHashMap<>();
        String[] parts = {"Aa", "BB"};
        for (int i = 0; i < 1024; i++) {
            StringBuilder k = new StringBuilder();
            for (int bit = 0; bit < 10; bit++) {
                k.append(parts[(i >> bit) & 1]);
            }
            strings.put(k.toString(), 1L);
        }
        org.junit.jupiter.api.Assertions.assertEquals(strings, MessagePack.unpack(MessagePack.pack(strings)));
        // the lossless JSON form's $map goes through the same guard
        StringBuilder json = new StringBuilder("{\"$map\":[");
        for (int x = 0; x < 100; x++) {
            json.append(x == 0 ? "" : ",").append("[[").append(x).append(',').append(31L * (100 - x)).append("],null]");
        }
        MessagePackFactory lossless = MessagePackFactory.builder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();
        String text = json.append("]}").toString();
        e = org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> lossless.fromJson(text));
        assertTrue(e.getMessage().startsWith("more than 64 keys of one map share a hash code"), e.getMessage());
    }
}
