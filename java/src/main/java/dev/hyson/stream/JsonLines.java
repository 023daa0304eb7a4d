package dev.hyson.stream;

import dev.hyson.JsonReader;
import dev.hyson.TypeRef;
import dev.hyson.internal.lines.LineAccess;
import dev.hyson.internal.lines.LineAccess.LineParser;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.lazy.LazyDocument;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads JSON Lines (also called NDJSON): UTF-8 text holding one JSON value (RFC 8259) per line.
 * Get one from {@link JsonReader#lines()}; it parses with that reader's options, limits, backend
 * and binder.
 *
 * <p>The format as read here: a line ends at a line feed (LF, 0x0A), and a carriage return just
 * before it (CR LF) belongs to the line end, as does a carriage return that ends the input; the
 * last line needs no line feed. Each line is parsed
 * as {@link JsonReader#parse(byte[])} parses a whole document, so {@code maxDocumentLength} and
 * every other limit apply per line, and a line is exactly one value: {@code {}{}} on one line is an
 * error on that line, as is a value spread over several lines. Lines of only spaces, tabs and
 * carriage returns are skipped (they still count in line numbers). RFC 7464 JSON text sequences
 * (values after a 0x1E record separator) are not read: the separator is an error.
 *
 * <p>Errors: every error of a line is a {@link dev.hyson.JsonParseException} placed in the whole
 * input: its offset is the byte offset in the input, its line the line's number (1-based, as an
 * editor counts, blank lines included), its column the column in that line, and its message reads
 * {@code ... at line 3, column 7 (byte 120): ...}. A line longer than {@code maxDocumentLength} is an
 * error of kind {@code LIMIT_EXCEEDED} at the byte past the limit, or, when its first
 * {@code maxDocumentLength} bytes already hold an error, that error (the same on every input and path);
 * the rest of it is skipped without being buffered. By default the first bad line throws its exception from the stream operation that
 * reaches it (values of the lines before it have been delivered; an iterator used after that exception
 * goes on past the line in a serial read, and has no more values in a parallel one, whose threads have
 * stopped); with
 * {@link #onError(LineErrorHandler)} bad lines are skipped and reported to the handler instead.
 *
 * <p>Streams: each {@code read} returns a sequential, lazy {@link Stream} (ordered unless
 * {@link #ordered(boolean) ordered(false)}). Memory is one buffer of input, read in blocks of
 * 1 MiB, that grows only to hold the longest line, and the values the caller keeps; the input is
 * never held whole (an array input is read in place, without a copy). Lines are parsed straight
 * out of that buffer. A serial read of a large stream or file (16 MiB or more available, two
 * processors, a heap of 48 MiB or more) reads and scans its windows one ahead on a daemon thread of
 * its own, with up to three buffers, while the caller's thread builds or binds the values; the
 * thread ends with the input or when the stream is closed (see {@link #readAhead(boolean)}). A stream read from a {@code Path} holds the file open until it is closed, so
 * close it: {@code try (Stream<Object> s = lines.read(path)) { ... }}. Closing a stream read from
 * an {@code InputStream} does not close that stream: it is the caller's. For an
 * {@link java.util.Iterator} take {@code stream.iterator()} (and close the stream when done); an
 * iterator of a closed stream throws {@link IllegalStateException}.
 * Read failures of the input are thrown as {@link UncheckedIOException} by the stream operation
 * that meets them.
 *
 * <p>Parallel parsing: with {@link #parallel(int) parallel(2)}, a read of values (trees, bound values,
 * documents) splits the work by stage: one thread of the stream's own reads and scans the input's windows
 * (as a serial read does ahead), a second builds or binds their values in batches (of about 256 KiB of
 * input, at most four waiting; a batch also goes as soon as the next line has not arrived yet, and a line
 * over 1 MiB is built only once the consuming thread holds no batch, so its value is in memory once), and
 * the consuming thread only takes them. A scan beside a build shares two cores better than two builds do:
 * on a 2-core host, two threads each building values from its own range ran at 1.3-1.6x one thread, the
 * split by stage at 1.2-1.75x (the host's noise as large). With {@code parallel(n)} ({@code n > 2}),
 * and for {@link #validate} with any {@code n > 1}, the input is cut
 * into chunks (1 MiB, or for a file or an array of known length about an eighth of its share per
 * thread, at least 64 KiB), and the chunks are parsed on {@code n} threads of a pool the stream owns
 * (at most four chunks per thread in flight, so memory stays bounded); values are delivered in input
 * order by default. A regular file ({@link #read(Path)}) is cut into byte ranges that the pool's
 * threads read themselves (positional reads), each taking the lines that start in its range; an
 * array or a stream is cut at line feeds by the consuming thread, which reads a stream (a chunk of a
 * stream goes to the pool as soon as it holds a whole line and the stream has nothing more available, and
 * with chunks in flight the stream is read only as far as it has input available, so a live stream's
 * values come as its lines arrive). The line
 * feeds are counted on the pool's threads, so the consuming thread does no work per byte of a file
 * or an array. Values, errors and handler calls
 * are the same as a serial read's, the fail policy included (the first bad line in input order is
 * thrown). The pool's threads stop when the input is read to its end or the stream is closed (or
 * after a second idle). Parallel reading applies to every input: a file, a stream or an array; a file or an array
 * shorter than 1 MiB is parsed on the consuming thread, since it parses in about the time the
 * pool's threads take to start.
 * (A {@code .parallel()} on the returned stream only parallelizes the operations after it; the
 * parsing stays on the consuming thread.)
 *
 * <p>A {@code JsonLines} is immutable and thread-safe; every option method returns a new one. A
 * returned stream is, as any {@code Stream}, for one thread; the error handler is called on that
 * thread.
 */
public final class JsonLines {
    private static final long PARALLEL_MIN_LENGTH = 1 << 20;
    private final JsonReader reader;
    private final LineErrorHandler handler;
    private final int threads;
    private final boolean ordered;
    private final boolean readAhead;

    private JsonLines(JsonReader reader, LineErrorHandler handler, int threads, boolean ordered, boolean readAhead) {
        this.reader = reader;
        this.handler = handler;
        this.threads = threads;
        this.ordered = ordered;
        this.readAhead = readAhead;
    }

    /**
     * @param reader the reader whose options, limits, backend and binder each line is parsed with
     * @return JSON Lines reading with the defaults: fail on the first bad line, one thread, in order
     * @throws NullPointerException when {@code reader} is null
     */
    public static JsonLines of(JsonReader reader) {
        return new JsonLines(Objects.requireNonNull(reader, "reader"), null, 1, true, true);
    }

    /** @return the reader each line is parsed with */
    public JsonReader reader() {
        return reader;
    }

    /**
     * Skips bad lines instead of failing: each is reported to {@code handler} (see
     * {@link LineErrorHandler} for when and on which thread), and the values of all good lines are
     * delivered.
     *
     * @param handler told of each skipped line
     * @return a copy with this policy
     * @throws NullPointerException when {@code handler} is null
     */
    public JsonLines onError(LineErrorHandler handler) {
        return new JsonLines(reader, Objects.requireNonNull(handler, "handler"), threads, ordered, readAhead);
    }

    /**
     * The default policy: the first bad line throws its {@link dev.hyson.JsonParseException}.
     *
     * @return a copy with this policy
     */
    public JsonLines failOnError() {
        return new JsonLines(reader, null, threads, ordered, readAhead);
    }

    /**
     * @param threads the number of threads that parse lines: 1 (the default) parses on the consuming
     *     thread; 2 scans on one thread and builds the values on the other; more cuts the input into
     *     chunks parsed on a pool of that many threads; the threads are owned by each stream (see the
     *     class documentation)
     * @return a copy with this setting
     * @throws IllegalArgumentException when {@code threads < 1}
     */
    public JsonLines parallel(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        return new JsonLines(reader, handler, threads, ordered, readAhead);
    }

    /**
     * @param ordered whether values come in input order (true, the default); false lets a parallel
     *     read deliver each chunk's values as soon as the chunk is parsed (within a chunk they stay in
     *     order; under the fail policy the error thrown is then the first one delivered, not
     *     necessarily the first in the input). A serial read is always in order.
     * @return a copy with this setting
     */
    public JsonLines ordered(boolean ordered) {
        return new JsonLines(reader, handler, threads, ordered, readAhead);
    }

    /**
     * Whether a serial read of a large stream or file reads and scans its windows one ahead, on a thread
     * of its own, while the calling thread takes the lines' values (see the class documentation). On by
     * default, where it pays: with two processors or more, a heap of 48 MiB or more, and an input that
     * says ({@link InputStream#available()}) 16 MiB or more are there. Turn it off when the work per line
     * is light, such as picking one value out of each line with {@link #forEachDocument}: the hand-overs
     * between the two threads then cost more than the overlap saves (the {@code hyson} tool's {@code get}
     * and {@code stats} of a 1 GB file ran 12-18% faster without). Values, errors and their order are the
     * same either way. A parallel read ({@link #parallel(int)}) ignores this setting: {@code parallel(2)} of
     * values always scans ahead, and a read by ranges has its pool's threads read the input.
     *
     * @param readAhead false to scan on the calling thread only
     * @return a copy with this setting
     */
    public JsonLines readAhead(boolean readAhead) {
        return new JsonLines(reader, handler, threads, ordered, readAhead);
    }

    /**
     * Reads the values of a stream's lines. The stream is read as the returned one is consumed and
     * is not closed by either.
     *
     * @param in UTF-8 JSON Lines
     * @return the values, as {@link JsonReader#parse(byte[])} gives them
     * @throws NullPointerException when {@code in} is null
     */
    public Stream<Object> read(InputStream in) {
        return open(Objects.requireNonNull(in, "in"), null, null);
    }

    /**
     * Reads the values of a file's lines; the returned stream holds the file open until it is closed.
     *
     * @param path a UTF-8 JSON Lines file
     * @return the values, as {@link JsonReader#parse(byte[])} gives them
     * @throws UncheckedIOException when the file cannot be opened
     */
    public Stream<Object> read(Path path) {
        return open(path, null);
    }

    /**
     * Reads the values of the lines held in an array, in place (do not change it while the stream is used).
     *
     * @param json UTF-8 JSON Lines
     * @return the values, as {@link JsonReader#parse(byte[])} gives them
     */
    public Stream<Object> read(byte[] json) {
        return openArray(json, null);
    }

    /**
     * Checks every line of a stream as {@link #read(InputStream)} would read it, building no values
     * (but under {@link dev.hyson.DuplicateKeyPolicy#ERROR}, which compares member names on the values
     * built, and under {@code bigDecimals}, where a number's exponent must fit a {@code BigDecimal}
     * scale): each window of lines is scanned in one call, so this runs at the scan's speed. Bad lines
     * go to the {@link #onError(LineErrorHandler) handler}, or the first one is thrown. The stream is
     * read to its end (or to the first bad line without a handler) and not closed.
     *
     * @param in UTF-8 JSON Lines
     * @return the number of valid lines (blank lines are not lines)
     * @throws dev.hyson.JsonParseException for the first bad line when there is no handler
     * @throws UncheckedIOException when reading fails
     */
    public long validate(InputStream in) {
        try (Stream<Object> s = stream(Objects.requireNonNull(in, "in"), null, -1, LineAccess.get().validator(reader))) {
            return s.mapToLong(v -> 1).sum();
        }
    }

    /**
     * {@link #validate(InputStream)} of a file.
     *
     * @param path a UTF-8 JSON Lines file
     * @return the number of valid lines
     * @throws dev.hyson.JsonParseException for the first bad line when there is no handler
     * @throws UncheckedIOException when the file cannot be read
     */
    public long validate(Path path) {
        InputStream in;
        long size;
        try {
            in = Files.newInputStream(path);
            size = Files.size(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Stream<Object> s = stream(in, in, size, LineAccess.get().validator(reader))) {
            return s.mapToLong(v -> 1).sum();
        }
    }

    /**
     * {@link #validate(InputStream)} of the lines held in an array, read in place.
     *
     * @param json UTF-8 JSON Lines
     * @return the number of valid lines
     * @throws dev.hyson.JsonParseException for the first bad line when there is no handler
     */
    public long validate(byte[] json) {
        Objects.requireNonNull(json, "json");
        try (Stream<Object> s = openLines(json, LineAccess.get().validator(reader))) {
            return s.mapToLong(v -> 1).sum();
        }
    }

    /**
     * Reads a stream's lines, each bound to {@code type} as {@link JsonReader#read(byte[], Class)} binds.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values; a value that does not fit the type is an error of its line
     * @throws IllegalArgumentException when {@code type} cannot be bound (before anything is read)
     */
    @SuppressWarnings("unchecked")
    public <T> Stream<T> read(InputStream in, Class<T> type) {
        return (Stream<T>) (Stream<?>) open(Objects.requireNonNull(in, "in"), null, Objects.requireNonNull(type, "type"));
    }

    /**
     * Reads a file's lines, each bound to {@code type}; close the returned stream to close the file.
     *
     * @param path a UTF-8 JSON Lines file
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values
     * @throws IllegalArgumentException when {@code type} cannot be bound (before the file is opened)
     * @throws UncheckedIOException when the file cannot be opened
     */
    @SuppressWarnings("unchecked")
    public <T> Stream<T> read(Path path, Class<T> type) {
        return (Stream<T>) (Stream<?>) open(path, Objects.requireNonNull(type, "type"));
    }

    /**
     * Reads the lines held in an array, each bound to {@code type}.
     *
     * @param json UTF-8 JSON Lines (not copied)
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    @SuppressWarnings("unchecked")
    public <T> Stream<T> read(byte[] json, Class<T> type) {
        return (Stream<T>) (Stream<?>) openArray(json, Objects.requireNonNull(type, "type"));
    }

    /**
     * Reads a stream's lines, each bound to a generic type.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values
     * @throws IllegalArgumentException when the type cannot be bound
     */
    @SuppressWarnings("unchecked")
    public <T> Stream<T> read(InputStream in, TypeRef<T> type) {
        return (Stream<T>) (Stream<?>) open(Objects.requireNonNull(in, "in"), null, type.type());
    }

    /**
     * Reads a file's lines, each bound to a generic type; close the returned stream to close the file.
     *
     * @param path a UTF-8 JSON Lines file
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values
     * @throws IllegalArgumentException when the type cannot be bound
     * @throws UncheckedIOException when the file cannot be opened
     */
    @SuppressWarnings("unchecked")
    public <T> Stream<T> read(Path path, TypeRef<T> type) {
        return (Stream<T>) (Stream<?>) open(path, type.type());
    }

    /**
     * Reads the lines held in an array, each bound to a generic type.
     *
     * @param json UTF-8 JSON Lines (not copied)
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values
     * @throws IllegalArgumentException when the type cannot be bound
     */
    @SuppressWarnings("unchecked")
    public <T> Stream<T> read(byte[] json, TypeRef<T> type) {
        return (Stream<T>) (Stream<?>) openArray(json, type.type());
    }

    /**
     * Reads a stream's lines as lazy documents, each a {@link LazyDocument} of its own (a copy of the
     * line's bytes and tape, so it may be kept, and read by any thread): look values up by pointer
     * without building the rest of the line. Errors, blank lines and options are as for
     * {@link #read(InputStream)}, but for repeated member names: as any lazy document, a line is checked
     * for them only where a lookup or a build meets one (see {@link LazyDocument}), so under
     * {@code DuplicateKeyPolicy.ERROR} a line with a repeated name is delivered, and that lookup throws
     * the {@code DUPLICATE_KEY} error, placed in the input, that {@code read} reports for the line.
     * {@link LazyDocument#line()} and {@link LazyDocument#offset()} give each line's place in the input.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @return the documents, in input order (under {@link #parallel(int)}, as that says)
     */
    public Stream<LazyDocument> documents(InputStream in) {
        return documents(stream(Objects.requireNonNull(in, "in"), null, -1, LineAccess.get().documents(reader)));
    }

    /**
     * {@link #documents(InputStream)} of a file; close the returned stream to close the file.
     *
     * @param path a UTF-8 JSON Lines file
     * @return the documents
     * @throws UncheckedIOException when the file cannot be opened
     */
    public Stream<LazyDocument> documents(Path path) {
        return documents(openWith(path, LineAccess.get().documents(reader)));
    }

    /**
     * {@link #documents(InputStream)} of the lines held in an array.
     *
     * @param json UTF-8 JSON Lines
     * @return the documents
     */
    public Stream<LazyDocument> documents(byte[] json) {
        return documents(openLines(Objects.requireNonNull(json, "json"), LineAccess.get().documents(reader)));
    }

    /**
     * Reads a stream's lines one by one, giving {@code action} each line, on this thread, as a
     * {@link LazyDocument} that is a view of the reader's window: nothing of the line is copied, so this
     * is the fastest way to pick values out of JSON Lines. A view is valid only while {@code action}
     * runs (read what you need in it: {@code asString}, {@code toValue}, {@code read}); once it returns,
     * any read of the document or its values throws {@link IllegalStateException}. Use
     * {@link #documents(InputStream)} for documents that may be kept. Lines are given on the calling
     * thread whatever {@link #parallel(int)} says (a large input is read and scanned ahead on a thread
     * of its own unless {@link #readAhead(boolean) readAhead(false)}); errors, blank lines and options
     * are as for {@link #read(InputStream)}, and repeated names as for {@link #documents(InputStream)}.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @param action called with each valid line's document, in input order
     * @return the number of documents given to {@code action}
     * @throws dev.hyson.JsonParseException for the first bad line when there is no handler
     * @throws UncheckedIOException when reading fails
     */
    public long forEachDocument(InputStream in, java.util.function.Consumer<? super LazyDocument> action) {
        Objects.requireNonNull(action, "action");
        ReadConfig config = LineAccess.get().config(reader);
        LineParser parser = LineAccess.get().views(reader);
        LineCursor cursor = LineCursor.open(Objects.requireNonNull(in, "in"), config, parser, readAhead);
        long[] n = {0};
        try {
            SerialLines<LazyDocument> lines = new SerialLines<>(cursor, parser, handler);
            while (lines.tryAdvance(doc -> {
                try {
                    action.accept(doc);
                } finally {
                    LineAccess.get().expire(doc);
                }
                n[0]++;
            })) {
                // each line is handled in the action
            }
        } finally {
            cursor.release();
        }
        return n[0];
    }

    /**
     * {@link #forEachDocument(InputStream, java.util.function.Consumer)} of a file.
     *
     * @param path a UTF-8 JSON Lines file
     * @param action called with each valid line's document (a view valid during the call only)
     * @return the number of documents given to {@code action}
     * @throws dev.hyson.JsonParseException for the first bad line when there is no handler
     * @throws UncheckedIOException when the file cannot be read
     */
    public long forEachDocument(Path path, java.util.function.Consumer<? super LazyDocument> action) {
        try (InputStream in = Files.newInputStream(path)) {
            return forEachDocument(in, action);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Stream<LazyDocument> documents(Stream<Object> s) {
        return (Stream<LazyDocument>) (Stream<?>) s;
    }

    private Stream<Object> open(Path path, Type type) {
        return openWith(path, LineAccess.get().parser(reader, type));
    }

    private Stream<Object> openWith(Path path, LineParser parser) {
        if (threads > 1 && !byStage(parser) && Files.isRegularFile(path)) {
            // a regular file on a pool: each thread reads its own ranges (no copy on the consuming thread)
            long size;
            FileChannel channel;
            try {
                size = Files.size(path);
                channel = parallelFor(size) ? FileChannel.open(path, StandardOpenOption.READ) : null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (channel != null) {
                ReadConfig config = LineAccess.get().config(reader);
                ParallelLines<Object> p = new ParallelLines<>(new Chunks.OfFile(channel, size, threads, config.maxDocumentLength), parser,
                        handler, config, threads, ordered);
                return StreamSupport.stream(p, false).onClose(() -> {
                    p.close();
                    try {
                        channel.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            size = -1;
        }
        return stream(in, in, size, parser);
    }

    private Stream<Object> open(InputStream in, InputStream owned, Type type) {
        return stream(in, owned, -1, LineAccess.get().parser(reader, type));
    }

    private Stream<Object> stream(InputStream in, InputStream owned, long size, LineParser parser) {
        ReadConfig config = LineAccess.get().config(reader);
        Spliterator<Object> lines;
        Runnable close;
        if (stagedFor(size, parser)) {
            StagedLines<Object> p = new StagedLines<>(LineCursor.openAhead(in, config, parser), parser, handler);
            lines = p;
            close = p::close;
        } else if (parallelFor(size)) {
            ParallelLines<Object> p = new ParallelLines<>(new Chunks.OfStream(in, size, threads, config.maxDocumentLength), parser, handler,
                    config, threads, ordered);
            lines = p;
            close = p::close;
        } else {
            LineCursor cursor = LineCursor.open(in, config, parser, readAhead);
            lines = new SerialLines<>(cursor, parser, handler);
            close = cursor::close;
        }
        return StreamSupport.stream(lines, false).onClose(() -> {
            close.run();
            if (owned != null) {
                try {
                    owned.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
    }

    /**
     * Whether to parse on a pool: with more than one thread, unless the input is known to be shorter
     * than 1 MiB, which parses in about the time it takes to start the pool's threads.
     */
    private boolean parallelFor(long inputLength) {
        return threads > 1 && (inputLength < 0 || inputLength >= PARALLEL_MIN_LENGTH);
    }

    /**
     * Whether two threads parse by stage ({@link StagedLines}: one scans, one builds) instead of by range:
     * with {@code parallel(2)}, where values are built (a validation scans only, and scales by range) and
     * hold nothing of the window.
     */
    private boolean stagedFor(long inputLength, LineParser parser) {
        return byStage(parser) && parallelFor(inputLength);
    }

    private boolean byStage(LineParser parser) {
        return threads == 2 && !parser.scanOnly() && parser.copiesValues();
    }

    private Stream<Object> openArray(byte[] json, Type type) {
        Objects.requireNonNull(json, "json");
        return openLines(json, LineAccess.get().parser(reader, type));
    }

    private Stream<Object> openLines(byte[] json, LineParser parser) {
        ReadConfig config = LineAccess.get().config(reader);
        if (stagedFor(json.length, parser)) {
            StagedLines<Object> p = new StagedLines<>(LineCursor.openAhead(new ByteArrayInputStream(json), config, parser), parser, handler);
            return StreamSupport.stream(p, false).onClose(p::close);
        }
        if (parallelFor(json.length)) {
            ParallelLines<Object> p = new ParallelLines<>(new Chunks.OfArray(json, threads), parser, handler, config, threads, ordered);
            return StreamSupport.stream(p, false).onClose(p::close);
        }
        LineCursor cursor = new LineCursor(json, 0, json.length, 0, 1, config, parser);
        return StreamSupport.stream(new SerialLines<>(cursor, parser, handler), false).onClose(cursor::close);
    }
}
