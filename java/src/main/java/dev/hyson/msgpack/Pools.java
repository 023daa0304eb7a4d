package dev.hyson.msgpack;

/**
 * A factory's per-thread packer and unpacker, buffers included, for its one-shot calls: a steady
 * stream of messages allocates only its values. A packer or unpacker asked for while the thread's
 * own is busy (from inside an extension packer or unpacker) is a fresh one.
 */
final class Pools {
    /** The buffer a packer starts with. */
    static final int PACKER_BUFFER = 8192;
    /** The largest buffer a pooled packer keeps between calls. */
    private static final int KEEP_BUFFER = 8 << 20;

    private final ThreadLocal<MessagePacker> packers;
    private final ThreadLocal<MessageUnpacker> unpackers;
    private final MessagePackFactory f;

    /** @param f the factory whose packers and unpackers these are */
    Pools(MessagePackFactory f) {
        this.f = f;
        this.packers = ThreadLocal.withInitial(() -> new MessagePacker(f, PACKER_BUFFER));
        this.unpackers = ThreadLocal.withInitial(() -> new MessageUnpacker(f));
    }

    /** @return the thread's packer, reset to collect its output, or a fresh one when that is busy */
    MessagePacker acquirePacker() {
        MessagePacker p = packers.get();
        if (p.inUse) {
            return new MessagePacker(f, PACKER_BUFFER).reset(null); // reentrant use: never the busy one
        }
        p.inUse = true;
        return p.reset(null);
    }

    /**
     * Returns a packer from {@link #acquirePacker()}, trimming a buffer grown past the keep size.
     *
     * @param p the packer
     */
    void releasePacker(MessagePacker p) {
        if (p.inUse) {
            p.release(KEEP_BUFFER);
            p.inUse = false;
        }
    }

    /** @return the thread's unpacker, or a fresh one when that is busy; reset it before use */
    MessageUnpacker acquireUnpacker() {
        MessageUnpacker u = unpackers.get();
        if (u.inUse) {
            return new MessageUnpacker(f);
        }
        u.inUse = true;
        return u;
    }

    /**
     * Returns an unpacker from {@link #acquireUnpacker()}, dropping its input.
     *
     * @param u the unpacker
     */
    void releaseUnpacker(MessageUnpacker u) {
        if (u.inUse) {
            u.clear();
            u.inUse = false;
        }
    }
}
