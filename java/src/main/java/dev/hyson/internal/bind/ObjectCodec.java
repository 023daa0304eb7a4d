package dev.hyson.internal.bind;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.bind.Binder;
import dev.hyson.bind.Creator;
import dev.hyson.bind.Name;
import dev.hyson.internal.tape.Tape;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The codec of a record or class: its members matched on their bytes ({@link NameTable}), each
 * value read by its property's codec straight into a constructor argument or a setter, then one
 * constructor call. Everything about the type is decided here, once: the creator (a record's
 * canonical constructor, a {@link Creator}, a single public constructor with named parameters, or
 * a no-arg constructor with setters and fields), the member names ({@link Name}, the
 * {@link dev.hyson.bind.Naming}), what is ignored, required, and how each property is written
 * ({@link WriteModel}).
 *
 * <p>Property codecs are resolved on first use, so a type that refers to itself
 * ({@code record Node(List<Node> children)}) resolves.
 */
final class ObjectCodec extends TapeCodec<Object> {
    /** One property as read: its member name, its type's codec, and where its value goes. */
    static final class Prop {
        final String name;
        final Type type;
        final boolean required;
        /** The creator argument it fills, or -1. */
        final int arg;
        /** {@code (Object bean, Object value) void}, for a property set after construction; else null. */
        final MethodHandle setter;
        /** The same setter with its own types (a primitive unboxed), for generated readers; null with {@link #setter}. */
        final MethodHandle rawSetter;
        TapeCodec<?> codec;
        /** How the value is read: one of the K_* kinds, decided when the codec is resolved. */
        int kind;

        Prop(String name, Type type, boolean required, int arg, MethodHandle rawSetter) {
            this.name = name;
            this.type = type;
            this.required = required;
            this.arg = arg;
            this.rawSetter = rawSetter;
            this.setter = rawSetter == null ? null : rawSetter.asType(SETTER);
        }
    }

    /** A property read by its codec. */
    static final int K_CODEC = 0;
    /** A String property: read in place, no codec call. */
    static final int K_STRING = 1;
    /** An int property (primitive). */
    static final int K_INT = 2;
    /** A long property (primitive). */
    static final int K_LONG = 3;
    /** A double property (primitive). */
    static final int K_DOUBLE = 4;
    /** A boolean property (primitive). */
    static final int K_BOOLEAN = 5;

    private static final MethodType SETTER = MethodType.methodType(void.class, Object.class, Object.class);
    static final MethodType GETTER = MethodType.methodType(Object.class, Object.class);

    private final Class<?> type;
    private final Codecs codecs;
    private final Prop[] props;
    private final NameTable names;
    /** {@code (Object[] args) Object}, or null for a bean made by {@link #noArg}. */
    private final MethodHandle creator;
    private final int argCount;
    private final MethodHandle noArg;
    private final WriteModel writeModel;
    /** The creator unspread, {@code (args...) Object}: what a generated reader calls; null with {@link #noArg}. */
    private final MethodHandle creatorDirect;
    /** The reader generated for this type once it is resolved, or null (the interpreter reads it). */
    private GeneratedReader generated;
    /** Why the type cannot be read, or null. */
    private final String readProblem;
    private volatile boolean resolved;
    private final long requiredMask;

    private ObjectCodec(Class<?> type, Codecs codecs, Prop[] props, NameTable names, MethodHandle creator, int argCount,
            MethodHandle noArg, WriteModel writeModel, String readProblem, MethodHandle creatorDirect) {
        this.type = type;
        this.creatorDirect = creatorDirect;
        this.codecs = codecs;
        this.props = props;
        this.names = names;
        this.creator = creator;
        this.argCount = argCount;
        this.noArg = noArg;
        this.writeModel = writeModel;
        this.readProblem = readProblem;
        long mask = 0;
        for (int k = 0; k < props.length && k < 64; k++) {
            if (props[k].required) {
                mask |= 1L << k;
            }
        }
        this.requiredMask = mask;
    }

    WriteModel writeModel() {
        return writeModel;
    }

