package dev.hyson;

import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The JSON Lines half of {@link JsonReader}'s API: {@link #lines()} and the {@code readLines}
 * shortcuts, each one call of {@link dev.hyson.stream.JsonLines} with the reader's options. A
 * package-private superclass, as {@code AbstractStringBuilder} is {@code StringBuilder}'s: its public
 * methods are {@code JsonReader}'s (javac gives {@code JsonReader} public bridges, so reflection
 * sees them there too), documented with it, and keep the reader's source file to its own job.
 */
abstract class LineReading {
    LineReading() {
    }

    /**
     * JSON Lines reading with this reader's options, under further options of its own (what a bad
     * line does, parallel parsing): {@code reader.lines().onError(handler).parallel(2).read(path)}.
     *
     * @return the JSON Lines reader with the defaults: fail on the first bad line, one thread
     */
    public dev.hyson.stream.JsonLines lines() {
        return dev.hyson.stream.JsonLines.of((JsonReader) this);
    }

    /**
     * Reads a JSON Lines (NDJSON) stream lazily: one value per line, each parsed as
     * {@link JsonReader#parse(byte[])} parses a document, under this reader's options and limits
     * ({@code maxDocumentLength} applies to each line). Blank lines are skipped. See
     * {@link dev.hyson.stream.JsonLines} for the format, errors and memory.
     *
     * <p>The caller's stream is not closed, neither by this method nor by the returned stream's
     * {@code close()}.
     *
     * @param in UTF-8 JSON Lines
     * @return the values in input order; a bad line throws its {@link JsonParseException} (with the
     *     line's place in the whole input) from the stream operation that reaches it
     */
    public java.util.stream.Stream<Object> readLines(InputStream in) {
        return lines().read(in);
    }

    /**
     * Reads a JSON Lines file lazily, as {@link #readLines(InputStream)}. The returned stream holds
     * the file open until it is closed: use it in a try-with-resources statement,
     * {@code try (Stream<Object> s = reader.readLines(path)) { ... }}.
     *
     * @param path a UTF-8 JSON Lines file
     * @return the values in file order
     * @throws UncheckedIOException when the file cannot be opened (a failing read later is thrown
     *     by the stream operation)
     */
    public java.util.stream.Stream<Object> readLines(Path path) {
        return lines().read(path);
    }

    /**
     * Reads JSON Lines held in an array, as {@link #readLines(InputStream)}, without copying it.
     *
     * @param json UTF-8 JSON Lines (not copied: do not change it while the stream is used)
     * @return the values in input order
     */
    public java.util.stream.Stream<Object> readLines(byte[] json) {
        return lines().read(json);
    }

    /**
     * Reads JSON Lines, binding each line to {@code type} as {@link JsonReader#read(byte[], Class)} does.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound (before anything is read)
     */
    public <T> java.util.stream.Stream<T> readLines(InputStream in, Class<T> type) {
        return lines().read(in, type);
    }

    /**
     * Reads a JSON Lines file, binding each line to {@code type}; close the stream to close the file.
     *
     * @param path a UTF-8 JSON Lines file
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values in file order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     * @throws UncheckedIOException when the file cannot be opened
     */
    public <T> java.util.stream.Stream<T> readLines(Path path, Class<T> type) {
        return lines().read(path, type);
    }

    /**
     * Reads JSON Lines held in an array, binding each line to {@code type}.
     *
     * @param json UTF-8 JSON Lines (not copied)
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public <T> java.util.stream.Stream<T> readLines(byte[] json, Class<T> type) {
        return lines().read(json, type);
    }

    /**
     * Reads JSON Lines, binding each line to a generic type such as {@code new TypeRef<Map<String, Point>>() {}}.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public <T> java.util.stream.Stream<T> readLines(InputStream in, TypeRef<T> type) {
        return lines().read(in, type);
    }

    /**
     * Reads a JSON Lines file, binding each line to a generic type; close the stream to close the file.
     *
     * @param path a UTF-8 JSON Lines file
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values in file order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     * @throws UncheckedIOException when the file cannot be opened
     */
    public <T> java.util.stream.Stream<T> readLines(Path path, TypeRef<T> type) {
        return lines().read(path, type);
    }

    /**
     * Reads JSON Lines held in an array, binding each line to a generic type.
     *
     * @param json UTF-8 JSON Lines (not copied)
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public <T> java.util.stream.Stream<T> readLines(byte[] json, TypeRef<T> type) {
        return lines().read(json, type);
    }
}
