package dev.hyson.msgpack;

import static dev.hyson.msgpack.MsgPackTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.Json;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of msgpack-test-suite ({@code shared/conformance/msgpack/dist/msgpack-test-suite.json}),
 * both ways: each listed encoding unpacks to the expected value, and packing the value gives one of
 * the listed encodings (the smallest form, which the suite lists first, for integers, str, bin and
 * extensions).
 */
class MsgPackConformanceTest {
    private static Path suite() {
        Optional<Path> shared = MsgPackTestSupport.shared();
        Path p = shared.map(s -> s.resolve("conformance/msgpack/dist/msgpack-test-suite.json")).orElse(null);
        assumeTrue(p != null && Files.isRegularFile(p),
                "msgpack-test-suite.json not found: set -Dhyson.shared=/path/to/shared to run the MessagePack conformance cases");
        return p;
    }

    /** The Java value a case stands for. */
    @SuppressWarnings("unchecked")
    static Object expected(Map<String, Object> c) {
        if (c.containsKey("nil")) {
            return null;
        }
        if (c.containsKey("bool")) {
            return c.get("bool");
        }
        if (c.containsKey("binary")) {
            return hex((String) c.get("binary"));
        }
        if (c.containsKey("bignum")) {
            return new BigInteger((String) c.get("bignum"));
        }
        if (c.containsKey("number")) {
            return c.get("number");
        }
        if (c.containsKey("string")) {
            return c.get("string");
        }
        if (c.containsKey("array")) {
            return c.get("array");
        }
        if (c.containsKey("map")) {
            return c.get("map");
        }
        if (c.containsKey("timestamp")) {
            List<Object> t = (List<Object>) c.get("timestamp");
            return Instant.ofEpochSecond((Long) t.get(0), (Long) t.get(1));
        }
        List<Object> e = (List<Object>) c.get("ext");
        return new ExtensionValue((byte) (long) (Long) e.get(0), hex((String) e.get(1)));
    }

    @SuppressWarnings("unchecked")
    private static List<Object[]> cases() throws Exception {
        Map<String, Object> all = (Map<String, Object>) Json.parse(Files.readAllBytes(suite()));
        List<Object[]> out = new ArrayList<>();
        for (Map.Entry<String, Object> group : all.entrySet()) {
            int i = 0;
            for (Object o : (List<Object>) group.getValue()) {
                out.add(new Object[] {group.getKey() + "#" + i++, o});
            }
        }
        return out;
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> unpack_everyEncoding_expectedValue() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Object[] c : cases()) {
            Map<String, Object> m = (Map<String, Object>) c[1];
            Object want = expected(m);
            for (Object enc : (List<Object>) m.get("msgpack")) {
                tests.add(DynamicTest.dynamicTest(c[0] + " " + enc, () -> {
                    Object got = MessagePack.unpack(hex((String) enc));
                    assertTrue(MsgPackTestSupport.same(want, got), "expected " + want + " got " + got);
                }));
            }
        }
        assertTrue(tests.size() > 150, "suite has " + tests.size() + " encodings");
        return tests.stream();
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> pack_everyValue_aListedEncoding() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Object[] c : cases()) {
            Map<String, Object> m = (Map<String, Object>) c[1];
            List<Object> encodings = (List<Object>) m.get("msgpack");
            tests.add(DynamicTest.dynamicTest(c[0].toString(), () -> {
                Object value = expected(m);
                String packed = hex(MessagePack.pack(value));
                assertTrue(encodings.contains(packed), "packed " + packed + ", expected one of " + encodings);
                if (!(value instanceof Number)) {
                    // str, bin, containers and extensions: the smallest form, listed first (for
                    // integers the suite lists int64 before the equally long uint64 hyson writes)
                    assertEquals(encodings.get(0), packed);
                }
            }));
        }
        return tests.stream();
    }
}
