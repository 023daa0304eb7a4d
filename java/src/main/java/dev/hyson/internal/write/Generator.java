package dev.hyson.internal.write;

import dev.hyson.internal.model.PrimitiveOptionals;
import dev.hyson.bind.Codec;
import dev.hyson.internal.bind.WriteModel;
import dev.hyson.internal.model.TypeInfo;
import dev.hyson.tree.MemberMap;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes Java values as UTF-8 JSON: the type dispatch and the structure (objects, arrays, records).
 * What a value is comes from {@link TypeInfo}, the model the MessagePack packer shares; the
 * hottest classes ({@code String}, {@code Long}, {@code Double}, {@code LinkedHashMap},
 * {@code ArrayList}, ...) are tested by exact class first, as the model itself does, which saves
 * even its lookup. Depth and cycles follow {@link ValueRules}. One generator per write call; not
 * thread-safe.
 */
public final class Generator extends MemberNames {
    /** Receives full buffers. */
    public interface Sink {
        /**
         * Takes {@code buf[0, len)}.
         *
         * @param buf the buffer
         * @param len how many bytes of it are filled
         * @return how many bytes it consumed from the front (the rest is kept)
         */
        int drain(byte[] buf, int len);
    }

    private static final String MAX_DEPTH_SETTING = "JsonWriter.Builder.maxDepth";

    /** The containers enclosing the value being written, root first. */
    private Object[] path = new Object[ValueRules.INITIAL_PATH];
    /** The deepest level of {@link #path} set since the last {@link #reset}. */
    private int deepest;

    /**
     * @param cfg the writer's options
     * @param buf the buffer to write into (grown when there is no sink)
     * @param sink where full buffers go, or null to keep everything in the buffer
     */
    public Generator(WriteConfig cfg, byte[] buf, Sink sink) {
        super(cfg, buf, sink);
    }

    /**
     * Readies this generator for another document, so a thread can keep one (and its path and
     * string buffers) from one write call to the next: what a small document's write would
     * otherwise allocate again each time.
     *
     * @param cfg the writer's options
     * @param buf the buffer to write into
     * @param sink where full buffers go, or null
     */
    public void reset(WriteConfig cfg, byte[] buf, Sink sink) {
        start(cfg, buf, sink);
    }

    /** Drops the references this generator holds to the values of the last document and to its buffer. */
    public void release() {
        Arrays.fill(path, 0, Math.min(deepest + 1, path.length), null);
        deepest = 0;
        start(cfg, null, null);
    }

    /**
     * Writes one value, the whole document.
     *
     * @param value the value
     * @throws WriteFailure when the value cannot be written, with the path to the part that cannot
     */
    public void writeRoot(Object value) {
        try {
            writeValue(value, 0);
        } catch (StackOverflowError e) {
            throw new WriteFailure("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)");
        }
    }

    /**
     * Writes one value nested {@code depth} levels deep (for {@link StreamGenerator}: the depth counts
     * against maxDepth and places the indentation).
     *
     * @param value the value
     * @param depth the containers around it
     * @throws WriteFailure when the value cannot be written
     */
    void writeNested(Object value, int depth) {
        try {
            writeValue(value, depth);
        } catch (StackOverflowError e) {
            throw new WriteFailure("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)");
        }
    }

