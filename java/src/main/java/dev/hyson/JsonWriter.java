package dev.hyson;

import dev.hyson.internal.text.Utf8;
import dev.hyson.internal.write.Generator;
import dev.hyson.internal.write.StreamGenerator;
import dev.hyson.internal.write.WriteConfig;
import dev.hyson.internal.write.WriteFailure;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Writes Java values as JSON (RFC 8259), compact by default or pretty-printed.
 *
 * <p>What it writes: {@code Map} as an object (keys that are {@code CharSequence}, {@code Number},
 * {@code Boolean}, {@code Character} or {@code Enum}, as strings), {@code Iterable} and arrays of
 * objects or of any primitive type as arrays, {@code CharSequence} and {@code Character} as strings,
 * every {@code Number} type as a number, {@code Boolean}, {@code Optional} (empty as {@code null}),
 * {@code OptionalInt/Long/Double}, enums by {@link Enum#name()}, records as objects with their
 * components in declaration order, and {@code null}. Any other type needs a {@link JsonEncoder}
 * registered with {@link Builder#encoder}; without one the write fails with a
 * {@link JsonWriteException} naming the type and the path to the value. A cycle fails the same way
 * (never with a {@link StackOverflowError}).
 *
 * <p>Doubles are written with the shortest digits that read back to the same bits (Giulietti's
 * Schubfach), always recognisable as doubles ({@code 1.0}, never {@code 1}); {@code -0.0} is kept;
 * floats with their own shortest digits. Non-finite doubles are an error unless
 * {@link Builder#allowNonFinite} is set. Strings are valid UTF-8 even when they hold a lone
 * surrogate, which is written as a {@code \\uXXXX} escape.
 *
 * <p>Output to streams is buffered and written as it is produced; the document is never built in
 * memory first. A {@code JsonWriter} is immutable and thread-safe.
 */
public final class JsonWriter {
    /** Default maximum nesting depth; deeper values (and cycles) fail. */
    public static final int DEFAULT_MAX_DEPTH = 1000;
    private static final int STREAM_BUFFER = 8192;
    /**
     * A write to a stream lets its buffer grow to this before the first drain: a value too deep for
     * the thread's stack whose first 64 KiB are still buffered is written again on a deeper stack.
     */
    private static final int STREAM_DRAIN = 64 << 10;
    private static final int RETAIN = 1 << 20;

    private static final JsonWriter COMPACT = builder().build();
    private static final WriteConfig COMPACT_CONFIG = COMPACT.config;
    private static final ThreadLocal<Slot> SLOTS = ThreadLocal.withInitial(Slot::new);

    private final WriteConfig config;
    /** This writer's options but compact: JSON Lines are never pretty. */
    private final WriteConfig lineConfig;

    private JsonWriter(Builder b) {
        this.config = new WriteConfig(b.pretty, b.indent, b.asciiOnly, b.scriptSafe, b.sortKeys, b.allowNonFinite,
                b.maxDepth, b.encoders, dev.hyson.internal.bind.Codecs.of(b.binder));
        this.lineConfig = !b.pretty ? config : new WriteConfig(false, b.indent, b.asciiOnly, b.scriptSafe, b.sortKeys,
                b.allowNonFinite, b.maxDepth, b.encoders, dev.hyson.internal.bind.Codecs.of(b.binder));
    }

    /** @return the writer with every default: compact, UTF-8, keys in map order */
    public static JsonWriter defaults() {
        return COMPACT;
    }

    /** @return a builder starting from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param value the value to write
     * @return the JSON text
     * @throws JsonWriteException when the value has no JSON form (see the class documentation)
     */
    public String write(Object value) {
        Slot slot = SLOTS.get();
        Generator g = slot.take(config);
        try {
            run(g, value);
            if (slot.spilled(g)) {
                return new String(slot.result(g), StandardCharsets.UTF_8);
            }
            return new String(g.buffer(), 0, g.position(), StandardCharsets.UTF_8);
        } finally {
            slot.give(g);
        }
    }

    /**
     * @param value the value to write
     * @return the JSON text as UTF-8 bytes, in an array of exactly its length
     * @throws JsonWriteException when the value has no JSON form
     */
    public byte[] writeBytes(Object value) {
        Slot slot = SLOTS.get();
        Generator g = slot.take(config);
        try {
            run(g, value);
            return slot.result(g);
        } finally {
            slot.give(g);
        }
    }

    /**
     * A thread's generator and output buffer for {@link #write(Object)} and {@link #writeBytes},
     * kept between calls (with the generator's path and string buffers), so a small document's
     * write allocates its result and nothing else. The buffer grows to at most 1 MiB; beyond that
     * full buffers are copied aside (spilled) and the result is assembled once at the end, so a large
     * document costs about its size twice, never a copy at each doubling. A write nested in another
     * on the same thread (from an encoder) gets a fresh generator.
     */
    private static final class Slot implements Generator.Sink {
        private final Generator generator = new Generator(COMPACT_CONFIG, null, null);
        private byte[] buf = new byte[4096];
        private boolean busy;
        private final java.util.ArrayList<byte[]> spills = new java.util.ArrayList<>();
        private long spilledBytes;

        /** The generator for a write to a stream: its buffer drained into {@code sink} when {@link #STREAM_BUFFER} bytes are full. */
        Generator take(WriteConfig config, Generator.Sink sink) {
            if (busy) {
                Generator g = new Generator(config, new byte[STREAM_BUFFER], sink);
                g.growUpTo(STREAM_DRAIN);
                return g;
            }
            busy = true;
            generator.reset(config, buf.length >= STREAM_BUFFER ? buf : new byte[STREAM_BUFFER], sink);
            generator.growUpTo(STREAM_DRAIN);
            return generator;
        }

        Generator take(WriteConfig config) {
            if (busy) {
                return new Generator(config, new byte[256], null);
            }
            busy = true;
            generator.reset(config, buf, this);
            generator.growUpTo(RETAIN);
            return generator;
        }

        @Override
        public int drain(byte[] b, int len) {
            if (spilledBytes + len > Integer.MAX_VALUE - 16) {
                throw new WriteFailure("output exceeds the largest Java array (2 GiB); write to a stream instead");
            }
            spills.add(Arrays.copyOf(b, len));
            spilledBytes += len;
            return len;
        }

        @Override
        public boolean forget() {
            spills.clear(); // an in-memory write: nothing has left the writer
            spilledBytes = 0;
            return true;
        }

        boolean spilled(Generator g) {
            return g == generator && !spills.isEmpty();
        }

        /** The whole output: the spilled buffers and what is left in the generator's. */
        byte[] result(Generator g) {
            if (!spilled(g)) {
                return Arrays.copyOf(g.buffer(), g.position());
            }
            long total = spilledBytes + g.position();
            if (total > Integer.MAX_VALUE - 16) {
                throw new JsonWriteException("output exceeds the largest Java array (2 GiB); write to a stream instead", "");
            }
            byte[] out = new byte[(int) total];
            int at = 0;
            for (byte[] chunk : spills) {
                System.arraycopy(chunk, 0, out, at, chunk.length);
                at += chunk.length;
            }
            System.arraycopy(g.buffer(), 0, out, at, g.position());
            return out;
        }

        void give(Generator g) {
            if (g != generator) {
                return;
            }
            byte[] used = g.buffer();
            if (used.length <= RETAIN) {
                buf = used;
            }
            spills.clear();
            spilledBytes = 0;
            g.release();
            busy = false;
        }
    }

    /**
     * Writes the JSON text as UTF-8 to {@code out} through the calling thread's buffer (drained into
     * {@code out} in writes of 64 KiB or more; kept for the thread's next write, so a call allocates
     * nothing of its own), then flushes {@code out}; it is not closed. On failure some output may already have been written.
     *
     * @param value the value to write
     * @param out the stream the UTF-8 JSON goes to
     * @throws JsonWriteException when the value has no JSON form
     * @throws UncheckedIOException when the stream fails
     */
    public void write(Object value, OutputStream out) {
        Objects.requireNonNull(out, "out");
        Generator.Sink sink = (b, len) -> {
            try {
                out.write(b, 0, len);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return len;
        };
        Slot slot = SLOTS.get();
        Generator g = slot.take(config, sink); // the thread's generator and buffer: nothing allocated per call
        try {
            run(g, value);
            g.drainAll();
        } finally {
            slot.give(g);
        }
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the JSON text as UTF-8 to a {@link java.io.PrintStream} such as {@code System.out}
     * (which is both an {@code OutputStream} and an {@code Appendable}), as
     * {@link #write(Object, OutputStream)} does, then flushes it.
     *
     * @param value the value to write
     * @param out the stream the UTF-8 JSON goes to
     * @throws JsonWriteException when the value has no JSON form
     */
    public void write(Object value, java.io.PrintStream out) {
        write(value, (OutputStream) out);
    }

    /**
     * Writes the JSON text to {@code out} in chunks as it is produced, then flushes {@code out};
     * it is not closed.
     *
     * @param value the value to write
     * @param out the writer the JSON goes to
     * @throws JsonWriteException when the value has no JSON form
     * @throws UncheckedIOException when the writer fails
     */
    public void write(Object value, Writer out) {
        Objects.requireNonNull(out, "out");
        writeChars(value, (chars, n) -> {
            try {
                out.write(chars, 0, n);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Appends the JSON text to {@code out} (a {@code StringBuilder}, a {@code CharBuffer}, any
     * {@code Appendable}) in chunks as it is produced.
     *
     * @param value the value to write
     * @param out where the JSON is appended
     * @throws JsonWriteException when the value has no JSON form
     * @throws UncheckedIOException when the appendable fails
     */
    public void write(Object value, Appendable out) {
        Objects.requireNonNull(out, "out");
        if (out instanceof Writer) {
            write(value, (Writer) out);
            return;
        }
        writeChars(value, (chars, n) -> {
            try {
                out.append(CharBuffer.wrap(chars, 0, n));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private interface CharTarget {
        void accept(char[] chars, int n);
    }

    private void writeChars(Object value, CharTarget target) {
        char[] chars = new char[STREAM_BUFFER];
        Generator g = new Generator(config, new byte[STREAM_BUFFER], (b, len) -> {
            // decode whole UTF-8 sequences only; an incomplete one at the end waits for the next drain
            int k = Utf8.completeLength(b, len);
            // a chunk of at most chars.length bytes decodes to at most as many chars
            for (int i = 0; i < k;) {
                int to = Utf8.completeLength(b, Math.min(k, i + chars.length));
                target.accept(chars, Utf8.toChars(b, i, to, chars, 0));
                i = to;
            }
            return k;
        });
        g.growUpTo(STREAM_DRAIN);
        run(g, value);
        g.drainAll();
    }

    // ---- the incremental generator (dev.hyson.stream) ----

    /**
     * An incremental generator writing UTF-8 to {@code out} through a fixed 8 KiB buffer, with this
     * writer's options. Closing it flushes {@code out} and leaves it open.
     *
     * @param out the stream the JSON goes to
     * @return the generator
     */
    public dev.hyson.stream.JsonGenerator generator(OutputStream out) {
        Objects.requireNonNull(out, "out");
        return new StreamGenerator(config, new byte[STREAM_BUFFER], (b, len) -> {
            try {
                out.write(b, 0, len);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return len;
        }, out);
    }

    /**
     * An incremental generator writing chars to {@code out} through fixed 8 KiB buffers, with this
     * writer's options. Closing it flushes {@code out} and leaves it open.
     *
     * @param out the writer the JSON goes to
     * @return the generator
     */
    public dev.hyson.stream.JsonGenerator generator(Writer out) {
        Objects.requireNonNull(out, "out");
        char[] chars = new char[STREAM_BUFFER];
        return new StreamGenerator(config, new byte[STREAM_BUFFER], (b, len) -> {
            int k = Utf8.completeLength(b, len);
            try {
                for (int i = 0; i < k;) {
                    int to = Utf8.completeLength(b, Math.min(k, i + chars.length));
                    out.write(chars, 0, Utf8.toChars(b, i, to, chars, 0));
                    i = to;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return k;
        }, out);
    }

    // ---- JSON Lines (NDJSON) output

    /**
     * Writes JSON Lines: each value compactly (never pretty-printed, even when this writer is, since
     * a value must stay on one line), followed by a line feed ({@code \n}), as UTF-8 through a
     * 64 KiB buffer; {@code out} is flushed at the end and not closed. Every other option of this
     * writer applies. A value that cannot be written throws after the lines before it were written
     * (some of its own bytes may have been written too).
     *
     * @param values the values, one per line, in iteration order
     * @param out the stream the UTF-8 lines go to
     * @return the number of lines written
     * @throws JsonWriteException when a value has no JSON form (the path is within that value)
     * @throws UncheckedIOException when the stream fails
     */
    public long writeLines(Iterable<?> values, OutputStream out) {
        Objects.requireNonNull(values, "values");
        Generator g = lineGenerator(out);
        long n = 0;
        try {
            for (Object value : values) {
                line(g, value);
                n++;
            }
        } catch (RuntimeException e) {
            throw finishAfter(e, g, out);
        } catch (Error e) {
            throw finishAfter(e, g, out);
        }
        finishLines(g, out);
        return n;
    }

    /**
     * {@link #writeLines(Iterable, OutputStream)} of a stream's values, in its encounter order; the
     * stream is consumed (not closed).
     *
     * @param values the values, one per line
     * @param out the stream the UTF-8 lines go to
     * @return the number of lines written
     * @throws JsonWriteException when a value has no JSON form
     * @throws UncheckedIOException when the stream fails
     */
    public long writeLines(java.util.stream.Stream<?> values, OutputStream out) {
        Objects.requireNonNull(values, "values");
        Generator g = lineGenerator(out);
        long[] n = new long[1];
        try {
            values.forEachOrdered(value -> {
                line(g, value);
                n[0]++;
            });
        } catch (RuntimeException e) {
            throw finishAfter(e, g, out);
        } catch (Error e) {
            throw finishAfter(e, g, out);
        }
        finishLines(g, out);
        return n[0];
    }

    /** One line: the value and a line feed; a value that fails leaves none of its bytes that are still held. */
    private static void line(Generator g, Object value) {
        int at = g.position();
        long drained = g.drainedBytes();
        try {
            run(g, value);
        } catch (RuntimeException | Error e) {
            if (g.drainedBytes() == drained) {
                g.backTo(at);
            }
            throw e;
        }
        g.writeLineEnd();
    }

    private Generator lineGenerator(OutputStream out) {
        Objects.requireNonNull(out, "out");
        return new Generator(lineConfig, new byte[1 << 16], (b, len) -> {
            try {
                out.write(b, 0, len);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return len;
        });
    }

    /** After a failure: the lines before it still go out, as documented; a failure of that is added to it. */
    private static <E extends Throwable> E finishAfter(E failure, Generator g, OutputStream out) {
        try {
            finishLines(g, out);
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
        return failure;
    }

    private static void finishLines(Generator g, OutputStream out) {
        g.drainAll();
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(Generator g, Object value) {
        try {
            g.writeRoot(value);
        } catch (WriteFailure f) {
            throw new JsonWriteException(f.getMessage(), f.path());
        }
    }

    /** Options for a {@link JsonWriter}. Not thread-safe; the writer it builds is. */
    public static final class Builder {
        private boolean pretty;
        private int indent = 2;
        private boolean asciiOnly;
        private boolean scriptSafe;
        private boolean sortKeys;
        private boolean allowNonFinite;
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private final Map<Class<?>, Function<Object, Object>> encoders = new LinkedHashMap<>();
        private dev.hyson.bind.Binder binder = dev.hyson.bind.Binder.defaults();

        private Builder() {
        }

        /**
         * @param pretty true for one member or element per line, indented; false (default) for compact output
         * @return this builder
         */
        public Builder pretty(boolean pretty) {
            this.pretty = pretty;
            return this;
        }

        /**
         * Pretty output indented by {@code width} spaces per level (sets {@link #pretty(boolean)}).
         *
         * @param width 0 to 16 spaces; default 2
         * @return this builder
         * @throws IllegalArgumentException outside 0..16
         */
        public Builder indent(int width) {
            if (width < 0 || width > 16) {
                throw new IllegalArgumentException("indent must be 0..16 spaces: " + width);
            }
            this.indent = width;
            this.pretty = true;
            return this;
        }

        /**
         * @param asciiOnly escape every non-ASCII char as {@code \\uXXXX} (surrogate pairs for supplementary code points)
         * @return this builder
         */
        public Builder asciiOnly(boolean asciiOnly) {
            this.asciiOnly = asciiOnly;
            return this;
        }

        /**
         * @param scriptSafe also escape '/', U+2028 and U+2029, so the output can be embedded in an
         *     HTML script element or evaluated as JavaScript (ruby/json's {@code script_safe})
         * @return this builder
         */
        public Builder scriptSafe(boolean scriptSafe) {
            this.scriptSafe = scriptSafe;
            return this;
        }

        /**
         * @param sortKeys write object members sorted by name ({@link String#compareTo}, UTF-16 order) instead of map order
         * @return this builder
         */
        public Builder sortKeys(boolean sortKeys) {
            this.sortKeys = sortKeys;
            return this;
        }

        /**
         * @param allow non-standard: write NaN and infinities as the literals {@code NaN},
         *     {@code Infinity} and {@code -Infinity} instead of failing; default false
         * @return this builder
         */
        public Builder allowNonFinite(boolean allow) {
            this.allowNonFinite = allow;
            return this;
        }

        /**
         * @param depth maximum nesting, at least 1; default {@value JsonWriter#DEFAULT_MAX_DEPTH}
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
         * Registers how to write values of {@code type} (and of its subtypes, when no encoder is
         * registered for the subtype itself; among supertypes the first registered wins). An encoder
         * takes precedence over hyson's built-in handling of any type other than {@code String},
         * the boxed primitives, {@code HashMap}, {@code LinkedHashMap}, {@code TreeMap} and
         * {@code ArrayList}.
         *
         * @param <T> the type
         * @param type the class whose instances the encoder converts
         * @param encoder returns the value to write in their place
         * @return this builder
         * @throws NullPointerException when {@code type} or {@code encoder} is null
         */
        @SuppressWarnings("unchecked")
        public <T> Builder encoder(Class<T> type, JsonEncoder<? super T> encoder) {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(encoder, "encoder");
            encoders.put(type, v -> ((JsonEncoder<Object>) encoder).encode(v));
            return this;
        }

        /**
         * @param binder how records and classes are written (member names, omitted values) and which
         *     user codecs apply (default {@link dev.hyson.bind.Binder#defaults()}); the same binder given
         *     to a {@code JsonReader} reads the output back
         * @return this builder
         */
        public Builder binder(dev.hyson.bind.Binder binder) {
            this.binder = Objects.requireNonNull(binder, "binder");
            return this;
        }

        /** @return an immutable, thread-safe writer with these options */
        public JsonWriter build() {
            return new JsonWriter(this);
        }
    }
}
