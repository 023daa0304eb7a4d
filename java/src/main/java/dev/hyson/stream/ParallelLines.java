package dev.hyson.stream;

import dev.hyson.JsonParseException;
import dev.hyson.internal.lines.LineAccess.LineParser;
import dev.hyson.internal.scan.ReadConfig;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Lines parsed on a pool of threads this object owns: the consuming thread cuts the input into
 * {@link Chunks} parts and keeps at most four per thread in flight (bounded memory: at most 4 MiB
 * of input per thread plus their values); each part is loaded (a file's range read, its line feeds
 * counted) and its lines parsed by one pool thread into a list of values and errors in line order,
 * its first line number taken from the count of the part before it (a chain of futures, each
 * completed as soon as its part has counted); the consuming thread takes the lists in input order (or, not
 * {@code ordered}, as they complete) and delivers their values and calls the error handler. So the
 * values, the errors and the handler's calls are those of {@link SerialLines} over the same input.
 * Under the fail policy a chunk stops at its first bad line, and the first bad line delivered
 * throws. The pool's threads end when the input is read to its end, on {@link #close()}, or after
 * a second of idleness (a stream never closed leaks no thread).
 */
final class ParallelLines<T> extends Spliterators.AbstractSpliterator<T> {
    private static final AtomicInteger POOLS = new AtomicInteger();

    /** A bad line among the values of a chunk or batch (no parsed value is of this class). */
    static final class Failed {
        final LineError error;

        Failed(LineError error) {
            this.error = error;
        }
    }

    /** @return the cursor's current line's value, or a {@link Failed} for its error (the scan's or the parser's) */
    static Object parsed(LineCursor c, LineParser parser) {
        JsonParseException error = c.error;
        if (error == null) {
            try {
                return parser.read(c.tape(), c.entry, c.buffer(), c.start, c.end, c.offset, c.line);
            } catch (JsonParseException e) {
                error = e;
            }
        }
        return new Failed(new LineError(c.line, c.offset, error));
    }

    /**
     * @return whether {@code item} is a bad line, now told to {@code handler}
     * @throws JsonParseException the line's error under the fail policy ({@code handler} null), after {@code stop} ran
     */
    static boolean handled(Object item, LineErrorHandler handler, Runnable stop) {
        if (!(item instanceof Failed)) {
            return false;
        }
        LineError error = ((Failed) item).error;
        if (handler == null) {
            stop.run();
            throw error.exception();
        }
        handler.onError(error);
        return true;
    }

    private final Chunks source;
    private final LineParser parser;
    private final LineErrorHandler handler;
    private final ReadConfig config;
    private final int threads;
    private final boolean ordered;
    /** Whether a part's buffer may be filled again once its lines are read: the parser's values copy what they keep. */
    private final boolean reuse;
    /** Per pool thread, the buffer of its last part (see {@link #reuse}). */
    private final ThreadLocal<byte[]> spare = new ThreadLocal<>();
    private final ArrayDeque<Future<ArrayList<Object>>> queue = new ArrayDeque<>();
    private ThreadPoolExecutor pool;
    private ExecutorCompletionService<ArrayList<Object>> completions;
    private int pending;
    private boolean sourceDone;
    /** Set by {@link #close()}: the stream was closed. */
    private boolean closed;
    private IOException sourceFailure;
    private ArrayList<Object> current;
    private int index;
    /** The line number at the start of the next part: 1, then each part's count added. */
    private CompletableFuture<Long> lineChain = CompletableFuture.completedFuture(1L);

