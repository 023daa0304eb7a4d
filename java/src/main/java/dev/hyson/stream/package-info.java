/**
 * Streaming: a pull parser ({@link dev.hyson.stream.JsonParser}, from {@code JsonReader.parser}) and an
 * incremental generator ({@link dev.hyson.stream.JsonGenerator}, from {@code JsonWriter.generator}),
 * both in bounded memory whatever the document's size.
 *
 * <p>The parser is fed by the same scanners as {@code JsonReader.parse}, one window (1 MiB) per call
 * and so one JNI crossing per window for the native backend, never one per token.
 */
package dev.hyson.stream;
