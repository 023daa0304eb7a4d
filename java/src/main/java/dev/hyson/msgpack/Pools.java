package dev.hyson.msgpack;

/**
 * A factory's per-thread packer and unpacker, buffers included, for its one-shot calls: a steady
 * stream of messages allocates only its values. A packer or unpacker asked for while the thread's
 * own is busy (from inside an extension packer or unpacker) is a fresh one.
 *
 * <p>Each thread keeps one packer and one unpacker in all, for the factory it used last, in one
 * static {@code ThreadLocal}: a {@code ThreadLocal} per factory would leak, since its value (a packer
 * holding the factory, which holds the {@code ThreadLocal}) keeps its own weak key reachable, so every
 * factory made and dropped left its buffers on each thread that used it (found by the Jazzer binding
 * harness, which makes a factory per input). A thread that alternates between factories makes a new
 * packer at each switch.
 */
final class Pools {
    /** The buffer a packer starts with. */
    static final int PACKER_BUFFER = 8192;
    /** The largest buffer a pooled packer keeps between calls. */
    private static final int KEEP_BUFFER = 8 << 20;

    /** The thread's packer and unpacker, and the factory each belongs to. */
    private static final class Slot {
        MessagePackFactory packerOwner;
        MessagePacker packer;
        MessagePackFactory unpackerOwner;
        MessageUnpacker unpacker;
    }

    private static final ThreadLocal<Slot> SLOTS = ThreadLocal.withInitial(Slot::new);

    private final MessagePackFactory f;

    /** @param f the factory whose packers and unpackers these are */
    Pools(MessagePackFactory f) {
        this.f = f;
    }

    /** @return the thread's packer, reset to collect its output, or a fresh one when that is busy */
    MessagePacker acquirePacker() {
        Slot s = SLOTS.get();
        MessagePacker p = s.packer;
        if (s.packerOwner != f || p == null) {
            if (p != null && p.inUse) {
                return new MessagePacker(f, PACKER_BUFFER).reset(null); // another factory's, busy: leave it
            }
            s.packer = p = new MessagePacker(f, PACKER_BUFFER);
            s.packerOwner = f;
        }
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
        Slot s = SLOTS.get();
        MessageUnpacker u = s.unpacker;
        if (s.unpackerOwner != f || u == null) {
            if (u != null && u.inUse) {
                return new MessageUnpacker(f); // another factory's, busy: leave it
            }
            s.unpacker = u = new MessageUnpacker(f);
            s.unpackerOwner = f;
        }
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
