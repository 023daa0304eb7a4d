package dev.hyson.internal.scan;

import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.LineCounter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A stream's windows scanned one ahead, on a thread of its own ({@link EventScan#scanAhead}): while the
 * caller's thread uses the entries of window k (a copy to a generator, a count, a conversion), the
 * scan thread reads and scans window k + 1, so the two take the time of the slower one instead of their
 * sum. The scan thread runs the {@link EventScan}'s own window loop ({@link EventScan#scanNext}) into a
 * tape of its own; each window's entries, side buffers, bytes and line position go over as a
 * {@link Batch}, and the arrays come back for reuse (three sets in all, three window buffers, more only
 * while {@link EventScan#hold} keeps a value's windows).
 *
 * <p>The caller sees what a scan on its own thread gives: the same entries in its tape, batch by batch,
 * the same errors at the same window (thrown when that window is reached, not before), lines and
 * columns from each batch's own bytes. One caller thread; the scan thread is a daemon and ends at the
 * document's end, at an error, or at {@link #stop} (the parser's close, or its cleaner when it was
 * never closed).
 */
final class AheadScan implements Runnable {
    /** Stops the scan threads of parsers that were never closed. */
    static final Cleaner CLEANER = Cleaner.create();
    private static final byte[] EMPTY = new byte[0];
    /** Window buffers in use at once when nothing is held: the caller's, the one waiting, the one being scanned. */
    private static final int BUFFERS = 3;
    /** Arrays up to these lengths go back to the scan thread for reuse; longer ones (a long token's) are dropped. */
    private static final int RETAIN_ENTRIES = 1 << 20;
    private static final int RETAIN_BYTES = 4 << 20;

    /** One window's results, and then its bytes while the caller is on it or holds it. */
    static final class Batch {
        long[] entries;
        int size;
        byte[] latin1;
        int latin1Size;
        char[] utf16;
        int utf16Size;
        byte[] spans;
        int spansSize;
        byte[] buf = EMPTY;
        int filled;
        long base;
        int linesAt;
        long line = 1;
        long column = 1;
        boolean more;
        boolean finished;
        Throwable error;
        private LineCounter cursor;
        private int cursorAt = -1;

        /** The line and column of byte {@code index} of {@link #buf} ({@code linesAt <= index <= filled}). */
        long[] locate(int index) {
            if (cursorAt < 0 || cursorAt > index) {
                cursor = new LineCounter(line, column);
                cursorAt = linesAt;
            }
            cursor.advance(buf, cursorAt, index);
            cursorAt = index;
            return new long[] {cursor.line(), cursor.column()};
        }
    }

    private final EventScan scan;
    private final Tape work;
    private final Object lock = new Object();
    private Batch pending;
    private Batch current;
    private boolean holding;
    private final ArrayDeque<Batch> held = new ArrayDeque<>();
    /** Arrays given back by the caller, for the scan thread's next window. */
    private final ArrayDeque<Batch> recycled = new ArrayDeque<>();
    private final List<byte[]> buffers = new ArrayList<>();
    private boolean stopped;
    private Thread thread;
    /** While {@link #holding}: the stream offset from which the scan thread keeps its bytes, once it has seen the hold. */
    private long producerHeldAt = -1;

    /**
     * @param scan the scan whose window loop runs on the scan thread (from the first {@link #next})
     * @param work the tape it scans into (not the caller's)
     */
    AheadScan(EventScan scan, Tape work) {
        this.scan = scan;
        this.work = work;
    }

    @Override
    public void run() {
        try {
            for (;;) {
                Batch b = new Batch();
                try {
                    b.more = scan.scanNext();
                    capture(b);
                } catch (Throwable t) {
                    b.error = t;
                }
                publish(b);
                if (b.error != null || !b.more) {
                    return;
                }
            }
        } catch (InterruptedException stop) {
            // stopped: nobody takes more windows
        }
    }

    /** Moves the work tape's entries and side buffers into {@code b}, and gives the work tape arrays to fill next. */
    private void capture(Batch b) throws InterruptedException {
        Tape w = work;
        b.entries = w.entries;
        b.size = w.size;
        b.latin1 = w.latin1;
        b.latin1Size = w.latin1Size;
        b.utf16 = w.utf16;
        b.utf16Size = w.utf16Size;
        b.spans = w.spans;
        b.spansSize = w.spansSize;
        scan.describe(b);
        Batch back;
        synchronized (lock) {
            back = recycled.poll();
        }
        if (back == null) {
            back = new Batch(); // the caller has not given a set back yet: a new one (three sets in all)
        }
        // a set grown for one long token is not kept for the next windows
        w.entries = back.entries != null && back.entries.length <= RETAIN_ENTRIES ? back.entries : new long[1024];
        w.latin1 = back.latin1 != null && back.latin1.length <= RETAIN_BYTES ? back.latin1 : new byte[256];
        w.utf16 = back.utf16 != null && back.utf16.length <= RETAIN_BYTES ? back.utf16 : new char[64];
        w.spans = back.spans != null && back.spans.length <= RETAIN_BYTES ? back.spans : new byte[256];
        w.clearEntries();
    }

    private void publish(Batch b) throws InterruptedException {
        synchronized (lock) {
            while (pending != null && !stopped) {
                lock.wait();
            }
            if (stopped) {
                throw new InterruptedException();
            }
            pending = b;
            lock.notifyAll();
        }
    }

    /**
     * For the scan thread's window loop: a buffer of at least {@code length} bytes that no batch the caller
     * has or may still take holds, and that is not {@code now} (the buffer the loop is leaving).
     */
    byte[] spare(int length, byte[] now) {
        synchronized (lock) {
            for (;;) {
                if (stopped) {
                    throw new UncheckedIOException(new InterruptedIOException("the scan was stopped"));
                }
                for (int k = 0; k < buffers.size(); k++) {
                    byte[] b = buffers.get(k);
                    if (b != now && !inUse(b) && b.length > Math.max(4L * length, RETAIN_BYTES)) {
                        buffers.remove(k--); // grown for a long token once: not kept
                    } else if (b != now && b.length >= length && !inUse(b)) {
                        return b;
                    }
                }
                if (buffers.size() < BUFFERS + held.size()) {
                    byte[] b = new byte[length];
                    buffers.add(b);
                    return b;
                }
                // every buffer is taken: drop the smallest one that is free, or wait for the caller
                byte[] free = null;
                for (byte[] b : buffers) {
                    if (b != now && !inUse(b) && (free == null || b.length < free.length)) {
                        free = b;
                    }
                }
                if (free != null) {
                    buffers.remove(free);
                    continue;
                }
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new UncheckedIOException(new InterruptedIOException("interrupted"));
                }
            }
        }
    }

    /** Registers a buffer the window loop made itself (a longer one for a long token). */
    void adopt(byte[] b) {
        synchronized (lock) {
            buffers.add(b);
        }
    }

    private boolean inUse(byte[] b) {
        if ((current != null && current.buf == b) || (pending != null && pending.buf == b)) {
            return true;
        }
        for (Batch h : held) {
            if (h.buf == b) {
                return true;
            }
        }
        return false;
    }

    /**
     * The caller's next batch into {@code tape} (its entries and side buffers swapped in).
     *
     * @return false after the document's last entries
     */
    boolean next(Tape tape) throws IOException {
        Batch b;
        synchronized (lock) {
            if (current != null && (current.error != null || !current.more)) {
                b = current; // the end, or the error again
            } else {
                if (thread == null) {
                    thread = new Thread(this, "hyson-scan-ahead");
                    thread.setDaemon(true);
                    thread.start();
                }
                while (pending == null) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted while waiting for the next window");
                    }
                }
                b = pending;
                pending = null;
                Batch old = current;
                current = b;
                if (old != null && holding) {
                    // a batch on the same buffer as the one kept before it has all its bytes (nothing was dropped)
                    if (!held.isEmpty() && held.peekLast().buf == old.buf) {
                        held.pollLast();
                    }
                    held.add(old);
                }
                Batch back = new Batch();
                back.entries = tape.entries;
                back.latin1 = tape.latin1;
                back.utf16 = tape.utf16;
                back.spans = tape.spans;
                recycled.add(back);
                lock.notifyAll();
            }
        }
        if (b.error != null) {
            tape.clearEntries();
            tape.size = 0;
            Throwable t = b.error;
            if (t instanceof IOException) {
                throw (IOException) t;
            } else if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            throw (Error) t;
        }
        if (b.entries != null && b.entries != tape.entries) {
            tape.entries = b.entries;
            tape.latin1 = b.latin1;
            tape.utf16 = b.utf16;
            tape.spans = b.spans;
            b.entries = null; // the tape has them now
        }
        if (b.size == 0 && !b.more) {
            tape.size = 0;
        } else {
            tape.size = b.size;
        }
        tape.latin1Size = b.latin1Size;
        tape.utf16Size = b.utf16Size;
        tape.spansSize = b.spansSize;
        return b.more;
    }

    /** @return the caller's batch, or null before the first */
    Batch current() {
        return current;
    }

    /**
     * Keeps the bytes from the caller's batch on until {@link #unhold}: the caller keeps the batches it
     * moves past, and the scan thread, once it sees the hold, drops no more bytes from its buffer (as
     * {@link EventScan#hold} does on one thread), so the batches kept are few: those scanned before it saw
     * the hold, and one per buffer it grew into.
     */
    void hold() {
        synchronized (lock) {
            holding = true;
            producerHeldAt = -1;
        }
    }

    void unhold() {
        synchronized (lock) {
            holding = false;
            producerHeldAt = -1;
            held.clear();
            lock.notifyAll();
        }
    }

    /**
     * For the scan thread's window loop, before it drops consumed bytes: -1, or the stream offset from which
     * it must keep them ({@code proposed}, its drop point, the first time it asks during a hold).
     */
    long holdFrom(long proposed) {
        synchronized (lock) {
            if (!holding) {
                return -1;
            }
            if (producerHeldAt < 0) {
                producerHeldAt = proposed;
            }
            return producerHeldAt;
        }
    }

    /** The line and column of stream offset {@code at} among the caller's batch and the held ones; {@code {0, 0}} if none has it. */
    long[] locate(long at) {
        Batch c = current;
        if (c != null) {
            long index = at - c.base;
            if (index >= c.linesAt && index <= c.filled) {
                return c.locate((int) index);
            }
        }
        synchronized (lock) {
            for (Batch h : held) {
                long index = at - h.base;
                if (index >= h.linesAt && index <= h.filled) {
                    return h.locate((int) index);
                }
            }
        }
        return new long[] {0, 0};
    }

    /** Ends the scan thread after its current window (it takes no more input). */
    void stop() {
        synchronized (lock) {
            stopped = true;
            lock.notifyAll();
        }
    }
}
