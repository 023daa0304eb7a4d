package dev.hyson.internal.bind;

import dev.hyson.internal.codegen.ClassAssembler;
import dev.hyson.internal.codegen.ClassAssembler.Code;
import dev.hyson.internal.codegen.ClassAssembler.Label;
import dev.hyson.internal.tape.Tape;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Generates the {@link GeneratedReader} of an {@link ObjectCodec}: one hidden class in this
 * package, defined through this class's lookup, whose {@code read} is the interpreter's loop
 * specialized to the type. Its shape:
 *
 * <pre>
 * check the OBJECT tag; count = members
 * [a bean: bean = NO_ARG.invokeExact()]                 // made first, set as its members come
 * for each member: p = names.match(r, expect)        // NameTable: expected name's first word, then a hash
 *   p &lt; 0: codec.unmatched(...); continue             // unknown (error or skipped), ignored
 *   seen again: codec.again(...) decides               // the duplicate policy
 *   tableswitch (p): a3 = r.readInt(); ...            // a creator argument: a local of its own type
 *                    SET_4.invokeExact(bean, r.readLong())  // a bean's setter or field, unboxed
 *   seen |= 1L &lt;&lt; p; expect = p + 1
 * required check; absent reference arguments = their codec's missing value
 * made = CREATOR.invokeExact(a0, a1, ...)             // a static final method handle: a direct call
 * setters beside the creator, for the members that came
 * </pre>
 *
 * Every record and class the binder reads gets one (creator, {@code @Creator}, single constructor,
 * or no-arg constructor with setters and fields), except types with more than 64 properties, which
 * the interpreter reads the same way.
 */
final class ObjectReaders {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final String READER = "dev/hyson/internal/bind/TapeReader";
    private static final String CODEC = "dev/hyson/internal/bind/ObjectCodec";
    private static final String PROP = "dev/hyson/internal/bind/ObjectCodec$Prop";
    private static final String TAPE_CODEC = "dev/hyson/internal/bind/TapeCodec";
    private static final String FAILURE = "dev/hyson/internal/bind/BindFailure";

    private static final int R = 1;
    private static final int T = 2;
    private static final int AT = 3;
    private static final int COUNT = 4;
    private static final int M = 5;
    private static final int SEEN = 6; // two slots
    private static final int EXPECT = 8;
    private static final int P = 9;
    private static final int NAME_AT = 10;
    private static final int THROWN = 11;
    /** The bean (made first) or the object the creator made. */
    private static final int BEAN = 12;
    /** A codec-read value on its way to a setter. */
    private static final int VAL = 13;
    /** The first local of the arguments and the late setters' values. */
    private static final int FIRST = 14;

    private static final int ARG = 0;
    private static final int SET = 1;
    private static final int LATE = 2;
    private static final int DROP = 3;

    private static final ClassAssembler.FirstFailure FAILED = new ClassAssembler.FirstFailure();

    private ObjectReaders() {
    }

    /** @return why a reader could not be generated in this JVM (the first failure), or null */
    static String unavailable() {
        return FAILED.get();
    }

    /**
     * @param creator the creator unspread, {@code (args...) Object}, or null for a bean made by {@code noArg}
     * @param noArg the no-arg constructor, {@code () Object}, when {@code creator} is null
     * @return the generated reader of {@code codec}, or null where the interpreter reads it
     */
    static GeneratedReader generate(ObjectCodec codec, ObjectCodec.Prop[] props, NameTable names, MethodHandle creator,
            MethodHandle noArg, int argCount, long requiredMask) {
        if (props.length > 64 || props.length == 0) {
            return null;
        }
        ObjectCodec.Prop[] byArg = new ObjectCodec.Prop[creator == null ? 0 : argCount];
        int slots = FIRST;
        for (ObjectCodec.Prop p : props) {
            if (p.arg >= 0) {
                if (creator == null || p.arg >= argCount || byArg[p.arg] != null) {
                    return null; // an argument read twice
                }
                byArg[p.arg] = p;
            }
            // a local per creator argument, and a value and its name's entry per setter beside a creator
            int role = role(p, creator);
            slots += role == ARG ? width(p) : role == LATE ? width(p) + 1 : 0;
        }
        for (ObjectCodec.Prop p : byArg) {
            if (p == null) {
                return null;
            }
        }
        if (slots > 250) {
            return null;
        }
        try {
            ClassAssembler a = new ClassAssembler("dev/hyson/internal/bind/GeneratedReader$$"
                    + ClassAssembler.identifier(codec.describe()), "dev/hyson/internal/bind/GeneratedReader");
            read(a, codec, props, names, creator, noArg, byArg, requiredMask, slots);
            return (GeneratedReader) a.instantiate(LOOKUP);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            FAILED.record("no reader generated for " + codec.describe(), e);
            return null;
        }
    }

