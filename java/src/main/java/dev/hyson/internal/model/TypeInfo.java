package dev.hyson.internal.model;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.RandomAccess;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * What hyson knows about one class: its {@link Kind} and, for a record, its component names and
 * accessors. Computed once per class and cached in a {@link ClassValue}, so a writer asks one
 * identity-keyed lookup instead of walking an {@code instanceof} chain per value: on JDK 17,
 * alternating {@code instanceof Map}/{@code List}/{@code Number} tests over mixed values thrash
 * the secondary-supers cache (JDK-8180450) and cost far more than the lookup.
 *
 * <p>Record accessors are read through method handles from
 * {@link MethodHandles#privateLookupIn}, which works for any record in a package open to hyson
 * (every package on the class path, a private nested record included); a public record in an
 * exported package is read through its public accessors. Nothing is made accessible by force: a
 * record that cannot be read gets an {@link #accessProblem()} instead.
 */
public final class TypeInfo {
    private static final String[] NO_NAMES = {};
    private static final MethodHandle[] NO_ACCESSORS = {};
    private static final MethodType GETTER = MethodType.methodType(Object.class, Object.class);

    private static final ClassValue<TypeInfo> CACHE = new ClassValue<>() {
        @Override
        protected TypeInfo computeValue(Class<?> type) {
            return type.isRecord() && kindOf(type) == Kind.RECORD ? forRecord(type) : new TypeInfo(type, kindOf(type));
        }
    };

    private final Class<?> type;
    private final Kind kind;
    private final String[] names;
    private final MethodHandle[] accessors;
    private final String accessProblem;

    private TypeInfo(Class<?> type, Kind kind) {
        this(type, kind, NO_NAMES, NO_ACCESSORS, null);
    }

    private TypeInfo(Class<?> type, Kind kind, String[] names, MethodHandle[] accessors, String accessProblem) {
        this.type = type;
        this.kind = kind;
        this.names = names;
        this.accessors = accessors;
        this.accessProblem = accessProblem;
    }

    /**
     * @param type any class
     * @return what hyson knows about {@code type}, computed on first use
     */
    public static TypeInfo of(Class<?> type) {
        return CACHE.get(type);
    }

    /**
     * @param value any value, or null
     * @return the kind of {@code value}: {@link Kind#NULL} for null
     */
    public static Kind kindOf(Object value) {
        return value == null ? Kind.NULL : of(value.getClass()).kind;
    }

    /** @return the class described */
    public Class<?> type() {
        return type;
    }

    /** @return the shape of the class's values */
    public Kind kind() {
        return kind;
    }

    /** @return the number of record components (0 for anything else, or a record that cannot be read) */
    public int componentCount() {
        return names.length;
    }

    /**
     * @param i a component index, below {@link #componentCount()}
     * @return the name of record component {@code i}, in declaration order
     */
    public String componentName(int i) {
        return names[i];
    }

    /**
     * Reads a record component.
     *
     * @param record an instance of {@link #type()}
     * @param i a component index, below {@link #componentCount()}
     * @return the value of component {@code i}
     * @throws RuntimeException whatever the accessor throws, as it is
     */
    public Object component(Object record, int i) {
        try {
            return accessors[i].invokeExact(record);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            // accessors declare no checked exception (JLS 8.10.3); only a sneaky throw gets here
            throw new IllegalStateException(t);
        }
    }

    /**
     * The string a value of a string-like kind stands for, the same in every format: a
     * {@code char[]} as its chars read (not an array of one-char strings), a {@code Character} as
     * a string of one char, an enum constant as its name.
     *
     * @param value a value of this class, whose kind is {@link Kind#STRING}, {@link Kind#CHAR_SEQUENCE},
     *     {@link Kind#CHAR_ARRAY}, {@link Kind#CHARACTER} or {@link Kind#ENUM}
     * @return its text; null only when a {@code CharSequence}'s {@code toString()} returns null
     * @throws IllegalArgumentException for a value of another kind
     */
    public String text(Object value) {
        switch (kind) {
            case STRING:
            case CHAR_SEQUENCE:
                return value.toString();
            case CHAR_ARRAY:
                return new String((char[]) value);
            case CHARACTER:
                return String.valueOf((char) (Character) value);
            case ENUM:
                return ((Enum<?>) value).name();
            default:
                throw new IllegalArgumentException("a " + type.getName() + " is not text");
        }
    }

    /**
     * @return why the record's components cannot be read (its package is not open to hyson), or
     *     null when they can (and for every class that is not a record)
     */
    public String accessProblem() {
        return accessProblem;
    }

    /** The decision itself: exact classes first (a compare each), then the {@code instanceof} chain. */
    private static Kind kindOf(Class<?> c) {
        if (c == String.class) {
            return Kind.STRING;
        } else if (c == Long.class || c == Integer.class || c == Short.class || c == Byte.class) {
            return Kind.INTEGER;
        } else if (c == Double.class) {
            return Kind.DOUBLE;
        } else if (c == Boolean.class) {
            return Kind.BOOLEAN;
        } else if (c == LinkedHashMap.class || c == HashMap.class || c == TreeMap.class) {
            return Kind.MAP;
        } else if (c == ArrayList.class) {
            return Kind.LIST;
        } else if (c == Float.class) {
            return Kind.FLOAT;
        } else if (c == char[].class) {
            return Kind.CHAR_ARRAY;
        } else if (c == byte[].class) {
            return Kind.BYTE_ARRAY;
        } else if (c == Instant.class) {
            return Kind.INSTANT;
        } else if (c == java.util.UUID.class) {
            return Kind.UUID;
        } else if (c == Character.class) {
            return Kind.CHARACTER;
        }
        if (Map.class.isAssignableFrom(c)) {
            return Kind.MAP;
        } else if (List.class.isAssignableFrom(c) && RandomAccess.class.isAssignableFrom(c)) {
            return Kind.LIST;
        } else if (Iterable.class.isAssignableFrom(c)) {
            return Kind.ITERABLE;
        } else if (c.isArray()) {
            return c.getComponentType().isPrimitive() ? Kind.PRIMITIVE_ARRAY : Kind.OBJECT_ARRAY;
        } else if (CharSequence.class.isAssignableFrom(c)) {
            return Kind.CHAR_SEQUENCE;
        } else if (Number.class.isAssignableFrom(c)) {
            return numberKind(c);
        } else if (Enum.class.isAssignableFrom(c)) {
            return Kind.ENUM;
        } else if (c == Optional.class) {
            return Kind.OPTIONAL;
        } else if (c == OptionalInt.class) {
            return Kind.OPTIONAL_INT;
        } else if (c == OptionalLong.class) {
            return Kind.OPTIONAL_LONG;
        } else if (c == OptionalDouble.class) {
            return Kind.OPTIONAL_DOUBLE;
        } else if (c.isRecord()) {
            return Kind.RECORD;
        } else if (c.getPackageName().equals("java.time")) {
            return Kind.TIME;
        }
        return Kind.UNSUPPORTED;
    }

    private static Kind numberKind(Class<?> c) {
        if (AtomicInteger.class.isAssignableFrom(c) || AtomicLong.class.isAssignableFrom(c)
                || LongAdder.class.isAssignableFrom(c) || LongAccumulator.class.isAssignableFrom(c)) {
            return Kind.INTEGER;
        } else if (DoubleAdder.class.isAssignableFrom(c) || DoubleAccumulator.class.isAssignableFrom(c)) {
            return Kind.DOUBLE;
        } else if (BigInteger.class.isAssignableFrom(c)) {
            return Kind.BIG_INTEGER;
        } else if (BigDecimal.class.isAssignableFrom(c)) {
            return Kind.BIG_DECIMAL;
        }
        return Kind.NUMBER;
    }

    private static TypeInfo forRecord(Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        String[] names = new String[components.length];
        MethodHandle[] accessors = new MethodHandle[components.length];
        MethodHandles.Lookup lookup = lookupFor(type);
        for (int i = 0; i < components.length; i++) {
            names[i] = components[i].getName();
            try {
                if (lookup == null) {
                    throw new IllegalAccessException("no lookup");
                }
                accessors[i] = lookup.unreflect(components[i].getAccessor()).asType(GETTER);
            } catch (IllegalAccessException e) {
                Module m = type.getModule();
                return new TypeInfo(type, Kind.RECORD, NO_NAMES, NO_ACCESSORS, "cannot read record component "
                        + names[i] + " of " + type.getName() + ": package " + type.getPackageName() + " of "
                        + (m.isNamed() ? "module " + m.getName() : "the unnamed module")
                        + " is not open to hyson (add 'opens " + type.getPackageName() + "' or register an encoder for it)");
            }
        }
        return new TypeInfo(type, Kind.RECORD, names, accessors, null);
    }

    /** A lookup with private access to {@code type}, else the public lookup for a public record; null if neither. */
    private static MethodHandles.Lookup lookupFor(Class<?> type) {
        try {
            // privateLookupIn needs dev.hyson to read the record's module; a module may add that edge itself
            TypeInfo.class.getModule().addReads(type.getModule());
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException | SecurityException e) {
            boolean exported = type.getModule().isExported(type.getPackageName(), TypeInfo.class.getModule());
            return exported && Modifier.isPublic(type.getModifiers()) ? MethodHandles.publicLookup() : null;
        }
    }
}
