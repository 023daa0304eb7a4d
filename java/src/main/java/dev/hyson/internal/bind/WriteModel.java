package dev.hyson.internal.bind;

import dev.hyson.bind.Binder;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
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
    /** A property read as a reference (and written by its runtime class). */
    public static final int OBJECT = 0;
    /** A {@code String} property (a final class: no dispatch needed). */
    public static final int STRING = 1;
    /** An {@code int}, {@code long}, {@code short} or {@code byte} property, read without a box. */
    public static final int LONG = 2;
    /** A {@code double} property, read without a box. */
    public static final int DOUBLE = 3;
    /** A {@code boolean} property, read without a box. */
    public static final int BOOLEAN = 4;
    /**
     * A property declared {@code BigDecimal}: read as a reference; MessagePack, which has no decimal
     * type, packs it as a str holding {@link java.math.BigDecimal#toString()} (read back by the
     * property's codec), whatever the factory's policy for decimals in untyped trees.
     */
    public static final int DECIMAL = 5;

    private static final MethodType AS_LONG = MethodType.methodType(long.class, Object.class);
    private static final MethodType AS_DOUBLE = MethodType.methodType(double.class, Object.class);
    private static final MethodType AS_BOOLEAN = MethodType.methodType(boolean.class, Object.class);

    private final String[] names;
    private final MethodHandle[] getters;
    /** Per property: one of the kinds above, from its declared type. */
    private final int[] kinds;
    /** Per primitive property: its getter typed {@code (Object) long}, {@code (Object) double} or {@code (Object) boolean}. */
    private final MethodHandle[] primitive;
    private final Type[] types;
    private final String discriminator;
    private final String discriminatorValue;
    /** Per property: the user codec registered for its declared (generic) type, or null. */
    private final dev.hyson.bind.Codec<?>[] codecs;
    private final boolean omitNulls;
    private final boolean omitEmptyOptionals;
    /** Per property: the getter with its own types (a record accessor, getter or field). */
    private final MethodHandle[] raw;
    private final Binder binder;
    /** The generated JSON writer ({@code internal.write.ModelWriter}), or a marker that there is none; null until first asked. */
    private volatile Object generatedJson;
    /** The generated MessagePack writer ({@code msgpack.PackWriters}), or its marker; null until first asked. */
    private volatile Object generatedPack;

    WriteModel(Class<?> type, String[] names, MethodHandle[] getters, MethodHandle[] raw, Type[] types, String discriminator,
            String discriminatorValue, Binder binder) {
        this.type = type;
        this.names = names;
        this.getters = getters;
        this.raw = raw;
        this.binder = binder;
        this.kinds = new int[names.length];
        this.primitive = new MethodHandle[names.length];
        this.codecs = new dev.hyson.bind.Codec<?>[names.length];
        for (int k = 0; k < names.length; k++) {
            codecs[k] = types[k] instanceof Class ? null : binder.codecFor(types[k]);
        }
        for (int k = 0; k < names.length; k++) {
            Class<?> r = raw[k].type().returnType();
            if (codecs[k] != null) {
                kinds[k] = OBJECT;
            } else if (r == String.class) {
                kinds[k] = STRING;
            } else if (r == int.class || r == long.class || r == short.class || r == byte.class) {
                kinds[k] = LONG;
                primitive[k] = raw[k].asType(AS_LONG);
            } else if (r == double.class) {
                kinds[k] = DOUBLE;
                primitive[k] = raw[k].asType(AS_DOUBLE);
            } else if (r == boolean.class) {
                kinds[k] = BOOLEAN;
                primitive[k] = raw[k].asType(AS_BOOLEAN);
            } else if (r == java.math.BigDecimal.class) {
                kinds[k] = DECIMAL;
            }
        }
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
     * @param k a property index
     * @return the user codec registered for the property's declared generic type (such as
     *     {@code Range<Integer>}), which the writer uses instead of the value's class; null for none
     */
    @SuppressWarnings("unchecked")
    public dev.hyson.bind.Codec<Object> codec(int k) {
        return (dev.hyson.bind.Codec<Object>) codecs[k];
    }

    /** @param k a property index; @return how it is read: {@link #OBJECT}, {@link #STRING}, {@link #LONG}, {@link #DOUBLE}, {@link #BOOLEAN} or {@link #DECIMAL} */
    public int kind(int k) {
        return kinds[k];
    }

    /** Reads a {@link #LONG} property without a box. */
    public long getLong(Object value, int k) {
        try {
            return (long) primitive[k].invokeExact(value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Reads a {@link #DOUBLE} property without a box. */
    public double getDouble(Object value, int k) {
        try {
            return (double) primitive[k].invokeExact(value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Reads a {@link #BOOLEAN} property without a box. */
    public boolean getBoolean(Object value, int k) {
        try {
            return (boolean) primitive[k].invokeExact(value);
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

    /** @param k a property index; @return its declared (generic) type, with the model's type variables bound */
    public Type declaredType(int k) {
        return types[k];
    }

    /**
     * @param k a property index
     * @return its getter typed {@code (Object) long}, {@code (Object) double} or {@code (Object) boolean}
     *     for a {@link #LONG}, {@link #DOUBLE} or {@link #BOOLEAN} property, else {@code (Object) Object}
     */
    public MethodHandle getter(int k) {
        return primitive[k] != null ? primitive[k] : getters[k];
    }

    /** @param k a property index; @return its getter with its own types, {@code (T) R} */
    public MethodHandle rawGetter(int k) {
        return raw[k];
    }

    /** @return the binder this model was made by */
    public Binder binder() {
        return binder;
    }

    /** @return the codec cache of the binder this model was made by */
    public Codecs codecs() {
        return BinderAccess.codecs(binder);
    }

    /** @return the generated JSON writer the writer package stored, or its marker, or null before the first write */
    public Object generatedJson() {
        return generatedJson;
    }

    /** @param w what {@link #generatedJson()} gives from now on */
    public void generatedJson(Object w) {
        generatedJson = w;
    }

    /** @return the generated MessagePack writer the msgpack package stored, or its marker, or null before the first pack */
    public Object generatedPack() {
        return generatedPack;
    }

    /** @param w what {@link #generatedPack()} gives from now on */
    public void generatedPack(Object w) {
        generatedPack = w;
    }
}