    /** How a property's value is used: a creator argument, set on the bean as read, set after the creator, or dropped. */
    private static int role(ObjectCodec.Prop p, MethodHandle creator) {
        if (p.arg >= 0) {
            return ARG;
        }
        if (p.setter == null) {
            return DROP;
        }
        return creator == null ? SET : LATE;
    }

    private static int width(ObjectCodec.Prop p) {
        return p.kind == ObjectCodec.K_LONG || p.kind == ObjectCodec.K_DOUBLE ? 2 : 1;
    }

    /** The descriptor letter of argument {@code p}'s local. */
    private static String desc(ObjectCodec.Prop p) {
        switch (p.kind) {
            case ObjectCodec.K_INT:
                return "I";
            case ObjectCodec.K_LONG:
                return "J";
            case ObjectCodec.K_DOUBLE:
                return "D";
            case ObjectCodec.K_BOOLEAN:
                return "Z";
            default:
                return "Ljava/lang/Object;";
        }
    }

    private static Class<?> type(ObjectCodec.Prop p) {
        switch (p.kind) {
            case ObjectCodec.K_INT:
                return int.class;
            case ObjectCodec.K_LONG:
                return long.class;
            case ObjectCodec.K_DOUBLE:
                return double.class;
            case ObjectCodec.K_BOOLEAN:
                return boolean.class;
            default:
                return Object.class;
        }
    }

