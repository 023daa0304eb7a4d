package dev.hyson.internal;

import java.util.function.Supplier;

/**
 * Runs a task again on a thread of its own with a large stack, for the recursive parts of binding,
 * writing JSON, packing and unpacking (a codec or a call per level) when they exhausted the caller's stack within the
 * reader's or writer's {@code maxDepth}. How deep a default 1 MiB stack reaches depends on how the JIT
 * has compiled those frames: measured here, a chain of 600 objects packed to MessagePack, or 999 bound
 * from JSON, passed cold and failed once compiled. Only a task that can be run again from the start
 * with the same result is given here (a tape already scanned, an output buffer nothing has left yet);
 * the caller's thread waits for it, so the task sees everything the caller wrote before.
 */
public final class DeepStack {
    /** Stack per level of nesting on the task's thread: several times the 1.7 KB a level of packing measured compiled. */
    private static final long PER_LEVEL = 8 << 10;
    /** The most stack asked for (reserved, not committed, until used). */
    private static final long MOST = 64L << 20;

    private DeepStack() {
    }

    /**
     * @param task the work, run again from its start
     * @param maxDepth the limit the task's nesting stays within
     * @return what the task returned
     * @throws StackOverflowError when even that stack is not enough (the caller reports it as before)
     * @throws RuntimeException whatever the task threw
     */
    public static <T> T call(Supplier<T> task, int maxDepth) {
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        long stack = Math.min(MOST, (1L << 20) + PER_LEVEL * Math.max(1, maxDepth));
        Thread t = new Thread(null, () -> {
            try {
                result[0] = task.get();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "hyson-deep-stack", stack);
        t.setDaemon(true);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the task cannot be abandoned half done: wait, then keep the interrupt
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable f = failure[0];
        if (f instanceof RuntimeException) {
            throw (RuntimeException) f;
        }
        if (f instanceof Error) {
            throw (Error) f;
        }
        @SuppressWarnings("unchecked")
        T r = (T) result[0];
        return r;
    }
}
