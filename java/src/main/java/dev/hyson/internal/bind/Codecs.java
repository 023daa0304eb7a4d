package dev.hyson.internal.bind;

import dev.hyson.bind.Binder;
import dev.hyson.bind.Codec;
import dev.hyson.bind.Name;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * A binder's codecs: built once per type on first use, kept in a {@link ClassValue} (classes) or a
 * concurrent map (generic types), then shared by every thread. Also answers the writers' question
 * "how is this class written": a user codec, a {@link WriteModel}, enum names.
 */
public final class Codecs {
    /** What {@link #writerFor} gives for a class the writers handle on their own. */
    public static final Object BUILT_IN = new Object();

    final Binder binder;
    private final ClassValue<TapeCodec<?>> byClass = new ClassValue<>() {
        @Override
        protected TapeCodec<?> computeValue(Class<?> type) {
            return build(type);
        }
    };
    private final ConcurrentHashMap<Type, TapeCodec<?>> byType = new ConcurrentHashMap<>();
    private final ClassValue<Object> writers = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            return writer(type);
        }
    };
    private final ClassValue<Optional<Discriminators.Info>> declared = new ClassValue<>() {
        @Override
        protected Optional<Discriminators.Info> computeValue(Class<?> type) {
            return Optional.ofNullable(Discriminators.declared(type));
        }
    };

    /** @param binder the options; made by {@link Binder} itself */
    public Codecs(Binder binder) {
        this.binder = binder;
    }

    /** @return the codecs of {@code binder} */
    public static Codecs of(Binder binder) {
        return BinderAccess.codecs(binder);
    }

    /** @return the binder these codecs follow */
    public Binder binder() {
        return binder;
    }

    /**
     * @param type any type
     * @return its codec, built on first use
     * @throws IllegalArgumentException when the type cannot be bound, saying why
     */
    public TapeCodec<?> forType(Type type) {
        if (type instanceof Class) {
            return byClass.get((Class<?>) type);
        }
        TapeCodec<?> c = byType.get(type);
        if (c == null) {
            c = build(type);
            TapeCodec<?> raced = byType.putIfAbsent(type, c);
            if (raced != null) {
                c = raced;
            }
        }
        return c;
    }

    Discriminators.Info discriminatorOf(Class<?> type) {
        return Discriminators.of(type, t -> declared.get(t).orElse(null));
    }

    private TapeCodec<?> build(Type type) {
        Codec<?> user = binder.codecFor(type);
        if (user != null) {
            return new UserCodec(user, type.getTypeName());
        }
        if (type instanceof Class) {
            return buildClass((Class<?>) type);
        } else if (type instanceof ParameterizedType) {
            Class<?> raw = Types.raw(type);
            if (raw == Optional.class) {
                return new Containers.Optionals(forType(Types.arg(type, 0)));
            } else if (Collection.class.isAssignableFrom(raw) || raw == Iterable.class) {
                return collection(raw, forType(Types.arg(type, 0)), type.getTypeName());
            } else if (Map.class.isAssignableFrom(raw)) {
                return map(raw, Types.arg(type, 0), forType(Types.arg(type, 1)), type.getTypeName());
            }
            return object(type);
        } else if (type instanceof GenericArrayType) {
            Type component = ((GenericArrayType) type).getGenericComponentType();
            return new Containers.Objects(forType(component), Types.raw(component));
        } else if (type instanceof WildcardType || type instanceof TypeVariable) {
            return forType(Types.resolve(type, Map.of()));
        }
        throw new IllegalArgumentException("cannot bind the type " + type);
    }

    private TapeCodec<?> buildClass(Class<?> c) {
        TapeCodec<?> scalar = Scalars.forClass(c);
        if (scalar != null) {
            return scalar;
        }
        if (c.isEnum() || (c.getSuperclass() != null && c.getSuperclass().isEnum())) {
            return new EnumCodec(c.isEnum() ? c : c.getSuperclass());
        }
        if (c.isArray()) {
            Class<?> component = c.getComponentType();
            return component.isPrimitive() ? new Containers.Primitives(component)
                    : new Containers.Objects(forType(component), component);
        }
        if (c == Optional.class) {
            return new Containers.Optionals(Scalars.TREE);
        } else if (c == OptionalInt.class || c == OptionalLong.class || c == OptionalDouble.class) {
            return new Containers.PrimitiveOptionals(c);
        } else if (Collection.class.isAssignableFrom(c) || c == Iterable.class) {
            return collection(c, Scalars.TREE, c.getName());
        } else if (Map.class.isAssignableFrom(c)) {
            return map(c, Object.class, Scalars.TREE, c.getName()); // raw: any key, as Map<Object, Object>
        }
        return object(c);
    }

    private TapeCodec<?> object(Type type) {
        Class<?> c = Types.raw(type);
        Discriminators.Info info = declared.get(c).orElse(null);
        if (info != null && (c.isInterface() || java.lang.reflect.Modifier.isAbstract(c.getModifiers()))) {
            return new PolyCodec(info, this);
        }
        if (isJdk(c)) {
            throw new IllegalArgumentException("cannot bind " + c.getName() + ": a JDK type hyson has no codec for"
                    + " (register one with Binder.Builder.codec)");
        }
        return ObjectCodec.of(type, this);
    }

    /**
     * @param c a class
     * @return whether it is the JDK's (java.*, javax.*, jdk.*, sun.*, com.sun.*): never bound through
     *     its getters or fields, only by a built-in form or a user codec
     */
    public static boolean isJdk(Class<?> c) {
        String p = c.getPackageName();
        return p.startsWith("java.") || p.startsWith("javax.") || p.startsWith("jdk.") || p.startsWith("sun.")
                || p.startsWith("com.sun.");
    }

    private static final int MAX_PRESIZE = 1 << 16;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TapeCodec<?> collection(Class<?> raw, TapeCodec<?> element, String what) {
        IntFunction<Collection<Object>> factory;
        if (raw == List.class || raw == Collection.class || raw == Iterable.class || raw == ArrayList.class
                || raw == AbstractList.class) {
            factory = n -> new ArrayList<>(Math.min(n, MAX_PRESIZE));
        } else if (raw == Set.class || raw == LinkedHashSet.class) {
            factory = n -> new LinkedHashSet<>(capacity(n));
        } else if (raw == HashSet.class) {
            factory = n -> new HashSet<>(capacity(n));
        } else if (raw == SortedSet.class || raw == NavigableSet.class || raw == TreeSet.class) {
            factory = n -> new TreeSet<>();
        } else if (raw == Queue.class || raw == Deque.class || raw == ArrayDeque.class) {
            factory = n -> new ArrayDeque<>(Math.min(n, MAX_PRESIZE));
        } else {
            MethodHandle ctor = noArg(raw);
            if (ctor == null) {
                throw new IllegalArgumentException("cannot bind " + raw.getName()
                        + ": a collection type without a public no-arg constructor (declare List, Set or Collection)");
            }
            factory = n -> {
                try {
                    return (Collection<Object>) (Object) ctor.invokeExact();
                } catch (Throwable e) {
                    throw new IllegalStateException("the constructor of " + raw.getName() + " failed", e);
                }
            };
        }
        return new Containers.Collections(element, factory, what);
    }

    @SuppressWarnings("unchecked")
    private TapeCodec<?> map(Class<?> raw, Type keyType, TapeCodec<?> value, String what) {
        IntFunction<Map<Object, Object>> factory;
        if (raw == Map.class || raw == LinkedHashMap.class) {
            factory = n -> new LinkedHashMap<>(capacity(n));
        } else if (raw == HashMap.class) {
            factory = n -> new HashMap<>(capacity(n));
        } else if (raw == SortedMap.class || raw == NavigableMap.class || raw == TreeMap.class) {
            factory = n -> new TreeMap<>();
        } else {
            MethodHandle ctor = raw.getPackageName().startsWith("java.util.concurrent") ? null : noArg(raw);
            if (ctor == null) {
                throw new IllegalArgumentException("cannot bind " + raw.getName()
                        + ": a map type without a public no-arg constructor that allows null values (declare Map)");
            }
            factory = n -> {
                try {
                    return (Map<Object, Object>) (Object) ctor.invokeExact();
                } catch (Throwable e) {
                    throw new IllegalStateException("the constructor of " + raw.getName() + " failed", e);
                }
            };
        }
        return new Containers.Maps(key(keyType), value, factory, what);
    }

    private TapeCodec<?> key(Type keyType) {
        Class<?> k = Types.raw(keyType);
        if (k == Object.class) {
            // a JSON name is a string; a MessagePack key may be any value, read as an Object value is
            return new Containers.ObjectKeys(forType(Object.class));
        } else if (k == String.class || k == CharSequence.class) {
            return Scalars.STRING;
        } else if (k.isEnum()) {
            return forType(k);
        } else if (k == Integer.class || k == int.class) {
            return new Containers.Keys(forType(Integer.class), Integer::valueOf, "int");
        } else if (k == Long.class || k == long.class) {
            return new Containers.Keys(forType(Long.class), Long::valueOf, "long");
        } else if (k == Short.class || k == short.class) {
            return new Containers.Keys(forType(Short.class), Short::valueOf, "short");
        } else if (k == Byte.class || k == byte.class) {
            return new Containers.Keys(forType(Byte.class), Byte::valueOf, "byte");
        } else if (k == Double.class || k == double.class) {
            return new Containers.Keys(forType(Double.class), Double::valueOf, "double");
        } else if (k == Float.class || k == float.class) {
            return new Containers.Keys(forType(Float.class), Float::valueOf, "float");
        } else if (k == BigInteger.class) {
            return new Containers.Keys(Scalars.BIG_INTEGER, BigInteger::new, "BigInteger");
        } else if (k == BigDecimal.class) {
            return new Containers.Keys(Scalars.BIG_DECIMAL, BigDecimal::new, "BigDecimal");
        } else if (k == UUID.class) {
            return new Containers.Keys(Scalars.UUIDS, s -> {
                UUID u = Scalars.parseUuid(s);
                if (u == null) {
                    throw new IllegalArgumentException(s);
                }
                return u;
            }, "UUID");
        }
        throw new IllegalArgumentException("cannot bind a map with " + keyType.getTypeName()
                + " keys: keys are String, an enum, a number type or UUID");
    }

    private static MethodHandle noArg(Class<?> c) {
        try {
            return MethodHandles.publicLookup().findConstructor(c, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Object.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    private static int capacity(int n) {
        return (int) Math.min(1 << 30, Math.min(n, MAX_PRESIZE) * 4L / 3 + 1);
    }

    // ---- the writers' side

    /**
     * How the writers write a value of class {@code c}: a user {@link Codec}, a {@link WriteModel}
     * (a record or a class with properties), a {@code String[]} of enum constant names (when one has
     * a {@link Name}), or {@link #BUILT_IN}.
     *
     * @param c a class
     * @return the writer's form
     * @throws IllegalArgumentException when the class is a record or class that cannot be read from (its package is not open)
     */
    public Object writerFor(Class<?> c) {
        return writers.get(c);
    }

    private Object writer(Class<?> c) {
        Codec<?> user = binder.codecFor(c);
        if (user != null) {
            return user;
        }
        Class<?> e = c.isEnum() ? c : c.getSuperclass() != null && c.getSuperclass().isEnum() ? c.getSuperclass() : null;
        if (e != null) {
            String[] names = EnumCodec.names(e);
            Object[] constants = e.getEnumConstants();
            for (int k = 0; k < names.length; k++) {
                if (!names[k].equals(((Enum<?>) constants[k]).name())) {
                    return names;
                }
            }
            return BUILT_IN;
        }
        if (c.isArray() || c.isPrimitive() || c.isInterface() || isJdk(c) || Scalars.forClass(c) != null
                || Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c) || Iterable.class.isAssignableFrom(c)
                || CharSequence.class.isAssignableFrom(c) || Number.class.isAssignableFrom(c)) {
            return BUILT_IN;
        }
        TapeCodec<?> codec = forType(c);
        if (codec instanceof ObjectCodec) {
            WriteModel m = ((ObjectCodec) codec).writeModel();
            return m.isEmpty() && !c.isRecord() ? BUILT_IN : m;
        }
        return BUILT_IN;
    }

    /**
     * @param c a class
     * @return whether values of {@code c} are read by a generated reader (resolving its codec first);
     *     false for a type the interpreter reads, or that is not a record or class
     */
    public boolean readsGenerated(Class<?> c) {
        TapeCodec<?> codec = forType(c);
        return codec instanceof ObjectCodec && ((ObjectCodec) codec).readsGenerated();
    }

    /** @return why a reader could not be generated in this JVM (the first failure), or null */
    public static String readersUnavailable() {
        return ObjectReaders.unavailable();
    }

    /**
     * The codec a read of {@code type} starts with, checked before any input is read: a record or
     * class that cannot be read (abstract without a discriminator, no usable constructor) fails here.
     *
     * @param type the root type of a read
     * @return its codec
     * @throws IllegalArgumentException when the type cannot be bound or read
     */
    public TapeCodec<?> forReading(Type type) {
        TapeCodec<?> codec = forType(type);
        if (codec instanceof ObjectCodec) {
            ((ObjectCodec) codec).checkReadable();
        }
        return codec;
    }
}