    private static void read(ClassAssembler a, ObjectCodec codec, ObjectCodec.Prop[] props, NameTable names, MethodHandle creator,
            MethodHandle noArg, ObjectCodec.Prop[] byArg, long requiredMask, int slots) {
        String self = a.name();
        String codecField = a.constant("L" + CODEC + ";", codec);
        String namesField = a.constant("Ldev/hyson/internal/bind/NameTable;", names);
        int[] role = new int[props.length];
        int[] local = new int[props.length];
        int[] nameLocal = new int[props.length];
        int next = FIRST;
        for (int k = 0; k < props.length; k++) {
            role[k] = role(props[k], creator);
            if (role[k] == ARG || role[k] == LATE) {
                local[k] = next;
                next += width(props[k]);
            }
            if (role[k] == LATE) {
                nameLocal[k] = next++;
            }
        }
        Code c = a.method(0x0010, "read", "(L" + READER + ";)Ljava/lang/Object;", slots).maxStack(1 + slots - FIRST + 6);
        Label made = c.label();
        Label setterFailed = c.label();
        // the OBJECT entry
        Label object = c.label();
        c.aload(R).getfield(READER, "t", "[J").astore(T);
        c.aload(R).getfield(READER, "i", "I").istore(AT);
        c.aload(T).iload(AT).op(Code.LALOAD).invokestatic("dev/hyson/internal/tape/Tape", "tag", "(J)I")
                .iconst(Tape.OBJECT).jump(Code.IF_ICMPEQ, object);
        c.getstatic(self, codecField, "L" + CODEC + ";").aload(R)
                .invokevirtual(CODEC, "notAnObject", "(L" + READER + ";)L" + FAILURE + ";").op(Code.ATHROW);
        c.place(object);
        c.aload(T).iload(AT).iconst(1).op(Code.IADD).op(Code.LALOAD).op(Code.L2I).istore(COUNT);
        c.aload(R).iload(AT).iconst(2).op(Code.IADD).putfield(READER, "i", "I");
        if (creator == null) {
            // a bean is made first and set as its members come, as the interpreter does
            String noArgField = a.constant("Ljava/lang/invoke/MethodHandle;", noArg.asType(MethodType.methodType(Object.class)));
            Label from = c.label();
            Label to = c.label();
            c.place(from).getstatic(self, noArgField, "Ljava/lang/invoke/MethodHandle;")
                    .invokevirtual("java/lang/invoke/MethodHandle", "invokeExact", "()Ljava/lang/Object;").place(to).astore(BEAN);
            c.handler(from, to, made, null);
        }
        for (int k = 0; k < props.length; k++) {
            if (role[k] == ARG || role[k] == LATE) {
                zero(c, type(props[k]), local[k]);
            }
            if (role[k] == LATE) {
                c.iconst(0).istore(nameLocal[k]);
            }
        }
        c.iconst(0).istore(P).iconst(0).istore(NAME_AT);
        c.lconst(0).lstore(SEEN).iconst(0).istore(EXPECT).iconst(0).istore(M);
        Label loop = c.label();
        Label done = c.label();
        Label known = c.label();
        Label fresh = c.label();
        Label set = c.label();
        Label cont = c.label();
        c.place(loop);
        c.iload(M).iload(COUNT).jump(Code.IF_ICMPGE, done);
        c.aload(R).getfield(READER, "i", "I").istore(NAME_AT);
        c.getstatic(self, namesField, "Ldev/hyson/internal/bind/NameTable;").aload(R).iload(EXPECT)
                .invokevirtual("dev/hyson/internal/bind/NameTable", "match", "(L" + READER + ";I)I").istore(P);
        c.iload(P).jump(Code.IFGE, known);
        c.getstatic(self, codecField, "L" + CODEC + ";").aload(R).iload(P).iload(NAME_AT)
                .invokevirtual(CODEC, "unmatched", "(L" + READER + ";II)V");
        c.jump(Code.GOTO, cont);
        c.place(known);
        c.lload(SEEN).lconst(1).iload(P).op(Code.LSHL).op(Code.LAND).lconst(0).op(Code.LCMP).jump(Code.IFEQ, fresh);
        c.getstatic(self, codecField, "L" + CODEC + ";").aload(R).iload(P)
                .invokevirtual(CODEC, "again", "(L" + READER + ";I)Z").jump(Code.IFNE, cont);
        c.place(fresh);
        Label[] cases = new Label[props.length];
        for (int k = 0; k < cases.length; k++) {
            cases[k] = c.label();
        }
        c.iload(P).tableswitch(set, cases);
        String[] propFields = new String[props.length];
        for (int k = 0; k < props.length; k++) {
            ObjectCodec.Prop p = props[k];
            c.place(cases[k]);
            if (role[k] == SET) {
                // the setter takes the value as read: the bean, then the value, on the stack
                String setter = setterField(a, p);
                if (type(p) == Object.class) {
                    value(a, c, p, propFields, k);
                    c.astore(VAL);
                    if (ObjectCodec.skipsNull(p)) {
                        c.aload(VAL).jump(Code.IFNULL, set);
                    }
                    c.getstatic(self, setter, "Ljava/lang/invoke/MethodHandle;").aload(BEAN).aload(VAL);
                } else {
                    c.getstatic(self, setter, "Ljava/lang/invoke/MethodHandle;").aload(BEAN);
                    value(a, c, p, propFields, k);
                }
                invokeSetter(c, p, setterFailed);
            } else {
                value(a, c, p, propFields, k);
                if (role[k] == DROP) {
                    c.op(width(p) == 2 ? Code.POP2 : Code.POP);
                } else {
                    store(c, type(p), local[k]);
                    if (role[k] == LATE) {
                        c.iload(NAME_AT).istore(nameLocal[k]);
                    }
                }
            }
            c.jump(Code.GOTO, set);
        }
        c.place(set);
        c.lload(SEEN).lconst(1).iload(P).op(Code.LSHL).op(Code.LOR).lstore(SEEN);
        c.iload(P).iconst(1).op(Code.IADD).istore(EXPECT);
        c.place(cont);
        c.iinc(M, 1).jump(Code.GOTO, loop);
        c.place(done);
        // required members, then the missing values of absent reference arguments
        if (requiredMask != 0) {
            String mask = a.constant("J", requiredMask);
            Label all = c.label();
            c.lload(SEEN).getstatic(self, mask, "J").op(Code.LAND).getstatic(self, mask, "J").op(Code.LCMP).jump(Code.IFEQ, all);
            c.getstatic(self, codecField, "L" + CODEC + ";").aload(R).iload(AT).lload(SEEN)
                    .invokevirtual(CODEC, "missing", "(L" + READER + ";IJ)L" + FAILURE + ";").op(Code.ATHROW);
            c.place(all);
        }
        if (creator != null) {
            for (int k = 0; k < props.length; k++) {
                if (role[k] != ARG || type(props[k]) != Object.class) {
                    continue; // a primitive's missing value is its zero, where the local starts
                }
                Label present = c.label();
                ifSeen(a, c, k, present);
                c.getstatic(self, propField(a, props[k], propFields, k), "L" + PROP + ";").getfield(PROP, "codec", "L" + TAPE_CODEC + ";")
                        .invokevirtual(TAPE_CODEC, "missingValue", "()Ljava/lang/Object;").astore(local[k]);
                c.place(present);
            }
            create(a, c, props, creator, byArg, local, made);
            // setters beside the creator, once the object exists, for the members that came
            for (int k = 0; k < props.length; k++) {
                if (role[k] != LATE) {
                    continue;
                }
                Label absent = c.label();
                c.lload(SEEN).getstatic(self, a.constant("J", 1L << k), "J").op(Code.LAND).lconst(0).op(Code.LCMP)
                        .jump(Code.IFEQ, absent);
                if (type(props[k]) == Object.class && ObjectCodec.skipsNull(props[k])) {
                    c.aload(local[k]).jump(Code.IFNULL, absent);
                }
                c.iconst(k).istore(P).iload(nameLocal[k]).istore(NAME_AT);
                c.getstatic(self, setterField(a, props[k]), "Ljava/lang/invoke/MethodHandle;").aload(BEAN);
                load(c, type(props[k]), local[k]);
                invokeSetter(c, props[k], setterFailed);
                c.place(absent);
            }
        }
        c.aload(BEAN).op(Code.ARETURN);
        c.place(made);
        c.astore(THROWN).getstatic(self, codecField, "L" + CODEC + ";").aload(R).iload(AT).aload(THROWN)
                .invokevirtual(CODEC, "creatorFailed", "(L" + READER + ";ILjava/lang/Throwable;)L" + FAILURE + ";").op(Code.ATHROW);
        c.place(setterFailed);
        c.astore(THROWN).getstatic(self, codecField, "L" + CODEC + ";").aload(R).iload(P).iload(NAME_AT).aload(THROWN)
                .invokevirtual(CODEC, "setterFailed", "(L" + READER + ";IILjava/lang/Throwable;)L" + FAILURE + ";")
                .op(Code.ATHROW);
        c.end();
    }

