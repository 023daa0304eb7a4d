package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ExtensionRegistryTest {
    private static Registration bytes(Class<?> c, int type) {
        return new Registration(c, (byte) type, null, null, null, null, v -> new byte[0], b -> b);
    }

    private static ExtensionRegistry registry(Registration... inOrder) {
        Map<Class<?>, Registration> m = new LinkedHashMap<>();
        for (Registration r : inOrder) {
            ExtensionRegistry.add(m, r);
        }
        return new ExtensionRegistry(m);
    }

    @Test
    void forClass_exactRegistration_winsOverAnEarlierAssignableOne() {
        Registration number = bytes(Number.class, 1);
        Registration integer = bytes(Integer.class, 2);
        ExtensionRegistry reg = registry(number, integer);
        assertSame(integer, reg.forClass(Integer.class));
        assertSame(number, reg.forClass(Long.class));
        assertSame(number, reg.forClass(Number.class));
    }

    @Test
    void forClass_severalAssignable_takesTheFirstRegistered() {
        Registration comparable = bytes(Comparable.class, 1);
        Registration number = bytes(Number.class, 2);
        assertSame(comparable, registry(comparable, number).forClass(Long.class));
        assertSame(number, registry(number, comparable).forClass(Long.class));
        assertSame(comparable, registry(number, comparable).forClass(String.class));
    }

    @Test
    void forClass_unregistered_isNull() {
        ExtensionRegistry reg = registry(bytes(Number.class, 1));
        assertNull(reg.forClass(String.class));
        assertNull(reg.forClass(Object.class));
        assertNull(registry().forClass(String.class));
        assertTrue(registry().isEmpty());
        assertFalse(reg.isEmpty());
    }

    @Test
    void forType_findsByCode_nullForOthers() {
        Registration a = bytes(Integer.class, 0);
        Registration b = bytes(Long.class, 127);
        ExtensionRegistry reg = registry(a, b);
        assertSame(a, reg.forType((byte) 0));
        assertSame(b, reg.forType((byte) 127));
        assertNull(reg.forType((byte) 5));
        assertNull(reg.forType((byte) -1));
    }

    @Test
    void add_classAgain_movesToTheEnd_andCodeAgain_replaces() {
        Registration number = bytes(Number.class, 1);
        Registration comparable = bytes(Comparable.class, 2);
        Registration numberAgain = bytes(Number.class, 3);
        Registration integerOnCode2 = bytes(Integer.class, 2);
        ExtensionRegistry reg = registry(number, comparable, numberAgain, integerOnCode2);
        List<String> order = Arrays.stream(reg.inOrder()).map(r -> r.javaType.getSimpleName() + ":" + r.type)
                .collect(Collectors.toList());
        assertEquals(List.of("Number:3", "Integer:2"), order);
        assertNull(reg.forType((byte) 1));
        assertSame(integerOnCode2, reg.forType((byte) 2));
        assertSame(numberAgain, reg.forClass(Long.class));
        assertNull(reg.forClass(String.class)); // Comparable's registration was replaced on code 2
    }

    @Test
    void unpack_unpackerLeavingBytes_failsWithExtensionFailed() {
        Registration r = new Registration(Integer.class, (byte) 9, null, u -> (int) u.unpackLong(), null, null, null, null);
        byte[] payload = {0x01, 0x02};
        MessagePackException e = assertThrows(MessagePackException.class,
                () -> ExtensionRegistry.unpack(r, MessagePackFactory.defaults(), payload, 0, 2, 0, 1, 10));
        assertEquals(MessagePackException.Kind.EXTENSION_FAILED, e.kind());
        assertEquals(10, e.offset());
        assertEquals("the unpacker for extension type 9 (java.lang.Integer) left 1 of 2 payload bytes unread", e.detail());
        assertEquals(1, ExtensionRegistry.unpack(r, MessagePackFactory.defaults(), payload, 0, 1, 0, 1, 10));
    }

    @Test
    void unpack_stringForm_decodesThePayload() {
        Registration r = new Registration(StringBuilder.class, (byte) 4, null, null, Object::toString, StringBuilder::new,
                null, null);
        byte[] payload = "x\u00e9".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Object v = ExtensionRegistry.unpack(r, MessagePackFactory.defaults(), payload, 0, payload.length, 0, 1, 0);
        assertEquals("x\u00e9", v.toString());
    }
}
