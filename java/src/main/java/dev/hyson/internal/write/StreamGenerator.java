package dev.hyson.internal.write;

import dev.hyson.JsonWriteException;
import dev.hyson.internal.stream.StreamParser;
import dev.hyson.stream.JsonGenerator;
import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The {@link JsonGenerator}: the {@link Generator}'s output methods (its fixed buffer drained into a
 * sink, its string escaping, number formatting and name cache) driven token by token, with the
 * structure kept in three small per-level arrays.
 */
public final class StreamGenerator implements JsonGenerator {
    private final Generator g;
    private final Flushable target;
    private final int maxDepth;
    private final boolean pretty;
    /** Whether raw string content from a parser may be copied as it is (no option escapes more than JSON must). */
    private final boolean copyUtf8;
    private final boolean copyAscii;
    private final WriteConfig cfg;
    /** The loop that copies containers from a hyson parser, made on first use. */
    private TapeCopy tapeCopy;

    private int level;
    private boolean[] object = new boolean[16];
    private boolean[] first = new boolean[16];
    /** Per open object, the last name written (for the pointer in errors); per array, the element count. */
    private String[] names = new String[16];
    private int[] counts = new int[16];
    private boolean nameDue;
    private boolean rootDone;
    private boolean closed;

    /**
     * @param cfg the writer's options
     * @param buffer the fixed output buffer
     * @param sink where full buffers go
     * @param target flushed by {@link #flush()}, or null
     */
    public StreamGenerator(WriteConfig cfg, byte[] buffer, Generator.Sink sink, Flushable target) {
        this.g = new Generator(cfg, buffer, sink);
        this.target = target;
        this.maxDepth = cfg.maxDepth;
        this.pretty = cfg.pretty;
        this.copyUtf8 = !cfg.asciiOnly && !cfg.scriptSafe;
        this.copyAscii = !cfg.scriptSafe;
        this.cfg = cfg;
    }

    private IllegalStateException misuse(String what) {
        return new IllegalStateException(what + " at " + (pointer().isEmpty() ? "the top level" : pointer()));
    }

    /** The JSON Pointer of the position being written. */
    private String pointer() {
        return pointer(level);
    }

    /**
     * The JSON Pointer of the position being written inside the first {@code levels} open containers;
     * in an object with no member named yet, the object's own ({@code "/"} would name the member {@code ""}).
     */
    private String pointer(int levels) {
        StringBuilder b = new StringBuilder();
        for (int d = 1; d <= levels; d++) {
            if (object[d]) {
                String n = names[d];
                if (n == null) {
                    break;
                }
                b.append('/').append(n.replace("~", "~0").replace("/", "~1"));
            } else {
                b.append('/');
                b.append(Math.max(0, counts[d] - 1));
            }
        }
        return b.toString();
    }

    /**
     * The location of the position being written inside the first {@code levels} open containers, as
     * {@link JsonWriteException#path()} gives it ({@code $} for the top level, {@code $.users[3]}).
     */
    private String path(int levels) {
        StringBuilder b = new StringBuilder("$");
        for (int d = 1; d <= levels; d++) {
            if (object[d]) {
                if (names[d] != null) {
                    b.append(WriteFailure.memberSegment(names[d]));
                }
            } else {
                b.append('[').append(Math.max(0, counts[d] - 1)).append(']');
            }
        }
        return b.toString();
    }

    /**
     * What the write that failed said, once one has: its separator or part of it may be out, so no
     * later call may make the output look whole.
     */
    private String failedBy;

    /** Fails a call on a closed generator or one whose earlier write failed. */
    private void usable(String what) {
        if (closed) {
            throw new IllegalStateException("the generator is closed");
        }
        if (failedBy != null) {
            throw new IllegalStateException(what + " after a write that failed (" + failedBy + "): the output is incomplete");
        }
    }

    /** Places the separator before a value and checks that a value may come here. */
    private void before(String what) {
        usable(what);
        int d = level;
        if (d == 0) {
            if (rootDone) {
                throw misuse(what + ": a JSON text holds one value, and it is complete");
            }
            rootDone = true;
            return;
        }
        if (object[d]) {
            if (!nameDue) {
                // the position is the object itself (no member of it yet named): the pointer of the object
                String at = pointer(d - 1);
                throw new IllegalStateException(what + " where a member name is due (call writeName first) in the object at "
                        + (at.isEmpty() ? "the top level" : at));
            }
            nameDue = false;
            return;
        }
        counts[d]++;
        if (!first[d]) {
            g.writeRaw((byte) ',');
        }
        first[d] = false;
        if (pretty) {
            g.newline(d);
        }
    }

