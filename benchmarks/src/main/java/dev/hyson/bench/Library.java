package dev.hyson.bench;

import java.io.OutputStream;

/**
 * One JSON library as the benchmarks call it: UTF-8 bytes to a generic tree of maps, lists,
 * strings, numbers, booleans and nulls, and such a tree back to compact UTF-8 bytes. Instances
 * come from {@link Libraries#byName}; each is configured once, the way a user tuning for speed
 * would, and is safe to use from several threads.
 */
public interface Library {
    /** @return the name used in {@code -p library=...} */
    String name();

    /**
     * @param json a whole JSON text
     * @return the library's own generic tree
     * @throws Exception whatever the library throws for input it rejects
     */
    Object parse(byte[] json) throws Exception;

    /**
     * @param tree a tree this library built with {@link #parse}
     * @return compact JSON as UTF-8
     * @throws Exception whatever the library throws
     */
    byte[] write(Object tree) throws Exception;

    /**
     * Streams compact JSON to {@code out}; only libraries with a streaming writer support it.
     *
     * @throws UnsupportedOperationException when this library is benchmarked through {@link #write(Object)} only
     * @throws Exception whatever the library throws
     */
    default void write(Object tree, OutputStream out) throws Exception {
        throw new UnsupportedOperationException(name() + " has no streaming variant in these benchmarks");
    }
}
