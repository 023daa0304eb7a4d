package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

/**
 * The JSON corpus ({@code shared/corpus/*.json}) through MessagePack and back, and interoperability
 * with msgpack-java (msgpack-core 0.9.10) in both directions.
 */
class MsgPackCorpusInteropTest {
    private static List<Path> corpus() throws IOException {
        Path dir = MsgPackTestSupport.shared().map(s -> s.resolve("corpus")).orElse(null);
        assumeTrue(dir != null && Files.isDirectory(dir), "shared/corpus not found: set -Dhyson.shared=/path/to/shared");
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
    }

    @TestFactory
    Stream<DynamicTest> corpus_packUnpackAndJsonBack_equalValues() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path p : corpus()) {
            tests.add(DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
                byte[] json = Files.readAllBytes(p);
                Object value = Json.parse(json);
                byte[] packed = MessagePack.pack(value);
                assertEquals(value, MessagePack.unpack(packed));
                assertArrayEquals(packed, MessagePack.fromJson(json));
                assertEquals(value, Json.parse(MessagePack.toJson(packed)));
                // streamed both ways
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                MessagePackFactory.defaults().fromJson(new ByteArrayInputStream(json), out);
                assertArrayEquals(packed, out.toByteArray());
                assertEquals(value, MessagePack.unpack(new ByteArrayInputStream(packed)));
                // msgpack-java reads hyson's bytes to the same value, and hyson reads msgpack-java's
                Object theirs = readWithMsgpackJava(packed);
                assertEquals(value, theirs);
                assertEquals(value, MessagePack.unpack(writeWithMsgpackJava(value)));
            }));
        }
        assertTrue(tests.size() >= 10, "corpus has " + tests.size() + " documents");
        return tests.stream();
    }

    @Test
    void interop_everyFormatFamily_bothWays() throws IOException {
        MessageBufferPacker p = org.msgpack.core.MessagePack.newDefaultBufferPacker();
        p.packArrayHeader(20);
        p.packNil();
        p.packBoolean(true);
        p.packLong(-33);
        p.packLong(Long.MIN_VALUE);
        p.packBigInteger(new BigInteger("18446744073709551615"));
        p.packFloat(1.25f);
        p.packDouble(-2.5e300);
        p.packString("");
        p.packString("ü".repeat(200));
        p.packString("x".repeat(70000));
        p.packBinaryHeader(3);
        p.writePayload(new byte[] {1, 2, 3});
        p.packBinaryHeader(300);
        p.writePayload(new byte[300]);
        p.packExtensionTypeHeader((byte) 5, 16);
        p.writePayload(new byte[16]);
        p.packExtensionTypeHeader((byte) 5, 3);
        p.writePayload(new byte[3]);
        p.packTimestamp(Instant.ofEpochSecond(1514862245, 678901234));
        p.packTimestamp(Instant.ofEpochSecond(-62167219200L));
        p.packMapHeader(2);
        p.packInt(1);
        p.packString("int key");
        p.packString("k");
        p.packArrayHeader(0);
        p.packMapHeader(0);
        p.packArrayHeader(17);
        for (int i = 0; i < 17; i++) {
            p.packInt(i * 1000);
        }
        p.packInt(65536);
        byte[] theirs = p.toByteArray();
        Object mine = MessagePack.unpack(theirs);
        List<?> l = (List<?>) mine;
        assertEquals(20, l.size());
        assertEquals(new BigInteger("18446744073709551615"), l.get(4));
        assertEquals(1.25f, l.get(5));
        assertEquals("x".repeat(70000), l.get(9));
        assertEquals(Instant.ofEpochSecond(1514862245, 678901234), l.get(14));
        assertEquals(Instant.ofEpochSecond(-62167219200L), l.get(15));
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1L, "int key");
        m.put("k", List.of());
        assertEquals(m, l.get(16));
        // hyson's packing of that value is byte for byte what msgpack-java wrote (both use the smallest forms)
        assertArrayEquals(theirs, MessagePack.pack(mine));
        assertTrue(MsgPackTestSupport.same(mine, readWithMsgpackJava(MessagePack.pack(mine))));
    }

    /** msgpack-java's reading, converted to the same Java shapes hyson uses. */
    static Object readWithMsgpackJava(byte[] b) throws IOException {
        try (MessageUnpacker u = org.msgpack.core.MessagePack.newDefaultUnpacker(b)) {
            Object v = read(u);
            assertTrue(!u.hasNext());
            return v;
        }
    }

    private static Object read(MessageUnpacker u) throws IOException {
        ValueType t = u.getNextFormat().getValueType();
        switch (t) {
            case NIL:
                u.unpackNil();
                return null;
            case BOOLEAN:
                return u.unpackBoolean();
            case INTEGER:
                if (u.getNextFormat() == org.msgpack.core.MessageFormat.UINT64) {
                    BigInteger big = u.unpackBigInteger();
                    return big.bitLength() < 64 ? (Object) big.longValue() : big;
                }
                return u.unpackLong();
            case FLOAT:
                if (u.getNextFormat() == org.msgpack.core.MessageFormat.FLOAT32) {
                    return u.unpackFloat();
                }
                return u.unpackDouble();
            case STRING:
                return u.unpackString();
            case BINARY:
                return u.readPayload(u.unpackBinaryHeader());
            case ARRAY: {
                int n = u.unpackArrayHeader();
                List<Object> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    l.add(read(u));
                }
                return l;
            }
            case MAP: {
                int n = u.unpackMapHeader();
                Map<Object, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    Object k = read(u);
                    m.put(k, read(u));
                }
                return m;
            }
            default: {
                org.msgpack.core.ExtensionTypeHeader h = u.unpackExtensionTypeHeader();
                if (h.getType() == -1) {
                    return u.unpackTimestamp(h);
                }
                return new ExtensionValue(h.getType(), u.readPayload(h.getLength()));
            }
        }
    }

    /** msgpack-java's packing of a JSON-model value. */
    static byte[] writeWithMsgpackJava(Object v) throws IOException {
        MessageBufferPacker p = org.msgpack.core.MessagePack.newDefaultBufferPacker();
        write(p, v);
        return p.toByteArray();
    }

    @SuppressWarnings("unchecked")
    private static void write(MessagePacker p, Object v) throws IOException {
        if (v == null) {
            p.packNil();
        } else if (v instanceof String) {
            p.packString((String) v);
        } else if (v instanceof Long) {
            p.packLong((Long) v);
        } else if (v instanceof BigInteger) {
            p.packBigInteger((BigInteger) v);
        } else if (v instanceof Double) {
            p.packDouble((Double) v);
        } else if (v instanceof Boolean) {
            p.packBoolean((Boolean) v);
        } else if (v instanceof Map) {
            Map<Object, Object> m = (Map<Object, Object>) v;
            p.packMapHeader(m.size());
            for (Map.Entry<Object, Object> e : m.entrySet()) {
                write(p, e.getKey());
                write(p, e.getValue());
            }
        } else {
            List<Object> l = (List<Object>) v;
            p.packArrayHeader(l.size());
            for (Object o : l) {
                write(p, o);
            }
        }
    }
}
