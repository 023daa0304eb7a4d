package dev.hyson.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hyson.bench.bind.CitmCatalog;
import dev.hyson.bench.bind.Clients;
import dev.hyson.bench.bind.ModelGenerator;
import dev.hyson.bench.bind.Twitter;
import dev.hyson.bench.bind.Users;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The benchmarked calls of {@link BindBench} and {@link BindMsgPackBench} bind correctly, for every
 * combination of their default {@code @Param} lists (read from the annotations, so a list edited
 * there is tested as edited):
 *
 * <ul>
 *   <li>{@code read} returns a value equal, member by member ({@link RecordDiff}), to the reference:
 *       the generator's objects for users and clients, Jackson's binding of the file for twitter and
 *       citm (Jackson fails on unknown members, so that binding covers every member of the file);
 *   <li>{@code write}'s output, read back by Jackson, equals the value written, and has the same
 *       members, nulls included, as Jackson's own output;
 *   <li>MessagePack: {@code unpack} returns the value packed, and {@code pack}'s output, read back
 *       by jackson-dataformat-msgpack, equals it.
 * </ul>
 *
 * Twitter and citm cases skip when the shared corpus is absent, {@code hyson-native} cases when the
 * native backend did not load.
 */
class BindBenchCorrectnessTest {

    private static Stream<Arguments> cross(List<String> models, List<String> libraries) {
        List<Arguments> all = new ArrayList<>();
        for (String m : models) {
            for (String l : libraries) {
                all.add(Arguments.of(m, l));
            }
        }
        return all.stream();
    }

    static Stream<Arguments> reads() {
        return cross(MoreBenchmarksCorrectnessTest.defaults(BindBench.ReadState.class, "model"),
                MoreBenchmarksCorrectnessTest.defaults(BindBench.ReadState.class, "library"));
    }

    static Stream<Arguments> writes() {
        return cross(MoreBenchmarksCorrectnessTest.defaults(BindBench.WriteState.class, "model"),
                MoreBenchmarksCorrectnessTest.defaults(BindBench.WriteState.class, "library"));
    }

    static Stream<Arguments> msgpack() {
        return cross(MoreBenchmarksCorrectnessTest.defaults(BindMsgPackBench.class, "model"),
                MoreBenchmarksCorrectnessTest.defaults(BindMsgPackBench.class, "library"));
    }

    private static void assume(String model, String library) {
        Assumptions.assumeTrue(!BindModels.needsCorpus(model) || Corpus.directory().isPresent(),
                () -> "shared corpus not found in " + Corpus.candidates() + " (set -Dhyson.shared); skipping");
        Assumptions.assumeTrue(!library.equals("hyson-native") || BindLibraries.nativeAvailable(),
                "the native backend is not built in this JVM");
    }

    /** The reference value, made independently of the state under test. */
    private static Object expected(String model) throws Exception {
        switch (model) {
            case "users-1k":
                return ModelGenerator.users(ModelGenerator.USERS_1K);
            case "users-100k":
                return ModelGenerator.users(ModelGenerator.USERS_100K);
            case "clients-1k":
                return ModelGenerator.clients(ModelGenerator.CLIENTS_1K);
            case "clients-100k":
                return ModelGenerator.clients(ModelGenerator.CLIENTS_100K);
            case "twitter":
                return BindLibraries.jackson().readValue(Corpus.load("twitter.json"), Twitter.class);
            case "citm":
                return BindLibraries.jackson().readValue(Corpus.load("citm_catalog.json"), CitmCatalog.class);
            default:
                throw new AssertionError("no reference for model " + model);
        }
    }

    private static void assertSameValue(Object expected, Object actual, String what) {
        String diff = RecordDiff.diff(expected, actual);
        assertNull(diff, () -> what + ": " + diff);
    }

    @ParameterizedTest(name = "{1} reads {0}")
    @MethodSource("reads")
    void read_everyModelAndLibrary_equalsTheReference(String model, String library) throws Exception {
        assume(model, library);
        BindBench.ReadState s = new BindBench.ReadState();
        s.model = model;
        s.library = library;
        s.setup();
        Object value = new BindBench().read(s);
        assertEquals(BindModels.load(model).type(), value.getClass());
        assertSameValue(expected(model), value, library + " reads " + model);
        assertNotSame(value, new BindBench().read(s), "a new value each call");
    }

    @ParameterizedTest(name = "{1} writes {0}")
    @MethodSource("writes")
    void write_everyModelAndLibrary_jacksonReadsItBack(String model, String library) throws Exception {
        assume(model, library);
        BindBench.WriteState s = new BindBench.WriteState();
        s.model = model;
        s.library = library;
        s.setup();
        byte[] out = new BindBench().write(s);
        Object expected = expected(model);
        assertSameValue(expected, BindLibraries.jackson().readValue(out, expected.getClass()),
                library + " writes " + model);
        byte[] jackson = BindLibraries.jackson().writeValueAsBytes(expected);
        assertEquals(members(BindLibraries.jackson().readTree(jackson)), members(BindLibraries.jackson().readTree(out)),
                library + " writes the members Jackson writes, nulls included");
        String text = new String(out, StandardCharsets.UTF_8);
        assertTrue(text.indexOf('\n') < 0, "compact output");
    }

