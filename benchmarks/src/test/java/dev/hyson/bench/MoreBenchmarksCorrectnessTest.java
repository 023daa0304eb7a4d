package dev.hyson.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.Json;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.NativeLibrary;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Param;

/**
 * The benchmarked calls of {@link SmallDocBench}, {@link NumberBench}, {@link StringBench} and
 * {@link ScanBench} return correct values, for every combination of their default {@code @Param}
 * lists (read from the annotations, so a list edited there is tested as edited). References are
 * independent of the code measured where one exists: {@code Double.parseDouble} for numbers, the
 * string the generator meant to encode for strings, the Java scanner's tape for native kernels,
 * hyson's Java parse for trees. Cases needing the corpus skip when it is absent, and native cases
 * skip when the native backend did not load.
 */
class MoreBenchmarksCorrectnessTest {

    /** @return the default values of the {@code @Param} field {@code field} of {@code state} */
    static List<String> defaults(Class<?> state, String field) {
        try {
            return List.of(state.getField(field).getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new AssertionError(state.getSimpleName() + " has no @Param field " + field, e);
        }
    }

    private static Stream<Arguments> cross(List<String> a, List<String> b) {
        List<Arguments> all = new ArrayList<>();
        for (String x : a) {
            for (String y : b) {
                all.add(Arguments.of(x, y));
            }
        }
        return all.stream();
    }

    private static void assumeCorpus() {
        Assumptions.assumeTrue(Corpus.directory().isPresent(),
                () -> "shared corpus not found in " + Corpus.candidates() + " (set -Dhyson.shared); skipping");
    }

    private static void assumeNativeIf(boolean needed) {
        Assumptions.assumeTrue(!needed || Libraries.nativeAvailable(), "the native backend is not built in this JVM");
    }

    // ---- SmallDocBench ----

    static Stream<Arguments> smallParse() {
        return cross(defaults(SmallDocBench.ParseState.class, "library"), defaults(SmallDocBench.ParseState.class, "doc"));
    }

    static Stream<Arguments> smallGenerate() {
        return cross(defaults(SmallDocBench.GenerateState.class, "library"),
                defaults(SmallDocBench.GenerateState.class, "doc"));
    }

    @Test
    void smallDocs_haveTheirAdvertisedSizes() {
        assertEquals(34, SmallDocBench.bytes("mixed").length);
        assertEquals(65, SmallDocBench.bytes("object").length);
        assertEquals(121, SmallDocBench.bytes("nested").length);
    }

    @ParameterizedTest(name = "{0} parses {1}")
    @MethodSource("smallParse")
    void smallDocParse_everyLibrary_sameValueAsHysonJava(String library, String doc) throws Exception {
        assumeNativeIf(library.equals("hyson-native"));
        SmallDocBench.ParseState s = new SmallDocBench.ParseState();
        s.library = library;
        s.doc = doc;
        s.setup();
        Object expected = Json.parse(SmallDocBench.bytes(doc));
        BenchmarkCorrectnessTest.assertSameValue(expected, new SmallDocBench().parse(s), "$");
    }

    @ParameterizedTest(name = "{0} writes {1}")
    @MethodSource("smallGenerate")
    void smallDocGenerate_everyLibrary_writesTheDocumentCompact(String library, String doc) throws Exception {
        SmallDocBench.GenerateState s = new SmallDocBench.GenerateState();
        s.library = library;
        s.doc = doc;
        s.setup();
        byte[] out = new SmallDocBench().generate(s);
        // the documents are compact and their numbers integers, so every library writes them back byte for byte
        assertEquals(SmallDocBench.DOCS.get(doc), new String(out, StandardCharsets.UTF_8));
    }

    // ---- NumberBench ----

    private static NumberBench numbers() {
        assumeCorpus();
        NumberBench bench = new NumberBench();
        bench.setup();
        return bench;
    }

    private static void assertSameBits(double[] expected, double[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": count");
        for (int i = 0; i < expected.length; i++) {
            if (Double.doubleToRawLongBits(expected[i]) != Double.doubleToRawLongBits(actual[i])) {
                throw new AssertionError(what + ": number " + i + " expected " + expected[i] + " got " + actual[i]);
            }
        }
    }

    static Stream<String> numberBackends() {
        return defaults(NumberBench.Document.class, "backend").stream();
    }

    @ParameterizedTest(name = "parseDocument on {0}")
    @MethodSource("numberBackends")
    void numberParseDocument_eachBackend_everyNumberCorrectlyRounded(String backend) {
        assumeNativeIf(backend.equals("native"));
        NumberBench bench = numbers();
        NumberBench.Document d = new NumberBench.Document();
        d.backend = backend;
        d.setup();
        List<?> list = assertInstanceOf(List.class, bench.parseDocument(d));
        double[] got = new double[list.size()];
        int integers = 0;
        for (int i = 0; i < got.length; i++) {
            Number n = assertInstanceOf(Number.class, list.get(i));
            integers += n instanceof Long ? 1 : 0;
            got[i] = n.doubleValue();
        }
        assertSameBits(bench.values, got, "parseDocument " + backend);
        assertEquals(46, integers, "integers in canada.json (read as Long)");
    }

    static Stream<String> floorDocuments() {
        return defaults(TreeFloorBench.class, "document").stream();
    }

    private static Object firstMap(Object v) {
        if (v instanceof java.util.Map) {
            return v;
        }
        for (Object x : (java.util.List<?>) v) {
            Object m = x instanceof java.util.Map || x instanceof java.util.List ? firstMap(x) : null;
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    /** The sum {@link TreeFloorBench#walk()} must give, computed independently. */
    private static long walkSum(Object v) {
        if (v instanceof java.util.Map) {
            long sum = 0;
            for (java.util.Map.Entry<?, ?> e : ((java.util.Map<?, ?>) v).entrySet()) {
                sum += ((String) e.getKey()).length() + walkSum(e.getValue());
            }
            return sum;
        }
        if (v instanceof java.util.List) {
            return ((java.util.List<?>) v).stream().mapToLong(MoreBenchmarksCorrectnessTest::walkSum).sum();
        }
        if (v instanceof String) {
            return ((String) v).length();
        }
        if (v instanceof Long) {
            return (Long) v;
        }
        if (v instanceof Double) {
            return Double.doubleToRawLongBits((Double) v);
        }
        return v == null ? 1 : 3;
    }

    @ParameterizedTest
    @MethodSource("floorDocuments")
    void treeFloor_rebuildsTheParsedTree(String document) {
        assumeCorpus();
        for (String maps : defaults(TreeFloorBench.class, "maps")) {
            treeFloor(document, maps);
        }
    }

    private void treeFloor(String document, String maps) {
        TreeFloorBench bench = new TreeFloorBench();
        bench.document = document;
        bench.maps = maps;
        bench.setup();
        Object expected = Json.parse(Corpus.load(document));
        Object built = bench.build();
        assertEquals(expected, built, document);
        assertEquals(maps.equals("member") ? dev.hyson.tree.MemberMap.class : java.util.LinkedHashMap.class,
                firstMap(built).getClass(), maps);
        assertTrue(built != bench.build(), "a new tree each call");
        assertEquals(walkSum(expected), bench.walk(), "walk reads every value of " + document);
        // scalars and tiny documents too
        bench.record(Json.parse("[1,\"\u00e9\",{\"a\":[],\"b\":{}},2.5,null,true,\"\u65e5\"]"));
        assertEquals(Json.parse("[1,\"\u00e9\",{\"a\":[],\"b\":{}},2.5,null,true,\"\u65e5\"]"), bench.build());
        bench.record("x");
        assertEquals("x", bench.build());
    }

    @Test
    void numberParsers_perSpan_matchDoubleParseDouble() {
        NumberBench bench = numbers();
        assertEquals(NumberBench.NUMBERS, bench.values.length);
        assertSameBits(bench.values, bench.parseHyson().clone(), "parseHyson");
        Arrays.fill(bench.parsed, Double.NaN);
        assertSameBits(bench.values, bench.parseJdk().clone(), "parseJdk");
        Arrays.fill(bench.parsed, Double.NaN);
        assertSameBits(bench.values, bench.parseFastDoubleParser().clone(), "parseFastDoubleParser");
    }

    @Test
    void numberFormatters_everyValue_readsBackToItsBits() {
        NumberBench bench = numbers();
        String[] hyson = splitCommas(bench.formatted, bench.formatHyson());
        String[] fastjson2 = splitCommas(bench.formatted, bench.formatFastjson2());
        String[] hysonString = bench.formatHysonString().clone();
        String[] jdk = bench.formatJdk().clone();
        String[] jackson = bench.formatJackson().clone();
        assertArrayEquals(hysonString, hyson, "DoubleFormatter.write and toString agree");
        for (String[] out : List.of(hyson, fastjson2, jdk, jackson)) {
            double[] back = new double[out.length];
            for (int i = 0; i < out.length; i++) {
                back[i] = Double.parseDouble(out[i]);
            }
            assertSameBits(bench.values, back, "formatted output " + out[0] + ",...");
        }
    }

    private static String[] splitCommas(byte[] buf, int end) {
        assertTrue(end > 0 && buf[end - 1] == ',', "output ends with a comma");
        return new String(buf, 0, end - 1, StandardCharsets.US_ASCII).split(",", -1);
    }

    // ---- StringBench ----

    static Stream<Arguments> strings() {
        List<Arguments> all = new ArrayList<>();
        for (String size : defaults(StringBench.class, "size")) {
            for (String alphabet : defaults(StringBench.class, "alphabet")) {
                for (String escapes : defaults(StringBench.class, "escapes")) {
                    for (String backend : defaults(StringBench.class, "backend")) {
                        all.add(Arguments.of(Integer.parseInt(size), alphabet, Boolean.parseBoolean(escapes), backend));
                    }
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} B {1} escapes={2} on {3}")
    @MethodSource("strings")
    void stringParse_everyCombination_decodesTheIntendedString(int size, String alphabet, boolean escapes, String backend) {
        assumeNativeIf(backend.equals("native"));
        StringBench bench = new StringBench();
        bench.size = size;
        bench.alphabet = alphabet;
        bench.escapes = escapes;
        bench.backend = backend;
        bench.setup();
        assertEquals(size + 2, bench.json.length, "document = size bytes of content and two quotes");
        assertEquals(escapes, new String(bench.json, StandardCharsets.UTF_8).indexOf('\\') >= 0, "escapes present");
        if (!alphabet.equals("ascii") && size >= 8) {
            assertTrue(bench.expected.chars().anyMatch(c -> c >= 0x80), "the alphabet's characters are present");
        }
        assertEquals(bench.expected, bench.parse());
    }

    // ---- ScanBench ----

    static Stream<Arguments> scans() {
        List<String> kernels = new ArrayList<>(defaults(ScanBench.class, "kernel"));
        kernels.addAll(NativeLibrary.kernelNames()); // every named kernel this CPU has, too
        return cross(kernels, defaults(ScanBench.class, "document"));
    }

    @ParameterizedTest(name = "{0} scans {1}")
    @MethodSource("scans")
    void scan_everyKernel_sameTapeAsJavaScanner(String kernel, String document) {
        assumeCorpus();
        assumeNativeIf(!kernel.equals("java"));
        ScanBench bench = new ScanBench();
        bench.kernel = kernel;
        bench.document = document;
        bench.setup();
        int size = bench.scan();
        assertEquals(kernel.equals("java") ? "java" : "native", bench.scanner.name());

        Tape reference = new Tape();
        reference.reset(bench.json.length);
        assertTrue(JavaScanner.INSTANCE.scan(bench.json, 0, bench.json.length, ScanBench.DEFAULTS, reference));
        assertEquals(reference.size, size, "tape entries");
        assertArrayEquals(Arrays.copyOf(reference.entries, reference.size), Arrays.copyOf(bench.tape.entries, size));
        assertArrayEquals(Arrays.copyOf(reference.latin1, reference.latin1Size),
                Arrays.copyOf(bench.tape.latin1, bench.tape.latin1Size), "latin1 buffer");
        assertArrayEquals(Arrays.copyOf(reference.utf16, reference.utf16Size),
                Arrays.copyOf(bench.tape.utf16, bench.tape.utf16Size), "utf16 buffer");
        // scanning again on the same tape (as every benchmark iteration does) gives the same tape
        assertEquals(size, bench.scan());
    }

    @Test
    void scanKernel_unknownOrMissing_failsNamingTheAvailableOnes() {
        assumeNativeIf(true);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ScanBench.scanner("avx1024"));
        assertTrue(e.getMessage().contains(NativeLibrary.kernelNames().get(0)), e.getMessage());
        Scanner best = ScanBench.scanner("native-best");
        assertEquals(NativeLibrary.kernelNames().get(0), best.kernel());
    }

    // ---- JniEdgeBench ----

    static Stream<Arguments> jniEdgeCases() {
        return cross(defaults(JniEdgeBench.class, "size"), defaults(JniEdgeBench.class, "path"));
    }

    @ParameterizedTest(name = "{1} at {0} bytes")
    @MethodSource("jniEdgeCases")
    void jniEdge_documentOfExactSize_scansAndParsesAsTheJavaBackend(String size, String path) {
        assumeNativeIf(path.equals("native"));
        JniEdgeBench bench = new JniEdgeBench();
        bench.size = Integer.parseInt(size);
        bench.path = path;
        bench.setup();
        assertEquals(bench.size, bench.json.length);
        Object expected = dev.hyson.JsonReader.builder().backend(dev.hyson.Backend.Choice.JAVA).build().parse(bench.json);
        assertInstanceOf(List.class, expected);
        assertEquals(expected, bench.parse());
        Tape reference = new Tape();
        reference.reset(bench.json.length);
        assertTrue(JavaScanner.INSTANCE.scan(bench.json, 0, bench.json.length, ScanBench.DEFAULTS, reference));
        assertEquals(reference.size, bench.scan());
        assertArrayEquals(Arrays.copyOf(reference.entries, reference.size), Arrays.copyOf(bench.tape.entries, reference.size));
    }

    @Test
    void jniEdge_documents_holdRecordsAndTheFill() {
        assertEquals("[\"xxxxxxxxxxxx\"]", new String(JniEdgeBench.document(16), StandardCharsets.UTF_8));
        List<?> doc = (List<?>) Json.parse(JniEdgeBench.document(1024));
        assertTrue(doc.size() > 10, "records in 1 KiB: " + doc.size());
        assertEquals(List.of("id", "name", "active", "score", "tags"),
                new ArrayList<>(((java.util.Map<?, ?>) doc.get(0)).keySet()));
    }

    static Stream<Arguments> msgPackCases() {
        return cross(defaults(MsgPackBench.class, "library"), defaults(MsgPackBench.class, "document"));
    }

    @ParameterizedTest
    @MethodSource("msgPackCases")
    void msgPack_unpackAndPack_giveTheDocumentsTree(String library, String document) throws Exception {
        assumeCorpus();
        MsgPackBench bench = new MsgPackBench();
        bench.library = library;
        bench.document = document;
        bench.setup(); // also checks that both libraries agree on the document
        Object expected = dev.hyson.JsonReader.builder().backend(dev.hyson.Backend.Choice.JAVA).build()
                .parse(Corpus.load(document));
        assertEquals(expected, bench.unpack(), library + " unpack of " + document);
        assertEquals(expected, dev.hyson.msgpack.MessagePack.unpack(bench.pack()), library + " pack of " + document);
    }
}
