package dev.hyson.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonConfig;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerationException;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The provider's parser, generator, reader and writer on fixed inputs with known answers. The module's
 * surefire runs this class on each backend (the default run takes native where it loads, a second run
 * forces java).
 */
class StreamTest {
    private static final JsonProvider P = new HysonJsonProvider();

    /** KEY_STRATEGY applies to a builder factory's object builders, as in Parsson (found by a helper's run against it). */
    @Test
    void builderFactory_keyStrategy() {
        assertEquals("{\"a\":2}", P.createBuilderFactory(Map.of()).createObjectBuilder().add("a", 1).add("a", 2).build().toString());
        var first = P.createBuilderFactory(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.FIRST));
        assertEquals("{\"a\":1,\"b\":3}", first.createObjectBuilder().add("a", 1).add("b", 3).add("a", 2).build().toString());
        assertEquals(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.FIRST), first.getConfigInUse());
        var none = P.createBuilderFactory(Map.of(JsonConfig.KEY_STRATEGY, "NONE"));
        var b = none.createObjectBuilder().add("a", 1);
        assertThrows(IllegalStateException.class, () -> b.add("a", 2));
        assertEquals("{\"a\":1}", b.build().toString());
    }

    /** Found by a helper's run against Parsson: getValue at a name, and the location once the input has ended. */
    @Test
    void getValueAtAName_isTheName_andTheLocationAtTheEndStaysOnTheLastToken() {
        try (JsonParser p = P.createParser(new StringReader("{\"a\":[1,2]}"))) {
            p.next();
            assertEquals(Event.KEY_NAME, p.next());
            assertEquals(P.createValue("a"), p.getValue());
            assertEquals(Event.START_ARRAY, p.next());
        }
        for (String doc : new String[] {"[1]  \n", " \"x\" ", "{\"a\":[1,2]}\n\n"}) {
            for (boolean bytes : new boolean[] {false, true}) {
                try (JsonParser p = bytes ? P.createParser(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)))
                        : P.createParser(new StringReader(doc))) {
                    long line = -1;
                    long column = -1;
                    while (p.hasNext()) {
                        p.next();
                        line = p.getLocation().getLineNumber();
                        column = p.getLocation().getColumnNumber();
                    }
                    assertEquals(line, p.getLocation().getLineNumber(), doc);
                    assertEquals(column, p.getLocation().getColumnNumber(), doc);
                    assertTrue(p.getLocation().getLineNumber() >= 1, doc);
                }
            }
        }
    }

    private static List<String> events(JsonParser p) {
        List<String> out = new ArrayList<>();
        while (p.hasNext()) {
            Event e = p.next();
            switch (e) {
                case KEY_NAME:
                case VALUE_STRING:
                    out.add(e + ":" + p.getString());
                    break;
                case VALUE_NUMBER:
                    out.add(e + ":" + p.getString() + (p.isIntegralNumber() ? ":int" : ":dec"));
                    break;
                default:
                    out.add(e.toString());
            }
        }
        return out;
    }

    @Test
    void theServiceLoaderFindsThisProvider() {
        assertEquals(HysonJsonProvider.class, JsonProvider.provider().getClass());
        String forced = System.getProperty("hyson.backend", "auto");
        String backend = HysonJsonProvider.backend();
        if (forced.equals("java")) {
            assertEquals("java", backend.toLowerCase());
        } else if ("true".equals(System.getenv("CI"))) {
            assertEquals("native", backend.toLowerCase(), "CI must test the native backend");
        }
    }

    @Test
    void parserGivesEveryEventWithNumberText() {
        String json = "{\"a\":[1,-2.50,1E2,3e0,null,true,false,\"s\\u00e9\"],\"b\":{},\"\":12345678901234567890}";
        try (JsonParser p = P.createParser(new StringReader(json))) {
            assertEquals(List.of("START_OBJECT", "KEY_NAME:a", "START_ARRAY", "VALUE_NUMBER:1:int",
                    "VALUE_NUMBER:-2.50:dec", "VALUE_NUMBER:1E2:dec", "VALUE_NUMBER:3e0:int", "VALUE_NULL",
                    "VALUE_TRUE", "VALUE_FALSE", "VALUE_STRING:s\u00e9", "END_ARRAY", "KEY_NAME:b", "START_OBJECT",
                    "END_OBJECT", "KEY_NAME:", "VALUE_NUMBER:12345678901234567890:int", "END_OBJECT"), events(p));
            assertThrows(NoSuchElementException.class, p::next);
        }
    }

    @Test
    void numberAccessorsFollowBigDecimal() {
        try (JsonParser p = P.createParser(new StringReader("[2.9,-7.9,12345678901234567890,1e1]"))) {
            p.next();
            p.next();
            assertEquals(2, p.getInt());
            assertEquals(new BigDecimal("2.9"), p.getBigDecimal());
            p.next();
            assertEquals(-7, p.getInt());
            assertEquals(-7L, p.getLong());
            p.next();
            assertEquals(new BigDecimal("12345678901234567890").longValue(), p.getLong());
            p.next();
            assertEquals(10, p.getInt());
            assertEquals(Event.VALUE_NUMBER, p.currentEvent());
            assertThrows(IllegalStateException.class, () -> {
                p.next();
                p.getInt();
            });
        }
    }

    @Test
    void errorsCarryLineColumnAndOffset() {
        JsonParser p = P.createParser(new StringReader("[1,\n  2,\n  ]"));
        JsonParsingException e = assertThrows(JsonParsingException.class, () -> {
            while (p.hasNext()) {
                p.next();
            }
        });
        assertEquals(3, e.getLocation().getLineNumber());
        assertEquals(3, e.getLocation().getColumnNumber());
        assertEquals(11, e.getLocation().getStreamOffset());
        assertThrows(JsonParsingException.class, () -> events(P.createParser(new StringReader("{} {}"))));
        assertThrows(JsonParsingException.class, () -> events(P.createParser(new StringReader("[1,]"))));
        assertThrows(JsonParsingException.class, () -> events(P.createParser(new StringReader(""))));
    }

    @Test
    void valuesStreamsAndSkips() {
        try (JsonParser p = P.createParser(new StringReader("{\"x\":[1,[2,3],{\"y\":4}],\"z\":{\"k\":\"v\"},\"w\":5}"))) {
            p.next();
            p.next();
            p.next();
            assertEquals(List.of("1", "[2,3]", "{\"y\":4}"),
                    p.getArrayStream().map(JsonValue::toString).collect(Collectors.toList()));
            assertEquals(Event.END_ARRAY, p.currentEvent());
            p.next();
            p.next();
            JsonObject z = p.getObject();
            assertEquals("v", z.getString("k"));
            assertEquals(Event.END_OBJECT, p.currentEvent());
            p.next(); // w
            p.skipObject(); // from inside the top object: to its end
            assertEquals(Event.END_OBJECT, p.currentEvent());
            assertFalse(p.hasNext());
        }
        try (JsonParser p = P.createParser(new StringReader("[1,[2,[3]],4]"))) {
            p.next();
            p.next();
            p.skipArray(); // inside the outer array, after its first element
            assertEquals(Event.END_ARRAY, p.currentEvent());
            assertFalse(p.hasNext());
        }
        try (JsonParser p = P.createParser(new StringReader("{\"a\":1,\"b\":[true]}"))) {
            p.next();
            Map<String, JsonValue> m = p.getObjectStream()
                    .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
            assertEquals(Map.of("a", P.createValue(1), "b", new dev.hyson.jsonp.value.ArrayValue(List.of(true))), m);
        }
        try (JsonParser p = P.createParser(new StringReader(" \"only\" "))) {
            assertEquals(List.of("\"only\""), p.getValueStream().map(JsonValue::toString).collect(Collectors.toList()));
        }
    }

    @Test
    void everyUnicodeEncodingReadsTheSameObject() {
        String json = "{\"k\u00e9y\":[\"\ud83d\ude00\",1.5]}";
        JsonObject want = P.createReader(new StringReader(json)).readObject();
        assertEquals("\ud83d\ude00", want.getJsonArray("k\u00e9y").getString(0));
        for (String cs : new String[] {"UTF-8", "UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE"}) {
            byte[] plain = json.getBytes(Charset.forName(cs));
            assertEquals(want, P.createReader(new ByteArrayInputStream(plain)).readObject(), cs);
            byte[] bom = ("\ufeff" + json).getBytes(Charset.forName(cs));
            assertEquals(want, P.createReader(new ByteArrayInputStream(bom)).readObject(), cs + " with BOM");
            assertEquals(want, P.createReaderFactory(Map.of()).createReader(new ByteArrayInputStream(plain),
                    Charset.forName(cs)).readObject(), cs + " given");
        }
        assertThrows(jakarta.json.JsonException.class, () -> P.createParser(new ByteArrayInputStream(new byte[] {0})));
    }

    @Test
    void readerReadsOnceAndChecksTheKind() {
        JsonReader r = P.createReader(new StringReader("[1]"));
        assertThrows(JsonParsingException.class, r::readObject);
        assertThrows(IllegalStateException.class, r::readArray);
        assertThrows(JsonParsingException.class, () -> P.createReader(new StringReader("7")).read());
        assertEquals(P.createValue(7), P.createReader(new StringReader("7")).readValue());
        JsonArray a = P.createReader(new StringReader("[1.0, 1.00, 10]")).readArray();
        assertFalse(a.get(0).equals(a.get(1)), "1.0 and 1.00 differ as BigDecimals do");
        assertTrue(((JsonNumber) a.get(2)).isIntegral());
        assertEquals("[1.0,1.00,10]", a.toString());
    }

    @Test
    void keyStrategyDecidesRepeatedNames() {
        String json = "{\"a\":1,\"a\":2}";
        assertEquals(2, P.createReader(new StringReader(json)).readObject().getInt("a"));
        assertEquals(1, P.createReaderFactory(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.FIRST))
                .createReader(new StringReader(json)).readObject().getInt("a"));
        assertThrows(JsonParsingException.class, () -> P.createReaderFactory(Map.of(JsonConfig.KEY_STRATEGY, "NONE"))
                .createReader(new StringReader(json)).readObject());
        assertEquals(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.FIRST),
                P.createParserFactory(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.FIRST, "unknown", 1)).getConfigInUse());
    }

    @Test
    void generatorWritesExactTextAndKeepsTheStateMachine() {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = P.createGenerator(w)) {
            g.writeStartObject().write("s", "q\"\\\n\u0001\u00e9").write("i", -5).write("l", Long.MAX_VALUE)
                    .write("d", 0.1).write("e", 1e20).write("b", new BigDecimal("1.50")).writeNull("n")
                    .writeStartArray("a").write(true).write(P.createValue(2)).writeEnd()
                    .writeKey("o").writeStartObject().writeEnd().writeEnd();
        }
        assertEquals("{\"s\":\"q\\\"\\\\\\n\\u0001\u00e9\",\"i\":-5,\"l\":9223372036854775807,\"d\":0.1,"
                + "\"e\":1.0E+20,\"b\":1.50,\"n\":null,\"a\":[true,2],\"o\":{}}", w.toString());
        JsonGenerator g = P.createGenerator(new StringWriter());
        g.writeStartObject();
        assertThrows(JsonGenerationException.class, () -> g.write(1));
        assertThrows(JsonGenerationException.class, () -> g.writeStartArray());
        g.writeKey("k");
        assertThrows(JsonGenerationException.class, () -> g.writeKey("k2"));
        assertThrows(NumberFormatException.class, () -> g.write(Double.NaN));
        g.write(1).writeEnd();
        assertThrows(JsonGenerationException.class, () -> g.write(2));
        assertThrows(JsonGenerationException.class, g::writeEnd);
        g.close();
        JsonGenerator top = P.createGenerator(new StringWriter());
        top.writeStartArray();
        assertThrows(JsonGenerationException.class, () -> top.write("k", 1));
        assertThrows(JsonGenerationException.class, top::close);
    }

    @Test
    void prettyPrintingIndentsAndIsReported() {
        Map<String, Object> cfg = Map.of(JsonGenerator.PRETTY_PRINTING, true);
        assertEquals(Map.of(JsonGenerator.PRETTY_PRINTING, true), P.createGeneratorFactory(cfg).getConfigInUse());
        assertEquals(Map.of(), P.createGeneratorFactory(Map.of("other", 1)).getConfigInUse());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = P.createGeneratorFactory(cfg).createGenerator(out)) {
            g.writeStartObject().write("a", 1).writeEnd();
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\n"), text);
        assertEquals(P.createReader(new StringReader("{\"a\":1}")).readObject(), P.createReader(new StringReader(text)).readObject());
    }

    @Test
    void writerWritesOnceInTheCharsetAsked() {
        JsonObject o = P.createReader(new StringReader("{\"\u00e9\":[1,\"x\"]}")).readObject();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (jakarta.json.JsonWriter w = P.createWriterFactory(Map.of()).createWriter(out, StandardCharsets.UTF_16BE)) {
            w.writeObject(o);
            assertThrows(IllegalStateException.class, () -> w.write(o));
        }
        assertEquals("{\"\u00e9\":[1,\"x\"]}", out.toString(StandardCharsets.UTF_16BE));
        assertSame(JsonValue.TRUE, Json.createReader(new StringReader("true")).readValue());
    }

    @Test
    void aParsedTreeIsWrittenAsABuiltOneIs() {
        String json = "{\"a\":[1,-2.50,1E+2,12345678901234567890,null,true,\"\\u00e9\\\"\"],\"b\":{\"c\":{}},\"d\":[]}";
        JsonObject parsed = P.createReader(new StringReader(json)).readObject();
        JsonObject built = P.createObjectBuilder(parsed).build(); // members copied as JsonValues
        StringWriter fast = new StringWriter();
        StringWriter slow = new StringWriter();
        try (jakarta.json.JsonWriter w = P.createWriter(fast)) {
            w.write(parsed);
        }
        try (jakarta.json.JsonWriter w = P.createWriter(slow)) {
            w.write(built);
        }
        assertEquals("{\"a\":[1,-2.50,1E+2,12345678901234567890,null,true,\"\u00e9\\\"\"],\"b\":{\"c\":{}},\"d\":[]}",
                fast.toString());
        assertEquals(slow.toString(), fast.toString());
        assertEquals(parsed.toString(), fast.toString());
        // inside a generator's context too
        StringWriter in = new StringWriter();
        try (JsonGenerator g = P.createGenerator(in)) {
            g.writeStartArray().write(parsed.getJsonArray("a")).write(parsed.getJsonObject("b")).writeEnd();
        }
        assertEquals("[" + parsed.getJsonArray("a") + "," + parsed.getJsonObject("b") + "]", in.toString());
    }

    @Test
    void hugeExponentsAreCheapOrRefused() {
        JsonArray a = P.createReader(new StringReader("[1e999999999, -1E-999999999, 1e100000]")).readArray();
        JsonNumber big = a.getJsonNumber(0);
        assertEquals(0, big.intValue()); // BigDecimal.intValue() of 10^999999999: the low 32 bits, 0
        assertEquals(Double.POSITIVE_INFINITY, big.doubleValue());
        assertFalse(big.isIntegral());
        assertThrows(UnsupportedOperationException.class, big::bigIntegerValue);
        assertThrows(UnsupportedOperationException.class, big::bigIntegerValueExact);
        assertThrows(UnsupportedOperationException.class, () -> a.getJsonNumber(1).bigIntegerValue());
        assertEquals(100_001, a.getJsonNumber(2).bigIntegerValue().toString().length());
        try (JsonParser p = P.createParser(new StringReader("[1e999999999]"))) {
            p.next();
            p.next();
            assertEquals(0, p.getInt());
            assertEquals(0L, p.getLong());
            assertFalse(p.isIntegralNumber());
        }
    }

    @Test
    void configurationEdges() {
        for (Object on : new Object[] {true, "true", "yes", "", 1}) {
            assertEquals(Map.of(JsonGenerator.PRETTY_PRINTING, true),
                    P.createGeneratorFactory(Map.of(JsonGenerator.PRETTY_PRINTING, on)).getConfigInUse(), "" + on);
        }
        for (Object off : new Object[] {false, "false", "FALSE"}) {
            assertEquals(Map.of(), P.createGeneratorFactory(Map.of(JsonGenerator.PRETTY_PRINTING, off)).getConfigInUse(), "" + off);
        }
        jakarta.json.JsonReaderFactory shallow = P.createReaderFactory(Map.of("dev.hyson.jsonp.maxDepth", 2,
                "dev.hyson.jsonp.maxStringLength", "4"));
        assertEquals(Map.of("dev.hyson.jsonp.maxDepth", 2L, "dev.hyson.jsonp.maxStringLength", 4L), shallow.getConfigInUse());
        assertEquals(2, shallow.createReader(new StringReader("[[\"abcd\"]]")).readArray().getJsonArray(0).size() + 1);
        JsonParsingException deep = assertThrows(JsonParsingException.class, () -> shallow.createReader(new StringReader("[[[]]]")).readArray());
        // the limit is named as this provider's configuration, not hyson's builder (a new-user trial)
        assertTrue(deep.getMessage().contains("raise it with the configuration's dev.hyson.jsonp.maxDepth"), deep.getMessage());
        JsonParsingException longString = assertThrows(JsonParsingException.class,
                () -> shallow.createReader(new StringReader("[\"abcde\"]")).readArray());
        assertTrue(longString.getMessage().contains("dev.hyson.jsonp.maxStringLength"), longString.getMessage());
        assertFalse(longString.getMessage().contains("JsonReader.Builder"), longString.getMessage());
        JsonParsingException repeated = assertThrows(JsonParsingException.class, () -> P.createReaderFactory(
                Map.of(jakarta.json.JsonConfig.KEY_STRATEGY, jakarta.json.JsonConfig.KeyStrategy.NONE))
                .createReader(new StringReader("{\"a\":1,\"a\":2}")).readObject());
        assertTrue(repeated.getMessage().contains("JsonConfig.KEY_STRATEGY NONE"), repeated.getMessage());
        assertThrows(IllegalArgumentException.class, () -> P.createReaderFactory(Map.of("dev.hyson.jsonp.maxDepth", "deep")));
        // beyond an int: refused, where it was cut (2^32 + 1 became a depth of 1)
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> P.createReaderFactory(Map.of("dev.hyson.jsonp.maxDepth", 4_294_967_297L)));
        assertEquals("dev.hyson.jsonp.maxDepth must be at most 2147483647, not 4294967297", big.getMessage());
        // ill-formed UTF-16 is bad input, not a failed read
        JsonParsingException e = assertThrows(JsonParsingException.class, () -> P.createReader(
                new ByteArrayInputStream(new byte[] {(byte) 0xFF, (byte) 0xFE, '[', 0, (byte) 0x00, (byte) 0xD8, ']', 0})).read());
        assertEquals(-1, e.getLocation().getStreamOffset());
        JsonGenerator g = P.createGenerator(new StringWriter());
        g.writeStartArray().writeEnd().close();
        JsonGenerationException closed = assertThrows(JsonGenerationException.class, () -> g.write(1));
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        StringWriter partial = new StringWriter();
        JsonGenerator half = P.createGenerator(partial);
        half.writeStartObject().write("a", 1);
        assertThrows(JsonGenerationException.class, half::close);
        assertEquals("", partial.toString(), "an incomplete text is not flushed");
    }
}
