package dev.hyson.internal.stream;

import dev.hyson.JsonParseException;
import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.number.DoubleFormatter;
import dev.hyson.internal.number.NumberText;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapeMaterializer;
import dev.hyson.stream.JsonLocation;
import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import dev.hyson.stream.NumberType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * The value side of {@link StreamParser}: the current token's string, number or boolean, decoded
 * from its entries in the event tape only when an accessor asks, or taken from the value held for
 * it once its window is gone. {@link StreamParser} moves from token to token and sets the state
 * this reads.
 */
abstract class TokenValues implements JsonParser {
    /** The event tape the entries come from. */
    final Tape tape;
    final KeyCache keys;
    /** Whether span entries point into the input array ({@link #src}) rather than into the tape's spans. */
    final boolean inPlace;
    final byte[] src;

    /** The current window's entries. */
    long[] t;
    /** The current token's first entry, or -1 once its window is gone (its value is then in {@link #held}). */
    int cur = -1;
    /** The current token's first byte (array coordinates). */
    long curAt;
    JsonToken token;
    Object held;

    /**
     * @param tape the event tape
     * @param internKeys whether member names go through the shared key cache
     * @param buffer the input array, which span entries point into when the tape is {@link Tape#inPlace in place}
     */
    TokenValues(Tape tape, boolean internKeys, byte[] buffer) {
        this.tape = tape;
        this.keys = internKeys ? KeyCache.SHARED : null;
        this.inPlace = tape.inPlace;
        this.src = inPlace ? buffer : null;
        this.t = tape.entries;
    }

    /** @return the member name the string entries {@code e}, {@code e1} hold */
    final String name(long e, long e1) {
        int tag = Tape.tag(e);
        if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) {
            int off = start(e, e1, 1);
            int len = (int) e1;
            if (keys != null) {
                return keys.lookup(text(), off, len, tag == Tape.STR_ASCII);
            }
            return new String(text(), off, len, tag == Tape.STR_ASCII ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        }
        return decoded(e, e1);
    }

    private String decoded(long e, long e1) {
        int from = (int) (e1 >>> 32);
        int len = (int) e1;
        return Tape.tag(e) == Tape.STR_LATIN1 ? new String(tape.latin1, from, len, StandardCharsets.ISO_8859_1)
                : new String(tape.utf16, from, len);
    }

    /** @return the current STRING token's value, from its entries */
    final String string() {
        long e = t[cur];
        long e1 = t[cur + 1];
        switch (Tape.tag(e)) {
            case Tape.STR_ASCII:
                return new String(text(), start(e, e1, 1), (int) e1, StandardCharsets.ISO_8859_1);
            case Tape.STR_UTF8:
                return TapeMaterializer.utf8(text(), start(e, e1, 1), (int) e1, tape);
            default:
                return decoded(e, e1);
        }
    }

    /** @return the current NUMBER token's text, as written (a held one: its value's text) */
    final String numberText() {
        if (cur < 0) {
            Object n = held;
            return n instanceof BigDecimal ? ((BigDecimal) n).toString() : n.toString();
        }
        long e1 = t[cur + 1];
        return new String(text(), start(t[cur], e1, 0), (int) e1, StandardCharsets.ISO_8859_1);
    }

    /** @return the error of an accessor that does not fit the current token */
    final IllegalStateException notAt(String what) {
        return new IllegalStateException("the current token is " + token + ", not " + what
                + (token == null ? "" : " (at " + location() + ")"));
    }

    private int numberTag() {
        if (token != JsonToken.NUMBER) {
            throw notAt("a number");
        }
        if (cur < 0) {
            Object n = held;
            return n instanceof Long ? Tape.INT64 : n instanceof Double ? Tape.DOUBLE
                    : n instanceof BigInteger ? Tape.BIG_INTEGER : Tape.BIG_DECIMAL;
        }
        return Tape.tag(t[cur]);
    }

    @Override
    public boolean isIntegralNumber() {
        int tag = numberTag();
        return tag == Tape.INT64 || tag == Tape.BIG_INTEGER;
    }

    @Override
    public NumberType numberType() {
        switch (numberTag()) {
            case Tape.INT64: {
                long v = longBits();
                return v == (int) v ? NumberType.INT : NumberType.LONG;
            }
            case Tape.DOUBLE:
                return NumberType.DOUBLE;
            case Tape.BIG_INTEGER:
                return NumberType.BIG_INTEGER;
            default:
                return NumberType.BIG_DECIMAL;
        }
    }

    /** Entry 1 of the current INT64 or DOUBLE. */
    private long longBits() {
        if (cur >= 0) {
            return t[cur + 1];
        }
        Object n = held;
        return n instanceof Long ? (Long) n : Double.doubleToRawLongBits((Double) n);
    }

