package dev.hyson.internal.model;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads the values of kinds {@link Kind#OPTIONAL_INT}, {@link Kind#OPTIONAL_LONG} and
 * {@link Kind#OPTIONAL_DOUBLE} without boxing, so every writer unwraps them the same way.
 */
public final class PrimitiveOptionals {
    private PrimitiveOptionals() {
    }

    /**
     * @param optional an {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}
     * @return whether it holds a value
     */
    public static boolean isPresent(Object optional) {
        if (optional instanceof OptionalInt) {
            return ((OptionalInt) optional).isPresent();
        }
        if (optional instanceof OptionalLong) {
            return ((OptionalLong) optional).isPresent();
        }
        return ((OptionalDouble) optional).isPresent();
    }

    /**
     * @param optional a present {@code OptionalInt} or {@code OptionalLong}
     * @return its value
     */
    public static long asLong(Object optional) {
        return optional instanceof OptionalInt ? ((OptionalInt) optional).getAsInt() : ((OptionalLong) optional).getAsLong();
    }

    /**
     * @param optional a present {@code OptionalDouble}
     * @return its value
     */
    public static double asDouble(Object optional) {
        return ((OptionalDouble) optional).getAsDouble();
    }
}
