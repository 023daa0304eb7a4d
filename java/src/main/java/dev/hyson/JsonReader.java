package dev.hyson;

import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.StreamScan;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
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
public final class JsonReader extends DocumentReading {
    /** Default maximum nesting depth of arrays and objects. */
    public static final int DEFAULT_MAX_DEPTH = 1000;
    /** Default maximum length of one string, in bytes of the input (escapes counted as written). */
    public static final long DEFAULT_MAX_STRING_LENGTH = 20_000_000L;
    /** Default maximum length of one number, in characters. */
    public static final int DEFAULT_MAX_NUMBER_LENGTH = 1000;
    /** Default maximum length of a document, in bytes. */
    public static final long DEFAULT_MAX_DOCUMENT_LENGTH = 1L << 30;

    private static final JsonReader DEFAULT = builder().build();

    /** The options this reader was made from (a copy no builder changes). */
    private final ReaderOptions options;
    /** Documents in arrays: scanned to a tape, then parsed or bound. */
    private final ArrayDocuments arrays;
    /** Streams, files and byte buffers. */
    private final ReaderInputs inputs;

    private JsonReader(ReaderOptions o) {
        this.options = o;
        ReadConfig config = o.config();
        this.arrays = new ArrayDocuments(config, o.backend.selection(), o.binder);
        this.inputs = new ReaderInputs(config, o.backend.selection(), o.binder, arrays);
    }

    /** @return the reader with every default: strict RFC 8259, default limits, the active backend */
    public static JsonReader defaults() {
        return DEFAULT;
    }

    /** @return a builder starting from the defaults */
    public static Builder builder() {
        return new Builder(new ReaderOptions());
    }

    /** @return a builder starting from this reader's options */
    public Builder toBuilder() {
        return new Builder(options.copy());
    }

    /** @return the backend this reader parses with */
    public Backend backend() {
        return options.backend;
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
        return arrays.parse(json, offset, length);
    }

    /**
     * Parses a JSON text given as a Java string (encoded to UTF-8 first; a lone surrogate
     * {@code char} in {@code json}, which UTF-8 cannot encode, is read as its {@code \\uXXXX} escape
     * would be: in a string, as {@link Builder#loneSurrogates} says; elsewhere, an error).
     *
     * @param json the JSON text
     * @return the value, as {@link #parse(byte[])} gives it
     * @throws JsonParseException for input this reader does not accept
     */
    public Object parse(String json) {
        return parse(dev.hyson.internal.text.Utf8.ofJsonText(json));
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
        return inputs.parse(in);
    }

    /** @return the binder {@code read} binds with */
    public dev.hyson.bind.Binder binder() {
        return options.binder;
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
        return (T) arrays.bind(json, 0, json.length, type.type());
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
        return cast(type, arrays.bind(json, offset, length, type));
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
        return (T) arrays.bind(json, offset, length, type.type());
    }

    /**
     * @param json JSON text
     * @param type the class to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], Class)}
     */
    public <T> T read(String json, Class<T> type) {
        return read(dev.hyson.internal.text.Utf8.ofJsonText(json), type);
    }

    /**
     * @param json JSON text
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], TypeRef)}
     */
    public <T> T read(String json, TypeRef<T> type) {
        return read(dev.hyson.internal.text.Utf8.ofJsonText(json), type);
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
        return cast(type, inputs.bind(in, type));
    }

    /**
     * @param in UTF-8 JSON
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(InputStream, Class)}
     */
    @SuppressWarnings("unchecked")
    public <T> T read(InputStream in, TypeRef<T> type) {
        return (T) inputs.bind(in, type.type());
    }

    /**
     * @param path a UTF-8 JSON file
     * @param type the class to bind to
     * @param <T> the type
     * @return the value, as {@link #read(InputStream, Class)}
     * @throws UncheckedIOException when the file cannot be read
     */
    public <T> T read(Path path, Class<T> type) {
        return cast(type, inputs.bind(path, type));
    }

    /**
     * @param path a UTF-8 JSON file
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(InputStream, Class)}
     */
    @SuppressWarnings("unchecked")
    public <T> T read(Path path, TypeRef<T> type) {
        return (T) inputs.bind(path, type.type());
    }

    /**
     * @param json UTF-8 JSON from the buffer's position to its limit (not changed; a direct buffer is copied)
     * @param type the class to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], Class)}
     */
    public <T> T read(ByteBuffer json, Class<T> type) {
        return cast(type, inputs.bind(json, type));
    }

