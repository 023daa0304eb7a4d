package dev.hyson.msgpack;

import dev.hyson.bind.Codec;
import dev.hyson.internal.bind.WriteModel;
import dev.hyson.internal.codegen.ClassAssembler;
import dev.hyson.internal.codegen.ClassAssembler.Code;
import dev.hyson.internal.codegen.ClassAssembler.Label;
import dev.hyson.internal.write.WriteFailure;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;

/**
 * Generates the MessagePack writer of a {@link WriteModel}, the packing twin of the JSON writer
 * ({@code internal.write.ModelWriters}) from the same model: a hidden class in this package whose
 * {@code write} packs the map header and every member name as one constant run of bytes each
 * (fixstr names are the same in the pre-2013 compatibility mode), reads each property by a direct
 * call of its getter (a static final method handle) and packs it by its kind's path. It is made
 * for models that write every property (no {@code omitNulls} or {@code omitEmptyOptionals}, whose
 * header needs a count first) and used by factories with no registered extension types (which come
 * before every built-in form); elsewhere {@link ValuePacker} interprets the same model.
 */
final class PackWriters {
    /** The generated writer of one model: packs a value the caller has entered. */
    abstract static class PackWriter {
        /** Whether every name and the discriminator pack as fixstr (the same in the compatibility mode). */
        boolean fixNames;

        /** For subclasses (generated). */
        protected PackWriter() {
        }

        abstract void write(ValuePacker packer, MessagePacker p, Object value, int depth);
    }

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final Object NONE = new Object();
    private static final ClassAssembler.FirstFailure FAILED = new ClassAssembler.FirstFailure();

    private static final String VP = "dev/hyson/msgpack/ValuePacker";
    private static final String MP = "dev/hyson/msgpack/MessagePacker";
    private static final String MH = "java/lang/invoke/MethodHandle";
    private static final String MH_DESC = "Ljava/lang/invoke/MethodHandle;";
    private static final String MODEL = "dev/hyson/internal/bind/WriteModel";
    private static final String SELF_BASE = "dev/hyson/msgpack/PackWriters$PackWriter";

    private static final int PACKER = 1;
    private static final int P = 2;
    private static final int VALUE = 3;
    private static final int DEPTH = 4;
    private static final int PROPERTY = 5;
    private static final int IN_GETTER = 6;
    private static final int REF = 7;
    private static final int PRIMITIVE = 8;
    private static final int THROWN = 10;
    private static final int LOCALS = 11;

    private PackWriters() {
    }

    /** @return why a writer could not be generated in this JVM (the first failure), or null */
    static String unavailable() {
        return FAILED.get();
    }

    /** @return the generated writer of {@code m}, made on the first call; null where there is none */
    static PackWriter of(WriteModel m) {
        Object w = m.generatedPack();
        if (w == null) {
            synchronized (m) {
                w = m.generatedPack();
                if (w == null) {
                    w = generate(m);
                    m.generatedPack(w);
                }
            }
        }
        return w instanceof PackWriter ? (PackWriter) w : null;
    }

    private static Object generate(WriteModel m) {
        if (m.size() == 0 || m.mayOmit() || !m.binder().generatedCodecs()) {
            return NONE;
        }
        try {
            ClassAssembler a = new ClassAssembler("dev/hyson/msgpack/PackWriters$$"
                    + ClassAssembler.identifier(m.type().getSimpleName()), SELF_BASE);
            boolean fix = write(a, m);
            PackWriter w = (PackWriter) a.instantiate(LOOKUP);
            w.fixNames = fix;
            return w;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            FAILED.record("no packer generated for " + m.type().getName(), e);
            return NONE;
        }
    }

    /** MessagePack bytes of a header and strings, packed by a default (not compatibility) packer. */
    private static byte[] packed(int mapHeader, String... strings) {
        MessagePacker p = new MessagePacker(MessagePackFactory.defaults(), 64);
        if (mapHeader >= 0) {
            p.packMapHeader(mapHeader);
        }
        for (String s : strings) {
            p.packString(s);
        }
        return java.util.Arrays.copyOf(p.buf, p.pos);
    }

    private static boolean fix(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length < 32;
    }

