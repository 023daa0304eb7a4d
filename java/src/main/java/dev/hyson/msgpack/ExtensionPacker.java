package dev.hyson.msgpack;

/**
 * Writes the payload of an extension value for a type registered with
 * {@link MessagePackFactory.Builder#register}. The payload is written through the given packer, so
 * it may itself be MessagePack packed by the same factory (values, maps, other extensions); the
 * factory frames it afterwards with the smallest fixext/ext header for its length.
 *
 * @param <T> the Java type
 */
@FunctionalInterface
public interface ExtensionPacker<T> {
    /**
     * @param value the value to write, never null
     * @param payload where the payload goes; write nothing else than the payload
     */
    void pack(T value, MessagePacker payload);
}
