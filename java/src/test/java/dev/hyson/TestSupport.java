package dev.hyson;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Shared test data and the list of backends every parsing test runs on. */
final class TestSupport {
    private TestSupport() {
    }

    /** The shared folder (corpus, conformance): {@code -Dhyson.shared}, else {@code ../shared} or {@code ../../shared}. */
    static Path shared() {
        String prop = System.getProperty("hyson.shared");
        List<Path> candidates = new ArrayList<>();
        if (prop != null) {
            candidates.add(Path.of(prop));
        }
        candidates.add(Path.of("..", "shared"));
        candidates.add(Path.of("..", "..", "shared"));
        for (Path p : candidates) {
            if (Files.isDirectory(p.resolve("corpus"))) {
                return p;
            }
        }
        assumeTrue(false, "../shared not found (looked at " + candidates + "): corpus and conformance tests skipped");
        return null;
    }

    /**
     * Every backend available in this JVM: always java; native on every CPU kernel this machine
     * has when the library loads. With {@code CI=true} the native backend must be there.
     */
    static List<Backend> backends() {
        List<Backend> list = new ArrayList<>();
        list.add(Backend.of(Backend.Choice.JAVA));
        for (String kernel : Backend.nativeKernels()) {
            list.add(Backend.nativeKernel(kernel));
        }
        if ("true".equals(System.getenv("CI")) && list.size() == 1) {
            throw new IllegalStateException("CI=true but the native backend did not load: "
                    + Backend.of(Backend.Choice.NATIVE).fallbackReason().orElse("?"));
        }
        return list;
    }

    static JsonReader reader(Backend backend) {
        return JsonReader.builder().backend(backend).build();
    }

    static JsonReader reader(Backend backend, UnaryOperator<JsonReader.Builder> options) {
        return options.apply(JsonReader.builder().backend(backend)).build();
    }
}
