package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The generator: every supported type, the options, and its errors. */
class WriterTest {
    enum Color { RED, GREEN }

    record Point(int x, double y, String label) {
    }

    record Wrapper(Point point, List<Color> colors) {
    }

    static final class Opaque {
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** An Optional is a level for maxDepth but has no brackets: pretty output does not indent for it (found by a helper's attack run). */
    @Test
    void pretty_optionalLevels_areNotIndented() {
        JsonWriter w = JsonWriter.builder().pretty(true).build();
        assertEquals("[\n  1,\n  2\n]", w.write(Optional.of(List.of(1, 2))));
        assertEquals("{\n  \"a\": {\n    \"b\": [\n      1\n    ]\n  }\n}",
                w.write(Map.of("a", Optional.of(Map.of("b", List.of(1))))));
        assertEquals("[\n  [\n    1\n  ],\n  2\n]", w.write(List.of(Optional.of(Optional.of(List.of(1))), 2)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (dev.hyson.stream.JsonGenerator g = w.generator(out)) {
            g.writeStartArray().writeValue(Optional.of(List.of(1))).writeEndArray();
        }
        assertEquals("[\n  [\n    1\n  ]\n]", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void write_scalars() {
        assertEquals("null", Json.write(null));
        assertEquals("true", Json.write(true));
        assertEquals("\"a\"", Json.write("a"));
        assertEquals("-9223372036854775808", Json.write(Long.MIN_VALUE));
        assertEquals("9223372036854775807", Json.write(Long.MAX_VALUE));
        assertEquals("0", Json.write(0));
        assertEquals("-7", Json.write((short) -7));
        assertEquals("12", Json.write((byte) 12));
        assertEquals("1.0", Json.write(1.0));
        assertEquals("-0.0", Json.write(-0.0));
        assertEquals("1.0E23", Json.write(1e23));
        assertEquals("2.0E23", Json.write(2e23));
        assertEquals("0.1", Json.write(0.1));
        assertEquals("1.0E-7", Json.write(1e-7));
        assertEquals("4.9E-324", Json.write(Double.MIN_VALUE));
        assertEquals("0.1", Json.write(0.1f));
        assertEquals("3.4028235E38", Json.write(Float.MAX_VALUE));
        assertEquals("123456789012345678901234567890", Json.write(new BigInteger("123456789012345678901234567890")));
        assertEquals("1.50", Json.write(new BigDecimal("1.50")));
        assertEquals("1E+3", Json.write(new BigDecimal("1E+3")));
        assertEquals("5", Json.write(new AtomicLong(5)));
        assertEquals("\"x\"", Json.write('x'));
        assertEquals("\"GREEN\"", Json.write(Color.GREEN));
        assertEquals("\"sb\"", Json.write(new StringBuilder("sb")));
    }

    @Test
    void write_doubles_reparseToSameBits() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(1);
        for (int i = 0; i < 20_000; i++) {
            double d = Double.longBitsToDouble(rnd.nextLong());
            if (!Double.isFinite(d)) {
                continue;
            }
            String s = Json.write(d);
            Object back = Json.parse(s);
            assertTrue(back instanceof Double, s);
            assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits((Double) back), s);
        }
    }

    @Test
    void write_containersAndArrays() {
        assertEquals("{\"a\":[1,2.5,\"x\",null,true],\"b\":{}}",
                Json.write(map("a", Arrays.asList(1, 2.5, "x", null, true), "b", Map.of())));
        assertEquals("[1,2,3]", Json.write(new int[] {1, 2, 3}));
        assertEquals("[1,-2]", Json.write(new long[] {1, -2}));
        assertEquals("[0.5,1.0]", Json.write(new double[] {0.5, 1}));
        assertEquals("[0.1]", Json.write(new float[] {0.1f}));
        assertEquals("[true,false]", Json.write(new boolean[] {true, false}));
        assertEquals("\"/wI=\"", Json.write(new byte[] {-1, 2})); // base64, as binding reads byte[] back
        assertEquals("[3]", Json.write(new short[] {3}));
        assertEquals("\"a\\\"\"", Json.write(new char[] {'a', '"'})); // a char[] is a string, as in MessagePack
        assertEquals("[\"a\",[1]]", Json.write(new Object[] {"a", List.of(1)}));
        assertEquals("[]", Json.write(new String[0]));
        assertEquals("[1,2]", Json.write(new ArrayDeque<>(List.of(1, 2))));
        assertEquals("[\"only\"]", Json.write(Set.of("only")));
        assertEquals("{\"z\":1,\"a\":2}", Json.write(map("z", 1, "a", 2)));
        assertEquals("{\"a\":2,\"z\":1}", Json.write(new TreeMap<>(map("z", 1, "a", 2))));
        assertEquals("[\"v\",null]", Json.write(List.of(Optional.of("v"), Optional.empty())));
        assertEquals("[4,null]", Json.write(List.of(OptionalInt.of(4), OptionalInt.empty())));
    }

    @Test
    void write_mapKeys_asStrings() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1, "int");
        m.put(2.5, "double");
        m.put(true, "bool");
        m.put(Color.RED, "enum");
        m.put('c', "char");
        m.put(new StringBuilder("sb"), "cs");
        assertEquals("{\"1\":\"int\",\"2.5\":\"double\",\"true\":\"bool\",\"RED\":\"enum\",\"c\":\"char\",\"sb\":\"cs\"}", Json.write(m));
        Map<Object, Object> bad = new HashMap<>();
        bad.put(List.of(1), "x");
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> Json.write(map("outer", bad)));
        assertTrue(e.getMessage().contains("map key of type"), e.getMessage());
        assertEquals("$.outer['[1]']", e.path());
    }

