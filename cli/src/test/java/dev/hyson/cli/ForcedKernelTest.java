package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hyson.Backend;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A native kernel forced with -Dhyson.native.kernel that cannot run: exit 2, one line, no stack trace. */
class ForcedKernelTest {
    @TempDir
    Path dir;

    private String document() throws Exception {
        return Files.writeString(dir.resolve("doc.json"), "{\"a\":[1,2]}", StandardCharsets.US_ASCII).toString();
    }

    private static CliTest.Result run(String kernel, String... args) throws Exception {
        Process p = ChildCli.start(List.of("-Dhyson.native.kernel=" + kernel), args);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new CliTest.Result(p.exitValue(), out, err);
    }

    @Test
    void bogusKernel_prettyAndConvert_exit2WithOneLineNamingTheKernels() throws Exception {
        assumeFalse(Backend.nativeKernels().isEmpty(), "native library not loaded");
        String doc = document();
        for (List<String> args : List.of(List.of("pretty", doc), List.of("convert", "--to", "msgpack", doc))) {
            CliTest.Result r = run("bogus", args.toArray(new String[0]));
            assertEquals(Main.USAGE, r.code, r.err);
            assertEquals("", r.out);
            assertTrue(r.err.startsWith("hyson: native kernel 'bogus' forced by -Dhyson.native.kernel is not a kernel ("),
                    r.err);
            // listed widest first, whatever order this process's calibration ranked them in
            List<String> order = List.of("avx512", "avx2", "sse2", "neon", "scalar");
            List<String> has = new java.util.ArrayList<>(Backend.nativeKernels());
            has.sort(java.util.Comparator.comparingInt(order::indexOf));
            assertTrue(r.err.endsWith(" (this CPU has " + String.join(", ", has) + ")\n"), r.err);
            assertEquals(1, r.err.split("\n").length, r.err);
        }
    }

    @Test
    void supportedKernel_minify_runsWithIt() throws Exception {
        assumeFalse(Backend.nativeKernels().isEmpty(), "native library not loaded");
        CliTest.Result r = run("scalar", "minify", document());
        assertEquals(Main.OK, r.code, r.err);
        assertEquals("{\"a\":[1,2]}\n", r.out);
        assertEquals("", r.err);
        assertTrue(run("scalar", "--version").out.contains("backend: native (scalar)"));
    }

    @Test
    void bogusKernel_javaBackend_runsJava() throws Exception {
        CliTest.Result r = run("bogus", "minify", "--backend", "java", document());
        assertEquals(Main.OK, r.code, r.err);
        assertEquals("{\"a\":[1,2]}\n", r.out);
        assertEquals("", r.err);
    }
}
