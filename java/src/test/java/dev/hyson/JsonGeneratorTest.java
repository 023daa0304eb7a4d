package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.stream.JsonGenerator;
import dev.hyson.stream.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The incremental generator: the same bytes as JsonWriter, every option, structure checks, fixed memory. */
class JsonGeneratorTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    static final List<JsonWriter> WRITERS = List.of(JsonWriter.defaults(), JsonWriter.builder().indent(2).build(),
            JsonWriter.builder().asciiOnly(true).build(), JsonWriter.builder().scriptSafe(true).indent(4).build());

    /** Writes {@code v} token by token, as a user of the generator would. */
    static void walk(Object v, JsonGenerator g) {
        if (v instanceof Map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                g.writeName((String) e.getKey());
                walk(e.getValue(), g);
            }
            g.writeEndObject();
        } else if (v instanceof List) {
            g.writeStartArray();
            for (Object o : (List<?>) v) {
                walk(o, g);
            }
            g.writeEndArray();
        } else if (v instanceof String) {
            g.writeString((String) v);
        } else if (v instanceof Long) {
            g.writeNumber((long) (Long) v);
        } else if (v instanceof Double) {
            g.writeNumber((double) (Double) v);
        } else if (v instanceof BigInteger) {
            g.writeNumber((BigInteger) v);
        } else if (v instanceof BigDecimal) {
            g.writeNumber((BigDecimal) v);
        } else if (v instanceof Boolean) {
            g.writeBoolean((Boolean) v);
        } else {
            g.writeNull();
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void corpus_tokenWritesAndParserCopies_equalJsonWriterOutput(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        for (Path p : CorpusTest.documents()) {
            byte[] doc = Files.readAllBytes(p);
            Object tree = reader.parse(doc);
            for (JsonWriter w : WRITERS) {
                String want = w.write(tree);
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (JsonGenerator g = w.generator(bytes)) {
                    walk(tree, g);
                }
                assertEquals(want, bytes.toString(StandardCharsets.UTF_8), p + " tokens");
                StringWriter chars = new StringWriter();
                try (JsonParser parser = reader.parser(doc); JsonGenerator g = w.generator(chars)) {
                    parser.nextToken();
                    g.copyCurrentStructure(parser);
                }
                assertEquals(want, chars.toString(), p + " copy");
            }
        }
    }

    @Test
    void writeValueAndRaw_fitTheStructure() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonWriter.builder().indent(2).build().generator(out)) {
            g.writeStartObject().writeName("point").writeValue(Map.of("x", 1)).writeName("raw").writeRaw("[1,2]")
                    .writeName("n").writeNumber(2.5f).writeName("i").writeNumber(7).writeName("s").writeString(null)
                    .writeEndObject();
        }
        assertEquals("{\n  \"point\": {\n    \"x\": 1\n  },\n  \"raw\": [1,2],\n  \"n\": 2.5,\n  \"i\": 7,\n  \"s\": null\n}",
                out.toString(StandardCharsets.UTF_8));
    }

    /** A failed value write leaves a separator out: later calls refuse, so "[,2]" cannot follow (found by a helper's attack run). */
    @Test
    void afterAFailedWrite_laterCallsThrow_closeOnlyFlushes() {
        JsonWriter w = JsonWriter.defaults();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonGenerator g = w.generator(out);
        g.writeStartArray();
        assertThrows(dev.hyson.JsonWriteException.class, () -> g.writeNumber(Double.NaN));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.writeNumber(2));
        assertEquals("writeNumber after a write that failed (cannot write NaN: RFC 8259 numbers are finite "
                + "(JsonWriter.Builder.allowNonFinite(true) writes NaN and Infinity, which most parsers reject)): the output is incomplete",
                e.getMessage());
        assertThrows(IllegalStateException.class, g::writeEndArray);
        g.close(); // the caller had its exception: close flushes what there is and says nothing more
        assertEquals("[", out.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream out2 = new ByteArrayOutputStream();
        JsonGenerator h = w.generator(out2);
        h.writeStartObject().writeName("m");
        assertThrows(dev.hyson.JsonWriteException.class, () -> h.writeValue(Map.of("x", new Object())));
        assertThrows(IllegalStateException.class, () -> h.writeName("n"));
        JsonGenerator k = JsonWriter.builder().maxDepth(1).build().generator(new ByteArrayOutputStream());
        k.writeStartArray();
        assertThrows(dev.hyson.JsonWriteException.class, k::writeStartArray);
        assertThrows(IllegalStateException.class, () -> k.writeNumber(1));
    }

    @Test
    void misuse_isIllegalStateNamingThePosition() {
        JsonWriter w = JsonWriter.defaults();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonGenerator g = w.generator(out);
        g.writeStartObject();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.writeString("x"));
        assertEquals("writeString where a member name is due (call writeName first) in the object at the top level", e.getMessage());
        g.writeName("a");
        assertThrows(IllegalStateException.class, () -> g.writeName("b"));
        assertThrows(IllegalStateException.class, g::writeEndObject);
        g.writeStartArray().writeNumber(1);
        e = assertThrows(IllegalStateException.class, g::writeEndObject);
        assertTrue(e.getMessage().contains("/a/0"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> g.writeName("c"));
        e = assertThrows(IllegalStateException.class, g::close);
        assertTrue(e.getMessage().contains("2 containers open"), e.getMessage());
        assertEquals("{\"a\":[1", out.toString(StandardCharsets.UTF_8));

        // a value where a name is due: the object's own pointer, not "/a/1/" (the member named "" of it: found by a new-user trial)
        JsonGenerator k = w.generator(new ByteArrayOutputStream());
        k.writeStartObject().writeName("a").writeStartArray().writeNumber(1).writeStartObject();
        e = assertThrows(IllegalStateException.class, () -> k.writeNumber(2));
        assertEquals("writeNumber where a member name is due (call writeName first) in the object at /a/1", e.getMessage());

        // an object with no member yet is at its own pointer: "/" is the member named "" (found by an attack run)
        JsonGenerator empty = w.generator(new ByteArrayOutputStream());
        empty.writeStartObject();
        assertEquals("close() with 1 container open, at the top level", assertThrows(IllegalStateException.class, empty::close).getMessage());
        JsonGenerator named = w.generator(new ByteArrayOutputStream());
        named.writeStartObject().writeName("").writeStartObject().writeName("").writeStartObject();
        e = assertThrows(IllegalStateException.class, named::close);
        assertTrue(e.getMessage().endsWith(" at //"), e.getMessage()); // the member "" of the member "": its object

        JsonGenerator h = w.generator(new ByteArrayOutputStream());
        assertThrows(IllegalStateException.class, h::writeEndArray);
        h.writeNumber(1);
        assertThrows(IllegalStateException.class, () -> h.writeNumber(2));
        h.close();
        assertThrows(JsonWriteException.class, () -> w.generator(new ByteArrayOutputStream()).writeNumber(Double.NaN));
        JsonWriter shallow = JsonWriter.builder().maxDepth(2).build();
        JsonGenerator d = shallow.generator(new ByteArrayOutputStream());
        d.writeStartArray().writeStartArray();
        assertThrows(JsonWriteException.class, d::writeStartArray);
    }

    @Test
    void output_streamsThroughAFixedBuffer() {
        long[] written = {0, 0};
        OutputStream counting = new OutputStream() {
            @Override
            public void write(int b) {
                written[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                written[0] += len;
                written[1] = Math.max(written[1], len);
            }
        };
        try (JsonGenerator g = JsonWriter.defaults().generator(counting)) {
            g.writeStartArray();
            String s = "x".repeat(100);
            for (int i = 0; i < 200_000; i++) {
                g.writeString(s);
            }
            assertTrue(written[0] > 19_000_000, "written before the end: " + written[0]);
            g.writeEndArray();
        }
        assertEquals(2 + 200_000 * 102L + 199_999, written[0]);
        assertTrue(written[1] <= 8192, "largest chunk " + written[1]);
    }
}
