package dev.hyson.msgpack;

import static dev.hyson.msgpack.MsgPackTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.JsonException;
import dev.hyson.JsonWriteException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Formats, values, options, limits and errors of the MessagePack API. */
class MessagePackTest {
    private static String packHex(Object v) {
        return hex(MessagePack.pack(v));
    }

    private static MessagePackException fails(byte[] input) {
        return assertThrows(MessagePackException.class, () -> MessagePack.unpack(input));
    }

    @Test
    void packLong_everyBoundary_smallestFormat() {
        assertEquals("00", packHex(0L));
        assertEquals("7f", packHex(127));
        assertEquals("cc-80", packHex(128));
        assertEquals("cc-ff", packHex(255));
        assertEquals("cd-01-00", packHex(256));
        assertEquals("cd-ff-ff", packHex(65535));
        assertEquals("ce-00-01-00-00", packHex(65536));
        assertEquals("ce-ff-ff-ff-ff", packHex(4294967295L));
        assertEquals("cf-00-00-00-01-00-00-00-00", packHex(4294967296L));
        assertEquals("ff", packHex(-1));
        assertEquals("e0", packHex(-32));
        assertEquals("d0-df", packHex(-33));
        assertEquals("d0-80", packHex(-128));
        assertEquals("d1-ff-7f", packHex(-129));
        assertEquals("d1-80-00", packHex(-32768));
        assertEquals("d2-ff-ff-7f-ff", packHex(-32769));
        assertEquals("d2-80-00-00-00", packHex((long) Integer.MIN_VALUE));
        assertEquals("d3-ff-ff-ff-ff-7f-ff-ff-ff", packHex(Integer.MIN_VALUE - 1L));
        assertEquals("d3-80-00-00-00-00-00-00-00", packHex(Long.MIN_VALUE));
        assertEquals("cf-7f-ff-ff-ff-ff-ff-ff-ff", packHex(Long.MAX_VALUE));
    }

    @Test
    void uint64_aboveLongMax_bigIntegerAndBack() {
        byte[] b = hex("cf-ff-ff-ff-ff-ff-ff-ff-ff");
        Object v = MessagePack.unpack(b);
        assertEquals(new BigInteger("18446744073709551615"), v);
        assertArrayEquals(b, MessagePack.pack(v));
        assertEquals(new BigInteger("9223372036854775808"), MessagePack.unpack(hex("cf-80-00-00-00-00-00-00-00")));
        MessagePackException e = assertThrows(MessagePackException.class, () -> MessagePack.pack(BigInteger.ONE.shiftLeft(64)));
        assertEquals(MessagePackException.Kind.UNSUPPORTED_VALUE, e.kind());
    }

    @Test
    void unpack_integerFormats_long() {
        assertEquals(255L, MessagePack.unpack(hex("cc-ff")));
        assertEquals(65535L, MessagePack.unpack(hex("cd-ff-ff")));
        assertEquals(4294967295L, MessagePack.unpack(hex("ce-ff-ff-ff-ff")));
        assertEquals(-1L, MessagePack.unpack(hex("d0-ff")));
        assertEquals(-1L, MessagePack.unpack(hex("d1-ff-ff")));
        assertEquals(-1L, MessagePack.unpack(hex("d2-ff-ff-ff-ff")));
        assertEquals(-1L, MessagePack.unpack(hex("d3-ff-ff-ff-ff-ff-ff-ff-ff")));
        assertEquals(-32L, MessagePack.unpack(hex("e0")));
    }

