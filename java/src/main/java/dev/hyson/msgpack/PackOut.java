package dev.hyson.msgpack;

import dev.hyson.bind.ValueOut;
import dev.hyson.internal.write.WriteFailure;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/** The {@link ValueOut} a user codec packs through: sizes are written up front and then checked. */
final class PackOut implements ValueOut {
    private final ValuePacker v;
    private final MessagePacker p;
    private final int base;
    private int level;
    private long[] left = new long[8];
    private boolean[] object = new boolean[8];
    private boolean nameDue;
    private int roots;

    PackOut(ValuePacker v, MessagePacker p, int base) {
        this.v = v;
        this.p = p;
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
        if (left[level]-- <= 0) {
            throw new IllegalStateException("more elements than the array's declared size");
        }
    }

    private void open(boolean isObject, int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative size " + n);
        }
        before();
        if (isObject) {
            p.packMapHeader(n);
        } else {
            p.packArrayHeader(n);
        }
        if (++level == left.length) {
            left = Arrays.copyOf(left, level * 2);
            object = Arrays.copyOf(object, level * 2);
        }
        left[level] = n;
        object[level] = isObject;
    }

    private void close(boolean isObject) {
        if (level == 0 || object[level] != isObject || nameDue) {
            throw new IllegalStateException((isObject ? "endObject" : "endArray") + " without its begin");
        }
        if (left[level] != 0) {
            throw new IllegalStateException((isObject ? "an object" : "an array") + " closed with " + left[level]
                    + " of its declared entries not written");
        }
        level--;
    }

    void finish(Object codec) {
        if (level != 0 || roots != 1) {
            throw new WriteFailure("codec " + codec.getClass().getName() + " must write exactly one complete value");
        }
    }

    @Override
    public void writeNull() {
        before();
        p.packNil();
    }

    @Override
    public void writeBoolean(boolean value) {
        before();
        p.packBoolean(value);
    }

    @Override
    public void writeLong(long value) {
        before();
        p.packLong(value);
    }

    @Override
    public void writeDouble(double value) {
        before();
        p.packDouble(value);
    }

    @Override
    public void writeBigInteger(java.math.BigInteger value) {
        before();
        v.writeValue(value, base + level + 1);
    }

    @Override
    public void writeBigDecimal(java.math.BigDecimal value) {
        before();
        v.writeValue(value, base + level + 1);
    }

    @Override
    public void writeString(String value) {
        before();
        p.packString(java.util.Objects.requireNonNull(value, "value"));
    }

    @Override
    public void writeBinary(byte[] value) {
        before();
        v.writeBytes(value);
    }

    @Override
    public void writeValue(Object value) {
        before();
        v.writeValue(value, base + level + 1);
    }

    @Override
    public void beginObject(int members) {
        open(true, members);
    }

    @Override
    public void writeName(String name) {
        if (level == 0 || !object[level] || nameDue) {
            throw new IllegalStateException(level == 0 || !object[level] ? "writeName outside an object" : "two names in a row");
        }
        if (left[level]-- <= 0) {
            throw new IllegalStateException("more members than the object's declared size");
        }
        v.packKey(name);
        nameDue = true;
    }

    @Override
    public void endObject() {
        close(true);
    }

    @Override
    public void beginArray(int elements) {
        open(false, elements);
    }

    @Override
    public void endArray() {
        close(false);
    }
}