    @Test
    void mapKeys_writingTheSameName_areRejected() {
        Map<Object, Object> both = new java.util.LinkedHashMap<>();
        both.put("1", "text");
        both.put(1, "number");
        for (JsonWriter w : List.of(JsonWriter.defaults(), JsonWriter.builder().sortKeys(true).build(),
                JsonWriter.builder().pretty(true).build())) {
            JsonWriteException e = assertThrows(JsonWriteException.class, () -> w.write(map("outer", both)));
            assertTrue(e.getMessage().contains("same member name \"1\""), e.getMessage());
            assertEquals("$.outer['1']", e.path());
        }
        Map<Object, Object> nullKey = new java.util.HashMap<>();
        nullKey.put(null, 1);
        assertEquals("$.outer[null]", assertThrows(JsonWriteException.class, () -> Json.write(map("outer", nullKey))).path());
        Map<Object, Object> distinct = new java.util.LinkedHashMap<>();
        distinct.put(1, "a");
        distinct.put(2L, "b");
        distinct.put("3", "c");
        assertEquals("{\"1\":\"a\",\"2\":\"b\",\"3\":\"c\"}", Json.write(distinct));
    }

    @Test
    void write_records_componentsInOrder() {
        assertEquals("{\"x\":1,\"y\":2.0,\"label\":\"p\"}", Json.write(new Point(1, 2, "p")));
        assertEquals("{\"point\":{\"x\":0,\"y\":-1.5,\"label\":null},\"colors\":[\"RED\",\"GREEN\"]}",
                Json.write(new Wrapper(new Point(0, -1.5, null), List.of(Color.RED, Color.GREEN))));
    }

    @Test
    void write_unsupportedType_namesTypeAndPath() {
        JsonWriteException e = assertThrows(JsonWriteException.class,
                () -> Json.write(map("users", List.of(map("name", "a"), map("name", "b", "tag", new Opaque())))));
        assertEquals("$.users[1].tag", e.path());
        assertTrue(e.getMessage().contains(Opaque.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("JsonEncoder"), e.getMessage());
        assertEquals("$['odd key'][0]", assertThrows(JsonWriteException.class,
                () -> Json.write(map("odd key", List.of(new Opaque())))).path());
        assertEquals("$", assertThrows(JsonWriteException.class, () -> Json.write(new Opaque())).path());
    }

    static final class Injecting extends BigInteger {
        private static final long serialVersionUID = 1L;

        Injecting() {
            super("1");
        }

        @Override
        public String toString() {
            return "1,\"admin\":true";
        }
    }

    @Test
    void write_hostileValues_areWriteErrors() {
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> Json.write(map("id", new Injecting())));
        assertEquals("$.id", e.path());
        CharSequence nullText = new WriteEdgeTest.NoText();
        assertThrows(JsonWriteException.class, () -> Json.write(List.of(nullText)));
        java.util.LinkedList<Object> growing = new java.util.LinkedList<>(List.of(new Opaque(), 2, 3));
        JsonWriter w = JsonWriter.builder().encoder(Opaque.class, o -> {
            growing.add(4); // the list changes while it is being written
            return "x";
        }).build();
        JsonWriteException changed = assertThrows(JsonWriteException.class, () -> w.write(growing));
        assertTrue(changed.getMessage().contains("changed while it was being written"), changed.getMessage());
    }

