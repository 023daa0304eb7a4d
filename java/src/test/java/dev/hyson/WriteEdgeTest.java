package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.bind.Binder;
import dev.hyson.bind.Codec;
import dev.hyson.bind.ValueIn;
import dev.hyson.bind.ValueOut;
import dev.hyson.msgpack.MessagePackFactory;
import dev.hyson.stream.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Writing edge cases found by an attack on the writing side: user codecs' nesting, big-number subclasses, map keys. */
class WriteEdgeTest {
    record Deep(int levels) {
    }

    /** Writes {@code levels} nested arrays around 1. */
    static final Codec<Deep> DEEP = new Codec<>() {
        @Override
        public Deep read(ValueIn in) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void write(Deep v, ValueOut out) {
            for (int i = 0; i < v.levels(); i++) {
                out.beginArray(1);
            }
            out.writeLong(1);
            for (int i = 0; i < v.levels(); i++) {
                out.endArray();
            }
        }
    };

    static String nested(int levels) {
        return "[".repeat(levels) + "1" + "]".repeat(levels);
    }

    static JsonWriter.Builder with(Class<?> type, Codec<?> codec) {
        @SuppressWarnings("unchecked")
        Codec<Object> c = (Codec<Object>) codec;
        @SuppressWarnings("unchecked")
        Class<Object> t = (Class<Object>) type;
        return JsonWriter.builder().binder(Binder.builder().codec(t, c).build());
    }