    @ParameterizedTest(name = "{1} unpacks and packs {0}")
    @MethodSource("msgpack")
    void msgpack_everyModelAndLibrary_roundTrips(String model, String library) throws Exception {
        assume(model, library);
        BindMsgPackBench b = new BindMsgPackBench();
        b.model = model;
        b.library = library;
        b.setup();
        Object expected = expected(model);
        assertSameValue(expected, b.unpack(), library + " unpacks " + model);
        byte[] packed = b.pack();
        assertSameValue(expected, BindLibraries.jacksonMsgpack().readValue(packed, expected.getClass()),
                "jackson-msgpack reads back what " + library + " packs for " + model);
    }

    @ParameterizedTest(name = "write refuses library={0}, naming library=hyson")
    @MethodSource("hysonBackends")
    void write_hysonBackendName_isRefusedNamingHyson(String library) {
        BindBench.WriteState s = new BindBench.WriteState();
        s.model = "users-1k";
        s.library = library;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, s::setup);
        assertTrue(e.getMessage().contains("library=hyson"), e.getMessage());
    }

    static Stream<String> hysonBackends() {
        return Stream.of("hyson-native", "hyson-java", "hyson-auto");
    }

    @Test
    void generatedDocuments_haveTheirAdvertisedSizesAndAreDeterministic() {
        for (String model : List.of("users-1k", "users-100k", "clients-1k", "clients-100k")) {
            int target = model.endsWith("-1k") ? 1024 : 100 * 1024;
            int size = BindModels.load(model).json().length;
            assertTrue(size > target * 0.7 && size < target * 1.3, model + " is " + size + " bytes");
            assertTrue(java.util.Arrays.equals(BindModels.load(model).json(), BindModels.load(model).json()),
                    model + " is the same each time");
        }
        Users users = ModelGenerator.users(ModelGenerator.USERS_100K);
        assertEquals(ModelGenerator.USERS_100K, users.users().size());
        Clients clients = ModelGenerator.clients(ModelGenerator.CLIENTS_100K);
        assertTrue(clients.clients().stream().anyMatch(c -> c.balance().scale() == 2
                && c.balance().remainder(BigDecimal.ONE).compareTo(BigDecimal.ZERO) == 0),
                "some balances end in .00, so a binder must keep or compare them by value");
        assertTrue(clients.clients().stream().map(c -> c.lastLogin().getOffset()).distinct().count() > 2,
                "lastLogin has several offsets");
    }

    @Test
    void recordDiff_findsEachKindOfDifference() {
        Clients a = ModelGenerator.clients(2);
        Clients b = ModelGenerator.clients(2);
        assertNull(RecordDiff.diff(a, b), "equal arrays by content");
        Clients.Client c = b.clients().get(1);
        c.phones()[0]++;
        assertEquals("$.clients[1].phones[0]", RecordDiff.diff(a, b).split(":")[0]);
        c.phones()[0]--;
        Clients.Client scaled = new Clients.Client(c.id(), c.index(), c.guid(), c.isActive(),
                c.balance().setScale(4), c.picture(), c.age(), c.eyeColor(), c.name(), c.gender(), c.company(),
                c.emails(), c.phones(), c.address(), c.about(), c.registered(),
                c.lastLogin().withOffsetSameInstant(java.time.ZoneOffset.ofHours(1)),
                c.latitude(), c.longitude(), c.tags(), c.partners());
        Clients changed = new Clients(List.of(b.clients().get(0), scaled));
        assertEquals("$.clients[1].lastLogin", RecordDiff.diff(a, changed).split(":")[0],
                "BigDecimal by value, OffsetDateTime with its offset");
    }

    @Test
    void dslJson_convertersWereGeneratedAtCompileTime() {
        for (Class<?> type : List.of(Users.class, Clients.class, Twitter.class, CitmCatalog.class,
                Twitter.Status.class, Clients.Client.class)) {
            Object reader = BindLibraries.dslJson().tryFindReader(type);
            assertTrue(reader != null && reader.getClass().getName().contains("DslJsonConverter"),
                    () -> "DSL-JSON reads " + type.getName() + " with " + reader);
        }
    }

    /** @return every member path of a JSON tree, with how often it occurs (array indices as {@code []}) */
    private static Map<String, Integer> members(JsonNode node) {
        Map<String, Integer> out = new TreeMap<>();
        members(node, "$", out);
        return out;
    }

    private static void members(JsonNode node, String path, Map<String, Integer> out) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = path + "." + e.getKey();
                out.merge(p, 1, Integer::sum);
                members(e.getValue(), p, out);
            }
        } else if (node.isArray()) {
            for (JsonNode x : node) {
                members(x, path + "[]", out);
            }
        }
    }
}
