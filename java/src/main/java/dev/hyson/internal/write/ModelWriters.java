package dev.hyson.internal.write;

import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.bind.WriteModel;
import dev.hyson.internal.codegen.ClassAssembler;
import dev.hyson.internal.codegen.ClassAssembler.Code;
import dev.hyson.internal.codegen.ClassAssembler.Label;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Map;

/**
 * Generates the {@link ModelWriter} of a {@link WriteModel}: one hidden class per model, defined
 * in this package through this class's own lookup ({@code Lookup.defineHiddenClassWithClassData}),
 * so it reaches the generator's package-private write paths and nothing of the user's type but the
 * method handles the binder already made (which is why no {@code --add-opens} and no
 * {@code Unsafe} are needed, and why a type of any access works). A model that cannot be generated
 * (no properties, a method too large, a runtime that cannot define classes) gets none and is
 * interpreted; the first such reason is kept for {@link #unavailable()}.
 */
final class ModelWriters {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    /** Stored on a model that has no generated writer. */
    private static final Object NONE = new Object();
    private static final ClassAssembler.FirstFailure FAILED = new ClassAssembler.FirstFailure();

    private static final String GEN = "dev/hyson/internal/write/Generator";
    private static final String MH = "java/lang/invoke/MethodHandle";
    private static final String MH_DESC = "Ljava/lang/invoke/MethodHandle;";
    private static final String MODEL = "dev/hyson/internal/bind/WriteModel";
    private static final String LINK_DESC = "Ldev/hyson/internal/write/ModelWriter$Link;";
    private static final MethodType AS_FLOAT = MethodType.methodType(float.class, Object.class);

    // locals of the generated write(Generator, Object, int)
    private static final int G = 1;
    private static final int VALUE = 2;
    private static final int DEPTH = 3;
    private static final int PROPERTY = 4;
    private static final int IN_GETTER = 5;
    private static final int SKIP_COMMA = 6;
    private static final int REF = 7;
    private static final int PRIMITIVE = 8; // two slots
    private static final int THROWN = 10;
    private static final int LOCALS = 11;

    private ModelWriters() {
    }

    /** @return why no writer could be generated in this JVM (the first failure), or null */
    static String unavailable() {
        return FAILED.get();
    }

    /**
     * @param m a write model
     * @return its generated writer, made on the first call; null where there is none
     */
    static ModelWriter of(WriteModel m) {
        Object w = m.generatedJson();
        if (w == null) {
            synchronized (m) {
                w = m.generatedJson();
                if (w == null) {
                    w = generate(m);
                    m.generatedJson(w);
                }
            }
        }
        return w instanceof ModelWriter ? (ModelWriter) w : null;
    }

    private static Object generate(WriteModel m) {
        if (m.size() == 0 || !m.binder().generatedCodecs()) {
            return NONE;
        }
        try {
            ClassAssembler a = new ClassAssembler("dev/hyson/internal/write/ModelWriter$$"
                    + ClassAssembler.identifier(m.type().getSimpleName()), "dev/hyson/internal/write/ModelWriter");
            write(a, m);
            ModelWriter w = (ModelWriter) a.instantiate(LOOKUP);
            w.plainNames = plain(m);
            w.leaf = leaf(m);
            return w;
        } catch (Error | RuntimeException e) {
            if (e instanceof VirtualMachineError) {
                throw (VirtualMachineError) e;
            }
            note(m, e);
            return NONE;
        } catch (Throwable e) {
            note(m, e);
            return NONE;
        }
    }

    private static void note(WriteModel m, Throwable e) {
        FAILED.record("no writer generated for " + m.type().getName(), e);
    }

