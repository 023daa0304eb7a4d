package dev.hyson.msgpack;

/**
 * Reads the payload of an extension value for a type registered with
 * {@link MessagePackFactory.Builder#register}. The unpacker it gets reads exactly the payload
 * ({@link MessageUnpacker#remaining()} bytes, with the factory's options), so a payload that is
 * itself MessagePack can be read with {@code unpackValue()}; raw bytes with
 * {@link MessageUnpacker#readPayload(int)}. It must consume the whole payload.
 *
 * @param <T> the Java type
 */
@FunctionalInterface
public interface ExtensionUnpacker<T> {
    /**
     * @param payload an unpacker over exactly the payload bytes
     * @return the value, which may be null
     */
    T unpack(MessageUnpacker payload);
}