    /** @return whether every name packs as fixstr */
    private static boolean write(ClassAssembler a, WriteModel m) {
        String self = a.name();
        Code c = a.method(0x0010, "write", "(L" + VP + ";L" + MP + ";Ljava/lang/Object;I)V", LOCALS);
        String model = a.constant("L" + MODEL + ";", m);
        boolean fix = true;
        c.iconst(-1).istore(PROPERTY).iconst(0).istore(IN_GETTER);
        Label start = c.label();
        Label handler = c.label();
        c.place(start);
        int members = m.size() + (m.discriminator() != null ? 1 : 0);
        byte[] head = m.discriminator() == null ? packed(members) : packed(members, m.discriminator(), m.discriminatorValue());
        if (m.discriminator() != null) {
            fix = fix(m.discriminator()) && fix(m.discriminatorValue());
        }
        raw(a, c, self, head);
        for (int k = 0; k < m.size(); k++) {
            fix &= fix(m.name(k));
            byte[] name = packed(-1, m.name(k));
            Label next = c.label();
            c.iconst(k).istore(PROPERTY).iconst(1).istore(IN_GETTER);
            Codec<Object> codec = m.codec(k);
            int kind = m.kind(k);
            String getter = a.constant(MH_DESC, m.getter(k));
            c.getstatic(self, getter, MH_DESC).aload(VALUE);
            if (codec == null && kind == WriteModel.LONG) {
                c.invokevirtual(MH, "invokeExact", "(Ljava/lang/Object;)J").lstore(PRIMITIVE).iconst(0).istore(IN_GETTER);
                raw(a, c, self, name);
                c.aload(P).lload(PRIMITIVE).invokevirtual(MP, "packLong", "(J)L" + MP + ";").op(Code.POP);
            } else if (codec == null && kind == WriteModel.DOUBLE) {
                c.invokevirtual(MH, "invokeExact", "(Ljava/lang/Object;)D").dstore(PRIMITIVE).iconst(0).istore(IN_GETTER);
                raw(a, c, self, name);
                c.aload(P).dload(PRIMITIVE).invokevirtual(MP, "packDouble", "(D)L" + MP + ";").op(Code.POP);
            } else if (codec == null && kind == WriteModel.BOOLEAN) {
                c.invokevirtual(MH, "invokeExact", "(Ljava/lang/Object;)Z").istore(PRIMITIVE).iconst(0).istore(IN_GETTER);
                raw(a, c, self, name);
                c.aload(P).iload(PRIMITIVE).invokevirtual(MP, "packBoolean", "(Z)L" + MP + ";").op(Code.POP);
            } else {
                c.invokevirtual(MH, "invokeExact", "(Ljava/lang/Object;)Ljava/lang/Object;").astore(REF).iconst(0).istore(IN_GETTER);
                raw(a, c, self, name);
                Label some = c.label();
                if (codec != null || kind == WriteModel.STRING || kind == WriteModel.DECIMAL) {
                    c.aload(REF).jump(Code.IFNONNULL, some);
                    c.aload(P).invokevirtual(MP, "packNil", "()L" + MP + ";").op(Code.POP).jump(Code.GOTO, next);
                    c.place(some);
                }
                if (codec != null) {
                    String field = a.constant("Ldev/hyson/bind/Codec;", codec);
                    c.aload(PACKER).aload(REF).getstatic(self, field, "Ldev/hyson/bind/Codec;").iload(DEPTH).iconst(1).op(Code.IADD)
                            .invokevirtual(VP, "writeWithCodec", "(Ljava/lang/Object;Ldev/hyson/bind/Codec;I)V");
                } else if (kind == WriteModel.STRING) {
                    c.aload(P).aload(REF).checkcast("java/lang/String").invokevirtual(MP, "packString", "(Ljava/lang/String;)L" + MP + ";")
                            .op(Code.POP);
                } else if (kind == WriteModel.DECIMAL) {
                    c.aload(P).aload(REF).invokevirtual("java/lang/Object", "toString", "()Ljava/lang/String;")
                            .invokevirtual(MP, "packString", "(Ljava/lang/String;)L" + MP + ";").op(Code.POP);
                } else {
                    c.aload(PACKER).aload(REF).iload(DEPTH).iconst(1).op(Code.IADD).invokevirtual(VP, "writeValue", "(Ljava/lang/Object;I)V");
                }
            }
            c.place(next);
        }
        c.op(Code.RETURN);
        Label end = c.label();
        c.place(end);
        c.place(handler);
        c.astore(THROWN).aload(THROWN).getstatic(self, model, "L" + MODEL + ";").iload(PROPERTY).iload(IN_GETTER)
                .invokestatic("dev/hyson/msgpack/PackWriters", "failure", "(Ljava/lang/Throwable;L" + MODEL + ";II)Ljava/lang/Throwable;")
                .op(Code.ATHROW);
        c.handler(start, end, handler, null);
        c.end();
        return fix;
    }

    private static void raw(ClassAssembler a, Code c, String self, byte[] bytes) {
        String field = a.constant("[B", bytes);
        c.aload(PACKER).getstatic(self, field, "[B").invokevirtual(VP, "writeRaw", "([B)V");
    }

    /**
     * What {@code ValuePacker.writeModel} throws for {@code t} caught at property {@code k}: a
     * {@link WriteFailure} located at the member, a {@link MessagePackException} as it is, any other
     * exception (a getter's, a checked one wrapped as {@code WriteModel.get} wraps it) as "cannot read
     * property", an error as it is.
     */
    static Throwable failure(Throwable t, WriteModel m, int k, int inGetter) {
        if (t instanceof Error || t instanceof MessagePackException || k < 0) {
            return t;
        }
        String name = m.name(k);
        if (t instanceof WriteFailure) {
            return ((WriteFailure) t).at(WriteFailure.memberSegment(name));
        }
        RuntimeException e = t instanceof RuntimeException ? (RuntimeException) t : new IllegalStateException(t);
        return new WriteFailure("cannot read property " + name + " of " + m.type().getName() + ": " + e, e)
                .at(WriteFailure.memberSegment(name));
    }
}
