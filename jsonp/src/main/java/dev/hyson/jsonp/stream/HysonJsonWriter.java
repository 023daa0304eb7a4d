package dev.hyson.jsonp.stream;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import java.io.Closeable;
import java.io.IOException;

/**
 * The JSON-P writer ({@link JsonWriter}): one value written through a {@link HysonGenerator} and
 * flushed to the output. One of the write methods may be called once; a second call, or one after
 * {@link #close()}, throws {@link IllegalStateException}. {@link #close()} closes the output. I/O
 * errors are {@link JsonException}s.
 *
 * <p>Not thread-safe.
 */
public final class HysonJsonWriter implements JsonWriter {
    private final HysonGenerator generator;
    private final Closeable out;
    private boolean used;
    private boolean closed;

    /**
     * @param generator the generator over the output
     * @param out the output, closed by {@link #close()} when nothing was written (the generator closes it otherwise)
     */
    public HysonJsonWriter(HysonGenerator generator, Closeable out) {
        this.generator = generator;
        this.out = out;
    }

    @Override
    public void writeArray(JsonArray array) {
        write((JsonValue) array);
    }

    @Override
    public void writeObject(JsonObject object) {
        write((JsonValue) object);
    }

    @Override
    public void write(JsonStructure value) {
        write((JsonValue) value);
    }

    @Override
    public void write(JsonValue value) {
        if (closed) {
            throw new IllegalStateException("the writer is closed");
        }
        if (used) {
            throw new IllegalStateException("a JsonWriter writes one value, and it was written");
        }
        if (value == null) {
            throw new NullPointerException("value");
        }
        used = true;
        generator.write(value);
        generator.flush();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (used) {
            generator.close();
        } else {
            try {
                out.close();
            } catch (IOException e) {
                throw new JsonException("I/O error while closing the JSON output: " + e.getMessage(), e);
            }
        }
    }
}
