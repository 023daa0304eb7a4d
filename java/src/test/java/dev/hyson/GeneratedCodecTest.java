package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.BindModels.Bean;
import dev.hyson.BindModels.Circle;
import dev.hyson.BindModels.Collections1;
import dev.hyson.BindModels.Drawing;
import dev.hyson.BindModels.Fields;
import dev.hyson.BindModels.Money;
import dev.hyson.BindModels.Node;
import dev.hyson.BindModels.Point;
import dev.hyson.BindModels.Renamed;
import dev.hyson.BindModels.Scalars;
import dev.hyson.BindModels.Square;
import dev.hyson.bind.Binder;
import dev.hyson.bind.Codec;
import dev.hyson.bind.Name;
import dev.hyson.bind.ValueIn;
import dev.hyson.bind.ValueOut;
import dev.hyson.internal.write.Codegen;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The generated writers against the interpreter: for seeded random values of every model, under
 * every writer option and binder option, both write the same bytes, and fail with the same
 * message and path.
 */
class GeneratedCodecTest {
    /** Names that need escaping, or differ under asciiOnly and scriptSafe. */
    record Odd(@Name("a/b") String slash, @Name("caf\u00e9") int accent, @Name("q\"uote") boolean quote,
            @Name("a-very-long-member-name-past-sixteen-bytes") long longName, float f, char c, Optional<String> maybe) {
    }

    /** A property whose generic type has a user codec. */
    record Wrapped(List<Point> pts, Optional<Point> one, Point single) {
    }

    record Throwing(int ok, String bad) {
        @Override
        public String bad() {
            throw new IllegalStateException("no bad today");
        }
    }

    /** A bean with setters for primitives read by their codecs, a fluent setter, a checking setter and a write-only member. */
    static final class Checked {
        private float ratio;
        private short small = 7;
        private long big;
        private String tag = "none";
        public double plain;

        public float getRatio() {
            return ratio;
        }

        public void setRatio(float ratio) {
            this.ratio = ratio;
        }

        public short getSmall() {
            return small;
        }

        public void setSmall(short small) {
            this.small = small;
        }

        public long getBig() {
            return big;
        }

        public Checked setBig(long big) {
            if (big < 0) {
                throw new IllegalArgumentException("negative big");
            }
            this.big = big;
            return this;
        }

        public String getTag() {
            return tag;
        }

        public void setTag(String tag) {
            this.tag = tag;
        }

        public int getLength() {
            return tag.length();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Checked && ((Checked) o).ratio == ratio && ((Checked) o).small == small && ((Checked) o).big == big
                    && ((Checked) o).tag.equals(tag) && Double.compare(((Checked) o).plain, plain) == 0;
        }

        @Override
        public int hashCode() {
            return tag.hashCode();
        }

        @Override
        public String toString() {
            return "Checked[" + ratio + "," + small + "," + big + "," + tag + "," + plain + "]";
        }
    }

    /** A creator class with setters beside it. */
    static final class Mixed {
        private final String id;
        private int hits = -1;
        private Point at;
        private float weight = 1.5f;

        @dev.hyson.bind.Creator
        Mixed(@Name("id") String id) {
            if ("boom".equals(id)) {
                throw new IllegalStateException("no boom");
            }
            this.id = id;
        }

        public String getId() {
            return id;
        }

        public int getHits() {
            return hits;
        }

        public void setHits(int hits) {
            if (hits > 1000) {
                throw new IllegalArgumentException("too many hits");
            }
            this.hits = hits;
        }

        public Point getAt() {
            return at;
        }

        public void setAt(Point at) {
            this.at = at;
        }

        public float getWeight() {
            return weight;
        }

        public void setWeight(float weight) {
            this.weight = weight;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Mixed && java.util.Objects.equals(((Mixed) o).id, id) && ((Mixed) o).hits == hits
                    && java.util.Objects.equals(((Mixed) o).at, at) && ((Mixed) o).weight == weight;
        }

        @Override
        public int hashCode() {
            return hits;
        }

        @Override
        public String toString() {
            return "Mixed[" + id + "," + hits + "," + at + "," + weight + "]";
        }
    }

    /** A bean whose constructor fails. */
    static final class Refusing {
        public int n;

