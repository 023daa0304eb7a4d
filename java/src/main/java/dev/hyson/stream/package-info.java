/**
 * Streaming, in bounded memory whatever the input's size: a pull parser
 * ({@link dev.hyson.stream.JsonParser}, from {@link dev.hyson.JsonReader#parser(java.io.InputStream)} and
 * its overloads), an incremental generator ({@link dev.hyson.stream.JsonGenerator}, from
 * {@link dev.hyson.JsonWriter#generator(java.io.OutputStream)}), and JSON Lines (NDJSON), one value per
 * line, read lazily with {@link dev.hyson.stream.JsonLines} (from {@link dev.hyson.JsonReader#lines()} or
 * the shortcuts {@link dev.hyson.JsonReader#readLines(java.nio.file.Path)} and its overloads) and written
 * with {@link dev.hyson.JsonWriter#writeLines(Iterable, java.io.OutputStream)}.
 *
 * <pre>{@code
 * try (Stream<Object> values = reader.readLines(Path.of("events.ndjson"))) {
 *     values.forEach(System.out::println);
 * }
 * }</pre>
 *
 * <p>The parser is fed by the same scanners as {@code JsonReader.parse}, one window (1 MiB) per call
 * and so one JNI crossing per window for the native backend, never one per token. JSON Lines errors are
 * placed in the whole input (line, column, byte offset); a bad line either stops the stream (the
 * default) or is skipped and reported to a {@link dev.hyson.stream.LineErrorHandler}.
 */
package dev.hyson.stream;
