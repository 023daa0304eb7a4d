package dev.hyson.jsonp.patch;

import static dev.hyson.jsonp.patch.TestJson.arr;
import static dev.hyson.jsonp.patch.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.jsonp.value.ArrayBuilder;
import dev.hyson.jsonp.value.NumberValue;
import dev.hyson.jsonp.value.ObjectBuilder;
import dev.hyson.jsonp.value.StringValue;
import jakarta.json.JsonArray;
import jakarta.json.JsonMergePatch;
import jakarta.json.JsonObject;
import jakarta.json.JsonPatch;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DiffTest {
    private static final String[][] PAIRS = {
        {"{}", "{}"},
        {"{'a':1}", "{}"},
        {"{}", "{'a':1}"},
        {"{'a':1,'b':2}", "{'b':2,'a':1}"},
        {"{'a':1,'b':{'c':[1,2,3],'d':'x'}}", "{'a':1.0,'b':{'c':[1,3,4],'e':null}}"},
        {"{'a/b':1,'m~n':{'~1':2}}", "{'a/b':2,'m~n':{'~1':3,'/':4}}"},
        {"{'a':[1,2,3]}", "{'a':{'0':1}}"},
        {"{'a':'x'}", "{'a':['x']}"},
        {"{'a':null}", "{'a':false}"},
        {"[]", "[1,2,3]"},
        {"[1,2,3]", "[]"},
        {"[1,2,3]", "[0,1,2,3]"},
        {"[1,2,3]", "[3,2,1]"},
        {"[1,2,3,4,5,6]", "[2,9,4,6,7]"},
        {"['a','b','c','d']", "['d','c','b','a','e']"},
        {"[{'id':1,'v':'a'},{'id':2,'v':'b'}]", "[{'id':1,'v':'A'},{'id':3},{'id':2,'v':'b'}]"},
        {"[[1,[2]],[3]]", "[[1,[2,2]],[3],[]]"},
        {"[1,1,1,2]", "[2,1,1,1]"},
        {"{'a':1}", "[1]"},
        {"[1]", "{'a':1}"},
        {"{'deep':{'a':{'b':{'c':{'d':[{'e':1}]}}}}}", "{'deep':{'a':{'b':{'c':{'d':[{'e':2},{'f':3}]}}}}}"},
    };

    private static void roundTrip(JsonStructure source, JsonStructure target) {
        JsonPatch p = Diff.patch(source, target);
        assertEquals(target, p.apply(source), () -> source + " -> " + target + " by " + p);
        // the patch is plain data: it survives a trip through its own array
        assertEquals(target, new Patch(p.toJsonArray()).apply(source));
    }

    @Test
    void patchRoundTrips() {
        for (String[] pair : PAIRS) {
            roundTrip((JsonStructure) json(pair[0]), (JsonStructure) json(pair[1]));
            roundTrip((JsonStructure) json(pair[1]), (JsonStructure) json(pair[0]));
        }
    }

    @Test
    void patchIsSmallForSmallChanges() {
        assertEquals(arr("[]"), Diff.patch((JsonStructure) json("{'a':[1,{'b':2}]}"),
                (JsonStructure) json("{'a':[1,{'b':2}]}")).toJsonArray());
        assertEquals(arr("[{'op':'remove','path':'/b'},{'op':'add','path':'/c','value':3}]"),
                Diff.patch((JsonStructure) json("{'a':1,'b':2}"), (JsonStructure) json("{'a':1,'c':3}")).toJsonArray());
        assertEquals(arr("[{'op':'replace','path':'/a~1b/m~0n','value':2}]"),
                Diff.patch((JsonStructure) json("{'a/b':{'m~n':1}}"), (JsonStructure) json("{'a/b':{'m~n':2}}"))
                        .toJsonArray());
        assertEquals(arr("[{'op':'add','path':'/0','value':0}]"),
                Diff.patch((JsonStructure) json("[1,2,3]"), (JsonStructure) json("[0,1,2,3]")).toJsonArray());
        assertEquals(arr("[{'op':'remove','path':'/1'}]"),
                Diff.patch((JsonStructure) json("[1,2,3]"), (JsonStructure) json("[1,3]")).toJsonArray());
        assertEquals(arr("[{'op':'replace','path':'/1/v','value':'B'}]"),
                Diff.patch((JsonStructure) json("[{'v':'a'},{'v':'b'}]"), (JsonStructure) json("[{'v':'a'},{'v':'B'}]"))
                        .toJsonArray());
        // 1 and 1.0 are different JsonNumbers: the diff makes them equal
        assertEquals(arr("[{'op':'replace','path':'/n','value':1.0}]"),
                Diff.patch((JsonStructure) json("{'n':1}"), (JsonStructure) json("{'n':1.0}")).toJsonArray());
        assertEquals(arr("[{'op':'replace','path':'','value':[1]}]"),
                Diff.patch((JsonStructure) json("{'a':1}"), (JsonStructure) json("[1]")).toJsonArray());
    }

    @Test
    void longArraysFallBackToElementByElement() {
        ArrayBuilder s = new ArrayBuilder();
        ArrayBuilder t = new ArrayBuilder();
        for (int i = 0; i < 1500; i++) {
            s.add(i);
            if (i % 7 != 3) {
                t.add(i % 11 == 0 ? -i : i);
            }
        }
        t.add(0, "first");
        roundTrip(s.build(), t.build());
    }

    @Test
    void randomRoundTrips() {
        Random r = new Random(6902);
        for (int n = 0; n < 300; n++) {
            JsonValue source = randomStructure(r, 4);
            JsonValue target = r.nextInt(4) == 0 ? randomStructure(r, 4) : mutate(r, source, 4);
            roundTrip((JsonStructure) source, (JsonStructure) target);
            if (!containsNullMember(target)) {
                assertEquals(target, Diff.mergePatch(source, target).apply(source), () -> source + " -> " + target);
            }
        }
    }

    private static JsonValue randomStructure(Random r, int depth) {
        return r.nextBoolean() ? randomObject(r, depth) : randomArray(r, depth);
    }

    private static JsonObject randomObject(Random r, int depth) {
        ObjectBuilder b = new ObjectBuilder();
        for (int i = r.nextInt(5); i > 0; i--) {
            b.add(randomName(r), randomValue(r, depth - 1));
        }
        return b.build();
    }

    private static JsonArray randomArray(Random r, int depth) {
        ArrayBuilder b = new ArrayBuilder();
        for (int i = r.nextInt(6); i > 0; i--) {
            b.add(randomValue(r, depth - 1));
        }
        return b.build();
    }

    private static String randomName(Random r) {
        return List.of("a", "b", "c", "a/b", "~", "0", "-", "").get(r.nextInt(8));
    }

    private static JsonValue randomValue(Random r, int depth) {
        switch (depth <= 0 ? 2 + r.nextInt(5) : r.nextInt(7)) {
            case 0: return randomObject(r, depth);
            case 1: return randomArray(r, depth);
            case 2: return NumberValue.of(r.nextInt(4));
            case 3: return new StringValue(randomName(r));
            case 4: return r.nextBoolean() ? JsonValue.TRUE : JsonValue.FALSE;
            case 5: return JsonValue.NULL;
            default: return NumberValue.of(new java.math.BigDecimal("1.0"));
        }
    }

    /** Some members removed, added, changed or recursed into. */
    private static JsonValue mutate(Random r, JsonValue v, int depth) {
        switch (v.getValueType()) {
            case OBJECT: {
                Map<String, JsonValue> m = new LinkedHashMap<>((JsonObject) v);
                for (String name : new ArrayList<>(m.keySet())) {
                    int k = r.nextInt(4);
                    if (k == 0) {
                        m.remove(name);
                    } else if (k == 1) {
                        m.put(name, mutate(r, m.get(name), depth - 1));
                    }
                }
                if (r.nextBoolean()) {
                    m.put(randomName(r), randomValue(r, depth - 1));
                }
                ObjectBuilder b = new ObjectBuilder();
                m.forEach(b::add);
                return b.build();
            }
            case ARRAY: {
                List<JsonValue> l = new ArrayList<>((JsonArray) v);
                for (int i = l.size() - 1; i >= 0; i--) {
                    int k = r.nextInt(5);
                    if (k == 0) {
                        l.remove(i);
                    } else if (k == 1) {
                        l.set(i, mutate(r, l.get(i), depth - 1));
                    } else if (k == 2) {
                        l.add(i, randomValue(r, depth - 1));
                    }
                }
                if (r.nextInt(3) == 0 && l.size() > 1) {
                    l.add(l.remove(0));
                }
                ArrayBuilder b = new ArrayBuilder();
                l.forEach(b::add);
                return b.build();
            }
            default:
                return r.nextBoolean() ? v : randomValue(r, depth);
        }
    }

    private static boolean containsNullMember(JsonValue v) {
        switch (v.getValueType()) {
            case OBJECT:
                for (JsonValue m : ((JsonObject) v).values()) {
                    if (m.getValueType() == JsonValue.ValueType.NULL || containsNullMember(m)) {
                        return true;
                    }
                }
                return false;
            case ARRAY:
                for (JsonValue e : (JsonArray) v) {
                    if (containsNullMember(e)) {
                        return true;
                    }
                }
                return false;
            default:
                return false;
        }
    }

    @Test
    void mergePatch() {
        assertEquals(json("{'b':null,'c':{'d':null,'e':2},'f':[1]}"),
                Diff.mergePatch(json("{'a':1,'b':2,'c':{'d':1,'e':1},'f':[0]}"),
                        json("{'a':1,'c':{'e':2},'f':[1]}")).toJsonValue());
        assertEquals(json("{}"), Diff.mergePatch(json("{'a':[1]}"), json("{'a':[1]}")).toJsonValue());
        assertEquals(json("[1]"), Diff.mergePatch(json("{'a':1}"), json("[1]")).toJsonValue());
        assertEquals(json("3"), Diff.mergePatch(json("[1]"), json("3")).toJsonValue());
        assertEquals(JsonValue.NULL, Diff.mergePatch(json("{'a':1}"), JsonValue.NULL).toJsonValue());
        String[][] docs = {
            {"{'a':'b'}", "{'a':'c','d':{'e':[1,2]}}"},
            {"{'title':'Goodbye!','author':{'givenName':'John','familyName':'Doe'},'tags':['example','sample']}",
                "{'title':'Hello!','author':{'givenName':'John'},'tags':['example'],'phoneNumber':'+01'}"},
            {"{'a':{'b':{'c':1}}}", "{'a':{'b':'flat'}}"},
            {"{'a':'flat'}", "{'a':{'b':{'c':1}}}"},
            {"[1,2]", "{'a':1}"},
            {"'x'", "{'a':[]}"},
        };
        for (String[] d : docs) {
            JsonValue s = json(d[0]);
            JsonValue t = json(d[1]);
            JsonMergePatch p = Diff.mergePatch(s, t);
            assertEquals(t, p.apply(s), d[0] + " -> " + d[1]);
            assertEquals(s, Diff.mergePatch(t, s).apply(t), d[1] + " -> " + d[0]);
        }
        // RFC 7396 cannot keep a null member value: the target's null is lost
        JsonValue withNull = json("{'a':{'b':null}}");
        assertTrue(Diff.mergePatch(json("{}"), withNull).apply(json("{}")).equals(json("{'a':{}}")));
    }

    @Test
    void nulls() {
        assertThrows(NullPointerException.class, () -> Diff.patch(null, (JsonStructure) json("{}")));
        assertThrows(NullPointerException.class, () -> Diff.patch((JsonStructure) json("{}"), null));
        assertThrows(NullPointerException.class, () -> Diff.mergePatch(null, json("{}")));
        assertThrows(NullPointerException.class, () -> Diff.mergePatch(json("{}"), null));
    }
}
