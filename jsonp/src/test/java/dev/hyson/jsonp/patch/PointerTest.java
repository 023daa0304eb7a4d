package dev.hyson.jsonp.patch;

import static dev.hyson.jsonp.patch.TestJson.arr;
import static dev.hyson.jsonp.patch.TestJson.json;
import static dev.hyson.jsonp.patch.TestJson.obj;
import static dev.hyson.jsonp.patch.TestJson.raw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.jsonp.value.ObjectBuilder;
import dev.hyson.jsonp.value.StringValue;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class PointerTest {
    /** RFC 6901 section 5. */
    private static final JsonObject RFC = (JsonObject) raw("{\n"
            + "  \"foo\": [\"bar\", \"baz\"],\n"
            + "  \"\": 0,\n"
            + "  \"a/b\": 1,\n"
            + "  \"c%d\": 2,\n"
            + "  \"e^f\": 3,\n"
            + "  \"g|h\": 4,\n"
            + "  \"i\\\\j\": 5,\n"
            + "  \"k\\\"l\": 6,\n"
            + "  \" \": 7,\n"
            + "  \"m~n\": 8\n"
            + "}");

    private static JsonValue get(String pointer, JsonStructure target) {
        return new Pointer(pointer).getValue(target);
    }

    @Test
    void rfc6901Section5EveryPointer() {
        assertEquals(10, RFC.size());
        assertSame(RFC, get("", RFC));
        assertEquals(json("['bar','baz']"), get("/foo", RFC));
        assertEquals(new StringValue("bar"), get("/foo/0", RFC));
        assertEquals(json("0"), get("/", RFC));
        assertEquals(json("1"), get("/a~1b", RFC));
        assertEquals(json("2"), get("/c%d", RFC));
        assertEquals(json("3"), get("/e^f", RFC));
        assertEquals(json("4"), get("/g|h", RFC));
        assertEquals(json("5"), get("/i\\j", RFC));
        assertEquals(json("6"), get("/k\"l", RFC));
        assertEquals(json("7"), get("/ ", RFC));
        assertEquals(json("8"), get("/m~0n", RFC));
        assertEquals(new StringValue("baz"), get("/foo/1", RFC));
        for (String p : List.of("", "/foo", "/foo/0", "/foo/1", "/", "/a~1b", "/c%d", "/e^f", "/g|h", "/i\\j",
                "/k\"l", "/ ", "/m~0n")) {
            assertTrue(new Pointer(p).containsValue(RFC), p);
        }
    }

    @Test
    void tildeDecodingOrder() {
        // RFC 6901 section 4: "~01" is "~1", not "/"
        JsonObject doc = obj("{'/':9,'~1':10}");
        assertEquals(json("10"), get("/~01", doc));
        assertEquals(json("9"), get("/~1", doc));
        assertFalse(new Pointer("/~0~1").containsValue(doc));
        assertEquals(json("1"), get("/~0~1", obj("{'~/':1}")));
    }

    @Test
    void invalidPointers() {
        for (String p : List.of("a", "foo/bar", " /a", "#/a")) {
            assertThrows(JsonException.class, () -> new Pointer(p), p);
        }
        // a '~' that starts no escape stands for itself (RFC 6901 has no such token; the JSON-P TCK accepts it)
        assertEquals(json("8"), get("/m~n", RFC));
        assertEquals(json("1"), get("/~~", obj("{'~~':1}")));
        assertEquals(json("2"), get("/a~", obj("{'a~':2}")));
        assertEquals(json("3"), get("/~2", obj("{'~2':3}")));
        assertThrows(NullPointerException.class, () -> new Pointer(null));
    }

    @Test
    void missingValues() {
        for (String p : List.of("/foo/2", "/foo/-", "/foo/01", "/foo/00", "/foo/bar", "/foo/-1", "/foo/+1",
                "/foo/1.0", "/foo/", "/foo/ 1", "/foo/99999999999", "/foo/2147483648", "/missing", "/foo/0/x",
                "//x", "/m~1n", "/a/b")) {
            assertThrows(JsonException.class, () -> get(p, RFC), p);
            assertFalse(new Pointer(p).containsValue(RFC), p);
        }
        assertThrows(NullPointerException.class, () -> new Pointer("/a").getValue(null));
        assertThrows(NullPointerException.class, () -> new Pointer("").containsValue(null));
    }

    @Test
    void arrayTarget() {
        JsonArray a = arr("[[1,2],{'x':[true]}]");
        assertEquals(json("2"), get("/0/1", a));
        assertEquals(JsonValue.TRUE, get("/1/x/0", a));
        assertEquals(a, get("", a));
        assertThrows(JsonException.class, () -> get("/x", a));
    }

    @Test
    void nullMemberIsAValue() {
        JsonObject doc = obj("{'n':null}");
        assertEquals(JsonValue.NULL, get("/n", doc));
        assertTrue(new Pointer("/n").containsValue(doc));
    }

    @Test
    void addToObject() {
        JsonObject doc = obj("{'a':1,'b':{'c':2}}");
        assertEquals(obj("{'a':1,'b':{'c':2},'d':3}"), new Pointer("/d").add(doc, json("3")));
        JsonObject replaced = new Pointer("/a").add(doc, json("'x'"));
        assertEquals(obj("{'a':'x','b':{'c':2}}"), replaced);
        assertEquals(List.of("a", "b"), List.copyOf(replaced.keySet()), "a replaced member keeps its place");
        assertEquals(obj("{'a':1,'b':{'c':2,'-':[]}}"), new Pointer("/b/-").add(doc, json("[]")));
        assertEquals(obj("{'a':1,'b':{'c':2,'':0}}"), new Pointer("/b/").add(doc, json("0")));
        assertEquals(obj("{'a':1,'b':{'c':2}}"), doc, "the target is not changed");
    }

    @Test
    void addToArray() {
        JsonObject doc = obj("{'a':[1,2,3]}");
        assertEquals(obj("{'a':[0,1,2,3]}"), new Pointer("/a/0").add(doc, json("0")));
        assertEquals(obj("{'a':[1,9,2,3]}"), new Pointer("/a/1").add(doc, json("9")));
        assertEquals(obj("{'a':[1,2,3,4]}"), new Pointer("/a/3").add(doc, json("4")));
        assertEquals(obj("{'a':[1,2,3,4]}"), new Pointer("/a/-").add(doc, json("4")));
        assertEquals(arr("[[1,2,3]]"), new Pointer("/-").add(arr("[]"), json("[1,2,3]")));
        for (String p : List.of("/a/4", "/a/01", "/a/x", "/a/-1", "/a/99999999999")) {
            assertThrows(JsonException.class, () -> new Pointer(p).add(doc, json("0")), p);
        }
        assertEquals(obj("{'a':[1,2,3]}"), doc, "the target is not changed");
    }

    @Test
    void addNeedsAnExistingParent() {
        JsonObject doc = obj("{'a':{'b':1},'s':'text'}");
        assertThrows(JsonException.class, () -> new Pointer("/x/y").add(doc, json("1")));
        assertThrows(JsonException.class, () -> new Pointer("/a/b/c").add(doc, json("1")));
        assertThrows(JsonException.class, () -> new Pointer("/s/0").add(doc, json("1")));
        assertEquals(obj("{'a':{'b':1,'c':{'d':[]}},'s':'text'}"),
                new Pointer("/a/c").add(doc, json("{'d':[]}")));
    }

    @Test
    void addWholeTarget() {
        JsonObject doc = obj("{'a':1}");
        JsonObject other = obj("{'b':2}");
        assertSame(other, new Pointer("").add(doc, other));
        JsonArray array = arr("[1]");
        assertEquals(arr("[2]"), new Pointer("").add(array, json("[2]")));
        // the JSON-P TCK replaces an object by an array this way (PointerAdd.testAddArrayToReplaceDocument)
        JsonStructure replaced = new Pointer("").add((JsonStructure) doc, json("[1]"));
        assertEquals(arr("[1]"), replaced);
        assertThrows(JsonException.class, () -> new Pointer("").add(doc, json("1")));
        assertThrows(JsonException.class, () -> new Pointer("").add(doc, JsonValue.NULL));
        assertThrows(NullPointerException.class, () -> new Pointer("/a").add(doc, null));
        assertThrows(NullPointerException.class, () -> new Pointer("/a").add(null, json("1")));
    }

    @Test
    void remove() {
        JsonObject doc = obj("{'a':1,'b':[1,2,3],'c':{'d':null}}");
        assertEquals(obj("{'b':[1,2,3],'c':{'d':null}}"), new Pointer("/a").remove(doc));
        assertEquals(obj("{'a':1,'b':[1,3],'c':{'d':null}}"), new Pointer("/b/1").remove(doc));
        assertEquals(obj("{'a':1,'b':[1,2],'c':{'d':null}}"), new Pointer("/b/2").remove(doc));
        assertEquals(obj("{'a':1,'b':[1,2,3],'c':{}}"), new Pointer("/c/d").remove(doc));
        for (String p : List.of("", "/x", "/b/3", "/b/-", "/b/01", "/c/d/e", "/x/y")) {
            assertThrows(JsonException.class, () -> new Pointer(p).remove(doc), p);
        }
        assertEquals(obj("{'a':1,'b':[1,2,3],'c':{'d':null}}"), doc, "the target is not changed");
    }

    @Test
    void replace() {
        JsonObject doc = obj("{'a':1,'b':[1,2,3]}");
        assertEquals(obj("{'a':[],'b':[1,2,3]}"), new Pointer("/a").replace(doc, json("[]")));
        assertEquals(obj("{'a':1,'b':[1,'two',3]}"), new Pointer("/b/1").replace(doc, json("'two'")));
        // JSON-P Javadoc: JsonException "if the reference is the target"
        for (String p : List.of("", "/x", "/b/3", "/b/-", "/b/1/x")) {
            assertThrows(JsonException.class, () -> new Pointer(p).replace(doc, json("0")), p);
        }
        assertThrows(NullPointerException.class, () -> new Pointer("/a").replace(doc, null));
    }

    @Test
    void deepPathCopiesOnlyThePath() {
        // built, so that its members are JsonValues held as they are (a parsed object wraps each as read)
        JsonObject doc = new ObjectBuilder(obj("{'keep':{'x':1},'a':[{'b':{'c':[0]}}]}")).build();
        JsonObject changed = new Pointer("/a/0/b/c/-").add(doc, json("1"));
        assertEquals(obj("{'keep':{'x':1},'a':[{'b':{'c':[0,1]}}]}"), changed);
        assertSame(doc.get("keep"), changed.get("keep"));
    }

    @Test
    void identity() {
        Pointer p = new Pointer("/a~1b/0");
        assertEquals("/a~1b/0", p.toString());
        assertEquals(new Pointer("/a~1b/0"), p);
        assertEquals(new Pointer("/a~1b/0").hashCode(), p.hashCode());
        assertNotEquals(new Pointer("/a~1b/1"), p);
        assertEquals("", new Pointer("").toString());
        assertEquals("a~0b~1c", Pointer.escape("a~b/c"));
    }
}
