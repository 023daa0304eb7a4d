package dev.hyson.stream;

import dev.hyson.internal.lines.LineAccess.LineParser;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;

/**
 * {@code parallel(2)}: lines parsed by two threads split by stage instead of by range. One thread reads and
 * scans the input's windows ({@link AheadLines}, as a serial read does ahead), the other builds or binds
 * their values into batches; the consuming thread only takes the batches and calls the error handler. The
 * two stages run at about the same speed, and a scan beside a build shares a pair of cores better than
 * two builds do (measured on a 2-core host: two threads each building trees from its own range ran at
 * 1.3-1.6x one thread, this split at 1.2-1.75x, the host's noise as large; see HACKING, "Parallel JSON
 * Lines").
 *
 * <p>Values, errors, line numbers and the handler's calls are those of {@link SerialLines} over the same
 * input, in input order. Memory: the scan thread's buffers and windows ({@link AheadLines}: at most
 * {@value AheadLines#BUFFERS} buffers and {@value AheadLines#DEPTH} windows), the batch being built and the
 * caller's, and at most {@value #BATCHES} batches of built values waiting (of {@value #QUEUED_BYTES} bytes of
 * input but for the first), each of about {@value #BATCH_BYTES} bytes of input or {@value #BATCH_VALUES}
 * values. A line longer than {@value #QUEUED_BYTES} bytes is built only once the caller holds no batch and none
 * waits, so a long line's value is in memory once, as on one thread. A batch also goes to the caller when
 * the scan thread has no further line ready, so a live stream's values come as its lines arrive. The build
 * thread is a daemon that ends at the input's end, at the first bad line under the fail policy, at
 * {@link #close()}, or when the spliterator becomes unreachable unclosed.
 */
final class StagedLines<T> extends Spliterators.AbstractSpliterator<T> {
    /** Batches of values built and waiting for the consuming thread, at most. */
    static final int BATCHES = 4;
    /** A batch ends once its lines hold this many bytes of input... */
    static final int BATCH_BYTES = 256 << 10;
    /** ...or this many values. */
    static final int BATCH_VALUES = 2048;
    /**
     * The input bytes of the batches waiting, at most, beyond the first: batches of long lines (each line a
     * batch) wait one at a time, so their values are not held several times over.
     */
    static final long QUEUED_BYTES = 1L << 20;

    /** A batch of values in line order; the last one has {@code end} or {@code failure} set. */
    private static final class Batch {
        final ArrayList<Object> items;
        /** The input bytes of its lines. */
        final long bytes;
        final boolean end;
        final Throwable failure;

        Batch(ArrayList<Object> items, long bytes, boolean end, Throwable failure) {
            this.items = items;
            this.bytes = bytes;
            this.end = end;
            this.failure = failure;
        }
    }

    /** The build thread's work; it holds nothing of the spliterator, so that a cleaner can stop it. */
    private static final class Build implements Runnable {
        private final LineCursor cursor;
        private final LineParser parser;
        private final boolean failFast;
        /** The batches waiting, and their {@link Batch#bytes}, under this object's lock. */
        private final ArrayDeque<Batch> queue = new ArrayDeque<>();
        private long queued;
        /** Whether the caller waits in {@link #take} (it holds no batch). */
        private boolean callerWaiting;
        private volatile boolean stopped;
        private Thread thread;

        Build(LineCursor cursor, LineParser parser, boolean failFast) {
            this.cursor = cursor;
            this.parser = parser;
            this.failFast = failFast;
        }

        synchronized void start() {
            if (thread == null && !stopped) {
                thread = new Thread(this, "hyson-lines-build");
                thread.setDaemon(true);
                thread.start();
            }
        }

        /** Ends the build thread (and the scan thread under it); safe from any thread, more than once. */
        synchronized void stop() {
            stopped = true;
            if (thread != null) {
                thread.interrupt();
            } else {
                cursor.close(); // never started: only the scan thread's cursor to let go of
            }
        }

