package dev.hyson.internal.bind;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** Generic type plumbing: raw classes, type-variable substitution, and a {@code ParameterizedType} of our own. */
final class Types {
    private Types() {
    }

    /** @return the class a type erases to */
    static Class<?> raw(Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        } else if (t instanceof ParameterizedType) {
            return (Class<?>) ((ParameterizedType) t).getRawType();
        } else if (t instanceof GenericArrayType) {
            return java.lang.reflect.Array.newInstance(raw(((GenericArrayType) t).getGenericComponentType()), 0).getClass();
        } else if (t instanceof WildcardType) {
            return raw(((WildcardType) t).getUpperBounds()[0]);
        } else if (t instanceof TypeVariable) {
            Type[] bounds = ((TypeVariable<?>) t).getBounds();
            Type b = bounds.length == 0 ? Object.class : bounds[0];
            return b instanceof Class ? (Class<?>) b : b instanceof ParameterizedType
                    ? (Class<?>) ((ParameterizedType) b).getRawType() : Object.class;
        }
        throw new IllegalArgumentException("unsupported type " + t);
    }

    /**
     * The type variables of {@code t}'s raw class bound to its arguments, and those of every
     * superclass and superinterface bound as the class declares them, resolved against the class
     * being bound: for {@code final class Leaf extends Attr<Leaf>}, {@code Attr}'s {@code T} is
     * {@code Leaf}, so an inherited {@code List<T>} holds {@code Leaf}s (jackson-databind #4118 is
     * the same case).
     */
    static Map<TypeVariable<?>, Type> bindings(Type t) {
        Map<TypeVariable<?>, Type> m = new HashMap<>();
        bind(t, m, 0);
        return m;
    }

    private static void bind(Type t, Map<TypeVariable<?>, Type> m, int depth) {
        Class<?> c;
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            c = (Class<?>) p.getRawType();
            TypeVariable<?>[] vars = c.getTypeParameters();
            Type[] args = p.getActualTypeArguments();
            for (int k = 0; k < vars.length && k < args.length; k++) {
                m.putIfAbsent(vars[k], resolve(args[k], m));
            }
        } else if (t instanceof Class) {
            c = (Class<?>) t;
        } else {
            return;
        }
        if (depth > 64) {
            return; // a hierarchy deeper than any real one
        }
        Type sup = c.getGenericSuperclass();
        if (sup != null && sup != Object.class) {
            bind(sup, m, depth + 1);
        }
        for (Type i : c.getGenericInterfaces()) {
            bind(i, m, depth + 1);
        }
    }

    /** {@code t} with every type variable of {@code vars} replaced (an unbound one becomes its bound). */
    static Type resolve(Type t, Map<TypeVariable<?>, Type> vars) {
        if (t instanceof Class) {
            return t;
        } else if (t instanceof TypeVariable) {
            Type v = vars.get(t);
            if (v != null) {
                return v;
            }
            // an unbound variable is its bound's erasure: a bound may name the variable itself
            // (T extends Comparable<T>), which must not be followed
            Type[] bounds = ((TypeVariable<?>) t).getBounds();
            return bounds.length == 0 ? Object.class : raw(bounds[0]);
        } else if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            Type[] args = p.getActualTypeArguments().clone();
            for (int k = 0; k < args.length; k++) {
                args[k] = resolve(args[k], vars);
            }
            return new Param((Class<?>) p.getRawType(), p.getOwnerType(), args);
        } else if (t instanceof GenericArrayType) {
            Type c = resolve(((GenericArrayType) t).getGenericComponentType(), vars);
            return c instanceof Class ? java.lang.reflect.Array.newInstance((Class<?>) c, 0).getClass() : new Array(c);
        } else if (t instanceof WildcardType) {
            return resolve(((WildcardType) t).getUpperBounds()[0], vars);
        }
        return t;
    }

    /** Argument {@code k} of a parameterized type, {@code Object} for a raw one. */
    static Type arg(Type t, int k) {
        if (t instanceof ParameterizedType) {
            Type[] args = ((ParameterizedType) t).getActualTypeArguments();
            if (k < args.length) {
                Type a = args[k];
                return a instanceof WildcardType ? ((WildcardType) a).getUpperBounds()[0] : a;
            }
        }
        return Object.class;
    }

    /** A parameterized type, equal to the JDK's for the same raw class, owner and arguments. */
    static final class Param implements ParameterizedType {
        private final Class<?> raw;
        private final Type owner;
        private final Type[] args;

        Param(Class<?> raw, Type owner, Type[] args) {
            this.raw = raw;
            this.owner = owner;
            this.args = args;
        }

        @Override
        public Type[] getActualTypeArguments() {
            return args.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return owner;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof ParameterizedType)) {
                return false;
            }
            ParameterizedType p = (ParameterizedType) o;
            return raw.equals(p.getRawType()) && Objects.equals(owner, p.getOwnerType())
                    && Arrays.equals(args, p.getActualTypeArguments());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(args) ^ Objects.hashCode(owner) ^ raw.hashCode();
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(raw.getTypeName()).append('<');
            for (int k = 0; k < args.length; k++) {
                b.append(k > 0 ? ", " : "").append(args[k].getTypeName());
            }
            return b.append('>').toString();
        }
    }

    /** A generic array type. */
    static final class Array implements GenericArrayType {
        private final Type component;

        Array(Type component) {
            this.component = component;
        }

        @Override
        public Type getGenericComponentType() {
            return component;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof GenericArrayType && component.equals(((GenericArrayType) o).getGenericComponentType());
        }

        @Override
        public int hashCode() {
            return component.hashCode();
        }

        @Override
        public String toString() {
            return component.getTypeName() + "[]";
        }
    }
}
