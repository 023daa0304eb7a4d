package dev.hyson.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.jsonp.value.LazyArray;
import dev.hyson.jsonp.value.LazyObject;
import jakarta.json.JsonArray;
import jakarta.json.JsonConfig;
import jakarta.json.JsonObject;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Readers with {@code dev.hyson.jsonp.lazy}: views over the scanned tape, equal to the tree views. */
class LazyValuesTest {
    private static final JsonProvider P = new HysonJsonProvider();
    private static final JsonReaderFactory LAZY = P.createReaderFactory(Map.of("dev.hyson.jsonp.lazy", true));
    private static final JsonReaderFactory TREE = P.createReaderFactory(Map.of("dev.hyson.jsonp.lazy", false));

    @Test
    void lazyViewsEqualTreeViewsOnTheCorpus() throws Exception {
        Path corpus = Path.of(System.getProperty("hyson.shared", "../../shared"), "corpus");
        Assumptions.assumeTrue(Files.isDirectory(corpus), "no shared corpus at " + corpus + ": skipped");
        int n = 0;
        try (Stream<Path> files = Files.list(corpus)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".json")).sorted()::iterator) {
                if (Files.size(f) > 1 << 20) { // the large ones add time, not cases
                    continue;
                }
                byte[] b = Files.readAllBytes(f);
                JsonValue lazy = LAZY.createReader(new ByteArrayInputStream(b)).readValue();
                JsonValue tree = TREE.createReader(new ByteArrayInputStream(b)).readValue();
                assertEquals(tree, lazy, f.toString());
                assertEquals(tree.hashCode(), lazy.hashCode(), f.toString());
                assertEquals(tree.toString(), lazy.toString(), f.toString());
                n++;
            }
        }
        assertTrue(n > 3, "corpus documents compared: " + n);
    }

    @Test
    void lookupsConvertOnlyWhatIsAsked() {
        JsonObject o = LAZY.createReader(new StringReader(
                "{\"a\":{\"b\":[10,20,{\"c\":\"x\"}]},\"n\":null,\"d\":1.50,\"t\":true}")).readObject();
        assertInstanceOf(LazyObject.class, o);
        JsonArray b = o.getJsonObject("a").getJsonArray("b");
        assertInstanceOf(LazyArray.class, b);
        assertEquals("x", b.getJsonObject(2).getString("c"));
        assertEquals(20, b.getInt(1));
        assertEquals(List.of(P.createValue(10), P.createValue(20)), b.subList(0, 2));
        assertNull(o.get("missing"));
        assertTrue(o.isNull("n"));
        assertEquals("1.50", o.getJsonNumber("d").toString());
        assertTrue(o.getBoolean("t"));
        assertThrows(NullPointerException.class, () -> o.getString("missing"));
        assertThrows(ClassCastException.class, () -> o.getString("t"));
        assertThrows(IndexOutOfBoundsException.class, () -> b.get(3));
        assertThrows(UnsupportedOperationException.class, () -> o.put("x", JsonValue.NULL));
        assertEquals(4, o.size());
        assertEquals(List.of("a", "n", "d", "t"), List.copyOf(o.keySet()));
        assertEquals("[10,20,{\"c\":\"x\"}]", b.toString());
    }

    @Test
    void repeatedNamesFollowTheKeyStrategy() {
        String json = "{\"a\":1,\"b\":2,\"a\":3}";
        JsonObject last = LAZY.createReader(new StringReader(json)).readObject();
        assertEquals(3, last.getInt("a"));
        assertEquals(2, last.size());
        assertEquals(TREE.createReader(new StringReader(json)).readObject(), last);
        JsonObject first = P.createReaderFactory(Map.of("dev.hyson.jsonp.lazy", "true", JsonConfig.KEY_STRATEGY, "FIRST"))
                .createReader(new StringReader(json)).readObject();
        assertEquals(1, first.getInt("a"));
        assertEquals(Map.of("a", P.createValue(1), "b", P.createValue(2)), first);
        JsonReaderFactory none = P.createReaderFactory(Map.of("dev.hyson.jsonp.lazy", true, JsonConfig.KEY_STRATEGY, "NONE"));
        assertEquals(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.NONE), none.getConfigInUse());
        assertThrows(JsonParsingException.class, () -> none.createReader(new StringReader(json)).readObject());
        assertEquals(Map.of("dev.hyson.jsonp.lazy", true), LAZY.getConfigInUse());
    }

    @Test
    void errorsAreTheParsersErrors() {
        JsonParsingException e = assertThrows(JsonParsingException.class,
                () -> LAZY.createReader(new StringReader("{\"a\":\n [1,,2]}")).readObject());
        assertEquals(2, e.getLocation().getLineNumber());
        assertEquals(5, e.getLocation().getColumnNumber());
    }
}
