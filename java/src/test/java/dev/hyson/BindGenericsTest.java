package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hyson.msgpack.MessagePack;
import dev.hyson.msgpack.MessagePackException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Type arguments binding must keep: variables declared in a superclass resolved against the class
 * bound (jackson-databind #4118), nested arguments of maps and lists (quarkus #55778), and a
 * declared {@code BigDecimal} through MessagePack.
 */
class BindGenericsTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    /** A self-bounded base: its list holds the subclass that binds {@code T}. */
    public static class Attr<T extends Attr<?>> {
        public String name;
        public List<T> attributes;
    }

    public static final class Leaf extends Attr<Leaf> {
        public int weight;
    }

    /** A variable passed down two levels, wrapped on the way: {@code Box<X>} makes {@code Base<List<X>>}. */
    public static class Base<V> {
        public V value;
    }

    public static class Box<X> extends Base<List<X>> {
        public X first;
    }

    public static final class IntBox extends Box<Integer> {
    }

    public record Foo(String id, int n) {
    }

    public record Nested(Map<String, List<Foo>> byKey, List<Map<String, Foo>> rows) {
    }

    public record Price(String item, BigDecimal amount, List<BigDecimal> history) {
    }

    @ParameterizedTest
    @MethodSource("backends")
    void superclassVariablesResolveAgainstTheBoundClass(Backend backend) {
        Leaf leaf = TestSupport.reader(backend).read(
                "{\"name\":\"root\",\"weight\":3,\"attributes\":[{\"name\":\"a\",\"weight\":1,\"attributes\":[]},{\"name\":\"b\",\"weight\":2}]}",
                Leaf.class);
        assertEquals("root", leaf.name);
        assertEquals(3, leaf.weight);
        assertEquals(2, leaf.attributes.size());
        Leaf a = assertInstanceOf(Leaf.class, leaf.attributes.get(0));
        Leaf b = assertInstanceOf(Leaf.class, leaf.attributes.get(1));
        assertEquals("a", a.name);
        assertEquals(1, a.weight);
        assertEquals(List.of(), a.attributes);
        assertEquals(2, b.weight);
        assertEquals(null, b.attributes);
        assertEquals("{\"name\":\"root\",\"attributes\":[{\"name\":\"a\",\"attributes\":[],\"weight\":1},"
                + "{\"name\":\"b\",\"attributes\":null,\"weight\":2}],\"weight\":3}", Json.write(leaf));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void variablesPassedThroughTwoLevels(Backend backend) {
        IntBox box = TestSupport.reader(backend).read("{\"value\":[1,2,3],\"first\":7}", IntBox.class);
        assertEquals(List.of(1, 2, 3), box.value);
        assertInstanceOf(Integer.class, box.value.get(0));
        assertInstanceOf(Integer.class, box.first);
        assertEquals(7, box.first);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void nestedTypeArgumentsKept(Backend backend) {
        Nested n = TestSupport.reader(backend).read(
                "{\"byKey\":{\"x\":[{\"id\":\"a\",\"n\":1},{\"id\":\"b\",\"n\":2}],\"y\":[]},\"rows\":[{\"k\":{\"id\":\"c\",\"n\":3}}]}",
                Nested.class);
        assertEquals(new Foo("a", 1), n.byKey().get("x").get(0));
        assertInstanceOf(Foo.class, n.byKey().get("x").get(1));
        assertEquals(List.of(), n.byKey().get("y"));
        assertEquals(new Foo("c", 3), n.rows().get(0).get("k"));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void declaredBigDecimalRoundTripsThroughMessagePack(Backend backend) {
        Price p = new Price("tea", new BigDecimal("12.3400"), List.of(new BigDecimal("1e-7"), new BigDecimal("3")));
        // the list's elements are untyped to the packer: they follow the factory's policy (an error by default)
        MessagePackException e = assertThrows(MessagePackException.class, () -> MessagePack.pack(p));
        assertEquals(true, e.getMessage().contains("BigDecimal"), e.getMessage());
        Price q = new Price("tea", new BigDecimal("12.3400"), null);
        byte[] packed = MessagePack.pack(q);
        Price back = MessagePack.unpack(packed, Price.class);
        assertEquals(q, back);
        assertEquals(4, back.amount().scale());
        // and the JSON reader agrees on the same value
        assertEquals(q, TestSupport.reader(backend).read(Json.write(q), Price.class));
    }
}
