package dev.hyson.internal.write;

import dev.hyson.bind.Codec;
import dev.hyson.internal.bind.WriteModel;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.model.Kind;
import java.math.BigDecimal;
import java.math.BigInteger;
import dev.hyson.tree.MemberMap;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes Java values as UTF-8 JSON: the structure (objects, arrays, records through their
 * generated or interpreted writers) under the one type dispatch both formats share
 * ({@link ValueDispatcher}, whose calls it implements in JSON). Depth and cycles follow
 * {@link ValueRules}. One generator per write call, or per thread between {@link #reset}s; not
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

        /**
         * Drops everything this sink took since the document started, so the document can be
         * written again from its start (a value too deep for the thread's stack, written again on a
         * deeper one).
         *
         * @return whether it could: false for a sink that passed the bytes on (a stream)
         */
        default boolean forget() {
            return false;
        }
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
        customs = cfg.hasEncoders() || cfg.userCodecs;
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
        customs = cfg.hasEncoders() || cfg.userCodecs;
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
        writeAt(value, 0);
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
        writeAt(value, depth);
    }

    /**
     * Writes a value; where its nesting exhausts the calling thread's stack and nothing of it has left
     * the buffer yet, writes it again on a thread whose stack holds {@code maxDepth} levels
     * ({@link dev.hyson.internal.DeepStack}), as packing and binding do.
     */
    private void writeAt(Object value, int depth) {
        long before = drained;
        int at = pos;
        int wrappers = inPlace;
        try {
            try {
                writeValue(value, depth);
            } catch (StackOverflowError e) {
                inPlace = wrappers;
                if (!rewind(before, at)) {
                    throw e; // some of it reached a stream: it cannot start again
                }
                dev.hyson.internal.DeepStack.call(() -> {
                    writeValue(value, depth);
                    return null;
                }, cfg.maxDepth);
            }
        } catch (StackOverflowError e) {
            throw new WriteFailure("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)");
        }
    }

    // For a writer outside this package that writes JSON tokens itself (msgpack's DirectJson): the
    // generator's own output methods, public. The caller places separators; nothing is checked.

    /** @param b a byte of JSON syntax, written as it is */
    public void rawByte(byte b) {
        writeRaw(b);
    }

    /** @param v an integer, written as JSON writes a {@code long} */
    public void longValue(long v) {
        writeLong(v);
    }

    /** @param v a finite double, written as JSON writes a {@code double} */
    public void doubleValue(double v) {
        writeDouble(v);
    }

    /** @param v a boolean */
    public void booleanValue(boolean v) {
        writeBoolean(v);
    }

    /** Writes {@code null}. */
    public void nullValue() {
        writeNull();
    }

    /** @param s a string, escaped per the writer's options */
    public void stringValue(String s) {
        writeString(s);
    }

    /**
     * @param b UTF-8 bytes that need no escape under the writer's options
     * @param off the first
     * @param len how many
     */
    public void quotedBytes(byte[] b, int off, int len) {
        writeQuoted(b, off, len);
    }

    /**
     * @param b well-formed UTF-8 bytes, written with the escapes RFC 8259 requires (a generator with the
     *     default options only: neither {@code asciiOnly} nor {@code scriptSafe})
     * @param off the first
     * @param len how many
     */
    public void quotedEscapedBytes(byte[] b, int off, int len) {
        writeEscapedUtf8(b, off, len);
    }

    /** Forgets what was written since the buffer was last emptied (for a generator with no sink). */
    public void discard() {
        pos = 0;
    }

    /** Writes lazy values from their tape ({@link DocumentCopy}); made on first use. */
    private DocumentCopy documents;

    @Override
    protected void writeLazy(Object v, int depth) {
        dev.hyson.internal.lazy.LazyAccess.Slice s = dev.hyson.internal.lazy.LazyAccess.factory().slice(v);
        DocumentCopy c = documents;
        if (c == null) {
            c = documents = new DocumentCopy(this);
        }
        if (!cfg.sortKeys && c.plain(s.tape(), s.entry(), s.buf(), depth)) { // (sorted keys: the tree sorts them)
            c.write(s.tape(), s.entry(), s.buf(), depth);
        } else {
            super.writeLazy(v, depth);
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

    @Override
    protected Codecs codecs() {
        return cfg.codecs;
    }

    @Override
    protected String verb() {
        return "write";
    }

    @Override
    protected String customHint() {
        return "a JsonEncoder (JsonWriter.Builder.encoder)";
    }

    @Override
    protected boolean interceptFirst(Object v, Class<?> c, int depth) {
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected boolean writeCustom(Object v, Class<?> c, int depth) {
        if (cfg.hasEncoders()) {
            java.util.function.Function<Object, Object> encoder = cfg.encoderFor(c);
            if (encoder != null) {
                Object replacement;
                try {
                    replacement = encoder.apply(v);
                } catch (WriteFailure | dev.hyson.JsonException e) {
                    throw e;
                } catch (RuntimeException e) {
                    // as a codec's failure: a JsonWriteException with the value's path
                    throw new WriteFailure("JsonEncoder for " + c.getName() + " failed: " + e, e);
                }
                writeInPlaceOf(v, replacement, depth);
                return true;
            }
        }
        if (cfg.userCodecs) {
            Object w = cfg.codecs.writerFor(c);
            if (w instanceof Codec) {
                writeWithCodec(v, (Codec<Object>) w, depth);
                return true;
            }
        }
        return false;
    }

    @Override
    protected void writeBytes(byte[] b) {
        // JSON has no binary: base64 (RFC 4648 section 4, padded), as MessagePack's bin is read back
        writeString(java.util.Base64.getEncoder().encodeToString(b));
    }

    @Override
    protected void writeBigInteger(BigInteger v) {
        writeNumber(v);
    }

    @Override
    protected void writeBigDecimal(BigDecimal v) {
        writeNumber(v);
    }

    @Override
    protected void writeNumber(Number v, int depth) {
        writeNumber(v);
    }

    @Override
    protected void writeTemporal(Object v, Kind kind) {
        // ISO-8601 (java.time's toString), and the 8-4-4-4-12 form: what binding reads back
        if (!Temporals.write(this, v)) {
            writeString(v.toString());
        }
    }

    @Override
    protected void enter(Object container, int depth) {
        path = ValueRules.enter(path, container, depth, cfg.maxDepth, MAX_DEPTH_SETTING);
        if (depth > deepest) {
            deepest = depth;
        }
    }

    @Override
    protected void writeMap(Map<Object, Object> map, int depth) {
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
            if (!keysAreDistinctStrings(map)) {
                checked = true; // equal strings may be distinct keys (an IdentityHashMap's, say)
                checkDistinctNames(map);
            }
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
    @Override
    protected void writeMembers(MemberMap<Object, Object> map, int depth) {
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

    @Override
    protected void writeList(List<Object> list, int depth) {
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

    @Override
    protected void writeIterable(Iterable<Object> items, int depth) {
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

    @Override
    protected void writeArray(Object array, int depth) {
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

    /** A record or class, through its write model: the discriminator first, then each property not omitted. */
    @Override
    protected void writeModel(Object value, WriteModel m, int depth) {
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
