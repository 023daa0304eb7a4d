package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.msgpack.MessagePack;
import dev.hyson.msgpack.MessagePackException;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Nesting within {@code maxDepth} works whatever the caller's stack, and a cycle is reported as one: the
 * recursion of binding and packing runs again on a thread with a stack for maxDepth levels when it
 * exhausts the caller's (which, once the JIT has compiled those frames, a default 1 MiB stack did
 * before depth 1000), and a cycle is found within a few levels of where it closes. Each case runs on a
 * thread with a small stack, where the old code failed every time (found by a helper's attack run).
 */
public class DeepNestingTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    /** A small stack, so the recursion surely exhausts it. */
    private static final long SMALL = 256 << 10;

    public static class Link {
        public Link next;
        public String n = "x";
    }

    record R(R next) {
    }

    /** Runs {@code task} on a thread of a 256 KiB stack (also used by the MessagePack tests). */
    public static <T> T onSmallStack(Callable<T> task) throws Exception {
        Object[] result = new Object[1];
        Exception[] failure = new Exception[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = task.call();
            } catch (Exception e) {
                failure[0] = e;
            }
        }, "small-stack", SMALL);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw failure[0];
        }
        @SuppressWarnings("unchecked")
        T r = (T) result[0];
        return r;
    }

    private static Link chain(int depth) {
        Link head = new Link();
        Link cur = head;
        for (int i = 1; i < depth; i++) {
            cur.next = new Link();
            cur = cur.next;
        }
        return head;
    }

    private static int depth(R r) {
        int d = 0;
        for (; r != null; r = r.next()) {
            d++;
        }
        return d;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void bindingDeeperThanTheCallersStack_withinMaxDepth_works(Backend backend) throws Exception {
        int levels = 990;
        String json = "{\"next\":".repeat(levels) + "null" + "}".repeat(levels);
        JsonReader reader = TestSupport.reader(backend);
        R bound = onSmallStack(() -> reader.read(json, R.class));
        assertEquals(levels, depth(bound));
        Link link = onSmallStack(() -> reader.read(json, Link.class));
        int n = 0;
        for (Link l = link; l != null; l = l.next) {
            n++;
        }
        assertEquals(levels, n);
        byte[] mp = MessagePack.pack(reader.parse(json));
        assertEquals(levels, depth(onSmallStack(() -> MessagePack.unpack(mp, R.class))));
        // past maxDepth it is still the limit's error, not a deeper thread
        String tooDeep = "{\"next\":".repeat(1001) + "null" + "}".repeat(1001);
        JsonParseException e = assertThrows(JsonParseException.class, () -> onSmallStack(() -> reader.read(tooDeep, R.class)));
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind());
    }

    @Test
    void packingDeeperThanTheCallersStack_withinMaxDepth_works() throws Exception {
        Link head = chain(990);
        byte[] expected = MessagePack.pack(Json.parse(Json.write(head)));
        assertArrayEquals(expected, onSmallStack(() -> MessagePack.pack(head)));
    }

    /** Writing JSON, reading MessagePack untyped and converting it to JSON recurse per level too (found by a new-user trial). */
    @ParameterizedTest
    @MethodSource("backends")
    void writingAndUnpackingDeeperThanTheCallersStack_withinMaxDepth_work(Backend backend) throws Exception {
        Link head = chain(990);
        String expected = "{\"next\":".repeat(989) + "{\"next\":null,\"n\":\"x\"}" + ",\"n\":\"x\"}".repeat(989);
        assertEquals(expected, onSmallStack(() -> Json.write(head)));
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        onSmallStack(() -> {
            JsonWriter.builder().build().write(head, out);
            return null;
        });
        assertEquals(expected, out.toString(java.nio.charset.StandardCharsets.UTF_8));
        String pretty = JsonWriter.builder().pretty(true).build().write(head);
        assertEquals(pretty, onSmallStack(() -> JsonWriter.builder().pretty(true).build().write(head)));
        String arrays = "[".repeat(999) + "]".repeat(999);
        Object tree = TestSupport.reader(backend).parse(arrays);
        assertEquals(arrays, onSmallStack(() -> Json.write(tree)));
        byte[] mp = MessagePack.fromJson(arrays);
        assertEquals(tree, onSmallStack(() -> MessagePack.unpack(mp)));
        assertEquals(arrays, onSmallStack(() -> MessagePack.toJson(mp)));
        // past maxDepth it is still the limit's error
        Object tooDeep = java.util.List.of();
        for (int i = 0; i < 1001; i++) {
            tooDeep = java.util.List.of(tooDeep);
        }
        Object deepest = tooDeep;
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> onSmallStack(() -> Json.write(deepest)));
        assertTrue(e.getMessage().startsWith("nesting deeper than maxDepth (1000)"), e.getMessage());
    }

    /**
     * The write runs again on a deeper stack though its output passed 1 MiB (spilled in memory), and a
     * write to a stream though it passed 8 KiB: its first 64 KiB stay buffered (found by an attack run).
     */
    @Test
    void deepWritesRunAgain_pastTheInMemorySpill_andWithinAStreamsFirst64KiB() throws Exception {
        Object padded = 1;
        String pad = "x".repeat(2000);
        for (int i = 0; i < 999; i++) {
            padded = new java.util.ArrayList<>(java.util.List.of(pad, padded));
        }
        Object big = padded;
        String expected = Json.write(big);
        assertTrue(expected.length() > 1 << 20, "past the in-memory spill: " + expected.length());
        assertEquals(expected, onSmallStack(() -> Json.write(big)));
        Object small = 1;
        for (int i = 0; i < 999; i++) {
            small = new java.util.ArrayList<>(java.util.List.of("0123456789", small));
        }
        Object streamed = small;
        String text = Json.write(streamed);
        assertTrue(text.length() > 8 << 10 && text.length() < 64 << 10, "between 8 and 64 KiB: " + text.length());
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        onSmallStack(() -> {
            Json.write(streamed, out);
            return null;
        });
        assertEquals(text, out.toString(java.nio.charset.StandardCharsets.UTF_8));
        java.io.StringWriter chars = new java.io.StringWriter();
        onSmallStack(() -> {
            JsonWriter.defaults().write(streamed, chars);
            return null;
        });
        assertEquals(text, chars.toString());
    }

    @Test
    void cycle_reportedAsOne_beforeTheStackRunsOut() throws Exception {
        Link self = new Link();
        self.next = self;
        Link loop = chain(50);
        Link last = loop;
        while (last.next != null) {
            last = last.next;
        }
        last.next = loop.next.next; // a cycle of 48 links, entered at depth 2
        for (JsonWriter w : new JsonWriter[] {JsonWriter.builder().build(), JsonWriter.builder().pretty(true).build()}) {
            JsonWriteException e = assertThrows(JsonWriteException.class, () -> onSmallStack(() -> w.write(self)));
            assertTrue(e.getMessage().startsWith("cycle: this " + Link.class.getName() + " contains itself (it is already being written at depth 0)"),
                    e.getMessage());
            assertEquals("$.next", e.path());
            JsonWriteException l = assertThrows(JsonWriteException.class, () -> onSmallStack(() -> w.write(loop)));
            String lead = "cycle: this " + Link.class.getName() + " contains itself (it is already being written at depth ";
            assertTrue(l.getMessage().startsWith(lead), l.getMessage());
            int at = Integer.parseInt(l.getMessage().substring(lead.length(), l.getMessage().indexOf(')', lead.length())));
            assertTrue(at >= 2 && at < 50, l.getMessage()); // a link of the cycle, found within a lap and 8 levels
            assertTrue(l.path().startsWith("$.next.next"), l.path());
        }
        MessagePackException m = assertThrows(MessagePackException.class, () -> onSmallStack(() -> MessagePack.pack(self)));
        assertTrue(m.getMessage().startsWith("cycle: this " + Link.class.getName() + " contains itself"), m.getMessage());
    }
}