    /** Writes {@code s} as UTF-8, as it is (a trusted raw fragment). */
    void writeAsciiOrUtf8(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ensure(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    /** Writes {@code "} + {@code src[off, off + len)} + {@code "}: string content that needs no escape under these options. */
    void writeQuoted(byte[] src, int off, int len) {
        ensure(len + 2);
        byte[] b = buf;
        int p = pos;
        b[p] = '"';
        System.arraycopy(src, off, b, p + 1, len);
        b[p + 1 + len] = '"';
        pos = p + len + 2;
    }

    @SuppressWarnings("unchecked")
    void writeValue(Object v, int depth) {
        if (v == null) {
            writeNull();
            return;
        }
        Class<?> c = v.getClass();
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
            // casts to classes, not to List or Map: on JDK 17 a cast to an interface goes through the
            // secondary-supers cache, which alternating Map and List checks thrash (JDK-8180450)
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
            writeOther(v, c, depth);
        }
    }

    @SuppressWarnings("unchecked")
    private void writeOther(Object v, Class<?> c, int depth) {
        if (cfg.hasEncoders()) {
            java.util.function.Function<Object, Object> encoder = cfg.encoderFor(c);
            if (encoder != null) {
                writeInPlaceOf(v, encoder.apply(v), depth);
                return;
            }
        }
        if (cfg.userCodecs) {
            Object w = cfg.codecs.writerFor(c);
            if (w instanceof Codec) {
                writeWithCodec(v, (Codec<Object>) w, depth);
                return;
            }
        }
        TypeInfo type = TypeInfo.of(c);
        switch (type.kind()) {
            case MAP:
                writeMap((Map<Object, Object>) v, depth);
                break;
            case LIST:
                writeList((List<Object>) v, depth);
                break;
            case ITERABLE:
                writeIterable((Iterable<Object>) v, depth);
                break;
            case OBJECT_ARRAY:
            case PRIMITIVE_ARRAY:
                writeArray(v, depth);
                break;
            case BYTE_ARRAY:
                // JSON has no binary: base64 (RFC 4648 section 4, padded), as MessagePack's bin is read back
                writeString(java.util.Base64.getEncoder().encodeToString((byte[]) v));
                break;
            case ENUM: {
                Object w = modelOrBuiltIn(c);
                writeString(w instanceof String[] ? ((String[]) w)[((Enum<?>) v).ordinal()] : ((Enum<?>) v).name());
                break;
            }
            case STRING:
            case CHAR_SEQUENCE:
            case CHAR_ARRAY:
            case CHARACTER:
                writeString(ValueRules.text(type, v, "write"));
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
            case BIG_DECIMAL:
            case NUMBER:
                writeAscii(numberText((Number) v));
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
                // ISO-8601 (java.time's toString), and the 8-4-4-4-12 form: what binding reads back
                if (!Temporals.write(this, v)) {
                    writeString(v.toString());
                }
                break;
            case RECORD:
                if (type.accessProblem() != null) {
                    throw new WriteFailure(type.accessProblem());
                }
                writeModel(v, model(c), depth);
                break;
            default: {
                Object w = model(c);
                if (w instanceof WriteModel) {
                    writeModel(v, (WriteModel) w, depth);
                    break;
                }
                throw new WriteFailure("cannot write a value of type " + c.getName()
                        + ": it has no public getters or fields; register a Codec (Binder.Builder.codec) or a JsonEncoder"
                        + " (JsonWriter.Builder.encoder) for it");
            }
        }
    }

    /** Writes {@code inner} for {@code outer} (an encoder's value, an Optional's): a level with no path segment. */
    private void writeInPlaceOf(Object outer, Object inner, int depth) {
        enter(outer, depth);
        try {
            writeValue(inner, depth + 1);
        } catch (WriteFailure f) {
            throw f.at("");
        }
    }

    void enter(Object container, int depth) {
        path = ValueRules.enter(path, container, depth, cfg.maxDepth, MAX_DEPTH_SETTING);
        if (depth > deepest) {
            deepest = depth;
        }
    }

    private void writeMap(Map<Object, Object> map, int depth) {
        enter(map, depth);
        if (map.isEmpty()) {
            writeAscii("{}");
            return;
        }
        if (cfg.sortKeys) {
            writeSortedMap(map, depth);
            return;
        }
        writeRaw((byte) '{');
        Object key = null;
        boolean first = true;
        boolean checked = false;
        try {
            for (Map.Entry<Object, Object> e : map.entrySet()) {
                if (e == null) {
                    throw new WriteFailure("cannot write a " + map.getClass().getName() + " that yields a null entry");
                }
                key = e.getKey();
                if (!checked && !(key instanceof String)) {
                    checked = true; // only keys written as text can collide: 1 and "1"
                    checkDistinctNames(map);
                }
                if (!first) {
                    writeRaw((byte) ',');
                }
                first = false;
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeKey(key);
                writeValue(e.getValue(), depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.isLocated() ? f : f.at(WriteFailure.memberSegment(key));
        } catch (java.util.ConcurrentModificationException e) {
            throw new WriteFailure("the " + map.getClass().getName() + " changed while it was being written");
        }
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) '}');
    }

    /** A {@link MemberMap}'s members by position: no entry objects, no iterator. */
    private void writeMembers(MemberMap<Object, Object> map, int depth) {
        int n = map.size();
        if (n == 0 || cfg.sortKeys) {
            writeMap(map, depth);
            return;
        }
        enter(map, depth);
        writeRaw((byte) '{');
        Object key = null;
        boolean checked = false;
        try {
            for (int i = 0; i < n; i++) {
                key = map.keyAt(i);
                if (!checked && !(key instanceof String)) {
                    checked = true; // only keys written as text can collide: 1 and "1"
                    checkDistinctNames(map);
                }
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeKey(key);
                writeValue(map.valueAt(i), depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.isLocated() ? f : f.at(WriteFailure.memberSegment(key));
        } catch (IndexOutOfBoundsException e) {
            throw new WriteFailure("the " + map.getClass().getName() + " changed while it was being written");
        }
        if (map.size() != n) {
            throw new WriteFailure("the " + map.getClass().getName() + " changed while it was being written");
        }
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) '}');
    }

    private void writeList(List<Object> list, int depth) {
        enter(list, depth);
        int n = list.size();
        if (n == 0) {
            writeAscii("[]");
            return;
        }
        writeRaw((byte) '[');
        int i = 0;
        try {
            for (; i < n; i++) {
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeValue(list.get(i), depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at("[" + i + "]");
        }
        closeArray(depth);
    }

    private void closeArray(int depth) {
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) ']');
    }

    private void writeIterable(Iterable<Object> items, int depth) {
        try {
            writeIterableUnchecked(items, depth);
        } catch (java.util.ConcurrentModificationException e) {
            throw new WriteFailure("the " + items.getClass().getName() + " changed while it was being written");
        }
    }

    private void writeIterableUnchecked(Iterable<Object> items, int depth) {
        enter(items, depth);
        Iterator<Object> it = items.iterator();
        if (!it.hasNext()) {
            writeAscii("[]");
            return;
        }
        writeRaw((byte) '[');
        int i = 0;
        try {
            for (; it.hasNext(); i++) {
                Object item = it.next();
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeValue(item, depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at("[" + i + "]");
        }
        closeArray(depth);
    }

    private void writeArray(Object array, int depth) {
        enter(array, depth);
        int n = Array.getLength(array);
        if (n == 0) {
            writeAscii("[]");
            return;
        }
        writeRaw((byte) '[');
        Class<?> component = array.getClass().getComponentType();
        int i = 0;
        try {
            for (; i < n; i++) {
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                if (!component.isPrimitive()) {
                    writeValue(((Object[]) array)[i], depth + 1);
                } else if (component == int.class) {
                    writeLong(((int[]) array)[i]);
                } else if (component == long.class) {
                    writeLong(((long[]) array)[i]);
                } else if (component == double.class) {
                    writeDouble(((double[]) array)[i]);
                } else if (component == float.class) {
                    writeFloat(((float[]) array)[i]);
                } else if (component == boolean.class) {
                    writeBoolean(((boolean[]) array)[i]);
                } else if (component == byte.class) {
                    writeLong(((byte[]) array)[i]);
                } else {
                    writeLong(((short[]) array)[i]);
                }
            }
        } catch (WriteFailure f) {
            throw f.at("[" + i + "]");
        }
        closeArray(depth);
    }

    /** The write model of a record or class, or whatever else the binder says for it. */
    private Object modelOrBuiltIn(Class<?> c) {
        try {
            return cfg.codecs.writerFor(c);
        } catch (IllegalArgumentException e) {
            throw new WriteFailure(e.getMessage());
        }
    }

    private WriteModel model(Class<?> c) {
        Object w = modelOrBuiltIn(c);
        return w instanceof WriteModel ? (WriteModel) w : null;
    }

    /** A record or class, through its write model: the discriminator first, then each property not omitted. */
    private void writeModel(Object value, WriteModel m, int depth) {
        if (m == null) {
            throw new WriteFailure("cannot write a value of type " + value.getClass().getName());
        }
        if (cfg.generated) {
            ModelWriter w = ModelWriters.of(m);
            if (w != null && w.usableWith(cfg)) {
                enterModel(value, w, depth);
                w.write(this, value, depth);
                return;
            }
        }
        enter(value, depth);
        writeRaw((byte) '{');
        boolean first = true;
        String name = null;
        try {
            if (m.discriminator() != null) {
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                name = m.discriminator();
                writeKey(name);
                writeString(m.discriminatorValue());
                first = false;
            }
            int n = m.size();
            boolean mayOmit = m.mayOmit();
            for (int k = 0; k < n; k++) {
                name = m.name(k);
                int kind = m.kind(k);
                Object v = null;
                long l = 0;
                double d = 0;
                boolean z = false;
                try {
                    switch (kind) {
                        case WriteModel.LONG:
                            l = m.getLong(value, k);
                            break;
                        case WriteModel.DOUBLE:
                            d = m.getDouble(value, k);
                            break;
                        case WriteModel.BOOLEAN:
                            z = m.getBoolean(value, k);
                            break;
                        default:
                            v = m.get(value, k);
                            if (mayOmit && m.omitted(v)) {
                                continue;
                            }
                    }
                } catch (RuntimeException e) {
                    throw new WriteFailure("cannot read property " + name + " of " + m.type().getName() + ": " + e, e);
                }
                if (!first) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeKey(name);
                switch (kind) {
                    case WriteModel.LONG:
                        writeLong(l);
                        break;
                    case WriteModel.DOUBLE:
                        writeDouble(d);
                        break;
                    case WriteModel.BOOLEAN:
                        writeBoolean(z);
                        break;
                    case WriteModel.STRING:
                        if (v != null) {
                            writeString((String) v);
                            break;
                        }
                        // fall through: null
                    default:
                        Codec<Object> codec = v == null ? null : m.codec(k);
                        if (codec != null) {
                            writeWithCodec(v, codec, depth + 1);
                        } else {
                            writeValue(v, depth + 1);
                        }
                }
                first = false;
            }
        } catch (WriteFailure f) {
            throw f.at(WriteFailure.memberSegment(name));
        }
        if (!first && cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) '}');
    }

    // ---- what generated writers (ModelWriter) call

    /** Enters a value a generated writer writes: a {@link ModelWriter#leaf} one is only counted against maxDepth. */
    private void enterModel(Object value, ModelWriter w, int depth) {
        if (!w.leaf || depth >= cfg.maxDepth) {
            enter(value, depth);
        }
    }

    /** A property's value whose declared class has a model: written by that model's generated writer when it is of exactly that class. */
    void writeLinked(Object v, ModelWriter.Link link, int depth) {
        if (v != null && v.getClass() == link.type) {
            ModelWriter w = link.writer();
            if (w != null && w.usableWith(cfg)) {
                enterModel(v, w, depth);
                w.write(this, v, depth);
            } else {
                writeModel(v, link.model, depth);
            }
            return;
        }
        writeValue(v, depth);
    }

    /** A property declared as a list of a class with a model: an {@code ArrayList}'s elements go through {@link #writeLinked}. */
    void writeListOf(Object v, ModelWriter.Link link, int depth) {
        if (v == null || v.getClass() != ArrayList.class) {
            writeValue(v, depth);
            return;
        }
        ArrayList<?> list = (ArrayList<?>) v;
        enter(list, depth);
        int n = list.size();
        if (n == 0) {
            writeAscii("[]");
            return;
        }
        writeRaw((byte) '[');
        int i = 0;
        try {
            for (; i < n; i++) {
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                writeLinked(list.get(i), link, depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at("[" + i + "]");
        }
        closeArray(depth);
    }

    /** A value of a type with a user codec. */
    void writeWithCodec(Object value, Codec<Object> codec, int depth) {
        enter(value, depth);
        JsonCodecOut out = new JsonCodecOut(this, depth);
        try {
            codec.write(value, out);
        } catch (WriteFailure | dev.hyson.JsonException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new WriteFailure("codec " + codec.getClass().getName() + " for " + value.getClass().getName() + " failed: " + e, e);
        }
        out.finish(codec);
    }
}
