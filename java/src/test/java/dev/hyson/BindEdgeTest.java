package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.bind.Binder;
import dev.hyson.bind.Codec;
import dev.hyson.bind.Creator;
import dev.hyson.bind.Discriminator;
import dev.hyson.bind.Name;
import dev.hyson.bind.ValueIn;
import dev.hyson.bind.ValueOut;
import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Hashtable;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.Vector;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Binding's edges, each found by attacking it: the types and inputs that must fail cleanly, or work. */
class BindEdgeTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    record Sorted<T extends Comparable<T>>(T v, List<T> all) {
    }

    record Concrete(LinkedList<String> list, Vector<Integer> vector, Hashtable<String, Long> table) {
    }

    record SortedHolder(SortedSet<String> v) {
    }

    record IntKeys(Map<Integer, String> v) {
    }

    record Holder(Map<String, Integer> m, List<IntKeys> items) {
    }

    record Big(BigInteger v) {
    }

    record Floats(float v) {
    }

    record Range(int lo, int hi) {
    }

    record Ranges(List<Range> r) {
    }

    record Twice(@Name("a") int x, @Name("a") int y) {
    }

    enum Twin { @Name("x") A, @Name("x") B }

    record Rock(int w) {
    }

    @Discriminator(value = "kind", subtypes = {Rock.class})
    interface Animal {
    }

    @Discriminator("type")
    sealed interface Tree permits Leaf, Branch {
    }

    record Leaf(int v) implements Tree {
    }

    record Branch(int[] pad, Tree child) implements Tree {
    }

    /** A creator beside a public field and a setter. */
    static final class Created {
        final String id;
        public String extra;
        private String note;

        @Creator
        Created(@Name("id") String id) {
            this.id = id;
        }

        public String getId() {
            return id;
        }

        public String getNote() {
            return note;
        }

        public void setNote(String note) {
            this.note = note;
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void typesThatMustWork(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        Sorted<?> s = reader.read("{\"v\":\"a\",\"all\":[\"b\"]}", Sorted.class);
        assertEquals("a", s.v()); // T extends Comparable<T> reads as its bound, Comparable
        assertEquals("{\"v\":\"a\",\"all\":[\"b\"]}", Json.write(new Sorted<>("a", List.of("b"))));
        Concrete c = reader.read("{\"list\":[\"a\"],\"vector\":[1],\"table\":{\"k\":2}}", Concrete.class);
        assertEquals(LinkedList.class, c.list().getClass());
        assertEquals(List.of("a"), c.list());
        assertEquals(Vector.class, c.vector().getClass());
        assertEquals(Map.of("k", 2L), c.table());
        Created made = reader.read("{\"id\":\"x\",\"extra\":\"e\",\"note\":\"n\"}", Created.class);
        assertEquals("x", made.id);
        assertEquals("e", made.extra);
        assertEquals("n", made.getNote());
        Created again = reader.read(Json.write(made), Created.class);
        assertEquals("n", again.getNote());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void inputsThatMustFailCleanly(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        JsonParseException nul = assertThrows(JsonParseException.class, () -> reader.read("{\"v\":[\"a\",null]}", SortedHolder.class));
        assertEquals(JsonParseException.Kind.TYPE_MISMATCH, nul.kind());
        assertEquals("/v/1", nul.pointer());
        JsonParseException key = assertThrows(JsonParseException.class,
                () -> reader.read("{\"items\":[{\"v\":{}},{\"v\":{\"1\":\"x\",\"abc\":\"y\"}}]}", Holder.class));
        assertEquals(JsonParseException.Kind.INVALID_FORMAT, key.kind());
        assertEquals("/items/1/v/abc", key.pointer()); // a failure at a map key names the key
        for (String lenient : List.of("+1", " 1", "01", "\u0663", "0x10", "1d")) {
            JsonParseException e = assertThrows(JsonParseException.class, () -> reader.read("{\"v\":{\"" + lenient + "\":\"x\"}}",
                    IntKeys.class), lenient);
            assertEquals("/v/" + lenient, e.pointer());
        }
        assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, assertThrows(JsonParseException.class,
                () -> reader.read("{\"v\":{\"99999999999\":\"x\"}}", IntKeys.class)).kind());
        JsonParseException dup = assertThrows(JsonParseException.class, () -> TestSupport.reader(backend,
                b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)).read("{\"m\":{\"a\":1,\"a\":2}}", Holder.class));
        assertEquals(JsonParseException.Kind.DUPLICATE_KEY, dup.kind());
        assertEquals("/m/a", dup.pointer());
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (String huge : List.of("1e-10000000", "1e10000000", "-1.5e-2147483647")) {
                JsonParseException e = assertThrows(JsonParseException.class, () -> TestSupport.reader(backend,
                        b -> b.allowInfinityForOverflow(true)).read("{\"v\":" + huge + "}", Big.class), huge);
                assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, e.kind(), huge);
            }
        });
        assertEquals(new BigInteger("1000"), reader.read("{\"v\":1e3}", Big.class).v());
        assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, assertThrows(JsonParseException.class,
                () -> reader.read("{\"v\":1e39}", Floats.class)).kind());
        assertEquals(3.4e38f, reader.read("{\"v\":3.4e38}", Floats.class).v());
    }

    @Test
    void badTypesAreTheCallersError() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> Json.read("{}", Twice.class));
        assertTrue(twice.getMessage().contains("\"a\""), twice.getMessage());
        assertThrows(JsonWriteException.class, () -> Json.write(new Twice(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> Json.read("\"x\"", Twin.class));
        assertThrows(JsonWriteException.class, () -> Json.write(Twin.B));
        IllegalArgumentException rock = assertThrows(IllegalArgumentException.class,
                () -> Json.read("{\"kind\":\"Rock\",\"w\":1}", Animal.class));
        assertTrue(rock.getMessage().contains("not a subtype"), rock.getMessage());
    }

    /** A discriminator after a large member, at every level: linear, not size times depth. */
    @ParameterizedTest
    @MethodSource("backends")
    void discriminatorLastStaysLinear(Backend backend) {
        int depth = 400;
        StringBuilder pad = new StringBuilder("[");
        for (int k = 0; k < 2000; k++) {
            pad.append(k > 0 ? "," : "").append(k);
        }
        pad.append(']');
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < depth; k++) {
            b.append("{\"pad\":").append(pad).append(",\"child\":");
        }
        b.append("{\"v\":1,\"type\":\"Leaf\"}");
        for (int k = 0; k < depth; k++) {
            b.append(",\"type\":\"Branch\"}");
        }
        String json = b.toString();
        Tree t = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> TestSupport.reader(backend).read(json, Tree.class));
        int levels = 0;
        while (t instanceof Branch) {
            t = ((Branch) t).child();
            levels++;
        }
        assertEquals(depth, levels);
        assertEquals(new Leaf(1), t);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void userCodecs(Backend backend) {
        // a codec that catches the documented exception and reads another way
        Codec<Range> lenient = new Codec<>() {
            @Override
            public Range read(ValueIn in) {
                try {
                    int v = in.readInt();
                    return new Range(v, v);
                } catch (JsonParseException e) {
                    String[] parts = in.readString().split("\\.\\.");
                    return new Range(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
                }
            }

            @Override
            public void write(Range r, ValueOut out) {
                out.writeString(r.lo() + ".." + r.hi());
            }
        };
        Binder binder = Binder.builder().codec(Range.class, lenient).build();
        JsonReader reader = TestSupport.reader(backend, b -> b.binder(binder));
        assertEquals(new Ranges(List.of(new Range(3, 3), new Range(1, 5))), reader.read("{\"r\":[3,\"1..5\"]}", Ranges.class));
        // a codec registered for a generic type serves the properties of that declared type, both ways
        Codec<List<Range>> compact = new Codec<>() {
            @Override
            public List<Range> read(ValueIn in) {
                int[] v = in.read(int[].class);
                return List.of(new Range(v[0], v[1]));
            }

            @Override
            public void write(List<Range> value, ValueOut out) {
                out.beginArray(2);
                out.writeLong(value.get(0).lo());
                out.writeLong(value.get(0).hi());
                out.endArray();
            }
        };
        Binder generic = Binder.builder().codec(new TypeRef<List<Range>>() { }, compact).build();
        String json = JsonWriter.builder().binder(generic).build().write(new Ranges(List.of(new Range(2, 4))));
        assertEquals("{\"r\":[2,4]}", json);
        assertEquals(new Ranges(List.of(new Range(2, 4))), TestSupport.reader(backend, b -> b.binder(generic)).read(json, Ranges.class));
        MessagePackFactory pack = MessagePackFactory.builder().binder(generic).build();
        assertEquals(new Ranges(List.of(new Range(2, 4))), pack.unpack(pack.pack(new Ranges(List.of(new Range(2, 4)))), Ranges.class));
    }

    record Objects(List<Object> v) {
    }

    @Test
    void messagePackTreeErrorsKeepDocumentOffsets() {
        // {"v":[1, <timestamp ext with a 1-byte payload>]}
        byte[] mp = {(byte) 0x81, (byte) 0xa1, 'v', (byte) 0x92, 1, (byte) 0xd4, (byte) 0xff, 0};
        MessagePackException e = assertThrows(MessagePackException.class, () -> MessagePackFactory.defaults().unpack(mp, Objects.class));
        assertEquals(5, e.offset(), e.getMessage());
    }

    record Stamp(java.time.OffsetDateTime at) {
    }

    /** Offsets come from a table of quarter hours, others from the JDK: both as OffsetDateTime.parse gives them. */
    @ParameterizedTest
    @MethodSource("backends")
    void offsetsAsTheJdkParsesThem(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        for (String offset : List.of("Z", "+00:00", "-00:00", "+05:30", "-03:45", "+14:00", "-12:15", "+17:45", "+18:00",
                "-18:00", "+05:07", "-09:59")) {
            String text = "2024-02-29T12:34:56.5" + offset;
            Stamp s = reader.read("{\"at\":\"" + text + "\"}", Stamp.class);
            assertEquals(java.time.OffsetDateTime.parse(text), s.at(), text);
            assertEquals(java.time.OffsetDateTime.parse(text).getOffset(), s.at().getOffset(), text);
        }
        assertThrows(JsonParseException.class, () -> reader.read("{\"at\":\"2024-02-29T12:34:56+19:00\"}", Stamp.class));
    }

    /** A type that cannot be read fails before the input is read, even a malformed one. */
    @ParameterizedTest
    @MethodSource("backends")
    void unreadableTypeFailsBeforeTheInput(Backend backend) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TestSupport.reader(backend).read("{]", BindModels.Animal.class));
        assertTrue(e.getMessage().contains("abstract"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MessagePackFactory.defaults().unpack(new byte[] {(byte) 0xc1},
                BindModels.Animal.class));
        // a stream is not read, a file not opened
        java.io.InputStream untouched = new java.io.InputStream() {
            @Override
            public int read() {
                throw new AssertionError("the stream was read");
            }
        };
        assertThrows(IllegalArgumentException.class, () -> TestSupport.reader(backend).read(untouched, BindModels.Animal.class));
        assertThrows(IllegalArgumentException.class,
                () -> TestSupport.reader(backend).read(java.nio.file.Path.of("/nonexistent/x.json"), BindModels.Animal.class));
        assertThrows(IllegalArgumentException.class,
                () -> TestSupport.reader(backend).read(java.nio.ByteBuffer.allocateDirect(2).put((byte) '{'), BindModels.Animal.class));
    }

    /** A class with nothing to write: the message says whether it is a JDK class or one without properties. */
    @Test
    void nothingToWriteSaysWhy() {
        JsonWriteException jdk = assertThrows(JsonWriteException.class, () -> Json.write(List.of(new Thread())));
        assertTrue(jdk.getMessage().startsWith("cannot write a value of type java.lang.Thread: a JDK class hyson has no built-in form for;"),
                jdk.getMessage());
        assertTrue(jdk.getMessage().endsWith(" at $[0]"), jdk.getMessage());
        MessagePackException packed = assertThrows(MessagePackException.class, () -> MessagePackFactory.defaults().pack(new Thread()));
        assertTrue(packed.getMessage().contains("cannot pack a value of type java.lang.Thread: a JDK class"), packed.getMessage());
        JsonWriteException empty = assertThrows(JsonWriteException.class, () -> Json.write(new Object() { }));
        assertTrue(empty.getMessage().contains(": it has no public getters or fields; register a Codec"), empty.getMessage());
    }

    @Discriminator("type")
    sealed interface Shape permits Circle, Square {
    }

    @dev.hyson.bind.DiscriminatorValue("circle")
    record Circle(double r) implements Shape {
    }

    record Square(double side) implements Shape {
    }

    /** A repeated discriminator follows the reader's DuplicateKeyPolicy as any member does (it took the first always). */
    @ParameterizedTest
    @MethodSource("backends")
    void repeatedDiscriminator_followsTheDuplicatePolicy(Backend backend) {
        String json = "{\"type\":\"Square\",\"side\":2,\"type\":\"circle\",\"r\":1}";
        assertEquals(new Circle(1), TestSupport.reader(backend).read(json, Shape.class));
        assertEquals(new Square(2), TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS)).read(json, Shape.class));
        JsonParseException e = assertThrows(JsonParseException.class,
                () -> TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)).read(json, Shape.class));
        assertEquals(JsonParseException.Kind.DUPLICATE_KEY, e.kind());
        assertEquals("/type", e.pointer());
        assertEquals(34, e.column());
        // one discriminator: every policy reads it
        for (DuplicateKeyPolicy p : DuplicateKeyPolicy.values()) {
            assertEquals(new Square(3), TestSupport.reader(backend, b -> b.duplicateKeys(p)).read("{\"side\":3,\"type\":\"Square\"}", Shape.class));
        }
    }

    public static class Base {
        public String shared = "base";
        public int own = 1;
    }

    public static class Derived extends Base {
        public String shared = "derived";
    }

    public static class Renamed extends Base {
        @Name("s")
        public long shared = 5;
    }

    /** A subclass's field hides the superclass's field of the same name (JLS 8.3): the subclass's is bound (the hidden one was). */
    @ParameterizedTest
    @MethodSource("backends")
    void hiddenField_theSubclassFieldIsBound(Backend backend) {
        assertEquals("{\"shared\":\"derived\",\"own\":1}", Json.write(new Derived()));
        Derived d = TestSupport.reader(backend).read("{\"shared\":\"S\",\"own\":2}", Derived.class);
        assertEquals("S", d.shared);
        assertEquals("base", ((Base) d).shared);
        assertEquals(2, d.own);
        assertEquals("{\"s\":5,\"own\":1}", Json.write(new Renamed()));
        Renamed r = TestSupport.reader(backend).read("{\"s\":7}", Renamed.class);
        assertEquals(7, r.shared);
        assertEquals("base", ((Base) r).shared);
    }

    public static class TwoNames {
        private int v;

        @Name("getterName")
        public int getV() {
            return v;
        }

        @Name("setterName")
        public void setV(int v) {
            this.v = v;
        }
    }

    /** A getter and a setter that name one property differently are refused (which name won depended on getMethods' order). */
    @Test
    void conflictingNamesOnGetterAndSetter_refused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.read("{}", TwoNames.class));
        assertTrue(e.getMessage().contains("@Name(\"getterName\")") && e.getMessage().contains("@Name(\"setterName\")")
                && e.getMessage().contains("property v"), e.getMessage());
        JsonWriteException w = assertThrows(JsonWriteException.class, () -> Json.write(new TwoNames()));
        assertTrue(w.getMessage().contains("name the property v differently"), w.getMessage());
    }

    record Zeros(long l, int i, java.math.BigDecimal d, BigInteger b) {
    }

    /** A zero is zero whatever its exponent; a fraction a double rounds away is "not an integer", not "out of the long range". */
    @ParameterizedTest
    @MethodSource("backends")
    void zeroWithAHugeExponent_isZero_andFractionsAreNotIntegers(Backend backend) {
        for (boolean decimals : new boolean[] {false, true}) {
            JsonReader reader = TestSupport.reader(backend, b -> b.bigDecimals(decimals));
            Zeros z = reader.read("{\"l\":0e99999999999,\"i\":-0.0e-99999999999,\"d\":0E+99999999999,\"b\":0.000e99999999999}", Zeros.class);
            assertEquals(0, z.l());
            assertEquals(0, z.i());
            assertEquals(0, z.d().signum());
            assertEquals(BigInteger.ZERO, z.b());
            Object parsed = reader.parse("0e99999999999");
            assertEquals(decimals ? java.math.BigDecimal.valueOf(0, -Integer.MAX_VALUE) : (Object) 0.0, parsed);
            try (dev.hyson.stream.JsonParser p = reader.parser("[0e-99999999999]")) {
                p.nextToken();
                p.nextToken();
                assertEquals(0, p.getBigDecimal().signum());
            }
            assertEquals(0, reader.document("{\"x\":0e99999999999}".getBytes(java.nio.charset.StandardCharsets.UTF_8)).at("/x").asBigDecimal().signum());
            // not zero: still out of BigDecimal's range
            JsonParseException.Kind big = assertThrows(JsonParseException.class, () -> reader.read("{\"d\":1e99999999999}", Zeros.class)).kind();
            assertTrue(big == JsonParseException.Kind.VALUE_OUT_OF_RANGE || big == JsonParseException.Kind.NUMBER_OUT_OF_RANGE, big.name());
            for (String fraction : new String[] {"1e-400", "1.00000000000000000001", "1.5"}) {
                JsonParseException e = assertThrows(JsonParseException.class, () -> reader.read("{\"i\":" + fraction + "}", Zeros.class));
                assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, e.kind());
                assertTrue(e.getMessage().contains("number " + fraction + " is not an integer"), e.getMessage());
            }
        }
    }

    record Decimal(java.math.BigDecimal v) {
    }

    record Doubles(double v) {
    }

    record Ints(int v) {
    }

    /** A Money that a JsonEncoder or a user codec stands in for. */
    record Money(long cents) {
    }

    record Order(String id, Money m) {
    }

    /**
     * Non-finite numbers, overflowing numbers under bigDecimals, number keys and failing user code:
     * each a JsonParseException or JsonWriteException with the place, never a raw Java exception
     * (found by a helper's attack run on binding).
     */
    @ParameterizedTest
    @MethodSource("backends")
    void nonFiniteAndOverflow_boundAsTheDocsSay_numberKeysAsValues(Backend backend) {
        JsonReader nonFinite = TestSupport.reader(backend, b -> b.allowNonFiniteLiterals(true));
        assertTrue(Float.isNaN(nonFinite.read("{\"v\":NaN}", Floats.class).v())); // was NumberFormatException: empty String
        assertEquals(Float.NEGATIVE_INFINITY, nonFinite.read("-Infinity", float.class));
        JsonParseException e = assertThrows(JsonParseException.class, () -> nonFinite.read("{\"v\":Infinity}", Decimal.class));
        assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, e.kind());
        assertTrue(e.getMessage().startsWith("value at /v: number Infinity has no BigDecimal"), e.getMessage());
        e = assertThrows(JsonParseException.class, () -> nonFinite.read("{\"a\":NaN}", new TypeRef<Map<String, BigInteger>>() { }));
        assertTrue(e.getMessage().startsWith("value at /a: number NaN has no BigDecimal"), e.getMessage());
        e = assertThrows(JsonParseException.class, () -> nonFinite.read("{\"v\":-Infinity}", Ints.class));
        assertTrue(e.getMessage().startsWith("value at /v: number -Infinity is not an integer"), e.getMessage()); // was "number - is"
        JsonPointerException lazy = assertThrows(JsonPointerException.class, () -> nonFinite.document("[NaN]").root().get(0).asBigDecimal());
        assertTrue(lazy.getMessage().contains("NaN"), lazy.getMessage());
        // bigDecimals passes 1e400 on for BigDecimal properties; a double still refuses it unless infinities are allowed
        JsonReader decimals = TestSupport.reader(backend, b -> b.bigDecimals(true));
        assertEquals(new java.math.BigDecimal("1e400"), decimals.read("{\"v\":1e400}", Decimal.class).v());
        e = assertThrows(JsonParseException.class, () -> decimals.read("{\"v\":1e400}", Doubles.class));
        assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, e.kind());
        assertEquals(5, e.offset());
        assertThrows(JsonParseException.class, () -> decimals.read("[1,-1e400]", double[].class));
        assertEquals(Double.POSITIVE_INFINITY,
                TestSupport.reader(backend, b -> b.bigDecimals(true).allowInfinityForOverflow(true)).read("{\"v\":1e400}", Doubles.class).v());
        // number keys: read as a value of the type is
        JsonReader r = TestSupport.reader(backend);
        assertEquals(Map.of(100, 1, 1, 2, 0, 3), r.read("{\"1e2\":1,\"1.0\":2,\"-0.0\":3}", new TypeRef<Map<Integer, Integer>>() { }));
        assertEquals(Map.of(BigInteger.valueOf(100), 1), r.read("{\"1E+2\":1}", new TypeRef<Map<BigInteger, Integer>>() { }));
        e = assertThrows(JsonParseException.class, () -> r.read("{\"1.5\":1}", new TypeRef<Map<Long, Integer>>() { }));
        assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, e.kind());
        assertTrue(e.getMessage().startsWith("value at /1.5: number key 1.5 is not an integer"), e.getMessage());
        e = assertThrows(JsonParseException.class, () -> r.read("{\"1e39\":1}", new TypeRef<Map<Float, Integer>>() { }));
        assertTrue(e.getMessage().startsWith("value at /1e39: number key 1e39 out of the float range"), e.getMessage());
        e = assertThrows(JsonParseException.class, () -> r.read("{\"1e400\":1}", new TypeRef<Map<Double, Integer>>() { }));
        assertEquals(JsonParseException.Kind.VALUE_OUT_OF_RANGE, e.kind());
        assertThrows(JsonParseException.class, () -> r.read("{\"1e999999999\":1}", new TypeRef<Map<Long, Integer>>() { }));
        // a throwing JsonEncoder: a JsonWriteException with the path, as a throwing codec gives
        JsonWriter w = JsonWriter.builder().encoder(Money.class, m -> {
            throw new IllegalStateException("boom");
        }).build();
        JsonWriteException we = assertThrows(JsonWriteException.class, () -> w.write(new Order("a", new Money(1))));
        assertTrue(we.getMessage().endsWith("IllegalStateException: boom at $.m"), we.getMessage());
        // a codec reading no value: a JsonParseException at the value, as its other failures are
        Codec<Money> none = new Codec<>() {
            @Override
            public Money read(ValueIn in) {
                return new Money(1);
            }

            @Override
            public void write(Money m, ValueOut out) {
                out.writeLong(m.cents());
            }
        };
        JsonReader withCodec = TestSupport.reader(backend, b -> b.binder(Binder.builder().codec(Money.class, none).build()));
        e = assertThrows(JsonParseException.class, () -> withCodec.read("{\"id\":\"a\",\"m\":7}", Order.class));
        assertTrue(e.getMessage().contains("must read exactly one value"), e.getMessage());
        assertEquals(14, e.offset()); // the 7
    }

    record IntKeyed(Map<Integer, Integer> m) {
    }

    record Zoned(java.time.ZoneId z) {
    }

    /**
     * A message quotes at most a bounded part of the input: a 1 MB member name in the pointer, in an
     * unknown member, a 1 MB ZoneId text in the JDK's reason (messages were megabytes long; found by a
     * helper replaying jackson-core#1043). {@code pointer()} keeps the whole pointer.
     */
    @ParameterizedTest
    @MethodSource("backends")
    void hugeNamesAndTexts_messagesStayShort(Backend backend) {
        String big = "x".repeat(1_000_000);
        JsonParseException key = assertThrows(JsonParseException.class,
                () -> TestSupport.reader(backend).read("{\"m\":{\"" + big + "\":1}}", IntKeyed.class));
        assertTrue(key.getMessage().length() < 1000, "" + key.getMessage().length());
        assertEquals("/m/" + big, key.pointer());
        assertTrue(key.getMessage().startsWith("value at /m/xxx"), key.getMessage().substring(0, 40));
        JsonParseException zone = assertThrows(JsonParseException.class,
                () -> TestSupport.reader(backend).read("{\"z\":\"" + big + "\"}", Zoned.class));
        assertTrue(zone.getMessage().length() < 1000, "" + zone.getMessage().length());
        JsonReader strict = TestSupport.reader(backend, b -> b.binder(Binder.builder().failOnUnknownMembers(true).build()));
        JsonParseException unknown = assertThrows(JsonParseException.class, () -> strict.read("{\"" + big + "\":1}", Zoned.class));
        assertEquals(JsonParseException.Kind.UNKNOWN_MEMBER, unknown.kind());
        assertTrue(unknown.getMessage().length() < 1000, "" + unknown.getMessage().length());
    }
}