    /** Calls the creator with the argument locals into {@link #BEAN}; a throw goes to {@code failed}. */
    private static void create(ClassAssembler a, Code c, ObjectCodec.Prop[] props, MethodHandle creator, ObjectCodec.Prop[] byArg,
            int[] local, Label failed) {
        Class<?>[] params = new Class<?>[byArg.length];
        StringBuilder callDesc = new StringBuilder("(");
        for (int j = 0; j < byArg.length; j++) {
            params[j] = type(byArg[j]);
            callDesc.append(desc(byArg[j]));
        }
        callDesc.append(")Ljava/lang/Object;");
        String creatorField = a.constant("Ljava/lang/invoke/MethodHandle;",
                creator.asType(MethodType.methodType(Object.class, params)));
        Label from = c.label();
        Label to = c.label();
        c.place(from);
        c.getstatic(a.name(), creatorField, "Ljava/lang/invoke/MethodHandle;");
        for (int j = 0; j < byArg.length; j++) {
            load(c, params[j], local[java.util.Arrays.asList(props).indexOf(byArg[j])]);
        }
        c.invokevirtual("java/lang/invoke/MethodHandle", "invokeExact", callDesc.toString());
        c.place(to);
        c.astore(BEAN);
        c.handler(from, to, failed, null);
    }

