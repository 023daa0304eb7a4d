package dev.hyson.msgpack;

import static dev.hyson.msgpack.MsgPackTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.DeepNestingTest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Binding MessagePack to the caller's types where the value is an extension or a map key is not a
 * str, and deep registered extensions on a small stack: what a factory packs, it binds back (found
 * by a helper's attack run against msgpack-java's behaviour).
 */
class ExtensionBindingTest {
    record Point(long x, long y) {
    }

    record HasPoint(String name, Point p) {
    }

    record HasExtension(ExtensionValue e) {
    }

    record AnyKeys(Map<Object, Object> m) {
    }

    /** Not a record, no creator: only its registered extension form can read it. */
    static final class Box {
        final Object content;

        Box(Object content) {
            this.content = content;
        }
    }

    private static MessagePackFactory registered() {
        return MessagePackFactory.builder()
                .register(Point.class, 3, (p, out) -> out.packLong(p.x()).packLong(p.y()), in -> new Point(in.unpackLong(), in.unpackLong()))
                .register(Box.class, 4, (b, out) -> out.packValue(b.content), in -> new Box(in.unpackValue()))
                .build();
    }

    @Test
    void registeredExtension_bindsBackWhatThePackerWrote() {
        MessagePackFactory f = registered();
        byte[] packed = f.pack(new HasPoint("a", new Point(1, 2)));
        assertEquals("82-a4-6e-61-6d-65-a1-61-a1-70-d5-03-01-02", hex(packed)); // {"name":"a","p":fixext 2 of type 3}
        assertEquals(new HasPoint("a", new Point(1, 2)), f.unpack(packed, HasPoint.class));
        assertEquals(new Point(1, 2), f.unpack(hex("d5-03-01-02"), Point.class));
        // a class with no creator reads through its extension (it had "no @Creator")
        Box box = f.unpack(f.pack(new Box(List.of(1L))), Box.class);
        assertEquals(List.of(1L), box.content);
        // another extension type where a Point is due: a type mismatch naming it
        MessagePackException e = assertThrows(MessagePackException.class, () -> f.unpack(hex("81-a1-70-d4-05-01"), HasPoint.class));
        assertEquals(MessagePackException.Kind.TYPE_MISMATCH, e.kind());
        assertTrue(e.getMessage().startsWith("value at /p: expected an object (Point), found an extension of type 5"), e.getMessage());
        assertEquals(3, e.offset());
    }

    @Test
    void extensionValue_andObjectKeys_bindBack() {
        MessagePackFactory f = MessagePackFactory.defaults();
        HasExtension h = new HasExtension(new ExtensionValue((byte) 5, new byte[] {1}));
        byte[] packed = f.pack(h);
        assertEquals("81-a1-65-d4-05-01", hex(packed));
        assertEquals(h, f.unpack(packed, HasExtension.class));
        assertEquals(new ExtensionValue((byte) 5, new byte[] {1}), f.unpack(hex("d4-05-01"), ExtensionValue.class));
        // Object keys read any key, as an untyped unpack does
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1L, 2L);
        m.put("s", true);
        assertEquals(new AnyKeys(m), f.unpack(f.pack(new AnyKeys(m)), AnyKeys.class));
        assertEquals(Map.of(1L, 2L), f.unpack(hex("81-01-02"), Map.class));
    }

    @Test
    void timestampPayloadErrors_areInvalidTimestamp_binaryErrorsAtTheValue() {
        MessagePackFactory f = MessagePackFactory.defaults();
        for (String bad : List.of("d7-ff-ee-6b-28-00-00-00-00-00", "d5-ff-00-00")) {
            MessagePackException untyped = assertThrows(MessagePackException.class, () -> f.unpack(hex(bad)));
            MessagePackException bound = assertThrows(MessagePackException.class, () -> f.unpack(hex(bad), Instant.class));
            assertEquals(MessagePackException.Kind.INVALID_TIMESTAMP, bound.kind(), bound.getMessage());
            assertEquals(untyped.detail(), bound.detail().replace("value at the root: ", ""), bad);
            assertEquals(0, bound.offset());
        }
        MessagePackException e = assertThrows(MessagePackException.class, () -> f.unpack(hex("d4-05-01"), Instant.class));
        assertEquals(MessagePackException.Kind.TYPE_MISMATCH, e.kind());
        // a bin's error names its header's offset, as every other value's does (it named its content's)
        e = assertThrows(MessagePackException.class, () -> f.unpack(hex("92-a1-41-c4-02-41-42"), String[].class));
        assertEquals(3, e.offset(), e.getMessage());
        e = assertThrows(MessagePackException.class, () -> f.unpack(hex("92-a1-41-c5-00-02-41-42"), String[].class));
        assertEquals(3, e.offset(), e.getMessage());
        assertArrayEquals(new byte[] {0x41, 0x42}, f.unpack(hex("c6-00-00-00-02-41-42"), byte[].class));
    }

    /** Nested registered extensions within maxDepth pack and unpack on a small stack, as nested lists do. */
    @Test
    void nestedRegisteredExtensions_smallStack_runAgainOnADeepOne() throws Exception {
        MessagePackFactory f = registered();
        Object v = 1L;
        for (int i = 0; i < 900; i++) {
            v = new Box(v);
        }
        Object deep = v;
        byte[] packed = DeepNestingTest.onSmallStack(() -> f.pack(deep));
        Object back = DeepNestingTest.onSmallStack(() -> f.unpack(packed));
        int depth = 0;
        while (back instanceof Box) {
            back = ((Box) back).content;
            depth++;
        }
        assertEquals(900, depth);
        assertEquals(1L, back);
    }
}
