package dev.hyson.internal.write;

import dev.hyson.bind.ValueOut;
import java.util.Arrays;

/** The {@link ValueOut} a user codec writes JSON through: it checks structure, places separators and indents. */
final class JsonCodecOut implements ValueOut {
    private final Generator g;
    private final int base;
    private int level;
    private boolean[] object = new boolean[8];
    private boolean[] first = new boolean[8];
    private boolean nameDue;
    private int roots;
    /**
     * Per level from 2 on, what stands for that container on the writer's path (its depth and cycle
     * checks): an object of its own, so that nested levels of one codec are not taken for a cycle. Level
     * 1 is the codec's value, already on the path.
     */
    private Object[] marks = new Object[8];

    JsonCodecOut(Generator g, int base) {
        this.g = g;
        this.base = base;
    }

    private void before() {
        if (level == 0) {
            if (roots++ > 0) {
                throw new IllegalStateException("a codec writes exactly one value; this is a second one");
            }
            return;
        }
        if (object[level]) {
            if (!nameDue) {
                throw new IllegalStateException("a value where a member name is due (call writeName first)");
            }
            nameDue = false;
            return;
        }
        if (!first[level]) {
            g.writeRaw((byte) ',');
        }
        first[level] = false;
        if (g.cfg.pretty) {
            g.newline(base + level);
        }
    }

    private void open(boolean isObject, byte b) {
        before();
        g.writeRaw(b);
        if (++level == object.length) {
            object = Arrays.copyOf(object, level * 2);
            first = Arrays.copyOf(first, level * 2);
        }
        object[level] = isObject;
        first[level] = true;
        if (level > 1) {
            if (level >= marks.length) {
                marks = Arrays.copyOf(marks, level * 2);
            }
            Object mark = marks[level];
            if (mark == null) {
                mark = marks[level] = new Object();
            }
            g.enter(mark, base + level - 1); // the container's own depth: its members are one deeper
        }
    }

    private void close(boolean isObject, byte b) {
        if (level == 0 || object[level] != isObject || nameDue) {
            throw new IllegalStateException((isObject ? "endObject" : "endArray") + " without its begin"
                    + (nameDue ? " (a member name has no value)" : ""));
        }
        boolean empty = first[level];
        level--;
        if (!empty && g.cfg.pretty) {
            g.newline(base + level);
        }
        g.writeRaw(b);
    }

    void finish(Object codec) {
        if (level != 0 || roots != 1) {
            throw new WriteFailure("codec " + codec.getClass().getName() + " must write exactly one complete value"
                    + (level != 0 ? " (" + level + " containers left open)" : ""));
        }
    }

    @Override
    public void writeNull() {
        before();
        g.writeNull();
    }

    @Override
    public void writeBoolean(boolean value) {
        before();
        g.writeBoolean(value);
    }

    @Override
    public void writeLong(long value) {
        before();
        g.writeLong(value);
    }

    @Override
    public void writeDouble(double value) {
        before();
        g.writeDouble(value);
    }

    @Override
    public void writeBigInteger(java.math.BigInteger value) {
        String text = JsonNumbers.numberText(java.util.Objects.requireNonNull(value, "value")); // a subclass may print anything
        before();
        g.writeAscii(text);
    }

    @Override
    public void writeBigDecimal(java.math.BigDecimal value) {
        String text = JsonNumbers.numberText(java.util.Objects.requireNonNull(value, "value"));
        before();
        g.writeAscii(text);
    }

    @Override
    public void writeString(String value) {
        before();
        g.writeString(java.util.Objects.requireNonNull(value, "value"));
    }

    @Override
    public void writeBinary(byte[] value) {
        before();
        g.writeString(java.util.Base64.getEncoder().encodeToString(value));
    }

    @Override
    public void writeValue(Object value) {
        before();
        g.writeValue(value, base + level); // a member or element of the container at base + level - 1
    }

    @Override
    public void beginObject(int members) {
        open(true, (byte) '{');
    }

    @Override
    public void writeName(String name) {
        if (level == 0 || !object[level] || nameDue) {
            throw new IllegalStateException(level == 0 || !object[level] ? "writeName outside an object" : "two names in a row");
        }
        if (!first[level]) {
            g.writeRaw((byte) ',');
        }
        first[level] = false;
        if (g.cfg.pretty) {
            g.newline(base + level);
        }
        g.writeKey(name);
        nameDue = true;
    }

    @Override
    public void endObject() {
        close(true, (byte) '}');
    }

    @Override
    public void beginArray(int elements) {
        open(false, (byte) '[');
    }

    @Override
    public void endArray() {
        close(false, (byte) ']');
    }
}
