package dev.hyson.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hyson.Json;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The benchmarked calls return correct values: every library's parse builds a tree equal in value to
 * hyson's, and every generator's output parses back (with hyson) to the document's value. Numbers
 * compare by kind and value: integers as {@code BigInteger}, decimals as the bits of their
 * {@code double}; maps by their entries whatever their class; lists element by element.
 */
class BenchmarkCorrectnessTest {
    private static final List<String> DOCUMENTS = List.of("twitter.json", "citm_catalog.json", "canada.json");
    private static final List<String> PARSERS =
            List.of("hyson-java", "hyson-auto", "hyson-native", "jackson", "fastjson2", "dsljson", "gson");
    private static final List<String> GENERATORS =
            List.of("hyson-java", "hyson-java-stream", "jackson", "fastjson2", "dsljson", "gson");

    @BeforeAll
    static void corpusPresent() {
        Assumptions.assumeTrue(Corpus.directory().isPresent(),
                () -> "shared corpus not found in " + Corpus.candidates() + " (set -Dhyson.shared); skipping");
    }

    static Stream<Arguments> parsers() {
        return cross(PARSERS);
    }

    static Stream<Arguments> generators() {
        return cross(GENERATORS);
    }

    private static Stream<Arguments> cross(List<String> libraries) {
        List<Arguments> all = new ArrayList<>();
        for (String library : libraries) {
            for (String document : DOCUMENTS) {
                all.add(Arguments.of(library, document));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} parses {1}")
    @MethodSource("parsers")
    void parse_corpusDocument_sameValueAsHyson(String library, String document) throws Exception {
        Assumptions.assumeTrue(!library.equals("hyson-native") || Libraries.nativeAvailable(),
                "hyson-native: the native backend is not built in this JVM");
        ParseBench bench = new ParseBench();
        bench.library = library;
        bench.document = document;
        bench.setup();
        Object expected = Json.parse(Corpus.load(document));
        assertSameValue(expected, bench.parse(), "$");
    }

    @ParameterizedTest(name = "{0} writes {1}")
    @MethodSource("generators")
    void generate_corpusDocument_reparsesToDocumentValue(String library, String document) throws Exception {
        GenerateBench bench = new GenerateBench();
        bench.library = library;
        bench.document = document;
        bench.setup();
        byte[] out;
        if (library.endsWith(GenerateBench.STREAM)) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            bench.sink = buffer;
            bench.generate();
            out = buffer.toByteArray();
        } else {
            out = assertInstanceOf(byte[].class, bench.generate());
        }
        Object expected = Json.parse(Corpus.load(document));
        assertSameValue(expected, Json.parse(out), "$");
    }

    /** Fails with the JSON path of the first difference. */
    static void assertSameValue(Object expected, Object actual, String path) {
        if (expected == null || actual == null) {
            assertEquals(expected, actual, path);
        } else if (expected instanceof Map) {
            Map<?, ?> e = (Map<?, ?>) expected;
            Map<?, ?> a = assertInstanceOf(Map.class, actual, path);
            assertEquals(e.size(), a.size(), path + ": member count");
            for (Map.Entry<?, ?> entry : e.entrySet()) {
                String member = path + "." + entry.getKey();
                if (!a.containsKey(entry.getKey())) {
                    fail(member + ": missing");
                }
                assertSameValue(entry.getValue(), a.get(entry.getKey()), member);
            }
        } else if (expected instanceof List) {
            List<?> e = (List<?>) expected;
            List<?> a = assertInstanceOf(List.class, actual, path);
            assertEquals(e.size(), a.size(), path + ": length");
            for (int i = 0; i < e.size(); i++) {
                assertSameValue(e.get(i), a.get(i), path + "[" + i + "]");
            }
        } else if (expected instanceof Number) {
            Number a = assertInstanceOf(Number.class, actual, path);
            assertEquals(normalize((Number) expected), normalize(a), path + ": " + expected + " vs " + actual);
        } else {
            assertEquals(expected, actual, path);
        }
    }

    /** @return a BigInteger for an integer, the raw bits (as a tagged string) for a decimal */
    private static Object normalize(Number n) {
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            return BigInteger.valueOf(n.longValue());
        }
        if (n instanceof BigInteger) {
            return n;
        }
        if (n instanceof Double || n instanceof Float || n instanceof BigDecimal) {
            return "double bits " + Long.toHexString(Double.doubleToRawLongBits(n.doubleValue()));
        }
        throw new AssertionError("unexpected number class " + n.getClass().getName() + ": " + n);
    }
}