    @Override
    public int getInt() {
        switch (numberTag()) {
            case Tape.INT64: {
                long v = longBits();
                if (v != (int) v) {
                    throw new ArithmeticException("number " + v + " out of the int range");
                }
                return (int) v;
            }
            case Tape.DOUBLE: {
                double d = Double.longBitsToDouble(longBits());
                if (d != (int) d) {
                    throw new ArithmeticException("number " + DoubleFormatter.toString(d) + " is not an int");
                }
                return (int) d;
            }
            case Tape.BIG_INTEGER:
                throw new ArithmeticException("number " + numberText() + " out of the int range");
            default:
                return getBigDecimal().intValueExact();
        }
    }

    @Override
    public long getLong() {
        switch (numberTag()) {
            case Tape.INT64:
                return longBits();
            case Tape.DOUBLE: {
                double d = Double.longBitsToDouble(longBits());
                if (!(d >= -0x1p63 && d < 0x1p63) || d != Math.rint(d)) {
                    throw new ArithmeticException("number " + DoubleFormatter.toString(d) + " is not a long");
                }
                return (long) d;
            }
            case Tape.BIG_INTEGER:
                throw new ArithmeticException("number " + numberText() + " out of the long range");
            default:
                return getBigDecimal().longValueExact();
        }
    }

    @Override
    public BigInteger getBigInteger() {
        switch (numberTag()) {
            case Tape.INT64:
                return BigInteger.valueOf(longBits());
            case Tape.BIG_INTEGER:
                return cur < 0 ? (BigInteger) held : new BigInteger(numberText());
            default:
                return integral(getBigDecimal());
        }
    }

    /** The most digits an integer of a decimal may have: the reader's maxNumberLength. */
    abstract int maxIntegerDigits();

    /**
     * The integer a decimal stands for, in time linear in its text: {@code 1.5e-99999999} is refused
     * before any division, {@code 1e99999999} before a hundred-million-digit number is made (as binding
     * refuses them).
     */
    private BigInteger integral(BigDecimal d) {
        if (d.signum() == 0) {
            return BigInteger.ZERO;
        }
        if (d.precision() - (long) d.scale() <= 0 || (d.scale() > 0 && (d = d.stripTrailingZeros()).scale() > 0)) {
            throw new ArithmeticException("number " + numberText() + " has a non-zero fraction");
        }
        if ((long) d.precision() - d.scale() > maxIntegerDigits()) {
            JsonLocation where = location();
            throw new JsonParseException(JsonParseException.Kind.LIMIT_EXCEEDED, "number " + numberText()
                    + " has more than " + maxIntegerDigits() + " digits as an integer", "raise it with JsonReader.Builder.maxNumberLength",
                    where.offset(), where.line(), where.column());
        }
        return d.toBigIntegerExact();
    }

    @Override
    public double getDouble() {
        switch (numberTag()) {
            case Tape.INT64:
                return longBits();
            case Tape.DOUBLE:
                return Double.longBitsToDouble(longBits());
            default:
                return Double.parseDouble(numberText()); // correctly rounded (JDK 17+)
        }
    }

    @Override
    public BigDecimal getBigDecimal() {
        switch (numberTag()) {
            case Tape.INT64:
                return BigDecimal.valueOf(longBits());
            case Tape.DOUBLE: {
                double d = Double.longBitsToDouble(longBits());
                if (!Double.isFinite(d)) {
                    throw new NumberFormatException(d + " has no BigDecimal value"); // as BigDecimal.valueOf(d) throws
                }
                return new BigDecimal(DoubleFormatter.toString(d));
            }
            case Tape.BIG_INTEGER:
                return new BigDecimal(getBigInteger());
            default:
                return bigDecimal();
        }
    }

    private BigDecimal bigDecimal() {
        if (cur < 0) {
            return (BigDecimal) held;
        }
        long e1 = t[cur + 1];
        int off = start(t[cur], e1, 0);
        int len = (int) e1;
        BigDecimal exact = NumberText.bigDecimal(text(), off, len);
        if (exact != null) {
            return exact;
        }
        JsonLocation where = location(); // the token's: a number token is never before the first
        throw new JsonParseException(JsonParseException.Kind.NUMBER_OUT_OF_RANGE, "number " + numberText()
                + " out of the BigDecimal range", "its exponent must fit a 32-bit scale", where.offset(),
                where.line(), where.column());
    }

    @Override
    public Number getNumber() {
        switch (numberTag()) {
            case Tape.INT64:
                return longBits();
            case Tape.DOUBLE:
                return Double.longBitsToDouble(longBits());
            case Tape.BIG_INTEGER:
                return getBigInteger();
            default:
                return bigDecimal();
        }
    }

    @Override
    public boolean getBoolean() {
        if (token == JsonToken.TRUE) {
            return true;
        }
        if (token == JsonToken.FALSE) {
            return false;
        }
        throw notAt("true or false");
    }

    /** @return where span entries' bytes are: the input array (in place) or the tape's spans */
    final byte[] text() {
        return inPlace ? src : tape.spans;
    }

    /**
     * Where a span entry's bytes start in {@link #text()}: after its quote in the input ({@code skip}
     * 1 for a string, 0 for a number's text), or in the spans (entry 1's high half).
     */
    final int start(long e, long e1, int skip) {
        return inPlace ? (int) (e & Tape.PAYLOAD_MASK) + skip : (int) (e1 >>> 32);
    }
}
