package dev.hyson.bench;

import dev.hyson.bench.bind.CitmCatalog;
import dev.hyson.bench.bind.Clients;
import dev.hyson.bench.bind.ModelGenerator;
import dev.hyson.bench.bind.Twitter;
import dev.hyson.bench.bind.Users;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The documents of the binding benchmarks, by the name {@code -p model=...} gives, each with its
 * root record and its value:
 *
 * <ul>
 *   <li>{@code users-1k}, {@code users-100k}, {@code clients-1k}, {@code clients-100k}: the
 *       generator's {@link Users} and {@link Clients} (fixed seed), written once to compact JSON by
 *       Jackson ({@link BindLibraries#jackson()}).
 *   <li>{@code twitter}, {@code citm}: the corpus files {@code twitter.json} and
 *       {@code citm_catalog.json}, unchanged (both are indented), bound to {@link Twitter} and
 *       {@link CitmCatalog}; the value is what Jackson reads from the file.
 * </ul>
 */
public final class BindModels {
    /** The names {@link #load} accepts. */
    public static final List<String> NAMES =
            List.of("users-1k", "users-100k", "clients-1k", "clients-100k", "twitter", "citm");

    private BindModels() {
    }

    /**
     * A document and its binding.
     *
     * @param name the model's name
     * @param type the root record
     * @param json the document's UTF-8 bytes
     * @param value the document's value as {@code type}
     */
    public record Model(String name, Class<?> type, byte[] json, Object value) {
    }

    /** @return whether {@code model} is read from the shared corpus */
    public static boolean needsCorpus(String model) {
        return model.equals("twitter") || model.equals("citm");
    }

    /**
     * @param model one of {@link #NAMES}
     * @return that document, its record type and value
     * @throws IllegalArgumentException for an unknown name
     * @throws IllegalStateException for a corpus document when the corpus is missing
     */
    public static Model load(String model) {
        switch (model) {
            case "users-1k":
                return generated(model, ModelGenerator.users(ModelGenerator.USERS_1K));
            case "users-100k":
                return generated(model, ModelGenerator.users(ModelGenerator.USERS_100K));
            case "clients-1k":
                return generated(model, ModelGenerator.clients(ModelGenerator.CLIENTS_1K));
            case "clients-100k":
                return generated(model, ModelGenerator.clients(ModelGenerator.CLIENTS_100K));
            case "twitter":
                return corpus(model, "twitter.json", Twitter.class);
            case "citm":
                return corpus(model, "citm_catalog.json", CitmCatalog.class);
            default:
                throw new IllegalArgumentException("unknown model '" + model + "'; known: " + NAMES);
        }
    }

    private static Model generated(String name, Object value) {
        try {
            return new Model(name, value.getClass(), BindLibraries.jackson().writeValueAsBytes(value), value);
        } catch (IOException e) {
            throw new UncheckedIOException("Jackson cannot write " + name, e);
        }
    }

    private static Model corpus(String name, String file, Class<?> type) {
        byte[] json = Corpus.load(file);
        try {
            return new Model(name, type, json, BindLibraries.jackson().readValue(json, type));
        } catch (IOException e) {
            throw new UncheckedIOException("Jackson cannot bind " + file + " to " + type.getName(), e);
        }
    }
}
