package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code hyson get}: values by JSON Pointer from documents (streamed) and JSON Lines, on both backends. */
class GetCommandTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
    }

    private static Result run(String backend, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true),
                new PrintStream(err, true), StdinKind.DATA, Map.of("HYSON_BACKEND", backend));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"java", "native"})
    void documentValuesCompactOrRaw(String backend) throws IOException {
        assumeNative(backend);
        Path f = file("d.json", "{\"a\": {\"b\": [10, \"x\\ty\", {\"c\": null}]}, \"a/b\": 1.5, \"s\": \"caf\\u00e9\", \"a\": 2}");
        Result r = run(backend, "", "get", f.toString(), "/a/b", "/a/b/1", "/a~1b", "/s", "");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("[10,\"x\\ty\",{\"c\":null}]", "\"x\\ty\"", "1.5", "\"caf\u00e9\"",
                JsonWriter.defaults().write(JsonReader.builder().duplicateKeys(dev.hyson.DuplicateKeyPolicy.FIRST_WINS).build()
                        .parse(Files.readAllBytes(f)))), r.out().lines().toList());
        // repeated names: the first, in documents and JSON Lines alike, unless --duplicate-keys says otherwise
        Path dup = file("dup.json", "{\"k\":1,\"o\":{\"x\":1,\"x\":2},\"k\":2}");
        assertEquals(List.of("1", "{\"x\":1}"), run(backend, "", "get", dup.toString(), "/k", "/o").out().lines().toList());
        assertEquals(List.of("1", "{\"x\":1}"), run(backend, "", "get", "--ndjson", dup.toString(), "/k", "/o").out().lines().toList());
        assertEquals(List.of("2", "{\"x\":2}"),
                run(backend, "", "get", "--ndjson", "--duplicate-keys", "last", dup.toString(), "/k", "/o").out().lines().toList());
        r = run(backend, "", "get", "--raw", f.toString(), "/a/b/1", "/s", "/a/b/0");
        assertEquals(List.of("x\ty", "caf\u00e9", "10"), r.out().lines().toList());
        // a missing value: a message, the others printed, exit 4
        r = run(backend, "", "get", f.toString(), "/a/b/3", "/s", "/a/b/0/x", "/nope");
        assertEquals(4, r.code());
        assertEquals(List.of("\"caf\u00e9\""), r.out().lines().toList());
        assertTrue(r.err().contains("no value at \"/a/b/3\"") && r.err().contains("no value at \"/nope\"")
                && r.err().contains("no value at \"/a/b/0/x\""), r.err());
        // standard input, two pointers: read once
        r = run(backend, "[1,{\"k\":[true]}]", "get", "-", "/1/k/0", "/0");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("true", "1"), r.out().lines().toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"java", "native"})
    void errorsAndUsage(String backend) throws IOException {
        assumeNative(backend);
        Path f = file("bad.json", "{\"a\": [1, 2,, 3]}");
        Result r = run(backend, "", "get", f.toString(), "/a/2");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("line 1, column 13"), r.err());
        r = run(backend, "", "get", f.toString(), "a");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("invalid JSON Pointer \"a\""), r.err());
        r = run(backend, "", "get", f.toString());
        assertEquals(2, r.code());
        r = run(backend, "", "get", dir.resolve("missing.json").toString(), "/a");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no such file"), r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"java", "native"})
    void jsonLinesOneResultPerLineAndPointer(String backend) throws IOException {
        assumeNative(backend);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            b.append("{\"id\":").append(i).append(",\"u\":{\"name\":\"n").append(i).append("\\u00e9\"}}\n");
        }
        Path f = file("l.jsonl", b.toString());
        Result r = run(backend, "", "get", "-r", f.toString(), "/u/name", "/id");
        assertEquals(0, r.code(), r.err());
        List<String> out = r.out().lines().toList();
        assertEquals(10000, out.size());
        assertEquals("n4321\u00e9", out.get(2 * 4321));
        assertEquals("4321", out.get(2 * 4321 + 1));
        Path mixed = file("m.ndjson", "{\"a\":1}\n\n{\"b\":2}\nnot json\n{\"a\":[3]}\n");
        r = run(backend, "", "get", mixed.toString(), "/a");
        assertEquals(1, r.code()); // a bad line wins over a missing value
        assertEquals(List.of("1", "[3]"), r.out().lines().toList());
        assertTrue(r.err().contains(":3: no value at \"/a\"") && r.err().contains(":4:1: "), r.err());
        r = run(backend, "", "get", "--json", file("two.txt", "{\"a\":1}\n").toString(), "/a");
        assertEquals(List.of("1"), r.out().lines().toList());
    }

    /** Found by an adversarial run: writer options follow the reader's, errors of a line are that line's. */
    @ParameterizedTest
    @ValueSource(strings = {"java", "native"})
    void optionsAndLineErrors(String backend) throws IOException {
        assumeNative(backend);
        Path nan = file("nan.json", "[NaN, 1]");
        Result r = run(backend, "", "get", "--allow-nan", nan.toString(), "/0", "/1");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("NaN", "1"), r.out().lines().toList());
        Path deep = file("deep.json", "[".repeat(3000) + "]".repeat(3000));
        r = run(backend, "", "get", "--max-depth=5000", deep.toString(), "");
        assertEquals(0, r.code(), r.err());
        assertEquals(6000, r.out().trim().length());
        Path dup = file("dup3.jsonl", "{\"x\":1}\n{\"x\":2}\n{\"x\":{\"a\":1,\"a\":2}}\n{\"x\":4}\n");
        r = run(backend, "", "get", "--duplicate-keys=error", dup.toString(), "/x");
        assertEquals(1, r.code());
        assertEquals(List.of("1", "2", "4"), r.out().lines().toList());
        assertTrue(r.err().contains("dup3.jsonl:3:13: duplicate member name \"a\""), r.err());
    }

    private static void assumeNative(String backend) {
        if (backend.equals("native")) {
            assumeTrue(dev.hyson.Backend.of(dev.hyson.Backend.Choice.NATIVE).fallbackReason().isEmpty()
                    || "true".equals(System.getenv("CI")), "native backend unavailable");
        }
    }
}
