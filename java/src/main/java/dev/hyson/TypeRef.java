package dev.hyson;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Objects;

/**
 * A generic type captured at compile time, for binding to types a {@code Class} cannot name:
 * {@code new TypeRef<List<Point>>() {}} or {@code new TypeRef<Map<String, List<Point>>>() {}}. The
 * same idea as Jackson's {@code TypeReference} and Gson's {@code TypeToken}: the type argument of an
 * anonymous subclass survives erasure in its generic superclass.
 *
 * <p>Instances are immutable and thread-safe; keep one in a {@code static final} field and reuse it.
 * Two references to the same type are {@link #equals equal}.
 *
 * @param <T> the captured type
 */
public abstract class TypeRef<T> {
    private final Type type;

    /**
     * Captures the type argument of the anonymous subclass being created.
     *
     * @throws IllegalArgumentException when the subclass gives no type argument
     *     ({@code new TypeRef() {}}), or the argument is a type variable that the subclass cannot resolve
     */
    protected TypeRef() {
        Type s = getClass().getGenericSuperclass();
        if (!(s instanceof ParameterizedType) || ((ParameterizedType) s).getRawType() != TypeRef.class) {
            throw new IllegalArgumentException("TypeRef must be created as an anonymous subclass with a type argument,"
                    + " such as new TypeRef<List<String>>() {}");
        }
        this.type = ((ParameterizedType) s).getActualTypeArguments()[0];
        if (type instanceof TypeVariable) {
            throw new IllegalArgumentException("TypeRef of the type variable " + type
                    + ": give a concrete type, such as new TypeRef<List<String>>() {}");
        }
    }

    private TypeRef(Type type) {
        this.type = Objects.requireNonNull(type, "type");
    }

    /**
     * A reference to a type built at run time (for example by a framework from a method's generic
     * return type).
     *
     * @param type any {@link Class}, {@link ParameterizedType}, {@link java.lang.reflect.GenericArrayType}
     *     or wildcard
     * @param <T> the type, unchecked
     * @return a reference to {@code type}
     */
    public static <T> TypeRef<T> of(Type type) {
        return new TypeRef<T>(type) { };
    }

    /** @return the captured type: a {@code Class}, a {@code ParameterizedType}, a {@code GenericArrayType} or a wildcard */
    public final Type type() {
        return type;
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof TypeRef && ((TypeRef<?>) o).type.equals(type);
    }

    @Override
    public final int hashCode() {
        return type.hashCode();
    }

    @Override
    public final String toString() {
        return "TypeRef<" + type.getTypeName() + ">";
    }
}
