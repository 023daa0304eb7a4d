package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module boundary as an application sees it: a small modular app ({@code requires dev.hyson})
 * is compiled with javac and run with {@code java} in child processes, on the module path and on
 * the class path, against this build's classes.
 */
class ModularAppTest {
    private static final String MODULE_INFO = "module app {\n"
            + "    requires dev.hyson;\n"
            + "    opens app to dev.hyson;\n" // the writer reads records through their accessors
            + "}\n";

    private static final String MAIN = "package app;\n"
            + "\n"
            + "import dev.hyson.Json;\n"
            + "import java.util.Map;\n"
            + "\n"
            + "public class Main {\n"
            + "    public record Point(int x, int y) {}\n"
            + "\n"
            + "    public static void main(String[] args) {\n"
            + "        Object value = Json.parse(\"{\\\"a\\\":[1,2.5,\\\"\\u00e9\\\",null,true]}\");\n"
            + "        System.out.println(Json.write(value));\n"
            + "        System.out.println(Json.write(Map.of(\"p\", new Point(1, 2))));\n"
            + "        System.out.println(Json.backend().name());\n"
            + "        dev.hyson.stream.JsonLines lines = dev.hyson.JsonReader.defaults().lines();\n"
            + "        System.out.println(lines.read(\"1\\n[2]\\n\".getBytes()).count());\n"
            + "    }\n"
            + "}\n";

    /** A private record, bound both ways: the generated codecs must work for it on either path. */
    private static final String PRIVATE_TYPES = "package app;\n"
            + "\n"
            + "import dev.hyson.Json;\n"
            + "import java.util.List;\n"
            + "\n"
            + "public class Main {\n"
            + "    private record Secret(String name, int n, List<Secret> kids) {}\n"
            + "\n"
            + "    public static void main(String[] args) {\n"
            + "        Secret s = Json.read(\"{\\\"name\\\":\\\"a\\\",\\\"n\\\":1,\\\"kids\\\":[{\\\"name\\\":\\\"b\\\",\\\"n\\\":2}]}\", Secret.class);\n"
            + "        System.out.println(\"result \" + Json.write(s));\n"
            + "    }\n"
            + "}\n";

    @Test
    void privateRecords_onModulePathAndClassPath_bindThroughGeneratedCodecs() throws Exception {
        Path hyson = hysonClasses();
        Path out = compile(hyson, PRIVATE_TYPES);
        String want = "result {\"name\":\"a\",\"n\":1,\"kids\":[{\"name\":\"b\",\"n\":2,\"kids\":null}]}";
        for (List<String> path : List.of(List.of("--module-path", hyson + File.pathSeparator + out, "--module", "app/app.Main"),
                List.of("-cp", hyson + File.pathSeparator + out, "app.Main"))) {
            List<String> args = new ArrayList<>(List.of("-Xlog:class+load=info"));
            args.addAll(path);
            String stdout = run(args.toArray(new String[0]));
            assertTrue(stdout.contains(want), stdout);
            // the hidden classes generated for the private record, named after it
            assertTrue(stdout.contains("dev.hyson.internal.bind.GeneratedReader$$Secret/"), stdout);
            assertTrue(stdout.contains("dev.hyson.internal.write.ModelWriter$$Secret/"), stdout);
        }
    }

    private static final String INTERNAL_USER = "package app;\n"
            + "\n"
            + "public class Internal {\n"
            + "    static final int N = dev.hyson.internal.scan.AutoThreshold.NATIVE_MIN_LENGTH;\n"
            + "}\n";

    @TempDir
    Path dir;

    @Test
    void modularApp_onModulePathAndClassPath_roundTripsOnTheExpectedBackend() throws Exception {
        Path hyson = hysonClasses();
        Path out = compile(hyson, MAIN);
        String nativeAccess = "--enable-native-access=dev.hyson";
        String expectedAuto = Backend.of(Backend.Choice.NATIVE).isAvailable() ? "native" : "java";

        assertEquals(expected(expectedAuto), run(nativeAccess, "--module-path", hyson + File.pathSeparator + out,
                "--module", "app/app.Main"));
        assertEquals(expected("java"), run(nativeAccess, "-Dhyson.backend=java",
                "--module-path", hyson + File.pathSeparator + out, "--module", "app/app.Main"));
        assertEquals(expected(expectedAuto), run("--enable-native-access=ALL-UNNAMED",
                "-cp", hyson + File.pathSeparator + out, "app.Main"));
    }

    @Test
    void modularApp_usingAnInternalPackage_doesNotCompile() throws Exception {
        Path hyson = hysonClasses();
        Path src = writeSources(INTERNAL_USER, "Internal.java");
        Result javac = exec(List.of(tool("javac"), "--module-path", hyson.toString(), "-d",
                dir.resolve("out-internal").toString(), src.resolve("module-info.java").toString(),
                src.resolve("app/Internal.java").toString()));
        assertNotEquals(0, javac.exitCode(), javac.output());
        assertTrue(javac.output().contains("package dev.hyson.internal.scan is not visible"), javac.output());
    }

    private static String expected(String backend) {
        return "{\"a\":[1,2.5,\"\u00e9\",null,true]}\n{\"p\":{\"x\":1,\"y\":2}}\n" + backend + "\n2\n";
    }

    /** The folder or jar that holds this build's dev.hyson module (target/classes under Maven). */
    private static Path hysonClasses() throws Exception {
        Path p = Path.of(Json.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.exists(p.resolve("module-info.class")) || p.toString().endsWith(".jar"), p.toString());
        return p;
    }

    private Path compile(Path hyson, String main) throws Exception {
        Path src = writeSources(main, "Main.java");
        Path out = dir.resolve("out");
        Result javac = exec(List.of(tool("javac"), "--module-path", hyson.toString(), "-d", out.toString(),
                src.resolve("module-info.java").toString(), src.resolve("app/Main.java").toString()));
        assertEquals(0, javac.exitCode(), javac.output());
        return out;
    }

    private Path writeSources(String source, String fileName) throws IOException {
        Path src = dir.resolve("src-" + fileName.replace(".java", ""));
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("module-info.java"), MODULE_INFO);
        Files.writeString(src.resolve("app").resolve(fileName), source);
        return src;
    }

    private static String run(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(tool("java"));
        command.add("-Dstdout.encoding=UTF-8"); // JDK 19+
        command.add("-Dsun.stdout.encoding=UTF-8"); // JDK 17
        command.addAll(List.of(args));
        Result java = exec(command);
        assertEquals(0, java.exitCode(), java.output());
        return java.stdout();
    }

    private static String tool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name).toString();
    }

    /** A child's exit code, its standard output, and both of its outputs together for messages. */
    private record Result(int exitCode, String stdout, String output) {
    }

    private static Result exec(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(false).start();
        // both streams are small (a few lines), so reading one after the other cannot block the child
        byte[] stdout = p.getInputStream().readAllBytes();
        byte[] stderr = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + command);
        String out = new String(stdout, StandardCharsets.UTF_8);
        return new Result(p.exitValue(), out, out + new String(stderr, StandardCharsets.UTF_8));
    }
}
