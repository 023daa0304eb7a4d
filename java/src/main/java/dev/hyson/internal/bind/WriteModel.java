package dev.hyson.internal.bind;

import dev.hyson.bind.Binder;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * How a record or class is written, the same for JSON and MessagePack: its member names (after
 * {@link dev.hyson.bind.Name} and the naming strategy), its getters (method handles: record
 * accessors, getters, public fields), what is left out, and the discriminator it writes first when
 * it is a subtype of a {@link dev.hyson.bind.Discriminator} type. Both writers walk it.
 */
public final class WriteModel {
    private final Class<?> type;
    private final String[] names;
    private final MethodHandle[] getters;
    private final Type[] types;
    private final String discriminator;
    private final String discriminatorValue;
    private final boolean omitNulls;
    private final boolean omitEmptyOptionals;

    WriteModel(Class<?> type, String[] names, MethodHandle[] getters, Type[] types, String discriminator,
            String discriminatorValue, Binder binder) {
        this.type = type;
        this.names = names;
        this.getters = getters;
        this.types = types;
        this.discriminator = discriminator;
        this.discriminatorValue = discriminatorValue;
        this.omitNulls = binder.omitNulls();
        this.omitEmptyOptionals = binder.omitEmptyOptionals();
    }

    /** @return the class written */
    public Class<?> type() {
        return type;
    }

    /** @return the number of properties */
    public int size() {
        return names.length;
    }

    /** @return whether the model has nothing to write (no property, no discriminator): such a class is not written as an object */
    public boolean isEmpty() {
        return names.length == 0 && discriminator == null;
    }

    /** @param k a property index; @return its member name */
    public String name(int k) {
        return names[k];
    }

    /** @return the discriminator's member name, or null when the type is not a discriminated subtype */
    public String discriminator() {
        return discriminator;
    }

    /** @return the discriminator's value for this type, or null */
    public String discriminatorValue() {
        return discriminatorValue;
    }

    /**
     * Reads property {@code k} of {@code value}.
     *
     * @param value an instance of {@link #type()}
     * @param k a property index
     * @return the property's value
     * @throws RuntimeException what the getter throws
     */
    public Object get(Object value, int k) {
        try {
            return getters[k].invokeExact(value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * @param v a property's value
     * @return whether the binder's options leave it out (a null with {@code omitNulls}, an empty optional with {@code omitEmptyOptionals})
     */
    public boolean omitted(Object v) {
        if (v == null) {
            return omitNulls;
        }
        if (!omitEmptyOptionals) {
            return false;
        }
        Class<?> c = v.getClass();
        if (c == Optional.class) {
            return ((Optional<?>) v).isEmpty();
        } else if (c == OptionalInt.class) {
            return ((OptionalInt) v).isEmpty();
        } else if (c == OptionalLong.class) {
            return ((OptionalLong) v).isEmpty();
        } else if (c == OptionalDouble.class) {
            return ((OptionalDouble) v).isEmpty();
        }
        return false;
    }

    /** @return whether any value can be left out (a writer then counts members before a MessagePack map header) */
    public boolean mayOmit() {
        return omitNulls || omitEmptyOptionals;
    }

    /** @param k a property index; @return its declared type */
    Type type(int k) {
        return types[k];
    }
}
