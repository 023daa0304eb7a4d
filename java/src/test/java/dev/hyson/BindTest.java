package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.BindModels.Arrays1;
import dev.hyson.BindModels.Bean;
import dev.hyson.BindModels.Box;
import dev.hyson.BindModels.CamelCase;
import dev.hyson.BindModels.Circle;
import dev.hyson.BindModels.Collections1;
import dev.hyson.BindModels.Drawing;
import dev.hyson.BindModels.Fields;
import dev.hyson.BindModels.Level;
import dev.hyson.BindModels.Money;
import dev.hyson.BindModels.Node;
import dev.hyson.BindModels.Point;
import dev.hyson.BindModels.Polygon;
import dev.hyson.BindModels.Positive;
import dev.hyson.BindModels.Renamed;
import dev.hyson.BindModels.Scalars;
import dev.hyson.BindModels.Shape;
import dev.hyson.BindModels.Square;
import dev.hyson.BindModels.Times;
import dev.hyson.bind.Binder;
import dev.hyson.bind.Codec;
import dev.hyson.bind.Naming;
import dev.hyson.bind.ValueIn;
import dev.hyson.bind.ValueOut;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.bind.TapeCodec;
import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Data binding: every supported type read and written on every backend and through MessagePack,
 * the annotations and options, every error kind with its JSON Pointer, codec building under
 * contention, and binding to {@code Object} against {@code parse}.
 */
class BindTest {
    /** MessagePack with BigDecimal as str (the default refuses to pack a BigDecimal: it has no lossless form). */
    static final MessagePackFactory PACK = MessagePackFactory.builder()
            .bigDecimals(MessagePackFactory.BigDecimalPolicy.STRING).build();

    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    /** Writes {@code value} as JSON, reads it back on {@code backend}, and does the same through MessagePack. */
    static <T> T roundTrip(Backend backend, T value, Class<T> type) {
        String json = Json.write(value);
        T back = TestSupport.reader(backend).read(json, type);
        assertEquals(value, back, json);
        assertEquals(json, Json.write(back));
        T unpacked = PACK.unpack(PACK.pack(value), type);
        assertEquals(value, unpacked, "through MessagePack");
        return back;
    }