    /**
     * @param json UTF-8 JSON from the buffer's position to its limit
     * @param type the type to bind to
     * @param <T> the type
     * @return the value, as {@link #read(byte[], TypeRef)}
     */
    @SuppressWarnings("unchecked")
    public <T> T read(ByteBuffer json, TypeRef<T> type) {
        return (T) inputs.bind(json, type.type());
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Class<T> type, Object v) {
        return type.isPrimitive() ? (T) v : type.cast(v);
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
        return inputs.parse(path);
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
        return inputs.parse(json);
    }

    // ---- validation: the scan alone, no values built ----

    /**
     * Checks that {@code in} holds one JSON text this reader accepts, reading it window by window
     * (1 MiB, one scanner call each) and building no values: memory is one window whatever the
     * stream's length. Under {@link DuplicateKeyPolicy#ERROR} member names are compared too, and under
     * {@link Builder#bigDecimals(boolean) bigDecimals} each number's exponent must fit a
     * {@code BigDecimal} scale; both need the values: the stream is then parsed as
     * {@link #parse(InputStream)} does, so it accepts exactly what {@code parse} accepts.
     *
     * @param in UTF-8 JSON, read to its end (not closed)
     * @return the number of bytes read
     * @throws JsonParseException at the first byte the reader does not accept, with offset, line and column
     * @throws UncheckedIOException when reading fails
     */
    public long validate(InputStream in) {
        return inputs.validate(in);
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
        return inputs.validate(path);
    }

    // ---- the pull parser (dev.hyson.stream) ----

    /**
     * A pull parser over {@code json}, read in place window by window (no copy), with this reader's
     * options and limits. Errors are thrown when the window that holds them is scanned (see
     * {@link dev.hyson.stream.JsonParser}: for a document shorter than a window, at the first token).
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
        return arrays.parser(json, offset, length);
    }

    /**
     * A pull parser over the UTF-8 encoding of {@code json}.
     *
     * @param json JSON text
     * @return the parser
     */
    public dev.hyson.stream.JsonParser parser(String json) {
        return parser(dev.hyson.internal.text.Utf8.ofJsonText(json));
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
        return inputs.parser(Objects.requireNonNull(in, "in"), null, StreamScan.WINDOW);
    }

    /**
     * A pull parser over the file at {@code path}, which the parser opens and closes.
     *
     * @param path a file of UTF-8 JSON
     * @return the parser
     * @throws UncheckedIOException when the file cannot be opened
     */
    public dev.hyson.stream.JsonParser parser(Path path) {
        return inputs.parser(path);
    }

    /**
     * A pull parser over the remaining bytes of {@code json} (heap: in place; direct: read in windows,
     * never copied whole). The buffer's position is not changed.
     *
     * @param json the buffer whose remaining bytes are UTF-8 JSON
     * @return the parser
     */
    public dev.hyson.stream.JsonParser parser(ByteBuffer json) {
        return inputs.parser(json);
    }

    /**
     * A parser over a stream with the given window size (tests cut every token with tiny windows).
     *
     * @param in the stream
     * @param owned the stream to close with the parser, or null
     * @param window the window size in bytes
     */
    dev.hyson.stream.JsonParser parser(InputStream in, java.io.Closeable owned, int window) {
        return inputs.parser(in, owned, window);
    }

    @Override
    ReaderInputs inputs() {
        return inputs;
    }

    static {
        dev.hyson.internal.lines.LineAccess.install(new LineHooks());
    }

    /** @return this reader's reading of arrays, for {@link LineHooks} and {@link DocumentReading} */
    @Override
    ArrayDocuments arrays() {
        return arrays;
    }

    /**
     * Options for a {@link JsonReader}. A builder is not thread-safe; the reader it builds is.
     * Every setter returns this builder.
     */
    public static final class Builder {
        private final ReaderOptions options;

        private Builder(ReaderOptions options) {
            this.options = options;
        }

        /**
         * @param depth maximum nesting of arrays and objects, at least 1; default {@value JsonReader#DEFAULT_MAX_DEPTH}
         * @return this builder
         * @throws IllegalArgumentException when {@code depth < 1}
         */
        public Builder maxDepth(int depth) {
            options.maxDepth = ReaderOptions.atLeastOne(depth, "maxDepth");
            return this;
        }

