package dev.hyson.msgpack;

import dev.hyson.TypeRef;
import dev.hyson.bind.Binder;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.names.NameCache;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Function;

/**
 * An immutable, thread-safe MessagePack configuration: limits, string and number policies, and the
 * extension registry (msgpack-ruby's {@code Factory}). Build one with {@link #builder()}, keep it
 * and share it; {@link #defaults()} is what {@link MessagePack} uses.
 *
 * <p>Limits and their defaults: {@link #DEFAULT_MAX_DEPTH} levels of nesting (for packing too),
 * {@link #DEFAULT_MAX_STRING_LENGTH} bytes per str, {@link #DEFAULT_MAX_BINARY_LENGTH} bytes per
 * bin or ext payload, {@link #DEFAULT_MAX_CONTAINER_SIZE} elements or entries per array or map,
 * {@link #DEFAULT_MAX_DOCUMENT_LENGTH} bytes per input. A limit error names the setting.
 *
 * <p>Packers and unpackers for the one-shot methods ({@link #pack(Object)}, {@link #unpack(byte[])},
 * ...) come from a per-thread pool, buffer included, so a steady stream of messages allocates only
 * its values (and the output array of {@code pack}); a packer called from inside an extension
 * packer gets a fresh one instead of the busy pooled one.
 */
public final class MessagePackFactory {
    /** Default {@link Builder#maxDepth}: 1000, as for JSON. */
    public static final int DEFAULT_MAX_DEPTH = 1000;
    /** Default {@link Builder#maxStringLength}: 20,000,000 bytes, as for JSON. */
    public static final long DEFAULT_MAX_STRING_LENGTH = 20_000_000L;
    /** Default {@link Builder#maxBinaryLength}: 100,000,000 bytes. */
    public static final long DEFAULT_MAX_BINARY_LENGTH = 100_000_000L;
    /** Default {@link Builder#maxContainerSize}: 100,000,000 elements or entries. */
    public static final long DEFAULT_MAX_CONTAINER_SIZE = 100_000_000L;
    /** Default {@link Builder#maxDocumentLength}: 1 GiB, as for JSON. */
    public static final long DEFAULT_MAX_DOCUMENT_LENGTH = 1L << 30;

    private static final MessagePackFactory DEFAULTS = builder().build();

    /** What to do with a {@code BigDecimal}, which MessagePack has no type for. */
    public enum BigDecimalPolicy {
        /** Packing one fails with UNSUPPORTED_VALUE. */
        ERROR,
        /** It is packed as a str holding {@link java.math.BigDecimal#toString()}. */
        STRING
    }

    /** What to do with a str whose bytes are not well-formed UTF-8. */
    public enum Utf8Policy {
        /** Unpacking fails with INVALID_UTF8 (str keys included). */
        ERROR,
        /** Each ill-formed sequence becomes U+FFFD, as {@code new String(bytes, UTF_8)} does. */
        REPLACE
    }

    /** How MessagePack values JSON lacks are written as JSON by {@link #toJson}, and read back by {@link #fromJson}. */
    public enum JsonForm {
        /**
         * Readable: bin as a base64 string (RFC 4648 section 4, padded), a timestamp as an RFC 3339
         * string ({@code 2018-01-02T03:04:05.678901234Z}), another extension as
         * {@code {"$ext":{"type":T,"data":"base64"}}}, float32 as a JSON number, non-str map keys as
         * JSON member names (numbers and booleans as text). {@code fromJson} reads plain JSON: tags
         * are not interpreted.
         */
        DOCUMENTED,
        /**
         * Round-trips exactly through {@code fromJson}: bin as {@code {"$bin":"base64"}}, a timestamp
         * as {@code {"$timestamp":"RFC 3339"}}, another extension as
         * {@code {"$ext":{"type":T,"data":"base64"}}}, float32 as {@code {"$float32":N}}, a
         * non-finite float64 as {@code {"$float64":"NaN"}} ({@code "Infinity"}, {@code "-Infinity"}),
         * and a map with a non-str key, or a single key that is one of these tags, as
         * {@code {"$map":[[key,value],...]}}.
         */
        LOSSLESS
    }

