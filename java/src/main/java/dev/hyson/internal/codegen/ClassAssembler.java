package dev.hyson.internal.codegen;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles the class file of one generated codec (JVMS chapter 4), small enough to read whole:
 * a constant pool, static final fields the class initializer fills from the class data
 * ({@link MethodHandles#classData}), and methods of straight-line code with forward and backward
 * branches and one exception table.
 *
 * <p>Classes are written in class-file version 49, whose methods the JVM verifies by type
 * inference (JVMS 4.10.2), so no {@code StackMapTable} has to be computed: what a bytecode library
 * would be shaded into the jar for. Nothing generated needs a newer feature: the constants are
 * static final fields (which the JIT folds, so a method handle in one is invoked as a direct
 * call), and {@code MethodHandle.invokeExact} links in a class of any version. Not thread-safe; one
 * assembler per class.
 */
public final class ClassAssembler {
    private final ByteArrayOutputStream poolBytes = new ByteArrayOutputStream();
    private final DataOutputStream pool = new DataOutputStream(poolBytes);
    private final Map<String, Integer> entries = new HashMap<>();
    private int poolCount = 1;
    private final int thisClass;
    private final int superClass;
    private final List<byte[]> fields = new ArrayList<>();
    private final List<byte[]> methods = new ArrayList<>();
    private final List<String[]> constants = new ArrayList<>();
    private final List<Object> classData = new ArrayList<>();

    /**
     * @param name the internal name of the class ({@code a/b/C}), in the package of the lookup that defines it
     * @param superName the internal name of its superclass, which must have an accessible no-arg constructor
     */
    public ClassAssembler(String name, String superName) {
        this.thisClass = classRef(name);
        this.superClass = classRef(superName);
    }

    // ---- the constant pool

    private int entry(String key, int tag, int a, int b, boolean wide) {
        Integer at = entries.get(key);
        if (at != null) {
            return at;
        }
        try {
            pool.writeByte(tag);
            if (wide) {
                pool.writeShort(a);
                pool.writeShort(b);
            } else {
                pool.writeShort(a);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int index = poolCount++;
        entries.put(key, index);
        return index;
    }

    /** @return the pool index of a CONSTANT_Utf8 */
    int utf8(String s) {
        String key = "U" + s;
        Integer at = entries.get(key);
        if (at != null) {
            return at;
        }
        try {
            pool.writeByte(1);
            pool.writeUTF(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int index = poolCount++;
        entries.put(key, index);
        return index;
    }

    /** @return the pool index of a CONSTANT_Class */
    int classRef(String internalName) {
        return entry("C" + internalName, 7, utf8(internalName), 0, false);
    }

    int stringRef(String s) {
        return entry("S" + s, 8, utf8(s), 0, false);
    }

    int intConstant(int v) {
        String key = "I" + v;
        Integer at = entries.get(key);
        if (at != null) {
            return at;
        }
        try {
            pool.writeByte(3);
            pool.writeInt(v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int index = poolCount++;
        entries.put(key, index);
        return index;
    }

    private int nameAndType(String name, String descriptor) {
        return entry("N" + name + ";" + descriptor, 12, utf8(name), utf8(descriptor), true);
    }

    int fieldRef(String owner, String name, String descriptor) {
        return entry("F" + owner + "." + name + ":" + descriptor, 9, classRef(owner), nameAndType(name, descriptor), true);
    }

    int methodRef(String owner, String name, String descriptor) {
        return entry("M" + owner + "." + name + descriptor, 10, classRef(owner), nameAndType(name, descriptor), true);
    }

    // ---- constants: static final fields filled from the class data

    /**
     * Declares a static final field holding {@code value}, set by the class initializer.
     *
     * @param descriptor the field's type descriptor: {@code J}, {@code D}, {@code I} or a reference type
     * @param value its value (a {@code Long}, {@code Double} or {@code Integer} for a primitive)
     * @return the field's name
     */
    public String constant(String descriptor, Object value) {
        String name = "K" + constants.size();
        constants.add(new String[] {name, descriptor});
        classData.add(value);
        return name;
    }

    /** @return the class data the class initializer reads: pass it to {@code defineHiddenClassWithClassData} */
    public Object[] classData() {
        return classData.toArray();
    }

    /** @return the internal name of this class */
    public String name() {
        return nameOf(thisClass);
    }

    private String nameOf(int classIndex) {
        for (Map.Entry<String, Integer> e : entries.entrySet()) {
            if (e.getValue() == classIndex && e.getKey().startsWith("C")) {
                return e.getKey().substring(1);
            }
        }
        throw new IllegalStateException();
    }

    /**
     * Starts a method.
     *
     * @param access its access flags ({@code 0x0001} public, {@code 0x0008} static, ...)
     * @param name its name
     * @param descriptor its descriptor
     * @param maxLocals the local-variable slots it uses, parameters included
     * @return its code, added by {@link Code#end}
     */
    public Code method(int access, String name, String descriptor, int maxLocals) {
        return new Code(access, name, descriptor, maxLocals);
    }

    /**
     * The class file: the constants' fields, a no-arg constructor calling the superclass's, the
     * class initializer, the methods added.
     *
     * @return the bytes, for {@code Lookup.defineHiddenClassWithClassData}
     */
    /**
     * Defines the assembled class as a hidden class in {@code lookup}'s package, with its class data,
     * and makes one instance through its no-arg constructor.
     *
     * @param lookup a full-privilege lookup of a class in the package the class is named in
     * @return the instance
     * @throws Throwable whatever defining, verifying or constructing throws (a JVM that refuses
     *     the class, a {@code VerifyError})
     */
    public Object instantiate(MethodHandles.Lookup lookup) throws Throwable {
        MethodHandles.Lookup l = lookup.defineHiddenClassWithClassData(toBytes(), classData(), true);
        return l.findConstructor(l.lookupClass(), java.lang.invoke.MethodType.methodType(void.class)).invoke();
    }

    /**
     * @param name a type's simple name (may be empty, or hold characters no class name takes)
     * @return a segment for a generated class's name: its ASCII identifier characters, others as
     *     {@code _}, {@code Anonymous} for an empty name
     */
    public static String identifier(String name) {
        StringBuilder b = new StringBuilder();
        for (char ch : name.toCharArray()) {
            b.append(Character.isJavaIdentifierPart(ch) && ch < 0x80 ? ch : '_');
        }
        return b.length() == 0 ? "Anonymous" : b.toString();
    }

    /**
     * The first reason a generator fell back to the interpreter in this JVM, kept for diagnostics
     * ({@code Codegen}); later failures are not recorded. Thread-safe.
     */
    public static final class FirstFailure {
        private volatile String note;

        /**
         * Records {@code what} failed with {@code e}, unless a failure is recorded already.
         *
         * @param what what was not generated, e.g. "no reader generated for Point"
         * @param e why
         */
        public void record(String what, Throwable e) {
            if (note == null) {
                note = what + ": " + e;
            }
        }

        /** @return the first failure, or null when none */
        public String get() {
            return note;
        }
    }

    public byte[] toBytes() {
        String self = name();
        String superName = nameOf(superClass);
        Code init = method(0x0001, "<init>", "()V", 1);
        init.aload(0).invokespecial(superName, "<init>", "()V").op(Code.RETURN);
        init.end();
        Code clinit = method(0x0008, "<clinit>", "()V", 1);
        clinit.invokestatic("java/lang/invoke/MethodHandles", "lookup", "()Ljava/lang/invoke/MethodHandles$Lookup;")
                .ldcString("_").ldcClass("[Ljava/lang/Object;")
                .invokestatic("java/lang/invoke/MethodHandles", "classData",
                        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;")
                .checkcast("[Ljava/lang/Object;").astore(0);
        for (int k = 0; k < constants.size(); k++) {
            String[] c = constants.get(k);
            clinit.aload(0).iconst(k).op(Code.AALOAD);
            switch (c[1]) {
                case "J":
                    clinit.checkcast("java/lang/Long").invokevirtual("java/lang/Long", "longValue", "()J");
                    break;
                case "D":
                    clinit.checkcast("java/lang/Double").invokevirtual("java/lang/Double", "doubleValue", "()D");
                    break;
                case "I":
                    clinit.checkcast("java/lang/Integer").invokevirtual("java/lang/Integer", "intValue", "()I");
                    break;
                default:
                    clinit.checkcast(c[1].startsWith("L") ? c[1].substring(1, c[1].length() - 1) : c[1]);
            }
            clinit.putstatic(self, c[0], c[1]);
        }
        clinit.op(Code.RETURN);
        clinit.end();
        for (String[] c : constants) {
            ByteArrayOutputStream f = new ByteArrayOutputStream();
            DataOutputStream d = new DataOutputStream(f);
            try {
                d.writeShort(0x0002 | 0x0008 | 0x0010); // private static final
                d.writeShort(utf8(c[0]));
                d.writeShort(utf8(c[1]));
                d.writeShort(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            fields.add(f.toByteArray());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(out);
        try {
            utf8("Code"); // every entry is in the pool before it is written out
            d.writeInt(0xCAFEBABE);
            d.writeShort(0);
            d.writeShort(49);
            d.writeShort(poolCount);
            d.write(poolBytes.toByteArray());
            d.writeShort(0x0010 | 0x0020 | 0x1000); // final, super, synthetic
            d.writeShort(thisClass);
            d.writeShort(superClass);
            d.writeShort(0);
            d.writeShort(fields.size());
            for (byte[] f : fields) {
                d.write(f);
            }
            d.writeShort(methods.size());
            for (byte[] m : methods) {
                d.write(m);
            }
            d.writeShort(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A branch target; placed once, referred to before or after. */
    public static final class Label {
        int at = -1;
        private final List<Integer> refs = new ArrayList<>();
        /** Four-byte offsets of a switch: {where, the switch's opcode}. */
        private final List<int[]> wide = new ArrayList<>();
    }

    /** One method's bytecode, written instruction by instruction. */
    public final class Code {
        static final int ICONST_0 = 0x03;
        static final int LCONST_0 = 0x09;
        static final int DCONST_0 = 0x0e;
        public static final int ACONST_NULL = 0x01;
        public static final int LCONST_1 = 0x0a;
        public static final int LALOAD = 0x2f;
        public static final int AALOAD = 0x32;
        public static final int LSHL = 0x79;
        public static final int LAND = 0x7f;
        public static final int LOR = 0x81;
        public static final int L2I = 0x88;
        public static final int POP = 0x57;
        public static final int POP2 = 0x58;
        public static final int DUP = 0x59;
        public static final int IADD = 0x60;
        public static final int I2L = 0x85;
        public static final int IRETURN = 0xac;
        public static final int ARETURN = 0xb0;
        public static final int RETURN = 0xb1;
        public static final int ARRAYLENGTH = 0xbe;
        public static final int ATHROW = 0xbf;
        public static final int IFEQ = 0x99;
        public static final int IFNE = 0x9a;
        public static final int IFLT = 0x9b;
        public static final int IFGE = 0x9c;
        public static final int IF_ICMPGE = 0xa2;
        public static final int IF_ICMPNE = 0xa0;
        public static final int IF_ICMPEQ = 0x9f;
        public static final int IF_ACMPEQ = 0xa5;
        public static final int IF_ACMPNE = 0xa6;
        public static final int LCMP = 0x94;
        public static final int GOTO = 0xa7;
        public static final int IFNULL = 0xc6;
        public static final int IFNONNULL = 0xc7;

        private final int access;
        private final String name;
        private final String descriptor;
        private final int maxLocals;
        private int maxStack = MAX_STACK;
        private final ByteArrayOutputStream code = new ByteArrayOutputStream();
        private final List<int[]> handlers = new ArrayList<>();
        private final List<Label> labels = new ArrayList<>();

        private Code(int access, String name, String descriptor, int maxLocals) {
            this.access = access;
            this.name = name;
            this.descriptor = descriptor;
            this.maxLocals = maxLocals;
        }

        /**
         * @param slots the operand stack this method needs, when more than the default (a call with
         *     many arguments pushes them all)
         * @return this
         */
        public Code maxStack(int slots) {
            this.maxStack = Math.max(MAX_STACK, slots);
            return this;
        }

        /** @return the offset of the next instruction */
        public int position() {
            return code.size();
        }

        public Code op(int opcode) {
            code.write(opcode);
            return this;
        }

        private Code op1(int opcode, int operand) {
            code.write(opcode);
            code.write(operand);
            return this;
        }

        private Code op2(int opcode, int operand) {
            code.write(opcode);
            code.write(operand >> 8);
            code.write(operand);
            return this;
        }

        private Code local(int opcode, int slot) {
            if (slot > 255) {
                throw new IllegalArgumentException("local " + slot);
            }
            return op1(opcode, slot);
        }

        public Code aload(int slot) {
            return local(0x19, slot);
        }

        public Code astore(int slot) {
            return local(0x3a, slot);
        }

        public Code iload(int slot) {
            return local(0x15, slot);
        }

        public Code istore(int slot) {
            return local(0x36, slot);
        }

        public Code lload(int slot) {
            return local(0x16, slot);
        }

        public Code lstore(int slot) {
            return local(0x37, slot);
        }

        public Code dload(int slot) {
            return local(0x18, slot);
        }

        public Code dstore(int slot) {
            return local(0x39, slot);
        }

        public Code fload(int slot) {
            return local(0x17, slot);
        }

        public Code fstore(int slot) {
            return local(0x38, slot);
        }

        /** Pushes an int constant with the shortest instruction. */
        public Code iconst(int v) {
            if (v >= -1 && v <= 5) {
                return op(ICONST_0 + v);
            } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                return op1(0x10, v & 0xFF);
            } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                return op2(0x11, v & 0xFFFF);
            }
            return ldc(intConstant(v));
        }

        private Code ldc(int index) {
            return index < 256 ? op1(0x12, index) : op2(0x13, index);
        }

        public Code ldcString(String s) {
            return ldc(stringRef(s));
        }

        public Code ldcClass(String internalName) {
            return ldc(classRef(internalName));
        }

        public Code getstatic(String owner, String field, String desc) {
            return op2(0xb2, fieldRef(owner, field, desc));
        }

        public Code putstatic(String owner, String field, String desc) {
            return op2(0xb3, fieldRef(owner, field, desc));
        }

        public Code getfield(String owner, String field, String desc) {
            return op2(0xb4, fieldRef(owner, field, desc));
        }

        public Code putfield(String owner, String field, String desc) {
            return op2(0xb5, fieldRef(owner, field, desc));
        }

        public Code invokevirtual(String owner, String method, String desc) {
            return op2(0xb6, methodRef(owner, method, desc));
        }

        public Code invokespecial(String owner, String method, String desc) {
            return op2(0xb7, methodRef(owner, method, desc));
        }

        public Code invokestatic(String owner, String method, String desc) {
            return op2(0xb8, methodRef(owner, method, desc));
        }

        public Code checkcast(String internalName) {
            return op2(0xc0, classRef(internalName));
        }

        /** @return a label not yet placed */
        public Label label() {
            Label l = new Label();
            labels.add(l);
            return l;
        }

        /** Places {@code l} at the next instruction. */
        public Code place(Label l) {
            if (l.at >= 0) {
                throw new IllegalStateException("label placed twice");
            }
            l.at = code.size();
            return this;
        }

        /** A branch ({@code IFEQ}, {@code GOTO}, {@code IFNULL}, ...) to {@code l}. */
        public Code jump(int opcode, Label l) {
            l.refs.add(code.size());
            code.write(opcode);
            code.write(0);
            code.write(0);
            return this;
        }

        public Code lconst(int v) {
            return op(LCONST_0 + v);
        }

        public Code fconst0() {
            return op(0x0b);
        }

        public Code dconst0() {
            return op(DCONST_0);
        }

        public Code iinc(int slot, int delta) {
            code.write(0x84);
            code.write(slot);
            code.write(delta);
            return this;
        }

        /**
         * A {@code tableswitch} on the int on the stack: {@code 0 .. cases.length - 1} go to their
         * labels, anything else to {@code otherwise}.
         */
        public Code tableswitch(Label otherwise, Label[] cases) {
            int at = code.size();
            code.write(0xaa);
            while (code.size() % 4 != 0) {
                code.write(0);
            }
            switchRef(otherwise, at);
            int4(0);
            int4(cases.length - 1);
            for (Label l : cases) {
                switchRef(l, at);
            }
            return this;
        }

        private void int4(int v) {
            code.write(v >>> 24);
            code.write(v >>> 16);
            code.write(v >>> 8);
            code.write(v);
        }

        private void switchRef(Label l, int opcodeAt) {
            l.wide.add(new int[] {code.size(), opcodeAt});
            int4(0);
        }

        /** Code in {@code [from, to)} that throws {@code type} (null: anything) continues at {@code handler}. */
        public Code handler(Label from, Label to, Label handler, String type) {
            handlers.add(new int[] {labels.indexOf(from), labels.indexOf(to), labels.indexOf(handler), type == null ? 0 : classRef(type)});
            return this;
        }

        /** Adds this method to the class, its branches resolved. */
        public void end() {
            byte[] b = code.toByteArray();
            if (b.length > 65535) {
                throw new IllegalStateException("method " + name + " too large (" + b.length + " bytes)");
            }
            for (Label l : labels) {
                if (l.at < 0 && !(l.refs.isEmpty() && l.wide.isEmpty())) {
                    throw new IllegalStateException("label never placed");
                }
                for (int[] w : l.wide) {
                    int offset = l.at - w[1];
                    b[w[0]] = (byte) (offset >>> 24);
                    b[w[0] + 1] = (byte) (offset >>> 16);
                    b[w[0] + 2] = (byte) (offset >>> 8);
                    b[w[0] + 3] = (byte) offset;
                }
                for (int ref : l.refs) {
                    int offset = l.at - ref;
                    if (offset < Short.MIN_VALUE || offset > Short.MAX_VALUE) {
                        throw new IllegalStateException("branch too far in " + name);
                    }
                    b[ref + 1] = (byte) (offset >> 8);
                    b[ref + 2] = (byte) offset;
                }
            }
            ByteArrayOutputStream m = new ByteArrayOutputStream();
            DataOutputStream d = new DataOutputStream(m);
            try {
                d.writeShort(access);
                d.writeShort(utf8(name));
                d.writeShort(utf8(descriptor));
                d.writeShort(1);
                d.writeShort(utf8("Code"));
                d.writeInt(12 + b.length + handlers.size() * 8);
                d.writeShort(maxStack);
                d.writeShort(maxLocals);
                d.writeInt(b.length);
                d.write(b);
                d.writeShort(handlers.size());
                for (int[] h : handlers) {
                    d.writeShort(labels.get(h[0]).at);
                    d.writeShort(labels.get(h[1]).at);
                    d.writeShort(labels.get(h[2]).at);
                    d.writeShort(h[3]);
                }
                d.writeShort(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            methods.add(m.toByteArray());
        }
    }

    /**
     * The operand stack every generated method declares: larger than any of them uses (the deepest
     * is a call with a generator, two longs and an int), which the verifier allows.
     */
    private static final int MAX_STACK = 16;
}
