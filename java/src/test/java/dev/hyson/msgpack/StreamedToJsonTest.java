package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.JsonWriteException;
import dev.hyson.JsonWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link MessagePackFactory#toJson(InputStream, java.io.OutputStream)} writes arrays element by element
 * as they are read (issue #26: MessagePack to JSON in bounded memory). Against the whole-value form it
 * replaced (each value unpacked, turned into its JSON form, then written), on valid, truncated, mutated
 * and over-limit inputs in both JSON forms: the same output, or the same error after the same output
 * (the streamed form may also have written part of the failing value). One difference is by design:
 * when a value holds both an element JSON cannot hold and, further on, invalid MessagePack, the
 * streamed form reports the element, met first; the whole-value form read everything first.
 */
class StreamedToJsonTest {
    private static final List<MessagePackFactory> FACTORIES = List.of(
            MessagePackFactory.defaults(),
            MessagePackFactory.builder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build(),
            MessagePackFactory.builder().maxDepth(3).maxContainerSize(5).build(),
            MessagePackFactory.builder().maxDepth(4).jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build());

    /** What a conversion gave: its output, and the failure (null when it succeeded). */
    private record Outcome(String out, String failure) {
    }

    private static String describe(RuntimeException e) {
        if (e instanceof MessagePackException) {
            MessagePackException m = (MessagePackException) e;
            return "MessagePackException " + m.kind() + " at " + m.offset() + ": " + m.getMessage();
        }
        if (e instanceof JsonWriteException) {
            JsonWriteException w = (JsonWriteException) e;
            return "JsonWriteException " + w.path() + ": " + w.problem();
        }
        return e.toString();
    }

    /** The form before streaming: each value read whole, then converted and written. */
    private static Outcome wholeValues(MessagePackFactory f, byte[] input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonWriter w = JsonWriter.builder().maxDepth((int) Math.min(Integer.MAX_VALUE, 3L * f.maxDepth + 2)).build();
        boolean lossless = f.jsonForm == MessagePackFactory.JsonForm.LOSSLESS;
        try (MessageUnpacker u = f.newUnpacker(new ByteArrayInputStream(input))) {
            u.rawExtensions = true;
            while (u.hasNext()) {
                Object v = u.unpackValue();
                w.write(JsonBridge.toJsonValue(v, lossless, w), out);
                out.write('\n');
            }
        } catch (MessagePackException | JsonWriteException e) {
            return new Outcome(out.toString(StandardCharsets.UTF_8), describe(e));
        }
        return new Outcome(out.toString(StandardCharsets.UTF_8), null);
    }

    private static Outcome streamed(MessagePackFactory f, byte[] input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            f.toJson(new ByteArrayInputStream(input), out);
        } catch (MessagePackException | JsonWriteException e) {
            return new Outcome(out.toString(StandardCharsets.UTF_8), describe(e));
        }
        return new Outcome(out.toString(StandardCharsets.UTF_8), null);
    }

    private static void assertSame(MessagePackFactory f, byte[] input) {
        Outcome whole = wholeValues(f, input);
        Outcome stream = streamed(f, input);
        String shown = MsgPackTestSupport.hex(input.length > 64 ? java.util.Arrays.copyOf(input, 64) : input);
        if (whole.failure != null && stream.failure != null && !whole.failure.equals(stream.failure)) {
            // a value with two problems: the streamed form reports the first it meets in input order, which
            // can be an element JSON cannot hold (NaN, keys that write the same name) before invalid bytes
            // further on that the whole-value form, reading everything first, reports instead
            assertTrue(stream.failure.startsWith("JsonWriteException"), shown + ": " + stream.failure + " vs " + whole.failure);
        } else {
            assertEquals(whole.failure, stream.failure, shown);
        }
        if (whole.failure == null) {
            assertEquals(whole.out, stream.out, shown);
        } else {
            assertTrue(stream.out.startsWith(whole.out), shown + ": " + stream.out + " does not start with " + whole.out);
        }
    }

    /** A random value with nested arrays and maps (repeated and non-str keys), bin, ext, timestamps and floats. */
    private static Object value(Random r, int depth) {
        int k = r.nextInt(depth > 5 ? 9 : 12);
        switch (k) {
            case 0: return null;
            case 1: return r.nextBoolean();
            case 2: return (long) r.nextInt(2000) - 1000;
            case 3: return r.nextLong();
            case 4: return r.nextInt(8) == 0 ? Double.NaN : r.nextDouble() * 1e6;
            case 5: return r.nextInt(3) == 0 ? (float) r.nextGaussian() : "s" + r.nextInt(100) + "\u00e9\u6f22";
            case 6: return new byte[] {(byte) r.nextInt(), 2, 3};
            case 7: return r.nextBoolean() ? new ExtensionValue((byte) r.nextInt(100), new byte[] {1, 2})
                    : java.time.Instant.ofEpochSecond(r.nextInt(1 << 30), r.nextInt(1_000_000_000));
            case 8: return "";
            case 9: case 10: {
                int n = r.nextInt(r.nextInt(10) == 0 ? 40 : 5);
                List<Object> l = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    l.add(value(r, depth + 1));
                }
                return l;
            }
            default: {
                int n = r.nextInt(5);
                Map<Object, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    Object key = r.nextInt(5) == 0 ? (Object) (long) r.nextInt(3) : r.nextInt(6) == 0 ? "$bin" : "k" + r.nextInt(4);
                    m.put(key, value(r, depth + 1));
                }
                return m;
            }
        }
    }

    @Test
    void randomValues_sameAsWholeValues_validTruncatedAndMutated() throws IOException {
        Random r = new Random(26);
        for (int round = 0; round < 300; round++) {
            ByteArrayOutputStream mp = new ByteArrayOutputStream();
            int values = 1 + r.nextInt(3);
            for (int i = 0; i < values; i++) {
                MessagePack.pack(value(r, 0), mp);
            }
            byte[] valid = mp.toByteArray();
            for (MessagePackFactory f : FACTORIES) {
                assertSame(f, valid);
                for (int cut = 1; cut < valid.length; cut += 1 + valid.length / 16) {
                    assertSame(f, java.util.Arrays.copyOf(valid, cut));
                }
                for (int m = 0; m < 8; m++) {
                    byte[] bad = valid.clone();
                    bad[r.nextInt(bad.length)] = (byte) r.nextInt(256);
                    assertSame(f, bad);
                }
            }
        }
    }

    @Test
    void nestedArrays_streamedWithTheirPathsAndLimits() {
        // [[1,[NaN]]]: the documented form cannot write NaN; the path names the element
        byte[] nan = MsgPackTestSupport.hex("91 92 01 91 cb 7ff8000000000000");
        Outcome o = streamed(MessagePackFactory.defaults(), nan);
        assertEquals("[[1,[", o.out);
        assertTrue(o.failure.startsWith("JsonWriteException $[0][1][0]: "), o.failure);
        assertSame(MessagePackFactory.defaults(), nan);
        // array16 and array32 headers, and maxDepth/maxContainerSize on streamed arrays
        byte[] wide = MsgPackTestSupport.hex("dc 0003 01 dd 00000002 02 03 c0 93 a1 61 a1 62 90");
        assertEquals("[1,[2,3],null]\n[\"a\",\"b\",[]]\n", streamed(MessagePackFactory.defaults(), wide).out);
        for (MessagePackFactory f : FACTORIES) {
            assertSame(f, wide);
            assertSame(f, MsgPackTestSupport.hex("91 91 91 91 91 91 01"));
            assertSame(f, MsgPackTestSupport.hex("96 01 02 03 04 05 06"));
            assertSame(f, MsgPackTestSupport.hex("dd ffffffff 01"));
            assertSame(f, MsgPackTestSupport.hex("92 c1 01"));
        }
    }

    /**
     * The lossless form's tags are read a call per level: 20,000 nested arrays under maxDepth(30000) convert
     * from an array and from a stream on a thread of 256 KiB of stack (a StackOverflowError escaped; an
     * attack run), as the documented form converts them.
     */
    @Test
    void losslessFromJson_deepWithinMaxDepth_onASmallStack() throws Exception {
        byte[] json = ("[".repeat(20_000) + "]".repeat(20_000)).getBytes(StandardCharsets.UTF_8);
        MessagePackFactory plain = MessagePackFactory.builder().maxDepth(30_000).build();
        MessagePackFactory lossless = plain.toBuilder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();
        byte[] expected = plain.fromJson(json);
        byte[] fromArray = onSmallStack(() -> lossless.fromJson(json));
        byte[] fromStream = onSmallStack(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            lossless.fromJson(new ByteArrayInputStream(json), out);
            return out.toByteArray();
        });
        assertEquals(20_000, expected.length); // 20,000 one-byte array headers
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, fromArray);
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, fromStream);
    }

    /**
     * A value that has no JSON form (a nil map key, keys 1 and "1") leaves nothing of itself on the output
     * ("{" was left), while what an array wrote before it stays, as documented (a new-user trial).
     */
    @Test
    void valueWithoutAJsonForm_leavesNothingOfItself() {
        MessagePackFactory f = MessagePackFactory.defaults();
        for (byte[] input : new byte[][] {{(byte) 0x81, (byte) 0xc0, 0x01}, {(byte) 0x82, 0x01, 0x01, (byte) 0xa1, 0x31, 0x02}}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertThrows(JsonWriteException.class, () -> f.toJson(new ByteArrayInputStream(input), out));
            assertEquals("", out.toString(StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonWriteException e = assertThrows(JsonWriteException.class,
                () -> f.toJson(new ByteArrayInputStream(new byte[] {(byte) 0x92, 0x05, (byte) 0x81, (byte) 0xc0, 0x01}), out));
        assertEquals("[5,", out.toString(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains("$[1]"), e.getMessage());
    }

    /**
     * 6,000 nested arrays (with a map inside each, which is built, not streamed) under maxDepth(7000), from a
     * stream, on a thread of 256 KiB of stack: converted as the array form converts them (the stream cannot be
     * read again after an overflow, so the conversion runs on a deep stack from the start).
     */
    @Test
    void deepNestingWithinMaxDepth_fromAStream_onASmallStack() throws Exception {
        int levels = 6000;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < levels; i++) {
            b.write(0x92); // array of 2
            b.write(0x81); // map of 1: {"k": i % 100}
            b.write(0xa1);
            b.write('k');
            b.write(i % 100);
        }
        b.write(0xc0); // the innermost: nil
        byte[] input = b.toByteArray();
        MessagePackFactory f = MessagePackFactory.builder().maxDepth(7000).build();
        String expected = f.toJson(input) + "\n";
        String got = onSmallStack(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertEquals(1, f.toJson(new ByteArrayInputStream(input), out));
            return out.toString(StandardCharsets.UTF_8);
        });
        assertEquals(expected, got);
        assertTrue(expected.startsWith("[{\"k\":0},[{\"k\":1},"), expected.substring(0, 40));
    }

    /** @return what {@code task} returns when run on a thread of 256 KiB of stack (its failure rethrown) */
    private static <T> T onSmallStack(java.util.concurrent.Callable<T> task) throws InterruptedException {
        Object[] result = new Object[1];
        Throwable[] failed = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = task.call();
            } catch (Throwable e) {
                failed[0] = e;
            }
        }, "small-stack", 256 << 10);
        t.start();
        t.join();
        if (failed[0] != null) {
            throw new AssertionError(failed[0]);
        }
        @SuppressWarnings("unchecked")
        T r = (T) result[0];
        return r;
    }

    @Test
    void liveStream_whatWasConvertedGoesOutBeforeEachRead() {
        // [1, then (a read later) 2, then 3] followed by 4: each read of the input finds the output flushed
        byte[][] parts = {MsgPackTestSupport.hex("93 01"), MsgPackTestSupport.hex("02"), MsgPackTestSupport.hex("03 04")};
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        List<String> seenAtEachRead = new ArrayList<>();
        InputStream in = new InputStream() {
            private int part;

            @Override
            public int read() {
                throw new AssertionError("read in parts only");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                seenAtEachRead.add(sink.toString(StandardCharsets.UTF_8));
                if (part == parts.length) {
                    return -1;
                }
                byte[] p = parts[part++];
                System.arraycopy(p, 0, b, off, p.length);
                return p.length;
            }
        };
        assertEquals(2, MessagePackFactory.defaults().toJson(in, sink));
        assertEquals("[1,2,3]\n4\n", sink.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("", "[1,", "[1,2,", "[1,2,3]\n4\n"), seenAtEachRead);
    }

    @Test
    void oneBigArrayOverAStream_everyElementWritten() {
        // 2 million maps in one array, generated as read; the output is counted, not kept (the CLI's
        // ConvertTest runs such a file in a child JVM with a 32 MiB heap)
        int n = 2_000_000;
        byte[] element = MessagePack.pack(Map.of("id", 123456L));
        InputStream in = new InputStream() {
            private long at = -5;
            private final byte[] head = {(byte) 0xdd, 0, (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};

            @Override
            public int read() {
                if (at < 0) {
                    return head[(int) (5 + at++)] & 0xFF;
                }
                if (at >= (long) n * element.length) {
                    return -1;
                }
                return element[(int) (at++ % element.length)] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                int k = 0;
                for (int c; k < len && (c = read()) >= 0; k++) {
                    b[off + k] = (byte) c;
                }
                return k == 0 && len > 0 ? -1 : k;
            }
        };
        long[] written = {0};
        java.io.OutputStream out = new java.io.OutputStream() {
            @Override
            public void write(int b) {
                written[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                written[0] += len;
            }
        };
        assertEquals(1, MessagePackFactory.defaults().toJson(in, out));
        assertEquals(1L + n * "{\"id\":123456}".length() + (n - 1) + 1 + 1, written[0]);
    }

    /**
     * A large value that is not a top-level array (a map holding a 600 KB array) read from a stream: the
     * buffer doubled only as far as a byte more was asked for, so each byte cost a copy of all before it
     * and a read of one byte (1 MB took 33 s; found by a helper's attack run). Counted in reads of the
     * stream, not timed: about one per 8 KiB delivered.
     */
    @Test
    void largeMapFromAStream_readsInLargeBlocks() {
        int n = 600_000;
        byte[] mp = new byte[1 + 2 + 5 + n];
        mp[0] = (byte) 0x81; // a map of one member
        mp[1] = (byte) 0xA1; // "k"
        mp[2] = 'k';
        mp[3] = (byte) 0xDD; // array32
        mp[4] = (byte) (n >>> 24);
        mp[5] = (byte) (n >>> 16);
        mp[6] = (byte) (n >>> 8);
        mp[7] = (byte) n;
        java.util.Arrays.fill(mp, 8, mp.length, (byte) 0xC0); // nil
        int[] reads = {0};
        InputStream pipe = new ByteArrayInputStream(mp) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                reads[0]++;
                return super.read(b, off, Math.min(len, 8192)); // as a pipe delivers
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MessagePackFactory f = MessagePackFactory.defaults();
        f.toJson(pipe, out);
        assertEquals(f.toJson(mp), out.toString(StandardCharsets.UTF_8).strip());
        assertTrue(reads[0] < 2 * mp.length / 8192 + 100, "reads of the stream: " + reads[0]);
    }
}
