package dev.hyson.internal.write;

import dev.hyson.lazy.LazyDocument;
import dev.hyson.lazy.LazyValue;
import dev.hyson.bind.Codec;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.bind.WriteModel;
import dev.hyson.internal.model.Kind;
import dev.hyson.internal.model.PrimitiveOptionals;
import dev.hyson.internal.model.TypeInfo;
import dev.hyson.tree.MemberMap;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The one type dispatch of both writers: what a Java value is, decided once for JSON
 * ({@link Generator}) and MessagePack ({@code msgpack.ValuePacker}), which implement the calls it
 * makes in their format. A type is a string, a number, a map, a list or a record in both formats
 * alike.
 *
 * <p>The hottest classes ({@code String}, {@code Long}, {@code Double}, {@code MemberMap},
 * {@code ArrayList}, {@code LinkedHashMap}, ...) are tested by exact class first and cast to their
 * class, never to {@code Map} or {@code List}: on JDK 17 a cast to an interface goes through the
 * secondary-supers cache, which alternating map and list checks thrash (JDK-8180450). Everything
 * else is one {@link TypeInfo} lookup (a {@code ClassValue}). A level of nesting costs two frames
 * for the fast-path containers and three for other lists and maps: the default depth limit of 1000
 * must fit a default 1 MiB thread stack ({@code DefaultDepthStackTest}). Depth and cycles follow
 * {@link ValueRules}, in each writer's {@link #enter}.
 *
 * <p>One instance per write call (or per thread, reset between calls); not thread-safe.
 */
public abstract class ValueDispatcher {
    /** Whether {@link #interceptFirst} sees every value before the exact-class tests (MessagePack's registered extension types). */
    protected boolean interceptsFirst;
    /** Whether {@link #writeCustom} sees every value of a class without a fast path (JSON encoders, user codecs). */
    protected boolean customs;

    /** For subclasses. */
    protected ValueDispatcher() {
    }

    /**
     * Writes one value and everything in it.
     *
     * @param v the value, or null
     * @param depth the containers around it
     * @throws WriteFailure when the value or a part of it cannot be written, with its path
     */
    @SuppressWarnings("unchecked")
    public final void writeValue(Object v, int depth) {
        if (v == null) {
            writeNull();
            return;
        }
        Class<?> c = v.getClass();
        if (interceptsFirst && interceptFirst(v, c, depth)) {
            return;
        }
        if (c == String.class) {
            writeString((String) v);
        } else if (c == Long.class || c == Integer.class || c == Short.class || c == Byte.class) {
            writeLong(((Number) v).longValue());
        } else if (c == Double.class) {
            writeDouble((Double) v);
        } else if (c == Boolean.class) {
            writeBoolean((Boolean) v);
        } else if (c == MemberMap.class) {
            writeMembers((MemberMap<Object, Object>) v, depth);
        } else if (c == ArrayList.class) {
            writeList((ArrayList<Object>) v, depth);
        } else if (c == LinkedHashMap.class) {
            writeMap((LinkedHashMap<Object, Object>) v, depth);
        } else if (c == HashMap.class) {
            writeMap((HashMap<Object, Object>) v, depth);
        } else if (c == TreeMap.class) {
            writeMap((TreeMap<Object, Object>) v, depth);
        } else if (c == Float.class) {
            writeFloat((Float) v);
        } else {
            writeClass(v, c, depth);
        }
    }

    /**
     * A value of a class with no fast path: the writer's customization, else its {@link TypeInfo}.
     * Kept out of {@link #writeValue} so that stays small enough for the JIT to inline into the
     * container loops (a level of nesting of such a list then costs three frames, as it always did
     * in JSON).
     */
    @SuppressWarnings("unchecked")
    private void writeClass(Object v, Class<?> c, int depth) {
        if (customs && writeCustom(v, c, depth)) {
            return;
        }
        if (c == LazyValue.class || c == LazyDocument.class) {
            writeLazy(v, depth);
            return;
        }
        TypeInfo type = TypeInfo.of(c);
        Kind kind = type.kind();
        if (kind == Kind.LIST) {
            writeList((List<Object>) v, depth);
        } else if (kind == Kind.MAP) {
            writeMap((Map<Object, Object>) v, depth);
        } else {
            writeOther(v, c, type, depth);
        }
    }

    @SuppressWarnings("unchecked")
    private void writeOther(Object v, Class<?> c, TypeInfo type, int depth) {
        switch (type.kind()) {
            case ITERABLE:
                writeIterable((Iterable<Object>) v, depth);
                break;
            case OBJECT_ARRAY:
            case PRIMITIVE_ARRAY:
                writeArray(v, depth);
                break;
            case BYTE_ARRAY:
                writeBytes((byte[]) v);
                break;
            case ENUM: {
                Object w = writerFor(c);
                writeString(w instanceof String[] ? ((String[]) w)[((Enum<?>) v).ordinal()] : ((Enum<?>) v).name());
                break;
            }
            case STRING:
            case CHAR_SEQUENCE:
            case CHAR_ARRAY:
            case CHARACTER:
                writeString(ValueRules.text(type, v, verb()));
                break;
            case INTEGER:
                writeLong(((Number) v).longValue());
                break;
            case DOUBLE:
                writeDouble(((Number) v).doubleValue());
                break;
            case FLOAT:
                writeFloat((Float) v);
                break;
            case BIG_INTEGER:
                writeBigInteger((BigInteger) v);
                break;
            case BIG_DECIMAL:
                writeBigDecimal((BigDecimal) v);
                break;
            case NUMBER:
                writeNumber((Number) v, depth);
                break;
            case BOOLEAN:
                writeBoolean((Boolean) v);
                break;
            case OPTIONAL:
                writeInPlaceOf(v, ((Optional<?>) v).orElse(null), depth);
                break;
            case OPTIONAL_INT:
            case OPTIONAL_LONG:
                if (PrimitiveOptionals.isPresent(v)) {
                    writeLong(PrimitiveOptionals.asLong(v));
                } else {
                    writeNull();
                }
                break;
            case OPTIONAL_DOUBLE:
                if (PrimitiveOptionals.isPresent(v)) {
                    writeDouble(PrimitiveOptionals.asDouble(v));
                } else {
                    writeNull();
                }
                break;
            case INSTANT:
            case TIME:
            case UUID:
                writeTemporal(v, type.kind());
                break;
            case RECORD:
                if (type.accessProblem() != null) {
                    throw new WriteFailure(type.accessProblem());
                }
                writeObject(v, c, depth);
                break;
            default:
                writeObject(v, c, depth);
        }
    }