        public Refusing() {
            throw new IllegalStateException("not today");
        }
    }

    static final class Cyclic {
        public String name = "c";
        public Object next;
    }

    private static final List<UnaryOperator<Binder.Builder>> BINDERS = List.of(
            b -> b,
            b -> b.omitNulls(true),
            b -> b.omitEmptyOptionals(true),
            b -> b.omitNulls(true).omitEmptyOptionals(true));

    private static final List<UnaryOperator<JsonWriter.Builder>> WRITERS = List.of(
            w -> w,
            w -> w.asciiOnly(true),
            w -> w.scriptSafe(true),
            w -> w.indent(2),
            w -> w.allowNonFinite(true),
            w -> w.sortKeys(true));

    private static List<Object> values(long seed) {
        Random r = new Random(seed);
        List<Object> values = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            values.add(BindTest.scalars(r));
            values.add(BindTest.collections(r));
            values.add(new Drawing("t" + r.nextInt(), BindTest.randomShapes(r, 3), r.nextBoolean() ? new Square(r.nextDouble()) : null));
            values.add(BindTest.randomNode(r, 3));
            values.add(new Odd(r.nextBoolean() ? null : "x/" + r.nextInt(), r.nextInt(), r.nextBoolean(), r.nextLong(),
                    r.nextFloat(), (char) ('a' + r.nextInt(26)), r.nextBoolean() ? Optional.empty() : Optional.of("m\u2028")));
            Bean bean = new Bean();
            bean.setName(r.nextBoolean() ? null : "n" + r.nextInt());
            bean.setCount(r.nextInt());
            bean.setPoints(r.nextBoolean() ? null : List.of(new Point(r.nextInt(), 1)));
            values.add(bean);
            Fields f = new Fields();
            f.label = "l\u00e9" + r.nextInt();
            f.weight = r.nextBoolean() ? Double.NaN : r.nextDouble();
            values.add(f);
            values.add(new Money("EUR", r.nextLong()));
            values.add(new Renamed(r.nextBoolean(), "s" + r.nextInt(), "secret", "id"));
            values.add(List.of(new Circle(r.nextDouble()), new Point(r.nextInt(), r.nextInt())));
        }
        return values;
    }

    /** What {@code writer} writes for {@code value}, or the failure's message. */
    private static String write(JsonWriter writer, Object value) {
        try {
            return writer.write(value);
        } catch (JsonWriteException e) {
            return "failed: " + e.getMessage();
        }
    }

    @Test
    void generatedAndInterpretedWriteTheSameBytes() {
        List<Object> values = values(2026);
        int compared = 0;
        for (UnaryOperator<Binder.Builder> b : BINDERS) {
            Binder generated = b.apply(Binder.builder().generatedCodecs(true)).build();
            Binder interpreted = b.apply(Binder.builder().generatedCodecs(false)).build();
            for (UnaryOperator<JsonWriter.Builder> w : WRITERS) {
                JsonWriter gw = w.apply(JsonWriter.builder().binder(generated)).build();
                JsonWriter iw = w.apply(JsonWriter.builder().binder(interpreted)).build();
                for (Object v : values) {
                    assertEquals(write(iw, v), write(gw, v), v.getClass().getSimpleName());
                    compared++;
                }
            }
            for (Class<?> c : List.of(Scalars.class, Collections1.class, Drawing.class, Node.class, Odd.class, Bean.class,
                    Fields.class, Money.class, Renamed.class, Circle.class)) {
                assertTrue(Codegen.writesGenerated(generated, c), c + ": " + Codegen.unavailable());
                assertTrue(!Codegen.writesGenerated(interpreted, c), c.getName());
            }
        }
        assertEquals(4 * 6 * 200, compared);
        assertNull(Codegen.unavailable());
    }

    @Test
    void userCodecsForDeclaredGenericTypes() {
        Codec<Point> swapped = new Codec<>() {
            @Override
            public Point read(ValueIn in) {
                return new Point(0, 0);
            }

            @Override
            public void write(Point value, ValueOut out) {
                out.beginArray(2);
                out.writeLong(value.y());
                out.writeLong(value.x());
                out.endArray();
            }
        };
        for (boolean gen : new boolean[] {true, false}) {
            Binder b = Binder.builder().generatedCodecs(gen).codec(Point.class, swapped).build();
            JsonWriter w = JsonWriter.builder().binder(b).build();
            assertEquals("{\"pts\":[[2,1]],\"one\":[4,3],\"single\":[6,5]}",
                    w.write(new Wrapped(List.of(new Point(1, 2)), Optional.of(new Point(3, 4)), new Point(5, 6))));
            assertEquals("{\"pts\":null,\"one\":null,\"single\":null}", w.write(new Wrapped(null, Optional.empty(), null)));
        }
    }

    @Test
    void failuresAreTheInterpreters() {
        JsonWriter gw = JsonWriter.builder().binder(Binder.builder().generatedCodecs(true).build()).build();
        JsonWriter iw = JsonWriter.builder().binder(Binder.builder().generatedCodecs(false).build()).build();
        // a getter that throws
        JsonWriteException e = assertThrows(JsonWriteException.class, () -> gw.write(List.of(new Throwing(1, "x"))));
        assertEquals(write(iw, List.of(new Throwing(1, "x"))), "failed: " + e.getMessage());
        assertTrue(e.getMessage().contains("no bad today") && e.getMessage().contains("bad"), e.getMessage());
        // a cycle, found through a generated writer
        Cyclic c = new Cyclic();
        c.next = List.of(c);
        assertEquals(write(iw, c), write(gw, c));
        assertTrue(write(gw, c).startsWith("failed: "), write(gw, c));
        // too deep: a node chain past maxDepth
        Node deep = new Node("leaf", List.of());
        for (int k = 0; k < 40; k++) {
            deep = new Node("n" + k, List.of(deep));
        }
        JsonWriter shallowG = JsonWriter.builder().maxDepth(30).binder(Binder.builder().generatedCodecs(true).build()).build();
        JsonWriter shallowI = JsonWriter.builder().maxDepth(30).binder(Binder.builder().generatedCodecs(false).build()).build();
        assertEquals(write(shallowI, deep), write(shallowG, deep));
        assertTrue(write(shallowG, deep).startsWith("failed: "));
        // non-finite doubles, refused by default
        Fields f = new Fields();
        f.weight = Double.POSITIVE_INFINITY;
        assertEquals(write(iw, f), write(gw, f));
    }

    static java.util.stream.Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    /** What {@code reader} reads from {@code json} as {@code type}: the value, or the failure's message and pointer. */
    private static Object read(JsonReader reader, String json, Class<?> type) {
        try {
            return reader.read(json, type);
        } catch (JsonException e) {
            return "failed: " + e.getMessage();
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("backends")
    void generatedAndInterpretedReadTheSameValues(Backend backend) {
        Binder generated = Binder.builder().generatedCodecs(true).build();
        Binder interpreted = Binder.builder().generatedCodecs(false).build();
        List<UnaryOperator<JsonReader.Builder>> options = List.of(r -> r,
                r -> r.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS), r -> r.duplicateKeys(DuplicateKeyPolicy.ERROR));
        Random r = new Random(7);
        List<String> mutations = List.of("", "\"i\":1,", "\"i\":\"x\",", "\"zz\":[1,{}],", "\"r\":null,", "\"id\":7,",
                "\"title\":\"dup\",", "\"n\":-3,");
        int compared = 0;
        for (UnaryOperator<JsonReader.Builder> o : options) {
            JsonReader gr = o.apply(JsonReader.builder().backend(backend).binder(generated)).build();
            JsonReader ir = o.apply(JsonReader.builder().backend(backend).binder(interpreted)).build();
            JsonWriter lenient = JsonWriter.builder().allowNonFinite(true).build();
            for (Object v : values(99)) {
                String json = lenient.write(v);
                if (!json.startsWith("{")) {
                    continue;
                }
                // the value as written, then with a member put in front (known, unknown, repeated, mistyped)
                for (String extra : List.of("", mutations.get(r.nextInt(mutations.size())))) {
                    String doc = "{" + extra + json.substring(1);
                    if (doc.endsWith(",}")) {
                        doc = doc.substring(0, doc.length() - 2) + "}";
                    }
                    assertEquals(read(ir, doc, v.getClass()), read(gr, doc, v.getClass()), doc);
                    compared++;
                }
            }
            // absent members, required ones, failing constructors and setters, nulls for primitives, unknown members refused
            for (String doc : List.of("{}", "{\"n\":0}", "{\"n\":5}", "{\"screen_name\":\"x\"}", "{\"id\":\"a\",\"secret\":\"s\"}",
                    "[]", "null", "{\"x\":1,\"y\":2,\"x\":3}", "{\"ratio\":null,\"small\":null,\"big\":3,\"tag\":\"t\",\"length\":9}",
                    "{\"big\":-1}", "{\"plain\":2.5,\"big\":1,\"big\":2}", "{\"small\":70000}", "{\"big\":null}",
                    "{\"id\":\"m\",\"hits\":3,\"at\":{\"x\":1,\"y\":2},\"weight\":null}", "{\"hits\":2000,\"id\":\"m\"}",
                    "{\"hits\":5,\"id\":\"boom\"}", "{\"weight\":2,\"hits\":1,\"hits\":2}", "{\"at\":[1]}")) {
                for (Class<?> c : List.of(BindModels.Positive.class, Renamed.class, Point.class, Scalars.class, Collections1.class,
                        Checked.class, Mixed.class, Refusing.class, Bean.class, Fields.class)) {
                    assertEquals(read(ir, doc, c), read(gr, doc, c), c.getSimpleName() + " " + doc);
                    compared++;
                }
            }
        }
        JsonReader gr = JsonReader.builder().backend(backend).binder(generated).build();
        assertEquals("Checked[0.25,3,3,t,0.0]",
                String.valueOf(read(gr, "{\"ratio\":0.25,\"small\":3,\"big\":3,\"tag\":\"t\",\"length\":9}", Checked.class)));
        assertEquals("Mixed[m,3,Point[x=1, y=2],1.5]",
                String.valueOf(read(gr, "{\"id\":\"m\",\"hits\":3,\"at\":{\"x\":1,\"y\":2}}", Mixed.class)));
        assertEquals("failed: value at /hits: setting hits of " + Mixed.class.getName()
                + " failed: java.lang.IllegalArgumentException: too many hits at line 1, column 9 (byte 8)", read(gr, "{\"hits\":2000,\"id\":\"m\"}", Mixed.class));
        assertTrue(String.valueOf(read(gr, "{\"n\":1}", Refusing.class)).contains("the constructor of"), "constructor failure");
        JsonReader strictG = JsonReader.builder().backend(backend).binder(Binder.builder().failOnUnknownMembers(true).build()).build();
        JsonReader strictI = JsonReader.builder().backend(backend)
                .binder(Binder.builder().failOnUnknownMembers(true).generatedCodecs(false).build()).build();
        assertEquals(read(strictI, "{\"x\":1,\"q\":2}", Point.class), read(strictG, "{\"x\":1,\"q\":2}", Point.class));
        assertTrue(String.valueOf(read(strictG, "{\"x\":1,\"q\":2}", Point.class)).contains("unknown member"));
        assertTrue(compared > 1000, "compared " + compared);
        for (Class<?> c : List.of(Scalars.class, Collections1.class, Drawing.class, Node.class, Odd.class, Money.class,
                Renamed.class, Point.class, Bean.class, Fields.class, Checked.class, Mixed.class, Refusing.class)) {
            assertTrue(Codegen.readsGenerated(generated, c), c + ": " + Codegen.readersUnavailable());
            assertTrue(!Codegen.readsGenerated(interpreted, c), c.getName());
        }
        assertNull(Codegen.readersUnavailable());
    }

    /** Whether {@code factory}'s binder packs {@code type} through a generated MessagePack writer (found reflectively: package-private). */
    private static boolean packsGenerated(Binder binder, Class<?> type) throws Exception {
        Object model = dev.hyson.internal.bind.BinderAccess.codecs(binder).writerFor(type);
        java.lang.reflect.Method of = Class.forName("dev.hyson.msgpack.PackWriters")
                .getDeclaredMethod("of", dev.hyson.internal.bind.WriteModel.class);
        of.setAccessible(true); // same module: the test is patched into dev.hyson
        return model instanceof dev.hyson.internal.bind.WriteModel && of.invoke(null, model) != null;
    }

    private static String pack(dev.hyson.msgpack.MessagePackFactory f, Object v) {
        try {
            return java.util.HexFormat.of().formatHex(f.pack(v));
        } catch (dev.hyson.msgpack.MessagePackException e) {
            return "failed: " + e.getMessage();
        }
    }

    @Test
    void generatedAndInterpretedPackTheSameBytes() throws Exception {
        List<Object> values = values(4242);
        values.add(new Throwing(3, "x"));
        int compared = 0;
        for (UnaryOperator<Binder.Builder> b : BINDERS) {
            Binder generated = b.apply(Binder.builder().generatedCodecs(true)).build();
            Binder interpreted = b.apply(Binder.builder().generatedCodecs(false)).build();
            for (UnaryOperator<dev.hyson.msgpack.MessagePackFactory.Builder> o : List.<UnaryOperator<dev.hyson.msgpack.MessagePackFactory.Builder>>of(
                    f -> f, f -> f.compatibility(true), f -> f.bigDecimals(dev.hyson.msgpack.MessagePackFactory.BigDecimalPolicy.STRING),
                    f -> f.maxDepth(3))) {
                dev.hyson.msgpack.MessagePackFactory g = o.apply(dev.hyson.msgpack.MessagePackFactory.builder().binder(generated)).build();
                dev.hyson.msgpack.MessagePackFactory i = o.apply(dev.hyson.msgpack.MessagePackFactory.builder().binder(interpreted)).build();
                for (Object v : values) {
                    assertEquals(pack(i, v), pack(g, v), v.getClass().getSimpleName());
                    compared++;
                }
            }
            boolean omits = generated.omitNulls() || generated.omitEmptyOptionals();
            for (Class<?> c : List.of(Scalars.class, Drawing.class, Node.class, Bean.class, Money.class, Circle.class)) {
                assertEquals(!omits, packsGenerated(generated, c), c.getName());
                assertTrue(!packsGenerated(interpreted, c), c.getName());
            }
        }
        assertTrue(compared > 3000, "compared " + compared);
    }

    /** Named as the generators' own nested classes are (ModelWriter.Link, PackWriters.PackWriter). */
    public static class Link {
        public Link next;
        public String n = "x";
    }

    record PackWriter(int a, PackWriter next) {
    }

    record GeneratedReader(String s) {
    }

    /**
     * A generated class was named after the user's type inside the generator's own class, so a type
     * named Link wrote a class that referred to ModelWriter$Link as itself: a VerifyError, and the
     * interpreter instead (found when a test class was named Link).
     */
    @Test
    void typesNamedAsTheGeneratorsOwnClasses_generated() throws Exception {
        Binder generated = Binder.builder().generatedCodecs(true).build();
        Link l = new Link();
        l.next = new Link();
        for (Class<?> c : List.of(Link.class, PackWriter.class, GeneratedReader.class)) {
            assertTrue(Codegen.writesGenerated(generated, c), c + ": " + Codegen.unavailable());
            assertTrue(packsGenerated(generated, c), c.getName());
        }
        assertTrue(Codegen.readsGenerated(generated, PackWriter.class) || Codegen.readersUnavailable() == null);
        JsonWriter w = JsonWriter.builder().binder(generated).build();
        assertEquals("{\"next\":{\"next\":null,\"n\":\"x\"},\"n\":\"x\"}", w.write(l));
        assertEquals("{\"a\":1,\"next\":{\"a\":2,\"next\":null}}", w.write(new PackWriter(1, new PackWriter(2, null))));
        JsonReader r = JsonReader.builder().binder(generated).build();
        assertEquals(new PackWriter(1, new PackWriter(2, null)), r.read("{\"a\":1,\"next\":{\"a\":2}}", PackWriter.class));
        assertEquals(new GeneratedReader("q"), r.read("{\"s\":\"q\"}", GeneratedReader.class));
        assertTrue(Codegen.readsGenerated(generated, PackWriter.class), Codegen.readersUnavailable());
        assertTrue(Codegen.readsGenerated(generated, GeneratedReader.class), Codegen.readersUnavailable());
        assertNull(Codegen.unavailable());
        assertNull(Codegen.readersUnavailable());
    }
}