    ParallelLines(Chunks source, LineParser parser, LineErrorHandler handler, ReadConfig config, int threads, boolean ordered) {
        super(Long.MAX_VALUE, ordered ? Spliterator.ORDERED : 0);
        this.source = source;
        this.parser = parser;
        this.handler = handler;
        this.config = config;
        this.threads = threads;
        this.ordered = ordered;
        this.reuse = parser.copiesValues();
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
                    if (handled(item, handler, this::stop)) {
                        continue;
                    }
                    action.accept((T) item);
                    return true;
                }
                current = null;
            }
            submitMore();
            if (pending == 0) {
                stop();
                if (sourceFailure != null) {
                    IOException e = sourceFailure;
                    sourceFailure = null;
                    throw new UncheckedIOException(e);
                }
                return false;
            }
            current = take();
            index = 0;
        }
    }

    private void submitMore() {
        if (pool == null && !sourceDone) {
            int id = POOLS.incrementAndGet();
            AtomicInteger n = new AtomicInteger();
            ThreadFactory factory = r -> {
                Thread t = new Thread(r, "hyson-lines-" + id + "-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            };
            pool = new ThreadPoolExecutor(threads, threads, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
            pool.allowCoreThreadTimeOut(true);
            completions = new ExecutorCompletionService<>(pool);
        }
        // a stream is read on this thread: with parts in flight, only as far as it has input available, so
        // a live stream's parsed lines are delivered while it waits for its writer
        while (!sourceDone && pending < 4 * threads && (pending == 0 || source.ready())) {
            Chunks.Part c;
            try {
                c = source.next();
            } catch (IOException e) {
                // delivered after the lines read before it, as a serial read would
                sourceFailure = e;
                c = null;
            }
            if (c == null) {
                sourceDone = true;
                break;
            }
            Chunks.Part part = c;
            CompletableFuture<Long> before = lineChain;
            CompletableFuture<Long> after = new CompletableFuture<>();
            lineChain = after;
            if (ordered) {
                queue.add(pool.submit(() -> parse(part, before, after)));
            } else {
                completions.submit(() -> parse(part, before, after));
            }
            pending++;
        }
    }

    private ArrayList<Object> take() {
        try {
            Future<ArrayList<Object>> f = ordered ? queue.poll() : completions.take();
            pending--;
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new UncheckedIOException(new InterruptedIOException("interrupted while waiting for parsed lines"));
        } catch (ExecutionException e) {
            stop();
            throw unchecked(e.getCause());
        }
    }

    /**
     * @return what a worker thread's failure is thrown as on the consuming thread: an {@code IOException}
     *     as the stream's other read failures ({@link UncheckedIOException}), a runtime exception as itself,
     *     anything else checked wrapped in an {@link IllegalStateException}
     * @throws Error an error, as itself
     */
    static RuntimeException unchecked(Throwable cause) {
        if (cause instanceof IOException) {
            return new UncheckedIOException((IOException) cause);
        }
        if (cause instanceof RuntimeException) {
            return (RuntimeException) cause;
        }
        if (cause instanceof Error) {
            throw (Error) cause;
        }
        return new IllegalStateException(cause);
    }

    /**
     * Loads one part and parses its lines (on a pool thread). The part before it was taken from the
     * pool's queue first, so the wait for its count ends.
     */
    private ArrayList<Object> parse(Chunks.Part part, CompletableFuture<Long> before, CompletableFuture<Long> after) {
        Chunks.Chunk c;
        long first;
        try {
            c = part.load(reuse ? spare.get() : null);
            first = before.get();
        } catch (IOException e) {
            after.completeExceptionally(e);
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            after.completeExceptionally(e);
            Thread.currentThread().interrupt();
            throw new CancellationException("closed");
        } catch (ExecutionException e) {
            // a part before failed: its failure goes on down the chain, and is what this part throws
            Throwable cause = e.getCause();
            after.completeExceptionally(cause);
            if (cause instanceof IOException) {
                throw new UncheckedIOException((IOException) cause);
            }
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new CancellationException("closed");
        } catch (RuntimeException | Error e) {
            after.completeExceptionally(e);
            throw e;
        }
        after.complete(first + c.newlines());
        LineCursor cursor = new LineCursor(c.buf(), c.from(), c.to(), c.offset(), first + c.newlinesBefore(), config, parser);
        ArrayList<Object> items = new ArrayList<>();
        try {
            while (cursor.next()) {
                Object item = parsed(cursor, parser);
                items.add(item);
                if (item instanceof Failed && handler == null) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an array cursor does no I/O
        } finally {
            cursor.release();
        }
        if (reuse) {
            spare.set(c.buf()); // the values hold nothing of it: the next part this thread loads may fill it
        }
        return items;
    }

    /** The stream's close: stops the pool, and every later {@link #tryAdvance} throws. */
    void close() {
        closed = true;
        stop();
    }

    /** Stops the pool; chunks in flight are dropped. */
    private void stop() {
        if (pool != null) {
            pool.shutdownNow();
        }
        sourceDone = true;
        queue.clear();
        pending = 0;
        current = null;
    }
}