    /** The body of {@code write}: straight-line code, one block per property. */
    private static void write(ClassAssembler a, WriteModel m) {
        String self = a.name();
        Codecs codecs = m.codecs();
        Code c = a.method(0x0010, "write", "(L" + GEN + ";Ljava/lang/Object;I)V", LOCALS);
        String model = a.constant("L" + MODEL + ";", m);
        boolean mayOmit = m.mayOmit();
        c.iconst(-1).istore(PROPERTY).iconst(0).istore(IN_GETTER);
        Label start = c.label();
        Label end = c.label();
        Label handler = c.label();
        c.place(start);
        boolean open = false; // whether '{' has been written
        if (m.discriminator() != null) {
            byte[] prefix = concat(new byte[] {'{'}, json(m.discriminator(), true), json(m.discriminatorValue(), false));
            writeBytes(a, c, self, prefix);
            open = true;
            if (mayOmit) {
                c.iconst(0).istore(SKIP_COMMA);
            }
        } else if (mayOmit) {
            c.aload(G).iconst('{').invokevirtual(GEN, "writeRaw", "(B)V");
            c.iconst(1).istore(SKIP_COMMA);
            open = true;
        }
        for (int k = 0; k < m.size(); k++) {
            byte[] name = concat(new byte[] {(byte) (open || k > 0 ? ',' : '{')}, json(m.name(k), true));
            Label next = c.label();
            c.iconst(k).istore(PROPERTY).iconst(1).istore(IN_GETTER);
            Class<?> rt = m.rawGetter(k).type().returnType();
            dev.hyson.bind.Codec<Object> codec = m.codec(k);
            int kind = m.kind(k);
            String getter;
            Primitive primitive = codec != null ? null : kind == WriteModel.LONG ? Primitive.LONG
                    : kind == WriteModel.DOUBLE ? Primitive.DOUBLE : kind == WriteModel.BOOLEAN ? Primitive.BOOLEAN
                    : rt == float.class ? Primitive.FLOAT : null;
            if (primitive != null) {
                // the getter's value in a local of its own type, then the generator's own call for it
                getter = a.constant(MH_DESC, primitive == Primitive.FLOAT ? m.rawGetter(k).asType(AS_FLOAT) : m.getter(k));
                c.getstatic(self, getter, MH_DESC).aload(VALUE).invokevirtual(MH, "invokeExact", "(Ljava/lang/Object;)" + primitive.desc);
                primitive.store(c);
                c.iconst(0).istore(IN_GETTER);
                name(a, c, self, name, mayOmit);
                c.aload(G);
                primitive.load(c);
                c.invokevirtual(GEN, primitive.writer, "(" + primitive.desc + ")V");
            } else {
                getter = a.constant(MH_DESC, m.getter(k));
                c.getstatic(self, getter, MH_DESC).aload(VALUE)
                        .invokevirtual(MH, "invokeExact", "(Ljava/lang/Object;)Ljava/lang/Object;")
                        .astore(REF).iconst(0).istore(IN_GETTER);
                if (mayOmit) {
                    c.getstatic(self, model, "L" + MODEL + ";").aload(REF).invokevirtual(MODEL, "omitted", "(Ljava/lang/Object;)Z")
                            .jump(Code.IFNE, next);
                }
                name(a, c, self, name, mayOmit);
                if (codec == null && kind == WriteModel.STRING) {
                    nullOr(c, mayOmit, next);
                    c.aload(G).aload(REF).checkcast("java/lang/String").invokevirtual(GEN, "writeString", "(Ljava/lang/String;)V");
                } else if (codec != null) {
                    String field = a.constant("Ldev/hyson/bind/Codec;", codec);
                    nullOr(c, mayOmit, next);
                    c.aload(G).aload(REF).getstatic(self, field, "Ldev/hyson/bind/Codec;").iload(DEPTH).iconst(1).op(Code.IADD)
                            .invokevirtual(GEN, "writeWithCodec", "(Ljava/lang/Object;Ldev/hyson/bind/Codec;I)V");
                } else {
                    Type declared = m.declaredType(k);
                    ModelWriter.Link link = link(codecs, declared);
                    ModelWriter.Link elements = link == null ? elementLink(codecs, declared) : null;
                    c.aload(G).aload(REF);
                    if (link != null || elements != null) {
                        String field = a.constant(LINK_DESC, link != null ? link : elements);
                        c.getstatic(self, field, LINK_DESC).iload(DEPTH).iconst(1).op(Code.IADD)
                                .invokevirtual(GEN, link != null ? "writeLinked" : "writeListOf", "(Ljava/lang/Object;" + LINK_DESC + "I)V");
                    } else {
                        c.iload(DEPTH).iconst(1).op(Code.IADD).invokevirtual(GEN, "writeValue", "(Ljava/lang/Object;I)V");
                    }
                }
            }
            if (mayOmit) {
                c.iconst(0).istore(SKIP_COMMA);
            }
            c.place(next);
        }
        c.aload(G).iconst('}').invokevirtual(GEN, "writeRaw", "(B)V");
        c.op(Code.RETURN);
        c.place(end);
        c.place(handler);
        c.astore(THROWN).aload(THROWN).getstatic(self, model, "L" + MODEL + ";").iload(PROPERTY).iload(IN_GETTER)
                .invokestatic("dev/hyson/internal/write/ModelWriter", "failure",
                        "(Ljava/lang/Throwable;L" + MODEL + ";II)Ljava/lang/Throwable;")
                .op(Code.ATHROW);
        c.handler(start, end, handler, null);
        c.end();
    }

    /** A getter's primitive value: its descriptor, its local's store and load, the generator's writer. */
    private enum Primitive {
        LONG("J", "writeLong"), DOUBLE("D", "writeDouble"), BOOLEAN("Z", "writeBoolean"), FLOAT("F", "writeFloat");

        final String desc;
        final String writer;

        Primitive(String desc, String writer) {
            this.desc = desc;
            this.writer = writer;
        }