        /**
         * @param bytes maximum length of one string in bytes of the input, escapes counted as
         *     written; default {@value JsonReader#DEFAULT_MAX_STRING_LENGTH}
         * @return this builder
         * @throws IllegalArgumentException when negative
         */
        public Builder maxStringLength(long bytes) {
            options.maxStringLength = ReaderOptions.nonNegative(bytes, "maxStringLength");
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
            options.maxNumberLength = ReaderOptions.atLeastOne(chars, "maxNumberLength");
            return this;
        }

        /**
         * @param bytes maximum document length in bytes; default {@value JsonReader#DEFAULT_MAX_DOCUMENT_LENGTH}
         *     (1 GiB). Streams are read no further than this.
         * @return this builder
         * @throws IllegalArgumentException when negative
         */
        public Builder maxDocumentLength(long bytes) {
            options.maxDocumentLength = ReaderOptions.nonNegative(bytes, "maxDocumentLength");
            return this;
        }

        /**
         * @param policy what a repeated member name does; default {@link DuplicateKeyPolicy#LAST_WINS}
         * @return this builder
         * @throws NullPointerException when {@code policy} is null
         */
        public Builder duplicateKeys(DuplicateKeyPolicy policy) {
            options.duplicateKeys = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * @param policy what a lone surrogate escape does; default {@link SurrogatePolicy#KEEP}
         * @return this builder
         * @throws NullPointerException when {@code policy} is null
         */
        public Builder loneSurrogates(SurrogatePolicy policy) {
            options.loneSurrogates = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * @param allow whether a leading UTF-8 byte order mark (EF BB BF) is skipped (true, the
         *     default, as RFC 8259 section 8.1 permits) or is an error of kind
         *     {@link JsonParseException.Kind#BYTE_ORDER_MARK}
         * @return this builder
         */
        public Builder allowByteOrderMark(boolean allow) {
            options.allowByteOrderMark = allow;
            return this;
        }

        /**
         * @param allow non-standard: accept {@code //} line and {@code /* *&#47;} block comments where whitespace may stand; default false
         * @return this builder
         */
        public Builder allowComments(boolean allow) {
            options.allowComments = allow;
            return this;
        }

        /**
         * @param allow non-standard: accept one comma after the last element or member ({@code [1,2,]}); default false
         * @return this builder
         */
        public Builder allowTrailingCommas(boolean allow) {
            options.allowTrailingCommas = allow;
            return this;
        }

        /**
         * @param allow non-standard: accept the literals {@code NaN}, {@code Infinity} and {@code -Infinity} as doubles; default false
         * @return this builder
         */
        public Builder allowNonFiniteLiterals(boolean allow) {
            options.allowNonFiniteLiterals = allow;
            return this;
        }

        /**
         * @param allow read a number beyond the double range (such as {@code 1e400}) as an infinity
         *     of its sign instead of failing with {@link JsonParseException.Kind#NUMBER_OUT_OF_RANGE};
         *     default false. Underflow always rounds to a (signed) zero, as IEEE 754 says.
         * @return this builder
         */
        public Builder allowInfinityForOverflow(boolean allow) {
            options.allowInfinityForOverflow = allow;
            return this;
        }

        /**
         * @param enable read numbers with a fraction or exponent as exact {@code BigDecimal}s instead of {@code Double}s; default false
         * @return this builder
         */
        public Builder bigDecimals(boolean enable) {
            options.bigDecimals = enable;
            return this;
        }

        /**
         * @param enable take member names from the shared bounded key cache, so repeated names are one
         *     {@code String} instance (default true); false builds a new {@code String} per name
         * @return this builder
         */
        public Builder internKeys(boolean enable) {
            options.internKeys = enable;
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
            options.linkedHashMaps = enable;
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
            options.backend = Backend.of(Objects.requireNonNull(choice, "choice"));
            return this;
        }

        /**
         * @param backend the backend this reader parses with, e.g. {@link Backend#nativeKernel(String)};
         *     an unavailable one makes every parse throw {@link IllegalStateException}
         * @return this builder
         * @throws NullPointerException when {@code backend} is null
         */
        public Builder backend(Backend backend) {
            options.backend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /**
         * @param binder how {@code read} binds values to Java types: naming, unknown members, user codecs
         *     (default {@link dev.hyson.bind.Binder#defaults()})
         * @return this builder
         */
        public Builder binder(dev.hyson.bind.Binder binder) {
            options.binder = Objects.requireNonNull(binder, "binder");
            return this;
        }

        /** @return an immutable, thread-safe reader with these options */
        public JsonReader build() {
            return new JsonReader(options.copy());
        }
    }
}
