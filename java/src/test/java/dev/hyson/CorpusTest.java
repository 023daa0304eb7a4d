package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus document: parse, write (compact and pretty, every output kind), parse again, same value. */
class CorpusTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    static List<Path> documents() throws IOException {
        Path corpus = TestSupport.shared().resolve("corpus");
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(corpus)) {
            s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(out::add);
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void corpus_roundTripCompactAndPretty_equalValues(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        JsonWriter pretty = JsonWriter.builder().indent(2).build();
        List<Path> docs = documents();
        assertTrue(docs.size() >= 30, "corpus documents: " + docs.size());
        for (Path p : docs) {
            byte[] bytes = Files.readAllBytes(p);
            Object value = reader.parse(bytes);
            byte[] compact = Json.writeBytes(value);
            assertEquals(value, reader.parse(compact), p + " compact");
            assertEquals(value, reader.parse(pretty.writeBytes(value)), p + " pretty");
            // writing again gives the same bytes: the output is a fixed point
            assertEquals(new String(compact, StandardCharsets.UTF_8), Json.write(reader.parse(compact)), p + " fixed point");
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void corpus_everyInputKind_sameValue(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        for (String name : new String[] {"twitter.json", "citm_catalog.json", "canada.json", "random.json"}) {
            Path p = TestSupport.shared().resolve("corpus").resolve(name);
            byte[] bytes = Files.readAllBytes(p);
            Object value = reader.parse(bytes);
            assertEquals(value, reader.parse(p), name + " path");
            assertEquals(value, reader.parse(new java.io.ByteArrayInputStream(bytes)), name + " stream");
            assertEquals(value, reader.parse(new String(bytes, StandardCharsets.UTF_8)), name + " string");
            ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 10);
            direct.position(5);
            direct.put(bytes);
            direct.position(5).limit(5 + bytes.length);
            assertEquals(value, reader.parse(direct), name + " direct buffer");
            assertEquals(5, direct.position(), "position unchanged");
            byte[] padded = new byte[bytes.length + 7];
            System.arraycopy(bytes, 0, padded, 3, bytes.length);
            padded[0] = '[';
            padded[padded.length - 1] = ']';
            assertEquals(value, reader.parse(padded, 3, bytes.length), name + " slice");
            assertEquals(value, reader.parse(ByteBuffer.wrap(padded, 3, bytes.length).slice()), name + " heap buffer");

            byte[] expected = Json.writeBytes(value);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Json.write(value, out);
            assertEquals(new String(expected, StandardCharsets.UTF_8), out.toString(StandardCharsets.UTF_8), name + " stream output");
            StringWriter w = new StringWriter();
            Json.write(value, w);
            assertEquals(new String(expected, StandardCharsets.UTF_8), w.toString(), name + " writer output");
            StringBuilder sb = new StringBuilder();
            Json.write(value, (Appendable) sb);
            assertEquals(new String(expected, StandardCharsets.UTF_8), sb.toString(), name + " appendable output");
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void ndjson_eachLine_parsesToAnArray(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        List<String> lines = Files.readAllLines(TestSupport.shared().resolve("corpus/amazon_cellphones.ndjson"));
        assertEquals(793, lines.stream().filter(l -> !l.isBlank()).count());
        for (String line : lines) {
            if (!line.isBlank()) {
                Object v = reader.parse(line);
                assertTrue(v instanceof ArrayList, line);
                assertEquals(v, reader.parse(Json.write(v)));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void twitterVariant_bigIds_exactLongs(Backend backend) throws IOException {
        Object v = TestSupport.reader(backend).parse(TestSupport.shared().resolve("corpus/variants/simdjson-data/twitter.json"));
        @SuppressWarnings("unchecked")
        Map<String, Object> first = (Map<String, Object>) ((List<?>) ((Map<?, ?>) v).get("statuses")).get(0);
        assertEquals(505874924095815681L, first.get("id"));
        assertEquals("505874924095815681", first.get("id_str"));
    }
}
