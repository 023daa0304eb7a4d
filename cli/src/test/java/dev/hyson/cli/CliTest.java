package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hyson.Backend;
import dev.hyson.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the tool in-process on byte-array streams and temporary files. */
class CliTest {
    private static final String SMALL = "{\"name\":\"Ada\",\"tags\":[1,2.5],\"empty\":{},\"ok\":true}";
    private static final String SMALL_PRETTY = "{\n"
            + "  \"name\": \"Ada\",\n"
            + "  \"tags\": [\n"
            + "    1,\n"
            + "    2.5\n"
            + "  ],\n"
            + "  \"empty\": {},\n"
            + "  \"ok\": true\n"
            + "}\n";

    @TempDir
    Path dir;

    /** What one run printed and returned. */
    static final class Result {
        final int code;
        final String out;
        final String err;

        Result(int code, String out, String err) {
            this.code = code;
            this.out = out;
            this.err = err;
        }
    }

    static Result run(StdinKind kind, String stdin, Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        int code = Main.run(args, in, new PrintStream(out, true), new PrintStream(err, true), kind, env);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs with {@code stdin} piped in and an empty environment. */
    static Result pipe(String stdin, String... args) {
        return run(StdinKind.DATA, stdin, Map.of(), args);
    }

    /** Runs with standard input at a terminal (nothing piped) and an empty environment. */
    static Result terminal(String... args) {
        return run(StdinKind.NONE, "", Map.of(), args);
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    @Test
    void pretty_smallDocument_indentedTextAndOneNewline() {
        Result r = pipe(SMALL, "pretty");
        assertEquals(0, r.code, r.err);
        assertEquals(SMALL_PRETTY, r.out);
        assertEquals("", r.err);
    }

    @Test
    void pretty_indent4_fourSpacesPerLevel() {
        Result r = pipe("{\"a\":[1]}", "pretty", "--indent", "4");
        assertEquals(0, r.code, r.err);
        assertEquals("{\n    \"a\": [\n        1\n    ]\n}\n", r.out);
    }

    @Test
    void pretty_indentOutOfRange_usageError() {
        Result r = pipe(SMALL, "pretty", "--indent", "17");
        assertEquals(2, r.code);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("hyson: --indent: indent must be 0..16 spaces: 17\n"), r.err);
    }

    @Test
    void minify_prettyInput_compactTextAndOneNewline() {
        Result r = pipe(SMALL_PRETTY, "minify");
        assertEquals(0, r.code, r.err);
        assertEquals(SMALL + "\n", r.out);
    }

    @Test
    void minify_file_sameAsStdin() throws IOException {
        Path f = file("doc.json", " [ 1 , \"x\" , null , 1.5e-3 ] ");
        Result r = terminal("minify", f.toString());
        assertEquals(0, r.code, r.err);
        assertEquals("[1,\"x\",null,0.0015]\n", r.out);
        assertEquals("", r.err);
    }

    @Test
    void validate_valid_exit0AndSilent() throws IOException {
        Path f = file("ok.json", SMALL);
        Result r = terminal("validate", f.toString());
        assertEquals(0, r.code);
        assertEquals("", r.out);
        assertEquals("", r.err);
    }

    @Test
    void validate_verbose_printsValid() throws IOException {
        Path f = file("ok.json", SMALL);
        Result r = terminal("validate", "--verbose", f.toString());
        assertEquals(0, r.code);
        assertEquals(f + ": valid\n", r.out);
    }

    @Test
    void validate_invalid_exit1WithLineColumnByte() throws IOException {
        Path f = file("bad.json", "{\"a\":1,}");
        Result r = terminal("validate", f.toString());
        assertEquals(1, r.code);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("hyson: " + f + ": unexpected '}' at line 1, column 8 (byte 7)"), r.err);
        assertEquals(1, r.err.lines().count(), r.err);
    }

    @Test
    void validate_invalidOnSecondLine_reportsThatLine() {
        Result r = pipe("[1,\n 2,\n x]", "validate");
        assertEquals(1, r.code);
        assertTrue(r.err.startsWith("hyson: <stdin>: "), r.err);
        assertTrue(r.err.contains("line 3, column 2 (byte 9)"), r.err);
    }

