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
        return listKeyedMap(n, n, collide);
    }

    /** The first {@code k} entries of {@link #listKeyedMap(int, boolean)} after its header. */
    private static byte[] listKeyedMap(int n, int k, boolean collide) {
        MessagePacker p = MessagePackFactory.defaults().newPacker();
        p.packMapHeader(n);
        for (int x = 0; x < k; x++) {
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
        assertTrue(e.getMessage().startsWith("the keys of one map share hash codes too often"), e.getMessage());
        // refused at the 208th key, when 207 * 208 / 2 comparisons pass 64 per key plus 8192
        org.junit.jupiter.api.Assertions.assertEquals(listKeyedMap(40_000, 207, true).length, e.offset());
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
        org.junit.jupiter.api.Assertions.assertEquals(100, ((Map<?, ?>) MessagePack.unpack(lossless.fromJson(text))).size());
        StringBuilder many = new StringBuilder("{\"$map\":[");
        for (int x = 0; x < 1000; x++) {
            many.append(x == 0 ? "" : ",").append("[[").append(x).append(',').append(31L * (1000 - x)).append("],null]");
        }
        String floodText = many.append("]}").toString();
        e = org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> lossless.fromJson(floodText));
        assertTrue(e.getMessage().startsWith("the keys of one map share hash codes too often"), e.getMessage());
    }

    @Test
    void collidingKeysOfHonestData_accepted() {
        // list hash codes collide often: [x, y] and [x + 1, y - 31] share one
        Map<Object, Object> grid = new LinkedHashMap<>();
        for (long x = 0; x < 65; x++) {
            for (long y = 0; y < 2048; y++) {
                grid.put(List.of(x, y), x ^ y);
            }
        }
        org.junit.jupiter.api.Assertions.assertEquals(grid, MessagePack.unpack(MessagePack.pack(grid)));
        Map<Object, Object> crafted = new LinkedHashMap<>();
        for (long i = 0; i <= 64; i++) {
            crafted.put(List.of(i, 31 * (64 - i)), i); // 65 keys with one hash code
        }
        org.junit.jupiter.api.Assertions.assertEquals(crafted, MessagePack.unpack(MessagePack.pack(crafted)));
    }

    /** Comparable, but not with itself only: a tree bin cannot order it (as LocalDateTime or an enum). */
    record Colliding(int id) implements Comparable<Object> {
        @Override
        public int hashCode() {
            return 12345;
        }

        @Override
        public int compareTo(Object o) {
            return Integer.compare(id, ((Colliding) o).id);
        }
    }

    @Test
    void collidingKeysOfARegisteredType_refusedQuickly() {
        MessagePackFactory f = MessagePackFactory.builder()
                .registerBytes(Colliding.class, 1, c -> java.nio.ByteBuffer.allocate(4).putInt(c.id()).array(),
                        b -> new Colliding(java.nio.ByteBuffer.wrap(b).getInt()))
                .build();
        MessagePacker p = f.newPacker();
        p.packMapHeader(20_000);
        for (int i = 0; i < 20_000; i++) {
            p.packValue(new Colliding(i)); // packed one by one: a map of them would itself be quadratic to build
            p.packNil();
        }
        byte[] packed = p.toByteArray();
        MessagePackException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> f.unpack(packed)));
        org.junit.jupiter.api.Assertions.assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
    }

    @Test
    void mapsKeyedByMapsKeyedByMaps_refusedBeyondTwoLevels() {
        // {{[]:nil}:nil}: two levels of container keys, accepted
        Map<Object, Object> inner = new LinkedHashMap<>();
        inner.put(List.of(), null);
        Map<Object, Object> outer = new LinkedHashMap<>();
        outer.put(inner, null);
        org.junit.jupiter.api.Assertions.assertEquals(outer, MessagePack.unpack(MsgPackTestSupport.hex("81-81-90-c0-c0")));
        // a third level: each key would be hashed once per enclosing key (depth x size in all)
        MessagePackException e = org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class,
                () -> MessagePack.unpack(MsgPackTestSupport.hex("81-81-81-90-c0-c0-c0")));
        org.junit.jupiter.api.Assertions.assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        org.junit.jupiter.api.Assertions.assertEquals(3, e.offset());
        // so toJson cannot be made to escape a key inside a key inside a key ... (output doubling per level)
        byte[] chain = new byte[61];
        java.util.Arrays.fill(chain, 0, 30, (byte) 0x81);
        chain[30] = (byte) 0x90;
        java.util.Arrays.fill(chain, 31, 61, (byte) 0xc0);
        org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> MessagePack.toJson(chain));
    }

    @Test
    void lyingHeadersOverAStream_allocateLittle() {
        byte[] lies = new byte[999 * 5];
        for (int i = 0; i < 999; i++) {
            lies[5 * i] = (byte) 0xdd;
            lies[5 * i + 1] = 0x05; // 100,000,000 elements each
            lies[5 * i + 2] = (byte) 0xf5;
            lies[5 * i + 3] = (byte) 0xe1;
        }
        Runnable unpack = () -> org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class,
                () -> MessagePack.unpack(new ByteArrayInputStream(lies)));
        for (int i = 0; i < 3; i++) {
            unpack.run(); // the first calls load and link classes, which this test does not measure
        }
        long bytes = allocatedBy(unpack);
        assertTrue(bytes < 1 << 20, bytes + " bytes allocated for " + lies.length + " bytes of input");
    }

    /**
     * A declared length or count past the input's end: the untyped unpack and binding (through a
     * tape) give the same kind, message and offset, the remaining input checked before the limits
     * (binding gave LIMIT_EXCEEDED, or TRUNCATED at the input's end; found by a helper's attack run).
     */
    @Test
    void declaredPastTheEnd_unpackAndBind_sameError() {
        MessagePackFactory f = MessagePackFactory.defaults();
        for (String h : List.of("dd-ff-ff-ff-ff", "db-ff-ff-ff-ff", "db-01-31-2c-ff-00-00-00", "c6-ff-ff-ff-ff-00",
                "c9-00-00-00-09-05-00", "df-00-00-00-02-01", "91-da-00-05-61", "92-01-dc-ff-ff")) {
            byte[] b = MsgPackTestSupport.hex(h);
            MessagePackException untyped = org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class, () -> f.unpack(b), h);
            MessagePackException bound = org.junit.jupiter.api.Assertions.assertThrows(MessagePackException.class,
                    () -> f.unpack(b, Object.class), h);
            org.junit.jupiter.api.Assertions.assertEquals(MessagePackException.Kind.TRUNCATED, untyped.kind(), h);
            org.junit.jupiter.api.Assertions.assertEquals(untyped.kind() + " " + untyped.offset() + " " + untyped.detail(),
                    bound.kind() + " " + bound.offset() + " " + bound.detail(), h);
        }
    }
}
