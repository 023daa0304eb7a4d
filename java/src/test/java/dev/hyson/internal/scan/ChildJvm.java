package dev.hyson.internal.scan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a child JVM that runs a test class on the class path, as an application would. */
final class ChildJvm {
    private ChildJvm() {
    }

    /**
     * @param mainClass the class whose {@code main} the child runs
     * @param jvmOptions options before the class name, e.g. {@code -Dhyson.native.kernel=scalar}
     * @return {@code java --enable-native-access=ALL-UNNAMED -cp <library and test classes> <options> <mainClass>}:
     *     without the native access flag, JDK 24+ prints a warning on the child's stderr when the library loads
     */
    static List<String> command(Class<?> mainClass, String... jvmOptions) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-cp");
        // on the module path the library's classes are not on java.class.path (see java/pom.xml)
        cmd.add(System.getProperty("hyson.test.classpath", "") + System.getProperty("path.separator")
                + System.getProperty("java.class.path"));
        cmd.addAll(List.of(jvmOptions));
        cmd.add(mainClass.getName());
        return cmd;
    }
}