    static Scalars scalars(Random r) {
        return new Scalars(r.nextInt(), r.nextLong(), (short) r.nextInt(), (byte) r.nextInt(), r.nextDouble() * 1e6,
                r.nextFloat(), r.nextBoolean(), (char) ('a' + r.nextInt(26)), r.nextInt(), r.nextLong(), -r.nextDouble(),
                r.nextBoolean(), "s" + r.nextInt() + "\u00e9\u4e2d\ud83d\ude00\"\\\n", "cs" + r.nextInt(),
                BigInteger.valueOf(r.nextLong()).abs().add(BigInteger.valueOf(Long.MAX_VALUE)), new BigDecimal(BigInteger.valueOf(r.nextLong()), r.nextInt(20)),
                (long) r.nextInt(), new UUID(r.nextLong(), r.nextLong()), Level.values()[r.nextInt(3)]);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void scalarsRoundTrip(Backend backend) {
        Random r = new Random(12);
        for (int k = 0; k < 50; k++) {
            roundTrip(backend, scalars(r), Scalars.class);
        }
        Scalars extremes = new Scalars(Integer.MIN_VALUE, Long.MAX_VALUE, Short.MIN_VALUE, Byte.MAX_VALUE, Double.MIN_VALUE,
                Float.MAX_VALUE, false, '\u00e9', null, null, null, null, null, null, null, null, null, null, null);
        roundTrip(backend, extremes, Scalars.class);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void scalarValuesExactly(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        Scalars s = reader.read("{\"i\":-7,\"l\":9007199254740993,\"s\":-300,\"b\":-128,\"d\":0.1,\"f\":0.1,\"z\":true,"
                + "\"c\":\"x\",\"bi\":1e2,\"dec\":1.10,\"big\":123456789012345678901234567890,\"num\":2.5,\"level\":\"mid\"}",
                Scalars.class);
        assertEquals(-7, s.i());
        assertEquals(9007199254740993L, s.l());
        assertEquals(-300, s.s());
        assertEquals(-128, s.b());
        assertEquals(0.1, s.d());
        assertEquals(0.1f, s.f()); // the text rounded once to float, not through double
        assertTrue(s.z());
        assertEquals('x', s.c());
        assertEquals(100, s.bi()); // 1e2 has no fraction
        assertEquals(new BigDecimal("1.10"), s.dec()); // scale kept
        assertEquals(new BigInteger("123456789012345678901234567890"), s.big());
        assertEquals(2.5, s.num());
        assertEquals(Level.MEDIUM, s.level());
        assertNull(s.str());
        assertEquals(0L, reader.read("{}", Scalars.class).l()); // absent primitive: 0
    }

    @ParameterizedTest
    @MethodSource("backends")
    void timesRoundTrip(Backend backend) {
        Times t = new Times(Instant.parse("2024-02-29T12:34:56.123456789Z"), LocalDate.of(1815, 12, 10),
                LocalTime.of(23, 59, 1), LocalDateTime.of(2020, 1, 2, 3, 4, 5), OffsetDateTime.of(2020, 1, 2, 3, 4, 5, 0,
                        ZoneOffset.ofHours(-5)), ZonedDateTime.of(2021, 6, 1, 8, 0, 0, 0, ZoneId.of("Europe/Paris")),
                Duration.ofSeconds(90061, 5), Period.of(1, 2, 3));
        Times back = roundTrip(backend, t, Times.class);
        assertEquals("\"2024-02-29T12:34:56.123456789Z\"", Json.write(back.instant()));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void arraysRoundTrip(Backend backend) {
        Arrays1 a = new Arrays1(new int[] {1, -2}, new long[] {Long.MIN_VALUE}, new double[] {0.5, -1e300},
                new boolean[] {true, false}, new float[] {1.5f}, new short[] {-1}, new byte[] {0, -1, 127},
                "chars".toCharArray(), new String[] {"a", null}, new Point[][] {{new Point(1, 2)}, {}});
        roundTrip(backend, a, Arrays1.class);
        String json = Json.write(a);
        assertTrue(json.contains("\"bytes\":\"AP9/\""), json); // base64 in JSON
        assertTrue(json.contains("\"chars\":\"chars\""), json);
        // char[] is a string in both formats
        assertEquals("\"hi\"", MessagePackFactory.defaults().toJson(PACK.pack("hi".toCharArray())));
        // a byte[] also reads from an array of numbers
        assertArrayEquals(new byte[] {1, -1}, TestSupport.reader(backend).read("[1,255]", byte[].class));
    }

    static Collections1 collections(Random r) {
        List<Point> points = new ArrayList<>();
        for (int k = r.nextInt(5); k > 0; k--) {
            points.add(new Point(r.nextInt(), r.nextInt(100)));
        }
        Map<String, List<Point>> byName = new LinkedHashMap<>();
        byName.put("p" + r.nextInt(9), points);
        byName.put("empty", List.of());
        Map<Integer, String> byInt = new LinkedHashMap<>();
        byInt.put(r.nextInt(), "x");
        byInt.put(-1, null);
        Map<Level, Long> byLevel = new LinkedHashMap<>();
        byLevel.put(Level.MEDIUM, r.nextLong());
        Map<UUID, Boolean> byUuid = new LinkedHashMap<>();
        byUuid.put(new UUID(r.nextLong(), r.nextLong()), true);
        TreeMap<Long, Double> sorted = new TreeMap<>();
        sorted.put(r.nextLong(), r.nextDouble());
        sorted.put(3L, -0.0);
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("n", (long) r.nextInt());
        tree.put("list", new ArrayList<>(List.of("a", true, 1.5)));
        return new Collections1(points, new LinkedHashSet<>(List.of("b", "a", "t" + r.nextInt(3))), byName, byInt, byLevel,
                byUuid, sorted, List.of(List.of(1, 2), List.of()), r.nextBoolean() ? Optional.of(new Point(1, 1))
                        : Optional.empty(), Optional.empty(), OptionalInt.of(r.nextInt()), OptionalLong.empty(),
                OptionalDouble.of(2.5), tree);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void collectionsRoundTrip(Backend backend) {
        Random r = new Random(3);
        for (int k = 0; k < 30; k++) {
            Collections1 c = roundTrip(backend, collections(r), Collections1.class);
            assertEquals(LinkedHashSet.class, c.tags().getClass());
            assertEquals(TreeMap.class, c.sorted().getClass());
        }
        Collections1 absent = TestSupport.reader(backend).read("{\"maybe\":null}", Collections1.class);
        assertEquals(Optional.empty(), absent.maybe()); // null reads as empty
        assertEquals(Optional.empty(), absent.none()); // absent reads as empty
        assertEquals(OptionalInt.empty(), absent.oi());
        assertNull(absent.points());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void genericsRecursionAndDiscriminators(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        Box<Point> box = new Box<>(new Point(1, 2), List.of(new Point(3, 4)));
        TypeRef<Box<Point>> ref = new TypeRef<>() { };
        assertEquals(box, reader.read(Json.write(box), ref));
        assertEquals(box, PACK.unpack(PACK.pack(box), ref));
        TypeRef<Map<String, List<Box<Integer>>>> nested = new TypeRef<>() { };
        Map<String, List<Box<Integer>>> m = reader.read("{\"a\":[{\"value\":1,\"values\":[2,3]}]}", nested);
        assertEquals(Map.of("a", List.of(new Box<>(1, List.of(2, 3)))), m);

        Node tree = new Node("root", List.of(new Node("a", List.of()), new Node("b", List.of(new Node("c", List.of())))));
        roundTrip(backend, tree, Node.class);

        Drawing d = new Drawing("d", List.of(new Circle(1.5), new Square(2), new Polygon(List.of(new Point(0, 0)))),
                new Circle(3));
        roundTrip(backend, d, Drawing.class);
        assertEquals("{\"kind\":\"circle\",\"r\":1.5}", Json.write(new Circle(1.5)));
        // the discriminator is found anywhere among the members
        assertEquals(new Square(4), reader.read("{\"side\":4,\"kind\":\"Square\"}", Shape.class));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void annotationsAndNaming(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        Renamed r = new Renamed(true, "ada", "hidden", "7");
        String json = Json.write(r);
        assertEquals("{\"protected\":true,\"screen_name\":\"ada\",\"id\":\"7\"}", json);
        assertEquals(new Renamed(true, "ada", null, "7"), reader.read(json, Renamed.class));
        assertEquals(new Renamed(false, null, null, "1"), reader.read("{\"secret\":\"x\",\"id\":\"1\"}", Renamed.class));

        Binder snake = Binder.builder().naming(Naming.SNAKE_CASE).build();
        CamelCase c = new CamelCase("ada", 3, "u1");
        String s = JsonWriter.builder().binder(snake).build().write(c);
        assertEquals("{\"screen_name\":\"ada\",\"followers_count\":3,\"user_id\":\"u1\"}", s);
        assertEquals(c, TestSupport.reader(backend, b -> b.binder(snake)).read(s, CamelCase.class));
        Binder kebab = Binder.builder().naming(Naming.KEBAB_CASE).build();
        assertEquals("{\"screen-name\":\"ada\",\"followers-count\":3,\"user-id\":\"u1\"}",
                JsonWriter.builder().binder(kebab).build().write(c));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void classes(Backend backend) {
        Bean bean = new Bean();
        bean.setName("n");
        bean.setCount(4);
        bean.setActive(true);
        bean.setPoints(List.of(new Point(1, 1)));
        assertEquals("{\"name\":\"n\",\"count\":4,\"points\":[{\"x\":1,\"y\":1}],\"active\":true}", Json.write(bean));
        roundTrip(backend, bean, Bean.class);
        Fields f = new Fields();
        f.label = "l";
        f.weight = 2.5;
        f.skipped = 9;
        assertEquals("{\"label\":\"l\",\"weight\":2.5}", Json.write(f));
        roundTrip(backend, f, Fields.class);
        roundTrip(backend, new Money("EUR", 1999), Money.class);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void options(Backend backend) {
        Binder omit = Binder.builder().omitEmptyOptionals(true).omitNulls(true).build();
        Collections1 c = new Collections1(null, Set.of(), Map.of(), Map.of(), Map.of(), Map.of(), new TreeMap<>(), List.of(),
                Optional.empty(), Optional.empty(), OptionalInt.empty(), OptionalLong.empty(), OptionalDouble.empty(), null);
        String json = JsonWriter.builder().binder(omit).build().write(c);
        assertEquals("{\"tags\":[],\"byName\":{},\"byInt\":{},\"byLevel\":{},\"byUuid\":{},\"sorted\":{},\"nested\":[]}", json);
        Collections1 back = TestSupport.reader(backend).read(json, Collections1.class);
        assertEquals(Optional.empty(), back.maybe());
        assertEquals(OptionalDouble.empty(), back.od());
        assertTrue(Json.write(c).contains("\"maybe\":null"));
        MessagePackFactory omitPack = MessagePackFactory.builder().binder(omit).build();
        assertEquals(json.replace("[]", "[]"), omitPack.toJson(omitPack.pack(c)));
        // unknown members are skipped, whatever they hold
        assertEquals(new Point(1, 2), TestSupport.reader(backend).read(
                "{\"x\":1,\"extra\":{\"deep\":[1,{\"a\":[]}]},\"y\":2,\"more\":null}", Point.class));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void userCodecs(Backend backend) {
        Codec<BindModels.Coord> point = new Codec<>() {
            @Override
            public BindModels.Coord read(ValueIn in) {
                int[] xy = in.read(int[].class);
                if (xy.length != 2) {
                    throw in.failure("expected [x, y]");
                }
                return new BindModels.Coord(xy[0], xy[1]);
            }

            @Override
            public void write(BindModels.Coord p, ValueOut out) {
                out.beginArray(2);
                out.writeLong(p.x);
                out.writeLong(p.y);
                out.endArray();
            }
        };
        Binder binder = Binder.builder().codec(BindModels.Coord.class, point).build();
        JsonReader reader = TestSupport.reader(backend, b -> b.binder(binder));
        JsonWriter writer = JsonWriter.builder().binder(binder).build();
        List<BindModels.Coord> points = List.of(new BindModels.Coord(1, 2), new BindModels.Coord(-3, 4));
        String json = writer.write(Map.of("p", points));
        assertEquals("{\"p\":[[1,2],[-3,4]]}", json);
        TypeRef<Map<String, List<BindModels.Coord>>> ref = new TypeRef<>() { };
        assertEquals(Map.of("p", points), reader.read(json, ref));
        MessagePackFactory pack = MessagePackFactory.builder().binder(binder).build();
        assertEquals(Map.of("p", points), pack.unpack(pack.pack(Map.of("p", points)), ref));
        JsonParseException e = assertThrows(JsonParseException.class, () -> reader.read("{\"p\":[[1,2],[3]]}", ref));
        assertEquals(JsonParseException.Kind.INVALID_FORMAT, e.kind());
        assertEquals("/p/1", e.pointer());
        JsonParseException wrongType = assertThrows(JsonParseException.class, () -> reader.read("{\"p\":[[1,\"2\"]]}", ref));
        assertEquals("/p/0/1", wrongType.pointer());
        assertEquals(JsonParseException.Kind.TYPE_MISMATCH, wrongType.kind());
    }

    /** Every error kind, with its pointer, location and message. */
    @ParameterizedTest
    @MethodSource("backends")
    void errors(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        expect(reader, "{\"points\":[{\"x\":1,\"y\":2},{\"x\":\"3\"}]}", Collections1.class,
                JsonParseException.Kind.TYPE_MISMATCH, "/points/1/x", 1, 31);
        expect(reader, "{\n \"b\": 300}", Scalars.class, JsonParseException.Kind.VALUE_OUT_OF_RANGE, "/b", 2, 7);
        expect(reader, "{\"i\": 2147483648}", Scalars.class, JsonParseException.Kind.VALUE_OUT_OF_RANGE, "/i", 1, 7);
        expect(reader, "{\"l\": 1.5}", Scalars.class, JsonParseException.Kind.VALUE_OUT_OF_RANGE, "/l", 1, 7);
        expect(reader, "{\"i\": null}", Scalars.class, JsonParseException.Kind.TYPE_MISMATCH, "/i", 1, 7);
        expect(reader, "{\"level\":\"max\"}", Scalars.class, JsonParseException.Kind.UNKNOWN_ENUM_CONSTANT, "/level", 1, 10);
        expect(reader, "[{\"id\":\"1\"},{\"screen_name\":\"x\"}]", Renamed[].class, JsonParseException.Kind.MISSING_MEMBER,
                "/1", 1, 13);
        expect(reader, "{\"times\":1}", Times.class, null, null, 0, 0); // unknown: skipped by default
        expect(TestSupport.reader(backend, b -> b.binder(Binder.builder().failOnUnknownMembers(true).build())),
                "{\"x\":1,\"a/b~\":2}", Point.class, JsonParseException.Kind.UNKNOWN_MEMBER, "/a~1b~0", 1, 15);
        expect(reader, "{\"date\":\"2020-02-30\"}", Times.class, JsonParseException.Kind.INVALID_FORMAT, "/date", 1, 9);
        expect(reader, "{\"uuid\":\"not-a-uuid\"}", Scalars.class, JsonParseException.Kind.INVALID_FORMAT, "/uuid", 1, 9);
        expect(reader, "{\"bytes\":\"!!\"}", Arrays1.class, JsonParseException.Kind.INVALID_FORMAT, "/bytes", 1, 10);
        expect(reader, "{\"shapes\":[{\"r\":1}]}", Drawing.class, JsonParseException.Kind.MISSING_DISCRIMINATOR, "/shapes/0", 1, 12);
        expect(reader, "{\"main\":{\"kind\":\"star\"}}", Drawing.class, JsonParseException.Kind.UNKNOWN_DISCRIMINATOR,
                "/main/kind", 1, 17);
        expect(reader, "{\"n\":0}", Positive.class, JsonParseException.Kind.INVALID_FORMAT, "", 1, 1);
        expect(reader, "{\"x\":[]}", Point.class, JsonParseException.Kind.TYPE_MISMATCH, "/x", 1, 6);
        expect(reader, "[1,2]", Point.class, JsonParseException.Kind.TYPE_MISMATCH, "", 1, 1);
        expect(TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.ERROR)), "{\"x\":1,\"x\":2}", Point.class,
                JsonParseException.Kind.DUPLICATE_KEY, "/x", 1, 12);
        assertEquals(new Point(1, 0), TestSupport.reader(backend, b -> b.duplicateKeys(DuplicateKeyPolicy.FIRST_WINS))
                .read("{\"x\":1,\"x\":2}", Point.class));
        assertEquals(new Point(2, 0), reader.read("{\"x\":1,\"x\":2}", Point.class));
        // invalid JSON is still the scan's error, before any binding
        JsonParseException syntax = assertThrows(JsonParseException.class, () -> reader.read("{\"x\":}", Point.class));
        assertEquals(JsonParseException.Kind.SYNTAX, syntax.kind());
        assertNull(syntax.pointer());
        // a type that cannot be bound is the caller's error, named before the input is read
        IllegalArgumentException abs = assertThrows(IllegalArgumentException.class,
                () -> reader.read("{}", BindModels.Animal.class));
        assertTrue(abs.getMessage().contains("abstract"), abs.getMessage());
        assertThrows(IllegalArgumentException.class, () -> reader.read("{}", Thread.class));
        // a primitive root
        assertEquals(5, (int) reader.read("5", int.class));
        expect(reader, "null", int.class, JsonParseException.Kind.TYPE_MISMATCH, "", 1, 1);
        assertNull(reader.read("null", Point.class));
    }

    private static void expect(JsonReader reader, String json, Class<?> type, JsonParseException.Kind kind, String pointer,
            long line, long column) {
        if (kind == null) {
            reader.read(json, type);
            return;
        }
        JsonParseException e = assertThrows(JsonParseException.class, () -> reader.read(json, type), json);
        assertEquals(kind, e.kind(), e.getMessage());
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().startsWith("value at " + (pointer.isEmpty() ? "the root" : pointer) + ": "), e.getMessage());
    }

    @Test
    void messagePackErrors() {
        byte[] mp = PACK.pack(Map.of("points", List.of(Map.of("x", "3"))));
        MessagePackException e = assertThrows(MessagePackException.class, () -> PACK.unpack(mp, Collections1.class));
        assertEquals(MessagePackException.Kind.TYPE_MISMATCH, e.kind());
        assertEquals("/points/0/x", e.pointer());
        assertEquals(mp.length - 2, e.offset()); // the fixstr header of "3"
        MessagePackException range = assertThrows(MessagePackException.class,
                () -> PACK.unpack(PACK.pack(Map.of("b", 300)), Scalars.class));
        assertEquals(MessagePackException.Kind.INTEGER_OVERFLOW, range.kind());
        assertEquals("/b", range.pointer());
        MessagePackException trailing = assertThrows(MessagePackException.class,
                () -> PACK.unpack(new byte[] {(byte) 0x80, 0x00}, Point.class));
        assertEquals(MessagePackException.Kind.TRAILING_DATA, trailing.kind());
        MessagePackException truncated = assertThrows(MessagePackException.class,
                () -> PACK.unpack(new byte[] {(byte) 0xdc, 0, 5, 1}, int[].class));
        assertEquals(MessagePackException.Kind.TRUNCATED, truncated.kind());
        // map keys of any type: int keys bind to an int-keyed map
        Map<Integer, String> byInt = PACK.unpack(PACK.pack(Map.of(7, "seven")), new TypeRef<Map<Integer, String>>() { });
        assertEquals(Map.of(7, "seven"), byInt);
        // a non-string key matches no property
        assertEquals(new Point(0, 2), PACK.unpack(PACK.pack(Map.of(1, 1, "y", 2)), Point.class));
    }

    /** Seeded random nested models, written and read back through both formats and every backend. */
    @ParameterizedTest
    @MethodSource("backends")
    void randomModels(Backend backend) {
        Random r = new Random(2026);
        for (int k = 0; k < 200; k++) {
            Drawing d = new Drawing("t" + r.nextInt(), randomShapes(r, 3), r.nextBoolean() ? new Square(r.nextDouble()) : null);
            roundTrip(backend, d, Drawing.class);
            roundTrip(backend, randomNode(r, 4), Node.class);
            roundTrip(backend, collections(r), Collections1.class);
            roundTrip(backend, scalars(r), Scalars.class);
        }
    }

    static List<Shape> randomShapes(Random r, int n) {
        List<Shape> list = new ArrayList<>();
        for (int k = r.nextInt(n + 1); k > 0; k--) {
            switch (r.nextInt(3)) {
                case 0:
                    list.add(new Circle(r.nextGaussian()));
                    break;
                case 1:
                    list.add(new Square(r.nextInt(1000) / 8.0));
                    break;
                default:
                    list.add(new Polygon(List.of(new Point(r.nextInt(), r.nextInt()))));
            }
        }
        return list;
    }

    static Node randomNode(Random r, int depth) {
        List<Node> children = new ArrayList<>();
        if (depth > 0) {
            for (int k = r.nextInt(3); k > 0; k--) {
                children.add(randomNode(r, depth - 1));
            }
        }
        return new Node("n" + r.nextInt(100), children);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void everyInput(Backend backend, @TempDir Path dir) throws Exception {
        JsonReader reader = TestSupport.reader(backend);
        Point p = new Point(5, -6);
        byte[] json = Json.writeBytes(p);
        byte[] padded = new byte[json.length + 4];
        System.arraycopy(json, 0, padded, 2, json.length);
        assertEquals(p, reader.read(padded, 2, json.length, Point.class));
        assertEquals(p, reader.read(new ByteArrayInputStream(json), Point.class));
        Path file = dir.resolve("p.json");
        Files.write(file, json);
        assertEquals(p, reader.read(file, Point.class));
        assertEquals(List.of(p), reader.read(file, new TypeRef<Point>() { }) == null ? null : List.of(p));
        ByteBuffer direct = ByteBuffer.allocateDirect(json.length);
        direct.put(json).flip();
        assertEquals(p, reader.read(direct, Point.class));
        assertEquals(p, reader.read(ByteBuffer.wrap(padded, 2, json.length), new TypeRef<Point>() { }));
        assertEquals(p, reader.read(new String(json, StandardCharsets.UTF_8), Point.class));
        byte[] bad = "  {\"i\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        JsonParseException e = assertThrows(JsonParseException.class, () -> reader.read(bad, 2, bad.length - 2, Scalars.class));
        assertEquals("/i", e.pointer());
        assertEquals(5, e.offset()); // relative to the slice
        JsonParseException fromStream = assertThrows(JsonParseException.class,
                () -> reader.read(new ByteArrayInputStream(bad), Scalars.class));
        assertEquals(7, fromStream.offset());
    }

    /** Binding to Object gives exactly what parse gives, on every corpus document. */
    @ParameterizedTest
    @MethodSource("backends")
    void objectEqualsParse(Backend backend) throws Exception {
        JsonReader reader = TestSupport.reader(backend);
        try (Stream<Path> files = Files.list(TestSupport.shared().resolve("corpus"))) {
            for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".json")).sorted()::iterator) {
                byte[] b = Files.readAllBytes(f);
                Object tree = reader.parse(b);
                assertEquals(tree, reader.read(b, Object.class), f.toString());
                assertEquals(Json.write(tree), Json.write(reader.read(b, new TypeRef<Object>() { })), f.toString());
            }
        }
    }

    /** A codec is built once, whatever the contention, and then shared. */
    @Test
    void codecBuiltOnceUnderContention() throws Exception {
        for (int round = 0; round < 20; round++) {
            Binder binder = Binder.builder().build();
            Codecs codecs = Codecs.of(binder);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<TapeCodec<?>>> got = new ArrayList<>();
            JsonReader reader = JsonReader.builder().binder(binder).build();
            String json = Json.write(new Drawing("x", List.of(new Circle(1)), new Square(2)));
            for (int t = 0; t < 8; t++) {
                got.add(pool.submit(() -> {
                    go.await();
                    Drawing d = reader.read(json, Drawing.class);
                    assertEquals(new Circle(1), d.shapes().get(0));
                    return codecs.forType(Drawing.class);
                }));
            }
            go.countDown();
            Set<TapeCodec<?>> distinct = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (Future<TapeCodec<?>> f : got) {
                distinct.add(f.get());
            }
            pool.shutdown();
            assertEquals(1, distinct.size());
            assertSame(codecs.forType(Drawing.class), codecs.forType(Drawing.class));
        }
    }

    @Test
    void typeRefs() {
        TypeRef<List<String>> a = new TypeRef<>() { };
        TypeRef<List<String>> b = new TypeRef<>() { };
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals("TypeRef<java.util.List<java.lang.String>>", a.toString());
        assertThrows(IllegalArgumentException.class, () -> new TypeRef() { });
        assertEquals(List.of("x"), Json.read("[\"x\"]", TypeRef.<List<String>>of(a.type())));
        assertFalse(new HashSet<>(List.of(a)).add(b));
    }

    /** The byte-level ISO-8601, UUID and decimal fast paths give exactly what the JDK's parsers give, or fail where they fail. */
    @ParameterizedTest
    @MethodSource("backends")
    void fastTextPathsAgreeWithTheJdk(Backend backend) {
        JsonReader reader = TestSupport.reader(backend);
        Random r = new Random(5);
        List<String> times = new ArrayList<>(List.of("2024-02-29T12:34:56Z", "2023-02-29T00:00:00Z", "2024-12-31T23:59:60Z",
                "2024-01-01T24:00:00Z", "2024-01-01T24:00Z", "2024-01-01T10:15Z", "2024-01-01T10:15:30.1Z",
                "2024-01-01T10:15:30.123456789Z", "2024-01-01T10:15:30.1234567891Z", "2024-01-01T10:15:30.Z",
                "2024-01-01t10:15:30Z", "+12024-01-01T10:15:30Z", "2024-01-01T10:15:30+01:00", "2024-01-01T10:15:30-00:30",
                "2024-01-01T10:15:30+18:00", "2024-01-01T10:15:30+18:01", "2024-01-01T10:15:30+01:00:30",
                "2024-1-01T10:15:30Z", "2024-01-01", "2024-13-01", "0000-01-01", "9999-12-31", "10:15", "25:00",
                "10:15:30.5", "2024-01-01T10:15:30", "2024-01-01T10:15", "x", "", "2024-01-01T10:15:3Z"));
        for (int k = 0; k < 300; k++) {
            times.add(String.format("%04d-%02d-%02dT%02d:%02d:%02d.%0" + (1 + r.nextInt(9)) + "d%s", r.nextInt(10000),
                    1 + r.nextInt(13), 1 + r.nextInt(31), r.nextInt(25), r.nextInt(60), r.nextInt(61), r.nextInt(1000),
                    r.nextBoolean() ? "Z" : String.format("%s%02d:%02d", r.nextBoolean() ? "+" : "-", r.nextInt(19), r.nextInt(60))));
        }
        for (String t : times) {
            String json = Json.write(t);
            agree(() -> Instant.parse(t), () -> reader.read(json, Instant.class), t);
            agree(() -> OffsetDateTime.parse(t), () -> reader.read(json, OffsetDateTime.class), t);
            agree(() -> LocalDateTime.parse(t), () -> reader.read(json, LocalDateTime.class), t);
            agree(() -> LocalDate.parse(t), () -> reader.read(json, LocalDate.class), t);
            agree(() -> LocalTime.parse(t), () -> reader.read(json, LocalTime.class), t);
            String date = t.length() >= 10 ? t.substring(0, 10) : t;
            agree(() -> LocalDate.parse(date), () -> reader.read(Json.write(date), LocalDate.class), date);
            String time = t.length() > 11 ? t.substring(11) : t;
            if (time.endsWith("Z")) {
                time = time.substring(0, time.length() - 1);
            } else if (time.length() > 6 && (time.charAt(time.length() - 6) == '+' || time.charAt(time.length() - 6) == '-')) {
                time = time.substring(0, time.length() - 6);
            }
            String localTime = time;
            agree(() -> LocalTime.parse(localTime), () -> reader.read(Json.write(localTime), LocalTime.class), localTime);
        }
        for (String u : List.of("123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000",
                "123e4567e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400g", "00000000-0000-0000-0000-000000000000")) {
            agree(() -> UUID.fromString(u).toString().length() == 36 && u.length() == 36 && u.charAt(8) == '-'
                    && u.charAt(13) == '-' ? UUID.fromString(u) : null, () -> reader.read(Json.write(u), UUID.class), u);
        }
        for (int k = 0; k < 2000; k++) {
            String d = (r.nextBoolean() ? "-" : "") + (r.nextInt(3) == 0 ? "0" : Long.toString(1 + (r.nextLong() >>> (1 + r.nextInt(63)))))
                    + (r.nextBoolean() ? "." + Long.toString(r.nextLong() >>> (1 + r.nextInt(63))) : "")
                    + (r.nextInt(5) == 0 ? "e" + (r.nextInt(40) - 20) : "");
            assertEquals(new BigDecimal(d), reader.read(d, BigDecimal.class), d);
            assertEquals(new BigDecimal(d), reader.read("{\"dec\":" + d + "}", Scalars.class).dec(), d);
        }
    }

    private static void agree(java.util.concurrent.Callable<Object> jdk, java.util.concurrent.Callable<Object> hyson, String text) {
        Object expected;
        try {
            expected = jdk.call();
        } catch (Exception e) {
            expected = null;
        }
        if (expected == null) {
            JsonParseException e = assertThrows(JsonParseException.class, hyson::call, text);
            assertEquals(JsonParseException.Kind.INVALID_FORMAT, e.kind(), text);
            return;
        }
        try {
            assertEquals(expected, hyson.call(), text);
        } catch (Exception e) {
            throw new AssertionError(text + ": " + e, e);
        }
    }

    /** The writer's own ISO-8601 and UUID text is exactly what toString gives, for random values of every width. */
    @Test
    void fastTextWritingAgreesWithToString() {
        Random r = new Random(9);
        for (int k = 0; k < 5000; k++) {
            long seconds = r.nextLong() % 400_000_000_000L;
            int nanos = r.nextInt(4) == 0 ? 0 : r.nextInt(3) == 0 ? r.nextInt(1000) * 1_000_000 : r.nextInt(2) == 0
                    ? r.nextInt(1_000_000) * 1000 : r.nextInt(1_000_000_000);
            Instant instant = Instant.ofEpochSecond(seconds, nanos);
            if (r.nextInt(5) == 0) {
                instant = Instant.ofEpochSecond(seconds - seconds % 60); // whole minutes: still ':00' for Instant
            }
            ZoneOffset offset = ZoneOffset.ofTotalSeconds(r.nextInt(3) == 0 ? 0 : (r.nextInt(36 * 3600) - 18 * 3600)
                    / (r.nextBoolean() ? 1 : 900) * (r.nextBoolean() ? 1 : 1));
            LocalDateTime ldt = LocalDateTime.ofEpochSecond(Math.floorMod(seconds, 253402300799L + 62167219200L) - 62167219200L,
                    nanos, ZoneOffset.UTC);
            if (r.nextInt(4) == 0) {
                ldt = ldt.withSecond(0).withNano(0);
            }
            for (Object v : List.of(instant, ldt, ldt.toLocalDate(), ldt.toLocalTime(), OffsetDateTime.of(ldt, offset),
                    new UUID(r.nextLong(), r.nextLong()))) {
                assertEquals("\"" + v + "\"", Json.write(v), v.getClass().getSimpleName());
            }
        }
        assertEquals("\"+10000-01-01\"", Json.write(LocalDate.of(10000, 1, 1)));
        assertEquals("\"-0001-01-01\"", Json.write(LocalDate.of(-1, 1, 1)));
    }

    /** Deep nesting binds within the default depth, and past the thread's stack fails with a limit error, not a StackOverflowError. */
    @ParameterizedTest
    @MethodSource("backends")
    void deepNesting(Backend backend) {
        StringBuilder b = new StringBuilder();
        int depth = 450; // each level is an object and an array: 900 of the default 1000
        for (int k = 0; k < depth; k++) {
            b.append("{\"name\":\"n\",\"children\":[");
        }
        for (int k = 0; k < depth; k++) {
            b.append("]}");
        }
        Node root = TestSupport.reader(backend).read(b.toString(), Node.class);
        int levels = 0;
        for (Node n = root; n != null; n = n.children().isEmpty() ? null : n.children().get(0)) {
            levels++;
        }
        assertEquals(depth, levels);
        // past any stack: the caller's, and the 64 MiB one binding runs again on when it exhausts the caller's
        StringBuilder deep = new StringBuilder();
        for (int k = 0; k < 1_000_000; k++) {
            deep.append("{\"children\":[");
        }
        for (int k = 0; k < 1_000_000; k++) {
            deep.append("]}");
        }
        JsonReader unlimited = TestSupport.reader(backend, o -> o.maxDepth(10_000_000));
        JsonParseException e = assertThrows(JsonParseException.class, () -> unlimited.read(deep.toString(), Node.class));
        assertEquals(JsonParseException.Kind.LIMIT_EXCEEDED, e.kind());
        assertTrue(e.getMessage().contains("-Xss"), e.getMessage());
    }
}
