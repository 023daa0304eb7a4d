package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The parser's values, options, limits and errors; every case on every backend. */
class ParserTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    private static JsonParseException reject(JsonReader reader, String json) {
        return assertThrows(JsonParseException.class, () -> reader.parse(json), json);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_everyValueType_expectedJavaTypes(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        Object v = r.parse(" {\"s\":\"x\",\"i\":-42,\"big\":123456789012345678901234,\"d\":2.5,\"e\":1E2,"
                + "\"t\":true,\"f\":false,\"n\":null,\"a\":[1,[],{}],\"o\":{\"k\":\"v\"}} \n");
        Map<?, ?> m = assertInstanceOf(dev.hyson.tree.MemberMap.class, v);
        assertEquals(List.of("s", "i", "big", "d", "e", "t", "f", "n", "a", "o"), new ArrayList<>(m.keySet()));
        assertEquals("x", m.get("s"));
        assertEquals(-42L, m.get("i"));
        assertEquals(new BigInteger("123456789012345678901234"), m.get("big"));
        assertEquals(2.5, m.get("d"));
        assertEquals(100.0, m.get("e"));
        assertEquals(Boolean.TRUE, m.get("t"));
        assertEquals(Boolean.FALSE, m.get("f"));
        assertTrue(m.containsKey("n"));
        assertNull(m.get("n"));
        List<?> a = assertInstanceOf(ArrayList.class, m.get("a"));
        assertEquals(1L, a.get(0));
        assertEquals(List.of(), a.get(1));
        assertEquals(Map.of(), a.get(2));
        assertEquals(Map.of("k", "v"), m.get("o"));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_scalarsAtTopLevel(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        assertEquals("hi", r.parse("\"hi\""));
        assertEquals(0L, r.parse("0"));
        assertEquals(0L, r.parse("-0"));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits((Double) r.parse("-0.0")));
        assertEquals(Long.MAX_VALUE, r.parse("9223372036854775807"));
        assertEquals(Long.MIN_VALUE, r.parse("-9223372036854775808"));
        assertEquals(new BigInteger("9223372036854775808"), r.parse("9223372036854775808"));
        assertEquals(new BigInteger("-9223372036854775809"), r.parse("-9223372036854775809"));
        assertEquals(new BigInteger("18446744073709551616"), r.parse("18446744073709551616"));
        assertEquals(0.1, r.parse("0.1"));
        assertEquals(1e23, r.parse("1e23"));
        assertEquals(9007199254740992.0, r.parse("9007199254740993.0"));
        assertEquals(0.0, r.parse("1e-400"));
        assertEquals(-0.0, r.parse("-1e-400"));
        assertNull(r.parse("null"));
        assertEquals(true, r.parse("true"));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_strings_escapesAndUnicode(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        assertEquals("a\"b\\c/d\be\ff\ng\rh\ti", r.parse("\"a\\\"b\\\\c\\/d\\be\\ff\\ng\\rh\\ti\""));
        assertEquals("\u00e9\u65e5\uD83D\uDE00", r.parse("\"\\u00e9\\u65E5\\uD83D\\uDE00\""));
        assertEquals("caf\u00e9 \u65e5\u672c \uD83D\uDE00", r.parse("\"caf\u00e9 \u65e5\u672c \uD83D\uDE00\""));
        assertEquals("\u00e9x\u0100", r.parse("\"\u00e9\\u0078\u0100\""));
        assertEquals("\u0000", r.parse("\"\\u0000\""));
        // long strings cross the eight-byte scanning steps at every alignment
        for (int n = 0; n < 40; n++) {
            String s = "x".repeat(n) + "\u00e9" + "y".repeat(n % 9);
            assertEquals(s, r.parse("\"" + s + "\""));
            assertEquals(s + "\n", r.parse("\"" + s + "\\n\""));
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void loneSurrogates_policies(Backend backend) {
        String doc = "[\"a\\uD800b\", \"\\uDC00\", \"\\uD83D\\u0041\"]";
        assertEquals(List.of("a\uD800b", "\uDC00", "\uD83DA"), TestSupport.reader(backend).parse(doc));
        assertEquals(List.of("a\uFFFDb", "\uFFFD", "\uFFFDA"),
                TestSupport.reader(backend, b -> b.loneSurrogates(SurrogatePolicy.REPLACE)).parse(doc));
        JsonParseException e = reject(TestSupport.reader(backend, b -> b.loneSurrogates(SurrogatePolicy.ERROR)), doc);
        assertEquals(JsonParseException.Kind.LONE_SURROGATE, e.kind());
        assertEquals(3, e.offset());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void invalidUtf8_rejectedAtTheBadSequence(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        byte[][] bad = {
            {'"', (byte) 0xC0, (byte) 0x80, '"'}, // overlong NUL
            {'"', (byte) 0xE0, (byte) 0x80, (byte) 0x80, '"'}, // overlong 3-byte
            {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'}, // encoded surrogate U+D800
            {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'}, // above U+10FFFF
            {'"', (byte) 0x80, '"'}, // lone continuation
            {'"', (byte) 0xE6, (byte) 0x97, '"'}, // truncated
            {'"', (byte) 0xFF, '"'},
        };
        for (byte[] b : bad) {
            JsonParseException e = assertThrows(JsonParseException.class, () -> r.parse(b), Arrays.toString(b));
            assertEquals(JsonParseException.Kind.INVALID_UTF8, e.kind());
            assertEquals(1, e.offset());
        }
        // outside strings a non-ASCII byte is simply unexpected
        assertEquals(JsonParseException.Kind.SYNTAX, assertThrows(JsonParseException.class,
                () -> r.parse(new byte[] {(byte) 0xC3, (byte) 0xA9})).kind());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void byteOrderMark_skippedByDefault_errorOnRequest(Backend backend) {
        byte[] doc = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '[', '1', ']'};
        assertEquals(List.of(1L), TestSupport.reader(backend).parse(doc));
        JsonParseException e = assertThrows(JsonParseException.class,
                () -> TestSupport.reader(backend, b -> b.allowByteOrderMark(false)).parse(doc));
        assertEquals(JsonParseException.Kind.BYTE_ORDER_MARK, e.kind());
        assertEquals(0, e.offset());
    }

    /**
     * A lone surrogate char in a String input (which UTF-8 cannot encode; getBytes makes it '?') is read
     * as its escape would be, under the reader's SurrogatePolicy (found by a helper's attack run).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void stringInput_loneSurrogateChar_followsThePolicy(Backend backend) {
        String json = "{\"k\":\"a\uD800b?\",\"q\":\"\uD83D\uDE00?\"}";
        Object kept = TestSupport.reader(backend).parse(json);
        assertEquals(Map.of("k", "a\uD800b?", "q", "\uD83D\uDE00?"), kept);
        assertEquals(Map.of("k", "a\uFFFDb?", "q", "\uD83D\uDE00?"),
                TestSupport.reader(backend, b -> b.loneSurrogates(SurrogatePolicy.REPLACE)).parse(json));
        JsonParseException e = assertThrows(JsonParseException.class,
                () -> TestSupport.reader(backend, b -> b.loneSurrogates(SurrogatePolicy.ERROR)).parse(json));
        assertEquals(7, e.offset(), e.getMessage());
        assertThrows(JsonParseException.class, () -> TestSupport.reader(backend).parse("[1,\uDC00]"));
        assertEquals(List.of("?"), TestSupport.reader(backend).parse("[\"?\"]"));
        assertEquals(Map.of("k", "a\uD800b?", "q", "\uD83D\uDE00?"), TestSupport.reader(backend).document(json).root().toValue());
        // after a backslash the char is no escape: it was read as an escaped backslash then "uD800"
        JsonParseException escaped = assertThrows(JsonParseException.class, () -> TestSupport.reader(backend).parse("[\"\\\uD800\"]"));
        assertEquals(JsonParseException.Kind.INVALID_ESCAPE, escaped.kind(), escaped.getMessage());
        assertEquals(2, escaped.offset());
        assertEquals(List.of("\\\uD800"), TestSupport.reader(backend).parse("[\"\\\\\uD800\"]")); // an escaped backslash before it
        // outside a string: ill-formed, at its place, not an '\\' the input does not hold
        JsonParseException outside = assertThrows(JsonParseException.class, () -> TestSupport.reader(backend).parse("[1,\uDC00]"));
        assertEquals(3, outside.offset());
        assertFalse(outside.getMessage().contains("'\\'"), outside.getMessage());
        // a quote inside a string does not end it when escaped
        assertEquals(List.of("\"\uDBFF"), TestSupport.reader(backend).parse("[\"\\\"\uDBFF\"]"));
    }

    /** A comment's bytes are input too: ill-formed UTF-8 in one is an error (found by a helper's attack run). */
    @ParameterizedTest
    @MethodSource("backends")
    void comments_mustBeWellFormedUtf8_onEveryInputPath(Backend backend) throws java.io.IOException {
        JsonReader r = TestSupport.reader(backend, b -> b.allowComments(true));
        byte[][] bad = {
            {'/', '/', (byte) 0xFF, '\n', '1'},
            {'/', '*', (byte) 0xC0, (byte) 0xAF, '*', '/', '1'},
            {'/', '*', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '*', '/', '1'},
            {'1', '/', '*', (byte) 0xE2, (byte) 0x82, '*', '/'},
            {'1', '/', '/', (byte) 0xE2, (byte) 0x82},
        };
        long[] at = {2, 2, 2, 3, 3};
        for (int k = 0; k < bad.length; k++) {
            byte[] doc = bad[k];
            JsonParseException e = assertThrows(JsonParseException.class, () -> r.parse(doc));
            assertEquals(JsonParseException.Kind.INVALID_UTF8, e.kind(), e.getMessage());
            assertEquals(at[k], e.offset(), e.getMessage());
            JsonParseException s = assertThrows(JsonParseException.class, () -> {
                try (dev.hyson.stream.JsonParser p = r.parser(new JsonParserTest.ChunkedStream(doc, new java.util.SplittableRandom(1), 1))) {
                    while (p.nextToken() != null) {
                        // drain
                    }
                }
            });
            assertEquals(JsonParseException.Kind.INVALID_UTF8, s.kind(), s.getMessage());
            assertEquals(at[k], s.offset(), s.getMessage());
        }
        // well-formed multi-byte text in comments, cut by every window end of a stream read a byte at a time
        byte[] ok = "// \u00e9t\u00e9 \u20ac\n[1, /* \u65e5\u672c \ud83d\ude00 */ 2] // fin \u00e9".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of(1L, 2L), r.parse(ok));
        try (dev.hyson.stream.JsonParser p = r.parser(new JsonParserTest.ChunkedStream(ok, new java.util.SplittableRandom(1), 1))) {
            assertEquals(List.of(1L, 2L), p.readValue());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void lenientOptions_offByDefault_eachAcceptsItsExtension(Backend backend) {
        JsonReader strict = TestSupport.reader(backend);
        String comments = "// head\n[1, /* two */ 2 // tail\n]";
        String trailing = "{\"a\":[1,2,],}";
        String nonFinite = "[NaN, Infinity, -Infinity]";
        reject(strict, comments);
        reject(strict, trailing);
        reject(strict, nonFinite);
        assertEquals(List.of(1L, 2L), TestSupport.reader(backend, b -> b.allowComments(true)).parse(comments));
        assertEquals(Map.of("a", List.of(1L, 2L)), TestSupport.reader(backend, b -> b.allowTrailingCommas(true)).parse(trailing));
        assertEquals(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
                TestSupport.reader(backend, b -> b.allowNonFiniteLiterals(true)).parse(nonFinite));
        JsonReader trailingOk = TestSupport.reader(backend, b -> b.allowTrailingCommas(true));
        reject(trailingOk, "[1,,]");
        reject(trailingOk, "[,]");
        // a '/' that starts no comment is an error, never a hang
        assertEquals(4, reject(TestSupport.reader(backend, b -> b.allowComments(true)), "[1, /x]").offset());
        assertEquals(2, reject(TestSupport.reader(backend, b -> b.allowComments(true)), "[1/").offset());
        JsonParseException e = reject(TestSupport.reader(backend, b -> b.allowComments(true)), "[1 /* open");
        assertEquals(JsonParseException.Kind.UNEXPECTED_END, e.kind());
        assertEquals(3, e.offset());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void overflow_errorNamesTheNumber_orInfinityOnRequest(Backend backend) {
        JsonParseException e = reject(TestSupport.reader(backend), "[0, 1e400]");
        assertEquals(JsonParseException.Kind.NUMBER_OUT_OF_RANGE, e.kind());
        assertEquals(4, e.offset());
        assertTrue(e.getMessage().contains("1e400"), e.getMessage());
        assertEquals(List.of(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
                TestSupport.reader(backend, b -> b.allowInfinityForOverflow(true)).parse("[1e400,-1.5e9999]"));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void bigDecimals_exactForFractionsAndExponents(Backend backend) {
        JsonReader r = TestSupport.reader(backend, b -> b.bigDecimals(true));
        assertEquals(List.of(new BigDecimal("0.1"), new BigDecimal("1E+400"), 7L, new BigDecimal("-2.50")),
                r.parse("[0.1, 1E+400, 7, -2.50]"));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void bigDecimals_exponentBeyondTheScale_isARangeError(Backend backend) {
        JsonReader r = TestSupport.reader(backend, b -> b.bigDecimals(true));
        for (String doc : new String[] {"1e2147483648", "[0.1e-2147483648]", "{\"a\":1e99999999999999999999}"}) {
            JsonParseException e = reject(r, doc);
            assertEquals(JsonParseException.Kind.NUMBER_OUT_OF_RANGE, e.kind(), doc);
            assertEquals(doc.indexOf('1') == 0 ? 0 : doc.indexOf(doc.startsWith("[") ? '0' : '1'), e.offset(), doc);
            assertTrue(e.getMessage().contains("BigDecimal"), e.getMessage());
        }
        assertEquals(new BigDecimal("1E+2147483647"), r.parse("1e2147483647"));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void streams_limitAtLongMax_readWhole(Backend backend) {
        String doc = "[" + "\"abcdefghij\",".repeat(3000) + "1]";
        Object v = TestSupport.reader(backend, b -> b.maxDocumentLength(Long.MAX_VALUE))
                .parse(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)));
        assertEquals(3001, ((List<?>) v).size());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void duplicateKeys_policies(Backend backend) {
        String doc = "{\"a\":1,\"b\":2,\"a\":3}";
        Map<?, ?> last = (Map<?, ?>) TestSupport.reader(backend).parse(doc);
        assertEquals(3L, last.get("a"));
        assertEquals(List.of("a", "b"), new ArrayList<>(last.keySet()));
        assertEquals(1L, ((Map<?, ?>) TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS)).parse(doc)).get("a"));
        assertEquals(Map.of("a", 1L), TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS)).parse("{\"a\":1,\"a\":null}"));
        JsonParseException e = reject(TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)), doc);
        assertEquals(JsonParseException.Kind.DUPLICATE_KEY, e.kind());
        assertEquals(13, e.offset());
        assertTrue(e.getMessage().contains("\"a\""), e.getMessage());
        // null values are members too
        reject(TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)), "{\"a\":null,\"a\":null}");
    }

    @ParameterizedTest
    @MethodSource("backends")
    void limits_depthStringNumberDocument(Backend backend) {
        JsonReader r = TestSupport.reader(backend, b -> b.maxDepth(3).maxStringLength(5).maxNumberLength(4).maxDocumentLength(40));
        assertEquals(List.of(List.of(List.of())), r.parse("[[[]]]"));
        JsonParseException depth = reject(r, "[[[[]]]]");
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, depth.kind());
        assertEquals(3, depth.offset());
        assertTrue(depth.getMessage().contains("maxDepth (3)"), depth.getMessage());
        assertEquals("12345", r.parse("\"12345\""));
        assertTrue(reject(r, "\"123456\"").getMessage().contains("maxStringLength"));
        assertTrue(reject(r, "\"1234\\n\"").getMessage().contains("maxStringLength"));
        assertEquals(1234L, r.parse("1234"));
        assertTrue(reject(r, "12345").getMessage().contains("maxNumberLength"));
        assertTrue(reject(r, "[" + "1,".repeat(20) + "1]").getMessage().contains("maxDocumentLength"));
        // the default number limit guards BigInteger/BigDecimal conversion
        assertTrue(reject(TestSupport.reader(backend), "1" + "0".repeat(1000)).getMessage().contains("maxNumberLength (1000"));
        // streams stop reading past the document limit
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return ' ';
            }
        };
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, assertThrows(JsonParseException.class,
                () -> TestSupport.reader(backend, b -> b.maxDocumentLength(100_000)).parse(endless)).kind());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void deepNesting_isALimitError_neverStackOverflow(Backend backend) {
        String deep = "[".repeat(100_000);
        JsonParseException e = reject(TestSupport.reader(backend), deep);
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind());
        assertEquals(1000, e.offset());
        JsonReader unlimited = TestSupport.reader(backend, b -> b.maxDepth(Integer.MAX_VALUE));
        Object v = unlimited.parse("[".repeat(200_000) + "]".repeat(200_000));
        int levels = 0;
        while (v instanceof List && !((List<?>) v).isEmpty()) {
            v = ((List<?>) v).get(0);
            levels++;
        }
        assertEquals(199_999, levels);
        String deepObjects = "{\"a\":".repeat(50_000) + "1" + "}".repeat(50_000);
        assertInstanceOf(Map.class, unlimited.parse(deepObjects));
    }

    /** Exact positions: offset from the start, 1-based line, column in code points. */
    @ParameterizedTest
    @MethodSource("backends")
    void errors_exactLineColumnOffset(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        Object[][] cases = {
            // input, offset, line, column, message start
            {"{\n  \"a\": [1, 2,\n    3,]\n}", 22L, 3L, 7L, "unexpected ']' at line 3, column 7 (byte 22): expected a value"},
            {"", 0L, 1L, 1L, "unexpected end of input at line 1, column 1 (byte 0): expected a value"},
            {"   ", 3L, 1L, 4L, "unexpected end of input at line 1, column 4 (byte 3): expected a value"},
            {"[1 2]", 3L, 1L, 4L, "unexpected '2' at line 1, column 4 (byte 3): expected ',' or ']'"},
            {"{\"a\" 1}", 5L, 1L, 6L, "unexpected '1' at line 1, column 6 (byte 5): expected ':' after the member name"},
            {"{\"a\":1 \"b\":2}", 7L, 1L, 8L, "unexpected '\"' at line 1, column 8 (byte 7): expected ',' or '}'"},
            {"{1:2}", 1L, 1L, 2L, "unexpected '1' at line 1, column 2 (byte 1): expected a member name (a string)"},
            {"[tru]", 1L, 1L, 2L, "unexpected 't' at line 1, column 2 (byte 1): invalid literal"},
            // a literal cut by the end of the input is an unexpected end there, as a cut number is
            {"[tru", 4L, 1L, 5L, "unexpected end of input at line 1, column 5 (byte 4): invalid literal"},
            {"{\"a\":\n n", 8L, 2L, 3L, "unexpected end of input at line 2, column 3 (byte 8): invalid literal"},
            {"[nul ", 1L, 1L, 2L, "unexpected 'n' at line 1, column 2 (byte 1): invalid literal"},
            {"[\"\u00e9\u65e5\", x]", 10L, 1L, 8L, "unexpected 'x' at line 1, column 8 (byte 10): expected a value"},
            {"[1]\n\n x", 6L, 3L, 2L, "unexpected 'x' at line 3, column 2 (byte 6): expected the end of input after the value"},
            {"[-]", 2L, 1L, 3L, "unexpected ']' at line 1, column 3 (byte 2): invalid number: expected a digit"},
            {"[1.]", 3L, 1L, 4L, "unexpected ']' at line 1, column 4 (byte 3): invalid number"},
            {"[01]", 2L, 1L, 3L, "unexpected '1' at line 1, column 3 (byte 2): invalid number: a leading zero is not allowed (RFC 8259 section 6)"},
            {"{\"a\":-0123}", 7L, 1L, 8L, "unexpected '1' at line 1, column 8 (byte 7): invalid number: a leading zero is not allowed"},
            {"00", 1L, 1L, 2L, "unexpected '0' at line 1, column 2 (byte 1): invalid number: a leading zero is not allowed"},
            {"[1.0e]", 5L, 1L, 6L, "unexpected ']' at line 1, column 6 (byte 5): invalid number: expected a digit"},
            {"\r\n[\"ab\tc\"]", 6L, 2L, 5L, "unescaped control character U+0009 in string at line 2, column 5 (byte 6)"},
            {"[\"abc", 1L, 1L, 2L, "unterminated string at line 1, column 2 (byte 1)"},
            {"[\"a\\x\"]", 3L, 1L, 4L, "invalid escape sequence at line 1, column 4 (byte 3)"},
            {"[\"\\u12G4\"]", 2L, 1L, 3L, "invalid escape sequence at line 1, column 3 (byte 2)"},
            {"{\"a\":{\"b\":[}}", 11L, 1L, 12L, "unexpected '}' at line 1, column 12 (byte 11): expected a value"},
        };
        for (Object[] c : cases) {
            String doc = (String) c[0];
            JsonParseException e = reject(r, doc);
            assertEquals(c[1], e.offset(), doc + " offset; " + e.getMessage());
            assertEquals(c[2], e.line(), doc + " line; " + e.getMessage());
            assertEquals(c[3], e.column(), doc + " column; " + e.getMessage());
            assertTrue(e.getMessage().startsWith((String) c[4]), doc + ": " + e.getMessage());
            assertEquals(((String) c[4]).startsWith("unexpected end of input") || ((String) c[4]).startsWith("unterminated"),
                    e.kind() == JsonParseException.Kind.UNEXPECTED_END, doc + ": " + e.kind());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void errors_illFormedUtf8_namedByItsByte_columnsInCodePoints(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        // outside a string: the byte that cannot start a value; inside one: the lead byte of the sequence
        byte[] outside = {'[', (byte) 0xC0, (byte) 0x80, ']'};
        byte[] inString = {'[', '"', (byte) 0xC3, (byte) 0xA9, (byte) 0xE2, (byte) 0x28, (byte) 0xA1, '"', ']'};
        byte[] afterCrLf = {'[', '\r', '\n', '"', (byte) 0xC3, (byte) 0xA9, '"', ',', (byte) 0xFF, ']'};
        assertEquals("unexpected byte 0xC0 at line 1, column 2 (byte 1): expected a value",
                assertThrows(JsonParseException.class, () -> r.parse(outside)).getMessage());
        assertEquals("invalid UTF-8 byte 0xE2 at line 1, column 4 (byte 4): input must be well-formed UTF-8"
                + " (RFC 8259 section 8.1)", assertThrows(JsonParseException.class, () -> r.parse(inString)).getMessage());
        assertEquals("unexpected byte 0xFF at line 2, column 5 (byte 8): expected a value",
                assertThrows(JsonParseException.class, () -> r.parse(afterCrLf)).getMessage());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void slice_offsetsRelativeToSlice(Backend backend) {
        byte[] buf = "xxx[1,]yyy".getBytes(StandardCharsets.US_ASCII);
        JsonParseException e = assertThrows(JsonParseException.class, () -> TestSupport.reader(backend).parse(buf, 3, 4));
        assertEquals(3, e.offset());
        assertEquals(List.of(1L), TestSupport.reader(backend).parse("xx[1]".getBytes(StandardCharsets.US_ASCII), 2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> TestSupport.reader(backend).parse(buf, 8, 5));
    }

    @SuppressWarnings("unchecked")
    @ParameterizedTest
    @MethodSource("backends")
    void keyCache_repeatedNames_sameInstance(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        List<?> list = (List<?>) r.parse("[{\"id\":1,\"name\":\"a\",\"caf\u00e9\":1},{\"id\":2,\"name\":\"b\",\"caf\u00e9\":2}]");
        List<String> k0 = new ArrayList<>(((Map<String, ?>) list.get(0)).keySet());
        List<String> k1 = new ArrayList<>(((Map<String, ?>) list.get(1)).keySet());
        for (int i = 0; i < 3; i++) {
            assertEquals(k0.get(i), k1.get(i));
            assertSame(k0.get(i), k1.get(i), "key " + k0.get(i));
        }
        // and across documents
        Map<?, ?> other = (Map<?, ?>) r.parse("{\"name\":0}");
        assertSame(k0.get(1), other.keySet().iterator().next());
        // disabled: equal names, distinct instances
        JsonReader plain = TestSupport.reader(backend, b -> b.internKeys(false));
        List<?> l2 = (List<?>) plain.parse("[{\"id\":1},{\"id\":2}]");
        String a = ((Map<String, ?>) l2.get(0)).keySet().iterator().next();
        String b = ((Map<String, ?>) l2.get(1)).keySet().iterator().next();
        assertEquals(a, b);
        assertTrue(a != b);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void keyCache_manyDistinctNames_stillCorrect(Backend backend) {
        // far more names than cache slots, and names longer than the cached maximum
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < 20_000; i++) {
            sb.append(i == 0 ? "" : ",").append("\"k").append(i).append(i % 7 == 0 ? "x".repeat(70) : "").append("\":").append(i);
        }
        Map<?, ?> m = (Map<?, ?>) TestSupport.reader(backend).parse(sb.append('}').toString());
        assertEquals(20_000, m.size());
        assertEquals(19_998L, m.get("k19998"));
        assertEquals(7L, m.get("k7" + "x".repeat(70)));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void concurrency_oneReaderManyThreads_sameResults(Backend backend) throws Exception {
        JsonReader r = TestSupport.reader(backend);
        List<String> docs = new ArrayList<>();
        List<Object> expected = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 50; i++) {
            StringBuilder sb = new StringBuilder("[");
            for (int j = 0; j < 200; j++) {
                sb.append(j == 0 ? "" : ",").append("{\"k").append(rnd.nextInt(300)).append("\":\"v\\u00e9")
                        .append(rnd.nextInt()).append("\",\"d\":").append(rnd.nextDouble()).append('}');
            }
            docs.add(sb.append(']').toString());
            expected.add(r.parse(docs.get(i)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    for (int n = 0; n < 200; n++) {
                        int i = (n * 31 + seed) % docs.size();
                        if (!expected.get(i).equals(r.parse(docs.get(i)))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertTrue(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void randomBytes_onlyValuesOrParseExceptions(Backend backend) {
        JsonReader r = TestSupport.reader(backend);
        SplittableRandom rnd = new SplittableRandom(42);
        byte[] alphabet = "{}[]\",:0123456789.eE+-tfnrue \\u\u00e9aZ\n".getBytes(StandardCharsets.UTF_8);
        int values = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] doc = new byte[rnd.nextInt(1, 40)];
            for (int j = 0; j < doc.length; j++) {
                doc[j] = rnd.nextInt(4) == 0 ? (byte) rnd.nextInt(256) : alphabet[rnd.nextInt(alphabet.length)];
            }
            try {
                r.parse(doc);
                values++;
            } catch (JsonParseException e) {
                assertTrue(e.offset() >= 0 && e.offset() <= doc.length);
            }
        }
        assertTrue(values > 0, "some random documents are valid");
    }

    /** A stream that hands out at most {@code chunk} bytes per read, as a slow socket does. */
    private static InputStream trickle(byte[] bytes, int chunk) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    @ParameterizedTest
    @MethodSource("backends")
    void streams_sameValuesAndErrorsAsArrays(Backend backend) throws java.io.IOException {
        List<java.nio.file.Path> files = new ArrayList<>();
        try (Stream<java.nio.file.Path> s = java.nio.file.Files.list(TestSupport.shared().resolve("conformance/jsontestsuite/test_parsing"))) {
            s.sorted().forEach(files::add);
        }
        assertTrue(files.size() > 300, "conformance files: " + files.size());
        List<JsonReader> readers = List.of(TestSupport.reader(backend),
                TestSupport.reader(backend, b -> b.allowComments(true).allowTrailingCommas(true).allowNonFiniteLiterals(true)),
                // these two options buffer the stream (their errors are found after the scan)
                TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)),
                TestSupport.reader(backend, b -> b.bigDecimals(true)));
        int errors = 0;
        for (java.nio.file.Path p : files) {
            byte[] bytes = java.nio.file.Files.readAllBytes(p);
            for (JsonReader r : readers) {
                Object expected;
                try {
                    expected = r.parse(bytes);
                } catch (JsonParseException e) {
                    JsonParseException got = assertThrows(JsonParseException.class, () -> r.parse(trickle(bytes, 3)), p.toString());
                    assertEquals(e.getMessage(), got.getMessage(), p.toString());
                    assertEquals(e.offset(), got.offset(), p.toString());
                    assertEquals(e.line(), got.line(), p.toString());
                    assertEquals(e.column(), got.column(), p.toString());
                    errors++;
                    continue;
                }
                Object got = r.parse(trickle(bytes, 3));
                if (expected instanceof Double && ((Double) expected).isNaN()) {
                    assertTrue(got instanceof Double && ((Double) got).isNaN(), p.toString());
                } else {
                    assertEquals(expected, got, p.toString());
                }
            }
        }
        assertTrue(errors > 400, "errors compared: " + errors);
        // duplicate member names across windows are found with their line and column
        String dup = "{\"a\":1,\n" + " ".repeat(1_200_000) + "\"b\":[\"" + "x".repeat(100_000) + "\"],\n  \"a\":2}";
        JsonReader strict = TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR));
        JsonParseException e = assertThrows(JsonParseException.class,
                () -> strict.parse(trickle(dup.getBytes(StandardCharsets.UTF_8), 1000)));
        assertEquals(JsonParseException.Kind.DUPLICATE_KEY, e.kind());
        assertEquals(3, e.line());
        assertEquals(3, e.column());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void inputStream_thatParsesInsideRead_doesNotDisturbTheOuterParse(Backend backend) {
        // user code runs between a stream's windows; a parse from there gets its own tape
        for (String doc : new String[] {"[{\"k\":\"v\"},1,2,3,\"x\"]", "[" + "1,".repeat(525_288) + "2]"}) {
            byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
            InputStream nesting = new ByteArrayInputStream(bytes) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    assertEquals(Map.of("inner", List.of(1L, 2L, 3L)), Json.parse("{\"inner\":[1,2,3]}"));
                    assertEquals(List.of(7L), TestSupport.reader(backend).parse(new ByteArrayInputStream("[7]".getBytes(StandardCharsets.UTF_8))));
                    return super.read(b, off, Math.min(len, 100_000));
                }
            };
            assertEquals(TestSupport.reader(backend).parse(bytes), TestSupport.reader(backend).parse(nesting));
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void inputStream_readToEnd_notClosed(Backend backend) {
        boolean[] closed = {false};
        InputStream in = new ByteArrayInputStream("{\"a\":[1,2]}".getBytes(StandardCharsets.UTF_8)) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        assertEquals(Map.of("a", List.of(1L, 2L)), TestSupport.reader(backend).parse(in));
        assertTrue(!closed[0]);
        assertEquals(List.of(), TestSupport.reader(backend).parse(ByteBuffer.wrap("[]".getBytes(StandardCharsets.UTF_8))));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void options_toBuilder_keepsSettings(Backend backend) {
        JsonReader r = TestSupport.reader(backend, b -> b.allowComments(true).maxDepth(5));
        JsonReader copy = r.toBuilder().allowTrailingCommas(true).build();
        assertEquals(List.of(1L), copy.parse("[1, /* c */]"));
        reject(copy, "[[[[[[1]]]]]]");
        assertThrows(IllegalArgumentException.class, () -> JsonReader.builder().maxDepth(0));
    }

    @org.junit.jupiter.api.Test
    void backend_reportsActiveAndReason() {
        Backend b = Json.backend();
        assertTrue(b.isAvailable());
        assertTrue(List.of("java", "native").contains(b.name()));
        if (b.name().equals("java") && !b.requested().equals("java")) {
            assertTrue(b.fallbackReason().isPresent());
        }
        Backend forcedNative = Backend.of(Backend.Choice.NATIVE);
        if (!forcedNative.isAvailable()) {
            JsonReader r = JsonReader.builder().backend(Backend.Choice.NATIVE).build();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.parse("1"));
            assertTrue(e.getMessage().contains("native backend requested"), e.getMessage());
        }
        assertEquals("java", Backend.of(Backend.Choice.JAVA).name());
        assertEquals("swar64", Backend.of(Backend.Choice.JAVA).kernel());
        if (forcedNative.isAvailable()) {
            // a name that is no kernel is said to be one, not blamed on the CPU
            JsonReader bogus = JsonReader.builder().backend(Backend.nativeKernel("avx1024")).build();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> bogus.parse("1"));
            assertTrue(e.getMessage().contains("'avx1024' is not a kernel ("), e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void bufferedStream_readsNoMoreThanOnePastTheLimit(Backend backend) {
        long[] read = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read[0]++;
                return ' ';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) ' ');
                read[0] += len;
                return len;
            }
        };
        // duplicateKeys(ERROR) buffers the stream; it must stop reading past the limit all the same
        JsonReader r = TestSupport.reader(backend, b -> b.maxDocumentLength(100).duplicateKeys(DuplicateKeyPolicy.ERROR));
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, assertThrows(JsonParseException.class, () -> r.parse(endless)).kind());
        assertEquals(101, read[0]);
    }
}
