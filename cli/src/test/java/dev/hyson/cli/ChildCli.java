package dev.hyson.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts the tool in a child JVM on this test's class path, standard input from /dev/null. */
final class ChildCli {
    private ChildCli() {
    }

    /**
     * @param jvmOptions options for the child JVM, e.g. {@code -Dhyson.native.kernel=scalar}
     * @param args the tool's command line
     * @return the started process; its standard output and error are pipes to this process
     * @throws IOException when the JVM cannot be started
     */
    static Process start(List<String> jvmOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED"); // as the launcher runs it (no JDK 24+ warning)
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.addAll(jvmOptions);
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }
}