    @Test
    void validate_severalFiles_eachNamedAndExit1WhenOneFails() throws IOException {
        Path a = file("a.json", "[1]");
        Path b = file("b.json", "[1,");
        Path c = file("c.json", "{}");
        Result r = terminal("validate", a.toString(), b.toString(), c.toString());
        assertEquals(1, r.code);
        assertEquals(a + ": valid\n" + c + ": valid\n", r.out);
        assertTrue(r.err.startsWith("hyson: " + b + ": "), r.err);
        assertTrue(r.err.contains("line 1, column 4 (byte 3)"), r.err);
    }

    @Test
    void minify_severalFilesOneInvalid_validOnesStillWritten() throws IOException {
        Path a = file("a.json", "[ 1 ]");
        Path b = file("b.json", "{\"x\" 1}");
        Path c = file("c.json", "{ \"y\" : 2 }");
        Result r = terminal("minify", a.toString(), b.toString(), c.toString());
        assertEquals(1, r.code);
        assertEquals("[1]\n{\"y\":2}\n", r.out);
        assertTrue(r.err.startsWith("hyson: " + b + ": "), r.err);
        assertTrue(r.err.contains("line 1, column 6 (byte 5)"), r.err);
    }

    @Test
    void pretty_missingFile_exit1AndOthersProcessed() throws IOException {
        Path a = file("a.json", "[true]");
        String missing = dir.resolve("missing.json").toString();
        Result r = terminal("minify", missing, a.toString());
        assertEquals(1, r.code);
        assertEquals("[true]\n", r.out);
        assertEquals("hyson: " + missing + ": cannot read: no such file\n", r.err);
    }

