package dev.hyson.internal.bind;

import dev.hyson.JsonParseException;
import dev.hyson.TypeRef;
import dev.hyson.bind.ValueIn;
import dev.hyson.bind.ValueType;
import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.number.NumberText;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapeMaterializer;
import dev.hyson.msgpack.MessagePackException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * The cursor every codec reads with: a position in a {@link Tape}, from JSON text or from
 * MessagePack (see {@link PackTape}). Each read consumes one value and moves past its entries.
 * Built-in codecs use its fields directly; user codecs see it as a {@link ValueIn}.
 *
 * <p>Strings come from their spans: a JSON tape's entry 0 points at the opening quote; a
 * MessagePack tape ({@link #packed}) has the content's offset in entry 1's high half. Numbers come
 * from their entries; a JSON number's text is read again only for {@code BigDecimal}, {@code float}
 * and integers beyond 64 bits.
 */
public final class TapeReader implements ValueIn {
    /** The tape's entries. */
    public final long[] t;
    /** The current entry. */
    public int i;
    /** The bytes the spans point into: the JSON text or the MessagePack input. */
    public final byte[] text;
    final Tape tape;
    /** Whether the tape comes from MessagePack. */
    public final boolean packed;
    final int start;
    final int end;
    final ReadConfig cfg;
    final Codecs codecs;
    /** For MessagePack: builds the tree of a value from its input offset. */
    final PackTape.Trees trees;

    /**
     * @param tape a complete tape
     * @param text the input the tape was scanned from
     * @param start the input's first byte
     * @param end the input's end
     * @param cfg the JSON reader's options (null for MessagePack)
     * @param codecs the binder's codecs
     * @param trees for a MessagePack tape, how a value becomes a tree; null for JSON
     */
    public TapeReader(Tape tape, byte[] text, int start, int end, ReadConfig cfg, Codecs codecs, PackTape.Trees trees) {
        this.t = tape.entries;
        this.tape = tape;
        this.text = text;
        this.start = start;
        this.end = end;
        this.cfg = cfg;
        this.codecs = codecs;
        this.trees = trees;
        this.packed = trees != null;
    }

    /** @return how repeated member names are resolved: the JSON reader's policy, last wins for MessagePack */
    public dev.hyson.DuplicateKeyPolicy duplicates() {
        return cfg == null ? dev.hyson.DuplicateKeyPolicy.LAST_WINS : cfg.duplicateKeys;
    }

    // ---- the value's shape

    /** @return the current entry's tag */
    public int tag() {
        return Tape.tag(t[i]);
    }

    @Override
    public ValueType type() {
        switch (tag()) {
            case Tape.OBJECT:
                return ValueType.OBJECT;
            case Tape.ARRAY:
                return ValueType.ARRAY;
            case Tape.INT64:
                return ValueType.INTEGER;
            case Tape.BIG_INTEGER:
                return ValueType.BIG_INTEGER;
            case Tape.DOUBLE:
            case Tape.BIG_DECIMAL:
                return ValueType.DECIMAL;
            case Tape.TRUE:
            case Tape.FALSE:
                return ValueType.BOOLEAN;
            case Tape.NULL:
                return ValueType.NULL;
            case PackTape.BINARY:
                return ValueType.BINARY;
            case PackTape.EXT:
                return ValueType.EXTENSION;
            default:
                return ValueType.STRING;
        }
    }

    @Override
    public boolean isNull() {
        return Tape.tag(t[i]) == Tape.NULL;
    }

    /** @return whether the current entry is a string of either span form */
    static boolean isString(int tag) {
        return tag >= Tape.STR_ASCII && tag <= Tape.STR_UTF16;
    }

    /** Where the current string's bytes start (STR_ASCII, STR_UTF8). */
    int spanStart() {
        return packed ? (int) (t[i + 1] >>> 32) : (int) Tape.payload(t[i]) + 1;
    }

    // ---- scalars

    @Override
    public String readString() {
        long e = t[i];
        if (Tape.tag(e) == Tape.STR_ASCII) {
            // the hot case, small enough to inline
            long e1 = t[i + 1];
            String s = ascii(text, packed ? (int) (e1 >>> 32) : (int) Tape.payload(e) + 1, (int) e1);
            i += 2;
            return s;
        }
        return readOtherString(e);
    }

    private String readOtherString(long e) {
        int tag = Tape.tag(e);
        String s;
        switch (tag) {
            case Tape.STR_ASCII:
                s = ascii(text, spanStart(), (int) t[i + 1]);
                break;
            case Tape.STR_UTF8:
                s = TapeMaterializer.utf8(text, spanStart(), (int) t[i + 1], tape);
                break;
            case Tape.STR_LATIN1:
            case Tape.STR_UTF16:
                s = decoded(e, t[i + 1]);
                break;
            case Tape.NULL:
                i++;
                return null;
            default:
                throw mismatch("a string");
        }
        i += 2;
        return s;
    }

    /**
     * A string of ASCII bytes: the deprecated {@code String(byte[], int hibyte, int, int)}, which for
     * a zero high byte is one array copy into a Latin-1 string, with no charset lookup or decoder
     * (what {@code new String(b, off, len, ISO_8859_1)} costs on JDK 17).
     */
    @SuppressWarnings("deprecation")
    static String ascii(byte[] b, int off, int len) {
        return new String(b, 0, off, len);
    }

    /**
     * A map key: a string through the shared {@link KeyCache} (as {@code parse} makes member names),
     * so the keys a document repeats, or documents share, are one instance each and cost no copy.
     */
    String readKey() {
        long e = t[i];
        int tag = Tape.tag(e);
        if ((tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) && (cfg == null || cfg.internKeys)) {
            long e1 = t[i + 1];
            int off = packed ? (int) (e1 >>> 32) : (int) Tape.payload(e) + 1;
            i += 2;
            return KeyCache.SHARED.lookup(text, off, (int) e1, tag == Tape.STR_ASCII);
        }
        return readString();
    }

    /** The string of an escaped (decoded) entry. */
    String decoded(long e, long e1) {
        int from = (int) (e1 >>> 32);
        int len = (int) e1;
        return Tape.tag(e) == Tape.STR_LATIN1
                ? new String(tape.latin1, from, len, StandardCharsets.ISO_8859_1)
                : new String(tape.utf16, from, len);
    }

    @Override
    public int readInt() {
        long v = readLong();
        if ((int) v != v) {
            i = lastStart;
            throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + v + " out of the int range");
        }
        return (int) v;
    }

    /** The start of the last value {@link #readLong} consumed, for its range errors. */
    private int lastStart;

    /**
     * An integer in {@code [min, max]}, for byte, short and char properties.
     *
     * @param min the smallest allowed
     * @param max the largest allowed
     * @param type the Java type's name, for the message
     * @return the integer
     */
    public long readRange(long min, long max, String type) {
        long v = readLong();
        if (v < min || v > max) {
            i = lastStart;
            throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + v + " out of the " + type + " range");
        }
        return v;
    }

    @Override
    public long readLong() {
        long e = t[i];
        lastStart = i;
        switch (Tape.tag(e)) {
            case Tape.INT64:
                i += 2;
                return t[i - 1];
            case Tape.DOUBLE: {
                double d = Double.longBitsToDouble(t[i + 1]);
                if (d != Math.rint(d) || Double.isInfinite(d)) {
                    throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + numberText() + " is not an integer");
                }
                BigDecimal exact = packed ? new BigDecimal(d) : decimalText();
                try {
                    long v = exact.longValueExact();
                    i += 2;
                    return v;
                } catch (ArithmeticException x) {
                    // the double rounded away a fraction (1e-400, 1.00000000000000000001), or the value is past a long
                    throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + numberText()
                            + (exact.stripTrailingZeros().scale() > 0 ? " is not an integer" : " out of the long range"));
                }
            }
            case Tape.BIG_INTEGER:
                throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + numberText() + " out of the long range");
            case Tape.BIG_DECIMAL: {
                BigDecimal b = decimalText();
                try {
                    long v = b.longValueExact();
                    i += 2;
                    return v;
                } catch (ArithmeticException x) {
                    throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + numberText() + " is not an integer in the long range");
                }
            }
            case Tape.NULL:
                throw mismatch("a number (null for a primitive)");
            default:
                throw mismatch("an integer");
        }
    }

    @Override
    public double readDouble() {
        long e = t[i];
        switch (Tape.tag(e)) {
            case Tape.DOUBLE:
                i += 2;
                return Double.longBitsToDouble(t[i - 1]);
            case Tape.INT64:
                i += 2;
                return (double) t[i - 1];
            case Tape.BIG_INTEGER:
            case Tape.BIG_DECIMAL: {
                double d = packed ? new BigDecimal(bigIntegerText()).doubleValue() : Double.parseDouble(numberText());
                if (Double.isInfinite(d) && !packed && (cfg == null || !cfg.allowInfinityForOverflow)) {
                    // bigDecimals(true) passed 1e400 on for BigDecimal properties; a double takes it as the scan would
                    throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + Scalars.clip(numberText())
                            + " out of the double range (allow infinities with JsonReader.Builder.allowInfinityForOverflow(true))");
                }
                i += 2;
                return d;
            }
            case Tape.NULL:
                throw mismatch("a number (null for a primitive)");
            default:
                throw mismatch("a number");
        }
    }

    /** @return the current number as the nearest float: from its JSON text (one rounding, not two) */
    public float readFloat() {
        int tag = Tape.tag(t[i]);
        if (tag == Tape.DOUBLE && !Double.isFinite(Double.longBitsToDouble(t[i + 1]))) {
            i += 2; // NaN or an infinity (allowNonFiniteLiterals, allowInfinityForOverflow): the float of the same
            return (float) Double.longBitsToDouble(t[i - 1]);
        }
        if (!packed && (tag == Tape.DOUBLE || tag == Tape.BIG_INTEGER || tag == Tape.BIG_DECIMAL)) {
            float f = Float.parseFloat(numberText());
            if (Float.isInfinite(f)) {
                throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + numberText() + " out of the float range");
            }
            i += 2;
            return f;
        }
        if (tag == Tape.DOUBLE) {
            double d = Double.longBitsToDouble(t[i + 1]);
            if (Double.isFinite(d) && Math.abs(d) > Float.MAX_VALUE && (float) d == (float) Double.POSITIVE_INFINITY * Math.signum(d)) {
                throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + d + " out of the float range");
            }
        }
        if (packed && tag == Tape.DOUBLE && PackTape.isFloat32(t[i])) {
            i += 2;
            return (float) Double.longBitsToDouble(t[i - 1]);
        }
        if (tag == Tape.INT64) {
            i += 2;
            return (float) t[i - 1];
        }
        return (float) readDouble();
    }

    @Override
    public BigDecimal readBigDecimal() {
        long e = t[i];
        BigDecimal b;
        switch (Tape.tag(e)) {
            case Tape.INT64:
                b = BigDecimal.valueOf(t[i + 1]);
                break;
            case Tape.DOUBLE:
                if (packed) {
                    double d = Double.longBitsToDouble(t[i + 1]);
                    if (!Double.isFinite(d)) {
                        throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + d + " has no BigDecimal");
                    }
                    b = PackTape.isFloat32(e) ? new BigDecimal(Float.toString((float) d)) : BigDecimal.valueOf(d);
                } else {
                    b = decimalText();
                }
                break;
            case Tape.BIG_INTEGER:
                b = new BigDecimal(packed ? bigIntegerText() : numberText());
                break;
            case Tape.BIG_DECIMAL:
                b = decimalText();
                break;
            case Tape.NULL:
                i++;
                return null;
            default:
                if (packed && isString(Tape.tag(e))) {
                    return (BigDecimal) PackTape.numberFromString(this, true);
                }
                throw mismatch("a number");
        }
        i += 2;
        return b;
    }

    @Override
    public BigInteger readBigInteger() {
        long e = t[i];
        BigInteger b;
        switch (Tape.tag(e)) {
            case Tape.INT64:
                b = BigInteger.valueOf(t[i + 1]);
                break;
            case Tape.BIG_INTEGER:
                b = new BigInteger(packed ? bigIntegerText() : numberText());
                break;
            case Tape.DOUBLE:
            case Tape.BIG_DECIMAL: {
                BigDecimal d = packed ? readBigDecimal() : decimalText();
                if (packed) {
                    i -= 2;
                }
                b = integral(d);
                break;
            }
            case Tape.NULL:
                i++;
                return null;
            default:
                if (packed && isString(Tape.tag(e))) {
                    return (BigInteger) PackTape.numberFromString(this, false);
                }
                throw mismatch("an integer");
        }
        i += 2;
        return b;
    }

    /** The most digits an integer made from a decimal's text (or a MessagePack str) may have. */
    int maxDigits() {
        return cfg == null ? 1000 : cfg.maxNumberLength;
    }

    /**
     * The integer a decimal stands for, in time linear in its text: {@code 1e-10000000} is refused
     * before any division, {@code 1e10000000} before a ten-million-digit number is made.
     */
    BigInteger integral(BigDecimal d) {
        if (d.signum() == 0) {
            return BigInteger.ZERO;
        }
        if (d.precision() - d.scale() <= 0) {
            throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + Scalars.clip(numberText()) + " is not an integer");
        }
        if (d.scale() > 0) {
            d = d.stripTrailingZeros();
            if (d.scale() > 0) {
                throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + Scalars.clip(numberText()) + " is not an integer");
            }
        }
        if ((long) d.precision() - d.scale() > maxDigits()) {
            throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + Scalars.clip(numberText()) + " has more than "
                    + maxDigits() + " digits (maxNumberLength)");
        }
        return d.toBigIntegerExact();
    }

    /** A MessagePack BIG_INTEGER: a uint64 above Long.MAX_VALUE, its bits in entry 1. */
    private String bigIntegerText() {
        return Long.toUnsignedString(t[i + 1]);
    }

    /** The current JSON number's text as a BigDecimal; its scale is checked (BigDecimal's is an int). */
    private BigDecimal decimalText() {
        if (tag() == Tape.DOUBLE && !Double.isFinite(Double.longBitsToDouble(t[i + 1]))) {
            throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + numberText() + " has no BigDecimal");
        }
        int off = (int) Tape.payload(t[i]);
        int len = numberLength(off);
        BigDecimal v = NumberText.bigDecimal(text, off, len);
        if (v == null) {
            throw fail(BindFailure.Problem.VALUE_OUT_OF_RANGE, "number " + numberText() + " out of the BigDecimal range");
        }
        return v;
    }

    /** The current number's text (JSON), or its value's text (MessagePack). */
    String numberText() {
        long e = t[i];
        if (packed) {
            switch (Tape.tag(e)) {
                case Tape.INT64:
                    return Long.toString(t[i + 1]);
                case Tape.BIG_INTEGER:
                    return bigIntegerText();
                default:
                    return Double.toString(Double.longBitsToDouble(t[i + 1]));
            }
        }
        if (Tape.tag(e) == Tape.DOUBLE && !Double.isFinite(Double.longBitsToDouble(t[i + 1]))) {
            return Double.toString(Double.longBitsToDouble(t[i + 1])); // a literal (NaN, Infinity) or an overflow read as one
        }
        int off = (int) Tape.payload(e);
        return new String(text, off, numberLength(off), StandardCharsets.ISO_8859_1);
    }

    /** The length of the JSON number at {@code off}: its characters run to the first byte no number has. */
    private int numberLength(int off) {
        int tag = tag();
        if (tag == Tape.BIG_INTEGER || tag == Tape.BIG_DECIMAL) {
            return (int) t[i + 1];
        }
        int j = off;
        while (j < end) {
            byte b = text[j];
            if ((b >= '0' && b <= '9') || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E') {
                j++;
            } else {
                break;
            }
        }
        return j - off;
    }

    @Override
    public boolean readBoolean() {
        switch (tag()) {
            case Tape.TRUE:
                i++;
                return true;
            case Tape.FALSE:
                i++;
                return false;
            case Tape.NULL:
                throw mismatch("a boolean (null for a primitive)");
            default:
                throw mismatch("a boolean");
        }
    }

    @Override
    public byte[] readBinary() {
        int tag = tag();
        if (tag == PackTape.BINARY) {
            int off = (int) Tape.payload(t[i]);
            byte[] b = Arrays.copyOfRange(text, off, off + PackTape.binaryLength(t[i + 1]));
            i += 2;
            return b;
        }
        if (tag == PackTape.EXT) {
            long e1 = t[i + 1];
            int off = (int) (Tape.payload(t[i]) & PackTape.OFFSET_MASK) + PackTape.extHeader(e1);
            byte[] b = Arrays.copyOfRange(text, off, off + PackTape.extLength(e1));
            i += 2;
            return b;
        }
        if (tag == Tape.NULL) {
            i++;
            return null;
        }
        if (!isString(tag)) {
            throw mismatch("base64 text or binary");
        }
        int at = i;
        String s = readString();
        try {
            return Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException x) {
            i = at;
            throw fail(BindFailure.Problem.INVALID_FORMAT, "invalid base64 (RFC 4648 section 4): " + x.getMessage());
        }
    }

    @Override
    public void readNull() {
        if (tag() != Tape.NULL) {
            throw mismatch("null");
        }
        i++;
    }

    @Override
    public Object readTree() {
        int tag = tag();
        if (packed) {
            switch (tag) {
                case Tape.OBJECT:
                case Tape.ARRAY:
                case PackTape.EXT: {
                    Object v = trees.treeAt(Tape.payload(t[i]));
                    skip();
                    return v;
                }
                case PackTape.BINARY:
                    return readBinary();
                default:
                    return scalarTree(tag);
            }
        }
        Object v = TapeMaterializer.materializeAt(tape, i, text, start, end, cfg, KeyCache.SHARED);
        i = tape.nextEntry;
        return v;
    }

    private Object scalarTree(int tag) {
        switch (tag) {
            case Tape.INT64:
                i += 2;
                return t[i - 1];
            case Tape.DOUBLE:
                if (PackTape.isFloat32(t[i])) {
                    i += 2;
                    return (float) Double.longBitsToDouble(t[i - 1]);
                }
                i += 2;
                return Double.longBitsToDouble(t[i - 1]);
            case Tape.BIG_INTEGER:
                return readBigInteger();
            case Tape.TRUE:
            case Tape.FALSE:
                return readBoolean();
            case Tape.NULL:
                i++;
                return null;
            default:
                return readString();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T read(Class<T> type) {
        Object v = readAs(type);
        return type.isPrimitive() ? (T) v : type.cast(v);
    }

    @SuppressWarnings("unchecked")
    @Override
    public <T> T read(TypeRef<T> type) {
        return (T) readAs(type.type());
    }

    private Object readAs(java.lang.reflect.Type type) {
        TapeCodec<?> c = codecs.forType(type);
        return readNullable(c);
    }

    /**
     * Reads the whole document's value.
     *
     * @param codec the root type's codec
     * @return the value
     * @throws BindFailure when it does not fit
     */
    public Object readRoot(TapeCodec<?> codec) {
        return readNullable(codec);
    }

    /** Reads a value with {@code codec}, or null for a null. */
    Object readNullable(TapeCodec<?> codec) {
        if (Tape.tag(t[i]) == Tape.NULL) {
            Object v = codec.nullValue(this);
            i++;
            return v;
        }
        return codec.read(this);
    }

    @Override
    public void skip() {
        i = TapeExtents.next(t, i);
    }

    /** Per container entry, the entry after the container; built on first {@link #skipContainer} (one pass), else null. */
    private int[] ends;

    /**
     * Skips the current value in constant time once the document's container ends are known: for
     * codecs that may skip the same subtree once per level of nesting (a discriminator that is not
     * the first member), which {@link #skip} would make quadratic.
     */
    void skipIndexed() {
        int tag = Tape.tag(t[i]);
        if (tag != Tape.OBJECT && tag != Tape.ARRAY) {
            skip();
            return;
        }
        if (ends == null) {
            ends = TapeExtents.ends(t, tape.size);
        }
        i = ends[i];
    }

    @Override
    public String pointer() {
        return Pointers.at(this, i);
    }

    /** The first entry of the value the innermost user codec is reading (its failures point there), or -1. */
    int codecValue = -1;

    @Override
    public RuntimeException failure(String message) {
        return toPublic(new BindFailure(BindFailure.Problem.INVALID_FORMAT, codecValue >= 0 ? codecValue : i, message, null));
    }

    // ---- errors

    /** A failure at the current value. */
    public BindFailure fail(BindFailure.Problem problem, String message) {
        return new BindFailure(problem, i, message, null);
    }

    /** A failure at entry {@code at}. */
    public BindFailure failAt(BindFailure.Problem problem, int at, String message, Throwable cause) {
        return new BindFailure(problem, at, message, cause);
    }

    /** The current value is not the {@code expected} one. */
    public BindFailure mismatch(String expected) {
        return new BindFailure(BindFailure.Problem.TYPE_MISMATCH, i, "expected " + expected + ", found " + BindErrors.found(tag()), null);
    }

    /**
     * The public exception for a failure: a {@link JsonParseException} with line, column, byte and
     * pointer for JSON, a {@link MessagePackException} with byte and pointer for MessagePack.
     *
     * @param f the failure
     * @return the exception to throw
     */
    public RuntimeException toPublic(BindFailure f) {
        return BindErrors.toPublic(this, f);
    }
}
