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

    /** Every backend available in this JVM: always java; native when its library loads. */
    static List<Backend.Choice> backends() {
        List<Backend.Choice> list = new ArrayList<>();
        list.add(Backend.Choice.JAVA);
        if (Backend.of(Backend.Choice.NATIVE).isAvailable()) {
            list.add(Backend.Choice.NATIVE);
        }
        return list;
    }

    static JsonReader reader(Backend.Choice backend) {
        return JsonReader.builder().backend(backend).build();
    }

    static JsonReader reader(Backend.Choice backend, UnaryOperator<JsonReader.Builder> options) {
        return options.apply(JsonReader.builder().backend(backend)).build();
    }
}
