package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.bind.ValueType;
import dev.hyson.JsonPointer;
import dev.hyson.JsonPointerException;
import dev.hyson.lazy.LazyDocument;
import dev.hyson.lazy.LazyValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Lazy documents against parse on every backend: walks, JSON Pointers (RFC 6901), errors, binding. */
class LazyDocumentTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    /** RFC 6901 section 5's example document. */
    static final String RFC6901 = "{\"foo\": [\"bar\", \"baz\"], \"\": 0, \"a/b\": 1, \"c%d\": 2, \"e^f\": 3, \"g|h\": 4,"
            + " \"i\\\\j\": 5, \"k\\\"l\": 6, \" \": 7, \"m~n\": 8}";

    @ParameterizedTest
    @MethodSource("backends")
    void rfc6901Examples(Backend backend) {
        LazyDocument doc = TestSupport.reader(backend).document(RFC6901);
        assertEquals(JsonReader.defaults().parse(RFC6901), doc.at("").toValue());
        assertEquals(List.of("bar", "baz"), doc.at("/foo").toValue());
        assertEquals("bar", doc.at("/foo/0").asString());
        String[] pointers = {"/", "/a~1b", "/c%d", "/e^f", "/g|h", "/i\\j", "/k\"l", "/ ", "/m~0n"};
        for (int i = 0; i < pointers.length; i++) {
            LazyValue v = doc.at(pointers[i]);
            assertEquals(i, v.asLong(), pointers[i]);
            assertEquals(pointers[i], v.pointer());
            assertEquals(v, doc.at(JsonPointer.parse(pointers[i])));
        }
        assertEquals(List.of("foo", "", "a/b", "c%d", "e^f", "g|h", "i\\j", "k\"l", " ", "m~n"), doc.root().names());
        assertEquals("/foo/1", doc.at("/foo").get(1).pointer());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void errorsNameThePointer(Backend backend) {
        LazyDocument doc = TestSupport.reader(backend).document(RFC6901);
        expect(JsonPointerException.Kind.MISSING_MEMBER, "/nope", () -> doc.at("/nope"));
        expect(JsonPointerException.Kind.MISSING_MEMBER, "/a~1c", () -> doc.root().get("a/c"));
        expect(JsonPointerException.Kind.INDEX_OUT_OF_RANGE, "/foo/2", () -> doc.at("/foo/2"));
        expect(JsonPointerException.Kind.INDEX_OUT_OF_RANGE, "/foo/-", () -> doc.at("/foo/-"));
        expect(JsonPointerException.Kind.INDEX_OUT_OF_RANGE, "/foo/01", () -> doc.at("/foo/01"));
        expect(JsonPointerException.Kind.INDEX_OUT_OF_RANGE, "/foo/-1", () -> doc.at("/foo").get(-1));
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "/foo/0", () -> doc.at("/foo/0/x"));
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "/foo/0", () -> doc.at("/foo/0").asLong());
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "/a~1b", () -> doc.at("/a~1b").asString());
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "/foo", () -> doc.at("/foo").get("x"));
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "", () -> doc.root().get(0));
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "/ ", () -> doc.at("/ ").size());
        expect(JsonPointerException.Kind.INVALID_POINTER, "foo", () -> doc.at("foo"));
        expect(JsonPointerException.Kind.INVALID_POINTER, "/m~2n", () -> doc.at("/m~2n"));
        expect(JsonPointerException.Kind.INVALID_POINTER, "/m~", () -> doc.at("/m~"));
        assertNull(doc.root().find("nope"));
        assertEquals(8, doc.root().find("m~n").asInt());
    }

    private static void expect(JsonPointerException.Kind kind, String pointer, Runnable r) {
        JsonPointerException e = assertThrows(JsonPointerException.class, r::run);
        assertEquals(kind, e.kind(), e.getMessage());
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertTrue(e.getMessage().startsWith((kind == JsonPointerException.Kind.INVALID_POINTER ? "invalid JSON Pointer"
                : kind == JsonPointerException.Kind.TYPE_MISMATCH ? "value at" : "no value at") + " \"" + pointer + "\": "),
                e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void numbersAndLiterals(Backend backend) {
        String json = "[0, -0, 1.50, 12345678901234567890123, 9223372036854775807, -2147483649, 2147483647, 1e400x]";
        JsonReader reader = TestSupport.reader(backend);
        assertThrows(JsonParseException.class, () -> reader.document(json));
        LazyDocument doc = reader.document(json.replace("1e400x", "2.5e-3, true, false, null, \"s\""));
        assertEquals(ValueType.INTEGER, doc.at("/0").type());
        assertEquals(ValueType.INTEGER, doc.at("/1").type()); // "-0" is the integer 0, as parse gives it
        assertEquals(0L, doc.at("/1").asNumber());
        assertEquals(new BigDecimal("1.50"), doc.at("/2").asBigDecimal());
        assertEquals(1.5, doc.at("/2").asDouble());
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "/2", () -> doc.at("/2").asLong());
        assertEquals(ValueType.BIG_INTEGER, doc.at("/3").type());
        assertEquals(new BigInteger("12345678901234567890123"), doc.at("/3").asBigInteger());
        assertEquals(1.2345678901234568e22, doc.at("/3").asDouble());
        assertEquals(new BigInteger("12345678901234567890123"), doc.at("/3").asNumber());
        assertEquals(Long.MAX_VALUE, doc.at("/4").asLong());
        expect(JsonPointerException.Kind.TYPE_MISMATCH, "/5", () -> doc.at("/5").asInt());
        assertEquals(-2147483649L, doc.at("/5").asNumber());
        assertEquals(Integer.MAX_VALUE, doc.at("/6").asInt());
        assertEquals(new BigDecimal("2.5e-3"), doc.at("/7").asBigDecimal());
        assertTrue(doc.at("/8").asBoolean());
        assertFalse(doc.at("/9").asBoolean());
        assertTrue(doc.at("/10").isNull());
        assertEquals("s", doc.at("/11").asString());
        assertEquals(12, doc.root().size());
        assertEquals("[0,-0.0,1.5]", reader.document("[0,-0.0,1.50]").root().toJson());
        assertEquals(ValueType.DECIMAL, reader.document("[-0.0]").at("/0").type());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void repeatedNamesFollowThePolicy(Backend backend) {
        StringBuilder big = new StringBuilder("{");
        for (int i = 0; i < 40; i++) {
            big.append("\"k").append(i).append("\":").append(i).append(',');
        }
        String small = "{\"a\":1,\"b\":{\"x\":[1,2]},\"a\":2,\"caf\\u00e9\":3,\"caf\\u00e9\":4}";
        String large = big + "\"a\":1,\"b\":{\"x\":[1,2]},\"a\":2,\"caf\\u00e9\":3,\"caf\\u00e9\":4,\"\\u4e2d\":5}";
        for (String json : new String[] {small, large}) {
            LazyDocument last = TestSupport.reader(backend).document(json);
            assertEquals(2, last.at("/a").asLong());
            assertEquals(4, last.at("/caf\u00e9").asLong());
            assertEquals(List.of(1L, 2L), last.at("/b/x").toValue());
            assertNull(last.root().find("caf"));
            LazyDocument first = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS)).document(json);
            assertEquals(1, first.at("/a").asLong());
            assertEquals(3, first.at("/caf\u00e9").asLong());
            assertEquals(TestSupport.reader(backend).parse(json), last.root().toValue());
            LazyDocument error = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)).document(json);
            assertThrows(JsonParseException.class, () -> error.at("/a")); // a lookup that meets the repeat
            assertThrows(JsonParseException.class, () -> error.root().toValue());
            assertEquals(List.of(1L, 2L), error.at("/b/x").toValue()); // a subtree without repeats builds
        }
        LazyDocument doc = TestSupport.reader(backend).document(large);
        for (int i = 0; i < 40; i++) {
            assertEquals(i, doc.root().get("k" + i).asLong());
        }
        assertEquals(5, doc.at("/\u4e2d").asLong());
    }

    /**
     * Names with one {@code String.hashCode} ("Aa" and "BB" strung together): each found, repeats as
     * the policy says. The index probed them linearly (23 s for one lookup among 131,072); it is a
     * HashMap now, whose colliding bins are trees (found by a helper's attack run).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void collidingNames_eachFound_repeatsByThePolicy(Backend backend) {
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 4096; i++) {
            StringBuilder n = new StringBuilder();
            for (int b = 11; b >= 0; b--) {
                n.append((i >> b & 1) == 0 ? "Aa" : "BB");
            }
            names.add(n.toString());
        }
        assertEquals(1, names.stream().map(String::hashCode).distinct().count());
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < names.size(); i++) {
            json.append('"').append(names.get(i)).append("\":").append(i).append(',');
        }
        json.append('"').append(names.get(7)).append("\":-7}"); // a repeat of the eighth name
        LazyDocument doc = TestSupport.reader(backend).document(json.toString());
        for (int i = 0; i < names.size(); i++) {
            assertEquals(i == 7 ? -7 : i, doc.root().get(names.get(i)).asLong(), names.get(i));
        }
        assertNull(doc.root().find("AaAa"));
        assertEquals(7, TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS)).document(json.toString())
                .root().get(names.get(7)).asLong());
        LazyDocument error = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)).document(json.toString());
        assertEquals(8, error.root().get(names.get(8)).asLong());
        assertThrows(JsonParseException.class, () -> error.root().get(names.get(7)));
    }

    /** Found by an adversarial run: lone surrogates in names, deep pointers, the ERROR policy, ended views. */
    @ParameterizedTest
    @MethodSource("backends")
    void edgeCases(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        LazyDocument d = reader.document("{\"\\ud800\":1,\"?\":2}");
        assertEquals(1, d.root().get("\ud800").asLong());
        assertEquals(2, d.root().get("?").asLong());
        assertNull(reader.document("{\"?\":2}").root().find("\ud800"));
        int n = 20_000;
        String deep = "[".repeat(n) + "7" + "]".repeat(n);
        LazyDocument dd = TestSupport.reader(backend, b -> b.maxDepth(n + 1)).document(deep);
        String pointer = "/0".repeat(n);
        assertEquals(7, dd.at(pointer).asLong());
        assertEquals(pointer, dd.at(pointer).pointer());
        assertEquals(pointer, assertThrows(JsonPointerException.class, () -> dd.at(pointer + "/0")).pointer()); // the scalar
        JsonReader strict = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR));
        LazyDocument dup = strict.document("{\"a\":1,\"b\":2,\"a\":3}");
        assertEquals(2, dup.at("/b").asLong());
        JsonParseException e = assertThrows(JsonParseException.class, () -> dup.at("/a"));
        assertEquals(13, e.offset(), e.getMessage()); // the second "a"
        StringBuilder big = new StringBuilder("{");
        for (int i = 0; i < 40; i++) {
            big.append("\"k").append(i).append("\":").append(i).append(',');
        }
        LazyDocument bigDup = strict.document(big + "\"k3\":0}");
        assertEquals(5, bigDup.at("/k5").asLong());
        assertThrows(JsonParseException.class, () -> bigDup.at("/k3"));
        LazyDocument nan = TestSupport.reader(backend, b -> b.allowNonFiniteLiterals(true)).document("[NaN]");
        assertTrue(assertThrows(JsonPointerException.class, () -> nan.at("/0").asLong()).getMessage().endsWith("found the number NaN"));
        LazyDocument[] kept = new LazyDocument[1];
        reader.lines().forEachDocument(new java.io.ByteArrayInputStream("{\"a\":1}\n".getBytes(StandardCharsets.UTF_8)),
                doc -> kept[0] = doc);
        assertThrows(IllegalStateException.class, () -> kept[0].at(""));
    }

    /** A walk of every value against the tree parse gives, and each value found again by its pointer. */
    @ParameterizedTest
    @MethodSource("backends")
    void corpusWalksEqualParse(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        int docs = 0;
        try (Stream<Path> s = Files.walk(TestSupport.shared().resolve("corpus"))) {
            for (Path p : (Iterable<Path>) s.filter(f -> f.toString().endsWith(".json")).sorted()::iterator) {
                byte[] bytes = Files.readAllBytes(p);
                LazyDocument doc = reader.document(bytes);
                int[] budget = {5000}; // pointers looked up again per document
                walk(doc, doc.root(), reader.parse(bytes), budget);
                docs++;
            }
        }
        assertTrue(docs >= 30, "corpus documents: " + docs);
    }

    @SuppressWarnings("unchecked")
    private static void walk(LazyDocument doc, LazyValue v, Object expected, int[] budget) {
        if (budget[0]-- > 0) {
            assertEquals(v, doc.at(v.pointer()), v.pointer());
        }
        if (expected instanceof Map) {
            Map<String, Object> m = (Map<String, Object>) expected;
            assertEquals(ValueType.OBJECT, v.type());
            List<String> seen = new ArrayList<>();
            for (Map.Entry<String, LazyValue> e : v.members()) {
                seen.add(e.getKey());
                walk(doc, e.getValue(), m.get(e.getKey()), budget);
            }
            assertEquals(new ArrayList<>(m.keySet()), seen, v.pointer());
        } else if (expected instanceof List) {
            List<Object> l = (List<Object>) expected;
            assertEquals(l.size(), v.size(), v.pointer());
            Iterator<LazyValue> it = v.elements().iterator();
            for (Object o : l) {
                walk(doc, it.next(), o, budget);
            }
            assertFalse(it.hasNext());
        } else if (expected instanceof String) {
            assertEquals(expected, v.asString(), v.pointer());
        } else if (expected instanceof Long) {
            assertEquals(expected, v.asLong(), v.pointer());
        } else if (expected instanceof Double) {
            assertEquals((Double) expected, v.asDouble(), v.pointer());
            assertEquals(expected, v.asNumber());
        } else if (expected instanceof BigInteger) {
            assertEquals(expected, v.asBigInteger(), v.pointer());
        } else if (expected instanceof Boolean) {
            assertEquals(expected, v.asBoolean(), v.pointer());
        } else {
            assertNull(expected, v.pointer());
            assertTrue(v.isNull(), v.pointer());
        }
    }

    /** The pull parser's skipTo finds what the document's at finds, window cuts anywhere; misses leave it false. */
    @ParameterizedTest
    @MethodSource("backends")
    void skipToMatchesTheDocument(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        for (String name : new String[] {"twitter.json", "citm_catalog.json", "canada.json"}) {
            byte[] bytes = Files.readAllBytes(TestSupport.shared().resolve("corpus").resolve(name));
            LazyDocument doc = reader.document(bytes);
            List<LazyValue> sample = new ArrayList<>();
            collect(doc.root(), sample, new int[] {0});
            int checked = 0;
            for (LazyValue v : sample) {
                String pointer = v.pointer();
                for (int window : new int[] {1 << 20, 61}) {
                    try (dev.hyson.stream.JsonParser p = reader.parser(new java.io.ByteArrayInputStream(bytes), null, window)) {
                        assertTrue(p.skipTo(JsonPointer.parse(pointer)), pointer);
                        assertEquals(v.toValue(), p.readValue(), pointer);
                        checked++;
                    }
                }
                try (dev.hyson.stream.JsonParser p = reader.parser(bytes)) {
                    assertFalse(p.skipTo(JsonPointer.parse(pointer + "/nope-" + checked)), pointer);
                }
            }
            assertTrue(checked > 100, name + ": " + checked);
        }
        try (dev.hyson.stream.JsonParser p = reader.parser(RFC6901.getBytes(StandardCharsets.UTF_8))) {
            assertTrue(p.skipTo(JsonPointer.parse("/foo")));
            assertTrue(p.skipTo(JsonPointer.parse("/1")), "relative to the current value");
            assertEquals("baz", p.getString());
        }
        try (dev.hyson.stream.JsonParser p = reader.parser(RFC6901.getBytes(StandardCharsets.UTF_8))) {
            assertFalse(p.skipTo(JsonPointer.parse("/foo/2")));
            assertEquals(dev.hyson.stream.JsonToken.END_ARRAY, p.currentToken());
        }
    }

    /** Every 97th value, at most 60, and the values of repeated-free paths only. */
    private static void collect(LazyValue v, List<LazyValue> out, int[] n) {
        if (n[0]++ % 97 == 0 && out.size() < 60) {
            out.add(v);
        }
        if (v.isObject()) {
            for (Map.Entry<String, LazyValue> m : v.members()) {
                collect(m.getValue(), out, n);
            }
        } else if (v.isArray()) {
            for (LazyValue e : v.elements()) {
                collect(e, out, n);
            }
        }
    }

    /** JSON Lines as documents: each kept after its window is gone equals the line's parse, with its place. */
    @ParameterizedTest
    @MethodSource("backends")
    void jsonLinesDocuments(Backend backend) throws IOException {
        StringBuilder b = new StringBuilder();
        List<Long> lineNumbers = new ArrayList<>();
        long line = 1;
        for (int i = 0; i < 30000; i++) {
            if (i % 1000 == 7) {
                b.append("  \r\n");
                line++;
            }
            lineNumbers.add(line++);
            b.append("{\"id\":").append(i).append(",\"s\":\"caf\\u00e9 ").append(i).append(" \u4e2d\",\"a\":[").append(i % 7)
                    .append(",{\"k\\n\":").append(i * 0.5).append("}],\"big\":12345678901234567890").append(i % 10).append("}\n");
        }
        byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
        List<Integer> lineStarts = new ArrayList<>(List.of(0, 0)); // 1-based: line n starts at lineStarts.get(n)
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lineStarts.add(i + 1);
            }
        }
        JsonReader reader = TestSupport.reader(backend);
        List<Object> parsed;
        try (Stream<Object> s = reader.readLines(bytes)) {
            parsed = s.toList();
        }
        for (int threads : new int[] {1, 2}) {
            List<LazyDocument> docs;
            try (Stream<LazyDocument> s = reader.lines().parallel(threads).documents(new java.io.ByteArrayInputStream(bytes))) {
                docs = s.toList(); // kept after every window is gone
            }
            assertEquals(parsed.size(), docs.size());
            for (int i = 0; i < docs.size(); i += 1 + i % 13) {
                LazyDocument d = docs.get(i);
                assertEquals(parsed.get(i), d.root().toValue(), "line " + i);
                assertEquals("caf\u00e9 " + i + " \u4e2d", d.at("/s").asString());
                assertEquals(i * 0.5, d.at("/a/1/k\n").asDouble());
                assertEquals(lineNumbers.get(i), d.line());
                assertEquals((long) lineStarts.get((int) d.line()), d.offset());
            }
        }
        // views of the window: the same values, ended after each call
        List<LazyDocument> seen = new ArrayList<>();
        int[] k = {0};
        long n = reader.lines().forEachDocument(new java.io.ByteArrayInputStream(bytes), d -> {
            int i = k[0]++;
            if (i % 17 == 0) {
                assertEquals(parsed.get(i), d.root().toValue(), "line " + i);
                assertEquals(i * 0.5, d.at("/a/1/k\n").asDouble());
                assertEquals(lineNumbers.get(i), d.line());
                assertEquals((long) lineStarts.get((int) d.line()), d.offset());
                seen.add(d);
            }
        });
        assertEquals(parsed.size(), n);
        LazyDocument ended = seen.get(3);
        assertThrows(IllegalStateException.class, () -> ended.at("/id"));
        assertThrows(IllegalStateException.class, () -> ended.root());
        Path file = Files.createTempFile("lazy-lines", ".jsonl");
        try {
            Files.write(file, "{\"a\":1}\n[2]\nnope\n".getBytes(StandardCharsets.UTF_8));
            List<Object> got = new ArrayList<>();
            try (Stream<LazyDocument> s = reader.lines().onError(e -> got.add(e.line())).documents(file)) {
                s.forEach(d -> got.add(d.root().toValue()));
            }
            assertEquals(List.of(Map.of("a", 1L), List.of(2L), 3L), got);
            got.clear();
            reader.lines().onError(e -> got.add(e.line())).forEachDocument(file, d -> got.add(d.root().toValue()));
            assertEquals(List.of(Map.of("a", 1L), List.of(2L), 3L), got);
            assertThrows(JsonParseException.class, () -> reader.lines().forEachDocument(file, d -> { }));
        } finally {
            Files.delete(file);
        }
    }

    /**
     * Under {@code DuplicateKeyPolicy.ERROR}, lazy lines are checked for repeated names as a lazy document is:
     * where a lookup or a build meets one, not when the line is read; {@code read} reports the line.
     */
    @ParameterizedTest
    @MethodSource("backends")
    void jsonLinesDocuments_repeatedNamesUnderError_foundWhereLookedUp(Backend backend) {
        JsonReader strict = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR));
        byte[] bytes = "{\"a\":1}\n{\"b\":2,\"a\":3,\"a\":4}\n[5]\n".getBytes(StandardCharsets.UTF_8);
        List<Long> reported = new ArrayList<>();
        try (Stream<Object> s = strict.lines().onError(e -> reported.add(e.line())).read(bytes)) {
            assertEquals(List.of(Map.of("a", 1L), List.of(5L)), s.toList());
        }
        assertEquals(List.of(2L), reported);
        List<LazyDocument> docs;
        try (Stream<LazyDocument> s = strict.lines().onError(e -> reported.add(-e.line())).documents(bytes)) {
            docs = s.toList();
        }
        assertEquals(List.of(2L), reported, "no line reported by documents()");
        assertEquals(3, docs.size());
        assertEquals(2L, docs.get(1).at("/b").asLong(), "a name that is not repeated is looked up");
        JsonParseException lookup = assertThrows(JsonParseException.class, () -> docs.get(1).at("/a"));
        assertEquals(JsonParseException.Kind.DUPLICATE_KEY, lookup.kind());
        assertEquals(2L, lookup.line());
        JsonParseException build = assertThrows(JsonParseException.class, () -> docs.get(1).root().toValue());
        assertEquals(JsonParseException.Kind.DUPLICATE_KEY, build.kind());
        List<Object> viewed = new ArrayList<>();
        long n = strict.lines().forEachDocument(new java.io.ByteArrayInputStream(bytes), d -> {
            try {
                viewed.add(d.root().toValue());
            } catch (JsonParseException e) {
                viewed.add(e.kind() + "@" + e.line());
            }
        });
        assertEquals(3, n);
        assertEquals(List.of(Map.of("a", 1L), "DUPLICATE_KEY@2", List.of(5L)), viewed);
    }

    record User(String name, long id, List<String> tags) {
    }

    @ParameterizedTest
    @MethodSource("backends")
    void subtreesBindAndBuild(Backend backend) {
        String json = "{\"meta\":{\"n\":2},\"users\":[{\"name\":\"ann\",\"id\":1,\"tags\":[\"a\"]},"
                + "{\"name\":\"b\\u00f6b\",\"id\":2,\"tags\":[],\"extra\":{\"x\":[1,{\"y\":null}]}},{\"name\":\"cy\",\"id\":\"x\"}]}";
        LazyDocument doc = TestSupport.reader(backend).document(json);
        assertEquals(new User("ann", 1, List.of("a")), doc.at("/users/0").read(User.class));
        assertEquals(new User("b\u00f6b", 2, List.of()), doc.at("/users/1").read(User.class));
        assertEquals(List.of("a"), doc.at("/users/0/tags").read(new TypeRef<List<String>>() {
        }));
        assertEquals(Map.of("n", 2L), doc.at("/meta").read(new TypeRef<Map<String, Object>>() {
        }));
        JsonParseException bad = assertThrows(JsonParseException.class, () -> doc.at("/users/2").read(User.class));
        assertTrue(bad.getMessage().contains("/users/2/id"), bad.getMessage());
        assertEquals(json.indexOf("\"x\"}]}"), bad.offset(), bad.getMessage());
        assertEquals(Map.of("x", List.of(1L, java.util.Collections.singletonMap("y", null))), doc.at("/users/1/extra").toValue());
        assertEquals("{\"x\":[1,{\"y\":null}]}", doc.at("/users/1/extra").toJson());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void everyInputKind(Backend backend, @TempDir Path dir) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        byte[] bytes = "xx{\"a\":[1,\"\u00e9\"]}yy".getBytes(StandardCharsets.UTF_8);
        int len = bytes.length - 4;
        Object expected = reader.parse(bytes, 2, len);
        assertEquals(expected, reader.document(bytes, 2, len).root().toValue());
        byte[] exact = java.util.Arrays.copyOfRange(bytes, 2, 2 + len);
        assertEquals(expected, reader.document(exact).root().toValue());
        assertEquals(expected, reader.document(new String(exact, StandardCharsets.UTF_8)).root().toValue());
        Path file = Files.write(dir.resolve("d.json"), exact);
        assertEquals(expected, reader.document(file).root().toValue());
        assertEquals("\u00e9", reader.document(ByteBuffer.wrap(bytes, 2, len)).at("/a/1").asString());
        ByteBuffer direct = ByteBuffer.allocateDirect(len).put(exact).flip();
        assertEquals(expected, reader.document(direct).root().toValue());
        assertEquals(0, direct.position());
        JsonParseException e = assertThrows(JsonParseException.class, () -> reader.document("{\"a\":[1,]}"));
        JsonParseException p = assertThrows(JsonParseException.class, () -> reader.parse("{\"a\":[1,]}"));
        assertEquals(p.getMessage(), e.getMessage());
        JsonReader small = TestSupport.reader(backend, b -> b.maxDocumentLength(4));
        assertThrows(JsonParseException.class, () -> small.document(file));
        assertThrows(JsonParseException.class, () -> small.document(exact));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void threadsShareADocument(Backend backend) throws Exception {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 2000; i++) {
            b.append(i > 0 ? "," : "").append("{\"id\":").append(i).append(",\"s\":\"v").append(i).append("\",\"n\":{\"x\":[").append(i).append("]}}");
        }
        LazyDocument doc = TestSupport.reader(backend).document(b.append(']').toString());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Long>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    long sum = 0;
                    for (int k = 0; k < 2000; k++) {
                        int i = (k * 7 + seed * 13) % 2000;
                        LazyValue v = doc.at("/" + i + "/n/x/0");
                        assertEquals(i, v.asLong());
                        assertEquals("v" + i, doc.root().get(i).get("s").asString());
                        sum += v.asLong();
                    }
                    return sum;
                }));
            }
            for (Future<Long> f : results) {
                assertEquals(1999L * 2000 / 2, (long) f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void pointerTextForms(Backend backend) {
        assertEquals("/a~1b/m~0n/0", JsonPointer.of("a/b", "m~n", "0").toString());
        assertEquals(List.of("a/b", "m~n", ""), JsonPointer.parse("/a~1b/m~0n/").tokens());
        assertTrue(JsonPointer.parse("").isRoot());
        assertEquals(0, JsonPointer.index("0"));
        assertEquals(-1, JsonPointer.index("00"));
        assertEquals(-1, JsonPointer.index("2147483648"));
        assertEquals(JsonPointer.parse("/x/3"), JsonPointer.root().append("x").append(3));
        assertArrayEquals(new Object[] {"~01"}, JsonPointer.parse("/~001").tokens().toArray());
        LazyDocument doc = TestSupport.reader(backend).document("{\"~01\":true}");
        assertTrue(doc.at("/~001").asBoolean());
    }
}