    private void open(boolean isObject, byte b) {
        before(isObject ? "writeStartObject" : "writeStartArray");
        if (level >= maxDepth) {
            failedBy = "nesting deeper than maxDepth (" + maxDepth + ")";
            throw new JsonWriteException(failedBy, path(level));
        }
        g.writeRaw(b);
        int d = ++level;
        if (d == object.length) {
            object = Arrays.copyOf(object, d * 2);
            first = Arrays.copyOf(first, d * 2);
            names = Arrays.copyOf(names, d * 2);
            counts = Arrays.copyOf(counts, d * 2);
        }
        object[d] = isObject;
        first[d] = true;
        names[d] = null;
        counts[d] = 0;
    }

    private void close(boolean isObject, byte b) {
        String what = isObject ? "writeEndObject" : "writeEndArray";
        usable(what);
        if (level == 0) {
            throw misuse(what + " without its start");
        }
        if (object[level] != isObject) {
            throw misuse(what + " inside an " + (isObject ? "array" : "object"));
        }
        if (nameDue) {
            throw misuse(what + " after a member name with no value");
        }
        boolean empty = first[level];
        names[level] = null;
        level--;
        if (!empty && pretty) {
            g.newline(level);
        }
        g.writeRaw(b);
    }

    @Override
    public JsonGenerator writeStartObject() {
        open(true, (byte) '{');
        return this;
    }

    @Override
    public JsonGenerator writeEndObject() {
        close(true, (byte) '}');
        return this;
    }

    @Override
    public JsonGenerator writeStartArray() {
        open(false, (byte) '[');
        return this;
    }

    @Override
    public JsonGenerator writeEndArray() {
        close(false, (byte) ']');
        return this;
    }

    @Override
    public JsonGenerator writeName(String name) {
        java.util.Objects.requireNonNull(name, "name");
        nameStep("writeName");
        names[level] = name;
        try {
            g.writeKey(name);
        } catch (WriteFailure f) {
            throw failure(f);
        }
        return this;
    }

    /** Checks that a name may come here and writes the separator before it. */
    private void nameStep(String what) {
        usable(what);
        int d = level;
        if (d == 0 || !object[d]) {
            throw misuse(what + " outside an object");
        }
        if (nameDue) {
            throw misuse(what + " where the previous member's value is due");
        }
        if (!first[d]) {
            g.writeRaw((byte) ',');
        }
        first[d] = false;
        if (pretty) {
            g.newline(d);
        }
        nameDue = true;
    }

    @Override
    public JsonGenerator writeString(String value) {
        if (value == null) {
            return writeNull();
        }
        before("writeString");
        g.writeString(value);
        return this;
    }

    @Override
    public JsonGenerator writeNumber(int value) {
        before("writeNumber");
        g.writeLong(value);
        return this;
    }

    @Override
    public JsonGenerator writeNumber(long value) {
        before("writeNumber");
        g.writeLong(value);
        return this;
    }