        @Override
        public void run() {
            LineCursor c = cursor;
            ArrayList<Object> items = new ArrayList<>();
            long bytes = 0;
            try {
                while (c.next()) {
                    boolean longLine = c.end - c.start > QUEUED_BYTES;
                    if (longLine) {
                        // its value is built only once the caller holds nothing and nothing waits: a long
                        // line's value is in memory once, as on one thread
                        if (!items.isEmpty()) {
                            put(new Batch(items, bytes, false, null));
                            items = new ArrayList<>();
                            bytes = 0;
                        }
                        awaitCallerIdle();
                    }
                    Object item = ParallelLines.parsed(c, parser);
                    items.add(item);
                    bytes += c.end - c.start;
                    if (failFast && item instanceof ParallelLines.Failed) {
                        break; // nothing after the first bad line is delivered
                    }
                    // a batch also goes when the next line is not there yet (a live stream's lines come
                    // as they arrive, not once a batch is full)
                    if (longLine || bytes >= BATCH_BYTES || items.size() >= BATCH_VALUES || c.wouldWait()) {
                        put(new Batch(items, bytes, false, null));
                        items = new ArrayList<>();
                        bytes = 0;
                    }
                }
                put(new Batch(items, bytes, true, null));
            } catch (InterruptedException e) {
                // stopped: nobody takes more
            } catch (Throwable t) {
                // the stream's IOException, or a failure: delivered after the values before it
                try {
                    put(new Batch(items, bytes, false, t));
                } catch (InterruptedException stop) {
                    // stopped
                }
            } finally {
                c.close(); // ends the scan thread and waits for it: the input is no longer read
            }
        }

        /** Waits for room: fewer than {@value #BATCHES} batches, and {@value #QUEUED_BYTES} bytes but for the first. */
        private synchronized void put(Batch b) throws InterruptedException {
            while (!stopped && (queue.size() >= BATCHES || !queue.isEmpty() && queued + b.bytes > QUEUED_BYTES)) {
                wait(50); // timed: each loop checks its condition again
            }
            if (stopped) {
                throw new InterruptedException();
            }
            queue.add(b);
            queued += b.bytes;
            notifyAll();
        }

        /** Waits until no batch waits and the caller waits for one (it holds none). */
        private synchronized void awaitCallerIdle() throws InterruptedException {
            while (!stopped && !(queue.isEmpty() && callerWaiting)) {
                wait(50);
            }
            if (stopped) {
                throw new InterruptedException();
            }
        }

        /**
         * The next batch, once there is one (the build thread always ends with one, unless stopped). An
         * interrupt does not end the wait, as it does not end a read on one thread; it is kept for the caller.
         */
        synchronized Batch take() {
            boolean interrupted = false;
            try {
                while (queue.isEmpty()) {
                    callerWaiting = true;
                    notifyAll();
                    try {
                        wait(50);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            } finally {
                callerWaiting = false;
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            Batch b = queue.poll();
            queued -= b.bytes;
            notifyAll();
            return b;
        }
    }

    private final Build build;
    private final LineErrorHandler handler;
    private ArrayList<Object> current;
    private int index;
    private boolean done;
    private boolean closed;

    /**
     * @param cursor a cursor that scans ahead ({@link LineCursor#openAhead}), used by the build thread only
     * @param parser the lines' parser; its values must not hold the window ({@link LineParser#copiesValues})
     * @param handler the error handler, or null for the fail policy
     */
    StagedLines(LineCursor cursor, LineParser parser, LineErrorHandler handler) {
        super(Long.MAX_VALUE, Spliterator.ORDERED);
        this.build = new Build(cursor, parser, handler == null);
        this.handler = handler;
        AheadLines.CLEANER.register(this, build::stop); // a stream of lines never closed
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean tryAdvance(Consumer<? super T> action) {
        if (closed) {
            throw new IllegalStateException("the stream of lines is closed");
        }
        for (;;) {
            if (current != null) {
                while (index < current.size()) {
                    Object item = current.set(index++, null);
                    if (item instanceof Failure) {
                        finish();
                        throw ParallelLines.unchecked(((Failure) item).cause);
                    }
                    if (ParallelLines.handled(item, handler, this::finish)) {
                        continue;
                    }
                    action.accept((T) item);
                    return true;
                }
                current = null;
            }
            if (done) {
                return false;
            }
            build.start();
            Batch b = build.take();
            current = b.items;
            index = 0;
            if (b.end) {
                done = true;
            } else if (b.failure != null) {
                // the values before the failure first, then the failure
                done = true;
                current.add(new Failure(b.failure));
            }
        }
    }

    /** What ended the build thread (the stream's {@code IOException}, a failure), after the values before it. */
    private static final class Failure {
        final Throwable cause;

        Failure(Throwable cause) {
            this.cause = cause;
        }
    }

    private void finish() {
        done = true;
        current = null;
        build.stop();
    }

    /** The stream's close: stops both threads, and every later {@link #tryAdvance} throws. */
    void close() {
        closed = true;
        finish();
    }
}