    /** Reads property {@code k}'s value onto the stack, by its kind's own {@code TapeReader} call. */
    private static void value(ClassAssembler a, Code c, ObjectCodec.Prop p, String[] propFields, int k) {
        switch (p.kind) {
            case ObjectCodec.K_STRING:
                c.aload(R).invokevirtual(READER, "readString", "()Ljava/lang/String;");
                break;
            case ObjectCodec.K_INT:
                c.aload(R).invokevirtual(READER, "readInt", "()I");
                break;
            case ObjectCodec.K_LONG:
                c.aload(R).invokevirtual(READER, "readLong", "()J");
                break;
            case ObjectCodec.K_DOUBLE:
                c.aload(R).invokevirtual(READER, "readDouble", "()D");
                break;
            case ObjectCodec.K_BOOLEAN:
                c.aload(R).invokevirtual(READER, "readBoolean", "()Z");
                break;
            default:
                c.aload(R).getstatic(a.name(), propField(a, p, propFields, k), "L" + PROP + ";")
                        .getfield(PROP, "codec", "L" + TAPE_CODEC + ";")
                        .invokevirtual(READER, "readNullable", "(L" + TAPE_CODEC + ";)Ljava/lang/Object;");
        }
    }

    /** The constant holding property {@code k} (for its codec), made once. */
    private static String propField(ClassAssembler a, ObjectCodec.Prop p, String[] propFields, int k) {
        if (propFields[k] == null) {
            propFields[k] = a.constant("L" + PROP + ";", p);
        }
        return propFields[k];
    }

    /** The setter's handle as a constant, typed {@code (Object, value)void}: a primitive goes in unboxed. */
    private static String setterField(ClassAssembler a, ObjectCodec.Prop p) {
        Class<?> t = type(p);
        MethodHandle h = t == Object.class ? p.setter : p.rawSetter.asType(MethodType.methodType(void.class, Object.class, t));
        return a.constant("Ljava/lang/invoke/MethodHandle;", h);
    }

    /** Calls the setter whose handle, bean and value are on the stack; a throw goes to {@code failed}. */
    private static void invokeSetter(Code c, ObjectCodec.Prop p, Label failed) {
        Label from = c.label();
        Label to = c.label();
        c.place(from).invokevirtual("java/lang/invoke/MethodHandle", "invokeExact", "(Ljava/lang/Object;" + desc(p) + ")V").place(to);
        c.handler(from, to, failed, null);
    }

    /** Jumps to {@code present} when property {@code k} was seen. */
    private static void ifSeen(ClassAssembler a, Code c, int k, Label present) {
        c.lload(SEEN).getstatic(a.name(), a.constant("J", 1L << k), "J").op(Code.LAND).lconst(0).op(Code.LCMP).jump(Code.IFNE, present);
    }

    private static void zero(Code c, Class<?> t, int slot) {
        if (t == long.class) {
            c.lconst(0).lstore(slot);
        } else if (t == double.class) {
            c.dconst0().dstore(slot);
        } else if (t == int.class || t == boolean.class) {
            c.iconst(0).istore(slot);
        } else {
            c.op(Code.ACONST_NULL).astore(slot);
        }
    }

    private static void store(Code c, Class<?> t, int slot) {
        if (t == long.class) {
            c.lstore(slot);
        } else if (t == double.class) {
            c.dstore(slot);
        } else if (t == int.class || t == boolean.class) {
            c.istore(slot);
        } else {
            c.astore(slot);
        }
    }

    private static void load(Code c, Class<?> t, int slot) {
        if (t == long.class) {
            c.lload(slot);
        } else if (t == double.class) {
            c.dload(slot);
        } else if (t == int.class || t == boolean.class) {
            c.iload(slot);
        } else {
            c.aload(slot);
        }
    }
}
