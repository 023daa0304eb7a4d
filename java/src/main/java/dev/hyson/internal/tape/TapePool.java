package dev.hyson.internal.tape;

/**
 * One {@link Tape} per thread, reset rather than reallocated for each document. A parse takes the
 * thread's tape and marks it {@link Tape#busy busy}; a parse that starts while it is busy (from a
 * caller's stream or codec, on the same thread) gets a fresh tape instead. Each user keeps a pool
 * of its own.
 */
public final class TapePool {
    private final ThreadLocal<Tape> tapes = ThreadLocal.withInitial(Tape::new);

    /** @return this thread's tape, now busy, or a fresh one while that is busy */
    public Tape acquire() {
        Tape tape = tapes.get();
        if (tape.busy) {
            return new Tape();
        }
        tape.busy = true;
        return tape;
    }

    /**
     * Gives back a tape from {@link #acquire()}, its oversized buffers dropped.
     *
     * @param tape the tape
     */
    public static void release(Tape tape) {
        tape.trim();
        tape.busy = false;
    }
}
