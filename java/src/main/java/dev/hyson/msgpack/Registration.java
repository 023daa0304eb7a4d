package dev.hyson.msgpack;

import java.util.Objects;
import java.util.function.Function;

/** A registered extension type: how to pack and unpack it. */
final class Registration {
    final Class<?> javaType;
    final byte type;
    final ExtensionPacker<Object> packer;
    final ExtensionUnpacker<?> unpacker;
    final Function<Object, String> string;
    final Function<String, ?> fromString;
    final Function<Object, byte[]> bytes;
    final Function<byte[], ?> fromBytes;

    @SuppressWarnings("unchecked")
    Registration(Class<?> javaType, byte type, ExtensionPacker<?> packer, ExtensionUnpacker<?> unpacker,
            Function<?, String> string, Function<String, ?> fromString,
            Function<?, byte[]> bytes, Function<byte[], ?> fromBytes) {
        this.javaType = javaType;
        this.type = type;
        this.packer = (ExtensionPacker<Object>) packer;
        this.unpacker = unpacker;
        this.string = (Function<Object, String>) string;
        this.fromString = fromString;
        this.bytes = (Function<Object, byte[]>) bytes;
        this.fromBytes = fromBytes;
    }

    void pack(Object v, MessagePacker p) {
        packer.pack(v, p);
    }

    String string(Object v) {
        return Objects.requireNonNull(string.apply(v), "the string form of a registered extension value");
    }

    byte[] bytes(Object v) {
        return Objects.requireNonNull(bytes.apply(v), "the byte form of a registered extension value");
    }

    /**
     * @param type an extension type code as the builder takes it
     * @return the code as the byte MessagePack writes
     * @throws IllegalArgumentException when {@code type} is outside 0..127
     */
    static byte code(int type) {
        if (type < 0 || type > 127) {
            throw new IllegalArgumentException("extension type must be 0..127 (negative types are reserved): " + type);
        }
        return (byte) type;
    }
}
