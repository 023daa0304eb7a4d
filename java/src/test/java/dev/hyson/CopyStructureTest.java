package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.stream.JsonGenerator;
import dev.hyson.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code JsonGenerator.copyCurrentStructure}, with and without a repeated-name policy: the copy
 * straight from hyson's event tape gives the bytes of the token-by-token copy (run through a parser
 * that hides hyson's) and, under FIRST_WINS, of writing the tree the reader builds with that policy;
 * windows of a few bytes move every entry across window edges.
 */
class CopyStructureTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    private static final int[] WINDOWS = {1, 7, 64, 1 << 20};

    static final List<JsonWriter> WRITERS = List.of(JsonWriter.defaults(), JsonWriter.builder().indent(2).build(),
            JsonWriter.builder().asciiOnly(true).build(), JsonWriter.builder().scriptSafe(true).indent(4).build());

    /** For lazy values, which a writer writes as their trees do, sorted keys too (the streaming generator does not sort). */
    static final List<JsonWriter> LAZY_WRITERS = List.of(JsonWriter.defaults(), JsonWriter.builder().indent(2).build(),
            JsonWriter.builder().asciiOnly(true).sortKeys(true).build(), JsonWriter.builder().scriptSafe(true).indent(4).build(),
            JsonWriter.builder().sortKeys(true).indent(1).build());

    /** The parser behind an interface proxy, so the generator cannot see it is hyson's (the token loop runs). */
    static JsonParser hidden(JsonParser p) {
        return (JsonParser) Proxy.newProxyInstance(JsonParser.class.getClassLoader(), new Class<?>[] {JsonParser.class},
                (proxy, m, args) -> {
                    try {
                        return m.invoke(p, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    static String copy(JsonReader reader, JsonWriter w, byte[] doc, int window, boolean hide, DuplicateKeyPolicy policy) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonParser raw = reader.parser(new ByteArrayInputStream(doc), null, window); JsonGenerator g = w.generator(out)) {
            JsonParser p = hide ? hidden(raw) : raw;
            p.nextToken();
            if (policy == null) {
                g.copyCurrentStructure(p);
            } else {
                g.copyCurrentStructure(p, policy);
            }
            assertEquals(null, p.nextToken(), "the parser is left at the value's last token");
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * A value the writer refuses inside a copied structure (an overflowed number read as an infinity) fails
     * with its path from the generator's top level, whether the copy runs on the tape or token by token, and
     * when the names around it were read windows before (the path was the generator's JSON Pointer followed
     * by {@code $}: {@code /0$}).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void refusedValueInACopy_pathFromTheTop(Backend backend) {
        JsonReader reader = TestSupport.reader(backend, b -> b.allowInfinityForOverflow(true));
        JsonWriter w = JsonWriter.builder().build();
        StringBuilder doc = new StringBuilder("{\"pad\":[");
        for (int i = 0; i < 3000; i++) {
            doc.append(i).append(',');
        }
        doc.append("0],\"a\":[1,{\"b c\":{\"d\":[0,");
        for (int i = 0; i < 3000; i++) {
            doc.append("{\"e\":").append(i).append("},");
        }
        doc.append("-1e400]}}]}");
        byte[] bytes = doc.toString().getBytes(StandardCharsets.UTF_8);
        for (int window : new int[] {64, 1 << 16}) {
            for (boolean hide : new boolean[] {false, true}) {
                JsonWriteException top = assertThrows(JsonWriteException.class, () -> copy(reader, w, bytes, window, hide, null));
                assertEquals("$.a[1]['b c'].d[3001]", top.path(), "window " + window + ", hidden " + hide);
                assertTrue(top.problem().startsWith("cannot write -Infinity"), top.problem());
                // the copy placed inside what the generator has open
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                JsonWriteException inner = assertThrows(JsonWriteException.class, () -> {
                    try (JsonParser raw = reader.parser(new ByteArrayInputStream(bytes), null, window); JsonGenerator g = w.generator(out)) {
                        JsonParser p = hide ? hidden(raw) : raw;
                        g.writeStartArray().writeNumber(7).writeStartObject();
                        p.nextToken();
                        p.nextToken(); // the name "pad": copied with its value
                        g.copyCurrentStructure(p);
                        p.nextToken(); // the name "a"
                        g.copyCurrentStructure(p);
                    }
                });
                assertEquals("$[1].a[1]['b c'].d[3001]", inner.path(), "window " + window + ", hidden " + hide);
            }
        }
        JsonWriteException direct = assertThrows(JsonWriteException.class,
                () -> w.generator(new ByteArrayOutputStream()).writeStartObject().writeName("k").writeStartArray().writeNumber(1).writeNumber(Double.NaN));
        assertEquals("$.k[1]", direct.path());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void repeatedNames_firstWinsLeavesOutTheLaterMember_othersThrowAtIt(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        String doc = "{\"a\":1,\"b\":{\"x\":[1,{\"y\":2,\"y\":[3,{\"q\":1}]}],\"x\":{\"z\":1}},\"a\":[1,2],\"c\":\"\\u0061\","
                + "\"\\u0061\":5,\"long_name_past_sixteen_bytes\":0,\"long_name_past_sixteen_bytes\":1,\"é\":1,\"\\u00e9\":2}";
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        String first = "{\"a\":1,\"b\":{\"x\":[1,{\"y\":2}]},\"c\":\"a\",\"long_name_past_sixteen_bytes\":0,\"é\":1}";
        String asIs = "{\"a\":1,\"b\":{\"x\":[1,{\"y\":2,\"y\":[3,{\"q\":1}]}],\"x\":{\"z\":1}},\"a\":[1,2],\"c\":\"a\","
                + "\"a\":5,\"long_name_past_sixteen_bytes\":0,\"long_name_past_sixteen_bytes\":1,\"é\":1,\"é\":2}";
        for (int window : WINDOWS) {
            for (boolean hide : new boolean[] {false, true}) {
                String how = "window " + window + (hide ? ", token loop" : ", tape copy");
                assertEquals(first, copy(reader, JsonWriter.defaults(), bytes, window, hide, DuplicateKeyPolicy.FIRST_WINS), how);
                assertEquals(asIs, copy(reader, JsonWriter.defaults(), bytes, window, hide, null), how);
                for (DuplicateKeyPolicy p : new DuplicateKeyPolicy[] {DuplicateKeyPolicy.ERROR, DuplicateKeyPolicy.LAST_WINS}) {
                    JsonParseException e = assertThrows(JsonParseException.class,
                            () -> copy(reader, JsonWriter.defaults(), bytes, window, hide, p), how);
                    assertEquals(JsonParseException.Kind.DUPLICATE_KEY, e.kind(), how);
                    assertEquals(doc.indexOf("\"y\":[3"), e.offset(), how);
                    assertEquals(1, e.line(), how);
                    assertEquals(doc.indexOf("\"y\":[3") + 1, e.column(), how);
                    assertTrue(e.getMessage().startsWith("repeated member name \"y\" at line 1"), e.getMessage());
                }
            }
        }
    }

    /** Random documents: names from a small pool (repeats, shared shapes), long, escaped and non-ASCII names, wide objects. */
    @ParameterizedTest
    @MethodSource("backends")
    void randomDocuments_tapeCopyEqualsTokenLoopAndTree(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        JsonReader firstWins = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS));
        Random rnd = new Random(20261205);
        for (int i = 0; i < 120; i++) {
            StringBuilder b = new StringBuilder();
            value(b, rnd, 0);
            byte[] doc = b.toString().getBytes(StandardCharsets.UTF_8);
            int window = i % 2 == 0 ? 1 << 20 : 16 + rnd.nextInt(200);
            JsonWriter w = WRITERS.get(i % WRITERS.size());
            String tree = w.write(firstWins.parse(doc));
            String fast = copy(reader, w, doc, window, false, DuplicateKeyPolicy.FIRST_WINS);
            assertEquals(tree, fast, "document " + i + ": " + b);
            assertEquals(fast, copy(reader, w, doc, window, true, DuplicateKeyPolicy.FIRST_WINS), "document " + i);
            assertEquals(copy(reader, w, doc, window, true, null), copy(reader, w, doc, window, false, null), "document " + i);
        }
    }

    /**
     * A lazy value written from its tape: the bytes of writing the tree the reader builds, under every
     * repeated-name policy (an object with a repeat goes through the tree), for the corpus and random
     * documents, whole and for every member of the root, through every writer.
     */
    @ParameterizedTest
    @MethodSource("backends")
    void lazyValues_writtenFromTheTape_equalTheirTreesWritten(Backend backend) throws java.io.IOException {
        Random rnd = new Random(77);
        List<byte[]> docs = new java.util.ArrayList<>();
        for (java.nio.file.Path p : CorpusTest.documents()) {
            docs.add(java.nio.file.Files.readAllBytes(p));
        }
        for (int i = 0; i < 150; i++) {
            StringBuilder b = new StringBuilder();
            value(b, rnd, 0);
            docs.add(b.toString().getBytes(StandardCharsets.UTF_8));
        }
        docs.add("[1e400, 123456789012345678901234567890, {\"a\":[[[[1]]]]}]".getBytes(StandardCharsets.UTF_8));
        for (DuplicateKeyPolicy policy : DuplicateKeyPolicy.values()) {
            JsonReader reader = TestSupport.reader(backend, b -> b.duplicateKeys(policy).allowInfinityForOverflow(true));
            for (int i = 0; i < docs.size(); i++) {
                byte[] doc = docs.get(i);
                Object tree;
                try {
                    tree = reader.parse(doc);
                } catch (JsonParseException e) {
                    assertEquals(DuplicateKeyPolicy.ERROR, policy, e.getMessage());
                    JsonParseException lazy = assertThrows(JsonParseException.class,
                            () -> JsonWriter.defaults().write(reader.document(doc).root()));
                    assertEquals(e.getMessage(), lazy.getMessage());
                    continue;
                }
                JsonWriter w = LAZY_WRITERS.get(i % LAZY_WRITERS.size());
                dev.hyson.lazy.LazyValue root = reader.document(doc).root();
                Object whole = tree;
                assertEquals(outcome(() -> w.write(whole)), outcome(() -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    root.write(w, out);
                    return out.toString(StandardCharsets.UTF_8);
                }), policy + ", document " + i);
                if (root.isObject()) {
                    for (java.util.Map.Entry<String, dev.hyson.lazy.LazyValue> m : root.members()) {
                        assertEquals(w.write(m.getValue().toValue()), w.write(m.getValue()), policy + ", document " + i + " " + m.getKey());
                    }
                }
            }
        }
        JsonWriter shallow = JsonWriter.builder().maxDepth(3).build();
        JsonWriteException deep = assertThrows(JsonWriteException.class,
                () -> shallow.write(TestSupport.reader(backend).document("{\"a\":[[[[1]]]]}".getBytes(StandardCharsets.UTF_8)).root()));
        assertEquals(assertThrows(JsonWriteException.class, () -> shallow.write(TestSupport.reader(backend).parse("{\"a\":[[[[1]]]]}"))).getMessage(),
                deep.getMessage());
    }

    /** @return what {@code write} wrote, or the message of the JsonWriteException it threw */
    private static String outcome(java.util.function.Supplier<String> write) {
        try {
            return write.get();
        } catch (JsonWriteException e) {
            return "error: " + e.getMessage();
        }
    }

    private static final String[] NAMES = {"id", "a", "b", "name", "text", "profile_background_image_url",
        "profile_background_image_url_https", "\\u0061", "\\u00e9", "é", "日本", "x\\ny", "\\\"q\\\"",
        "sixteen_bytes_ok", "seventeen_bytes_x", "a_name_longer_than_sixty_four_bytes_which_the_table_keeps_out_of_its_tails_x"};

    private static void value(StringBuilder b, Random rnd, int depth) {
        int kind = depth > 4 ? 2 + rnd.nextInt(4) : rnd.nextInt(6);
        switch (kind) {
            case 0: {
                b.append('{');
                int n = depth == 1 && rnd.nextInt(8) == 0 ? 520 + rnd.nextInt(20) : rnd.nextInt(8);
                for (int k = 0; k < n; k++) {
                    if (k > 0) {
                        b.append(',');
                    }
                    String name = n > 100 ? (rnd.nextInt(100) == 0 ? "n0" : "n" + k) : NAMES[rnd.nextInt(NAMES.length)];
                    b.append('"').append(name).append("\":");
                    value(b, rnd, depth + 1);
                }
                b.append('}');
                break;
            }
            case 1: {
                b.append('[');
                int n = rnd.nextInt(6);
                for (int k = 0; k < n; k++) {
                    if (k > 0) {
                        b.append(", ");
                    }
                    value(b, rnd, depth + 1);
                }
                b.append(']');
                break;
            }
            case 2:
                b.append('"').append(NAMES[rnd.nextInt(NAMES.length)]).append(rnd.nextBoolean() ? "\\/\\ud83d\\ude00" : "").append('"');
                break;
            case 3:
                b.append(rnd.nextBoolean() ? Long.toString(rnd.nextLong() >> rnd.nextInt(64)) : Double.toString(rnd.nextGaussian() * 1e5));
                break;
            case 4:
                b.append(rnd.nextBoolean() ? "123456789012345678901234567890" : "-0.5e-3");
                break;
            default:
                b.append(rnd.nextBoolean() ? "true" : rnd.nextBoolean() ? "false" : "null");
        }
    }
}
