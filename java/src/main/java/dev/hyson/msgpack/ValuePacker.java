package dev.hyson.msgpack;

import dev.hyson.internal.model.Kind;
import dev.hyson.bind.Codec;
import dev.hyson.internal.bind.WriteModel;
import dev.hyson.internal.names.NameCache;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.write.ValueDispatcher;
import dev.hyson.internal.write.ValueRules;
import dev.hyson.internal.write.WriteFailure;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import dev.hyson.tree.MemberMap;
import java.util.List;
import java.util.Map;

/**
 * Packs whole Java values for {@link MessagePacker#packValue}: the MessagePack side of the one type
 * dispatch both formats share ({@link ValueDispatcher}), with the factory's registered extension
 * types seen before anything else. Depth and cycles follow {@link ValueRules}; a failure unwinds as
 * a {@link WriteFailure} collecting the path, turned into a {@link MessagePackException} by
 * {@link #toException}.
 */
final class ValuePacker extends ValueDispatcher {
    private static final String MAX_DEPTH_SETTING = "MessagePackFactory.Builder.maxDepth";

    private final MessagePacker p;
    private final MessagePackFactory f;
    private final NameCache names;
    /** Registered extension types come before the fast paths (a registered String or Map is an extension). */
    private final boolean registered;
    /** The containers enclosing the value being packed, root first. */
    private Object[] path = new Object[ValueRules.INITIAL_PATH];

    ValuePacker(MessagePacker p, MessagePackFactory f) {
        this.p = p;
        this.f = f;
        this.names = f.names;
        this.registered = !f.registry.isEmpty();
        this.generated = f.codecs.binder().generatedCodecs();
        this.interceptsFirst = registered;
        this.customs = f.codecs.binder().hasCodecs();
    }

    /** Whether records and classes are packed by their generated writers (the binder's choice). */
    private final boolean generated;

    /** Packs {@code bytes} as they are: a generated writer's constant header and names. */
    void writeRaw(byte[] bytes) {
        int n = bytes.length;
        p.ensure(n);
        System.arraycopy(bytes, 0, p.buf, p.pos, n);
        p.pos += n;
    }

    /**
     * The exception for a failure unwound to the root: the problem and its path; a cycle, the depth
     * limit and output size are LIMIT_EXCEEDED, a {@link MessagePackException} on the way keeps its
     * kind, and anything else is UNSUPPORTED_VALUE.
     */
    static MessagePackException toException(WriteFailure fail) {
        Throwable cause = fail.getCause();
        MessagePackException.Kind kind = fail.isLimit() ? MessagePackException.Kind.LIMIT_EXCEEDED
                : MessagePackException.Kind.UNSUPPORTED_VALUE;
        if (cause instanceof MessagePackException) {
            kind = ((MessagePackException) cause).kind();
            cause = cause.getCause();
        }
        return new MessagePackException(kind, fail.getMessage() + " at " + fail.path(), -1, cause);
    }

    @Override
    protected void enter(Object container, int depth) {
        path = ValueRules.enter(path, container, depth, f.maxDepth, MAX_DEPTH_SETTING);
    }

    @Override
    protected Codecs codecs() {
        return f.codecs;
    }

    @Override
    protected String verb() {
        return "pack";
    }

    @Override
    protected String customHint() {
        return "an extension (MessagePackFactory.Builder.register)";
    }

