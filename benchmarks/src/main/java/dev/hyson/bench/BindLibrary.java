package dev.hyson.bench;

/**
 * One library's data binding of one type, as the binding benchmarks call it: bytes to an instance
 * of the type and back. Instances come from {@link BindLibraries#json} (JSON) and {@link BindLibraries#msgpack}
 * (MessagePack); each is bound to its type once (readers, writers and adapters looked up in setup,
 * as a user tuning for speed would) and is safe to use from several threads.
 *
 * @param <T> the bound type
 */
public interface BindLibrary<T> {
    /** @return the name used in {@code -p library=...} */
    String name();

    /**
     * @param bytes a whole document
     * @return the bound value
     * @throws Exception whatever the library throws
     */
    T read(byte[] bytes) throws Exception;

    /**
     * @param value a value of the bound type
     * @return the document: compact JSON as UTF-8, or MessagePack
     * @throws Exception whatever the library throws
     */
    byte[] write(T value) throws Exception;
}
