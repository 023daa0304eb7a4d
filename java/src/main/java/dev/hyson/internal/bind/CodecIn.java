package dev.hyson.internal.bind;

import dev.hyson.TypeRef;
import dev.hyson.bind.ValueIn;
import dev.hyson.bind.ValueType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The {@link ValueIn} a user codec reads through: the {@link TapeReader}, with each failure turned
 * into the documented public exception ({@code JsonParseException} or {@code MessagePackException},
 * with location and pointer) at once, so that a codec can catch it and try another reading.
 */
final class CodecIn implements ValueIn {
    private final TapeReader r;

    CodecIn(TapeReader r) {
        this.r = r;
    }

    private RuntimeException fail(BindFailure f) {
        return r.toPublic(f);
    }

    @Override
    public ValueType type() {
        return r.type();
    }

    @Override
    public boolean isNull() {
        return r.isNull();
    }

    @Override
    public String readString() {
        int at = r.i;
        try {
            return r.readString();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public int readInt() {
        int at = r.i;
        try {
            return r.readInt();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public long readLong() {
        int at = r.i;
        try {
            return r.readLong();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public double readDouble() {
        int at = r.i;
        try {
            return r.readDouble();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public BigDecimal readBigDecimal() {
        int at = r.i;
        try {
            return r.readBigDecimal();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public BigInteger readBigInteger() {
        int at = r.i;
        try {
            return r.readBigInteger();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public boolean readBoolean() {
        int at = r.i;
        try {
            return r.readBoolean();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public byte[] readBinary() {
        int at = r.i;
        try {
            return r.readBinary();
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public void readNull() {
        try {
            r.readNull();
        } catch (BindFailure f) {
            throw fail(f);
        }
    }

    @Override
    public Object readTree() {
        return r.readTree();
    }

    @Override
    public <T> T read(Class<T> type) {
        int at = r.i;
        try {
            return r.read(type);
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public <T> T read(TypeRef<T> type) {
        int at = r.i;
        try {
            return r.read(type);
        } catch (BindFailure f) {
            r.i = at;
            throw fail(f);
        }
    }

    @Override
    public void skip() {
        r.skip();
    }

    @Override
    public String pointer() {
        return r.pointer();
    }

    @Override
    public RuntimeException failure(String message) {
        return r.failure(message);
    }
}