    @Test
    void write_encoders_replaceValues() {
        JsonWriter w = JsonWriter.builder()
                .encoder(Instant.class, Instant::toString)
                .encoder(Opaque.class, o -> map("opaque", true))
                .encoder(CharSequence.class, cs -> "cs:" + cs) // a supertype; String itself stays built in
                .build();
        assertEquals("[\"1970-01-01T00:00:00Z\",{\"opaque\":true},\"cs:sb\",\"plain\"]",
                w.write(List.of(Instant.EPOCH, new Opaque(), new StringBuilder("sb"), "plain")));
        JsonWriter forever = JsonWriter.builder().encoder(Opaque.class, o -> new Opaque()).build();
        assertTrue(assertThrows(JsonWriteException.class, () -> forever.write(new Opaque())).getMessage().contains("maxDepth"));
    }

    @Test
    void write_cycles_areErrors() {
        List<Object> list = new ArrayList<>();
        list.add(1);
        list.add(list);
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> Json.write(list));
        assertTrue(e.getMessage().startsWith("cycle"), e.getMessage());
        assertEquals("$[1]", e.path()); // where the list refers back to itself
        Map<String, Object> outer = new LinkedHashMap<>();
        Map<String, Object> inner = new LinkedHashMap<>();
        outer.put("a", inner);
        inner.put("up", outer);
        assertEquals("$.a.up", assertThrows(JsonWriteException.class, () -> Json.write(outer)).path());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("self", m);
        assertTrue(assertThrows(JsonWriteException.class, () -> Json.write(m)).getMessage().startsWith("cycle"));
        // deep but acyclic nesting beyond the limit is reported as depth
        Object deep = List.of();
        for (int i = 0; i < 1500; i++) {
            deep = List.of(deep);
        }
        Object d = deep;
        JsonWriteException deepError = assertThrows(JsonWriteException.class, () -> Json.write(d));
        assertTrue(deepError.getMessage().contains("maxDepth (1000)"), deepError.getMessage());
        assertTrue(deepError.path().length() < 200 && deepError.path().contains("levels"), deepError.path());
        assertEquals(3002, JsonWriter.builder().maxDepth(2000).build().write(deep).length());
    }

