package dev.hyson;

import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.scan.AutoThreshold;
import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.EventScan;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.ScanError;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.scan.StreamScan;
import dev.hyson.internal.stream.StreamParser;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapeMaterializer;
import dev.hyson.internal.tape.TapePool;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;

/**
 * A {@link JsonReader}'s inputs other than arrays: streams, files and byte buffers. A stream is
 * parsed or validated window by window, or read whole into one array (for binding, and for the
 * options whose errors are found while values are built); a file is a stream opened and closed
 * here; a heap buffer is read in place, a direct one copied once, or streamed to a pull parser.
 * Documents that end up in an array are read by {@link ArrayDocuments}.
 */
final class ReaderInputs {
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private final ReadConfig config;
    private final Backends.Selection selection;
    private final dev.hyson.bind.Binder binder;
    private final ArrayDocuments arrays;

    /**
     * @param config the reader's options
     * @param selection the reader's backend
     * @param binder the reader's binder
     * @param arrays the reader's reading of arrays
     */
    ReaderInputs(ReadConfig config, Backends.Selection selection, dev.hyson.bind.Binder binder, ArrayDocuments arrays) {
        this.config = config;
        this.selection = selection;
        this.binder = binder;
        this.arrays = arrays;
    }

    // ---- streams and files

    /** {@link JsonReader#parse(InputStream)}. */
    Object parse(InputStream in) {
        Objects.requireNonNull(in, "in");
        if (config.duplicateKeys == DuplicateKeyPolicy.ERROR || config.bigDecimals) {
            return parseBuffered(in);
        }
        Scanner scanner = selection.scanner();
        Scanner small = selection.isAuto() ? JavaScanner.INSTANCE : scanner;
        Tape tape = ArrayDocuments.TAPES.acquire();
        tape.reset(StreamScan.WINDOW);
        try {
            int whole = StreamScan.scan(in, scanner, small, AutoThreshold.NATIVE_MIN_LENGTH, config, tape, StreamScan.WINDOW);
            return TapeMaterializer.materialize(tape, tape.input, 0, Math.max(whole, 0), config, KeyCache.SHARED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            TapePool.release(tape);
        }
    }

    /** {@link JsonReader#parse(Path)}. */
    Object parse(Path path) {
        return withFile(path, this::parse);
    }

    /** {@link JsonReader#read(InputStream, Class)} before the cast: the whole stream read, then bound. */
    Object bind(InputStream in, Type type) {
        Objects.requireNonNull(in, "in");
        dev.hyson.internal.bind.Codecs.of(binder).forReading(type); // an unreadable type fails before the stream is read
        byte[][] holder = new byte[1][];
        int n = readAll(Objects.requireNonNull(in, "in"), holder);
        return arrays.bind(holder[0], 0, n, type);
    }

    /** {@link JsonReader#read(Path, Class)} before the cast. */
    Object bind(Path path, Type type) {
        dev.hyson.internal.bind.Codecs.of(binder).forReading(type); // ... and before the file is opened
        return withFile(path, in -> bind(in, type));
    }

    /** {@link JsonReader#validate(InputStream)}. */
    long validate(InputStream in) {
        Objects.requireNonNull(in, "in");
        // repeated names (ERROR) and a BigDecimal's scale (bigDecimals) are errors found by building the values
        if (config.duplicateKeys == DuplicateKeyPolicy.ERROR || config.bigDecimals) {
            CountingStream counting = new CountingStream(in);
            parse(counting);
            return counting.count;
        }
        CountingStream counting = new CountingStream(in);
        Tape tape = ArrayDocuments.TAPES.acquire();
        try {
            EventScan scan = new EventScan(counting, selection.scanner(), config, tape, StreamScan.WINDOW).discarding();
            while (scan.next()) {
                // the entries of each window are dropped as they come
            }
            scan.release();
            return counting.count;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            TapePool.release(tape);
        }
    }

    /** {@link JsonReader#validate(Path)}. */
    long validate(Path path) {
        return withFile(path, this::validate);
    }

    /** {@link JsonReader#parser(Path)}: the parser closes the file. */
    dev.hyson.stream.JsonParser parser(Path path) {
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parser(in, in, StreamScan.WINDOW);
    }

    /** {@link JsonReader#parser(InputStream, Closeable, int)}. */
    dev.hyson.stream.JsonParser parser(InputStream in, Closeable owned, int window) {
        Scanner scanner = selection.scanner();
        Tape tape = ArrayDocuments.TAPES.acquire();
        try {
            EventScan scan = new EventScan(in, scanner, config, tape, window).scanAhead();
            StreamParser parser = new StreamParser(scan, tape, config, binder, owned);
            scan.stopAheadWhenUnreachable(parser);
            return parser;
        } catch (RuntimeException | Error e) {
            TapePool.release(tape);
            throw e;
        }
    }

    /** Opens the file, reads it with {@code read}, closes it. */
    private static <R> R withFile(Path path, Function<InputStream, R> read) {
        try (InputStream in = Files.newInputStream(path)) {
            return read.apply(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the whole stream into one array (at most maxDocumentLength + 1 bytes), then parses it. */
    private Object parseBuffered(InputStream in) {
        byte[][] holder = new byte[1][];
        int n = readAll(in, holder);
        return arrays.parse(holder[0], 0, n);
    }

    /** Reads {@code in} to its end, or to one byte past the document limit; the bytes go to {@code out[0]}, their count is returned. */
    private int readAll(InputStream in, byte[][] out) {
        long limit = config.maxDocumentLength;
        // one byte past the limit is read, so a longer stream is reported rather than cut short
        long cap = Math.min(MAX_ARRAY, limit >= MAX_ARRAY ? MAX_ARRAY : limit + 1);
        byte[] buf = new byte[(int) Math.min(8192, cap)];
        int n = 0;
        try {
            for (;;) {
                if (n == buf.length) {
                    if (n >= cap) {
                        if (n == MAX_ARRAY && limit >= MAX_ARRAY && in.read() >= 0) {
                            throw new JsonParseException(JsonParseException.Kind.LIMIT_EXCEEDED,
                                    "document longer than the largest Java array (" + MAX_ARRAY + " bytes)",
                                    "under DuplicateKeyPolicy.ERROR or bigDecimals a stream is parsed from one byte[]", n, 0, 0);
                        }
                        break;
                    }
                    buf = Arrays.copyOf(buf, (int) Math.min(cap, Math.max(n * 2L, 8192)));
                }
                int r = dev.hyson.internal.InputReads.read(in, buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
                if (n > limit) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out[0] = buf;
        return n;
    }

    /** Counts the bytes read through it. */
    private static final class CountingStream extends FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }

    // ---- byte buffers

    /** {@link JsonReader#parse(ByteBuffer)}. */
    Object parse(ByteBuffer json) {
        if (json.hasArray()) {
            return arrays.parse(json.array(), json.arrayOffset() + json.position(), json.remaining());
        }
        byte[] copy = copy(json);
        return arrays.parse(copy, 0, copy.length);
    }

    /** {@link JsonReader#document(ByteBuffer)}: a heap buffer used in place, a direct one copied. */
    dev.hyson.lazy.LazyDocument document(ByteBuffer json) {
        if (json.hasArray()) {
            return arrays.document(json.array(), json.arrayOffset() + json.position(), json.remaining());
        }
        byte[] copy = copy(json);
        return arrays.document(copy, 0, copy.length);
    }

    /** {@link JsonReader#document(Path)}: the file read into one array (at most maxDocumentLength + 1 bytes). */
    dev.hyson.lazy.LazyDocument document(Path path) {
        return withFile(path, in -> {
            byte[][] holder = new byte[1][];
            int n = readAll(in, holder);
            byte[] b = holder[0];
            // the document keeps the array: not much more than the file
            return arrays.document(b.length - n > (n >> 4) ? Arrays.copyOf(b, n) : b, 0, n);
        });
    }

    /** {@link JsonReader#read(ByteBuffer, Class)} before the cast. */
    Object bind(ByteBuffer json, Type type) {
        if (json.hasArray()) {
            return arrays.bind(json.array(), json.arrayOffset() + json.position(), json.remaining(), type);
        }
        dev.hyson.internal.bind.Codecs.of(binder).forReading(type);
        byte[] copy = copy(json);
        return arrays.bind(copy, 0, copy.length, type);
    }

    /** {@link JsonReader#parser(ByteBuffer)}: a heap buffer read in place, a direct one streamed (never copied whole). */
    dev.hyson.stream.JsonParser parser(ByteBuffer json) {
        if (json.hasArray()) {
            return arrays.parser(json.array(), json.arrayOffset() + json.position(), json.remaining());
        }
        ByteBuffer view = json.duplicate();
        InputStream in = new InputStream() {
            @Override
            public int read() {
                return view.hasRemaining() ? view.get() & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (!view.hasRemaining()) {
                    return -1;
                }
                int n = Math.min(len, view.remaining());
                view.get(b, off, n);
                return n;
            }

            @Override
            public int available() {
                return view.remaining();
            }
        };
        return parser(in, null, StreamScan.WINDOW);
    }

    /** The remaining bytes of a direct buffer (its position unchanged), after their length is checked against the limit. */
    private byte[] copy(ByteBuffer json) {
        int n = json.remaining();
        if (n > config.maxDocumentLength) {
            throw ScanError.documentTooLong(json.duplicate(), config);
        }
        byte[] copy = new byte[n];
        json.duplicate().get(copy);
        return copy;
    }
}