    /**
     * Builds the codec of {@code type} (a record or a class), with the type variables of a generic one bound.
     *
     * @throws IllegalArgumentException when the type has no way to be read nor written
     */
    static ObjectCodec of(Type generic, Codecs codecs) {
        Class<?> type = Types.raw(generic);
        Map<TypeVariable<?>, Type> vars = Types.bindings(generic);
        Binder binder = codecs.binder;
        MethodHandles.Lookup lookup = Lookups.of(type);
        if (lookup == null) {
            throw new IllegalArgumentException("cannot bind " + type.getName() + ": " + Lookups.notOpen(type));
        }
        Map<String, ClassMembers.Info> infos = new LinkedHashMap<>();
        MethodHandle creator = null;
        MethodHandle direct = null;
        MethodHandle noArg = null;
        int argCount = 0;
        String readProblem = null;
        try {
            if (type.isRecord()) {
                RecordComponent[] cs = type.getRecordComponents();
                Class<?>[] types = new Class<?>[cs.length];
                for (int k = 0; k < cs.length; k++) {
                    RecordComponent c = cs[k];
                    types[k] = c.getType();
                    ClassMembers.Info info = ClassMembers.info(infos, c.getName());
                    info.annotate(c);
                    info.readType = Types.resolve(c.getGenericType(), vars);
                    info.writeType = info.readType;
                    info.arg = k;
                    info.raw = lookup.unreflect(c.getAccessor());
                    info.getter = info.raw.asType(GETTER);
                }
                MethodHandle ctor = lookup.findConstructor(type, MethodType.methodType(void.class, types));
                direct = ctor.asType(ctor.type().changeReturnType(Object.class));
                creator = spread(ctor, cs.length);
                argCount = cs.length;
            } else {
                Executable chosen = ClassMembers.creatorOf(type);
                if (chosen != null && chosen.getParameterCount() > 0) {
                    Parameter[] ps = chosen.getParameters();
                    for (int k = 0; k < ps.length; k++) {
                        Name n = ps[k].getAnnotation(Name.class);
                        if (n == null && !ps[k].isNamePresent()) {
                            throw new IllegalArgumentException("cannot bind " + type.getName() + ": parameter " + k + " of "
                                    + chosen + " has no name (annotate it with @Name, or compile with javac -parameters)");
                        }
                        ClassMembers.Info info = ClassMembers.info(infos, n != null ? ps[k].getName() + "#" + n.value() : ps[k].getName());
                        info.annotate(ps[k]);
                        info.readType = Types.resolve(ps[k].getParameterizedType(), vars);
                        info.arg = k;
                    }
                    MethodHandle h = chosen instanceof Constructor ? lookup.unreflectConstructor((Constructor<?>) chosen)
                            : lookup.unreflect((Method) chosen);
                    direct = h.asType(h.type().changeReturnType(Object.class));
                    creator = spread(h, ps.length);
                    argCount = ps.length;
                } else if (chosen != null) {
                    noArg = (chosen instanceof Constructor ? lookup.unreflectConstructor((Constructor<?>) chosen)
                            : lookup.unreflect((Method) chosen)).asType(MethodType.methodType(Object.class));
                } else {
                    readProblem = "it has no @Creator, no no-arg constructor and no single public constructor with named parameters";
                }
                ClassMembers.collectMembers(type, lookup, infos, vars, creator == null && noArg == null);
            }
        } catch (IllegalAccessException | NoSuchMethodException e) {
            throw new IllegalArgumentException("cannot bind " + type.getName() + ": " + e.getMessage() + "; " + Lookups.notOpen(type), e);
        }
        if (Modifier.isAbstract(type.getModifiers()) || type.isInterface()) {
            readProblem = "it is abstract (annotate it with @Discriminator, or register a codec)";
        }
        // the read side
        List<Prop> props = new ArrayList<>();
        List<String> tableNames = new ArrayList<>();
        List<Integer> codes = new ArrayList<>();
        Discriminators.Info disc = codecs.discriminatorOf(type);
        for (ClassMembers.Info info : infos.values()) {
            String name = info.name != null ? info.name : binder.naming().apply(info.javaName);
            if (info.readType == null) {
                continue;
            }
            if (info.ignored) {
                tableNames.add(name);
                codes.add(NameTable.IGNORED);
                if (info.arg >= 0) {
                    props.add(new Prop(name, info.readType, false, info.arg, null));
                    // an ignored argument still needs its default: kept as a property no name reaches
                    tableNames.remove(tableNames.size() - 1);
                    codes.remove(codes.size() - 1);
                    tableNames.add(name);
                    codes.add(NameTable.IGNORED);
                }
                continue;
            }
            tableNames.add(name);
            codes.add(props.size());
            props.add(new Prop(name, info.readType, info.required, info.arg, info.arg >= 0 ? null : info.rawSetter));
        }
        if (disc != null) {
            tableNames.add(disc.name);
            codes.add(NameTable.IGNORED);
        }
        // two properties may not share a member name: one would silently shadow the other, and the
        // writer would write the name twice
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (String n : tableNames) {
            if (!distinct.add(n)) {
                throw new IllegalArgumentException("cannot bind " + type.getName() + ": two of its properties (or a property"
                        + " and its discriminator) have the member name \"" + n + "\"; rename one with @Name");
            }
        }
        // order the table so index k is property k where possible (the expected-next hint)
        String[] names = new String[tableNames.size()];
        int[] codeArray = new int[names.length];
        int w = 0;
        for (int p = 0; p < props.size(); p++) {
            int at = codes.indexOf(p);
            if (at >= 0) {
                names[w] = tableNames.get(at);
                codeArray[w++] = p;
            }
        }
        for (int k = 0; k < codes.size(); k++) {
            if (codes.get(k) < 0) {
                names[w] = tableNames.get(k);
                codeArray[w++] = codes.get(k);
            }
        }
        names = java.util.Arrays.copyOf(names, w);
        codeArray = java.util.Arrays.copyOf(codeArray, w);
        // the write side
        List<String> wNames = new ArrayList<>();
        List<MethodHandle> getters = new ArrayList<>();
        List<MethodHandle> raws = new ArrayList<>();
        List<Type> wTypes = new ArrayList<>();
        for (ClassMembers.Info info : infos.values()) {
            if (info.getter == null || info.ignored) {
                continue;
            }
            wNames.add(info.name != null ? info.name : binder.naming().apply(info.javaName));
            getters.add(info.getter);
            raws.add(info.raw);
            wTypes.add(info.writeType);
        }
        java.util.Set<String> written = new java.util.HashSet<>();
        if (disc != null) {
            written.add(disc.name);
        }
        for (String n : wNames) {
            if (!written.add(n)) {
                throw new IllegalArgumentException("cannot bind " + type.getName() + ": two of its properties (or a property"
                        + " and its discriminator) have the member name \"" + n + "\"; rename one with @Name");
            }
        }
        WriteModel model = new WriteModel(type, wNames.toArray(new String[0]), getters.toArray(new MethodHandle[0]),
                raws.toArray(new MethodHandle[0]),
                wTypes.toArray(new Type[0]), disc == null ? null : disc.name, disc == null ? null : disc.valueOf(type), binder);
        if (readProblem == null && props.isEmpty() && creator == null && noArg == null) {
            readProblem = "it has no properties";
        }
        return new ObjectCodec(type, codecs, props.toArray(new Prop[0]), new NameTable(names, codeArray), creator, argCount,
                noArg, model, readProblem, direct);
    }

