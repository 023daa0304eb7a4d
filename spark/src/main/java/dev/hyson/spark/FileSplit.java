package dev.hyson.spark;

import java.io.Serializable;

/**
 * A byte range of one file: {@code [start, start + length)}; a compressed file is one split with
 * {@code length} of -1 (read to its end).
 *
 * @param path the file's Hadoop path, as a URI string
 * @param start the first byte
 * @param length the number of bytes, or -1 for the whole (compressed) file
 */
record FileSplit(String path, long start, long length) implements Serializable {
    /** @return the stream offset lines may start at, at most (inclusive), {@link Long#MAX_VALUE} for a whole file */
    long end() {
        return length < 0 ? Long.MAX_VALUE : start + length;
    }
}
