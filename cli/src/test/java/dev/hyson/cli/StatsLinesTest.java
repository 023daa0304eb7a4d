package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.Backend;
import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code hyson stats --ndjson} counts each record from its scanned tape: the counts must be those of the
 * line's events, as a document's are counted (a repeated member name each time, whatever the policy;
 * big numbers, escapes, nesting), on both backends, and under {@code --duplicate-keys error} a repeated
 * name is the error the reader gives.
 */
class StatsLinesTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
    }

    static Stream<Arguments> cases() {
        return Stream.of("java", "native").flatMap(b -> Stream.of("first", "last", "error").map(p -> Arguments.of(b, p)));
    }

    private static Result run(String backend, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true),
                new PrintStream(err, true), StdinKind.DATA, Map.of("HYSON_BACKEND", backend));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0} backend, --duplicate-keys {1}")
    @MethodSource("cases")
    void countsAreTheEventsCounts(String backend, String policyName) throws IOException {
        if (backend.equals("native")) {
            assumeTrue(Backend.of(Backend.Choice.NATIVE).fallbackReason().isEmpty() || "true".equals(System.getenv("CI")),
                    "native backend unavailable");
        }
        DuplicateKeyPolicy policy = switch (policyName) {
            case "first" -> DuplicateKeyPolicy.FIRST_WINS;
            case "last" -> DuplicateKeyPolicy.LAST_WINS;
            default -> DuplicateKeyPolicy.ERROR;
        };
        JsonReader reader = JsonReader.builder().duplicateKeys(policy)
                .backend(backend.equals("java") ? Backend.Choice.JAVA : Backend.Choice.NATIVE).build();
        for (int round = 0; round < 6; round++) {
            // rounds 0-2 without repeated names (every policy counts them all), 3-5 with some
            boolean repeats = round >= 3;
            Random rnd = new Random(round * 31L + policyName.hashCode());
            StringBuilder text = new StringBuilder();
            int lines = 300 + rnd.nextInt(200);
            for (int i = 0; i < lines; i++) {
                if (rnd.nextInt(40) == 0) {
                    text.append(rnd.nextBoolean() ? "" : "  \t");
                } else {
                    value(text, rnd, 0, repeats && rnd.nextInt(8) == 0);
                }
                text.append(rnd.nextInt(10) == 0 ? "\r\n" : "\n");
            }
            // a wide object (counted from its tree), its last name repeating the first in rounds with repeats
            text.append('{');
            for (int m = 0; m < 600; m++) {
                text.append(m == 0 ? "" : ",").append("\"w").append(repeats && m == 599 ? 0 : m).append("\":[").append(m).append(",{}]");
            }
            text.append("}\n");
            Path f = Files.writeString(dir.resolve("r" + round + ".ndjson"), text.toString(), StandardCharsets.UTF_8);

            Stats expected = Stats.none();
            long records = 0;
            JsonParseException failure = null;
            try (Stream<Object> values = reader.lines().read(f)) {
                records = values.count();
            } catch (JsonParseException e) {
                failure = e;
            }
            for (String line : text.toString().split("\n")) {
                if (!line.isBlank()) {
                    try (dev.hyson.stream.JsonParser p = reader.parser(line)) {
                        expected.add(Stats.of(p));
                    }
                }
            }
            Result r = run(backend, "stats", "--ndjson", "--duplicate-keys", policyName, f.toString());
            if (failure != null) {
                // the tool names its option where the library names the policy
                String message = failure.getMessage().replace("DuplicateKeyPolicy.ERROR", "--duplicate-keys error");
                assertTrue(repeats && policy == DuplicateKeyPolicy.ERROR, message);
                assertEquals(1, r.code(), r.out());
                assertTrue(r.err().contains(message), () -> r.err() + "\nexpected: " + message);
                continue;
            }
            assertEquals(0, r.code(), r.err());
            String want = StatsCommand.report(f.toString(), Files.size(f), expected, 0, backend);
            List<String> wantLines = want.lines().filter(l -> !l.startsWith("parse: ")).toList();
            List<String> got = r.out().lines().filter(l -> !l.startsWith("parse: ") && !l.startsWith("records: ")).toList();
            assertEquals(wantLines, got, "round " + round);
            assertTrue(r.out().contains("\nrecords: " + records + "\n"), r.out());
            if (repeats) {
                // the trees, which keep one of repeated names, have fewer names than were counted
                Stats trees = Stats.none();
                try (Stream<Object> values = reader.lines().read(f)) {
                    values.forEach(v -> trees.add(Stats.of(v)));
                }
                assertTrue(trees.memberNames < expected.memberNames, trees.memberNames + " vs " + expected.memberNames);
            }
        }
    }

    private static final String[] NAMES = {"a", "id", "name", "caf\u00e9", "k\\u00e9y", "\\\"q\\\"", "long_member_name_of_some_length",
        "\u65e5\u672c", "x\\ny"};

    private static void value(StringBuilder b, Random rnd, int depth, boolean repeats) {
        int kind = depth >= 5 ? 2 + rnd.nextInt(8) : rnd.nextInt(10);
        switch (kind) {
            case 0, 1 -> {
                boolean object = kind == 0;
                b.append(object ? '{' : '[');
                int n = rnd.nextInt(6);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        b.append(',');
                    }
                    if (object) {
                        // distinct names unless this line repeats some
                        String name = repeats ? NAMES[rnd.nextInt(3)] : NAMES[i % NAMES.length] + (i >= NAMES.length ? i : "");
                        b.append('"').append(name).append("\":");
                    }
                    value(b, rnd, depth + 1, repeats);
                }
                b.append(object ? '}' : ']');
            }
            case 2 -> b.append(rnd.nextInt(2000) - 1000);
            case 3 -> b.append(rnd.nextDouble() * 1e6 - 5e5);
            case 4 -> b.append(rnd.nextBoolean() ? "123456789012345678901234567890" : "-9.5e-3");
            case 5 -> b.append("\"plain text\"");
            case 6 -> b.append(rnd.nextBoolean() ? "\"tab\\there \\u00e9\"" : "\"\u00fcber \u65e5\u672c \ud83d\ude00\"");
            case 7 -> b.append("true");
            case 8 -> b.append("false");
            default -> b.append("null");
        }
    }
}