    final int maxDepth;
    final long maxStringLength;
    final long maxBinaryLength;
    final long maxContainerSize;
    final long maxDocumentLength;
    final boolean replaceInvalidUtf8;
    final boolean failOnUnknownExtension;
    final boolean compatibility;
    final boolean binaryForByteArrays;
    final boolean floatAsFloat32;
    final boolean linkedHashMaps;
    final BigDecimalPolicy bigDecimalPolicy;
    final boolean internKeys;
    /** Map keys (str) already packed by this factory's packers, with their headers. */
    final NameCache names;
    final JsonForm jsonForm;
    /** The binder's codecs: records, classes and user codec types, packed and unpacked. */
    final Codecs codecs;
    private final JsonBridge bridge;
    /** The registered extension types, looked up by class when packing and by code when unpacking. */
    final ExtensionRegistry registry;
    private final OneShot oneShot;
    /** The options this factory was made from (a copy no builder changes), for {@link #toBuilder()}. */
    private final FactoryOptions options;

    private MessagePackFactory(FactoryOptions o) {
        this.options = o;
        this.maxDepth = o.maxDepth;
        this.maxStringLength = o.maxStringLength;
        this.maxBinaryLength = o.maxBinaryLength;
        this.maxContainerSize = o.maxContainerSize;
        this.maxDocumentLength = o.maxDocumentLength;
        this.replaceInvalidUtf8 = o.invalidUtf8 == Utf8Policy.REPLACE;
        this.failOnUnknownExtension = o.failOnUnknownExtension;
        this.compatibility = o.compatibility;
        this.binaryForByteArrays = o.binaryForByteArrays;
        this.floatAsFloat32 = o.floatAsFloat32;
        this.linkedHashMaps = o.linkedHashMaps;
        this.bigDecimalPolicy = o.bigDecimalPolicy;
        this.internKeys = o.internKeys;
        this.jsonForm = o.jsonForm;
        this.codecs = Codecs.of(o.binder);
        this.registry = new ExtensionRegistry(o.registrations());
        this.bridge = new JsonBridge(jsonForm, maxDepth);
        this.names = new NameCache();
        this.oneShot = new OneShot(this);
    }

    /** @return the default configuration, shared */
    public static MessagePackFactory defaults() {
        return DEFAULTS;
    }

    /** @return a builder with the default options and no extensions */
    public static Builder builder() {
        return new Builder(new FactoryOptions());
    }

    /** @return a builder holding this factory's options and registrations */
    public Builder toBuilder() {
        return new Builder(options.copy());
    }

    // --- packers and unpackers -------------------------------------------------------------------

    /** @return a new packer that collects its output; read it with {@link MessagePacker#toByteArray()} */
    public MessagePacker newPacker() {
        return new MessagePacker(this, Pools.PACKER_BUFFER).reset(null);
    }

    /**
     * Makes a packer that writes to a stream through a buffer; call {@code flush()} or
     * {@code close()} at the end.
     *
     * @param out where the MessagePack goes
     * @return the new packer
     * @throws NullPointerException when {@code out} is null
     */
    public MessagePacker newPacker(OutputStream out) {
        return new MessagePacker(this, Pools.PACKER_BUFFER).reset(Objects.requireNonNull(out, "out"));
    }

    /**
     * Makes an unpacker over a whole array, which is not copied.
     *
     * @param msgpack the input
     * @return the new unpacker
     * @throws MessagePackException LIMIT_EXCEEDED when the array is longer than maxDocumentLength
     */
    public MessageUnpacker newUnpacker(byte[] msgpack) {
        return newUnpacker(msgpack, 0, msgpack.length);
    }