    @Test
    void unknownOption_exit2() {
        Result r = pipe(SMALL, "pretty", "--no-such-option");
        assertEquals(2, r.code);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("hyson: Unknown option: '--no-such-option'\n"), r.err);
        assertTrue(r.err.contains("Try 'hyson pretty --help' for more information."), r.err);
    }

    @Test
    void unknownCommand_exit2() {
        Result r = pipe(SMALL, "prety");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("'prety'"), r.err);
    }

    @Test
    void noCommand_exit2WithUsage() {
        Result r = terminal();
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("hyson: no command given\nUsage: hyson"), r.err);
    }

    @Test
    void badBackendValue_exit2() {
        Result r = pipe(SMALL, "validate", "--backend", "fast");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("--backend"), r.err);
        assertTrue(r.err.contains("'fast'"), r.err);
    }

    @Test
    void badBackendEnvironment_exit2() {
        Result r = run(StdinKind.DATA, SMALL, Map.of("HYSON_BACKEND", "fast"), "validate");
        assertEquals(2, r.code);
        assertEquals("hyson: HYSON_BACKEND=fast names no backend: expected auto, native or java\n", r.err);
    }

    @Test
    void backendJava_parsesWithJava() {
        Result r = pipe("[1,2]", "stats", "--backend", "java");
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("(java backend, one cold parse)"), r.out);
    }

    @Test
    void backendNative_unavailable_exit2WithReason() {
        assumeFalse(Backend.of(Backend.Choice.NATIVE).isAvailable(), "the native backend is available here");
        Result r = pipe(SMALL, "pretty", "--backend", "native");
        assertEquals(2, r.code);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("hyson: --backend native: the native backend is unavailable: "), r.err);
    }

    @Test
    void backendNativeFromEnvironment_unavailable_exit2() {
        assumeFalse(Backend.of(Backend.Choice.NATIVE).isAvailable(), "the native backend is available here");
        Result r = run(StdinKind.DATA, SMALL, Map.of("HYSON_BACKEND", "native"), "validate");
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("hyson: HYSON_BACKEND=native: the native backend is unavailable: "), r.err);
    }

    @Test
    void output_writesFileAndNothingOnStdout() throws IOException {
        Path out = dir.resolve("out.json");
        Result r = pipe(SMALL, "pretty", "-o", out.toString());
        assertEquals(0, r.code, r.err);
        assertEquals("", r.out);
        assertEquals(SMALL_PRETTY, Files.readString(out, StandardCharsets.UTF_8));
    }

    @Test
    void output_invalidInput_existingFileUntouched() throws IOException {
        Path out = file("out.json", "keep me");
        Result r = pipe("[1,", "minify", "--output", out.toString());
        assertEquals(1, r.code);
        assertEquals("keep me", Files.readString(out, StandardCharsets.UTF_8));
    }

    @Test
    void output_sameFileAsInput_rewrittenInPlace() throws IOException {
        Path f = file("doc.json", "{ \"a\" : [ 1 ] }");
        Result r = terminal("minify", f.toString(), "-o", f.toString());
        assertEquals(0, r.code, r.err);
        assertEquals("{\"a\":[1]}\n", Files.readString(f, StandardCharsets.UTF_8));
    }

    @Test
    void sortKeys_membersByName() {
        Result r = pipe("{\"b\":1,\"a\":{\"z\":true,\"y\":null},\"C\":[]}", "minify", "--sort-keys");
        assertEquals(0, r.code, r.err);
        assertEquals("{\"C\":[],\"a\":{\"y\":null,\"z\":true},\"b\":1}\n", r.out);
    }

    @Test
    void asciiOnly_escapesNonAscii() {
        Result r = pipe("[\"café\",\"日本\",\"😀\"]", "minify", "--ascii-only");
        assertEquals(0, r.code, r.err);
        assertEquals("[\"caf\\u00e9\",\"\\u65e5\\u672c\",\"\\ud83d\\ude00\"]\n", r.out);
    }

    @Test
    void withoutAsciiOnly_utf8KeptAsIs() {
        Result r = pipe("[\"caf\\u00e9\"]", "minify");
        assertEquals("[\"café\"]\n", r.out);
    }

    @Test
    void scriptSafe_escapesSlashAndLineSeparators() {
        Result r = pipe("[\"</script>\\u2028\"]", "minify", "--script-safe");
        assertEquals(0, r.code, r.err);
        assertEquals("[\"<\\/script>\\u2028\"]\n", r.out);
    }

    /**
     * A repeated member name is counted each time, in a document and in JSON Lines alike (JSON Lines
     * counted the value parse keeps), and --duplicate-keys error makes it an error in both (a document
     * ignored the option). Found by a helper's attack run.
     */
    @Test
    void stats_repeatedNames_countedEachTime_errorUnderDuplicateKeysError() {
        String doc = "{\"a\":1,\"b\":{\"c\":true,\"c\":[2,3]},\"a\":\"x\"}\n";
        List<String> expected = List.of("objects: 2", "arrays: 1", "strings: 6 (5 member names)", "numbers: 3 (3 integers, 0 decimals)",
                "true: 1", "false: 0", "null: 0", "max depth: 3");
        for (String mode : new String[] {"--json", "--ndjson"}) {
            for (String backend : new String[] {"java", "native"}) {
                Result r = pipe(doc + (mode.equals("--ndjson") ? doc : ""), "stats", mode, "--backend", backend);
                assertEquals(0, r.code, r.err);
                List<String> lines = r.out.lines().filter(l -> !l.startsWith("file") && !l.startsWith("bytes") && !l.startsWith("parse")
                        && !l.startsWith("records")).collect(java.util.stream.Collectors.toList());
                List<String> want = mode.equals("--json") ? expected : List.of("objects: 4", "arrays: 2", "strings: 12 (10 member names)",
                        "numbers: 6 (6 integers, 0 decimals)", "true: 2", "false: 0", "null: 0", "max depth: 3");
                assertEquals(want, lines, mode + " " + backend);
                Result strict = pipe(doc, "stats", mode, "--backend", backend, "--duplicate-keys", "error");
                assertEquals(1, strict.code, mode + " " + backend + ": " + strict.out);
                assertEquals("hyson: <stdin>: duplicate member name \"c\" at line 1, column 22 (byte 21): not allowed by --duplicate-keys error\n",
                        strict.err.replace("<stdin>:1:", "<stdin>:"), mode + " " + backend);
            }
        }
    }

    @Test
    void stats_smallDocument_counts() {
        Result r = pipe("{\"a\":[1,2.5,\"s\",true,false,null,{\"b\":-7}],\"c\":\"t\"}", "stats");
        assertEquals(0, r.code, r.err);
        List<String> lines = r.out.lines().collect(java.util.stream.Collectors.toList());
        assertEquals(List.of(
                "file: <stdin>",
                "bytes: 50",
                "objects: 2",
                "arrays: 1",
                "strings: 5 (3 member names)",
                "numbers: 3 (2 integers, 1 decimals)",
                "true: 1",
                "false: 1",
                "null: 1",
                "max depth: 3"), lines.subList(0, 10));
        // under auto, a document this small is scanned by the Java backend, native or not
        assertTrue(lines.get(10).matches("parse: \\d+\\.\\d{3} ms, (\\d+\\.\\d MB/s|-) \\(java backend, one cold parse\\)"),
                lines.get(10));
        assertEquals(11, lines.size());
    }

    @Test
    void optionsBeforeTheCommand_movedAfterIt() {
        Result r = pipe("[1]", "--backend", "java", "validate", "--verbose");
        assertEquals(0, r.code, r.err);
        assertEquals("<stdin>: valid\n", r.out);
        java.util.Set<String> commands = java.util.Set.of("validate", "pretty");
        assertEquals(List.of("validate", "--backend", "java", "f.json"),
                List.of(Main.commandFirst(new String[] {"--backend", "java", "validate", "f.json"}, commands)));
        assertEquals(List.of("--help", "validate"), List.of(Main.commandFirst(new String[] {"--help", "validate"}, commands)));
        assertEquals(List.of("validate", "--backend", "java"),
                List.of(Main.commandFirst(new String[] {"validate", "--backend", "java"}, commands)));
        assertEquals(List.of("--bogus", "--", "validate"),
                List.of(Main.commandFirst(new String[] {"--bogus", "--", "validate"}, commands)));
    }

    @Test
    void sampleOption_readsTheSampleWhateverStandardInputIs() {
        Result r = pipe("", "validate", "--sample", "--verbose");
        assertEquals(0, r.code, r.err);
        assertEquals("sample.json: valid\n", r.out);
        assertEquals("", r.err);
        Result both = pipe("", "validate", "--sample", "x.json");
        assertEquals(2, both.code, both.err);
        assertTrue(both.err.contains("--sample takes no FILE"), both.err);
    }

    /** convert --to msgpack reads the sample as the other commands do (it had no --sample: found by a new-user trial). */
    @Test
    void convertSampleOption_convertsTheSample(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path out = dir.resolve("sample.mp");
        Result r = pipe("", "convert", "--to", "msgpack", "--sample", "-o", out.toString());
        assertEquals(0, r.code, r.err);
        Result json = pipe("", "minify", "--sample");
        assertEquals(0, json.code, json.err);
        assertArrayEquals(dev.hyson.msgpack.MessagePack.fromJson(json.out.trim()), java.nio.file.Files.readAllBytes(out));
        Result toJson = pipe("", "convert", "--to", "json", "--sample");
        assertEquals(2, toJson.code, toJson.err);
        assertTrue(toJson.err.contains("--sample applies to --to msgpack only"), toJson.err);
        Result withFile = pipe("", "convert", "--to", "msgpack", "--sample", "x.json");
        assertEquals(2, withFile.code, withFile.err);
        assertTrue(withFile.err.contains("--sample takes no FILE"), withFile.err);
    }

    @Test
    void emptyStandardInput_isAnError_notTheSample() {
        Result r = pipe("", "validate");
        assertEquals(1, r.code, r.err);
        assertEquals("", r.out);
        assertFalse(r.err.contains("sample"), r.err);
        assertTrue(r.err.startsWith("hyson: <stdin>: "), r.err);
    }

    @Test
    void jsonLinesReadAsOneDocument_hintsAtNdjson() {
        Result r = pipe("{\"a\":1}\n{\"a\":2}\n", "validate");
        assertEquals(1, r.code, r.err);
        assertTrue(r.err.contains("expected the end of input after the value"), r.err);
        assertTrue(r.err.endsWith("; if the input is JSON Lines (one value per line), add --ndjson\n"), r.err);
        Result oneLine = pipe("1 2", "validate");
        assertFalse(oneLine.err.contains("--ndjson"), oneLine.err);
        // not when the command line asked for one document
        for (String documents : new String[] {"--no-ndjson", "--json"}) {
            Result chosen = pipe("{\"a\":1}\n{\"a\":2}\n", "validate", documents);
            assertEquals(1, chosen.code, chosen.err);
            assertTrue(chosen.err.endsWith("expected the end of input after the value\n"), chosen.err);
        }
    }

    @Test
    void stats_documentMuchLargerThanTheHeap_countedInBoundedMemory() throws Exception {
        // 64 MiB of JSON in a child JVM with a 32 MiB heap: counted from the event stream, no tree
        Path big = dir.resolve("big.json");
        byte[] row = "{\"id\":12345,\"name\":\"abcdefgh\",\"score\":1.5,\"ok\":true,\"tags\":[null,false]},"
                .getBytes(StandardCharsets.US_ASCII);
        long rows = (64L << 20) / row.length;
        try (java.io.OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(big), 1 << 16)) {
            o.write('[');
            for (long n = 0; n < rows; n++) {
                o.write(row);
            }
            o.write("{}]".getBytes(StandardCharsets.US_ASCII));
        }
        Process p = ChildCli.start(List.of("-Xmx32m", "-XX:TieredStopAtLevel=1"), "stats", big.toString());
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertTrue(out.contains("\nbytes: " + Files.size(big) + "\n"), out);
        assertTrue(out.contains("\nobjects: " + (rows + 1) + "\n"), out);
        assertTrue(out.contains("\narrays: " + (rows + 1) + "\n"), out);
        assertTrue(out.contains("\nstrings: " + 6 * rows + " (" + 5 * rows + " member names)\n"), out);
        assertTrue(out.contains("\nnumbers: " + 2 * rows + " (" + rows + " integers, " + rows + " decimals)\n"), out);
        assertTrue(out.contains("\nnull: " + rows + "\n"), out);
        assertTrue(out.contains("\nmax depth: 3\n"), out);
    }

    @Test
    void stats_corpusDocument_eventCountsEqualTheTreesOnBothBackends() throws IOException {
        Path twitter = Path.of("..", "..", "shared", "corpus", "twitter.json");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(twitter), "../shared/corpus is absent");
        Stats tree = Stats.of(Json.parse(Files.readAllBytes(twitter)));
        String expected = StatsCommand.report("t", 0, tree, 0, "x");
        expected = expected.substring(expected.indexOf("objects: "), expected.indexOf("parse: "));
        for (String backend : new String[] {"java", "native"}) {
            if (backend.equals("native") && Backend.nativeKernels().isEmpty()) {
                continue;
            }
            Result r = pipe("", "stats", "--backend", backend, twitter.toString());
            assertEquals(0, r.code, r.err);
            assertTrue(r.out.contains("\n" + expected), backend + ": " + r.out);
            assertTrue(r.out.contains("(" + backend + " backend, one cold parse)"), r.out);
        }
    }

    @Test
    void stats_scalarDocument_depthZero() {
        Result r = pipe("\"just a string\"", "stats");
        assertTrue(r.out.contains("\nstrings: 1 (0 member names)\n"), r.out);
        assertTrue(r.out.contains("\nmax depth: 0\n"), r.out);
    }

    @Test
    void stats_deepNesting_walkDoesNotRecurse() {
        String deep = "[".repeat(900) + "]".repeat(900);
        Result r = pipe(deep, "stats");
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("\narrays: 900\n"), r.out);
        assertTrue(r.out.contains("\nmax depth: 900\n"), r.out);
    }

    @Test
    void maxDepth_exceeded_exit1() {
        Result r = pipe("[[[1]]]", "validate", "--max-depth", "2");
        assertEquals(1, r.code);
        assertTrue(r.err.startsWith("hyson: <stdin>: "), r.err);
        assertTrue(r.err.contains("line 1, column 3 (byte 2)"), r.err);
    }

    @Test
    void maxDepth_zero_usageError() {
        Result r = pipe("[]", "validate", "--max-depth", "0");
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("hyson: maxDepth must be at least 1: 0\n"), r.err);
    }

    @Test
    void lenientFlags_acceptedOnlyWhenGiven() {
        String doc = "// note\n{\"a\":[1,NaN,],}";
        assertEquals(1, pipe(doc, "validate").code);
        Result r = pipe(doc, "minify", "--allow-comments", "--allow-trailing-commas", "--allow-nan");
        assertEquals(0, r.code, r.err);
        assertEquals("{\"a\":[1,NaN]}\n", r.out);
    }

    @Test
    void allowOverflow_withoutAllowNan_cannotWriteAndWritesNothing() {
        Result r = pipe("[1e400]", "minify", "--allow-overflow");
        assertEquals(1, r.code);
        assertEquals("", r.out);
        assertEquals("hyson: <stdin>: cannot write Infinity: RFC 8259 numbers are finite (the parser's number at line 1, column 2) at $[0]"
                + " (an overflowed number became an infinity; add --allow-nan to write it as Infinity)\n", r.err);
        // the path of the value, inside objects and arrays, and in pretty output and JSON Lines as well
        String where = " (an overflowed number became an infinity; add --allow-nan to write it as Infinity)\n";
        assertEquals("hyson: <stdin>: cannot write Infinity: RFC 8259 numbers are finite (the parser's number at line 1, column 11) at $[1][1]" + where,
                pipe("[[1,2],[3,1e400]]", "minify", "--allow-overflow").err);
        assertEquals("hyson: <stdin>: cannot write -Infinity: RFC 8259 numbers are finite (the parser's number at line 2, column 18) at $.x['b c'][0].y" + where,
                pipe("{\"a\":{\"q\":1},\n\"x\":{\"b c\":[{\"y\":-1e999}]}}", "pretty", "--allow-overflow").err);
        assertEquals("hyson: <stdin>: cannot write Infinity: RFC 8259 numbers are finite (in line 2) at $.k[1]" + where,
                pipe("1\n{\"k\":[0,1e400]}\n", "minify", "--ndjson", "--allow-overflow").err);
        assertEquals(0, pipe("[1e400]", "validate", "--allow-overflow").code);
        assertEquals("[Infinity]\n", pipe("[1e400]", "minify", "--allow-overflow", "--allow-nan").out);
        // get names the flag too, not the Java builder method (found by a new-user trial)
        Result get = pipe("{\"a\":1.50,\"b\":1e400}", "get", "--allow-overflow", "-", "/b");
        assertEquals(1, get.code);
        assertEquals("hyson: <stdin>: cannot print the value: cannot write Infinity: RFC 8259 numbers are finite"
                + " (--allow-nan writes NaN and Infinity, which most parsers reject) at $\n", get.err);
        assertEquals("Infinity\n", pipe("{\"a\":1.50,\"b\":1e400}", "get", "--allow-overflow", "--allow-nan", "-", "/b").out);
    }

    @Test
    void duplicateKeys_policies() {
        String doc = "{\"a\":1,\"a\":2}";
        assertEquals("{\"a\":2}\n", pipe(doc, "minify").out);
        assertEquals("{\"a\":1}\n", pipe(doc, "minify", "--duplicate-keys", "first").out);
        Result r = pipe(doc, "minify", "--duplicate-keys", "error");
        assertEquals(1, r.code);
        assertEquals("", r.out);
        assertEquals(2, pipe(doc, "minify", "--duplicate-keys", "sometimes").code);
    }

    @Test
    void loneSurrogates_replace() {
        Result r = pipe("[\"\\ud800x\"]", "minify", "--lone-surrogates", "replace");
        assertEquals("[\"\uFFFDx\"]\n", r.out);
        assertEquals(1, pipe("[\"\\ud800x\"]", "validate", "--lone-surrogates", "error").code);
    }

    @Test
    void rejectBom_bomIsAnError() {
        String bom = "\uFEFF[1]";
        assertEquals(0, pipe(bom, "validate").code);
        assertEquals(1, pipe(bom, "validate", "--reject-bom").code);
    }

    @Test
    void bigDecimal_keepsDigits() {
        String doc = "[0.10000000000000000000001]";
        assertEquals("[0.1]\n", pipe(doc, "minify").out);
        assertEquals("[0.10000000000000000000001]\n", pipe(doc, "minify", "--big-decimal").out);
    }

    @Test
    void version_namesVersionAndBackend() {
        Result r = run(StdinKind.NONE, "", Map.of("HYSON_BACKEND", "java"), "--version");
        assertEquals(0, r.code, r.err);
        List<String> lines = r.out.lines().collect(java.util.stream.Collectors.toList());
        assertEquals("hyson " + Version.version(), lines.get(0));
        assertEquals("dev", Version.version(), "classes run from target/classes carry no version");
        assertEquals("backend: java (swar64)", lines.get(1));
        assertEquals("native not used: java backend requested (HYSON_BACKEND=java)", lines.get(2));
        assertEquals("", r.err);
    }

    @Test
    void version_defaultBackend_matchesActive() {
        Result r = terminal("--version");
        assertEquals(0, r.code, r.err);
        Backend active = Backend.active();
        assertTrue(r.out.contains("\nbackend: " + active.name() + " (" + active.kernel() + ")\n"), r.out);
        assertEquals(active.fallbackReason().isPresent(), r.out.contains("\nnative not used: "), r.out);
        active.kernelChoice().ifPresent(why -> assertTrue(r.out.contains("\nkernel: " + why + "\n"), r.out));
    }

    @Test
    void help_listsCommandsAndExitCodes() {
        Result r = terminal("--help");
        assertEquals(0, r.code);
        for (String s : List.of("Usage: hyson", "pretty", "minify", "validate", "stats", "Exit codes:", "HYSON_BACKEND")) {
            assertTrue(r.out.contains(s), s + " in " + r.out);
        }
        Result help = terminal("help");
        assertEquals(0, help.code, help.err);
        assertEquals(r.out, help.out); // 'hyson help' is 'hyson --help'
        Result helpPretty = terminal("help", "pretty");
        assertEquals(0, helpPretty.code, helpPretty.err);
        assertTrue(helpPretty.out.startsWith("Usage: hyson pretty [OPTIONS] [FILE...]\n"), helpPretty.out);
        Result sub = terminal("pretty", "--help");
        assertEquals(0, sub.code);
        assertTrue(sub.out.startsWith("Usage: hyson pretty [OPTIONS] [FILE...]\n"), sub.out);
        assertTrue(sub.out.contains("--indent=N"), sub.out);
        assertTrue(sub.out.contains("Exit codes:"), sub.out);
    }

    /**
     * An unknown command is named as one (picocli said "Unmatched arguments from index 0"), and a
     * directory is "is a directory" whichever command meets it (a new-user trial).
     */
    @Test
    void unknownCommand_namedAsOne_directoryWordedAlike() throws Exception {
        Result r = terminal("bogus", "x.json");
        assertEquals(2, r.code);
        assertEquals("hyson: unknown command 'bogus'; the commands are pretty, minify, validate, get, stats, convert, bench;"
                + " try 'hyson --help'\n", r.err);
        Path sub = java.nio.file.Files.createDirectory(dir.resolve("adir"));
        for (String[] args : new String[][] {{"validate", sub.toString()}, {"convert", "--to", "msgpack", sub.toString()}}) {
            Result d = terminal(args);
            assertEquals(1, d.code, String.join(" ", args));
            assertEquals("hyson: " + sub + ": cannot read: is a directory\n", d.err, String.join(" ", args));
        }
    }
}