    @Test
    void write_nonFinite_rejectedUnlessAllowed() {
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> Json.write(map("v", Double.NaN)));
        assertEquals("$.v", e.path());
        assertTrue(e.getMessage().contains("NaN"), e.getMessage());
        assertThrows(JsonWriteException.class, () -> Json.write(Float.POSITIVE_INFINITY));
        assertEquals("[NaN,Infinity,-Infinity]", JsonWriter.builder().allowNonFinite(true).build()
                .write(List.of(Double.NaN, Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)));
    }

    @Test
    void write_strings_escapesAndOptions() {
        String s = "q\" b\\ / \b\f\n\r\t \u0001 \u007f \u00e9 \u65e5 \uD83D\uDE00 \u2028";
        assertEquals("\"q\\\" b\\\\ / \\b\\f\\n\\r\\t \\u0001 \u007f \u00e9 \u65e5 \uD83D\uDE00 \u2028\"", Json.write(s));
        assertEquals("\"q\\\" b\\\\ / \\b\\f\\n\\r\\t \\u0001 \u007f \\u00e9 \\u65e5 \\ud83d\\ude00 \\u2028\"",
                JsonWriter.builder().asciiOnly(true).build().write(s));
        assertEquals("\"q\\\" b\\\\ \\/ \\b\\f\\n\\r\\t \\u0001 \u007f \u00e9 \u65e5 \uD83D\uDE00 \\u2028\"",
                JsonWriter.builder().scriptSafe(true).build().write(s));
        assertEquals("\"</script>\"", Json.write("</script>"));
        assertEquals("\"<\\/script>\"", JsonWriter.builder().scriptSafe(true).build().write("</script>"));
        for (String str : List.of(s, "", "x".repeat(5000) + "\u00e9".repeat(3000) + "\uD83D\uDE00".repeat(2000),
                "a" + "\uD83D\uDE00".repeat(700), "ab" + "\uD83D\uDE00".repeat(700) + "\uD800")) {
            assertEquals(str, Json.parse(Json.write(str)));
            assertEquals(str, Json.parse(JsonWriter.builder().asciiOnly(true).build().write(str)));
        }
    }

    @Test
    void write_loneSurrogate_escapedNeverInvalidUtf8() {
        String s = "a\uD800b\uDC00";
        byte[] out = Json.writeBytes(s);
        assertEquals("\"a\\ud800b\\udc00\"", new String(out, StandardCharsets.UTF_8));
        assertEquals(s, Json.parse(out));
    }

    @Test
    void write_prettyAndSorted() {
        Object v = map("b", List.of(1, map()), "a", map("y", List.of(), "x", true));
        assertEquals("{\n  \"b\": [\n    1,\n    {}\n  ],\n  \"a\": {\n    \"y\": [],\n    \"x\": true\n  }\n}",
                JsonWriter.builder().pretty(true).build().write(v));
        assertEquals("{\n    \"a\": {\n        \"x\": true,\n        \"y\": []\n    },\n    \"b\": [\n        1,\n        {}\n    ]\n}",
                JsonWriter.builder().indent(4).sortKeys(true).build().write(v));
        assertEquals("{\"a\":{\"x\":true,\"y\":[]},\"b\":[1,{}]}", JsonWriter.builder().sortKeys(true).build().write(v));
    }

    @Test
    void write_allTargets_sameBytes_acrossBufferBoundaries() {
        List<Object> big = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            big.add(map("i", i, "s", "\u00e9\u65e5\uD83D\uDE00 text " + i, "d", i / 7.0));
        }
        byte[] expected = Json.writeBytes(big);
        assertTrue(expected.length > 100_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Json.write(big, out);
        assertArrayEquals(expected, out.toByteArray());
        StringWriter sw = new StringWriter();
        Json.write(big, sw);
        assertEquals(new String(expected, StandardCharsets.UTF_8), sw.toString());
        StringBuilder sb = new StringBuilder();
        Json.write(big, (Appendable) sb);
        assertEquals(sw.toString(), sb.toString());
        assertEquals(sw.toString(), Json.write(big));
        assertEquals(big.size(), ((List<?>) Json.parse(expected)).size());
    }

    @Test
    void write_concurrentWriters_independentOutputs() throws Exception {
        JsonWriter w = JsonWriter.builder().pretty(true).build();
        Thread[] threads = new Thread[4];
        String[] results = new String[threads.length];
        for (int t = 0; t < threads.length; t++) {
            int id = t;
            threads[t] = new Thread(() -> {
                String last = null;
                for (int n = 0; n < 500; n++) {
                    last = w.write(map("thread", id, "n", n, "items", List.of(id, n)));
                }
                results[id] = last;
            });
            threads[t].start();
        }
        for (int t = 0; t < threads.length; t++) {
            threads[t].join();
            assertEquals(map("thread", (long) t, "n", 499L, "items", List.of((long) t, 499L)), Json.parse(results[t]));
        }
    }

    @Test
    void write_nestedWriteFromEncoder_doesNotCorruptOuter() {
        JsonWriter w = JsonWriter.builder().encoder(Opaque.class, o -> Json.write(List.of("inner", 1))).build();
        assertEquals("[\"a\",\"[\\\"inner\\\",1]\",\"b\"]", w.write(List.of("a", new Opaque(), "b")));
    }

    /** The documented string form, char by char: the reference for the writer's fast and escaping paths. */
    private static String reference(String s, boolean asciiOnly, boolean scriptSafe) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            switch (c) {
                case '"': sb.append("\\\""); continue;
                case '\\': sb.append("\\\\"); continue;
                case '\b': sb.append("\\b"); continue;
                case '\f': sb.append("\\f"); continue;
                case '\n': sb.append("\\n"); continue;
                case '\r': sb.append("\\r"); continue;
                case '\t': sb.append("\\t"); continue;
                default:
            }
            if (c < 0x20 || asciiOnly && c >= 0x80 || scriptSafe && (c == '\u2028' || c == '\u2029')
                    || Character.isSurrogate(c) && !pair && !(Character.isLowSurrogate(c) && i > 0
                            && Character.isHighSurrogate(s.charAt(i - 1)))) {
                sb.append(String.format("\\u%04x", (int) c));
            } else if (scriptSafe && c == '/') {
                sb.append("\\/");
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    @Test
    void strings_randomOfEveryCharClass_matchTheDocumentedForm() {
        char[] pool = {'a', 'Z', '0', ' ', '?', '/', '"', '\\', '\n', '\t', '\u0001', '\u001f', '\u007f', '\u00e9',
            '\u07ff', '\u0800', '\u2028', '\u2029', '\u4e2d', '\uffff', '\ud83d', '\ude00',
            // chars whose low byte is '"', '\\', 'A' or NUL: a writer that truncated chars to bytes would write those
            '\u0122', '\u015c', '\u0141', '\u0100', '\u00ff'};
        java.util.Random rnd = new java.util.Random(7);
        JsonWriter[] writers = {JsonWriter.defaults(), JsonWriter.builder().asciiOnly(true).build(),
            JsonWriter.builder().scriptSafe(true).build(), JsonWriter.builder().asciiOnly(true).scriptSafe(true).build()};
        for (int trial = 0; trial < 20_000; trial++) {
            // past 16,384 chars a string takes the writer's long-string path
            int len = rnd.nextInt(trial % 1000 == 0 ? 40_000 : trial % 100 == 0 ? 2000 : 40);
            StringBuilder sb = new StringBuilder();
            int kind = rnd.nextInt(4); // many strings take the fast path; some are ASCII but one char
            for (int i = 0; i < len; i++) {
                sb.append(kind <= 1 ? (char) ('a' + rnd.nextInt(26)) : pool[rnd.nextInt(pool.length)]);
            }
            if (kind == 1 && len > 0) {
                sb.setCharAt(rnd.nextInt(len), pool[rnd.nextInt(pool.length)]);
            }
            String s = sb.toString();
            for (int w = 0; w < writers.length; w++) {
                boolean ascii = w == 1 || w == 3;
                boolean safe = w >= 2;
                assertEquals(reference(s, ascii, safe), writers[w].write(s), "options " + w + " for " + s);
            }
        }
    }

    @Test
    void write_longsOfEveryLength_matchLongToString() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
        List<Object> values = new java.util.ArrayList<>();
        long p = 1;
        for (int k = 0; k <= 18; k++, p *= 10) {
            for (long v : new long[] {p - 1, p, p + 1, -p, -(p - 1), 2 * p, 9 * p}) {
                values.add(v);
            }
        }
        values.add(Long.MAX_VALUE);
        values.add(Long.MIN_VALUE);
        values.add((long) Integer.MAX_VALUE);
        values.add((long) Integer.MAX_VALUE + 1);
        for (int i = 0; i < 20_000; i++) {
            values.add(rnd.nextLong() >> rnd.nextInt(64));
        }
        StringBuilder expected = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            expected.append(i == 0 ? "" : ",").append(values.get(i));
        }
        assertEquals(expected.append(']').toString(), Json.write(values));
    }

    @Test
    void write_documentsPastTheKeptBuffer_spillAndAssembleTheSameBytes() {
        // past 1 MiB the thread's buffer drains into spilled chunks: several of them here, with
        // strings and names cut at every chunk boundary
        List<Object> big = new java.util.ArrayList<>();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        for (int i = 0; i < 60_000; i++) {
            big.add(map("id", (long) i, "name", "n\u00e9\u4e2d" + "x".repeat(rnd.nextInt(40)), "v", rnd.nextDouble()));
        }
        java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
        JsonWriter.defaults().write(big, stream);
        byte[] bytes = JsonWriter.defaults().writeBytes(big);
        assertTrue(bytes.length > 3 << 20, "bytes: " + bytes.length);
        assertArrayEquals(stream.toByteArray(), bytes);
        assertEquals(new String(bytes, StandardCharsets.UTF_8), JsonWriter.defaults().write(big));
        // and the thread's next, small, write is unaffected
        assertEquals("[1]", Json.write(List.of(1)));
        assertArrayEquals(bytes, JsonWriter.defaults().writeBytes(big));
    }
}