    /**
     * Makes an unpacker over {@code msgpack[offset, offset + length)}, which is not copied; offsets
     * in errors are relative to {@code offset}.
     *
     * @param msgpack the array holding the input
     * @param offset the index of the first byte
     * @param length the number of bytes
     * @return the new unpacker
     * @throws IndexOutOfBoundsException when the slice is not inside the array
     * @throws MessagePackException LIMIT_EXCEEDED when {@code length} is above maxDocumentLength
     */
    public MessageUnpacker newUnpacker(byte[] msgpack, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, msgpack.length);
        checkDocumentLength(length);
        return new MessageUnpacker(this).reset(msgpack, offset, length, -(long) offset, 0);
    }

    /**
     * Makes an unpacker reading a stream through a buffer; it may read ahead of the values it
     * returns.
     *
     * @param in the input
     * @return the new unpacker
     * @throws NullPointerException when {@code in} is null
     */
    public MessageUnpacker newUnpacker(InputStream in) {
        return new MessageUnpacker(this).reset(Objects.requireNonNull(in, "in"));
    }

    /**
     * @param length an input's length in bytes
     * @throws MessagePackException LIMIT_EXCEEDED when it is above maxDocumentLength
     */
    void checkDocumentLength(long length) {
        if (length > maxDocumentLength) {
            throw new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED,
                    "document longer than maxDocumentLength (" + maxDocumentLength + " bytes)", maxDocumentLength);
        }
    }

    // --- one-shot --------------------------------------------------------------------------------

    /**
     * Packs a value (see {@link MessagePack} for the types).
     *
     * @param value the value
     * @return the MessagePack bytes
     * @throws MessagePackException UNSUPPORTED_VALUE or LIMIT_EXCEEDED, naming the path to the value
     */
    public byte[] pack(Object value) {
        return oneShot.pack(value);
    }

    /**
     * Packs a value to a stream through a buffer, then flushes the stream (it is not closed).
     *
     * @param value the value
     * @param out where the MessagePack goes
     * @throws MessagePackException when the value cannot be packed
     * @throws UncheckedIOException when the stream fails
     */
    public void pack(Object value, OutputStream out) {
        oneShot.pack(value, out);
    }

    /**
     * Unpacks exactly one value from the whole array.
     *
     * @param msgpack the input
     * @return the value (see {@link MessagePack} for the mapping)
     * @throws MessagePackException for invalid input, a limit, or bytes after the value (TRAILING_DATA)
     */
    public Object unpack(byte[] msgpack) {
        return unpack(msgpack, 0, msgpack.length);
    }

    /**
     * Unpacks exactly one value from {@code msgpack[offset, offset + length)}; offsets in errors are
     * relative to {@code offset}.
     *
     * @param msgpack the array holding the input
     * @param offset the index of the first byte
     * @param length the number of bytes
     * @return the value (see {@link MessagePack} for the mapping)
     * @throws MessagePackException for invalid input, a limit, or bytes after the value
     * @throws IndexOutOfBoundsException when the slice is not inside the array
     */
    public Object unpack(byte[] msgpack, int offset, int length) {
        return oneShot.unpack(msgpack, offset, length);
    }

    /**
     * Unpacks exactly one value into a value of {@code type}, through the same codecs as {@code JsonReader.read}:
     * records, classes, collections, maps (keys of any type the key type reads; {@code Object}: any), arrays, scalars,
     * {@code byte[]} from bin, {@code Instant} from the timestamp extension (or ISO-8601 text), and an extension where
     * a class is due as {@link #unpack(byte[])} reads it (a registered type, an {@link ExtensionValue}), if an
     * instance. The input is scanned to a tape first (the factory's limits apply).
     *
     * @param msgpack the input
     * @param type the class to bind to
     * @param <T> the type
     * @return the value; null for nil (an error for a primitive type)
     * @throws MessagePackException for invalid input, a limit, bytes after the value, and a value that
     *     does not fit the type (kinds TYPE_MISMATCH, INTEGER_OVERFLOW, UNKNOWN_ENUM_CONSTANT,
     *     MISSING_MEMBER, UNKNOWN_MEMBER, INVALID_TEXT, MISSING_DISCRIMINATOR, UNKNOWN_DISCRIMINATOR,
     *     INVALID_TIMESTAMP) with the value's byte offset and {@link MessagePackException#pointer() JSON Pointer}
     * @throws IllegalArgumentException when {@code type} itself cannot be bound
     */
    public <T> T unpack(byte[] msgpack, Class<T> type) {
        return unpack(msgpack, 0, msgpack.length, type);
    }

    /**
     * {@link #unpack(byte[], Class)} of {@code msgpack[offset, offset + length)}.
     *
     * @param msgpack the array holding the input
     * @param offset the index of the first byte
     * @param length the number of bytes
     * @param type the class to bind to
     * @param <T> the type
     * @return the value
     * @throws MessagePackException as {@link #unpack(byte[], Class)}
     */
    @SuppressWarnings("unchecked")
    public <T> T unpack(byte[] msgpack, int offset, int length, Class<T> type) {
        Object v = oneShot.bind(msgpack, offset, length, type);
        return type.isPrimitive() ? (T) v : type.cast(v);
    }

    /**
     * {@link #unpack(byte[], Class)} for a generic type, such as {@code new TypeRef<List<Point>>() {}}.
     *
     * @param msgpack the input
     * @param type the type to bind to
     * @param <T> the type
     * @return the value
     * @throws MessagePackException as {@link #unpack(byte[], Class)}
     */
    @SuppressWarnings("unchecked")
    public <T> T unpack(byte[] msgpack, TypeRef<T> type) {
        return (T) oneShot.bind(msgpack, 0, msgpack.length, type.type());
    }

    /**
     * Unpacks exactly one value from the remaining bytes of a heap or direct buffer; its position is
     * not changed (a direct buffer is copied first).
     *
     * @param msgpack the input, from its position to its limit
     * @return the value (see {@link MessagePack} for the mapping)
     * @throws MessagePackException for invalid input, a limit, or bytes after the value
     */
    public Object unpack(ByteBuffer msgpack) {
        return oneShot.unpack(msgpack);
    }

    /**
     * Reads the stream to its end and unpacks exactly one value from it; the stream is not closed.
     * For a stream of several values use {@link #newUnpacker(InputStream)}.
     *
     * @param msgpack the input
     * @return the value (see {@link MessagePack} for the mapping)
     * @throws MessagePackException for invalid input, a limit, or bytes after the value
     * @throws UncheckedIOException when reading fails
     */
    public Object unpack(InputStream msgpack) {
        return oneShot.unpack(msgpack);
    }

    /**
     * Converts one MessagePack value to compact JSON in this factory's {@link JsonForm}. Extensions
     * are not given to registered unpackers: they are written in the JSON form of extensions.
     *
     * @param msgpack exactly one MessagePack value
     * @return the JSON text
     * @throws MessagePackException for invalid MessagePack
     * @throws dev.hyson.JsonWriteException for what has no JSON form in the chosen form (a non-finite
     *     float or a nil map key in the documented form)
     */
    public String toJson(byte[] msgpack) {
        return bridge.writeOne(newUnpacker(msgpack));
    }

    /**
     * Converts every MessagePack value of a stream to compact JSON, one per line, as they arrive
     * (flushing {@code out} before each read that may wait); neither stream is closed. Arrays, also in
     * arrays, are written element by element, so memory holds the largest element; a map is built
     * whole. A failure part-way through an array leaves what was written of it. Above the default
     * {@code maxDepth}, it runs on a thread (waited for) whose stack holds that many levels.
     *
     * @param msgpack the MessagePack values
     * @param out where the JSON lines go
     * @return the number of values converted
     * @throws MessagePackException for invalid MessagePack (the values before it are written)
     * @throws dev.hyson.JsonWriteException for a value with no JSON form in the chosen form
     * @throws UncheckedIOException when a stream fails
     */
    public long toJson(InputStream msgpack, OutputStream out) {
        return bridge.writeAll(newUnpacker(msgpack), out);
    }

    /**
     * Converts a JSON text (strict RFC 8259, UTF-8) to MessagePack; in the {@link JsonForm#LOSSLESS}
     * form the tagged objects become the values they stand for.
     *
     * @param json the JSON text
     * @return the MessagePack bytes
     * @throws dev.hyson.JsonParseException for invalid JSON
     * @throws MessagePackException for a malformed tag (LOSSLESS) or a value with no MessagePack form
     */
    public byte[] fromJson(byte[] json) {
        return pack(bridge.read(json, 0, json.length));
    }

    /**
     * Converts the JSON text {@code json[offset, offset + length)} to MessagePack; see
     * {@link #fromJson(byte[])}. Offsets in errors are relative to {@code offset}.
     *
     * @param json the array holding the JSON text
     * @param offset the index of its first byte
     * @param length its length in bytes
     * @return the MessagePack bytes
     * @throws IndexOutOfBoundsException when the slice is not inside the array
     * @throws dev.hyson.JsonParseException for invalid JSON
     * @throws MessagePackException for a malformed tag (LOSSLESS) or a value with no MessagePack form
     */
    public byte[] fromJson(byte[] json, int offset, int length) {
        return pack(bridge.read(json, offset, length));
    }

    /**
     * Converts a JSON text held in a Java string to MessagePack; see {@link #fromJson(byte[])}.
     *
     * @param json the JSON text
     * @return the MessagePack bytes
     * @throws dev.hyson.JsonParseException for invalid JSON
     * @throws MessagePackException for a malformed tag (LOSSLESS) or a value with no MessagePack form
     */
    public byte[] fromJson(String json) {
        return pack(bridge.read(json));
    }

    /**
     * Reads one JSON document from a stream and writes it as MessagePack to {@code out} through a
     * buffer; neither stream is closed, {@code out} is flushed. See {@link #fromJson(byte[])}.
     *
     * @param json the JSON text
     * @param out where the MessagePack goes
     * @throws dev.hyson.JsonParseException for invalid JSON
     * @throws MessagePackException for a malformed tag (LOSSLESS) or a value with no MessagePack form
     * @throws UncheckedIOException when a stream fails
     */
    public void fromJson(InputStream json, OutputStream out) {
        pack(bridge.read(json), out);
    }

    // ---------------------------------------------------------------------------------------------

    /** Collects options; not thread-safe. {@link #build()} makes the immutable factory. */
    public static final class Builder {
        private final FactoryOptions options;

        private Builder(FactoryOptions options) {
            this.options = options;
        }

        /**
         * Nesting of arrays, maps and registered extensions, for unpacking and packing.
         *
         * @param levels the most levels (default 1000; at least 1)
         * @return this builder
         * @throws IllegalArgumentException when {@code levels} is below 1
         */
        public Builder maxDepth(int levels) {
            if (levels < 1) {
                throw new IllegalArgumentException("maxDepth must be at least 1: " + levels);
            }
            options.maxDepth = levels;
            return this;
        }

        /**
         * Bytes of one str.
         *
         * @param bytes the most bytes (default 20,000,000)
         * @return this builder
         * @throws IllegalArgumentException when {@code bytes} is negative
         */
        public Builder maxStringLength(long bytes) {
            options.maxStringLength = FactoryOptions.nonNegative(bytes, "maxStringLength");
            return this;
        }

        /**
         * Bytes of one bin or extension payload.
         *
         * @param bytes the most bytes (default 100,000,000)
         * @return this builder
         * @throws IllegalArgumentException when {@code bytes} is negative
         */
        public Builder maxBinaryLength(long bytes) {
            options.maxBinaryLength = FactoryOptions.nonNegative(bytes, "maxBinaryLength");
            return this;
        }

        /**
         * Elements of one array or entries of one map.
         *
         * @param count the most elements or entries (default 100,000,000)
         * @return this builder
         * @throws IllegalArgumentException when {@code count} is negative
         */
        public Builder maxContainerSize(long count) {
            options.maxContainerSize = FactoryOptions.nonNegative(count, "maxContainerSize");
            return this;
        }

        /**
         * Bytes of one input; a stream is read no further.
         *
         * @param bytes the most bytes (default 1 GiB)
         * @return this builder
         * @throws IllegalArgumentException when {@code bytes} is negative
         */
        public Builder maxDocumentLength(long bytes) {
            options.maxDocumentLength = FactoryOptions.nonNegative(bytes, "maxDocumentLength");
            return this;
        }

        /**
         * What ill-formed UTF-8 in a str does.
         *
         * @param policy {@link Utf8Policy#ERROR} (default) or {@link Utf8Policy#REPLACE}
         * @return this builder
         * @throws NullPointerException when {@code policy} is null
         */
        public Builder invalidUtf8(Utf8Policy policy) {
            options.invalidUtf8 = Objects.requireNonNull(policy);
            return this;
        }

        /**
         * An extension with no registered type: false (default) unpacks it as {@link ExtensionValue};
         * true fails with UNKNOWN_EXTENSION. The timestamp type -1 is always known.
         *
         * @param fail whether an unknown extension fails
         * @return this builder
         */
        public Builder failOnUnknownExtension(boolean fail) {
            options.failOnUnknownExtension = fail;
            return this;
        }

        /**
         * Packing for readers of the pre-2013 specification (false by default): no str8 (short
         * strings go to str16) and no bin ({@code byte[]} is packed as raw str). Unpacking always
         * accepts every format; in this mode a str value (or map key) that is not UTF-8 is read as
         * the {@code byte[]} it was (the old raw type held any bytes), so what such a factory packs
         * it reads back. {@link MessageUnpacker#unpackString()} still requires UTF-8.
         *
         * @param oldSpec whether to pack for the pre-2013 specification
         * @return this builder
         */
        public Builder compatibility(boolean oldSpec) {
            options.compatibility = oldSpec;
            return this;
        }

        /**
         * Whether {@code byte[]} is packed as bin or as str.
         *
         * @param bin true (default) for bin, false for str
         * @return this builder
         */
        public Builder binaryForByteArrays(boolean bin) {
            options.binaryForByteArrays = bin;
            return this;
        }

        /**
         * Whether a {@code Float} is packed as float32 or widened to float64.
         *
         * @param float32 true (default) for float32, false for float64
         * @return this builder
         */
        public Builder floatAsFloat32(boolean float32) {
            options.floatAsFloat32 = float32;
            return this;
        }

        /**
         * Whether an unpacked map is a {@code java.util.LinkedHashMap<Object, Object>} instead of a
         * {@link dev.hyson.tree.MemberMap} (default false). Both keep entry order and are equal for
         * the same entries; a {@code MemberMap} is cheaper to build and smaller.
         *
         * @param enable true for {@code LinkedHashMap}s
         * @return this builder
         */
        public Builder linkedHashMaps(boolean enable) {
            options.linkedHashMaps = enable;
            return this;
        }

        /**
         * What packing a {@code BigDecimal} in an untyped value (a map, a list, an {@code Object}
         * property) does. A property declared {@code BigDecimal} in a bound record or class is
         * always packed as a str holding {@link java.math.BigDecimal#toString()}, which its codec reads
         * back exactly, whatever this policy says.
         *
         * @param policy the policy (default {@link BigDecimalPolicy#ERROR})
         * @return this builder
         * @throws NullPointerException when {@code policy} is null
         */
        public Builder bigDecimals(BigDecimalPolicy policy) {
            options.bigDecimalPolicy = Objects.requireNonNull(policy);
            return this;
        }

        /**
         * Whether str map keys go through the shared key cache.
         *
         * @param intern true (default) to use the key cache
         * @return this builder
         */
        public Builder internKeys(boolean intern) {
            options.internKeys = intern;
            return this;
        }

        /**
         * The JSON form of {@code toJson} and {@code fromJson}.
         *
         * @param form the form (default {@link JsonForm#DOCUMENTED})
         * @return this builder
         * @throws NullPointerException when {@code form} is null
         */
        public Builder jsonForm(JsonForm form) {
            options.jsonForm = Objects.requireNonNull(form);
            return this;
        }

        /**
         * Registers an extension type whose payload is written by {@code packer} (which may pack
         * MessagePack with this factory, recursively) and read by {@code unpacker}. Values of
         * {@code javaType} or a subclass are packed with it, before any built-in form (registering
         * {@code Map} or {@code String} makes those extensions, map keys included); a class with
         * several assignable registrations takes its exact one, else the first registered. The
         * last registration of a class or a code wins. Nested extension values count toward
         * {@code maxDepth}, packing and unpacking.
         *
         * @param <T> the registered Java type
         * @param javaType the registered Java type
         * @param type the extension type code, 0..127 (negative codes are reserved by the specification)
         * @param packer writes a value's payload
         * @param unpacker reads a payload back into a value
         * @return this builder
         * @throws IllegalArgumentException when {@code type} is outside 0..127
         * @throws NullPointerException when an argument is null
         */
        public <T> Builder register(Class<T> javaType, int type, ExtensionPacker<? super T> packer,
                ExtensionUnpacker<? extends T> unpacker) {
            options.register(new Registration(javaType, Registration.code(type), Objects.requireNonNull(packer), Objects.requireNonNull(unpacker),
                    null, null, null, null));
            return this;
        }

        /**
         * Registers an extension type whose natural form is a {@code String} (a symbol by its
         * name): the payload is that string's UTF-8, written straight into the packer's buffer and
         * read back through the key cache, with no intermediate array. Lookup and replacement are
         * as for {@link #register}.
         *
         * @param <T> the registered Java type
         * @param javaType the registered Java type
         * @param type the extension type code, 0..127
         * @param toString a value's string form, packed as UTF-8 (it must not return null)
         * @param fromString reads the string form back into a value
         * @return this builder
         * @throws IllegalArgumentException when {@code type} is outside 0..127
         * @throws NullPointerException when an argument is null
         */
        public <T> Builder registerString(Class<T> javaType, int type, Function<? super T, String> toString,
                Function<String, ? extends T> fromString) {
            options.register(new Registration(javaType, Registration.code(type), null, null, Objects.requireNonNull(toString),
                    Objects.requireNonNull(fromString), null, null));
            return this;
        }

        /**
         * Registers an extension type whose natural form is a {@code byte[]}: the payload is those
         * bytes. Lookup and replacement are as for {@link #register}.
         *
         * @param <T> the registered Java type
         * @param javaType the registered Java type
         * @param type the extension type code, 0..127
         * @param toBytes a value's byte form (it must not return null)
         * @param fromBytes reads the byte form (a copy of the payload) back into a value
         * @return this builder
         * @throws IllegalArgumentException when {@code type} is outside 0..127
         * @throws NullPointerException when an argument is null
         */
        public <T> Builder registerBytes(Class<T> javaType, int type, Function<? super T, byte[]> toBytes,
                Function<byte[], ? extends T> fromBytes) {
            options.register(new Registration(javaType, Registration.code(type), null, null, null, null, Objects.requireNonNull(toBytes),
                    Objects.requireNonNull(fromBytes)));
            return this;
        }

        /**
         * @param binder how records and classes are packed and unpacked, and which user codecs apply
         *     (default {@link Binder#defaults()}); the same binder as JSON's gives the same member names
         * @return this builder
         */
        public Builder binder(Binder binder) {
            options.binder = Objects.requireNonNull(binder, "binder");
            return this;
        }

        /**
         * Makes the factory; this builder can go on to make others.
         *
         * @return the immutable factory
         */
        public MessagePackFactory build() {
            return new MessagePackFactory(options.copy());
        }
    }
}
