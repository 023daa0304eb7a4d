package dev.hyson.jsonp.value;

import static dev.hyson.jsonp.patch.TestJson.arr;
import static dev.hyson.jsonp.patch.TestJson.obj;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BuilderTest {
    // ---- ObjectBuilder

    @Test
    void objectBuilderEveryAdd() {
        JsonObject o = new ObjectBuilder()
                .add("v", JsonValue.TRUE)
                .add("s", "text")
                .add("bi", new BigInteger("123456789012345678901234567890"))
                .add("bd", new BigDecimal("1.50"))
                .add("i", 7)
                .add("l", 1L << 40)
                .add("d", 2.5)
                .add("b", false)
                .addNull("n")
                .add("o", new ObjectBuilder().add("x", 1))
                .add("a", new ArrayBuilder().add(1).add("two"))
                .build();
        assertEquals(obj("{'v':true,'s':'text','bi':123456789012345678901234567890,'bd':1.50,'i':7,"
                + "'l':1099511627776,'d':2.5,'b':false,'n':null,'o':{'x':1},'a':[1,'two']}"), o);
        assertEquals(List.of("v", "s", "bi", "bd", "i", "l", "d", "b", "n", "o", "a"), List.copyOf(o.keySet()));
        assertEquals("{\"v\":true,\"s\":\"text\",\"bi\":123456789012345678901234567890,\"bd\":1.50,\"i\":7,"
                + "\"l\":1099511627776,\"d\":2.5,\"b\":false,\"n\":null,\"o\":{\"x\":1},\"a\":[1,\"two\"]}", o.toString());
        assertEquals(new BigDecimal("1.50"), o.getJsonNumber("bd").bigDecimalValue());
        assertTrue(o.isNull("n"));
    }

    @Test
    void objectBuilderReplaceKeepsPlaceAndRemove() {
        ObjectBuilder b = new ObjectBuilder().add("a", 1).add("b", 2).add("c", 3).add("a", "again").remove("b")
                .remove("missing");
        JsonObject o = b.build();
        assertEquals(obj("{'a':'again','c':3}"), o);
        assertEquals(List.of("a", "c"), List.copyOf(o.keySet()));
    }

    @Test
    void objectBuilderNulls() {
        ObjectBuilder b = new ObjectBuilder();
        assertThrows(NullPointerException.class, () -> b.add(null, JsonValue.TRUE));
        assertThrows(NullPointerException.class, () -> b.add("a", (JsonValue) null));
        assertThrows(NullPointerException.class, () -> b.add("a", (String) null));
        assertThrows(NullPointerException.class, () -> b.add("a", (BigInteger) null));
        assertThrows(NullPointerException.class, () -> b.add("a", (BigDecimal) null));
        assertThrows(NullPointerException.class, () -> b.add(null, 1));
        assertThrows(NullPointerException.class, () -> b.add(null, 1L));
        assertThrows(NullPointerException.class, () -> b.add(null, 1.0));
        assertThrows(NullPointerException.class, () -> b.add(null, true));
        assertThrows(NullPointerException.class, () -> b.addNull(null));
        assertThrows(NullPointerException.class, () -> b.add("a", (JsonObjectBuilder) null));
        assertThrows(NullPointerException.class, () -> b.add("a", (JsonArrayBuilder) null));
        assertThrows(NullPointerException.class, () -> b.addAll(null));
        assertThrows(NullPointerException.class, () -> b.remove(null));
        assertThrows(NullPointerException.class, () -> new ObjectBuilder(null));
        assertThrows(NullPointerException.class, () -> ObjectBuilder.of(null));
        assertEquals(0, b.build().size(), "nothing was added by a failed call");
    }

    @Test
    void objectBuilderNonFiniteDoubles() {
        ObjectBuilder b = new ObjectBuilder();
        assertThrows(NumberFormatException.class, () -> b.add("a", Double.NaN));
        assertThrows(NumberFormatException.class, () -> b.add("a", Double.POSITIVE_INFINITY));
        assertThrows(NumberFormatException.class, () -> b.add("a", Double.NEGATIVE_INFINITY));
        assertEquals(0, b.build().size());
    }

    @Test
    void objectBuilderBuildClears() {
        ObjectBuilder b = new ObjectBuilder().add("a", 1);
        JsonObject first = b.build();
        b.add("b", 2);
        JsonObject second = b.build();
        assertEquals(obj("{'a':1}"), first);
        assertEquals(obj("{'b':2}"), second);
        assertEquals(obj("{}"), b.build());
        assertThrows(UnsupportedOperationException.class, () -> first.put("c", JsonValue.NULL));
    }

    @Test
    void objectBuilderFromObjectAndAddAll() {
        JsonObject initial = obj("{'a':1,'b':2}");
        JsonObject o = new ObjectBuilder(initial).add("c", 3).add("a", 0).build();
        assertEquals(obj("{'a':0,'b':2,'c':3}"), o);
        assertEquals(obj("{'a':1,'b':2}"), initial);

        ObjectBuilder other = new ObjectBuilder().add("b", "B").add("d", "D");
        JsonObject all = new ObjectBuilder().add("a", 1).add("b", 2).addAll(other).build();
        assertEquals(obj("{'a':1,'b':'B','d':'D'}"), all);
        assertEquals(List.of("a", "b", "d"), List.copyOf(all.keySet()));
        assertEquals(obj("{'b':'B','d':'D'}"), other.build(), "addAll leaves an ObjectBuilder as it was");
    }

    @Test
    void objectBuilderOfMap() {
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("x", Optional.of(1));
        nested.put("gone", Optional.empty());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("null", null);
        m.put("json", JsonValue.FALSE);
        m.put("s", "text");
        m.put("bd", new BigDecimal("1.10"));
        m.put("bi", BigInteger.TEN);
        m.put("i", 1);
        m.put("l", 2L);
        m.put("sh", (short) 3);
        m.put("by", (byte) 4);
        m.put("d", 0.5);
        m.put("f", 0.25f);
        m.put("b", true);
        m.put("map", nested);
        m.put("list", Arrays.asList(1, null, "x", Optional.empty(), List.of()));
        m.put("set", new LinkedHashSet<>(List.of("p", "q")));
        m.put("ob", new ObjectBuilder().add("k", "v"));
        m.put("ab", new ArrayBuilder().add(true));
        m.put("opt", Optional.of("here"));
        m.put("empty", Optional.empty());
        JsonObject o = ObjectBuilder.of(m).build();
        assertEquals(obj("{'null':null,'json':false,'s':'text','bd':1.10,'bi':10,'i':1,'l':2,'sh':3,'by':4,"
                + "'d':0.5,'f':0.25,'b':true,'map':{'x':1},'list':[1,null,'x',[]],'set':['p','q'],"
                + "'ob':{'k':'v'},'ab':[true],'opt':'here'}"), o);
        assertEquals(List.of("null", "json", "s", "bd", "bi", "i", "l", "sh", "by", "d", "f", "b", "map", "list", "set",
                "ob", "ab", "opt"), List.copyOf(o.keySet()));
        assertTrue(m.containsKey("empty"), "the map is not changed");
    }

    @Test
    void objectBuilderOfMapErrors() {
        assertThrows(IllegalArgumentException.class, () -> ObjectBuilder.of(Map.of("a", new Object())));
        assertThrows(IllegalArgumentException.class, () -> ObjectBuilder.of(Map.of("a", List.of(new StringBuilder()))));
        assertThrows(IllegalArgumentException.class, () -> ObjectBuilder.of(Map.of("a", Map.of(1, "x"))));
        Map<Object, Object> nullKey = new HashMap<>();
        nullKey.put(null, 1);
        assertThrows(NullPointerException.class, () -> ObjectBuilder.of(Map.of("a", nullKey)));
        assertThrows(NumberFormatException.class, () -> ObjectBuilder.of(Map.of("a", Double.NaN)));
        assertThrows(NumberFormatException.class, () -> ObjectBuilder.of(Map.of("a", Float.NEGATIVE_INFINITY)));
        assertThrows(NumberFormatException.class, () -> ObjectBuilder.of(Map.of("a", List.of(Double.POSITIVE_INFINITY))));
    }

    // ---- ArrayBuilder

    @Test
    void arrayBuilderEveryAdd() {
        JsonArray a = new ArrayBuilder()
                .add(JsonValue.NULL)
                .add("s")
                .add(new BigDecimal("2.0"))
                .add(BigInteger.ONE)
                .add(3)
                .add(4L)
                .add(0.1)
                .add(true)
                .addNull()
                .add(new ObjectBuilder().add("k", 1))
                .add(new ArrayBuilder().add(2))
                .build();
        assertEquals(arr("[null,'s',2.0,1,3,4,0.1,true,null,{'k':1},[2]]"), a);
        assertEquals("[null,\"s\",2.0,1,3,4,0.1,true,null,{\"k\":1},[2]]", a.toString());
    }

    @Test
    void arrayBuilderIndexForms() {
        ArrayBuilder b = new ArrayBuilder().add(1).add(2);
        b.add(0, JsonValue.TRUE).add(3, "end").add(1, new BigDecimal("1.5")).add(1, BigInteger.TWO).add(0, 7)
                .add(0, 8L).add(0, 9.5).add(0, false).addNull(0).add(0, new ObjectBuilder()).add(0, new ArrayBuilder());
        assertEquals(arr("[[],{},null,false,9.5,8,7,true,2,1.5,1,2,'end']"), b.build());

        b = new ArrayBuilder(arr("[0,0,0,0,0,0,0,0,0,0,0]"));
        b.set(0, JsonValue.NULL).set(1, "s").set(2, new BigDecimal("2.50")).set(3, BigInteger.TEN).set(4, 4)
                .set(5, 5L).set(6, 6.5).set(7, true).setNull(8).set(9, new ObjectBuilder().add("a", 1))
                .set(10, new ArrayBuilder().add(1));
        assertEquals(arr("[null,'s',2.50,10,4,5,6.5,true,null,{'a':1},[1]]"), b.build());

        b = new ArrayBuilder(arr("[0,1,2,3]")).remove(0).remove(2);
        assertEquals(arr("[1,2]"), b.build());
    }

    @Test
    void arrayBuilderIndexErrors() {
        ArrayBuilder b = new ArrayBuilder().add(1).add(2);
        // insert: 0 <= index <= size
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(-1, JsonValue.NULL));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, JsonValue.NULL));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, "x"));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(-1, 1L));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, 1.0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, true));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, BigDecimal.ONE));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, BigInteger.ONE));
        assertThrows(IndexOutOfBoundsException.class, () -> b.addNull(3));
        ObjectBuilder notBuilt = new ObjectBuilder().add("keep", 1);
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, notBuilt));
        assertThrows(IndexOutOfBoundsException.class, () -> b.add(3, new ArrayBuilder()));
        // replace and remove: 0 <= index < size
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, JsonValue.NULL));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(-1, "x"));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, 1L));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, 1.0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, false));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, BigDecimal.ONE));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, BigInteger.ONE));
        assertThrows(IndexOutOfBoundsException.class, () -> b.setNull(2));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, notBuilt));
        assertThrows(IndexOutOfBoundsException.class, () -> b.set(2, new ArrayBuilder()));
        assertThrows(IndexOutOfBoundsException.class, () -> b.remove(2));
        assertThrows(IndexOutOfBoundsException.class, () -> b.remove(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> new ArrayBuilder().remove(0));
        assertThrows(IndexOutOfBoundsException.class, () -> new ArrayBuilder().set(0, 1));
        assertEquals(arr("[1,2]"), b.build(), "failed calls change nothing");
        assertEquals(obj("{'keep':1}"), notBuilt.build(), "a builder is not built when the index is wrong");
    }

    @Test
    void arrayBuilderNullsAndNonFinite() {
        ArrayBuilder b = new ArrayBuilder().add(1);
        assertThrows(NullPointerException.class, () -> b.add((JsonValue) null));
        assertThrows(NullPointerException.class, () -> b.add((String) null));
        assertThrows(NullPointerException.class, () -> b.add((BigDecimal) null));
        assertThrows(NullPointerException.class, () -> b.add((BigInteger) null));
        assertThrows(NullPointerException.class, () -> b.add((JsonObjectBuilder) null));
        assertThrows(NullPointerException.class, () -> b.add((JsonArrayBuilder) null));
        assertThrows(NullPointerException.class, () -> b.addAll(null));
        assertThrows(NullPointerException.class, () -> b.add(0, (JsonValue) null));
        assertThrows(NullPointerException.class, () -> b.add(0, (String) null));
        assertThrows(NullPointerException.class, () -> b.set(0, (JsonValue) null));
        assertThrows(NullPointerException.class, () -> b.set(0, (BigDecimal) null));
        assertThrows(NullPointerException.class, () -> b.set(0, (JsonObjectBuilder) null));
        assertThrows(NullPointerException.class, () -> new ArrayBuilder(null));
        assertThrows(NullPointerException.class, () -> ArrayBuilder.of(null));
        assertThrows(NumberFormatException.class, () -> b.add(Double.NaN));
        assertThrows(NumberFormatException.class, () -> b.add(0, Double.POSITIVE_INFINITY));
        assertThrows(NumberFormatException.class, () -> b.set(0, Double.NEGATIVE_INFINITY));
        assertEquals(arr("[1]"), b.build());
    }

    @Test
    void arrayBuilderBuildClearsAndAddAll() {
        ArrayBuilder b = new ArrayBuilder().add(1);
        JsonArray first = b.build();
        b.add(2);
        assertEquals(arr("[1]"), first);
        assertEquals(arr("[2]"), b.build());
        assertEquals(arr("[]"), b.build());
        assertThrows(UnsupportedOperationException.class, () -> first.add(JsonValue.NULL));

        ArrayBuilder other = new ArrayBuilder().add("x").add("y");
        ArrayBuilder c = new ArrayBuilder().add(0).addAll(other);
        assertEquals(arr("['x','y']"), other.build(), "addAll leaves an ArrayBuilder as it was");
        c.addAll(c);
        assertEquals(arr("[0,'x','y',0,'x','y']"), c.build());

        JsonArray initial = arr("[1,2]");
        assertEquals(arr("[1,2,3]"), new ArrayBuilder(initial).add(3).build());
        assertEquals(arr("[1,2]"), initial);
    }

    @Test
    void arrayBuilderOfCollection() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("k", Optional.empty());
        m.put("j", Optional.of(List.of(Optional.empty())));
        Collection<Object> c = new ArrayList<>(Arrays.asList(null, "s", 1, 2L, 1.5, true, JsonValue.EMPTY_JSON_OBJECT,
                Optional.empty(), Optional.of(3), m, new ArrayBuilder().add(1), new ObjectBuilder()));
        assertEquals(arr("[null,'s',1,2,1.5,true,{},3,{'j':[]},[1],{}]"), ArrayBuilder.of(c).build());
        assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.of(List.of(new Object())));
        assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.of(List.of(new int[] {1})));
        assertThrows(NumberFormatException.class, () -> ArrayBuilder.of(List.of(Float.NaN)));
    }

    // ---- BuilderFactory

    @Test
    void builderFactory() {
        Map<String, Object> config = new HashMap<>();
        config.put("unknown.property", true);
        config.put("jakarta.json.JsonConfig.keyStrategy", "FIRST");
        JsonBuilderFactory f = new BuilderFactory(config);
        // KEY_STRATEGY applies to its object builders (the unknown property is ignored)
        assertEquals(Map.of(jakarta.json.JsonConfig.KEY_STRATEGY, jakarta.json.JsonConfig.KeyStrategy.FIRST), f.getConfigInUse());
        assertThrows(UnsupportedOperationException.class, () -> castConfig(f.getConfigInUse()).put("a", 1));
        assertTrue(new BuilderFactory(null).getConfigInUse().isEmpty());
        assertTrue(new BuilderFactory(Map.of()).getConfigInUse().isEmpty());

        assertEquals(obj("{'a':1}"), f.createObjectBuilder().add("a", 1).build());
        assertEquals(obj("{'a':1,'b':2}"), f.createObjectBuilder(obj("{'a':1}")).add("b", 2).build());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", List.of(1, "x"));
        m.put("b", Optional.empty());
        assertEquals(obj("{'a':[1,'x']}"), f.createObjectBuilder(m).build());
        assertEquals(arr("[1]"), f.createArrayBuilder().add(1).build());
        assertEquals(arr("[1,2]"), f.createArrayBuilder(arr("[1]")).add(2).build());
        assertEquals(arr("[{'a':[1,'x']}]"), f.createArrayBuilder(List.of(Map.of("a", List.of(1, "x")))).build());
        assertThrows(NullPointerException.class, () -> f.createObjectBuilder((JsonObject) null));
        assertThrows(NullPointerException.class, () -> f.createObjectBuilder((Map<String, Object>) null));
        assertThrows(NullPointerException.class, () -> f.createArrayBuilder((JsonArray) null));
        assertThrows(NullPointerException.class, () -> f.createArrayBuilder((Collection<?>) null));
        assertThrows(IllegalArgumentException.class, () -> f.createArrayBuilder(List.of(new Object())));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castConfig(Map<String, ?> m) {
        return (Map<String, Object>) m;
    }

    @Test
    void builtValuesAreJsonP() {
        JsonObject o = new ObjectBuilder().add("n", 10).add("s", "x").build();
        JsonNumber n = o.getJsonNumber("n");
        assertTrue(n.isIntegral());
        assertEquals(10, o.getInt("n"));
        assertEquals("x", o.getString("s"));
        assertSame(JsonValue.ValueType.OBJECT, o.getValueType());
    }
}