    /**
     * Writes a record or class through its write model, or fails for a class with none.
     *
     * @param v the value
     * @param c its class
     * @param depth the containers around it
     */
    protected void writeObject(Object v, Class<?> c, int depth) {
        Object w = writerFor(c);
        if (w instanceof WriteModel) {
            writeModel(v, (WriteModel) w, depth);
            return;
        }
        String why = Codecs.isJdk(c) ? "a JDK class hyson has no built-in form for" : "it has no public getters or fields";
        throw new WriteFailure("cannot " + verb() + " a value of type " + c.getName() + ": " + why
                + "; register a Codec (Binder.Builder.codec) or " + customHint() + " for it");
    }

    /**
     * Writes {@code inner} in place of {@code outer} (an encoder's value, an Optional's): a level of
     * its own for the depth and cycle rules, with no path segment.
     *
     * @param outer the value replaced
     * @param inner what is written for it
     * @param depth the containers around {@code outer}
     */
    protected final void writeInPlaceOf(Object outer, Object inner, int depth) {
        enter(outer, depth);
        inPlace++;
        try {
            writeValue(inner, depth + 1);
        } catch (WriteFailure f) {
            throw f.at("");
        } finally {
            inPlace--;
        }
    }

    /**
     * How many of the levels around the value being written are {@link #writeInPlaceOf} levels (an
     * Optional's, an encoder's): they count for depth but have no brackets, so pretty output does not
     * indent for them.
     */
    protected int inPlace;

    /**
     * @param c a class
     * @return what the binder writes for it: its {@link WriteModel}, a user {@link Codec}, an enum's
     *     constant names ({@code String[]}) or another built-in writer
     * @throws WriteFailure when the binder cannot write the class
     */
    protected final Object writerFor(Class<?> c) {
        try {
            return codecs().writerFor(c);
        } catch (IllegalArgumentException e) {
            throw new WriteFailure(e.getMessage());
        }
    }

    /** @return the binder's codecs */
    /**
     * A {@link LazyValue} or {@link LazyDocument}: written as the tree it builds (the JSON generator
     * writes it from its tape instead).
     *
     * @param v the lazy value or document
     * @param depth the containers around it
     */
    protected void writeLazy(Object v, int depth) {
        writeValue(v instanceof LazyDocument ? ((LazyDocument) v).root().toValue() : ((LazyValue) v).toValue(), depth);
    }

    protected abstract Codecs codecs();

    /** @return "write" or "pack", for messages */
    protected abstract String verb();

    /** @return the format's own customization, for the message of a class that has nothing to write */
    protected abstract String customHint();

    /** Enters a container: the depth limit and the cycle check ({@link ValueRules#enter}). */
    protected abstract void enter(Object container, int depth);

    /** @return whether the value was written by a hook that comes before every fast path */
    protected abstract boolean interceptFirst(Object v, Class<?> c, int depth);

    /** @return whether the value was written by the writer's customization (encoders, user codecs) */
    protected abstract boolean writeCustom(Object v, Class<?> c, int depth);

    /** Writes null. */
    protected abstract void writeNull();

    /** Writes a string. */
    protected abstract void writeString(String s);

    /** Writes an integer. */
    protected abstract void writeLong(long v);

    /** Writes a double. */
    protected abstract void writeDouble(double v);

    /** Writes a float. */
    protected abstract void writeFloat(float v);

    /** Writes a boolean. */
    protected abstract void writeBoolean(boolean v);

    /** Writes a byte array (JSON: base64; MessagePack: bin, or str under the compatibility mode). */
    protected abstract void writeBytes(byte[] b);

    /** Writes a big integer. */
    protected abstract void writeBigInteger(BigInteger v);

    /** Writes a big decimal (MessagePack: by its policy). */
    protected abstract void writeBigDecimal(BigDecimal v);

    /** Writes another {@link Number} class (atomics, adders, user numbers). */
    protected abstract void writeNumber(Number v, int depth);

    /** Writes an {@code Instant}, another {@code java.time} value or a {@code UUID} ({@code kind} says which). */
    protected abstract void writeTemporal(Object v, Kind kind);

    /** Writes a map. */
    protected abstract void writeMap(Map<Object, Object> map, int depth);

    /** Writes a tree's object, by position. */
    protected abstract void writeMembers(MemberMap<Object, Object> map, int depth);

    /** Writes a list. */
    protected abstract void writeList(List<Object> list, int depth);

    /** Writes another iterable, as an array. */
    protected abstract void writeIterable(Iterable<Object> items, int depth);

    /** Writes a Java array (of objects or of primitives other than byte). */
    protected abstract void writeArray(Object array, int depth);

    /** Writes a record or class through its write model. */
    protected abstract void writeModel(Object v, WriteModel m, int depth);
}