    private static MethodHandle spread(MethodHandle h, int n) {
        return h.asType(h.type().changeReturnType(Object.class)).asSpreader(Object[].class, n)
                .asType(MethodType.methodType(Object.class, Object[].class));
    }

    private void resolve() {
        synchronized (this) {
            if (resolved) {
                return;
            }
            for (Prop p : props) {
                try {
                    p.codec = codecs.forType(p.type);
                    p.kind = p.codec == Scalars.STRING ? K_STRING : p.type == int.class ? K_INT : p.type == long.class ? K_LONG
                            : p.type == double.class ? K_DOUBLE : p.type == boolean.class ? K_BOOLEAN : K_CODEC;
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("cannot bind property " + p.name + " of " + type.getName() + ": "
                            + e.getMessage(), e);
                }
            }
            if (codecs.binder.generatedCodecs() && (creatorDirect != null || noArg != null)) {
                generated = ObjectReaders.generate(this, props, names, creatorDirect, noArg, argCount, requiredMask);
            }
            resolved = true;
        }
    }

    @Override
    public Object read(TapeReader r) {
        if (r.packed && Tape.tag(r.t[r.i]) == PackTape.EXT) {
            // a MessagePack extension: what the factory unpacks it to (a registered type, ExtensionValue)
            return PackTape.extension(r, type, "an object (" + type.getSimpleName() + ")");
        }
        if (!resolved) {
            if (readProblem != null) {
                throw new IllegalArgumentException("cannot read " + type.getName() + ": " + readProblem);
            }
            resolve();
        }
        GeneratedReader g = generated;
        if (g != null) {
            return g.read(r);
        }
        long[] t = r.t;
        int at = r.i;
        if (Tape.tag(t[at]) != Tape.OBJECT) {
            throw r.mismatch("an object (" + type.getSimpleName() + ")");
        }
        int count = (int) t[at + 1];
        r.i = at + 2;
        Prop[] props = this.props;
        Object[] args = creator != null ? new Object[argCount] : null;
        Object bean = null;
        if (args == null) {
            try {
                bean = noArg.invokeExact();
            } catch (RuntimeException | Error e) {
                throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "the constructor of " + type.getName() + " failed: " + e, e);
            } catch (Throwable e) {
                throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "the constructor of " + type.getName() + " failed: " + e, e);
            }
        }
        boolean[] seenMany = props.length > 64 ? new boolean[props.length] : null;
        long seen = 0;
        int expect = 0;
        NameTable names = this.names;
        Object[] late = null;
        int[] lateAt = null;
        for (int m = 0; m < count; m++) {
            int nameAt = r.i;
            int p = names.match(r, expect);
            if (p < 0) {
                unmatched(r, p, nameAt);
                continue;
            }
            if ((seenMany != null ? seenMany[p] : (seen & (1L << p)) != 0) && again(r, p)) {
                continue;
            }
            Prop prop = props[p];
            Object v;
            switch (prop.kind) {
                case K_STRING:
                    v = r.readString();
                    break;
                case K_INT:
                    v = r.readInt();
                    break;
                case K_LONG:
                    v = r.readLong();
                    break;
                case K_DOUBLE:
                    v = r.readDouble();
                    break;
                case K_BOOLEAN:
                    v = r.readBoolean();
                    break;
                default:
                    v = r.readNullable(prop.codec);
            }
            if (args == null) {
                set(r, bean, p, v, nameAt);
            } else if (prop.arg >= 0) {
                args[prop.arg] = v;
            } else {
                // a setter or field beside a creator: set once the object exists
                if (late == null) {
                    late = new Object[props.length];
                    lateAt = new int[props.length];
                }
                late[p] = v;
                lateAt[p] = nameAt + 1;
            }
            if (seenMany != null) {
                seenMany[p] = true;
            } else {
                seen |= 1L << p;
            }
            expect = p + 1;
        }
        // absent members: required ones fail, arguments get their type's default
        for (int p = 0; p < props.length; p++) {
            boolean has = seenMany != null ? seenMany[p] : (seen & (1L << p)) != 0;
            if (has) {
                continue;
            }
            Prop prop = props[p];
            if (prop.required) {
                throw r.failAt(BindFailure.Problem.MISSING_MEMBER, at, "missing required member \"" + prop.name + "\" of "
                        + type.getName(), null);
            }
            if (args != null && prop.arg >= 0) {
                args[prop.arg] = prop.codec.missingValue();
            }
        }
        if (args == null) {
            return bean;
        }
        Object made;
        try {
            made = creator.invokeExact(args);
        } catch (RuntimeException | Error e) {
            throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "the constructor of " + type.getName() + " failed: " + e, e);
        } catch (Throwable e) {
            throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "the constructor of " + type.getName() + " failed: " + e, e);
        }
        if (late != null) {
            for (int p = 0; p < props.length; p++) {
                if (lateAt[p] > 0) {
                    set(r, made, p, late[p], lateAt[p] - 1);
                }
            }
        }
        return made;
    }

    private void set(TapeReader r, Object bean, int p, Object v, int at) {
        Prop prop = props[p];
        if (prop.setter == null) {
            return;
        }
        if (v == null && skipsNull(prop)) {
            return;
        }
        try {
            prop.setter.invokeExact(bean, v);
        } catch (Throwable e) {
            throw setterFailed(r, p, at, e);
        }
    }

    // ---- what a generated reader (ObjectReaders) calls off its straight path, as the loop above does

    /** @return the failure for a value that is not an object */
    BindFailure notAnObject(TapeReader r) {
        return r.mismatch("an object (" + type.getSimpleName() + ")");
    }

    /** A member no property reads (code {@code p} < 0, its name at entry {@code nameAt}): an error, or skipped. */
    void unmatched(TapeReader r, int p, int nameAt) {
        if (p == NameTable.UNKNOWN && codecs.binder.failOnUnknownMembers()) {
            throw r.failAt(BindFailure.Problem.UNKNOWN_MEMBER, r.i, "unknown member \"" + Scalars.clip(NameTable.text(r, nameAt))
                    + "\": " + type.getName() + " has no such property", null);
        }
        r.skip();
    }

    /** Property {@code p} seen again: an error, or skipped (true), or read again (false), by the duplicate policy. */
    boolean again(TapeReader r, int p) {
        DuplicateKeyPolicy dup = r.duplicates();
        if (dup == DuplicateKeyPolicy.ERROR) {
            throw r.failAt(BindFailure.Problem.DUPLICATE_KEY, r.i, "duplicate member name \"" + props[p].name + "\"", null);
        } else if (dup == DuplicateKeyPolicy.FIRST_WINS) {
            r.skip();
            return true;
        }
        return false;
    }

    /** @return the failure for the first required property not in {@code seen} */
    BindFailure missing(TapeReader r, int at, long seen) {
        for (int p = 0; p < props.length; p++) {
            if (props[p].required && (seen & (1L << p)) == 0) {
                return r.failAt(BindFailure.Problem.MISSING_MEMBER, at, "missing required member \"" + props[p].name + "\" of "
                        + type.getName(), null);
            }
        }
        throw new IllegalStateException("no required member is missing");
    }

    /** @return the failure for property {@code p}'s setter (its name at entry {@code nameAt}) that threw {@code e} */
    BindFailure setterFailed(TapeReader r, int p, int nameAt, Throwable e) {
        return r.failAt(BindFailure.Problem.INVALID_FORMAT, nameAt + 2, "setting " + props[p].name + " of " + type.getName()
                + " failed: " + e, e);
    }

    /** @return whether a null read for {@code prop} is skipped rather than set (a primitive read by its codec) */
    static boolean skipsNull(Prop prop) {
        return prop.codec instanceof Scalars.Primitive && ((Scalars.Primitive<?>) prop.codec).primitive;
    }

    /** @return the failure for a creator that threw {@code e} */
    BindFailure creatorFailed(TapeReader r, int at, Throwable e) {
        return r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "the constructor of " + type.getName() + " failed: " + e, e);
    }

    /**
     * Fails now, before any input is read, when the type cannot be read; resolves it otherwise.
     *
     * @throws IllegalArgumentException what the first read would throw: why the type cannot be read
     */
    void checkReadable() {
        if (!resolved) {
            if (readProblem != null) {
                throw new IllegalArgumentException("cannot read " + type.getName() + ": " + readProblem);
            }
            resolve();
        }
    }

    /** @return whether reads of this type go through a generated reader (resolving the type first) */
    boolean readsGenerated() {
        if (!resolved && readProblem == null) {
            resolve();
        }
        return generated != null;
    }

    /** @return the required-member mask (first 64 properties), for tests of the model */
    long requiredMask() {
        return requiredMask;
    }

    @Override
    public String describe() {
        return type.getSimpleName();
    }
}
