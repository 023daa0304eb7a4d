package dev.hyson.msgpack;

import dev.hyson.internal.bind.BindFailure;
import dev.hyson.internal.bind.PackTape;
import dev.hyson.internal.bind.TapeCodec;
import dev.hyson.internal.bind.TapeReader;
import dev.hyson.internal.tape.Tape;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A factory's one-shot calls ({@code pack}, {@code unpack} of one value, {@code unpack} to a type):
 * each runs on the thread's pooled packer or unpacker ({@link Pools}); binding to a type scans the
 * input to the thread's tape first and reads the tape through the factory's codecs.
 */
final class OneShot {
    /** Per-thread binding state, reset rather than reallocated for each document. */
    private static final ThreadLocal<Tape> TAPES = ThreadLocal.withInitial(Tape::new);

    private final MessagePackFactory f;
    private final Pools pools;

    /** @param f the factory whose one-shot calls these are */
    OneShot(MessagePackFactory f) {
        this.f = f;
        this.pools = new Pools(f);
    }

    /** {@link MessagePackFactory#pack(Object)}. */
    byte[] pack(Object value) {
        MessagePacker p = pools.acquirePacker();
        try {
            p.packValue(value);
            return p.toByteArray();
        } finally {
            pools.releasePacker(p);
        }
    }

    /** {@link MessagePackFactory#pack(Object, OutputStream)}. */
    void pack(Object value, OutputStream out) {
        MessagePacker p = pools.acquirePacker();
        try {
            p.reset(Objects.requireNonNull(out, "out"));
            p.packValue(value);
            p.flush();
        } finally {
            pools.releasePacker(p);
        }
    }

    /** {@link MessagePackFactory#unpack(byte[], int, int)}: exactly one value, nothing after it. */
    Object unpack(byte[] msgpack, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, msgpack.length);
        f.checkDocumentLength(length);
        MessageUnpacker u = pools.acquireUnpacker();
        try {
            u.reset(msgpack, offset, length, -(long) offset, 0);
            Object v = u.unpackValue();
            u.requireEnd();
            return v;
        } finally {
            pools.releaseUnpacker(u);
        }
    }

    /** {@link MessagePackFactory#unpack(ByteBuffer)}: a heap buffer in place, a direct one copied. */
    Object unpack(ByteBuffer msgpack) {
        if (msgpack.hasArray()) {
            return unpack(msgpack.array(), msgpack.arrayOffset() + msgpack.position(), msgpack.remaining());
        }
        f.checkDocumentLength(msgpack.remaining());
        byte[] copy = new byte[msgpack.remaining()];
        msgpack.duplicate().get(copy);
        return unpack(copy, 0, copy.length);
    }

    /** {@link MessagePackFactory#unpack(InputStream)}: a fresh unpacker, which reads the stream through its buffer. */
    Object unpack(InputStream msgpack) {
        MessageUnpacker u = new MessageUnpacker(f).reset(msgpack);
        Object v = u.unpackValue();
        u.requireEnd();
        return v;
    }

    /** Binds {@code msgpack[offset, offset + length)} to {@code type} through a tape (see {@link TapeBuilder}). */
    Object bind(byte[] msgpack, int offset, int length, Type type) {
        Objects.checkFromIndexSize(offset, length, msgpack.length);
        f.checkDocumentLength(length);
        // a registered extension class is read by its unpacker, whatever its constructors
        TapeCodec<?> codec = type instanceof Class && f.registry.forClass((Class<?>) type) != null ? f.codecs.forType(type)
                : f.codecs.forReading(type);
        Tape tape = TAPES.get();
        if (tape.busy) {
            tape = new Tape();
        }
        tape.busy = true;
        try {
            TapeBuilder.scan(f, msgpack, offset, length, tape);
            int end = offset + length;
            PackTape.Trees trees = at -> unpackAt(msgpack, offset, (int) at, end);
            TapeReader r = new TapeReader(tape, msgpack, offset, end, null, f.codecs, trees);
            int root = r.i;
            try {
                try {
                    return r.readRoot(codec);
                } catch (StackOverflowError e) {
                    // bound again from the tape on a thread whose stack holds maxDepth levels
                    r.i = root;
                    return dev.hyson.internal.DeepStack.call(() -> r.readRoot(codec), f.maxDepth);
                }
            } catch (BindFailure e) {
                throw r.toPublic(e);
            } catch (StackOverflowError e) {
                throw new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED, "nesting too deep for binding on this"
                        + " thread's stack (lower maxDepth or raise -Xss)", 0);
            }
        } finally {
            tape.trim();
            tape.busy = false;
        }
    }

    /** One value from {@code msgpack[at, end)}, bytes after it allowed (a tape's subtree); offsets in errors relative to {@code start}. */
    private Object unpackAt(byte[] msgpack, int start, int at, int end) {
        MessageUnpacker u = pools.acquireUnpacker();
        try {
            u.reset(msgpack, at, end - at, -(long) start, 0);
            return u.unpackValue();
        } finally {
            pools.releaseUnpacker(u);
        }
    }
}
