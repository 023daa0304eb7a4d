package dev.hyson.jsonp.stream;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerationException;
import jakarta.json.stream.JsonGenerator;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import dev.hyson.jsonp.value.ArrayValue;
import dev.hyson.jsonp.value.ObjectValue;
import java.util.Arrays;
import java.util.Map;

/**
 * The JSON-P generator ({@link JsonGenerator}) over hyson's writer ({@link dev.hyson.stream.JsonGenerator}):
 * hyson encodes and buffers, this class keeps the JSON-P state machine. A call that does not fit the
 * current context (a value without a name in an object, a name in an array, a second value at the top
 * level, an end with no open container) throws {@link JsonGenerationException}, and so does
 * {@link #close()} when the text is incomplete (no value, or an open container). A non-finite
 * {@code double} throws {@link NumberFormatException}. Doubles are written as
 * {@link BigDecimal#valueOf(double)} prints them, so what is read back equals
 * {@code Json.createValue(double)}. Write errors of the output are {@link JsonException}s.
 *
 * <p>Not thread-safe: one generator belongs to one thread at a time.
 */
public final class HysonGenerator implements JsonGenerator {
    private static final byte TOP = 0;
    private static final byte OBJECT = 1;
    private static final byte ARRAY = 2;

    private final dev.hyson.stream.JsonGenerator g;
    private final Closeable out;
    private byte[] stack = new byte[16];
    private int depth;
    /** In an object: whether a name was written and waits for its value. */
    private boolean named;
    /** At the top level: whether the one value was written (or started). */
    private boolean started;
    private boolean closed;

    /**
     * @param g hyson's generator (owned: closed by {@link #close()})
     * @param out the output, closed by {@link #close()} after {@code g} has flushed into it
     */
    public HysonGenerator(dev.hyson.stream.JsonGenerator g, Closeable out) {
        this.g = g;
        this.out = out;
    }

    private void beforeValue(String what) {
        if (closed) {
            throw new JsonGenerationException(what + ": the generator is closed");
        }
        switch (stack[depth]) {
            case TOP:
                if (started) {
                    throw new JsonGenerationException(what + ": a JSON text has one value at its top level, and it was written");
                }
                started = true;
                break;
            case OBJECT:
                if (!named) {
                    throw new JsonGenerationException(what + ": a value in an object needs a name first (writeKey or the named forms)");
                }
                named = false;
                break;
            default:
                break;
        }
    }

