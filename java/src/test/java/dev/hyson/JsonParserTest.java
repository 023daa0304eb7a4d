package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hyson.stream.JsonLocation;
import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import dev.hyson.stream.NumberType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The pull parser: token sequences against the tree, every window size, errors, accessors, skip and readValue. */
class JsonParserTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    /** The tokens of {@code value} as the parser must report them, one string each. */
    static void expected(Object value, List<String> out) {
        if (value instanceof Map) {
            out.add("{");
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                out.add("N:" + e.getKey());
                expected(e.getValue(), out);
            }
            out.add("}");
        } else if (value instanceof List) {
            out.add("[");
            for (Object o : (List<?>) value) {
                expected(o, out);
            }
            out.add("]");
        } else if (value instanceof String) {
            out.add("S:" + value);
        } else if (value instanceof Number) {
            out.add("#:" + value.getClass().getSimpleName() + ":" + value);
        } else {
            out.add(String.valueOf(value));
        }
    }

    /** Every token of the parser, values read through the accessors. */
    static List<String> tokens(JsonParser p) {
        List<String> out = new ArrayList<>();
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            switch (t) {
                case START_OBJECT:
                    out.add("{");
                    break;
                case END_OBJECT:
                    out.add("}");
                    break;
                case START_ARRAY:
                    out.add("[");
                    break;
                case END_ARRAY:
                    out.add("]");
                    break;
                case NAME:
                    assertEquals(p.getString(), p.currentName());
                    out.add("N:" + p.currentName());
                    break;
                case STRING:
                    out.add("S:" + p.getString());
                    break;
                case NUMBER: {
                    Number n = p.getNumber();
                    out.add("#:" + n.getClass().getSimpleName() + ":" + n);
                    checkNumber(p, n);
                    break;
                }
                case TRUE:
                    assertTrue(p.getBoolean());
                    out.add("true");
                    break;
                case FALSE:
                    assertFalse(p.getBoolean());
                    out.add("false");
                    break;
                case NULL:
                    out.add("null");
                    break;
                default:
                    fail("token " + t);
            }
        }
        assertNull(p.currentToken());
        assertNull(p.nextToken(), "after the end");
        return out;
    }

    private static void checkNumber(JsonParser p, Number n) {
        if (n instanceof Long) {
            long v = n.longValue();
            assertEquals(v, p.getLong());
            assertEquals(v == (int) v ? NumberType.INT : NumberType.LONG, p.numberType());
            assertTrue(p.isIntegralNumber());
            assertEquals(BigInteger.valueOf(v), p.getBigInteger());
            assertEquals((double) v, p.getDouble());
            assertEquals(Long.toString(v), p.getString());
        } else if (n instanceof Double) {
            assertEquals(NumberType.DOUBLE, p.numberType());
            assertFalse(p.isIntegralNumber());
            assertEquals(n.doubleValue(), p.getDouble());
            assertEquals(n.doubleValue(), Double.parseDouble(p.getString()));
        } else if (n instanceof BigInteger) {
            assertEquals(NumberType.BIG_INTEGER, p.numberType());
            assertEquals(n, p.getBigInteger());
            assertThrows(ArithmeticException.class, p::getLong);
        }
    }

    static List<Path> corpus() throws IOException {
        return CorpusTest.documents();
    }

    /** At the end of input a stream parser's location stays on the root's last token, as an array parser's does (it lost its line and column). */
    @ParameterizedTest
    @MethodSource("backends")
    void location_atTheEnd_isTheLastTokens_forAStreamToo(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        for (String doc : new String[] {"[1]  \n", " \"x\" ", "{\"a\":[1,2]}\n\n", "7"}) {
            byte[] b = doc.getBytes(StandardCharsets.UTF_8);
            try (JsonParser whole = r.parser(b); JsonParser stream = r.parser(new java.io.ByteArrayInputStream(b))) {
                JsonToken t;
                while ((t = whole.nextToken()) != null) {
                    assertEquals(t, stream.nextToken());
                    assertEquals(whole.location().toString(), stream.location().toString(), doc);
                }
                assertFalse(stream.hasNext());
                assertEquals(whole.location().toString(), stream.location().toString(), doc);
                assertNull(stream.nextToken());
                assertEquals(whole.location().toString(), stream.location().toString(), doc);
                assertTrue(stream.location().line() >= 1, doc);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void corpus_tokensMatchTheTree_arrayStreamAndTinyWindows(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        SplittableRandom random = new SplittableRandom(13);
        for (Path p : corpus()) {
            byte[] doc = Files.readAllBytes(p);
            List<String> want = new ArrayList<>();
            expected(reader.parse(doc), want);
            try (JsonParser parser = reader.parser(doc)) {
                assertEquals(want, tokens(parser), p + " array");
            }
            try (JsonParser parser = reader.parser(new ByteArrayInputStream(doc))) {
                assertEquals(want, tokens(parser), p + " stream");
            }
            int window = doc.length > 200_000 ? 1 + random.nextInt(4096) : 1 + random.nextInt(64);
            try (JsonParser parser = reader.parser(new ByteArrayInputStream(doc), null, window)) {
                assertEquals(want, tokens(parser), p + " window " + window);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void randomWindows_downToOneByte_sameTokens(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        byte[] doc = Files.readAllBytes(TestSupport.shared().resolve("corpus/twitter_timeline.json"));
        List<String> want = new ArrayList<>();
        expected(reader.parse(doc), want);
        for (int window : new int[] {1, 2, 3, 5, 7, 16, 100, 1000}) {
            try (JsonParser parser = reader.parser(new ChunkedStream(doc, new SplittableRandom(window)), null, window)) {
                assertEquals(want, tokens(parser), "window " + window);
            }
        }
    }

    /** A stream that returns short, random reads, as a socket does (of at most {@code most} bytes; 37 by default). */
    static final class ChunkedStream extends InputStream {
        private final byte[] b;
        private final SplittableRandom random;
        private final int most;
        private int pos;

        ChunkedStream(byte[] b, SplittableRandom random) {
            this(b, random, 37);
        }

        ChunkedStream(byte[] b, SplittableRandom random, int most) {
            this.b = b;
            this.random = random;
            this.most = most;
        }

        @Override
        public int read() {
            return pos < b.length ? b[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] out, int off, int len) {
            if (pos >= b.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, b.length - pos), 1 + random.nextInt(most));
            System.arraycopy(b, pos, out, off, n);
            pos += n;
            return n;
        }
    }

    private static List<Path> suite(String prefix) throws IOException {
        Path dir = TestSupport.shared().resolve("conformance/jsontestsuite/test_parsing");
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().forEach(out::add);
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void jsonTestSuite_acceptedTokensMatch_rejectedFailAtTheSameByte(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        for (String prefix : new String[] {"y_", "n_", "i_"}) {
            for (Path p : suite(prefix)) {
                byte[] doc = Files.readAllBytes(p);
                Object value;
                try {
                    value = reader.parse(doc);
                } catch (JsonParseException whole) {
                    for (int window : new int[] {1, 4, 1 << 20}) {
                        JsonParseException e = assertThrows(JsonParseException.class, () -> {
                            try (JsonParser parser = window == 1 << 20 ? reader.parser(doc)
                                    : reader.parser(new ByteArrayInputStream(doc), null, window)) {
                                tokens(parser);
                            }
                        }, p + " window " + window);
                        assertEquals(whole.getMessage(), e.getMessage(), p + " window " + window);
                        assertEquals(whole.offset(), e.offset(), p.toString());
                    }
                    continue;
                }
                List<String> want = new ArrayList<>();
                expected(value, want);
                if (p.getFileName().toString().contains("duplicate")) {
                    // the tree keeps one member per name; the parser reports every member as it comes
                    try (JsonParser parser = reader.parser(doc)) {
                        parser.nextToken();
                        assertEquals(value, parser.readValue(), p.toString());
                        assertNull(parser.nextToken());
                    }
                    continue;
                }
                try (JsonParser parser = reader.parser(doc)) {
                    assertEquals(want, tokens(parser), p.toString());
                }
                try (JsonParser parser = reader.parser(new ByteArrayInputStream(doc), null, 1)) {
                    assertEquals(want, tokens(parser), p + " window 1");
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void validate_acceptsWhatParseAccepts_failsWhereParseFails(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        for (Path p : corpus()) {
            assertEquals(Files.size(p), reader.validate(p), p.toString());
        }
        for (Path p : suite("n_")) {
            byte[] doc = Files.readAllBytes(p);
            JsonParseException whole = assertThrows(JsonParseException.class, () -> reader.parse(doc));
            JsonParseException e = assertThrows(JsonParseException.class,
                    () -> reader.validate(new ChunkedStream(doc, new SplittableRandom(3))), p.toString());
            assertEquals(whole.getMessage(), e.getMessage(), p.toString());
        }
    }

    /**
     * Streams of several 1 MiB windows (each taken in two stages by a native kernel, its line feeds and
     * columns counted as it is scanned) with an error late in them: validate and the pull parser report
     * the byte, line and column that parsing the whole array reports.
     */
    @ParameterizedTest
    @MethodSource("backends")
    void largeStream_errorLate_sameLineAndColumnAsWhole(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        SplittableRandom rnd = new SplittableRandom(11);
        String[] pieces = {"{\"t\": \"日本語のテキスト\", \"n\": [1, 2.5, -3e2]}", "\"é\\n😀\"", "\n", "\r\n", "  ", "true",
            "\"" + "x".repeat(300) + "\"", "{}", "[\n]", "12345678901234567890123"};
        String[] errors = {"tru", "\"\u0001\"", "1.", "{\"a\" 1}", "\"\\q\"", "[1,]", "\"\u00ff"};
        for (int round = 0; round < 6; round++) {
            StringBuilder sb = new StringBuilder("[\n");
            int target = (1 << 20) * (1 + round % 3) + rnd.nextInt(1 << 16);
            while (sb.length() < target) {
                String p = pieces[rnd.nextInt(pieces.length)];
                sb.append(p.isBlank() ? p : p + ",");
            }
            sb.append(errors[round % errors.length]).append("]\n");
            byte[] doc = sb.toString().getBytes(StandardCharsets.UTF_8);
            if (round % errors.length == errors.length - 1) {
                doc[doc.length - 3] = (byte) 0xC3; // a lead byte without its continuation byte
            }
            byte[] bytes = doc;
            JsonParseException whole = assertThrows(JsonParseException.class, () -> reader.parse(bytes));
            JsonParseException validated = assertThrows(JsonParseException.class,
                    () -> reader.validate(new ByteArrayInputStream(bytes)), "round " + round);
            JsonParseException pulled = assertThrows(JsonParseException.class, () -> {
                try (JsonParser parser = reader.parser(new ByteArrayInputStream(bytes))) {
                    while (parser.nextToken() != null) {
                        // read to the error
                    }
                }
            }, "round " + round);
            for (JsonParseException e : List.of(validated, pulled)) {
                assertEquals(whole.getMessage(), e.getMessage(), "round " + round);
                assertEquals(whole.offset(), e.offset(), "round " + round);
                assertEquals(whole.line(), e.line(), "round " + round);
                assertEquals(whole.column(), e.column(), "round " + round);
            }
            assertTrue(whole.line() > 1000, "the error is many lines in: " + whole.line());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void pointerNameDepthAndLocation(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        String doc = "{\"a\": [10, {\"b/c\": true, \"~\": null}],\n \"d\": \"x\"}";
        try (JsonParser p = reader.parser(doc)) {
            assertEquals(new JsonLocation(0, 1, 1), p.location());
            assertEquals(JsonToken.START_OBJECT, p.nextToken());
            assertEquals("", p.pointer());
            assertEquals(1, p.depth());
            assertEquals(JsonToken.NAME, p.nextToken());
            assertEquals("a", p.currentName());
            assertEquals("/a", p.pointer());
            assertEquals(new JsonLocation(1, 1, 2), p.location());
            assertEquals(JsonToken.START_ARRAY, p.nextToken());
            assertEquals("/a", p.pointer());
            assertEquals("a", p.currentName());
            assertEquals(2, p.depth());
            assertEquals(JsonToken.NUMBER, p.nextToken());
            assertEquals("/a/0", p.pointer());
            assertNull(p.currentName());
            assertEquals(10, p.getInt());
            assertEquals(new JsonLocation(7, 1, 8), p.location());
            assertEquals(JsonToken.START_OBJECT, p.nextToken());
            assertEquals("/a/1", p.pointer());
            assertEquals(JsonToken.NAME, p.nextToken());
            assertEquals("/a/1/b~1c", p.pointer());
            assertEquals(JsonToken.TRUE, p.nextToken());
            assertEquals(JsonToken.NAME, p.nextToken());
            assertEquals("/a/1/~0", p.pointer());
            assertEquals(JsonToken.NULL, p.nextToken());
            assertEquals(JsonToken.END_OBJECT, p.nextToken());
            assertEquals("/a/1", p.pointer());
            assertEquals(JsonToken.END_ARRAY, p.nextToken());
            assertEquals("/a", p.pointer());
            assertEquals(JsonToken.NAME, p.nextToken());
            assertEquals("d", p.getString());
            assertEquals(new JsonLocation(39, 2, 2), p.location());
            assertEquals(JsonToken.STRING, p.nextToken());
            assertEquals("x", p.getString());
            assertEquals("/d", p.pointer());
            assertEquals(JsonToken.END_OBJECT, p.nextToken());
            assertEquals(0, p.depth());
            assertNull(p.nextToken());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void skipValueAndReadValue_matchTheTree(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        byte[] doc = Files.readAllBytes(TestSupport.shared().resolve("corpus/citm_catalog.json"));
        @SuppressWarnings("unchecked")
        Map<String, Object> tree = (Map<String, Object>) reader.parse(doc);
        for (int window : new int[] {7, 1 << 20}) {
            try (JsonParser p = reader.parser(new ByteArrayInputStream(doc), null, window)) {
                assertEquals(JsonToken.START_OBJECT, p.nextToken());
                int members = 0;
                while (p.nextToken() == JsonToken.NAME) {
                    String name = p.currentName();
                    if (members++ % 2 == 0) {
                        assertEquals(tree.get(name), p.readValue(), name);
                    } else {
                        p.nextToken();
                        p.skipValue();
                    }
                    assertTrue(p.currentToken() != JsonToken.NAME);
                }
                assertEquals(JsonToken.END_OBJECT, p.currentToken());
                assertEquals(tree.size(), members);
                assertNull(p.nextToken());
            }
        }
    }

    record Point(int x, int y) {
    }

    @ParameterizedTest
    @MethodSource("backends")
    void readValueBinds_errorsCarryTheDocumentPointer(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        String doc = "{\"points\": [{\"x\": 1, \"y\": 2}, {\"x\": 3, \"y\": 4}, {\"x\": 5, \"y\": \"no\"}]}";
        try (JsonParser p = reader.parser(doc)) {
            p.nextToken();
            p.nextToken();
            assertEquals(JsonToken.START_ARRAY, p.nextToken());
            assertEquals(JsonToken.START_OBJECT, p.nextToken());
            assertEquals(new Point(1, 2), p.readValue(Point.class));
            assertEquals(JsonToken.END_OBJECT, p.currentToken());
            p.nextToken();
            assertEquals(new Point(3, 4), p.readValue(Point.class));
            p.nextToken();
            JsonParseException e = assertThrows(JsonParseException.class, () -> p.readValue(Point.class));
            assertEquals(JsonParseException.Kind.TYPE_MISMATCH, e.kind());
            assertEquals("/points/2/y", e.pointer());
            assertEquals(62, e.offset()); // at "no"
            assertEquals(63, e.column());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void numbers_everyAccessor(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        try (JsonParser p = reader.parser("[1, -2147483649, 123456789012345678901234567890, 2.5, 1e2, -0.0]")) {
            p.nextToken();
            p.nextToken();
            assertEquals(NumberType.INT, p.numberType());
            assertEquals(1, p.getInt());
            p.nextToken();
            assertEquals(NumberType.LONG, p.numberType());
            assertThrows(ArithmeticException.class, p::getInt);
            assertEquals(-2147483649L, p.getLong());
            p.nextToken();
            assertEquals(NumberType.BIG_INTEGER, p.numberType());
            assertEquals(new BigInteger("123456789012345678901234567890"), p.getBigInteger());
            assertEquals(1.2345678901234568e29, p.getDouble());
            assertEquals("123456789012345678901234567890", p.getString());
            p.nextToken();
            assertEquals(2.5, p.getDouble());
            assertEquals(new BigDecimal("2.5"), p.getBigDecimal());
            assertThrows(ArithmeticException.class, p::getLong);
            p.nextToken();
            assertEquals(100, p.getInt());
            assertEquals(100L, p.getLong());
            p.nextToken();
            assertEquals(-0.0, p.getDouble());
            assertThrows(IllegalStateException.class, p::getBoolean);
            assertEquals(JsonToken.END_ARRAY, p.nextToken());
            assertThrows(IllegalStateException.class, p::getString);
        }
        // a double's BigDecimal is its shortest decimal form (BigDecimal.valueOf), not its binary value nor every digit written
        try (JsonParser p = TestSupport.reader(backend).parser("[0.1, 5.9604644775390625e-08]")) {
            p.nextToken();
            p.nextToken();
            assertEquals(new BigDecimal("0.1"), p.getBigDecimal());
            p.nextToken();
            assertEquals(new BigDecimal("5.960464477539063E-8"), p.getBigDecimal());
        }
        JsonReader big = TestSupport.reader(backend, b -> b.bigDecimals(true));
        try (JsonParser p = big.parser("[0.1, 1e400]")) {
            p.nextToken();
            p.nextToken();
            assertEquals(NumberType.BIG_DECIMAL, p.numberType());
            assertEquals(new BigDecimal("0.1"), p.getBigDecimal());
            assertEquals(new BigDecimal("0.1"), p.getNumber());
            p.nextToken();
            assertEquals(new BigDecimal("1e400"), p.getBigDecimal());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void everyInputKind_andHasNextKeepsTheCurrentValue(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        String doc = "[\"a\", 12, {\"k\": \"v\"}]";
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        List<String> want = new ArrayList<>();
        expected(reader.parse(doc), want);
        Path file = Files.createTempFile("hyson-parser", ".json");
        try {
            Files.write(file, bytes);
            ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
            direct.put(bytes).flip();
            for (JsonParser p : List.of(reader.parser(bytes), reader.parser(doc), reader.parser(file),
                    reader.parser(ByteBuffer.wrap(bytes)), reader.parser(direct), reader.parser(new ByteArrayInputStream(bytes)))) {
                try (p) {
                    assertEquals(want, tokens(p));
                }
            }
            assertEquals(0, direct.position());
        } finally {
            Files.delete(file);
        }
        // before the first token, readValue reads the document's value
        for (JsonParser p : List.of(reader.parser(bytes), reader.parser(new ByteArrayInputStream(bytes), null, 3))) {
            try (p) {
                assertEquals(reader.parse(bytes), p.readValue());
                assertEquals(JsonToken.END_ARRAY, p.currentToken());
                assertNull(p.nextToken());
            }
        }
        // hasNext reads the next window when it must; the current token's value stays readable
        try (JsonParser p = reader.parser(new ByteArrayInputStream(bytes), null, 1)) {
            p.nextToken();
            p.nextToken();
            assertTrue(p.hasNext());
            assertEquals("a", p.getString());
            p.nextToken();
            assertTrue(p.hasNext());
            assertEquals(12, p.getInt());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void limitsApply_depthAndDocumentLength(Backend backend) {
        JsonReader reader = TestSupport.reader(backend, b -> b.maxDepth(3).maxDocumentLength(40));
        JsonParseException deep = assertThrows(JsonParseException.class, () -> {
            try (JsonParser p = reader.parser("[[[[1]]]]")) {
                tokens(p);
            }
        });
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, deep.kind());
        assertEquals(3, deep.offset());
        byte[] longDoc = ("[" + "1,".repeat(30) + "1]").getBytes(StandardCharsets.UTF_8);
        assertThrows(JsonParseException.class, () -> reader.parser(longDoc));
        JsonParseException e = assertThrows(JsonParseException.class, () -> {
            try (JsonParser p = reader.parser(new ByteArrayInputStream(longDoc), null, 8)) {
                tokens(p);
            }
        });
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind());
    }

    /** A stream that gives {@code [} and then returns 0 from every read, against its contract. */
    private static InputStream zeroReads() {
        return new InputStream() {
            private boolean first = true;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (first) {
                    first = false;
                    b[off] = '[';
                    return 1;
                }
                return 0;
            }
        };
    }

    /**
     * Found by helpers' attack runs: a stream returning 0 forever made every read loop spin (now an
     * UncheckedIOException naming it, as jackson-core reports it); readValue under
     * DuplicateKeyPolicy.ERROR quoted bytes after an escaped name instead of it; getBigInteger of
     * 1e99999999 under bigDecimals made a 41 MB integer in a minute (now refused by maxNumberLength).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void zeroReadingStream_escapedDuplicateInReadValue_hugeIntegers(Backend backend) throws IOException {
        JsonReader r = TestSupport.reader(backend);
        for (int kind = 0; kind < 4; kind++) {
            int k = kind;
            java.io.UncheckedIOException e = assertThrows(java.io.UncheckedIOException.class, () -> {
                if (k == 0) {
                    r.parse(zeroReads());
                } else if (k == 1) {
                    try (JsonParser p = r.parser(zeroReads())) {
                        while (p.nextToken() != null) {
                            continue;
                        }
                    }
                } else if (k == 2) {
                    r.lines().read(zeroReads()).count();
                } else {
                    r.lines().validate(zeroReads());
                }
            }, "kind " + kind);
            assertTrue(e.getCause().getMessage().contains("read returned 0 bytes 64 times in a row"), e.getCause().getMessage());
        }
        JsonReader strict = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR));
        for (String json : List.of("{\"a\":1,\"\\u0061\":2}", "[0,{\"m1\":1,\"m\\u0031\":[2,2]}]")) {
            String whole = assertThrows(JsonParseException.class, () -> strict.parse(json)).getMessage();
            try (JsonParser p = strict.parser(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)))) {
                JsonParseException e = assertThrows(JsonParseException.class, p::readValue);
                assertEquals(whole, e.getMessage().replaceFirst("^value at [^:]*: ", ""), json);
            }
        }
        JsonReader decimals = TestSupport.reader(backend, b -> b.bigDecimals(true));
        for (String text : List.of("1e99999999", "-1E+1000")) { // 1001 digits and more
            try (JsonParser p = decimals.parser(text)) {
                p.nextToken();
                JsonParseException e = assertThrows(JsonParseException.class, p::getBigInteger, text);
                assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind());
            }
        }
        try (JsonParser p = decimals.parser("[1.5e-99999999, 1e999, 12.50e1]")) {
            p.nextToken();
            p.nextToken();
            assertThrows(ArithmeticException.class, p::getBigInteger);
            p.nextToken();
            assertEquals(BigInteger.TEN.pow(999), p.getBigInteger()); // 1000 digits: maxNumberLength
            p.nextToken();
            assertEquals(BigInteger.valueOf(125), p.getBigInteger());
        }
    }

    /**
     * At an end token no value starts, so skipTo(root) there is false; after close() hasNext() throws
     * as nextToken() does (it gave false, nextToken() buffered tokens; found by an attack run).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void skipToRootAtAnEnd_isFalse_closedParserRefusesEveryRead(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        try (JsonParser p = r.parser("[[1],2]")) {
            p.nextToken();
            p.nextToken();
            p.nextToken();
            assertEquals(JsonToken.END_ARRAY, p.nextToken());
            assertFalse(p.skipTo(JsonPointer.root()));
            assertEquals(JsonToken.END_ARRAY, p.currentToken());
            assertEquals(JsonToken.NUMBER, p.nextToken());
            assertTrue(p.skipTo(JsonPointer.root()));
            assertEquals(2L, p.readValue());
        }
        for (String json : List.of("[1,2,3]", "{\"a\":[true]}")) {
            JsonParser p = r.parser(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
            p.nextToken();
            p.close();
            assertEquals("the parser is closed", assertThrows(IllegalStateException.class, p::hasNext).getMessage());
            assertThrows(IllegalStateException.class, p::nextToken);
        }
    }
}