    @Override
    protected boolean interceptFirst(Object v, Class<?> c, int depth) {
        Registration r = f.registry.forClass(c);
        if (r != null) {
            writeExtension(r, v, depth);
            return true;
        }
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected boolean writeCustom(Object v, Class<?> c, int depth) {
        Object w = f.codecs.writerFor(c);
        if (w instanceof Codec) {
            writeWithCodec(v, (Codec<Object>) w, depth);
            return true;
        }
        return false;
    }

    @Override
    protected void writeNull() {
        p.packNil();
    }

    @Override
    protected void writeString(String s) {
        p.packString(s);
    }

    @Override
    protected void writeLong(long v) {
        p.packLong(v);
    }

    @Override
    protected void writeDouble(double v) {
        p.packDouble(v);
    }

    @Override
    protected void writeBoolean(boolean v) {
        p.packBoolean(v);
    }

    @Override
    protected void writeFloat(float v) {
        if (f.floatAsFloat32) {
            p.packFloat(v);
        } else {
            p.packDouble(v);
        }
    }

    @Override
    protected void writeBytes(byte[] b) {
        if (f.binaryForByteArrays) {
            p.packBinaryHeader(b.length);
        } else {
            p.packRawStringHeader(b.length);
        }
        p.writePayload(b);
    }

    @Override
    protected void writeBigInteger(BigInteger v) {
        try {
            p.packBigInteger(v);
        } catch (MessagePackException e) {
            throw new WriteFailure(e.detail(), e);
        }
    }

    @Override
    protected void writeBigDecimal(BigDecimal v) {
        if (f.bigDecimalPolicy != MessagePackFactory.BigDecimalPolicy.STRING) {
            throw new WriteFailure("cannot pack a BigDecimal (" + v + "): MessagePack has no decimal type; "
                    + "choose bigDecimals(BigDecimalPolicy.STRING) to write it as a str");
        }
        p.packString(v.toString());
    }

    @Override
    protected void writeNumber(Number v, int depth) {
        writeObject(v, v.getClass(), depth); // through its model, as any other class
    }

    @Override
    protected void writeTemporal(Object v, Kind kind) {
        if (kind == Kind.INSTANT) {
            p.packTimestamp((Instant) v);
        } else {
            // ISO-8601 (java.time's toString), and the 8-4-4-4-12 form: what binding reads back
            p.packString(v.toString());
        }
    }

    @Override
    protected void writeObject(Object v, Class<?> c, int depth) {
        if (c == ExtensionValue.class) {
            writeExtensionValue((ExtensionValue) v);
        } else {
            super.writeObject(v, c, depth);
        }
    }

    @Override
    protected void writeIterable(Iterable<Object> items, int depth) {
        enter(items, depth);
        List<Object> copy = new ArrayList<>();
        for (Object o : items) {
            copy.add(o);
        }
        writeElements(copy, depth);
    }

    @Override
    protected void writeArray(Object array, int depth) {
        enter(array, depth);
        if (array instanceof Object[]) {
            writeElements(Arrays.asList((Object[]) array), depth);
        } else {
            writePrimitives(array);
        }
    }

    private void writeExtensionValue(ExtensionValue e) {
        if (e.type() == -1) {
            String problem = MessageUnpacker.timestampProblem(e.data());
            if (problem != null) {
                throw new WriteFailure("an extension of type -1 is a timestamp, and this payload is not one: "
                        + problem + " (pack a java.time.Instant)");
            }
        }
        p.packExtensionHeader(e.type(), e.data().length);
        p.writePayload(e.data());
    }

    /** Frames a registered type's payload: reserve ext32 room, let it pack, then write the smallest header. */
    private void writeExtension(Registration r, Object v, int depth) {
        enter(v, depth);
        if (r.bytes != null) {
            byte[] payload;
            try {
                payload = r.bytes(v); // null is refused there
            } catch (RuntimeException e) {
                throw new WriteFailure("the extension packer for " + r.javaType.getName() + " failed: " + e, e);
            }
            p.packExtensionHeader(r.type, payload.length);
            p.writePayload(payload);
            return;
        }
        p.pinned++;
        int outer = p.valueDepth;
        try {
            p.ensure(Headers.EXT_RESERVE);
            int start = p.pos;
            p.pos += Headers.EXT_RESERVE;
            if (r.string != null) {
                String s = r.string(v);
                p.ensure(s.length() * 3);
                p.pos = Headers.writeUtf8(s, p.buf, p.pos);
            } else {
                p.valueDepth = depth + 1;
                r.pack(v, p);
            }
            int len = p.pos - start - Headers.EXT_RESERVE;
            int size = Headers.extHeaderSize(len);
            if (size != Headers.EXT_RESERVE) {
                System.arraycopy(p.buf, start + Headers.EXT_RESERVE, p.buf, start + size, len);
            }
            Headers.putExtHeader(p.buf, start, size, r.type, len);
            p.pos = start + size + len;
        } catch (WriteFailure fail) {
            throw fail.at("");
        } catch (MessagePackException e) {
            throw new WriteFailure(e.detail(), e);
        } catch (RuntimeException e) {
            throw new WriteFailure("the extension packer for " + r.javaType.getName() + " failed: " + e, e);
        } finally {
            p.valueDepth = outer;
            p.pinned--;
        }
    }

    /** Packs a str map key, from the factory's {@link NameCache} when it was packed before. */
    void packKey(String key) {
        byte[] encoded = names.get(key);
        if (encoded != null) {
            int n = encoded.length;
            p.ensure(n);
            System.arraycopy(encoded, 0, p.buf, p.pos, n);
            p.pos += n;
            return;
        }
        int n = key.length();
        if (n > NameCache.MAX_NAME_LENGTH) {
            p.packString(key);
            return;
        }
        p.ensure(n * 3 + 5); // packString then has room: no drain moves the key's bytes
        int start = p.pos;
        p.packString(key);
        names.put(key, Arrays.copyOfRange(p.buf, start, p.pos));
    }

    @Override
    protected void writeMap(Map<Object, Object> map, int depth) {
        enter(map, depth);
        int n = map.size();
        p.packMapHeader(n);
        Object key = null;
        int written = 0;
        try {
            for (Map.Entry<Object, Object> e : map.entrySet()) {
                key = e.getKey();
                if (written++ == n) {
                    throw new WriteFailure("map changed size while being packed");
                }
                if (key != null && key.getClass() == String.class && !registered) {
                    packKey((String) key);
                } else {
                    writeValue(key, depth + 1);
                }
                writeValue(e.getValue(), depth + 1);
            }
        } catch (WriteFailure fail) {
            throw fail.at(WriteFailure.memberSegment(key));
        }
        if (written != n) {
            throw new WriteFailure("map changed size while being packed");
        }
    }

    /** A {@link MemberMap}'s members by position: no entry objects, no iterator. */
    @Override
    protected void writeMembers(MemberMap<Object, Object> map, int depth) {
        enter(map, depth);
        int n = map.size();
        p.packMapHeader(n);
        Object key = null;
        try {
            for (int i = 0; i < n; i++) {
                key = map.keyAt(i);
                if (key != null && key.getClass() == String.class && !registered) {
                    packKey((String) key);
                } else {
                    writeValue(key, depth + 1);
                }
                writeValue(map.valueAt(i), depth + 1);
            }
        } catch (WriteFailure fail) {
            throw fail.at(WriteFailure.memberSegment(key));
        } catch (IndexOutOfBoundsException e) {
            throw new WriteFailure("map changed size while being packed");
        }
        if (map.size() != n) {
            throw new WriteFailure("map changed size while being packed");
        }
    }

    @Override
    protected void writeList(List<Object> list, int depth) {
        enter(list, depth);
        writeElements(list, depth);
    }

    /** Writes the elements of a container already entered at {@code depth}. */
    private void writeElements(List<Object> list, int depth) {
        int n = list.size();
        p.packArrayHeader(n);
        int i = 0;
        try {
            for (; i < n; i++) {
                Object v = list.get(i);
                // the common element types without the full dispatch (a list of doubles is
                // canada.json's whole body)
                Class<?> c = v == null || registered ? null : v.getClass();
                if (c == Double.class) {
                    p.packDouble((Double) v);
                } else if (c == Long.class) {
                    p.packLong((Long) v);
                } else if (c == String.class) {
                    p.packString((String) v);
                } else {
                    writeValue(v, depth + 1);
                }
            }
        } catch (WriteFailure fail) {
            throw fail.at("[" + i + "]");
        }
    }

    /** Writes an array of {@code int}, {@code long}, {@code double}, {@code float}, {@code short} or {@code boolean}. */
    private void writePrimitives(Object array) {
        Class<?> t = array.getClass().getComponentType();
        p.packArrayHeader(Array.getLength(array));
        if (t == int.class) {
            for (int x : (int[]) array) {
                p.packLong(x);
            }
        } else if (t == long.class) {
            for (long x : (long[]) array) {
                p.packLong(x);
            }
        } else if (t == double.class) {
            for (double x : (double[]) array) {
                p.packDouble(x);
            }
        } else if (t == float.class) {
            for (float x : (float[]) array) {
                writeFloat(x);
            }
        } else if (t == short.class) {
            for (short x : (short[]) array) {
                p.packLong(x);
            }
        } else {
            for (boolean x : (boolean[]) array) {
                p.packBoolean(x);
            }
        }
    }

    /** A record or class through its write model, as the JSON generator writes it: discriminator first, omitted values left out. */
    @Override
    protected void writeModel(Object v, WriteModel m, int depth) {
        if (m == null) {
            throw new WriteFailure("cannot pack a value of type " + v.getClass().getName());
        }
        enter(v, depth);
        if (!registered && generated) {
            PackWriters.PackWriter w = PackWriters.of(m);
            if (w != null && (w.fixNames || !f.compatibility)) {
                w.write(this, p, v, depth);
                return;
            }
        }
        int n = m.size();
        if (!m.mayOmit()) {
            // every property is written: one pass, primitives without a box
            p.packMapHeader(n + (m.discriminator() != null ? 1 : 0));
            if (m.discriminator() != null) {
                packKey(m.discriminator());
                p.packString(m.discriminatorValue());
            }
            for (int i = 0; i < n; i++) {
                String name = m.name(i);
                packKey(name);
                try {
                    switch (m.kind(i)) {
                        case WriteModel.LONG:
                            p.packLong(m.getLong(v, i));
                            break;
                        case WriteModel.DOUBLE:
                            p.packDouble(m.getDouble(v, i));
                            break;
                        case WriteModel.BOOLEAN:
                            p.packBoolean(m.getBoolean(v, i));
                            break;
                        default: {
                            Object value = m.get(v, i);
                            Codec<Object> codec = value == null ? null : m.codec(i);
                            if (value != null && m.kind(i) == WriteModel.DECIMAL) {
                                p.packString(value.toString()); // a declared BigDecimal: a str, read back by its codec
                            } else if (codec != null) {
                                writeWithCodec(value, codec, depth + 1);
                            } else {
                                writeValue(value, depth + 1);
                            }
                        }
                    }
                } catch (WriteFailure fail) {
                    throw fail.at(WriteFailure.memberSegment(name));
                } catch (MessagePackException e) {
                    throw e;
                } catch (RuntimeException e) {
                    throw new WriteFailure("cannot read property " + name + " of " + m.type().getName() + ": " + e, e)
                            .at(WriteFailure.memberSegment(name));
                }
            }
            return;
        }
        Object[] values = new Object[n];
        int count = m.discriminator() != null ? 1 : 0;
        for (int i = 0; i < n; i++) {
            try {
                values[i] = m.get(v, i);
            } catch (RuntimeException e) {
                throw new WriteFailure("cannot read property " + m.name(i) + " of " + m.type().getName() + ": " + e, e)
                        .at(WriteFailure.memberSegment(m.name(i)));
            }
            if (!m.omitted(values[i])) {
                count++;
            }
        }
        p.packMapHeader(count);
        if (m.discriminator() != null) {
            packKey(m.discriminator());
            p.packString(m.discriminatorValue());
        }
        for (int i = 0; i < n; i++) {
            if (m.omitted(values[i])) {
                continue;
            }
            String name = m.name(i);
            packKey(name);
            try {
                Codec<Object> codec = values[i] == null ? null : m.codec(i);
                if (values[i] != null && m.kind(i) == WriteModel.DECIMAL) {
                    p.packString(values[i].toString());
                } else if (codec != null) {
                    writeWithCodec(values[i], codec, depth + 1);
                } else {
                    writeValue(values[i], depth + 1);
                }
            } catch (WriteFailure fail) {
                throw fail.at(WriteFailure.memberSegment(name));
            }
        }
    }

    /** A value of a type with a user codec. */
    void writeWithCodec(Object v, Codec<Object> codec, int depth) {
        enter(v, depth);
        PackOut out = new PackOut(this, p, depth);
        try {
            codec.write(v, out);
        } catch (WriteFailure | dev.hyson.JsonException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new WriteFailure("codec " + codec.getClass().getName() + " for " + v.getClass().getName() + " failed: " + e, e);
        }
        out.finish(codec);
    }
}
