package dev.hyson.internal.tape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.NativeLibrary;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The materializer's reuse of the tape's container stacks: deep documents grow them, no value stays on them. */
class TapeMaterializerTest {
    private static ReadConfig config(DuplicateKeyPolicy duplicates) {
        return new ReadConfig(100_000, Long.MAX_VALUE, 1000, Long.MAX_VALUE, duplicates, SurrogatePolicy.KEEP, true,
                false, false, false, false, false, true);
    }

    private static Object parse(Tape tape, Scanner scanner, String json, ReadConfig cfg) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        tape.reset(b.length);
        assertTrue(scanner.scan(b, 0, b.length, cfg, tape), json);
        return TapeMaterializer.materialize(tape, b, 0, b.length, cfg, KeyCache.SHARED);
    }

    private static void assertStacksHoldNoValue(Tape tape) {
        for (int i = 0; i < tape.openContainers.length; i++) {
            assertNull(tape.openContainers[i], "container left at depth " + i);
        }
    }

    @Test
    void stacksReused_grownForDepth_emptiedAfterSuccessAndFailure() {
        List<Scanner> scanners = new ArrayList<>();
        scanners.add(JavaScanner.INSTANCE);
        scanners.addAll(NativeLibrary.kernels()); // every backend: the tape is the same
        for (Scanner scanner : scanners) {
            Tape tape = new Tape();
            ReadConfig lastWins = config(DuplicateKeyPolicy.LAST_WINS);
            assertEquals(List.of(1L, Map.of("a", List.of(2L))), parse(tape, scanner, "[1,{\"a\":[2]}]", lastWins));
            assertStacksHoldNoValue(tape);
            // deeper than the stacks' first size: they grow and stay grown
            String deep = "[".repeat(100) + "{\"k\":true}" + "]".repeat(100);
            Object v = parse(tape, scanner, deep, lastWins);
            for (int i = 0; i < 100; i++) {
                v = ((List<?>) v).get(0);
            }
            assertEquals(Map.of("k", true), v);
            assertTrue(tape.openContainers.length > 100, "grown to " + tape.openContainers.length);
            assertStacksHoldNoValue(tape);
            // a duplicate name under ERROR fails with containers open: none stays referenced
            ReadConfig strict = config(DuplicateKeyPolicy.ERROR);
            assertThrows(JsonParseException.class, () -> parse(tape, scanner, "[[{\"x\":[1],\"x\":2}]]", strict));
            assertStacksHoldNoValue(tape);
            assertEquals(List.of(List.of()), parse(tape, scanner, "[[]]", strict));
        }
    }
}
