package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import dev.hyson.internal.tree.MemberMaps;
import dev.hyson.tree.MemberMap;
import dev.hyson.msgpack.MessagePack;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import junit.framework.AssertionFailedError;
import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestResult;
import junit.framework.TestSuite;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link MemberMap}: the JDK's {@code Map} contract through Guava's testlib (every tester of
 * {@code MapTestSuiteBuilder}, as dynamic tests), the map the parser builds against
 * {@code LinkedHashMap} on both backends, and hostile keys.
 */
class MemberMapTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    /** Maps made through the public API. */
    private static final class PublicGenerator extends TestStringMapGenerator {
        @Override
        protected Map<String, String> create(Map.Entry<String, String>[] entries) {
            MemberMap<String, String> m = new MemberMap<>();
            for (Map.Entry<String, String> e : entries) {
                m.put(e.getKey(), e.getValue());
            }
            return m;
        }
    }

    /** Maps made as the parser makes them: an array of members adopted whole, repeats merged. */
    private static final class AdoptedGenerator extends TestStringMapGenerator {
        @Override
        protected Map<String, String> create(Map.Entry<String, String>[] entries) {
            Object[] kv = new Object[2 * entries.length];
            for (int i = 0; i < entries.length; i++) {
                kv[2 * i] = entries[i].getKey();
                kv[2 * i + 1] = entries[i].getValue();
            }
            MemberMaps.Access a = MemberMaps.access();
            int n = entries.length;
            return a.firstRepeat(kv, n, null) >= 0 ? a.merge(kv, n, true) : a.adopt(kv, n);
        }
    }

    @TestFactory
    Stream<DynamicNode> guavaTestlib_mapContract() {
        return Stream.of(
                node(suite("MemberMap [public API]", new PublicGenerator())),
                node(suite("MemberMap [adopted]", new AdoptedGenerator())));
    }

    private static TestSuite suite(String name, TestStringMapGenerator generator) {
        return MapTestSuiteBuilder.using(generator)
                .named(name)
                .withFeatures(MapFeature.GENERAL_PURPOSE, MapFeature.ALLOWS_NULL_KEYS, MapFeature.ALLOWS_NULL_VALUES,
                        MapFeature.ALLOWS_ANY_NULL_QUERIES, MapFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
                        CollectionFeature.SUPPORTS_ITERATOR_REMOVE, CollectionFeature.KNOWN_ORDER,
                        CollectionFeature.SERIALIZABLE, CollectionSize.ANY)
                .createTestSuite();
    }

    private static DynamicNode node(Test test) {
        if (test instanceof TestSuite) {
            TestSuite s = (TestSuite) test;
            List<DynamicNode> children = new ArrayList<>();
            for (int i = 0; i < s.testCount(); i++) {
                children.add(node(s.testAt(i)));
            }
            return DynamicContainer.dynamicContainer(s.getName() == null ? "suite" : s.getName(), children.stream());
        }
        String name = test instanceof TestCase ? ((TestCase) test).getName() : test.toString();
        return DynamicTest.dynamicTest(name, () -> {
            TestResult r = new TestResult();
            test.run(r);
            if (r.failureCount() > 0) {
                Throwable t = r.failures().nextElement().thrownException();
                throw t instanceof AssertionFailedError ? new AssertionError(t.getMessage(), t) : t;
            }
            if (r.errorCount() > 0) {
                throw r.errors().nextElement().thrownException();
            }
        });
    }

    // ---- the parser's maps ----

    @ParameterizedTest
    @MethodSource("backends")
    void parse_objects_areMemberMapsEqualToLinkedHashMaps(Backend backend) {
        String json = "{\"a\":1,\"b\":{\"c\":[{\"d\":null}],\"e\":{}},\"f\":\"g\",\"k0\":0,\"k1\":1,\"k2\":2,"
                + "\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8}";
        Object member = TestSupport.reader(backend).parse(json);
        Object linked = TestSupport.reader(backend).toBuilder().linkedHashMaps(true).build().parse(json);
        MemberMap<?, ?> m = assertInstanceOf(MemberMap.class, member);
        assertInstanceOf(LinkedHashMap.class, linked);
        assertInstanceOf(MemberMap.class, m.get("b"));
        assertInstanceOf(LinkedHashMap.class, ((Map<?, ?>) linked).get("b"));
        assertEquals(linked, member);
        assertEquals(member, linked);
        assertEquals(linked.hashCode(), member.hashCode());
        assertEquals(linked.toString(), member.toString());
        assertEquals(new ArrayList<>(((Map<?, ?>) linked).keySet()), new ArrayList<>(m.keySet()));
        assertEquals(12, m.size());
        assertEquals("f", m.keyAt(2));
        assertEquals(8L, m.valueAt(11));
        assertEquals(11, m.indexOf("k8"));
        assertEquals(8L, m.get("k8")); // 12 members: through the hash index
        assertNull(m.get("k9"));
        assertThrows(IndexOutOfBoundsException.class, () -> m.keyAt(12));
        // and it writes the same text
        assertEquals(JsonWriter.defaults().write(linked), JsonWriter.defaults().write(member));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_repeatedNames_followThePolicy(Backend backend) {
        for (int n : new int[] {2, 8, 9, 40}) {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < n; i++) {
                sb.append("\"m").append(i).append("\":").append(i).append(',');
            }
            sb.append("\"m1\":\"again\"}"); // repeats the second member's name last
            String json = sb.toString();
            Map<?, ?> last = (Map<?, ?>) TestSupport.reader(backend).parse(json);
            assertInstanceOf(MemberMap.class, last);
            assertEquals(n, last.size(), json);
            assertEquals("again", last.get("m1"));
            assertEquals("m1", ((MemberMap<?, ?>) last).keyAt(1), "a repeated name keeps its first position");
            Map<?, ?> linked = (Map<?, ?>) TestSupport.reader(backend).toBuilder().linkedHashMaps(true).build().parse(json);
            assertEquals(linked, last);
            assertEquals(new ArrayList<>(linked.keySet()), new ArrayList<>(last.keySet()));
            Map<?, ?> first = (Map<?, ?>) TestSupport.reader(backend).toBuilder()
                    .duplicateKeys(DuplicateKeyPolicy.FIRST_WINS).build().parse(json);
            assertEquals(1L, first.get("m1"));
            assertEquals(n, first.size());
            dev.hyson.JsonParseException e = assertThrows(dev.hyson.JsonParseException.class,
                    () -> TestSupport.reader(backend).toBuilder().duplicateKeys(DuplicateKeyPolicy.ERROR).build().parse(json));
            assertEquals(json.lastIndexOf("\"m1\""), e.offset(), e.getMessage());
        }
    }

    /** Names whose String hash codes are all equal: "Aa" and "BB" hash alike, and so do their concatenations. */
    private static List<String> collidingNames(int bits) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 1 << bits; i++) {
            StringBuilder sb = new StringBuilder();
            for (int b = 0; b < bits; b++) {
                sb.append((i >> b & 1) == 0 ? "Aa" : "BB");
            }
            names.add(sb.toString());
        }
        return names;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_collidingNames_linearWorkNotQuadratic(Backend backend) {
        List<String> names = collidingNames(16); // 65,536 names, one hash code
        StringBuilder sb = new StringBuilder("{");
        for (String n : names) {
            sb.append('"').append(n).append("\":1,");
        }
        sb.append('"').append(names.get(7)).append("\":2}");
        byte[] json = sb.toString().getBytes(StandardCharsets.US_ASCII);
        // quadratic work here would be 2^31 string compares: minutes, not the seconds allowed
        MemberMap<?, ?> m = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> (MemberMap<?, ?>) TestSupport.reader(backend).parse(json));
        assertEquals(names.size(), m.size());
        assertEquals(2L, m.get(names.get(7)));
        for (int i = 0; i < names.size(); i += 4099) {
            assertEquals(i, m.indexOf(names.get(i)));
        }
    }

    @org.junit.jupiter.api.Test
    void unpack_maps_areMemberMaps() {
        Map<String, Object> tree = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            tree.put("key" + i, List.of(i, "v" + i));
        }
        tree.put("nested", Map.of("x", 1L));
        byte[] packed = MessagePack.pack(tree);
        Object back = MessagePack.unpack(packed);
        MemberMap<?, ?> m = assertInstanceOf(MemberMap.class, back);
        assertEquals(21, m.size());
        assertEquals("nested", m.keyAt(20));
        assertEquals(List.of(3L, "v3"), m.get("key3"));
        assertEquals(Map.of("x", 1L), m.get("nested"));
        assertInstanceOf(LinkedHashMap.class,
                dev.hyson.msgpack.MessagePackFactory.builder().linkedHashMaps(true).build().unpack(packed));
    }

    // ---- behaviour beyond the testlib ----

    @org.junit.jupiter.api.Test
    void randomOperations_agreeWithLinkedHashMap() {
        SplittableRandom rnd = new SplittableRandom(20261202);
        for (int round = 0; round < 200; round++) {
            MemberMap<String, Integer> m = new MemberMap<>();
            LinkedHashMap<String, Integer> ref = new LinkedHashMap<>();
            int keys = 1 + rnd.nextInt(40);
            for (int op = 0; op < 300; op++) {
                String k = "k" + rnd.nextInt(keys);
                int v = rnd.nextInt(1000);
                switch (rnd.nextInt(6)) {
                    case 0:
                    case 1:
                        assertEquals(ref.put(k, v), m.put(k, v));
                        break;
                    case 2:
                        assertEquals(ref.remove(k), m.remove(k));
                        break;
                    case 3:
                        assertEquals(ref.get(k), m.get(k));
                        assertEquals(ref.containsKey(k), m.containsKey(k));
                        break;
                    case 4:
                        ref.keySet().removeIf(x -> x.hashCode() % 7 == v % 7);
                        m.keySet().removeIf(x -> x.hashCode() % 7 == v % 7);
                        break;
                    default:
                        assertEquals(ref.putIfAbsent(k, v), m.putIfAbsent(k, v));
                        break;
                }
                assertEquals(ref.size(), m.size());
            }
            assertEquals(ref, m);
            assertEquals(new ArrayList<>(ref.entrySet()), new ArrayList<>(m.entrySet()));
        }
    }

    @org.junit.jupiter.api.Test
    void serialization_and_clone_keepOrderAndClass() throws Exception {
        MemberMap<String, Object> m = new MemberMap<>();
        for (int i = 0; i < 12; i++) {
            m.put("k" + (11 - i), i);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(m);
        }
        Object back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = in.readObject();
        }
        MemberMap<?, ?> copy = assertInstanceOf(MemberMap.class, back);
        assertEquals(new ArrayList<>(m.entrySet()), new ArrayList<>(copy.entrySet()));
        MemberMap<String, Object> clone = m.clone();
        clone.put("extra", 1);
        assertEquals(12, m.size());
        assertEquals(13, clone.size());
        assertEquals("k11", clone.keyAt(0));
    }

    @org.junit.jupiter.api.Test
    void iterator_failsFast_andEntriesWriteThrough() {
        MemberMap<String, Integer> m = new MemberMap<>();
        m.put("a", 1);
        m.put("b", 2);
        Iterator<Map.Entry<String, Integer>> it = m.entrySet().iterator();
        Map.Entry<String, Integer> a = it.next();
        a.setValue(10);
        assertEquals(10, m.get("a"));
        m.remove("a"); // structural change under the iterator
        assertThrows(ConcurrentModificationException.class, it::next);
        m.put("c", 3);
        Map.Entry<String, Integer> c = m.entrySet().stream().filter(e -> e.getKey().equals("c")).findFirst().orElseThrow();
        m.remove("b"); // c moves to position 0; its entry still finds it
        assertEquals(3, c.getValue());
        c.setValue(30);
        assertEquals(Map.of("c", 30), m);
        assertThrows(IllegalArgumentException.class, () -> new MemberMap<>(-1));
    }

    @org.junit.jupiter.api.Test
    void lookups_onCollidingKeys_moveToTreeBins() {
        List<String> names = collidingNames(14);
        MemberMap<String, Integer> m = new MemberMap<>();
        for (int i = 0; i < names.size(); i++) {
            m.put(names.get(i), i);
        }
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < names.size(); i++) {
                assertEquals(i, m.get(names.get(i)));
            }
        });
        assertTrue(m.containsKey(names.get(names.size() - 1)));
    }
}
