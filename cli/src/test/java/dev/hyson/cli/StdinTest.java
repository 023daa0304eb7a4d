package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.Json;
import dev.hyson.cli.CliTest.Result;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tool reads without FILE arguments, and from {@code -}: standard input when it carries data, the
 * bundled sample at a terminal, a usage error when it is closed (split out of {@link CliTest}).
 */
class StdinTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    @Test
    void noInput_terminal_usesSampleWithNote() {
        Result r = CliTest.terminal("minify");
        assertEquals(0, r.code, r.err);
        assertEquals("hyson: no input given; using the bundled sample (sample.json). Pass a FILE or pipe JSON in.\n", r.err);
        assertTrue(r.out.startsWith("{\"apiVersion\":\"2.4\","), r.out);
        assertTrue(r.out.endsWith("}\n"), r.out);
        assertEquals(1, r.out.lines().count());
    }

    /** Closed standard input ({@code <&-}) is not a terminal: an error, not a "valid" for the sample (a new-user trial). */
    @Test
    void noInput_closedStdin_isAnError() {
        for (String[] args : new String[][] {{"validate"}, {"minify"}, {"stats"}, {"pretty", "--ndjson"}, {"convert", "--to", "msgpack"}}) {
            Result r = CliTest.run(StdinKind.CLOSED, "", Map.of(), args);
            assertEquals(2, r.code, String.join(" ", args) + ": " + r.err);
            assertEquals("", r.out);
            assertEquals("hyson: no input given and standard input is closed: pass a FILE, pipe JSON in, or use --sample\n", r.err);
        }
        for (String[] args : new String[][] {{"validate", "-"}, {"minify", "-"}, {"convert", "--to", "msgpack", "-"}, {"convert", "--to", "json", "-"}}) {
            Result r = CliTest.run(StdinKind.CLOSED, "", Map.of(), args);
            assertEquals(2, r.code, String.join(" ", args) + ": " + r.err);
            assertEquals("hyson: '-' names standard input, which is closed\n", r.err);
        }
        Result sample = CliTest.run(StdinKind.CLOSED, "", Map.of(), "validate", "--sample", "--verbose");
        assertEquals(0, sample.code, sample.err);
        assertEquals("sample.json: valid\n", sample.out);
    }

    @Test
    void noInput_pipe_readsStdin() {
        Result r = CliTest.pipe("[ 42 ]", "minify");
        assertEquals("[42]\n", r.out);
        assertEquals("", r.err);
    }

    @Test
    void dash_readsStdinEvenFromTerminal() {
        Result r = CliTest.run(StdinKind.NONE, "{\"k\" : \"v\"}", Map.of(), "minify", "-");
        assertEquals(0, r.code, r.err);
        assertEquals("{\"k\":\"v\"}\n", r.out);
        assertEquals("", r.err);
    }

    @Test
    void emptyStdin_invalid() {
        Result r = CliTest.pipe("", "validate");
        assertEquals(1, r.code);
        assertTrue(r.err.startsWith("hyson: <stdin>: "), r.err);
        assertTrue(r.err.contains("line 1, column 1 (byte 0)"), r.err);
    }

    @Test
    void sample_parsesAndHasKnownMembers() throws IOException {
        byte[] bytes;
        try (InputStream in = Main.class.getResourceAsStream("sample.json")) {
            bytes = in.readAllBytes();
        }
        assertTrue(bytes.length >= 3 * 1024 && bytes.length <= 6 * 1024, "size " + bytes.length);
        Map<?, ?> root = (Map<?, ?>) Json.parse(bytes);
        Map<?, ?> order = (Map<?, ?>) root.get("order");
        assertEquals(9007199254740993L, order.get("id"));
        assertEquals("Jürgen Müller", ((Map<?, ?>) order.get("customer")).get("displayName"));
        assertEquals(19.99, ((Map<?, ?>) ((List<?>) order.get("items")).get(0)).get("unitPrice"));
        assertEquals(1.5e-3, ((Map<?, ?>) order.get("totals")).get("roundingError"));
        Map<?, ?> bigDecimals = (Map<?, ?>) dev.hyson.JsonReader.builder().bigDecimals(true).build().parse(bytes);
        assertEquals(new BigDecimal("19.99"),
                ((Map<?, ?>) ((List<?>) ((Map<?, ?>) bigDecimals.get("order")).get("items")).get(0)).get("unitPrice"));
    }

    @Test
    void sample_validatesThroughTheTool() {
        Result r = CliTest.terminal("validate", "--verbose");
        assertEquals(0, r.code, r.err);
        assertEquals("sample.json: valid\n", r.out);
    }

    @Test
    void stdinKind_classifiesLinkTargets() throws IOException {
        assertEquals(StdinKind.DATA, StdinKind.classify("pipe:[123456]"));
        assertEquals(StdinKind.DATA, StdinKind.classify("socket:[99]"));
        assertEquals(StdinKind.DATA, StdinKind.classify(file("in.json", "[]").toString()));
        assertEquals(StdinKind.DATA, StdinKind.classify("/dev/null")); // empty input is an error, not the sample
        assertEquals(StdinKind.DATA, StdinKind.classify("/dev/zero"));
        assertEquals(StdinKind.NONE, StdinKind.classify("/dev/pts/3"));
        assertEquals(StdinKind.NONE, StdinKind.classify("/dev/tty1"));
        assertEquals(StdinKind.NONE, StdinKind.classify("/dev/console"));
        assertEquals(StdinKind.NONE, StdinKind.classify("anon_inode:[eventfd]"));
        // a deleted file is still read through the descriptor (bash's long here-documents), and a directory's
        // read fails with its own error: neither is the sample (an attack run)
        assertEquals(StdinKind.DATA, StdinKind.classify(dir.resolve("gone.json") + " (deleted)"));
        assertEquals(StdinKind.DATA, StdinKind.classify(dir.toString()));
        // with descriptor 0 closed at launch the JVM's runtime image can land on it
        Path modules = Path.of(System.getProperty("java.home"), "lib", "modules");
        if (Files.isRegularFile(modules)) {
            assertEquals(StdinKind.CLOSED, StdinKind.classify(modules.toString()));
        }
    }
}
