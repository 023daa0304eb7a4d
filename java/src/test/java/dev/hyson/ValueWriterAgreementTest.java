package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.msgpack.MessagePack;
import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The JSON writer and the MessagePack packer decide what a value is once, the same way. */
class ValueWriterAgreementTest {
    private record Pair(String name, Object value) {
    }

    private record Failing(int v) {
        @Override
        public int v() {
            throw new IllegalStateException("no v");
        }
    }

    private enum Size { SMALL }

    /** Writes {@code value} both ways and checks that every backend reads the JSON as the packer's value. */
    private static Object assertSameValue(Object value) {
        String json = Json.write(value);
        Object unpacked = MessagePack.unpack(MessagePack.pack(value));
        for (Backend backend : TestSupport.backends()) {
            assertEquals(unpacked, TestSupport.reader(backend).parse(json), backend + ": " + json);
        }
        return unpacked;
    }

    @Test
    void write_charArray_isAStringInBoth() {
        char[] hi = {'h', 'i'};
        assertEquals("\"hi\"", Json.write(hi));
        assertEquals("hi", assertSameValue(hi));
        assertArrayEquals(new byte[] {(byte) 0xa2, 'h', 'i'}, MessagePack.pack(hi));
        assertEquals(List.of("hi", "é"), assertSameValue(List.of(hi, new char[] {'é'})));
    }

    @Test
    void write_mixedValues_agree() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pair", new Pair("p", List.of(1L, 2L)));
        m.put("optional", Optional.of("o"));
        m.put("empty", Optional.empty());
        m.put("optionalInt", OptionalInt.of(4));
        m.put("size", Size.SMALL);
        m.put("char", 'c');
        m.put("atomic", new AtomicLong(-9));
        m.put("builder", new StringBuilder("sb"));
        m.put("big", BigInteger.valueOf(1L << 40));
        m.put("ints", new int[] {1, -2});
        m.put("linked", new LinkedList<>(List.of(true, false)));
        m.put("objects", new Object[] {null, 1.5, "s"});
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("pair", Map.of("name", "p", "value", List.of(1L, 2L)));
        expected.put("optional", "o");
        expected.put("empty", null);
        expected.put("optionalInt", 4L);
        expected.put("size", "SMALL");
        expected.put("char", "c");
        expected.put("atomic", -9L);
        expected.put("builder", "sb");
        expected.put("big", 1L << 40);
        expected.put("ints", List.of(1L, -2L));
        expected.put("linked", List.of(true, false));
        expected.put("objects", java.util.Arrays.asList(null, 1.5, "s"));
        assertEquals(expected, assertSameValue(m));
    }

    @Test
    void write_cycle_sameErrorAndPathInBoth() {
        List<Object> list = new ArrayList<>();
        list.add(1);
        list.add(list);
        assertCycle("cycle: this java.util.ArrayList contains itself (it is already being written at depth 0) at $[1]",
                list);
        // through an Optional, which is a level of its own without a path segment
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("o", Optional.of(m));
        assertCycle("cycle: this java.util.LinkedHashMap contains itself (it is already being written at depth 0) at $.o",
                m);
    }

    private static void assertCycle(String expected, Object value) {
        JsonWriteException json = assertThrows(JsonWriteException.class, () -> Json.write(value));
        MessagePackException msgpack = assertThrows(MessagePackException.class, () -> MessagePack.pack(value));
        assertEquals(expected, json.getMessage());
        assertEquals(expected, msgpack.getMessage());
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, msgpack.kind());
    }

    @Test
    void write_depthLimit_countsTheSameLevelsInBoth() {
        Object value = List.of(Map.of("a", Optional.of(new int[] {1}))); // four levels: list, map, optional, array
        assertEquals("[{\"a\":[1]}]", JsonWriter.builder().maxDepth(4).build().write(value));
        MessagePackFactory four = MessagePackFactory.builder().maxDepth(4).build();
        assertEquals(List.of(Map.of("a", List.of(1L))), four.unpack(four.pack(value)));

        JsonWriteException json = assertThrows(JsonWriteException.class,
                () -> JsonWriter.builder().maxDepth(3).build().write(value));
        MessagePackException msgpack = assertThrows(MessagePackException.class,
                () -> MessagePackFactory.builder().maxDepth(3).build().pack(value));
        assertEquals("nesting deeper than maxDepth (3): raise it with JsonWriter.Builder.maxDepth at $[0].a",
                json.getMessage());
        assertEquals("nesting deeper than maxDepth (3): raise it with MessagePackFactory.Builder.maxDepth at $[0].a",
                msgpack.getMessage());
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, msgpack.kind());
    }

    @Test
    void write_throwingRecordAccessor_sameErrorInBoth() {
        String expected = "cannot read property v of " + Failing.class.getName()
                + ": java.lang.IllegalStateException: no v at $[0].v";
        assertEquals(expected, assertThrows(JsonWriteException.class, () -> Json.write(List.of(new Failing(1))))
                .getMessage());
        assertEquals(expected, assertThrows(MessagePackException.class, () -> MessagePack.pack(List.of(new Failing(1))))
                .getMessage());
    }

    @Test
    void write_unsupportedType_failsInBoth_byteArraysDiffer() {
        // the byte forms differ (JSON has no binary): the JSON writer writes base64, the packer bin
        assertEquals("\"AQI=\"", Json.write(new byte[] {1, 2}));
        assertArrayEquals(new byte[] {1, 2}, (byte[]) MessagePack.unpack(MessagePack.pack(new byte[] {1, 2})));
        JsonWriteException json = assertThrows(JsonWriteException.class, () -> Json.write(List.of(new Thread())));
        MessagePackException msgpack = assertThrows(MessagePackException.class,
                () -> MessagePack.pack(List.of(new Thread())));
        assertTrue(json.getMessage().startsWith("cannot write a value of type java.lang.Thread"), json.getMessage());
        assertTrue(msgpack.getMessage().startsWith("cannot pack a value of type java.lang.Thread"), msgpack.getMessage());
        assertEquals("$[0]", json.path());
        assertTrue(msgpack.getMessage().endsWith(" at $[0]"), msgpack.getMessage());
    }

    /** A CharSequence whose toString() breaks its contract by returning null. */
    private static final class NullText implements CharSequence {
        @Override
        public int length() {
            return 0;
        }

        @Override
        public char charAt(int index) {
            throw new IndexOutOfBoundsException(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return this;
        }

        @Override
        @SuppressWarnings("ToStringReturnsNull")
        public String toString() {
            return null;
        }
    }

    @Test
    void write_charSequenceWithNullText_failsTheSameWayInBoth() {
        List<Object> value = List.of(new NullText());
        JsonWriteException json = assertThrows(JsonWriteException.class, () -> Json.write(value));
        MessagePackException packed = assertThrows(MessagePackException.class, () -> MessagePack.pack(value));
        String name = NullText.class.getName();
        assertEquals("cannot write a " + name + " whose toString() is null at $[0]", json.getMessage());
        assertEquals("cannot pack a " + name + " whose toString() is null at $[0]", packed.getMessage());
    }
}
