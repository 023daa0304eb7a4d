package dev.hyson;

import dev.hyson.lazy.LazyDocument;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The lazy-document part of {@link JsonReader}'s API: {@code document(...)} of each input kind, each a
 * scan into a {@link LazyDocument} (package {@code dev.hyson.lazy}) with the reader's options. A
 * package-private superclass, as {@link LineReading} is: its public methods are {@code JsonReader}'s,
 * documented with it.
 */
abstract class DocumentReading extends LineReading {
    DocumentReading() {
    }

    /** @return the reader's reading of arrays */
    abstract ArrayDocuments arrays();

    /** @return the reader's reading of files and buffers */
    abstract ReaderInputs inputs();

    /**
     * Scans (and so validates) a whole JSON text and returns it as a {@link LazyDocument}: values are
     * looked up by name, index or JSON Pointer (RFC 6901) and read on demand, nothing else built. The
     * document uses {@code json} in place and keeps it: do not change the array while it is in use.
     *
     * @param json UTF-8 bytes
     * @return the document
     * @throws JsonParseException for input this reader does not accept, as {@link JsonReader#parse(byte[])}
     */
    public LazyDocument document(byte[] json) {
        return arrays().document(json, 0, json.length);
    }

    /**
     * @param json the array holding UTF-8 JSON text, used in place
     * @param offset index of the text's first byte
     * @param length length of the text in bytes
     * @return the document, as {@link #document(byte[])}; error offsets are relative to {@code offset}
     * @throws IndexOutOfBoundsException when the slice is not inside the array
     * @throws JsonParseException for input this reader does not accept
     */
    public LazyDocument document(byte[] json, int offset, int length) {
        return arrays().document(json, offset, length);
    }

    /**
     * @param json the JSON text (encoded to UTF-8 first, as {@link JsonReader#parse(String)} does)
     * @return the document, as {@link #document(byte[])}
     * @throws JsonParseException for input this reader does not accept
     */
    public LazyDocument document(String json) {
        return document(dev.hyson.internal.text.Utf8.ofJsonText(json));
    }

    /**
     * @param path a file of UTF-8 JSON, read whole into memory (the document holds it)
     * @return the document, as {@link #document(byte[])}
     * @throws JsonParseException for input this reader does not accept, a file longer than
     *     {@code maxDocumentLength} included
     * @throws UncheckedIOException when the file cannot be read
     */
    public LazyDocument document(Path path) {
        return inputs().document(path);
    }

    /**
     * @param json UTF-8 JSON from the buffer's position to its limit (not changed); a heap buffer's array
     *     is used in place, a direct buffer is copied once
     * @return the document, as {@link #document(byte[])}
     * @throws JsonParseException for input this reader does not accept
     */
    public LazyDocument document(ByteBuffer json) {
        return inputs().document(json);
    }
}
