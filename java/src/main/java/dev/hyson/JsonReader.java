package dev.hyson;

import dev.hyson.internal.bind.BindFailure;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.bind.TapeCodec;
import dev.hyson.internal.bind.TapeReader;
import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.scan.AutoThreshold;
import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.EventScan;
import dev.hyson.internal.scan.ScanError;
import dev.hyson.internal.stream.StreamParser;
import dev.hyson.internal.scan.StreamScan;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapeMaterializer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * Parses JSON texts (RFC 8259) into ordinary Java values under a fixed set of options.
 *
 * <p>Values: an object becomes a {@link dev.hyson.tree.MemberMap}{@code <String,Object>} (member
 * order kept; a {@code LinkedHashMap} with {@link Builder#linkedHashMaps}), an array
 * an {@code ArrayList<Object>}, a string a {@code String}, a number without fraction or exponent a
 * {@code Long} (or a {@code BigInteger} outside the 64-bit range), a number with a fraction or an
 * exponent a {@code Double} correctly rounded (IEEE 754 round-half-even) or, with
 * {@link Builder#bigDecimals}, a {@code BigDecimal}; {@code true}/{@code false} a {@code Boolean};
 * {@code null} is {@code null}.
 *
 * <p>Defaults are strict RFC 8259: exactly one value with optional whitespace around it; UTF-8 only,
 * ill-formed UTF-8 is an error; a leading UTF-8 byte order mark is skipped (section 8.1 allows a
 * parser to ignore it). Every lenient option is off by default and labelled non-standard.
 *
 * <p>Limits and their defaults: {@link #DEFAULT_MAX_DEPTH} levels of nesting,
 * {@link #DEFAULT_MAX_STRING_LENGTH} bytes per string, {@link #DEFAULT_MAX_NUMBER_LENGTH} chars per
 * number, {@link #DEFAULT_MAX_DOCUMENT_LENGTH} bytes per document. A limit error names the setting.
 *
 * <p>A {@code JsonReader} is immutable and thread-safe: build one, keep it, share it. Every parse
 * method throws {@link JsonParseException} for input it does not accept, with byte offset, line and
 * column, and nothing else for any input (I/O failures of a caller's stream excepted, which surface
 * as {@link UncheckedIOException}).
 */
public final class JsonReader {
    /** Default maximum nesting depth of arrays and objects. */
    public static final int DEFAULT_MAX_DEPTH = 1000;
    /** Default maximum length of one string, in bytes of the input (escapes counted as written). */
    public static final long DEFAULT_MAX_STRING_LENGTH = 20_000_000L;
    /** Default maximum length of one number, in characters. */
    public static final int DEFAULT_MAX_NUMBER_LENGTH = 1000;
    /** Default maximum length of a document, in bytes. */
    public static final long DEFAULT_MAX_DOCUMENT_LENGTH = 1L << 30;

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    /** Per-thread parse state, reset rather than reallocated for each document. */
    private static final ThreadLocal<Tape> TAPES = ThreadLocal.withInitial(Tape::new);

    private static final JsonReader DEFAULT = builder().build();

    private final ReadConfig config;
    private final Backend backend;
    private final dev.hyson.bind.Binder binder;

    private JsonReader(Builder b) {
        this.config = new ReadConfig(b.maxDepth, b.maxStringLength, b.maxNumberLength, b.maxDocumentLength,
                b.duplicateKeys, b.loneSurrogates, b.allowByteOrderMark, b.allowComments, b.allowTrailingCommas,
                b.allowNonFiniteLiterals, b.allowInfinityForOverflow, b.bigDecimals, b.internKeys, b.linkedHashMaps);
        this.backend = b.backend;
        this.binder = b.binder;
    }

    /** @return the reader with every default: strict RFC 8259, default limits, the active backend */
    public static JsonReader defaults() {
        return DEFAULT;
    }

    /** @return a builder starting from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder starting from this reader's options */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxDepth = config.maxDepth;
        b.maxStringLength = config.maxStringLength;
        b.maxNumberLength = config.maxNumberLength;
        b.maxDocumentLength = config.maxDocumentLength;
        b.duplicateKeys = config.duplicateKeys;
        b.loneSurrogates = config.loneSurrogates;
        b.allowByteOrderMark = config.allowByteOrderMark;
        b.allowComments = config.allowComments;
        b.allowTrailingCommas = config.allowTrailingCommas;
        b.allowNonFiniteLiterals = config.allowNonFiniteLiterals;
        b.allowInfinityForOverflow = config.allowInfinityForOverflow;
        b.bigDecimals = config.bigDecimals;
        b.internKeys = config.internKeys;
        b.linkedHashMaps = config.linkedHashMaps;
        b.backend = backend;
        b.binder = binder;
        return b;
    }

    /** @return the backend this reader parses with */
    public Backend backend() {
        return backend;
    }

    /**
     * Parses a whole JSON text.
     *
     * @param json UTF-8 bytes
     * @return the value (see the class documentation for the types)
     * @throws JsonParseException for input this reader does not accept
     * @throws IllegalStateException when this reader's backend is unavailable (a forced {@code native})
     */
    public Object parse(byte[] json) {
        return parse(json, 0, json.length);
    }

    /**
     * Parses the JSON text in {@code json[offset, offset + length)}. Error offsets are relative to
     * {@code offset}.
     *
     * @param json the array holding UTF-8 JSON text
     * @param offset index of the text's first byte
     * @param length length of the text in bytes
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws IndexOutOfBoundsException when the slice is not inside the array
     * @throws JsonParseException for input this reader does not accept
     */
    public Object parse(byte[] json, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, json.length);
        Tape tape = scan(json, offset, length);
        try {
            return TapeMaterializer.materialize(tape, json, offset, offset + length, config, KeyCache.SHARED);
        } finally {
            release(tape);
        }
    }

    /**
     * Parses a JSON text given as a Java string (encoded to UTF-8 first; a lone surrogate in
     * {@code json} becomes '?', as {@link String#getBytes} does).
     *
     * @param json the JSON text
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for input this reader does not accept
     */
    public Object parse(String json) {
        return parse(json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads {@code in} to its end and parses it as one JSON text. The stream is not closed.
     *
     * <p>A stream of up to 1 MiB is read into one array and scanned like {@link #parse(byte[])}; a
     * longer one is read and scanned in windows of 1 MiB (one JNI crossing per window on the native
     * backend), so the input is never held whole: memory is the values built plus one window, which
     * grows only to hold the longest string ({@code maxStringLength}) or number. A stream longer
     * than {@code maxDocumentLength} fails as soon as one byte past the limit is read. Every error has
     * the message, offset, line and column a {@link #parse(byte[])} of the same bytes reports, with
     * one difference of order: a stream longer than the limit that has an error before it reports
     * that error (it is read first), where an array reports the limit. Under
     * {@link DuplicateKeyPolicy#ERROR} or {@link Builder#bigDecimals(boolean) bigDecimals}, whose
     * errors are found while building values, after the scan, a longer document is buffered whole
     * too (at most {@code maxDocumentLength} bytes) so those errors can say where they are.
     *
     * @param in the stream of UTF-8 JSON
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for input this reader does not accept
     * @throws UncheckedIOException when reading fails
     */
    public Object parse(InputStream in) {
        Objects.requireNonNull(in, "in");
        if (config.duplicateKeys == DuplicateKeyPolicy.ERROR || config.bigDecimals) {
            return parseBuffered(in);
        }
        Backends.Selection selection = backend.selection();
        Scanner scanner = selection.scanner();
        Scanner small = selection.isAuto() ? JavaScanner.INSTANCE : scanner;
        Tape tape = acquire();
        tape.reset(StreamScan.WINDOW);
        try {
            int whole = StreamScan.scan(in, scanner, small, AutoThreshold.NATIVE_MIN_LENGTH, config, tape, StreamScan.WINDOW);
            return TapeMaterializer.materialize(tape, tape.input, 0, Math.max(whole, 0), config, KeyCache.SHARED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            release(tape);
        }
    }

    /**
     * This thread's tape, or a fresh one while it is busy: a stream parse runs the caller's
     * {@code InputStream} code between windows, and a parse from there must not touch the tape in use.
     */
    /** @return the binder {@code read} binds with */
    public dev.hyson.bind.Binder binder() {
        return binder;
    }

    // ---- binding: JSON straight into Java types

    /**
     * Reads UTF-8 JSON into a value of {@code type}: a record, a class (see {@link dev.hyson.bind}),
     * a collection, a map, an array, a scalar, or {@code Object} (the tree {@link #parse} gives).
     * The document is scanned to a tape and bound from it in one walk; member names are matched on
     * their bytes and no map or name string is made for an object bound to a type.
     *
     * @param json UTF-8 JSON text
     * @param type the class to bind to
     * @param <T> the type
     * @return the value; null for a JSON {@code null} (an error for a primitive type)
     * @throws JsonParseException for invalid JSON, and for a value that does not fit the type (kinds
     *     {@code TYPE_MISMATCH}, {@code VALUE_OUT_OF_RANGE}, {@code UNKNOWN_ENUM_CONSTANT},
     *     {@code MISSING_MEMBER}, {@code UNKNOWN_MEMBER}, {@code INVALID_FORMAT},
     *     {@code MISSING_DISCRIMINATOR}, {@code UNKNOWN_DISCRIMINATOR}) with the value's location and
     *     {@link JsonParseException#pointer() JSON Pointer}
     * @throws IllegalArgumentException when {@code type} itself cannot be bound (an abstract type
     *     without a discriminator, a class without a usable constructor, a package not open to hyson),
     *     saying why
     */
    public <T> T read(byte[] json, Class<T> type) {
        return read(json, 0, json.length, type);
    }

    /**
     * {@link #read(byte[], Class)} for a generic type, such as {@code new TypeRef<List<Point>>() {}}.
     *
     * @param json UTF-8 JSON text
     * @param type the type to bind to
     * @param <T> the type
     * @return the value
     * @throws JsonParseException as {@link #read(byte[], Class)}
     * @throws IllegalArgumentException when the type cannot be bound
     */
    @SuppressWarnings("unchecked")
    public <T> T read(byte[] json, TypeRef<T> type) {
        return (T) bind(json, 0, json.length, type.type());
    }

    /**
     * {@link #read(byte[], Class)} of {@code json[offset, offset + length)}; offsets in errors are relative to {@code offset}.
     *
     * @param json the array holding UTF-8 JSON text
     * @param offset index of the text's first byte
     * @param length length of the text in bytes
     * @param type the class to bind to
     * @param <T> the type
     * @return the value
     * @throws JsonParseException as {@link #read(byte[], Class)}
     * @throws IndexOutOfBoundsException when the slice is not inside the array
     */
    public <T> T read(byte[] json, int offset, int length, Class<T> type) {
        return cast(type, bind(json, offset, length, type));
    }

    /**
     * {@link #read(byte[], TypeRef)} of {@code json[offset, offset + length)}.
     *
     * @param json the array holding UTF-8 JSON text
     * @param offset index of the text's first byte
     * @param length length of the text in bytes
     * @param type the type to bind to
     * @param <T> the type
     * @return the value
     * @throws JsonParseException as {@link #read(byte[], Class)}
     */
    @SuppressWarnings("unchecked")
    public <T> T read(byte[] json, int offset, int length, TypeRef<T> type) {
        return (T) bind(json, offset, length, type.type());
    }

    /**
     * @param json JSON text
     * @param type the class to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], Class)}
     */
    public <T> T read(String json, Class<T> type) {
        return read(json.getBytes(StandardCharsets.UTF_8), type);
    }

    /**
     * @param json JSON text
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], TypeRef)}
     */
    public <T> T read(String json, TypeRef<T> type) {
        return read(json.getBytes(StandardCharsets.UTF_8), type);
    }

    /**
     * Reads a stream to its end (at most {@code maxDocumentLength} bytes, which binding holds at once)
     * and binds it; the stream is not closed.
     *
     * @param in UTF-8 JSON
     * @param type the class to bind to
     * @param <T> the type
     * @return the value
     * @throws JsonParseException as {@link #read(byte[], Class)}, and LIMIT_EXCEEDED past the document limit
     * @throws UncheckedIOException when reading fails
     */
    public <T> T read(InputStream in, Class<T> type) {
        byte[][] holder = new byte[1][];
        int n = readAll(Objects.requireNonNull(in, "in"), holder);
        return read(holder[0], 0, n, type);
    }

    /**
     * @param in UTF-8 JSON
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(InputStream, Class)}
     */
    public <T> T read(InputStream in, TypeRef<T> type) {
        byte[][] holder = new byte[1][];
        int n = readAll(Objects.requireNonNull(in, "in"), holder);
        return read(holder[0], 0, n, type);
    }

    /**
     * @param path a UTF-8 JSON file
     * @param type the class to bind to
     * @param <T> the type
     * @return the value, as {@link #read(InputStream, Class)}
     * @throws UncheckedIOException when the file cannot be read
     */
    public <T> T read(Path path, Class<T> type) {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param path a UTF-8 JSON file
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(InputStream, Class)}
     */
    public <T> T read(Path path, TypeRef<T> type) {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param json UTF-8 JSON from the buffer's position to its limit (not changed; a direct buffer is copied)
     * @param type the class to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], Class)}
     */
    public <T> T read(ByteBuffer json, Class<T> type) {
        if (json.hasArray()) {
            return read(json.array(), json.arrayOffset() + json.position(), json.remaining(), type);
        }
        return read(copy(json), type);
    }

    /**
     * @param json UTF-8 JSON from the buffer's position to its limit
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], TypeRef)}
     */
    public <T> T read(ByteBuffer json, TypeRef<T> type) {
        if (json.hasArray()) {
            return read(json.array(), json.arrayOffset() + json.position(), json.remaining(), type);
        }
        return read(copy(json), type);
    }

    private byte[] copy(ByteBuffer json) {
        int n = json.remaining();
        if (n > config.maxDocumentLength) {
            throw ScanError.documentTooLong(json.duplicate(), config);
        }
        byte[] copy = new byte[n];
        json.duplicate().get(copy);
        return copy;
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Class<T> type, Object v) {
        return type.isPrimitive() ? (T) v : type.cast(v);
    }

    private Object bind(byte[] json, int offset, int length, java.lang.reflect.Type type) {
        Objects.checkFromIndexSize(offset, length, json.length);
        Codecs codecs = Codecs.of(binder);
        TapeCodec<?> codec = codecs.forReading(type);
        Tape tape = scan(json, offset, length);
        int end = offset + length;
        try {
            TapeReader r = new TapeReader(tape, json, offset, end, config, codecs, null);
            try {
                return r.readRoot(codec);
            } catch (BindFailure f) {
                throw r.toPublic(f);
            } catch (StackOverflowError e) {
                // codecs recurse per level of the type's nesting (the tape itself was built within maxDepth)
                throw new JsonParseException(JsonParseException.Kind.LIMIT_EXCEEDED, "nesting too deep for binding on this"
                        + " thread's stack", "lower JsonReader.Builder.maxDepth or raise the thread's stack size (-Xss)", 0, 1, 1);
            }
        } finally {
            release(tape);
        }
    }

    /**
     * Scans {@code json[offset, offset + length)} into this thread's tape (the caller releases it):
     * the backend's scanner, or under {@code auto} the Java one below the size where a JNI call's
     * fixed cost outweighs the faster native scan.
     *
     * @throws JsonParseException for invalid input (the tape is released first)
     */
    private Tape scan(byte[] json, int offset, int length) {
        Backends.Selection selection = backend.selection();
        Scanner scanner = selection.scanner();
        if (length < AutoThreshold.NATIVE_MIN_LENGTH && selection.isAuto()) {
            scanner = JavaScanner.INSTANCE;
        }
        Tape tape = acquire();
        tape.reset(length);
        int end = offset + length;
        try {
            if (!scanner.scan(json, offset, end, config, tape)) {
                throw ScanError.create(tape.errorCode, json, offset, end, tape.errorOffset, config);
            }
        } catch (RuntimeException | Error e) {
            release(tape);
            throw e;
        }
        return tape;
    }

    private static Tape acquire() {
        Tape tape = TAPES.get();
        if (tape.busy) {
            return new Tape();
        }
        tape.busy = true;
        return tape;
    }

    private static void release(Tape tape) {
        tape.trim();
        tape.busy = false;
    }

    /** Reads the whole stream into one array (at most maxDocumentLength + 1 bytes), then parses it. */
    private Object parseBuffered(InputStream in) {
        byte[][] holder = new byte[1][];
        int n = readAll(in, holder);
        return parse(holder[0], 0, n);
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
                int r = in.read(buf, n, buf.length - n);
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

    /**
     * Reads and parses the file at {@code path}.
     *
     * @param path the file of UTF-8 JSON
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for input this reader does not accept, including a file longer than
     *     {@code maxDocumentLength}
     * @throws UncheckedIOException when the file cannot be read
     */
    public Object parse(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            return parse(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses the remaining bytes of {@code json} (from its position to its limit), heap or direct.
     * The buffer's position is not changed. A heap buffer is read in place; a direct one is copied
     * once (after the length is checked against {@code maxDocumentLength}).
     *
     * @param json the buffer whose remaining bytes are UTF-8 JSON
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for input this reader does not accept
     */
    public Object parse(ByteBuffer json) {
        if (json.hasArray()) {
            return parse(json.array(), json.arrayOffset() + json.position(), json.remaining());
        }
        int n = json.remaining();
        if (n > config.maxDocumentLength) {
            throw ScanError.documentTooLong(json.duplicate(), config);
        }
        byte[] copy = new byte[n];
        json.duplicate().get(copy);
        return parse(copy);
    }

    // ---- validation: the scan alone, no values built ----

    /**
     * Checks that {@code in} holds one JSON text this reader accepts, reading it window by window
     * (1 MiB, one scanner call each) and building no values: memory is one window whatever the
     * stream's length. Under {@link DuplicateKeyPolicy#ERROR} member names are compared too, which
     * needs the values: the stream is then parsed as {@link #parse(InputStream)} does.
     *
     * @param in UTF-8 JSON, read to its end (not closed)
     * @return the number of bytes read
     * @throws JsonParseException at the first byte the reader does not accept, with offset, line and column
     * @throws UncheckedIOException when reading fails
     */
    public long validate(InputStream in) {
        Objects.requireNonNull(in, "in");
        if (config.duplicateKeys == DuplicateKeyPolicy.ERROR) {
            CountingStream counting = new CountingStream(in);
            parse(counting);
            return counting.count;
        }
        CountingStream counting = new CountingStream(in);
        Tape tape = acquire();
        try {
            EventScan scan = new EventScan(counting, backend.selection().scanner(), config, tape, StreamScan.WINDOW)
                    .discarding();
            while (scan.next()) {
                // the entries of each window are dropped as they come
            }
            scan.release();
            return counting.count;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            release(tape);
        }
    }

    /**
     * {@link #validate(InputStream)} of a file.
     *
     * @param path a file of UTF-8 JSON
     * @return the file's length in bytes
     * @throws JsonParseException at the first byte the reader does not accept
     * @throws UncheckedIOException when the file cannot be read
     */
    public long validate(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            return validate(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts the bytes read through it. */
    private static final class CountingStream extends java.io.FilterInputStream {
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

    // ---- the pull parser (dev.hyson.stream) ----

    /**
     * A pull parser over {@code json}, read in place window by window (no copy), with this reader's
     * options and limits. Errors are thrown as the tokens that need them are read.
     *
     * @param json UTF-8 JSON
     * @return the parser; closing it releases its buffers
     * @throws JsonParseException when {@code json} is longer than {@code maxDocumentLength}
     */
    public dev.hyson.stream.JsonParser parser(byte[] json) {
        return parser(json, 0, json.length);
    }

    /**
     * A pull parser over {@code json[offset, offset + length)}; offsets in its locations and errors
     * count from {@code offset}.
     *
     * @param json UTF-8 JSON
     * @param offset the document's first byte
     * @param length the document's length in bytes
     * @return the parser
     * @throws IndexOutOfBoundsException when the range is outside {@code json}
     * @throws JsonParseException when {@code length} exceeds {@code maxDocumentLength}
     */
    public dev.hyson.stream.JsonParser parser(byte[] json, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, json.length);
        Backends.Selection selection = backend.selection();
        Scanner scanner = length < AutoThreshold.NATIVE_MIN_LENGTH && selection.isAuto() ? JavaScanner.INSTANCE
                : selection.scanner();
        Tape tape = acquire();
        try {
            EventScan scan = new EventScan(json, offset, length, scanner, config, tape, StreamScan.WINDOW);
            return new StreamParser(scan, tape, config, binder, null);
        } catch (RuntimeException | Error e) {
            release(tape);
            throw e;
        }
    }

    /**
     * A pull parser over the UTF-8 encoding of {@code json}.
     *
     * @param json JSON text
     * @return the parser
     */
    public dev.hyson.stream.JsonParser parser(String json) {
        return parser(json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A pull parser over a stream, read a window (1 MiB) at a time as tokens are asked for; memory stays
     * one window plus the current path whatever the stream's length. Closing the parser does not close
     * {@code in}.
     *
     * @param in UTF-8 JSON
     * @return the parser
     */
    public dev.hyson.stream.JsonParser parser(InputStream in) {
        return parser(Objects.requireNonNull(in, "in"), null, StreamScan.WINDOW);
    }

    /**
     * A pull parser over the file at {@code path}, which the parser opens and closes.
     *
     * @param path a file of UTF-8 JSON
     * @return the parser
     * @throws UncheckedIOException when the file cannot be opened
     */
    public dev.hyson.stream.JsonParser parser(Path path) {
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parser(in, in, StreamScan.WINDOW);
    }

    /**
     * A pull parser over the remaining bytes of {@code json} (heap: in place; direct: read in windows,
     * never copied whole). The buffer's position is not changed.
     *
     * @param json the buffer whose remaining bytes are UTF-8 JSON
     * @return the parser
     */
    public dev.hyson.stream.JsonParser parser(ByteBuffer json) {
        if (json.hasArray()) {
            return parser(json.array(), json.arrayOffset() + json.position(), json.remaining());
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

    /**
     * A parser over a stream with the given window size (tests cut every token with tiny windows).
     *
     * @param in the stream
     * @param owned the stream to close with the parser, or null
     * @param window the window size in bytes
     */
    dev.hyson.stream.JsonParser parser(InputStream in, java.io.Closeable owned, int window) {
        Scanner scanner = backend.selection().scanner();
        Tape tape = acquire();
        try {
            EventScan scan = new EventScan(in, scanner, config, tape, window);
            return new StreamParser(scan, tape, config, binder, owned);
        } catch (RuntimeException | Error e) {
            release(tape);
            throw e;
        }
    }

    // ---- JSON Lines (dev.hyson.stream): one document per line

    /**
     * JSON Lines reading with this reader's options, under further options of its own (what a bad
     * line does, parallel parsing): {@code reader.lines().onError(handler).parallel(2).read(path)}.
     *
     * @return the JSON Lines reader with the defaults: fail on the first bad line, one thread
     */
    public dev.hyson.stream.JsonLines lines() {
        return dev.hyson.stream.JsonLines.of(this);
    }

    /**
     * Reads a JSON Lines (NDJSON) stream lazily: one value per line, each parsed as
     * {@link #parse(byte[])} parses a document, under this reader's options and limits
     * ({@code maxDocumentLength} applies to each line). Blank lines are skipped. See
     * {@link dev.hyson.stream.JsonLines} for the format, errors and memory.
     *
     * <p>The caller's stream is not closed, neither by this method nor by the returned stream's
     * {@code close()}.
     *
     * @param in UTF-8 JSON Lines
     * @return the values in input order; a bad line throws its {@link JsonParseException} (with the
     *     line's place in the whole input) from the stream operation that reaches it
     */
    public java.util.stream.Stream<Object> readLines(InputStream in) {
        return lines().read(in);
    }

    /**
     * Reads a JSON Lines file lazily, as {@link #readLines(InputStream)}. The returned stream holds
     * the file open until it is closed: use it in a try-with-resources statement,
     * {@code try (Stream<Object> s = reader.readLines(path)) { ... }}.
     *
     * @param path a UTF-8 JSON Lines file
     * @return the values in file order
     * @throws UncheckedIOException when the file cannot be opened (a failing read later is thrown
     *     by the stream operation)
     */
    public java.util.stream.Stream<Object> readLines(Path path) {
        return lines().read(path);
    }

    /**
     * Reads JSON Lines held in an array, as {@link #readLines(InputStream)}, without copying it.
     *
     * @param json UTF-8 JSON Lines (not copied: do not change it while the stream is used)
     * @return the values in input order
     */
    public java.util.stream.Stream<Object> readLines(byte[] json) {
        return lines().read(json);
    }

    /**
     * Reads JSON Lines, binding each line to {@code type} as {@link #read(byte[], Class)} does.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound (before anything is read)
     */
    public <T> java.util.stream.Stream<T> readLines(InputStream in, Class<T> type) {
        return lines().read(in, type);
    }

    /**
     * Reads a JSON Lines file, binding each line to {@code type}; close the stream to close the file.
     *
     * @param path a UTF-8 JSON Lines file
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values in file order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     * @throws UncheckedIOException when the file cannot be opened
     */
    public <T> java.util.stream.Stream<T> readLines(Path path, Class<T> type) {
        return lines().read(path, type);
    }

    /**
     * Reads JSON Lines held in an array, binding each line to {@code type}.
     *
     * @param json UTF-8 JSON Lines (not copied)
     * @param type the class to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public <T> java.util.stream.Stream<T> readLines(byte[] json, Class<T> type) {
        return lines().read(json, type);
    }

    /**
     * Reads JSON Lines, binding each line to a generic type such as {@code new TypeRef<Map<String, Point>>() {}}.
     *
     * @param in UTF-8 JSON Lines (not closed)
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public <T> java.util.stream.Stream<T> readLines(InputStream in, TypeRef<T> type) {
        return lines().read(in, type);
    }

    /**
     * Reads a JSON Lines file, binding each line to a generic type; close the stream to close the file.
     *
     * @param path a UTF-8 JSON Lines file
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values in file order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     * @throws UncheckedIOException when the file cannot be opened
     */
    public <T> java.util.stream.Stream<T> readLines(Path path, TypeRef<T> type) {
        return lines().read(path, type);
    }

    /**
     * Reads JSON Lines held in an array, binding each line to a generic type.
     *
     * @param json UTF-8 JSON Lines (not copied)
     * @param type the type to bind each line to
     * @param <T> the type
     * @return the values in input order
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public <T> java.util.stream.Stream<T> readLines(byte[] json, TypeRef<T> type) {
        return lines().read(json, type);
    }

    static {
        dev.hyson.internal.lines.LineAccess.install(new LineHooks());
    }

    /** The line parsers {@code dev.hyson.stream} gets through {@link dev.hyson.internal.lines.LineAccess}. */
    private static final class LineHooks implements dev.hyson.internal.lines.LineAccess.Access {
        @Override
        public dev.hyson.internal.lines.LineAccess.LineParser parser(JsonReader reader, java.lang.reflect.Type type) {
            if (type == null) {
                return (buf, start, end, offset, line) -> reader.parseLine(buf, start, end, offset, line, null, null);
            }
            Codecs codecs = Codecs.of(reader.binder);
            TapeCodec<?> codec = codecs.forReading(type);
            return (buf, start, end, offset, line) -> reader.parseLine(buf, start, end, offset, line, codecs, codec);
        }

        @Override
        public ReadConfig config(JsonReader reader) {
            return reader.config;
        }
    }

    /**
     * Parses (codec null) or binds the line {@code buf[start, end)}, which holds no line feed, so
     * every error it reports is on its line 1: scan errors are created at the line's place in the
     * whole input, later ones (values, binding) moved there.
     */
    private Object parseLine(byte[] buf, int start, int end, long offset, long line, Codecs codecs, TapeCodec<?> codec) {
        Tape tape = scanLine(buf, start, end, offset, line);
        try {
            if (codec == null) {
                return TapeMaterializer.materialize(tape, buf, start, end, config, KeyCache.SHARED);
            }
            TapeReader r = new TapeReader(tape, buf, start, end, config, codecs, null);
            try {
                return r.readRoot(codec);
            } catch (BindFailure f) {
                throw r.toPublic(f);
            } catch (StackOverflowError e) {
                throw new JsonParseException(JsonParseException.Kind.LIMIT_EXCEEDED, "nesting too deep for binding on this"
                        + " thread's stack", "lower JsonReader.Builder.maxDepth or raise the thread's stack size (-Xss)", 0, 1, 1);
            }
        } catch (JsonParseException e) {
            throw e.relocate(offset + e.offset(), line, e.column());
        } finally {
            release(tape);
        }
    }

    /** {@link #scan} of one line, its errors placed at {@code offset} and {@code line} of the whole input. */
    private Tape scanLine(byte[] buf, int start, int end, long offset, long line) {
        Backends.Selection selection = backend.selection();
        Scanner scanner = selection.scanner();
        if (end - start < AutoThreshold.NATIVE_MIN_LENGTH && selection.isAuto()) {
            scanner = JavaScanner.INSTANCE;
        }
        Tape tape = acquire();
        tape.reset(end - start);
        try {
            if (!scanner.scan(buf, start, end, config, tape)) {
                throw ScanError.create(tape.errorCode, buf, start, end, tape.errorOffset, config, offset, line, 1);
            }
        } catch (RuntimeException | Error e) {
            release(tape);
            throw e;
        }
        return tape;
    }

    /**
     * Options for a {@link JsonReader}. A builder is not thread-safe; the reader it builds is.
     * Every setter returns this builder.
     */
    public static final class Builder {
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private long maxStringLength = DEFAULT_MAX_STRING_LENGTH;
        private int maxNumberLength = DEFAULT_MAX_NUMBER_LENGTH;
        private long maxDocumentLength = DEFAULT_MAX_DOCUMENT_LENGTH;
        private DuplicateKeyPolicy duplicateKeys = DuplicateKeyPolicy.LAST_WINS;
        private SurrogatePolicy loneSurrogates = SurrogatePolicy.KEEP;
        private boolean allowByteOrderMark = true;
        private boolean allowComments;
        private boolean allowTrailingCommas;
        private boolean allowNonFiniteLiterals;
        private boolean allowInfinityForOverflow;
        private boolean bigDecimals;
        private boolean internKeys = true;
        private boolean linkedHashMaps;
        private Backend backend = Backend.active();
        private dev.hyson.bind.Binder binder = dev.hyson.bind.Binder.defaults();

        private Builder() {
        }

        /**
         * @param depth maximum nesting of arrays and objects, at least 1; default {@value JsonReader#DEFAULT_MAX_DEPTH}
         * @return this builder
         * @throws IllegalArgumentException when {@code depth < 1}
         */
        public Builder maxDepth(int depth) {
            if (depth < 1) {
                throw new IllegalArgumentException("maxDepth must be at least 1: " + depth);
            }
            this.maxDepth = depth;
            return this;
        }

        /**
         * @param bytes maximum length of one string in bytes of the input, escapes counted as
         *     written; default {@value JsonReader#DEFAULT_MAX_STRING_LENGTH}
         * @return this builder
         * @throws IllegalArgumentException when negative
         */
        public Builder maxStringLength(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("maxStringLength must not be negative: " + bytes);
            }
            this.maxStringLength = bytes;
            return this;
        }

        /**
         * @param chars maximum length of one number in characters, at least 1; default
         *     {@value JsonReader#DEFAULT_MAX_NUMBER_LENGTH}. Bounds the cost of BigInteger and
         *     BigDecimal conversion, which grows faster than linearly with the length.
         * @return this builder
         * @throws IllegalArgumentException when {@code chars < 1}
         */
        public Builder maxNumberLength(int chars) {
            if (chars < 1) {
                throw new IllegalArgumentException("maxNumberLength must be at least 1: " + chars);
            }
            this.maxNumberLength = chars;
            return this;
        }

        /**
         * @param bytes maximum document length in bytes; default {@value JsonReader#DEFAULT_MAX_DOCUMENT_LENGTH}
         *     (1 GiB). Streams are read no further than this.
         * @return this builder
         * @throws IllegalArgumentException when negative
         */
        public Builder maxDocumentLength(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("maxDocumentLength must not be negative: " + bytes);
            }
            this.maxDocumentLength = bytes;
            return this;
        }

        /**
         * @param policy what a repeated member name does; default {@link DuplicateKeyPolicy#LAST_WINS}
         * @return this builder
         * @throws NullPointerException when {@code policy} is null
         */
        public Builder duplicateKeys(DuplicateKeyPolicy policy) {
            this.duplicateKeys = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * @param policy what a lone surrogate escape does; default {@link SurrogatePolicy#KEEP}
         * @return this builder
         * @throws NullPointerException when {@code policy} is null
         */
        public Builder loneSurrogates(SurrogatePolicy policy) {
            this.loneSurrogates = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * @param allow whether a leading UTF-8 byte order mark (EF BB BF) is skipped (true, the
         *     default, as RFC 8259 section 8.1 permits) or is an error of kind
         *     {@link JsonParseException.Kind#BYTE_ORDER_MARK}
         * @return this builder
         */
        public Builder allowByteOrderMark(boolean allow) {
            this.allowByteOrderMark = allow;
            return this;
        }

        /**
         * @param allow non-standard: accept {@code //} line and {@code /* *&#47;} block comments where whitespace may stand; default false
         * @return this builder
         */
        public Builder allowComments(boolean allow) {
            this.allowComments = allow;
            return this;
        }

        /**
         * @param allow non-standard: accept one comma after the last element or member ({@code [1,2,]}); default false
         * @return this builder
         */
        public Builder allowTrailingCommas(boolean allow) {
            this.allowTrailingCommas = allow;
            return this;
        }

        /**
         * @param allow non-standard: accept the literals {@code NaN}, {@code Infinity} and {@code -Infinity} as doubles; default false
         * @return this builder
         */
        public Builder allowNonFiniteLiterals(boolean allow) {
            this.allowNonFiniteLiterals = allow;
            return this;
        }

        /**
         * @param allow read a number beyond the double range (such as {@code 1e400}) as an infinity
         *     of its sign instead of failing with {@link JsonParseException.Kind#NUMBER_OUT_OF_RANGE};
         *     default false. Underflow always rounds to a (signed) zero, as IEEE 754 says.
         * @return this builder
         */
        public Builder allowInfinityForOverflow(boolean allow) {
            this.allowInfinityForOverflow = allow;
            return this;
        }

        /**
         * @param enable read numbers with a fraction or exponent as exact {@code BigDecimal}s instead of {@code Double}s; default false
         * @return this builder
         */
        public Builder bigDecimals(boolean enable) {
            this.bigDecimals = enable;
            return this;
        }

        /**
         * @param enable take member names from the shared bounded key cache, so repeated names are one
         *     {@code String} instance (default true); false builds a new {@code String} per name
         * @return this builder
         */
        public Builder internKeys(boolean enable) {
            this.internKeys = enable;
            return this;
        }

        /**
         * @param enable build each object as a {@code java.util.LinkedHashMap<String, Object>}
         *     instead of a {@link dev.hyson.tree.MemberMap} (default false). Both keep member order and
         *     are equal to each other for the same members; a {@code MemberMap} is several times
         *     cheaper to build and smaller (an array of its members, a hash index only once a lookup
         *     needs one). Take this for code that needs the class itself, for instance code that
         *     casts to {@code LinkedHashMap} or that looks up members of very large objects more
         *     often than it reads them in order.
         * @return this builder
         */
        public Builder linkedHashMaps(boolean enable) {
            this.linkedHashMaps = enable;
            return this;
        }

        /**
         * @param choice the backend this reader parses with; default: the process-wide
         *     {@link Backend#active()}. A forced backend that is unavailable makes every parse throw
         *     {@link IllegalStateException}.
         * @return this builder
         * @throws NullPointerException when {@code choice} is null
         */
        public Builder backend(Backend.Choice choice) {
            this.backend = Backend.of(Objects.requireNonNull(choice, "choice"));
            return this;
        }

        /**
         * @param backend the backend this reader parses with, e.g. {@link Backend#nativeKernel(String)};
         *     an unavailable one makes every parse throw {@link IllegalStateException}
         * @return this builder
         * @throws NullPointerException when {@code backend} is null
         */
        public Builder backend(Backend backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /**
         * @param binder how {@code read} binds values to Java types: naming, unknown members, user codecs
         *     (default {@link dev.hyson.bind.Binder#defaults()})
         * @return this builder
         */
        public Builder binder(dev.hyson.bind.Binder binder) {
            this.binder = Objects.requireNonNull(binder, "binder");
            return this;
        }

        /** @return an immutable, thread-safe reader with these options */
        public JsonReader build() {
            return new JsonReader(this);
        }
    }
}
