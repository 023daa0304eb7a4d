/**
 * Streams of JSON values: JSON Lines (NDJSON), one value per line, read lazily with
 * {@link dev.hyson.stream.JsonLines} (from {@link dev.hyson.JsonReader#lines()} or the shortcuts
 * {@link dev.hyson.JsonReader#readLines(java.nio.file.Path)} and its overloads) and written with
 * {@link dev.hyson.JsonWriter#writeLines(Iterable, java.io.OutputStream)}.
 *
 * <pre>{@code
 * try (Stream<Object> values = reader.readLines(Path.of("events.ndjson"))) {
 *     values.forEach(System.out::println);
 * }
 * }</pre>
 *
 * <p>Errors are placed in the whole input (line, column, byte offset); a bad line either stops the
 * stream (the default) or is skipped and reported to a {@link dev.hyson.stream.LineErrorHandler}.
 */
package dev.hyson.stream;
