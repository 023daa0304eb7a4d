package dev.hyson.stream;

import dev.hyson.JsonParseException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The windows of a JSON Lines stream read and scanned ahead on a thread of their own: while the caller's
 * thread builds, binds or copies the lines of window k, the scan thread reads and scans windows k + 1 to
 * k + {@value #DEPTH}, so the two take the time of the slower one instead of their sum (the JSON Lines
 * counterpart of the documents' {@code AheadScan}).
 *
 * <p>The scan thread runs a {@link LineCursor} of its own over the stream ({@link LineCursor#advance}:
 * the same windows, line numbers, errors and limits as a read on one thread), which never writes over
 * bytes it has read: it reads on into another buffer ({@link #spare}), at most {@value #BUFFERS} of
 * them in use at once. Each window goes over as a {@link Unit} (its bytes' buffer, its tape's and
 * records' arrays, which the caller gives back for reuse when it asks for the next window); the caller's
 * cursor takes them in order ({@link #next}). A long line is held once, as on one thread (see {@link #BIG}). Errors of the stream ({@code IOException}) and of the scan are thrown on the
 * caller's thread when it reaches the window where they happened.
 *
 * <p>One caller thread. The scan thread is a daemon that ends at the input's end, at a failure, or at
 * {@link #stop}: the cursor's {@code release} ({@link #stopAndWait}: it returns once the thread has ended),
 * or a cleaner when the caller's cursor becomes unreachable unreleased.
 */
final class AheadLines implements Runnable {
    /** Stops the scan threads of line streams that were never closed. */
    static final Cleaner CLEANER = Cleaner.create();
    /** The smallest stream scanned ahead ({@code available()}): 16 MiB. */
    static final long MIN_LENGTH = 16L << 20;
    /** The smallest heap ({@code -Xmx}) a read scans ahead with: 48 MiB. */
    static final long MIN_HEAP = 48L << 20;
    /** Windows scanned and waiting for the caller, at most. */
    static final int DEPTH = 8;
    /**
     * The bytes the windows waiting for the caller may hold (their arrays, their buffers counted whole), at
     * most, beyond the first: a few windows of long lines do not fill the heap while the caller is on one.
     */
    static final long QUEUED = 6L << 20;
    /** The longest a thread waits before it checks what it waits for again (milliseconds). */
    private static final long WAIT_MS = 50;
    /** Buffers of bytes in use at once, at most (the caller's, those of the waiting windows, the one read into). */
    static final int BUFFERS = 4;
    /** A unit's arrays up to this many bytes are reused; longer ones (a long line's) are dropped. */
    static final int RETAIN = 256 << 10;

    /** @return whether an array of {@code length} elements of {@code size} bytes is kept for reuse */
    static boolean keep(int length, int size) {
        return (long) length * size <= RETAIN;
    }

    /**
     * A window of more bytes than this (its buffer and arrays, {@link Unit#big}) holds a long line: while the
     * caller is on one, the scan thread pauses; and it grows a buffer past this only once the caller holds
     * nothing, so a long line is in memory once, as on one thread, not beside the next one.
     */
    static final int BIG = 2 * LineCursor.BLOCK + (LineCursor.BLOCK >> 1);

    /** One window's results (or one line that is an error of its own, or the end), and then its arrays going back. */
    static final class Unit {
        byte[] buf;
        long bufOffset;
        long[] entries;
        int size;
        byte[] latin1;
        int latin1Size;
        char[] utf16;
        int utf16Size;
        long[] records;
        int count;
        long batchLine;
        /** A line that is an error without a scan ({@link LineCursor#SINGLE}): these four fields. */
        boolean single;
        JsonParseException error;
        long line;
        long offset;
        int start;
        /** The input's end: no more units. */
        boolean end;
        /** What stopped the scan thread (an {@code IOException} of the stream, a scan failure). */
        Throwable failure;

        /** @return the bytes of its buffer and arrays, as the queue counts them (a long line's are many) */
        long weight() {
            long w = buf == null ? 0 : buf.length;
            w += entries == null ? 0 : 8L * entries.length;
            w += latin1 == null ? 0 : latin1.length;
            w += utf16 == null ? 0 : 2L * utf16.length;
            w += records == null ? 0 : 8L * records.length;
            return w;
        }

        boolean big() {
            return weight() > BIG;
        }
    }

    /**
     * Whether a stream's lines are worth a thread of their own: {@code available()} says 16 MiB or more
     * (a file, not a pipe), there are two processors or more and a heap of 48 MiB or more.
     * {@code -Dhyson.scanAhead=false} turns it off, {@code -Dhyson.scanAhead=always} on for every stream.
     */
    static boolean pays(InputStream in) {
        String mode = System.getProperty("hyson.scanAhead", "");
        if (mode.equals("always")) {
            return true;
        }
        if (mode.equals("false")) {
            return false;
        }
        Runtime rt = Runtime.getRuntime();
        if (rt.availableProcessors() < 2 || rt.maxMemory() < MIN_HEAP) {
            return false;
        }
        try {
            return in.available() >= MIN_LENGTH;
        } catch (IOException e) {
            return false;
        }
    }

    private final LineCursor producer;
    private final Object lock = new Object();
    private final ArrayDeque<Unit> queue = new ArrayDeque<>();
    /** The {@link Unit#weight} of the queue's units. */
    private long queued;
    private final ArrayDeque<Unit> recycled = new ArrayDeque<>();
    private final List<byte[]> buffers = new ArrayList<>();
    /** The caller's unit (its bytes are in use until the next is taken). */
    private Unit current;
    private boolean stopped;
    private boolean callerWaiting;
    private boolean producerWaiting;
    private Thread thread;

    /** @param producer the cursor the scan thread runs (over the stream; its first buffer is adopted) */
    AheadLines(LineCursor producer) {
        this.producer = producer;
        buffers.add(producer.buffer());
    }

    @Override
    public void run() {
        try {
            for (;;) {
                awaitSmallCaller();
                Unit u = recycledUnit();
                try {
                    int step = producer.advance();
                    if (step == LineCursor.END) {
                        u.end = true;
                    } else {
                        producer.handOver(u, step);
                    }
                } catch (Throwable t) {
                    u.failure = t;
                }
                publish(u);
                if (u.end || u.failure != null) {
                    return;
                }
            }
        } catch (InterruptedException stop) {
            // stopped: nobody takes more windows
        } finally {
            producer.release(); // on this thread, the scan's buffers
        }
    }

    /** Waits while the caller's window is on a buffer of a long line (see {@link #BIG}). */
    private void awaitSmallCaller() throws InterruptedException {
        synchronized (lock) {
            if (current != null && current.big()) {
                // while the caller is on a long line, no spare buffer is kept beside it
                byte[] own = producer.buffer();
                buffers.removeIf(b -> b != own && !inUse(b));
            }
            while (current != null && current.big() && !stopped) {
                producerWaiting = true;
                lock.wait(WAIT_MS); // timed: each loop checks its condition again, so no wake-up can be lost for good
            }
            producerWaiting = false;
            if (stopped) {
                throw new InterruptedException();
            }
        }
    }

    private Unit recycledUnit() {
        Unit u;
        synchronized (lock) {
            u = recycled.poll();
        }
        return u != null ? u : new Unit();
    }

    private void publish(Unit u) throws InterruptedException {
        long w = u.weight();
        synchronized (lock) {
            // at most DEPTH windows, and QUEUED bytes but for the first
            while ((queue.size() >= DEPTH || !queue.isEmpty() && queued + w > QUEUED) && !stopped) {
                producerWaiting = true;
                lock.wait(WAIT_MS); // timed: each loop checks its condition again, so no wake-up can be lost for good
            }
            producerWaiting = false;
            if (stopped) {
                throw new InterruptedException();
            }
            queue.add(u);
            queued += w;
            if (callerWaiting) {
                lock.notifyAll();
            }
        }
    }

    /**
     * For the scan thread's cursor: a buffer of at least {@code length} bytes that no unit the caller has or
     * may still take reads, and that is not {@code now} (the one the cursor is leaving).
     *
     * @throws UncheckedIOException (an {@code InterruptedIOException}) when the read was stopped
     */
    byte[] spare(int length, byte[] now) {
        synchronized (lock) {
            for (;;) {
                if (stopped) {
                    throw new UncheckedIOException(new InterruptedIOException("the JSON Lines read was stopped"));
                }
                if (length > BIG && (current != null || !queue.isEmpty())) {
                    // a long line: once the caller is done with every window before it (it then holds nothing)
                    waitForCaller();
                    continue;
                }
                byte[] free = null;
                for (int k = 0; k < buffers.size(); k++) {
                    byte[] b = buffers.get(k);
                    if (b == now || inUse(b)) {
                        continue;
                    }
                    if (b.length > Math.max(4L * length, LineCursor.BLOCK)) {
                        buffers.remove(k--); // grown for a long line once: not kept
                    } else if (b.length >= length) {
                        return b;
                    } else if (free == null || b.length < free.length) {
                        free = b;
                    }
                }
                if (buffers.size() < BUFFERS) {
                    byte[] b = new byte[length];
                    buffers.add(b);
                    return b;
                }
                if (free != null) {
                    buffers.remove(free); // too short: make room for a longer one
                    continue;
                }
                waitForCaller();
            }
        }
    }

    /** For the scan thread, holding the lock: waits for the caller to take or give back a window. */
    private void waitForCaller() {
        producerWaiting = true;
        try {
            lock.wait(WAIT_MS); // timed: each loop checks its condition again, so no wake-up can be lost for good
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new InterruptedIOException("interrupted"));
        } finally {
            producerWaiting = false;
        }
    }

    /** For the scan thread's cursor: forgets {@code b} (a buffer it grew out of) unless a window still reads it. */
    void discard(byte[] b) {
        synchronized (lock) {
            if (!inUse(b)) {
                buffers.remove(b);
            }
        }
    }

    private boolean inUse(byte[] b) {
        if (current != null && current.buf == b) {
            return true;
        }
        for (Unit u : queue) {
            if (u.buf == b) {
                return true;
            }
        }
        return false;
    }

    /**
     * The caller's next window into {@code cursor} ({@link LineCursor#takeOver}); the one before goes back
     * to the scan thread.
     *
     * @return {@link LineCursor#WINDOW_SCANNED}, {@link LineCursor#SINGLE} or {@link LineCursor#END}
     * @throws IOException what the stream threw on the scan thread, or an {@code InterruptedIOException}
     */
    int next(LineCursor cursor) throws IOException {
        Unit u;
        synchronized (lock) {
            Unit last = current;
            if (last != null && (last.end || last.failure != null)) {
                u = last; // the end, or the failure again
            } else {
                if (thread == null) {
                    thread = new Thread(this, "hyson-lines-ahead");
                    thread.setDaemon(true);
                    thread.start();
                }
                if (last != null) {
                    // the caller is done with its window: its bytes and arrays go back before it waits
                    cursor.giveBack(last);
                    current = null;
                    last.buf = null;
                    last.error = null;
                    last.single = false;
                    if (last.entries != null && !keep(last.entries.length, 8)) {
                        last.entries = null; // a long line's: not kept for the next windows
                    }
                    if (last.latin1 != null && !keep(last.latin1.length, 1)) {
                        last.latin1 = null;
                    }
                    if (last.utf16 != null && !keep(last.utf16.length, 2)) {
                        last.utf16 = null;
                    }
                    if (last.records != null && !keep(last.records.length, 8)) {
                        last.records = null;
                    }
                    recycled.add(last);
                    if (producerWaiting) {
                        lock.notifyAll();
                    }
                }
                while (queue.isEmpty()) {
                    if (stopped) {
                        throw new InterruptedIOException("the JSON Lines read was stopped");
                    }
                    callerWaiting = true;
                    try {
                        lock.wait(WAIT_MS); // timed: each loop checks its condition again, so no wake-up can be lost for good
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted while waiting for the next window of lines");
                    } finally {
                        callerWaiting = false;
                    }
                }
                u = queue.poll();
                queued -= u.weight();
                current = u;
                // wake the scan thread once half the queue is free (not per window), or when it waits for
                // the caller to hold nothing (a long line: the queue is empty now)
                if (producerWaiting && (queue.size() <= DEPTH / 2 || queued <= QUEUED / 2)) {
                    lock.notifyAll();
                }
            }
        }
        if (u.failure != null) {
            Throwable t = u.failure;
            if (t instanceof IOException) {
                throw (IOException) t;
            } else if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            throw (Error) t;
        }
        if (u.end) {
            return LineCursor.END;
        }
        cursor.takeOver(u);
        return u.single ? LineCursor.SINGLE : LineCursor.WINDOW_SCANNED;
    }

    /** @return whether no window waits for the caller (its next {@link #next} would wait for the scan thread) */
    boolean nothingQueued() {
        synchronized (lock) {
            return queue.isEmpty();
        }
    }

    /** Ends the scan thread after its current window (it reads no more input); safe from any thread, more than once. */
    void stop() {
        synchronized (lock) {
            stopped = true;
            lock.notifyAll();
        }
    }

    /**
     * {@link #stop}, then waits for the scan thread to end, so the stream is no longer read once the
     * caller's read is closed: at most about a second (a read already under way completes first; a stream
     * that blocks longer is left to it).
     */
    void stopAndWait() {
        Thread t;
        synchronized (lock) {
            stopped = true;
            lock.notifyAll();
            t = thread;
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
