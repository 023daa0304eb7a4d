package dev.hyson.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the shared corpus ({@code shared/corpus/*.json}) and loads its documents as bytes.
 *
 * <p>The {@code shared} folder is the system property {@code hyson.shared} when set; otherwise the
 * first of {@code ../shared} and {@code ../../shared} (relative to the working directory) that has a
 * {@code corpus} folder, which covers running from the repository root and from {@code benchmarks/}.
 * JMH forks inherit the host JVM's {@code -D} options only when no {@code -jvmArgs} is given; pass
 * {@code -jvmArgsAppend -Dhyson.shared=DIR} to be explicit.
 */
public final class Corpus {
    /** System property naming the {@code shared} folder. */
    public static final String PROPERTY = "hyson.shared";

    private Corpus() {
    }

    /** @return the folders that are tried, in order */
    public static List<Path> candidates() {
        List<Path> dirs = new ArrayList<>();
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            dirs.add(Path.of(property));
        } else {
            dirs.add(Path.of("..", "shared"));
            dirs.add(Path.of("..", "..", "shared"));
        }
        return dirs;
    }

    /** @return the {@code shared/corpus} folder, when one of the {@link #candidates()} has it */
    public static Optional<Path> directory() {
        for (Path shared : candidates()) {
            Path corpus = shared.resolve("corpus");
            if (Files.isDirectory(corpus)) {
                return Optional.of(corpus.toAbsolutePath().normalize());
            }
        }
        return Optional.empty();
    }

    /**
     * @param name a file name in the corpus, e.g. {@code twitter.json}
     * @return the document's bytes, unchanged
     * @throws IllegalStateException when the corpus or the document is missing, naming the paths tried
     */
    public static byte[] load(String name) {
        if (name.contains("/") || name.contains("\\") || name.startsWith(".")) {
            throw new IllegalArgumentException("not a corpus document name: " + name);
        }
        Path corpus = directory().orElseThrow(() -> new IllegalStateException(
                "shared corpus not found: no corpus/ folder in " + describe(candidates())
                        + "; set -D" + PROPERTY + "=/path/to/shared"));
        Path file = corpus.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("corpus document not found: " + file);
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static String describe(List<Path> dirs) {
        List<String> names = new ArrayList<>();
        for (Path dir : dirs) {
            names.add(dir.toAbsolutePath().normalize().toString());
        }
        return String.join(", ", names);
    }
}