    @Test
    void codecNestingIsNotTakenForACycle() {
        JsonWriter w = with(Deep.class, DEEP).build();
        for (int levels : new int[] {15, 16, 17, 24, 40, 200}) {
            assertEquals(nested(levels), w.write(new Deep(levels)), levels + " levels");
        }
        // under lists too, and pretty
        assertEquals("[[" + nested(20) + "]]", w.write(List.of(List.of(new Deep(20)))));
        String pretty = with(Deep.class, DEEP).pretty(true).build().write(new Deep(17));
        assertEquals(nested(17), pretty.replaceAll("\\s", ""));
        // the depth limit counts a codec's levels as a list's: maxDepth 5 takes 5 levels, not 6
        JsonWriter five = with(Deep.class, DEEP).maxDepth(5).build();
        assertEquals(nested(5), five.write(new Deep(5)));
        assertEquals(five.write(new Deep(5)), JsonWriter.builder().maxDepth(5).build().write(
                List.of(List.of(List.of(List.of(List.of(1)))))));
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> five.write(new Deep(6)));
        assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
    }

    record Holder(Object value) {
    }

    /** Writes {@code [value]} through {@link ValueOut#writeValue}. */
    static final Codec<Holder> HOLDER = new Codec<>() {
        @Override
        public Holder read(ValueIn in) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void write(Holder v, ValueOut out) {
            out.beginArray(1);
            out.writeValue(v.value());
            out.endArray();
        }
    };

    @Test
    void prettyValueInsideACodecIsIndentedAsAnElement() {
        JsonWriter w = with(Holder.class, HOLDER).pretty(true).build();
        Object inner = Map.of("q", 1);
        assertEquals(JsonWriter.builder().pretty(true).build().write(List.of(inner)), w.write(new Holder(inner)));
        assertEquals("[\n  {\n    \"q\": 1\n  }\n]", w.write(new Holder(inner)));
        Object deeper = List.of(Map.of("a", List.of(1, 2)));
        assertEquals(JsonWriter.builder().pretty(true).build().write(List.of(deeper)), w.write(new Holder(deeper)));
        assertEquals("[[{\"a\":[1,2]}]]", with(Holder.class, HOLDER).build().write(new Holder(deeper)));
    }

    static final class Two extends BigDecimal {
        private static final long serialVersionUID = 1L;

        Two() {
            super("2");
        }

        @Override
        public String toString() {
            return "two";
        }
    }

    static final class Seven extends BigInteger {
        private static final long serialVersionUID = 1L;

        Seven() {
            super("7");
        }

        @Override
        public String toString() {
            return "seven";
        }
    }

    @Test
    void generatorRefusesABigNumberWhoseTextIsNotANumberAndStaysUsable() {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        JsonGenerator g = JsonWriter.defaults().generator(bo);
        g.writeStartArray().writeNumber(1);
        JsonWriteException d = assertThrows(JsonWriteException.class, () -> g.writeNumber(new Two()));
        assertTrue(d.getMessage().contains("not a JSON number"), d.getMessage());
        assertThrows(JsonWriteException.class, () -> g.writeNumber(new Seven()));
        assertThrows(NullPointerException.class, () -> g.writeRaw(null));
        g.writeNumber(3).writeNumber(new BigInteger("12345678901234567890")).writeNumber(new BigDecimal("1E+3"));
        g.writeEndArray().close();
        assertEquals("[1,3,12345678901234567890,1E+3]", bo.toString(StandardCharsets.UTF_8));
    }

    record Big(Object n) {
    }

    @Test
    void codecBigNumbersAreChecked() {
        Codec<Big> codec = new Codec<>() {
            @Override
            public Big read(ValueIn in) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void write(Big v, ValueOut out) {
                if (v.n() instanceof BigInteger b) {
                    out.writeBigInteger(b);
                } else {
                    out.writeBigDecimal((BigDecimal) v.n());
                }
            }
        };
        JsonWriter w = with(Big.class, codec).build();
        assertEquals("[7,2.5]", w.write(List.of(new Big(BigInteger.valueOf(7)), new Big(new BigDecimal("2.5")))));
        assertTrue(assertThrows(JsonWriteException.class, () -> w.write(List.of(new Big(new Seven())))).getMessage()
                .contains("not a JSON number"));
        assertTrue(assertThrows(JsonWriteException.class, () -> w.write(new Big(new Two()))).getMessage()
                .contains("not a JSON number"));
    }

    @Test
    void equalStringKeysOfAnIdentityMapAreRefusedAsSortedKeysRefuseThem() {
        Map<String, Integer> m = new IdentityHashMap<>();
        m.put(new String("a"), 1);
        m.put(new String("a"), 2);
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> Json.write(m));
        assertTrue(e.getMessage().contains("two map keys write the same member name \"a\""), e.getMessage());
        assertThrows(JsonWriteException.class, () -> JsonWriter.builder().sortKeys(true).build().write(m));
        // distinct names in such maps are fine, and so is a case-insensitive sorted map's
        Map<String, Integer> distinct = new IdentityHashMap<>();
        distinct.put("x", 1);
        assertEquals("{\"x\":1}", Json.write(distinct));
        TreeMap<String, Integer> ci = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        ci.put("a", 1);
        ci.put("B", 2);
        assertEquals("{\"a\":1,\"B\":2}", Json.write(ci));
    }

    /** A key whose text is null. */
    static final class NoText implements CharSequence {
        @Override
        public int length() {
            return 0;
        }

        @Override
        public char charAt(int index) {
            throw new IndexOutOfBoundsException();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return this;
        }

        @Override
        @SuppressWarnings("ReturnsNull")
        public String toString() {
            return null;
        }
    }

    @Test
    void aKeyWhoseTextIsNullIsAWriteError() {
        Map<Object, Object> m = Map.of(new NoText(), 1);
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> Json.write(m));
        assertTrue(e.getMessage().contains("toString() is null"), e.getMessage());
        assertThrows(JsonWriteException.class, () -> JsonWriter.builder().sortKeys(true).build().write(m));
        RuntimeException p = assertThrows(RuntimeException.class, () -> MessagePackFactory.defaults().pack(m));
        assertTrue(p.getMessage().contains("toString() is null"), p.getMessage());
        assertTrue(!(p instanceof NullPointerException), p.toString());
    }
}