    @Test
    void floats_float32KeptAndFloat64() {
        assertEquals("ca-3f-c0-00-00", packHex(1.5f));
        assertEquals("cb-3f-f8-00-00-00-00-00-00", packHex(1.5));
        assertEquals(1.5f, MessagePack.unpack(hex("ca-3f-c0-00-00")));
        assertEquals(1.5, MessagePack.unpack(hex("cb-3f-f8-00-00-00-00-00-00")));
        MessagePackFactory wide = MessagePackFactory.builder().floatAsFloat32(false).build();
        assertEquals("cb-3f-f8-00-00-00-00-00-00", hex(wide.pack(1.5f)));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits((Double) MessagePack.unpack(MessagePack.pack(-0.0))));
        assertTrue(Double.isNaN((Double) MessagePack.unpack(MessagePack.pack(Double.NaN))));
    }

    @Test
    void strings_everyHeader_andUtf8() {
        assertEquals("a0", packHex(""));
        assertEquals("a3-61-62-63", packHex("abc"));
        assertEquals("d9-20", packHex("x".repeat(32)).substring(0, 5));
        assertEquals("da-01-00", packHex("x".repeat(256)).substring(0, 8));
        assertEquals("db-00-01-00-00", packHex("x".repeat(65536)).substring(0, 14));
        assertEquals("a2-c3-a9", packHex("é"));
        assertEquals("a4-f0-9f-98-80", packHex("\uD83D\uDE00"));
        assertEquals("a1-3f", packHex("\uD800")); // lone surrogate: '?' as String.getBytes
        // 11 chars of 3 bytes = 33 bytes: the header guessed from the char count (fixstr) must grow to str8
        String cjk = "日本語日本語日本語日本";
        byte[] p = MessagePack.pack(cjk);
        assertEquals("d9-21", hex(Arrays.copyOf(p, 2)));
        assertEquals(cjk, MessagePack.unpack(p));
        String big = "é".repeat(40000); // 80,000 bytes: str32, guessed str16
        assertEquals(big, MessagePack.unpack(MessagePack.pack(big)));
        assertEquals("abc", MessagePack.unpack(hex("d9-03-61-62-63")));
        assertEquals("abc", MessagePack.unpack(hex("da-00-03-61-62-63")));
        assertEquals("abc", MessagePack.unpack(hex("db-00-00-00-03-61-62-63")));
    }

    @Test
    void strings_invalidUtf8_errorOrReplacement() {
        byte[] bad = hex("a2-c3-28");
        MessagePackException e = fails(bad);
        assertEquals(MessagePackException.Kind.INVALID_UTF8, e.kind());
        assertEquals(1, e.offset()); // the first byte of the str's UTF-8
        MessagePackFactory lenient = MessagePackFactory.builder().invalidUtf8(MessagePackFactory.Utf8Policy.REPLACE).build();
        assertEquals("\uFFFD(", lenient.unpack(bad));
        assertEquals(MessagePackException.Kind.INVALID_UTF8, fails(hex("81-a2-c3-28-01")).kind()); // as a key too
        assertEquals(MessagePackException.Kind.INVALID_UTF8, fails(hex("a3-ed-a0-80")).kind()); // encoded surrogate
        // the offset is the ill-formed sequence's, after a U+FFFD that is well-formed (ef-bf-bd)
        e = fails(hex("a6-61-ef-bf-bd-62-ff"));
        assertEquals(MessagePackException.Kind.INVALID_UTF8, e.kind());
        assertEquals(6, e.offset());
        assertEquals("a\uFFFDb\u00e9", MessagePack.unpack(MessagePack.pack("a\uFFFDb\u00e9")));
        assertEquals("\uFFFD", MessagePack.unpack(hex("a3-ef-bf-bd")));
    }

    @Test
    void binary_everyHeader_andOptions() {
        assertEquals("c4-02-00-ff", packHex(new byte[] {0, (byte) 0xff}));
        assertEquals("c5-01-00", packHex(new byte[256]).substring(0, 8));
        assertEquals("c6-00-01-00-00", packHex(new byte[65536]).substring(0, 14));
        assertArrayEquals(new byte[] {1, 2}, (byte[]) MessagePack.unpack(hex("c5-00-02-01-02")));
        assertArrayEquals(new byte[] {1, 2}, (byte[]) MessagePack.unpack(hex("c6-00-00-00-02-01-02")));
        MessagePackFactory asStr = MessagePackFactory.builder().binaryForByteArrays(false).build();
        assertEquals("a2-61-62", hex(asStr.pack("ab".getBytes())));
    }

    @Test
    void compatibility_noStr8NoBin() {
        MessagePackFactory old = MessagePackFactory.builder().compatibility(true).build();
        assertEquals("da-00-20", hex(old.pack("x".repeat(32))).substring(0, 8));
        assertEquals("a2-01-02", hex(old.pack(new byte[] {1, 2})));
        assertEquals("da-01-00", hex(old.pack(new byte[256])).substring(0, 8));
        assertEquals("a1-78", hex(old.pack("x")));
    }

    @Test
    void containers_everyHeader_finalValues() {
        List<Object> fifteen = new ArrayList<>();
        for (long i = 0; i < 15; i++) {
            fifteen.add(i);
        }
        assertEquals("9f", packHex(fifteen).substring(0, 2));
        fifteen.add(15L);
        assertEquals("dc-00-10", packHex(fifteen).substring(0, 8));
        assertEquals(fifteen, MessagePack.unpack(MessagePack.pack(fifteen)));
        List<Object> big = new ArrayList<>(java.util.Collections.nCopies(65536, null));
        assertEquals("dd-00-01-00-00", packHex(big).substring(0, 14));
        assertEquals(big, MessagePack.unpack(MessagePack.pack(big)));
        Map<Object, Object> m = new LinkedHashMap<>();
        for (long i = 0; i < 16; i++) {
            m.put("k" + i, i);
        }
        assertEquals("de-00-10", packHex(m).substring(0, 8));
        assertEquals(m, MessagePack.unpack(MessagePack.pack(m)));
        assertEquals(Map.of(), MessagePack.unpack(hex("df-00-00-00-00")));
        assertEquals(List.of(), MessagePack.unpack(hex("dd-00-00-00-00")));
        assertInstanceOf(dev.hyson.tree.MemberMap.class, MessagePack.unpack(hex("80")));
        assertInstanceOf(ArrayList.class, MessagePack.unpack(hex("90")));
    }

    @Test
    void mapKeys_anyType_integerStaysInteger() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1L, "one");
        m.put(true, "t");
        m.put(null, "nil");
        m.put("s", 2L);
        m.put(List.of(1L), "list");
        Object back = MessagePack.unpack(MessagePack.pack(m));
        assertEquals(m, back);
        assertEquals("one", ((Map<?, ?>) back).get(1L));
        assertEquals(List.of(1L, "s", List.of(1L)).size(), 3);
    }

    @Test
    void mapKeys_sharedThroughKeyCache() {
        Map<?, ?> a = (Map<?, ?>) MessagePack.unpack(MessagePack.pack(Map.of("name", 1L)));
        Map<?, ?> b = (Map<?, ?>) MessagePack.unpack(MessagePack.pack(Map.of("name", 2L)));
        assertSame(a.keySet().iterator().next(), b.keySet().iterator().next());
    }

    @Test
    void nilTrueFalse() {
        assertEquals("c0", packHex(null));
        assertEquals("c3", packHex(true));
        assertEquals("c2", packHex(false));
        assertNull(MessagePack.unpack(hex("c0")));
        assertEquals(Boolean.TRUE, MessagePack.unpack(hex("c3")));
        assertEquals(Boolean.FALSE, MessagePack.unpack(hex("c2")));
    }

    @Test
    void timestamps_threeForms_andRejections() {
        assertEquals("d6-ff-00-00-00-01", packHex(Instant.ofEpochSecond(1)));
        assertEquals("d7-ff-00-00-00-04-00-00-00-00", packHex(Instant.ofEpochSecond(0, 1)));
        assertEquals("c7-0c-ff-00-00-00-00-ff-ff-ff-ff-ff-ff-ff-ff", packHex(Instant.ofEpochSecond(-1)));
        // 32-bit seconds are unsigned: 0xffffffff is 2106, not -1
        assertEquals(Instant.ofEpochSecond(4294967295L), MessagePack.unpack(hex("d6-ff-ff-ff-ff-ff")));
        assertEquals(Instant.ofEpochSecond(-62167219200L), MessagePack.unpack(hex("c7-0c-ff-00-00-00-00-ff-ff-ff-f1-86-8b-84-00")));
        // nanoseconds 10^9 in the 64-bit form: (10^9 << 34)
        long bad64 = 1_000_000_000L << 34;
        byte[] b = ByteBuffer.allocate(10).put((byte) 0xd7).put((byte) 0xff).putLong(bad64).array();
        assertEquals(MessagePackException.Kind.INVALID_TIMESTAMP, fails(b).kind());
        assertEquals(MessagePackException.Kind.INVALID_TIMESTAMP, fails(hex("c7-0c-ff-3b-9a-ca-00-00-00-00-00-00-00-00-00")).kind());
        assertEquals(MessagePackException.Kind.INVALID_TIMESTAMP, fails(hex("d5-ff-00-00")).kind());
        Instant t = Instant.parse("2018-01-02T03:04:05.678901234Z");
        assertEquals(t, MessagePack.unpack(MessagePack.pack(t)));
    }

    @Test
    void extensions_unknownKeptOrRejected_everyHeader() {
        assertEquals(new ExtensionValue((byte) 5, new byte[] {1}), MessagePack.unpack(hex("d4-05-01")));
        assertEquals("d8-05", packHex(new ExtensionValue((byte) 5, new byte[16])).substring(0, 5));
        assertEquals("c7-03-05-01-02-03", packHex(new ExtensionValue((byte) 5, new byte[] {1, 2, 3})));
        assertEquals("c8-01-00-05", packHex(new ExtensionValue((byte) 5, new byte[256])).substring(0, 11));
        assertEquals("c9-00-01-00-00-05", packHex(new ExtensionValue((byte) 5, new byte[65536])).substring(0, 17));
        MessagePackFactory strict = MessagePackFactory.builder().failOnUnknownExtension(true).build();
        MessagePackException e = assertThrows(MessagePackException.class, () -> strict.unpack(hex("92-01-d4-05-01")));
        assertEquals(MessagePackException.Kind.UNKNOWN_EXTENSION, e.kind());
        assertEquals(2, e.offset());
    }

    record Symbol(String name) {
    }

    record Point(long x, long y) {
    }

    record Box(Object content) {
    }

    @Test
    void registry_stringBytesAndRecursive() {
        MessagePackFactory f = MessagePackFactory.builder()
                .registerString(Symbol.class, 1, Symbol::name, Symbol::new)
                .registerBytes(java.util.UUID.class, 2, u -> ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
                        .putLong(u.getLeastSignificantBits()).array(), b -> {
                            ByteBuffer bb = ByteBuffer.wrap(b);
                            return new java.util.UUID(bb.getLong(), bb.getLong());
                        })
                .register(Point.class, 3, (p, out) -> out.packLong(p.x()).packLong(p.y()),
                        in -> new Point(in.unpackLong(), in.unpackLong()))
                .register(Box.class, 4, (b, out) -> out.packValue(b.content()), in -> new Box(in.unpackValue()))
                .build();
        assertEquals("d5-01-3a-61", hex(f.pack(new Symbol(":a"))));
        assertEquals("d5-03-01-02", hex(f.pack(new Point(1, 2))));
        java.util.UUID id = java.util.UUID.randomUUID();
        Map<Object, Object> doc = new LinkedHashMap<>();
        doc.put("sym", new Symbol("ünïcode"));
        doc.put("id", id);
        doc.put("box", new Box(List.of(new Point(1, 2), new Box(new Symbol("x")), "x".repeat(300))));
        Object back = f.unpack(f.pack(doc));
        assertEquals(doc, back);
        // the default factory knows none of them: raw extension values
        Map<?, ?> raw = (Map<?, ?>) MessagePack.unpack(f.pack(doc));
        assertEquals(new ExtensionValue((byte) 2, f.pack(id)).type(), ((ExtensionValue) raw.get("id")).type());
    }

    @Test
    void registry_nestedExtensions_countTowardMaxDepth_bothWays() {
        MessagePackFactory f = MessagePackFactory.builder().maxDepth(5)
                .register(Box.class, 4, (b, out) -> out.packValue(b.content()), in -> new Box(in.unpackValue()))
                .build();
        Object v = 1L;
        for (int i = 0; i < 5; i++) {
            v = new Box(v);
        }
        assertEquals(v, f.unpack(f.pack(v)));
        Object deeper = new Box(v);
        MessagePackException e = assertThrows(MessagePackException.class, () -> f.pack(deeper));
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        assertTrue(e.getMessage().startsWith("nesting deeper than maxDepth (5)"), e.getMessage());
        assertTrue(e.getMessage().endsWith(" at $"), e.getMessage()); // one path, not one per level
        // the same six levels packed by a factory that allows them are refused by this one
        MessagePackFactory wide = f.toBuilder().maxDepth(100).build();
        e = assertThrows(MessagePackException.class, () -> f.unpack(wide.pack(deeper)));
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        assertEquals(15, e.offset()); // the sixth ext header: five 3-byte ext8 headers before it
    }

    @Test
    void registry_registeredTypesComeBeforeBuiltInForms_inRegistrationOrder() {
        MessagePackFactory f = MessagePackFactory.builder()
                .registerBytes(Map.class, 10, m -> new byte[] {(byte) m.size()}, b -> Map.of())
                .registerString(CharSequence.class, 11, CharSequence::toString, x -> x)
                .registerString(String.class, 12, x -> x, x -> x)
                .build();
        // HashMap and LinkedHashMap have their own fast paths; the registration is asked first
        assertEquals("d4-0a-01", hex(f.pack(new java.util.HashMap<>(Map.of("a", 1L)))));
        assertEquals("d4-0a-00", hex(f.pack(new LinkedHashMap<>())));
        // an exact registration wins over an assignable one registered earlier
        assertEquals("d4-0c-61", hex(f.pack("a")));
        assertEquals("d4-0b-62", hex(f.pack(new StringBuilder("b"))));
        assertEquals("92-d4-0c-61-d4-0c-62", hex(f.pack(List.of("a", "b"))));
        // without the String registration, the first assignable one (CharSequence) packs strings
        MessagePackFactory g = MessagePackFactory.builder()
                .registerString(CharSequence.class, 11, CharSequence::toString, x -> x)
                .registerString(Comparable.class, 13, Object::toString, x -> x)
                .build();
        assertEquals("d4-0b-61", hex(g.pack("a")));
        assertEquals("d4-0d-35", hex(g.pack(5L))); // a Long is Comparable: its string form "5"
    }

    @Test
    void pack_extensionValueOfTypeMinusOne_mustBeATimestamp() {
        MessagePackException e = assertThrows(MessagePackException.class,
                () -> MessagePack.pack(new ExtensionValue((byte) -1, new byte[] {1, 2, 3})));
        assertEquals(MessagePackException.Kind.UNSUPPORTED_VALUE, e.kind());
        assertTrue(e.getMessage().contains("timestamp payload of 3 bytes"), e.getMessage());
        // nanoseconds of 10^9 in the 64-bit form
        byte[] badNanos = ByteBuffer.allocate(8).putLong(1_000_000_000L << 34).array();
        assertThrows(MessagePackException.class, () -> MessagePack.pack(new ExtensionValue((byte) -1, badNanos)));
        // a valid payload is packed as it is and reads back as the Instant
        byte[] ok = ByteBuffer.allocate(4).putInt(7).array();
        assertEquals(Instant.ofEpochSecond(7), MessagePack.unpack(MessagePack.pack(new ExtensionValue((byte) -1, ok))));
        MessagePackFactory lossless = MessagePackFactory.builder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();
        assertThrows(MessagePackException.class, () -> lossless.fromJson("{\"$ext\":{\"type\":-1,\"data\":\"AAA=\"}}"));
    }

    @Test
    void extensionPacker_clearingThePacker_isRefused() {
        MessagePackFactory f = MessagePackFactory.builder()
                .register(Box.class, 4, (b, out) -> out.clear(), in -> new Box(null))
                .build();
        MessagePackException e = assertThrows(MessagePackException.class, () -> f.pack(List.of(1L, new Box(1L))));
        assertEquals(MessagePackException.Kind.UNSUPPORTED_VALUE, e.kind());
        assertTrue(e.getMessage().contains("clear() called while an extension payload is being packed"), e.getMessage());
        assertTrue(e.getMessage().endsWith("at $[1]"), e.getMessage());
    }

    @Test
    void toJson_anythingUnpacked_hasRoomInTheJsonWriter() {
        // 999 arrays around an extension: the tagged object is two JSON levels more
        byte[] deep = new byte[999 + 3];
        Arrays.fill(deep, 0, 999, (byte) 0x91);
        deep[999] = (byte) 0xd4;
        deep[1000] = 5;
        deep[1001] = 1;
        String json = MessagePack.toJson(deep);
        assertTrue(json.startsWith("[".repeat(999) + "{\"$ext\":{\"type\":5,\"data\":\"AQ==\"}}"), json.substring(990, 1040));
        // 400 integer-keyed maps: three JSON levels each in the lossless form
        byte[] maps = new byte[801];
        for (int i = 0; i < 400; i++) {
            maps[2 * i] = (byte) 0x81;
            maps[2 * i + 1] = 1;
        }
        maps[800] = (byte) 0xc0;
        MessagePackFactory lossless = MessagePackFactory.builder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();
        String text = lossless.toJson(maps);
        assertTrue(text.startsWith("{\"$map\":[[1,{\"$map\":[[1,"), text.substring(0, 40));
        assertArrayEquals(maps, lossless.fromJson(text));
        // a bin map key is the same base64 text as a bin value (not that text as JSON)
        Map<Object, Object> binKey = new LinkedHashMap<>();
        binKey.put(new byte[] {1}, new byte[] {1});
        assertEquals("{\"AQ==\":\"AQ==\"}", MessagePack.toJson(MessagePack.pack(binKey)));
    }

    @Test
    void toJson_keyWrittenAsTextCollidingWithAStrKey_isAnError() {
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> MessagePack.toJson(hex("82-90-01-a2-5b-5d-02")));
        assertEquals("two map keys write the same member name \"[]\" (RFC 8259 section 4: names should be unique)", e.problem());
        assertEquals("$['[]']", e.path());
        e = assertThrows(JsonWriteException.class, () -> MessagePack.toJson(hex("92-c0-81-01-82-90-01-a2-5b-5d-02")));
        assertEquals("$[1]['1']['[]']", e.path()); // located inside the outer containers
        MessagePackFactory lossless = MessagePackFactory.builder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();
        assertArrayEquals(hex("82-90-01-a2-5b-5d-02"), lossless.fromJson(lossless.toJson(hex("82-90-01-a2-5b-5d-02"))));
    }

    @Test
    void compatibility_rawThatIsNotUtf8_readBackAsBytes() {
        MessagePackFactory compat = MessagePackFactory.builder().compatibility(true).build();
        byte[] packed = compat.pack(List.of(new byte[] {(byte) 0xff, 1}, "é"));
        assertEquals("92-a2-ff-01-a2-c3-a9", hex(packed));
        List<?> back = (List<?>) compat.unpack(packed);
        assertArrayEquals(new byte[] {(byte) 0xff, 1}, (byte[]) back.get(0));
        assertEquals("é", back.get(1));
        assertEquals(MessagePackException.Kind.INVALID_UTF8, fails(packed).kind()); // the default factory is strict
        MessageUnpacker u = compat.newUnpacker(packed);
        u.unpackArrayHeader();
        assertThrows(MessagePackException.class, u::unpackString); // unpackString always means a String
    }

    @Test
    void pullReaders_truncatedOverAStream_consumeNothing() {
        for (String input : new String[] {"cb-00", "ca-00-00", "cf-ff"}) {
            MessageUnpacker u = MessagePackFactory.defaults().newUnpacker(new ByteArrayInputStream(hex(input)));
            MessagePackException e = assertThrows(MessagePackException.class,
                    input.startsWith("cf") ? u::unpackBigInteger : u::unpackDouble);
            assertEquals(MessagePackException.Kind.TRUNCATED, e.kind());
            assertEquals(0, u.offset(), input);
        }
    }

    @Test
    void fromJson_malformedLosslessTags_sayWhatTheTagHolds() {
        MessagePackFactory lossless = MessagePackFactory.builder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();
        MessagePackException e = assertThrows(MessagePackException.class, () -> lossless.fromJson("{\"$bin\":5}"));
        assertEquals("malformed lossless JSON tag: $bin must hold a base64 string", e.getMessage());
        e = assertThrows(MessagePackException.class, () -> lossless.fromJson("{\"$ext\":{\"type\":1.5,\"data\":\"\"}}"));
        assertEquals("malformed lossless JSON tag: $ext must hold an object {\"type\": -128..127, \"data\": base64 string}",
                e.getMessage());
    }

    @Test
    void records_withoutRegistration_packedAsMaps() {
        Map<Object, Object> want = new LinkedHashMap<>();
        want.put("x", 1L);
        want.put("y", 2L);
        assertEquals(want, MessagePack.unpack(MessagePack.pack(new Point(1, 2))));
    }

    @Test
    void registry_unpackerThatThrowsOrLeavesBytes_libraryException() {
        MessagePackFactory f = MessagePackFactory.builder()
                .register(Point.class, 3, (p, out) -> out.packLong(p.x()).packLong(p.y()), in -> new Point(in.unpackLong(), 0))
                .register(Box.class, 4, (b, out) -> out.packValue(b.content()), in -> {
                    throw new IllegalStateException("boom");
                })
                .build();
        assertEquals(MessagePackException.Kind.EXTENSION_FAILED,
                assertThrows(MessagePackException.class, () -> f.unpack(f.pack(new Point(1, 2)))).kind());
        MessagePackException e = assertThrows(MessagePackException.class, () -> f.unpack(f.pack(new Box(1))));
        assertEquals(MessagePackException.Kind.EXTENSION_FAILED, e.kind());
        assertInstanceOf(IllegalStateException.class, e.getCause());
        // an unpacker reading past its payload is the extension's failure, not a truncated input
        MessagePackFactory greedy = MessagePackFactory.builder()
                .register(Point.class, 3, (p, out) -> out.packLong(p.x()).packLong(p.y()),
                        in -> new Point(in.unpackLong() + in.unpackLong(), in.unpackLong()))
                .build();
        e = assertThrows(MessagePackException.class, () -> greedy.unpack(greedy.pack(List.of(new Point(1, 2)))));
        assertEquals(MessagePackException.Kind.EXTENSION_FAILED, e.kind());
        assertTrue(e.getMessage().contains("read past the end of its 2-byte payload"), e.getMessage());
    }

    @Test
    void reentrantPacking_fromExtensionPacker_doesNotClobberOuterBuffer() {
        MessagePackFactory f = MessagePackFactory.builder()
                .registerBytes(Box.class, 4, b -> MessagePack.pack(b.content()), bytes -> new Box(MessagePack.unpack(bytes)))
                .build();
        List<Object> doc = List.of("before", new Box(Map.of("inner", List.of(1L, 2L))), "after");
        assertEquals(doc, f.unpack(f.pack(doc)));
    }

    @Test
    void registry_rejectsReservedCodes() {
        assertThrows(IllegalArgumentException.class,
                () -> MessagePackFactory.builder().registerString(Symbol.class, -1, Symbol::name, Symbol::new));
    }

    @Test
    void bigDecimal_errorOrString() {
        MessagePackException e = assertThrows(MessagePackException.class, () -> MessagePack.pack(List.of(new BigDecimal("1.5"))));
        assertEquals(MessagePackException.Kind.UNSUPPORTED_VALUE, e.kind());
        assertTrue(e.getMessage().contains("$[0]"), e.getMessage());
        MessagePackFactory s = MessagePackFactory.builder().bigDecimals(MessagePackFactory.BigDecimalPolicy.STRING).build();
        assertEquals("1.5", s.unpack(s.pack(new BigDecimal("1.5"))));
    }

    @Test
    void pack_unknownType_pathInMessage() {
        MessagePackException e = assertThrows(MessagePackException.class,
                () -> MessagePack.pack(Map.of("users", List.of(Map.of("t", new Object())))));
        assertEquals(MessagePackException.Kind.UNSUPPORTED_VALUE, e.kind());
        assertTrue(e.getMessage().endsWith("at $.users[0].t"), e.getMessage());
        assertInstanceOf(JsonException.class, e);
    }

    @Test
    void pack_cycle_limitError() {
        List<Object> self = new ArrayList<>();
        self.add(self);
        MessagePackException e = assertThrows(MessagePackException.class, () -> MessagePack.pack(self));
        assertTrue(e.getMessage().contains("cycle"), e.getMessage());
    }

    @Test
    void pack_cycleThroughMapAndList_namesTheOutermostContainer() {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> l = new ArrayList<>();
        m.put("l", l);
        l.add(1L);
        l.add(m);
        MessagePackException e = assertThrows(MessagePackException.class, () -> MessagePack.pack(List.of(m)));
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        // the container found too deep (the list or the map, by the parity of maxDepth) is named,
        // with the path down to where it first encloses itself
        assertTrue(e.getMessage().equals(
                "cycle: this java.util.ArrayList contains itself (it is already being written at depth 2) at $[0].l[1].l")
                || e.getMessage().equals(
                "cycle: this java.util.LinkedHashMap contains itself (it is already being written at depth 1) at $[0].l[1]"),
                e.getMessage());
        // deep nesting without a cycle is not called one
        List<Object> deep = new ArrayList<>();
        List<Object> cur = deep;
        for (int i = 0; i < 2000; i++) {
            List<Object> next = new ArrayList<>();
            cur.add(next);
            cur = next;
        }
        e = assertThrows(MessagePackException.class, () -> MessagePack.pack(deep));
        assertTrue(e.getMessage().startsWith("nesting deeper than maxDepth"), e.getMessage());
        assertTrue(e.getMessage().endsWith("at $[0][0][0][0][0][0][0][0][0][0][0][0]...(976 levels)...[0][0][0][0][0][0][0][0][0][0][0][0]"),
                e.getMessage());
    }

    /** The UTF-8 the packer must write: String.getBytes (a lone surrogate as '?'), after its str header. */
    private static byte[] expectedStr(String s) {
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = utf8.length;
        if (n < 32) {
            out.write(0xa0 | n);
        } else if (n < 256) {
            out.write(0xd9);
            out.write(n);
        } else {
            out.write(0xda);
            out.write(n >> 8);
            out.write(n);
        }
        out.writeBytes(utf8);
        return out.toByteArray();
    }

    @Test
    void packString_everyCharClass_everyHeaderSize_equalsStringGetBytes() {
        java.util.Random rnd = new java.util.Random(42);
        char[] pool = {'a', '~', '\u00e9', '\u07ff', '\u0800', '\u4e2d', '\uffff', '\ud83d', '\ude00'};
        for (int len : new int[] {0, 1, 31, 32, 255, 256, 510, 511, 512, 513, 1023, 1024, 1500, 4000}) {
            for (int trial = 0; trial < 8; trial++) {
                StringBuilder sb = new StringBuilder();
                int ascii = trial % 2 == 0 ? rnd.nextInt(len + 1) : 0; // an ASCII head of any length
                for (int i = 0; i < len; i++) {
                    if (i < ascii) {
                        sb.append((char) ('a' + rnd.nextInt(26)));
                    } else if (rnd.nextInt(3) == 0) {
                        sb.append("\ud83d\ude00"); // a pair, which lands on chunk edges at some lengths
                    } else {
                        sb.append(pool[rnd.nextInt(pool.length)]);
                    }
                }
                String s = sb.toString();
                assertArrayEquals(expectedStr(s), MessagePack.pack(s), "length " + s.length());
                // the same string as a map key, twice: packed, then from the factory's name cache
                Map<String, Object> m = new LinkedHashMap<>();
                m.put(s, 1L);
                byte[] once = MessagePack.pack(m);
                assertArrayEquals(once, MessagePack.pack(m));
                byte[] key = Arrays.copyOfRange(once, 1, once.length - 1);
                assertArrayEquals(expectedStr(s), key, "key of length " + s.length());
            }
        }
    }

    @Test
    void packKey_cachedPerFactory_compatibilityHeadersKept() {
        String k = "k".repeat(40); // str8 by default, str16 in compatibility mode (no str8)
        Map<String, Object> m = Map.of(k, true);
        MessagePackFactory compat = MessagePackFactory.builder().compatibility(true).build();
        assertEquals("81-d9-28", packHex(m).substring(0, 8));
        assertEquals("81-da-00-28", hex(compat.pack(m)).substring(0, 11));
        assertEquals("81-d9-28", packHex(m).substring(0, 8));
        assertEquals("81-da-00-28", hex(compat.pack(m)).substring(0, 11));
        // a stream packer draining its buffer between keys writes the same bytes
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Map<String, Object> many = new LinkedHashMap<>();
        for (int i = 0; i < 3000; i++) {
            many.put("key-" + (i % 50) + "-" + i, (long) i);
        }
        MessagePack.pack(many, out);
        MessagePack.pack(many, out);
        byte[] both = out.toByteArray();
        byte[] one = MessagePack.pack(many);
        assertArrayEquals(one, Arrays.copyOfRange(both, 0, one.length));
        assertArrayEquals(one, Arrays.copyOfRange(both, one.length, both.length));
    }

    @Test
    void pack_otherJavaTypes() {
        assertEquals(List.of(1L, 2L), MessagePack.unpack(MessagePack.pack(new int[] {1, 2})));
        assertEquals(List.of(1.5), MessagePack.unpack(MessagePack.pack(new double[] {1.5})));
        assertEquals(List.of("a", 3L), MessagePack.unpack(MessagePack.pack(new Object[] {"a", (short) 3})));
        assertEquals("x", MessagePack.unpack(MessagePack.pack('x')));
        assertEquals("SECONDS", MessagePack.unpack(MessagePack.pack(java.util.concurrent.TimeUnit.SECONDS)));
        assertEquals(List.of(1L), MessagePack.unpack(MessagePack.pack(java.util.Set.of(1))));
        assertNull(MessagePack.unpack(MessagePack.pack(java.util.Optional.empty())));
        assertEquals(new StringBuilder("sb").toString(), MessagePack.unpack(MessagePack.pack(new StringBuilder("sb"))));
    }

    @Test
    void unpack_sliceByteBufferAndStream() {
        byte[] b = hex("ff-92-01-a1-61-ff");
        assertEquals(List.of(1L, "a"), MessagePack.unpack(b, 1, 4));
        assertEquals(List.of(1L, "a"), MessagePack.unpack(ByteBuffer.wrap(b, 1, 4)));
        ByteBuffer direct = ByteBuffer.allocateDirect(4).put(hex("92-01-a1-61")).flip();
        assertEquals(List.of(1L, "a"), MessagePack.unpack(direct));
        assertEquals(0, direct.position());
        assertEquals(List.of(1L, "a"), MessagePack.unpack(new ByteArrayInputStream(hex("92-01-a1-61"))));
        MessagePackException e = assertThrows(MessagePackException.class, () -> MessagePack.unpack(b, 1, 3));
        assertEquals(MessagePackException.Kind.TRUNCATED, e.kind());
        assertEquals(3, e.offset());
        assertEquals(MessagePackException.Kind.TRAILING_DATA, fails(hex("01-02")).kind());
    }

    /** An input stream that hands out one byte per read. */
    private static InputStream trickle(byte[] b) {
        return new InputStream() {
            int i;

            @Override
            public int read() {
                return i < b.length ? b[i++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] dst, int off, int len) {
                if (i >= b.length) {
                    return -1;
                }
                dst[off] = b[i++];
                return 1;
            }
        };
    }

    @Test
    void streamingUnpacker_sequenceOneByteAtATime_sameValues() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("long string", "x".repeat(20000));
        m.put(7L, new byte[70000]);
        m.put("t", Instant.ofEpochSecond(123, 456));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MessagePacker p = MessagePackFactory.defaults().newPacker(out);
        p.packValue(m).packValue(List.of(1L)).packNil().packString("end");
        p.flush();
        MessageUnpacker u = MessagePackFactory.defaults().newUnpacker(trickle(out.toByteArray()));
        Map<?, ?> got = (Map<?, ?>) u.unpackValue();
        assertEquals(m.get("long string"), got.get("long string"));
        assertArrayEquals((byte[]) m.get(7L), (byte[]) got.get(7L));
        assertEquals(List.of(1L), u.unpackValue());
        assertTrue(u.tryUnpackNil());
        assertEquals("end", u.unpackString());
        assertFalse(u.hasNext());
        assertEquals(out.size(), u.offset());
    }

    @Test
    void pullApi_headersFormatsAndSkip() {
        MessagePacker p = MessagePackFactory.defaults().newPacker();
        p.packMapHeader(2).packString("a").packArrayHeader(3).packInt(1).packDouble(2.5).packBoolean(true)
                .packString("b").packBinaryHeader(2).writePayload(new byte[] {9, 8});
        p.packExtensionHeader((byte) 7, 3).writePayload(new byte[] {1, 2, 3});
        p.packTimestamp(Instant.ofEpochSecond(5)).packBigInteger(new BigInteger("18446744073709551615"));
        p.packRawStringHeader(2).writePayload("hi".getBytes()).packFloat(0.5f);
        MessageUnpacker u = MessagePackFactory.defaults().newUnpacker(p.toByteArray());
        assertEquals(MessageFormat.FIXMAP, u.nextFormat());
        assertEquals(2, u.unpackMapHeader());
        assertEquals("a", u.unpackString());
        assertEquals(ValueType.ARRAY, u.nextValueType());
        assertEquals(3, u.unpackArrayHeader());
        assertEquals(1, u.unpackInt());
        assertEquals(2.5, u.unpackDouble());
        assertTrue(u.unpackBoolean());
        assertEquals("b", u.unpackString());
        assertEquals(MessageFormat.BIN8, u.nextFormat());
        assertArrayEquals(new byte[] {9, 8}, u.unpackBinary());
        MessageUnpacker.ExtensionHeader h = u.unpackExtensionHeader();
        assertEquals(new MessageUnpacker.ExtensionHeader((byte) 7, 3), h);
        assertArrayEquals(new byte[] {1, 2, 3}, u.readPayload(3));
        assertEquals(Instant.ofEpochSecond(5), u.unpackTimestamp());
        assertEquals(MessageFormat.UINT64, u.nextFormat());
        long before = u.offset();
        MessagePackException overflow = assertThrows(MessagePackException.class, u::unpackLong);
        assertEquals(MessagePackException.Kind.INTEGER_OVERFLOW, overflow.kind());
        assertEquals(before, u.offset()); // nothing consumed: the value can be read another way
        assertEquals(new BigInteger("18446744073709551615"), u.unpackBigInteger());
        // the same over a stream read one byte at a time (the buffer compacts between reads)
        MessageUnpacker s = MessagePackFactory.defaults().newUnpacker(new java.io.FilterInputStream(
                new ByteArrayInputStream(hex("01-cd-ff-ff-cf-ff-ff-ff-ff-ff-ff-ff-ff"))) {
            @Override
            public int read(byte[] b, int off, int len) throws java.io.IOException {
                return super.read(b, off, Math.min(len, 1));
            }
        });
        assertEquals(1, s.unpackInt());
        assertEquals(65535, s.unpackInt());
        assertEquals(MessagePackException.Kind.INTEGER_OVERFLOW, assertThrows(MessagePackException.class, s::unpackInt).kind());
        assertEquals(4, s.offset());
        assertEquals(MessagePackException.Kind.INTEGER_OVERFLOW, assertThrows(MessagePackException.class, s::unpackLong).kind());
        assertEquals(new BigInteger("18446744073709551615"), s.unpackBigInteger());
        assertFalse(s.hasNext());
        MessageUnpacker big = MessagePackFactory.defaults().newUnpacker(hex("ce-80-00-00-00"));
        assertEquals(MessagePackException.Kind.INTEGER_OVERFLOW, assertThrows(MessagePackException.class, big::unpackInt).kind());
        assertEquals(0, big.offset());
        assertEquals(2147483648L, big.unpackLong());
        MessageUnpacker u2 = MessagePackFactory.defaults().newUnpacker(p.toByteArray());
        u2.skipValue();
        u2.skipValue();
        u2.skipValue();
        assertEquals(new BigInteger("18446744073709551615"), u2.unpackBigInteger());
        assertEquals(2, u2.unpackStringHeader());
        u2.readPayload(new byte[2], 0, 2);
        assertEquals(0.5f, u2.unpackFloat());
        assertFalse(u2.hasNext());
        assertEquals(MessageFormat.NEVER_USED, MessageFormat.of(0xc1));
        assertEquals(MessagePackException.Kind.TYPE_MISMATCH,
                assertThrows(MessagePackException.class, () -> MessagePackFactory.defaults().newUnpacker(hex("a1-61")).unpackInt()).kind());
    }

    @Test
    void neverUsed_c1_invalidFormat() {
        MessagePackException e = fails(hex("92-01-c1"));
        assertEquals(MessagePackException.Kind.INVALID_FORMAT, e.kind());
        assertEquals(2, e.offset());
        assertThrows(MessagePackException.class, () -> MessagePackFactory.defaults().newUnpacker(hex("91-c1")).skipValue());
    }

    @Test
    void lyingLengths_failAtOnceWithoutAllocating() {
        for (String s : new String[] {"dd-ff-00-00-00", "df-ff-ff-ff-ff", "db-ff-ff-ff-ff", "c6-ff-ff-ff-ff", "c9-ff-ff-ff-ff-01",
            "dc-ff-ff", "de-00-02-01", "c5-00-05-01"}) {
            MessagePackException e = fails(hex(s));
            assertEquals(MessagePackException.Kind.TRUNCATED, e.kind(), s);
            assertEquals(0, e.offset(), s);
            MessagePackException skip = assertThrows(MessagePackException.class,
                    () -> MessagePackFactory.defaults().newUnpacker(hex(s)).skipValue(), s);
            assertEquals(MessagePackException.Kind.TRUNCATED, skip.kind(), s);
        }
        // over a stream, no bytes are there to check against: the limit answers, or the end of input
        MessagePackException e = assertThrows(MessagePackException.class,
                () -> MessagePack.unpack(new ByteArrayInputStream(hex("dd-ff-00-00-00"))));
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        e = assertThrows(MessagePackException.class, () -> MessagePack.unpack(new ByteArrayInputStream(hex("db-01-00-00-00-61"))));
        assertEquals(MessagePackException.Kind.TRUNCATED, e.kind());
    }

    @Test
    void limits_eachNamedInMessage() {
        MessagePackFactory small = MessagePackFactory.builder().maxStringLength(3).maxBinaryLength(2).maxContainerSize(2)
                .maxDocumentLength(100).maxDepth(2).build();
        assertTrue(assertThrows(MessagePackException.class, () -> small.unpack(hex("a4-61-62-63-64"))).getMessage().contains("maxStringLength"));
        assertTrue(assertThrows(MessagePackException.class, () -> small.unpack(hex("c4-03-01-02-03"))).getMessage().contains("maxBinaryLength"));
        assertTrue(assertThrows(MessagePackException.class, () -> small.unpack(hex("93-01-02-03"))).getMessage().contains("maxContainerSize"));
        assertTrue(assertThrows(MessagePackException.class, () -> small.unpack(hex("91-91-91-01"))).getMessage().contains("maxDepth"));
        assertEquals(List.of(List.of(1L)), small.unpack(hex("91-91-01")));
        assertTrue(assertThrows(MessagePackException.class, () -> small.unpack(new byte[101])).getMessage().contains("maxDocumentLength"));
        assertTrue(assertThrows(MessagePackException.class, () -> small.unpack(new ByteArrayInputStream(new byte[101])))
                .getMessage().contains("maxDocumentLength"));
        assertTrue(assertThrows(MessagePackException.class, () -> small.pack(List.of(List.of(List.of()))))
                .getMessage().contains("maxDepth"));
    }

    @Test
    void deepNesting_100000Arrays_limitErrorNotStackOverflow() {
        byte[] deep = new byte[100_000];
        Arrays.fill(deep, (byte) 0x91);
        MessagePackException e = fails(deep);
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        assertEquals(1000, e.offset());
        assertThrows(MessagePackException.class, () -> MessagePack.unpack(new ByteArrayInputStream(deep)));
        Arrays.fill(deep, (byte) 0x81);
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, fails(deep).kind());
        MessagePackFactory huge = MessagePackFactory.builder().maxDepth(Integer.MAX_VALUE).build();
        Arrays.fill(deep, (byte) 0x91);
        byte[] deeper = new byte[3_000_000];
        Arrays.fill(deeper, (byte) 0x91);
        MessagePackException e2 = assertThrows(MessagePackException.class, () -> huge.unpack(deeper));
        assertTrue(e2.kind() == MessagePackException.Kind.LIMIT_EXCEEDED || e2.kind() == MessagePackException.Kind.TRUNCATED);
    }

    @Test
    void packToStream_sameBytesAsToArray() {
        Map<String, Object> doc = Map.of("a", List.of(1L, "x".repeat(100_000), new byte[50_000]));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MessagePack.pack(doc, out);
        assertArrayEquals(MessagePack.pack(doc), out.toByteArray());
    }

    @Test
    void pooledPacker_largeThenSmall_correctOutput() {
        byte[] big = MessagePack.pack("x".repeat(10_000_000));
        assertEquals(10_000_005, big.length);
        assertEquals("a1-79", packHex("y"));
    }

    @Test
    void toJson_documentedForm() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("bin", new byte[] {1, 2, 3});
        m.put("t", Instant.parse("2018-01-02T03:04:05.678901234Z"));
        m.put("e", new ExtensionValue((byte) 9, new byte[] {(byte) 0xff}));
        m.put(1L, 1.5f);
        assertEquals("{\"bin\":\"AQID\",\"t\":\"2018-01-02T03:04:05.678901234Z\",\"e\":{\"$ext\":{\"type\":9,\"data\":\"/w==\"}},\"1\":1.5}",
                MessagePack.toJson(MessagePack.pack(m)));
        assertArrayEquals(MessagePack.pack(Map.of("a", List.of(1L, 2.5, "x"))), MessagePack.fromJson("{\"a\":[1,2.5,\"x\"]}"));
    }

    @Test
    void lossless_roundTripsExactly() {
        MessagePackFactory f = MessagePackFactory.builder().jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("bin", new byte[] {1, 2, 3});
        m.put("t", Instant.ofEpochSecond(-5, 7));
        m.put("e", new ExtensionValue((byte) 9, new byte[] {(byte) 0xff}));
        m.put("f", 1.1f);
        m.put("nan", Double.NaN);
        m.put("inf32", Float.NEGATIVE_INFINITY);
        m.put("big", new BigInteger("18446744073709551615"));
        Map<Object, Object> intKeys = new LinkedHashMap<>();
        intKeys.put(1L, "one");
        intKeys.put("two", 2L);
        m.put("intKeys", intKeys);
        m.put("looksTagged", Map.of("$bin", "not base64!"));
        m.put("list", List.of(2.0, -0.0, "s", true));
        byte[] packed = f.pack(m);
        String json = f.toJson(packed);
        byte[] again = f.fromJson(json);
        assertArrayEquals(packed, again, json);
        assertTrue(json.contains("{\"$map\":[[1,\"one\"],[\"two\",2]]}"), json);
    }

    @Test
    void toJsonStream_severalValues_oneLineEach() {
        ByteArrayOutputStream mp = new ByteArrayOutputStream();
        MessagePack.pack(Map.of("a", 1), mp);
        MessagePack.pack(List.of(true), mp);
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        long n = MessagePackFactory.defaults().toJson(new ByteArrayInputStream(mp.toByteArray()), json);
        assertEquals(2, n);
        assertEquals("{\"a\":1}\n[true]\n", json.toString());
    }
}