    private void name(String name, String what) {
        if (closed) {
            throw new JsonGenerationException(what + ": the generator is closed");
        }
        if (stack[depth] != OBJECT || named) {
            throw new JsonGenerationException(what + ": a name is written only inside an object, before each value");
        }
        if (name == null) {
            throw new NullPointerException("name");
        }
        try {
            g.writeName(name);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        named = true;
    }

    private void push(byte kind) {
        if (++depth == stack.length) {
            stack = Arrays.copyOf(stack, depth * 2);
        }
        stack[depth] = kind;
    }

    @Override
    public JsonGenerator writeStartObject() {
        beforeValue("writeStartObject()");
        try {
            g.writeStartObject();
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        push(OBJECT);
        return this;
    }

    @Override
    public JsonGenerator writeStartObject(String name) {
        name(name, "writeStartObject(name)");
        return writeStartObject();
    }

    @Override
    public JsonGenerator writeKey(String name) {
        name(name, "writeKey(name)");
        return this;
    }

    @Override
    public JsonGenerator writeStartArray() {
        beforeValue("writeStartArray()");
        try {
            g.writeStartArray();
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        push(ARRAY);
        return this;
    }

    @Override
    public JsonGenerator writeStartArray(String name) {
        name(name, "writeStartArray(name)");
        return writeStartArray();
    }

    @Override
    public JsonGenerator write(String name, JsonValue value) {
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator write(String name, String value) {
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator write(String name, BigInteger value) {
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator write(String name, BigDecimal value) {
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator write(String name, int value) {
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator write(String name, long value) {
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator write(String name, double value) {
        finite(value);
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator write(String name, boolean value) {
        name(name, "write(name, value)");
        return write(value);
    }

    @Override
    public JsonGenerator writeNull(String name) {
        name(name, "writeNull(name)");
        return writeNull();
    }

    @Override
    public JsonGenerator writeEnd() {
        byte kind = stack[depth];
        if (kind == TOP) {
            throw new JsonGenerationException("writeEnd(): no object or array is open");
        }
        if (named) {
            throw new JsonGenerationException("writeEnd(): a name was written without its value");
        }
        try {
            if (kind == OBJECT) {
                g.writeEndObject();
            } else {
                g.writeEndArray();
            }
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        depth--;
        return this;
    }

    @Override
    public JsonGenerator write(JsonValue value) {
        if (value == null) {
            throw new NullPointerException("value");
        }
        Object tree = value instanceof ObjectValue ? ((ObjectValue) value).parsedTree()
                : value instanceof ArrayValue ? ((ArrayValue) value).parsedTree() : null;
        if (tree != null) {
            // a tree hyson parsed: its writer takes it whole (maps, lists, strings, Long, BigInteger,
            // BigDecimal printed by toString(), as JsonNumber does)
            beforeValue("write(value)");
            try {
                g.writeValue(tree);
            } catch (RuntimeException e) {
                throw mapped(e);
            }
            return this;
        }
        switch (value.getValueType()) {
            case OBJECT:
                writeStartObject();
                for (Map.Entry<String, JsonValue> e : ((JsonObject) value).entrySet()) {
                    write(e.getKey(), e.getValue());
                }
                return writeEnd();
            case ARRAY:
                writeStartArray();
                for (JsonValue v : (JsonArray) value) {
                    write(v);
                }
                return writeEnd();
            case STRING:
                return write(((JsonString) value).getString());
            case NUMBER:
                beforeValue("write(value)");
                String text = ((JsonNumber) value).toString();
                try {
            g.writeRaw(text);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
                return this;
            case TRUE:
                return write(true);
            case FALSE:
                return write(false);
            default:
                return writeNull();
        }
    }

    @Override
    public JsonGenerator write(String value) {
        if (value == null) {
            throw new NullPointerException("value");
        }
        beforeValue("write(value)");
        try {
            g.writeString(value);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    @Override
    public JsonGenerator write(BigDecimal value) {
        if (value == null) {
            throw new NullPointerException("value");
        }
        beforeValue("write(value)");
        try {
            if (value.getClass() == BigDecimal.class) {
                g.writeNumber(value); // its toString(), ASCII, copied without encoding
            } else {
                g.writeRaw(value.toString()); // a subclass: its own text, as JSON-P prints it
            }
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    @Override
    public JsonGenerator write(BigInteger value) {
        if (value == null) {
            throw new NullPointerException("value");
        }
        beforeValue("write(value)");
        try {
            g.writeNumber(value);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    @Override
    public JsonGenerator write(int value) {
        beforeValue("write(value)");
        try {
            g.writeNumber(value);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    @Override
    public JsonGenerator write(long value) {
        beforeValue("write(value)");
        try {
            g.writeNumber(value);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    @Override
    public JsonGenerator write(double value) {
        finite(value);
        beforeValue("write(value)");
        BigDecimal text = BigDecimal.valueOf(value);
        try {
            g.writeNumber(text);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    private static void finite(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new NumberFormatException("JSON has no " + value);
        }
    }

    @Override
    public JsonGenerator write(boolean value) {
        beforeValue("write(value)");
        try {
            g.writeBoolean(value);
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    @Override
    public JsonGenerator writeNull() {
        beforeValue("writeNull()");
        try {
            g.writeNull();
        } catch (RuntimeException e) {
            throw mapped(e);
        }
        return this;
    }

    @Override
    public void flush() {
        run(() -> {
            g.flush();
            if (out instanceof java.io.Flushable) {
                try {
                    ((java.io.Flushable) out).flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
    }

    /**
     * Flushes and closes the output when the text is complete; otherwise writes nothing more, leaves
     * the output open (as the JSON-P TCK requires) and reports the incomplete text.
     *
     * @throws JsonGenerationException when no value was written or a container is still open
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (depth != 0 || !started) {
            // nothing more reaches the output (an incomplete text is not flushed), which stays open
            throw new JsonGenerationException("close(): the JSON text is incomplete ("
                    + (started ? depth + " containers still open" : "no value was written") + ")");
        }
        run(() -> {
            g.close();
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static void run(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            throw mapped(e);
        }
    }

    /** hyson's errors as JSON-P's: I/O as {@link JsonException}, a value hyson cannot write as {@link JsonGenerationException}. */
    private static RuntimeException mapped(RuntimeException e) {
        if (e instanceof UncheckedIOException) {
            return new JsonException("I/O error while writing JSON: " + e.getCause().getMessage(), e.getCause());
        } else if (e instanceof dev.hyson.JsonWriteException) {
            return new JsonGenerationException(e.getMessage(), e);
        }
        return e;
    }
}
