package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.Backend;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hyson bench}: the table, the backends it names, and its errors (timings are not asserted). */
class BenchCommandTest {
    private static String[] run(int expectedExit, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), StdinKind.NONE, Map.of());
        String[] result = {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
        assertEquals(expectedExit, code, "stdout: " + result[0] + "\nstderr: " + result[1]);
        return result;
    }

    @Test
    void bench_twoFiles_oneRowEachWithBothBackends(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), "{\"k\":[1,2.5,\"x\"]}");
        Path b = Files.writeString(dir.resolve("b.json"), "[true,false,null]");
        String[] r = run(0, "bench", "--seconds", "0.02", "--warmup", "0", a.toString(), b.toString());
        String[] lines = r[0].split("\n");
        assertTrue(lines[0].startsWith("document") && lines[0].contains("java MB/s") && lines[0].contains("ratio"), r[0]);
        assertTrue(lines[1].contains("a.json") && lines[1].contains(" 17 "), lines[1]);
        assertTrue(lines[2].contains("b.json") && lines[2].contains(" 17 "), lines[2]);
        if (Backend.of(Backend.Choice.NATIVE).isAvailable()) {
            assertTrue(lines[1].contains("(" + Backend.of(Backend.Choice.NATIVE).kernel() + ")"), lines[1]);
            assertTrue(lines[1].matches(".*\\d+\\.\\d\\dx.*"), lines[1]);
        } else {
            assertTrue(lines[1].contains("unavailable"), lines[1]);
        }
    }

    @Test
    void errors_nameCommandLineFlags_notBuilderMethods(@TempDir Path dir) throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.json"), "[[[1]]]");
        String[] r = run(1, "validate", "--max-depth", "2", deep.toString());
        assertTrue(r[1].contains("raise it with --max-depth"), r[1]);
        Path big = Files.writeString(dir.resolve("big.json"), "[1e400]");
        r = run(1, "validate", big.toString());
        assertTrue(r[1].contains("--allow-overflow"), r[1]);
    }

    @Test
    void bench_backendJava_measuresJavaAlone(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), "[1,2,3]");
        String[] r = run(0, "bench", "--backend", "java", "--seconds", "0.02", "--warmup", "0", a.toString());
        String row = r[0].split("\n")[1];
        assertTrue(row.contains("not measured") && row.matches(".* \\d+\\.\\d .*"), row);
    }

    @Test
    void bench_noFile_usesTheSample() {
        String[] r = run(0, "bench", "--seconds", "0.02", "--warmup", "0");
        assertTrue(r[0].contains("sample.json"), r[0]);
        assertTrue(r[1].contains("bundled sample"), r[1]);
    }

    @Test
    void bench_invalidDocument_exit1_badOption_exit2(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "[1,");
        String[] r = run(1, "bench", "--seconds", "0.02", bad.toString());
        assertTrue(r[1].contains("bad.json") && r[1].contains("line 1, column 4"), r[1]);
        run(2, "bench", "--seconds", "0");
    }
}