    @Override
    public JsonGenerator writeNumber(double value) {
        before("writeNumber");
        try {
            g.writeDouble(value);
        } catch (WriteFailure f) {
            throw failure(f);
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(float value) {
        before("writeNumber");
        try {
            g.writeFloat(value);
        } catch (WriteFailure f) {
            throw failure(f);
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(BigInteger value) {
        if (value == null) {
            return writeNull();
        }
        return writeNumberText(value);
    }

    @Override
    public JsonGenerator writeNumber(BigDecimal value) {
        if (value == null) {
            return writeNull();
        }
        return writeNumberText(value);
    }

    /**
     * A big number's text, checked before anything is written: a subclass whose {@code toString} is not
     * a JSON number is a {@link JsonWriteException} and the output stays as it was.
     */
    private JsonGenerator writeNumberText(Number value) {
        usable("writeNumber");
        String text;
        try {
            text = JsonNumbers.numberText(value);
        } catch (WriteFailure f) {
            throw new JsonWriteException(f.getMessage(), path(level));
        }
        before("writeNumber");
        g.writeAscii(text);
        return this;
    }

    @Override
    public JsonGenerator writeBoolean(boolean value) {
        before("writeBoolean");
        g.writeBoolean(value);
        return this;
    }

    @Override
    public JsonGenerator writeNull() {
        before("writeNull");
        g.writeNull();
        return this;
    }

    @Override
    public JsonGenerator writeValue(Object value) {
        before("writeValue");
        try {
            g.writeNested(value, level);
        } catch (WriteFailure f) {
            throw failure(f);
        }
        return this;
    }

    @Override
    public JsonGenerator writeRaw(String json) {
        java.util.Objects.requireNonNull(json, "json");
        before("writeRaw");
        g.writeAsciiOrUtf8(json);
        return this;
    }

    private JsonWriteException failure(WriteFailure f) {
        return failure(f, level);
    }

    /** @param levels the open containers the failure's own path ({@code $...}) is inside */
    private JsonWriteException failure(WriteFailure f, int levels) {
        String inner = f.path();
        failedBy = f.getMessage();
        return new JsonWriteException(f.getMessage(), path(levels) + (inner == null ? "" : inner.substring(Math.min(1, inner.length()))));
    }

    @Override
    public JsonGenerator copyCurrentStructure(JsonParser parser) {
        return copy(parser, null);
    }

    @Override
    public JsonGenerator copyCurrentStructure(JsonParser parser, dev.hyson.DuplicateKeyPolicy repeatedNames) {
        return copy(parser, repeatedNames);
    }

    private JsonGenerator copy(JsonParser parser, dev.hyson.DuplicateKeyPolicy repeatedNames) {
        JsonToken t = parser.currentToken();
        if (t == null || t.isEnd()) {
            throw new IllegalStateException("copyCurrentStructure needs the parser at a value or a name, not at " + t);
        }
        StreamParser raw = parser instanceof StreamParser ? (StreamParser) parser : null;
        if (raw == null) {
            return JsonGenerator.super.copyCurrentStructure(parser, repeatedNames);
        }
        if (t == JsonToken.NAME) {
            if (!copyRaw(raw, true)) {
                writeName(parser.getString());
            }
            t = parser.nextToken();
        }
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
            boolean isObject = t == JsonToken.START_OBJECT;
            open(isObject, isObject ? (byte) '{' : (byte) '[');
            TapeCopy c = tapeCopy;
            if (c == null || c.parser() != raw || c.policy() != repeatedNames) {
                c = tapeCopy = new TapeCopy(raw, g, cfg, repeatedNames);
            }
            try {
                first[level] = !c.copy(isObject, level);
            } catch (WriteFailure f) {
                throw failure(f, level - 1); // the copy's path starts inside the container it copies
            }
            close(isObject, isObject ? (byte) '}' : (byte) ']');
            return this;
        }
        switch (t) {
            case STRING:
                if (!copyRaw(raw, false)) {
                    writeString(parser.getString());
                }
                break;
            case NUMBER:
                switch (parser.numberType()) {
                    case INT:
                    case LONG:
                        return writeNumber(parser.getLong());
                    case DOUBLE:
                        return writeNumber(parser.getDouble());
                    case BIG_INTEGER:
                        return writeNumber(parser.getBigInteger());
                    default:
                        return writeNumber(parser.getBigDecimal());
                }
            case TRUE:
                return writeBoolean(true);
            case FALSE:
                return writeBoolean(false);
            case NULL:
                return writeNull();
            default:
                throw new IllegalStateException("a name with no value after it (at " + parser.location() + ")");
        }
        return this;
    }

    /** Copies the parser's current string or name content byte for byte when these options escape nothing in it. */
    private boolean copyRaw(StreamParser p, boolean name) {
        long span = p.rawSpan();
        if (span < 0 || !(p.rawAscii() ? copyAscii : copyUtf8)) {
            return false;
        }
        if (name) {
            nameStep("writeName");
            names[level] = p.getString(); // for the path of an error
            g.writeQuoted(p.spans(), (int) (span >>> 32), (int) span);
            g.writeRaw((byte) ':');
            if (pretty) {
                g.writeRaw((byte) ' ');
            }
        } else {
            before("writeString");
            g.writeQuoted(p.spans(), (int) (span >>> 32), (int) span);
        }
        return true;
    }

    @Override
    public void flush() {
        g.drainAll();
        if (target != null) {
            try {
                target.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        flush();
        closed = true;
        if (level > 0 && failedBy == null) { // (after a failed write the caller had its exception)
            String at = pointer();
            throw new IllegalStateException("close() with " + level + (level == 1 ? " container" : " containers")
                    + " open, at " + (at.isEmpty() ? "the top level" : at));
        }
    }
}
