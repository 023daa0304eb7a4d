package dev.hyson.internal.bind;

import dev.hyson.internal.codegen.ClassAssembler;
import dev.hyson.internal.codegen.ClassAssembler.Code;
import dev.hyson.internal.codegen.ClassAssembler.Label;
import dev.hyson.internal.tape.Tape;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Generates the {@link GeneratedReader} of an {@link ObjectCodec} read through a creator (a
 * record's canonical constructor, a {@code @Creator}, a single public constructor): one hidden
 * class in this package, defined through this class's lookup, whose {@code read} is the
 * interpreter's loop specialized to the type. Its shape:
 *
 * <pre>
 * check the OBJECT tag; count = members
 * for each member: p = names.match(r, expect)        // NameTable: expected name's first word, then a hash
 *   p &lt; 0: codec.unmatched(...); continue             // unknown (error or skipped), ignored
 *   seen again: codec.again(...) decides               // the duplicate policy
 *   tableswitch (p): a3 = r.readInt(); ...            // a local per argument, of its own type
 *   seen |= 1L &lt;&lt; p; expect = p + 1
 * required check; absent reference arguments = their codec's missing value
 * return CREATOR.invokeExact(a0, a1, ...)             // a static final method handle: a direct call
 * </pre>
 *
 * Types with more than 64 properties, with setters beside a creator, or read through a no-arg
 * constructor and setters are left to the interpreter, which reads them the same way.
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
    private static final int ARGS = 12;

    private static volatile String unavailable;

    private ObjectReaders() {
    }

    /** @return why a reader could not be generated in this JVM (the first failure), or null */
    static String unavailable() {
        return unavailable;
    }

    /**
     * @return the generated reader of {@code codec}, or null where the interpreter reads it
     */
    static GeneratedReader generate(ObjectCodec codec, ObjectCodec.Prop[] props, NameTable names, MethodHandle creator,
            int argCount, long requiredMask) {
        if (props.length > 64 || props.length == 0) {
            return null;
        }
        ObjectCodec.Prop[] byArg = new ObjectCodec.Prop[argCount];
        for (ObjectCodec.Prop p : props) {
            if (p.arg < 0 || p.arg >= argCount || byArg[p.arg] != null) {
                return null; // a setter beside the creator, or an argument read twice
            }
            byArg[p.arg] = p;
        }
        int slots = ARGS;
        for (ObjectCodec.Prop p : byArg) {
            if (p == null) {
                return null;
            }
            slots += p.kind == ObjectCodec.K_LONG || p.kind == ObjectCodec.K_DOUBLE ? 2 : 1;
        }
        if (slots > 250) {
            return null;
        }
        try {
            ClassAssembler a = new ClassAssembler("dev/hyson/internal/bind/GeneratedReader$" + identifier(codec.describe()),
                    "dev/hyson/internal/bind/GeneratedReader");
            read(a, codec, props, names, creator, byArg, requiredMask, slots);
            MethodHandles.Lookup l = LOOKUP.defineHiddenClassWithClassData(a.toBytes(), a.classData(), true);
            return (GeneratedReader) l.findConstructor(l.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            if (unavailable == null) {
                unavailable = "no reader generated for " + codec.describe() + ": " + e;
            }
            return null;
        }
    }

    private static String identifier(String s) {
        StringBuilder b = new StringBuilder();
        for (char ch : s.toCharArray()) {
            b.append(Character.isJavaIdentifierPart(ch) && ch < 0x80 ? ch : '_');
        }
        return b.length() == 0 ? "Anonymous" : b.toString();
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
            ObjectCodec.Prop[] byArg, long requiredMask, int slots) {
        String self = a.name();
        String codecField = a.constant("L" + CODEC + ";", codec);
        String namesField = a.constant("Ldev/hyson/internal/bind/NameTable;", names);
        Class<?>[] params = new Class<?>[byArg.length];
        StringBuilder callDesc = new StringBuilder("(");
        int[] local = new int[byArg.length];
        int next = ARGS;
        for (int k = 0; k < byArg.length; k++) {
            params[k] = type(byArg[k]);
            callDesc.append(desc(byArg[k]));
            local[k] = next;
            next += params[k] == long.class || params[k] == double.class ? 2 : 1;
        }
        callDesc.append(")Ljava/lang/Object;");
        String creatorField = a.constant("Ljava/lang/invoke/MethodHandle;",
                creator.asType(MethodType.methodType(Object.class, params)));
        Code c = a.method(0x0010, "read", "(L" + READER + ";)Ljava/lang/Object;", slots).maxStack(1 + slots - ARGS + 4);
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
        for (int k = 0; k < byArg.length; k++) {
            switch (params[k].getName()) {
                case "long":
                    c.lconst(0).lstore(local[k]);
                    break;
                case "double":
                    c.dconst0().dstore(local[k]);
                    break;
                case "int":
                case "boolean":
                    c.iconst(0).istore(local[k]);
                    break;
                default:
                    c.op(Code.ACONST_NULL).astore(local[k]);
            }
        }
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
            int slot = local[p.arg];
            c.place(cases[k]);
            switch (p.kind) {
                case ObjectCodec.K_STRING:
                    c.aload(R).invokevirtual(READER, "readString", "()Ljava/lang/String;").astore(slot);
                    break;
                case ObjectCodec.K_INT:
                    c.aload(R).invokevirtual(READER, "readInt", "()I").istore(slot);
                    break;
                case ObjectCodec.K_LONG:
                    c.aload(R).invokevirtual(READER, "readLong", "()J").lstore(slot);
                    break;
                case ObjectCodec.K_DOUBLE:
                    c.aload(R).invokevirtual(READER, "readDouble", "()D").dstore(slot);
                    break;
                case ObjectCodec.K_BOOLEAN:
                    c.aload(R).invokevirtual(READER, "readBoolean", "()Z").istore(slot);
                    break;
                default:
                    propFields[k] = a.constant("L" + PROP + ";", p);
                    c.aload(R).getstatic(self, propFields[k], "L" + PROP + ";").getfield(PROP, "codec", "L" + TAPE_CODEC + ";")
                            .invokevirtual(READER, "readNullable", "(L" + TAPE_CODEC + ";)Ljava/lang/Object;").astore(slot);
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
        for (int k = 0; k < props.length; k++) {
            ObjectCodec.Prop p = props[k];
            if (type(p) != Object.class) {
                continue; // a primitive's missing value is its zero, where the local starts
            }
            if (propFields[k] == null) {
                propFields[k] = a.constant("L" + PROP + ";", p);
            }
            String bit = a.constant("J", 1L << k);
            Label present = c.label();
            c.lload(SEEN).getstatic(self, bit, "J").op(Code.LAND).lconst(0).op(Code.LCMP).jump(Code.IFNE, present);
            c.getstatic(self, propFields[k], "L" + PROP + ";").getfield(PROP, "codec", "L" + TAPE_CODEC + ";")
                    .invokevirtual(TAPE_CODEC, "missingValue", "()Ljava/lang/Object;").astore(local[p.arg]);
            c.place(present);
        }
        Label from = c.label();
        Label to = c.label();
        Label handler = c.label();
        c.place(from);
        c.getstatic(self, creatorField, "Ljava/lang/invoke/MethodHandle;");
        for (int k = 0; k < byArg.length; k++) {
            switch (params[k].getName()) {
                case "long":
                    c.lload(local[k]);
                    break;
                case "double":
                    c.dload(local[k]);
                    break;
                case "int":
                case "boolean":
                    c.iload(local[k]);
                    break;
                default:
                    c.aload(local[k]);
            }
        }
        c.invokevirtual("java/lang/invoke/MethodHandle", "invokeExact", callDesc.toString()).op(Code.ARETURN);
        c.place(to);
        c.place(handler);
        c.astore(THROWN).getstatic(self, codecField, "L" + CODEC + ";").aload(R).iload(AT).aload(THROWN)
                .invokevirtual(CODEC, "creatorFailed", "(L" + READER + ";ILjava/lang/Throwable;)L" + FAILURE + ";").op(Code.ATHROW);
        c.handler(from, to, handler, null);
        c.end();
    }
}
