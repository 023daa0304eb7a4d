package dev.hyson.msgpack;

import java.util.Arrays;

/**
 * An extension value (specification, "ext format family") whose type has no registered unpacker:
 * the type code and the payload bytes, kept as they are so that packing it again writes the same
 * extension. The timestamp type -1 is unpacked as {@link java.time.Instant} instead.
 *
 * <p>Equality compares the payload's contents, not the array's identity.
 *
 * @param type the extension type code, -128..127 (negative codes are reserved by the specification)
 * @param data the payload; not copied, so do not change it after use
 */
public record ExtensionValue(byte type, byte[] data) {
    /**
     * Checks that {@code data} is present.
     *
     * @param type the extension type code, -128..127
     * @param data the payload; not copied
     * @throws NullPointerException when {@code data} is null
     */
    public ExtensionValue {
        if (data == null) {
            throw new NullPointerException("data");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExtensionValue && ((ExtensionValue) o).type == type
                && Arrays.equals(((ExtensionValue) o).data, data);
    }

    @Override
    public int hashCode() {
        return 31 * type + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ExtensionValue[type=").append(type).append(", data=");
        for (byte b : data) {
            sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return sb.append(']').toString();
    }
}