        void store(Code c) {
            switch (this) {
                case LONG:
                    c.lstore(PRIMITIVE);
                    break;
                case DOUBLE:
                    c.dstore(PRIMITIVE);
                    break;
                case FLOAT:
                    c.fstore(PRIMITIVE);
                    break;
                default:
                    c.istore(PRIMITIVE);
            }
        }

        void load(Code c) {
            switch (this) {
                case LONG:
                    c.lload(PRIMITIVE);
                    break;
                case DOUBLE:
                    c.dload(PRIMITIVE);
                    break;
                case FLOAT:
                    c.fload(PRIMITIVE);
                    break;
                default:
                    c.iload(PRIMITIVE);
            }
        }
    }

    /** A null in {@link #REF} is written as {@code null} and the property ends ({@code next}); code after this writes the value. */
    private static void nullOr(Code c, boolean mayOmit, Label next) {
        Label some = c.label();
        c.aload(REF).jump(Code.IFNONNULL, some);
        c.aload(G).invokevirtual(GEN, "writeNull", "()V");
        if (mayOmit) {
            c.iconst(0).istore(SKIP_COMMA);
        }
        c.jump(Code.GOTO, next);
        c.place(some);
    }

    /** Writes a member name (its separator first): two word stores for a short one. */
    private static void name(ClassAssembler a, Code c, String self, byte[] name, boolean mayOmit) {
        if (mayOmit) {
            String field = a.constant("[B", name);
            c.aload(G).getstatic(self, field, "[B").iload(SKIP_COMMA).invokevirtual(GEN, "writeName", "([BI)V");
        } else {
            writeBytes(a, c, self, name);
        }
    }

    private static void writeBytes(ClassAssembler a, Code c, String self, byte[] bytes) {
        if (bytes.length <= 16) {
            byte[] padded = java.util.Arrays.copyOf(bytes, 16);
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(padded).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            String w0 = a.constant("J", b.getLong(0));
            String w1 = a.constant("J", b.getLong(8));
            c.aload(G).getstatic(self, w0, "J").getstatic(self, w1, "J").iconst(bytes.length)
                    .invokevirtual(GEN, "writeName", "(JJI)V");
        } else {
            String field = a.constant("[B", bytes);
            c.aload(G).getstatic(self, field, "[B").iconst(0).invokevirtual(GEN, "writeName", "([BI)V");
        }
    }

    /** The link of a property declared as a class that has a write model, else null. */
    private static ModelWriter.Link link(Codecs codecs, Type declared) {
        if (!(declared instanceof Class) || ((Class<?>) declared).isPrimitive()) {
            return null;
        }
        Class<?> type = (Class<?>) declared;
        try {
            Object w = codecs.writerFor(type);
            return w instanceof WriteModel ? new ModelWriter.Link(type, (WriteModel) w) : null;
        } catch (IllegalArgumentException e) {
            return null; // written by the interpreter, which reports it
        }
    }

    /** The link of the elements of a property declared as a list (or collection) of a class with a write model. */
    private static ModelWriter.Link elementLink(Codecs codecs, Type declared) {
        if (!(declared instanceof ParameterizedType)) {
            return null;
        }
        ParameterizedType p = (ParameterizedType) declared;
        Type raw = p.getRawType();
        if (!(raw instanceof Class) || !((Class<?>) raw).isAssignableFrom(java.util.ArrayList.class)
                || Map.class.isAssignableFrom((Class<?>) raw) || p.getActualTypeArguments().length != 1) {
            return null;
        }
        return Collection.class.isAssignableFrom((Class<?>) raw) || raw == Iterable.class
                ? link(codecs, p.getActualTypeArguments()[0]) : null;
    }

    /** {@code s} as a JSON string under the default options, with {@code :} after it when {@code name}. */
    private static byte[] json(String s, boolean name) {
        Generator g = new Generator(DEFAULT, new byte[64], null);
        g.writeString(s);
        if (name) {
            g.writeRaw((byte) ':');
        }
        return java.util.Arrays.copyOf(g.buffer(), g.position());
    }

    private static final WriteConfig DEFAULT = new WriteConfig(false, 0, false, false, false, false, 1000, Map.of());

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    private static boolean leaf(WriteModel m) {
        for (int k = 0; k < m.size(); k++) {
            Class<?> rt = m.rawGetter(k).type().returnType();
            if (m.codec(k) != null || !(rt.isPrimitive() || rt == String.class || rt == java.math.BigDecimal.class)) {
                return false;
            }
        }
        return true;
    }

    /** Whether every name of {@code m} is written the same whatever the escaping options: printable ASCII, no {@code " \ /}. */
    private static boolean plain(WriteModel m) {
        for (int k = 0; k < m.size(); k++) {
            if (!plain(m.name(k))) {
                return false;
            }
        }
        return m.discriminator() == null || plain(m.discriminator()) && plain(m.discriminatorValue());
    }

    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x20 || ch > 0x7E || ch == '"' || ch == '\\' || ch == '/') {
                return false;
            }
        }
        return true;
    }
}
