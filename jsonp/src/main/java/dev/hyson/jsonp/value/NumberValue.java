package dev.hyson.jsonp.value;

import jakarta.json.JsonNumber;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;

/**
 * A JSON number (RFC 8259 section 6) as a {@link JsonNumber}. As Jakarta JSON Processing 2.1
 * defines it, the value is a {@link BigDecimal}: two numbers are equal when their
 * {@link #bigDecimalValue()}s are {@code equals} (so {@code 1.0} and {@code 1.00} differ), a number
 * is integral when that {@code BigDecimal}'s scale is 0, and {@link #toString()} is its
 * {@link BigDecimal#toString()}. Numbers made from an {@code int} or a {@code long} keep it and make no
 * {@code BigDecimal} until one is asked for. Immutable.
 */
public abstract class NumberValue implements JsonNumber {
    /**
     * The largest scale, either sign, whose number {@link #bigIntegerValue()} and
     * {@link #bigIntegerValueExact()} convert: beyond it they throw {@link UnsupportedOperationException}
     * instead of building a {@code BigInteger} of up to a billion digits from a dozen characters such as
     * {@code 1e999999999} (the reference implementation's guard against that CVE-2023-4043 class of
     * denial of service has the same bound). The other accessors are cheap at any scale.
     */
    public static final int MAX_BIG_INTEGER_SCALE = 100_000;

    NumberValue() {
    }

    /**
     * @param value the number
     * @return an integral number holding {@code value}
     */
    public static NumberValue of(int value) {
        return new LongNumber(value);
    }

    /**
     * @param value the number
     * @return an integral number holding {@code value}
     */
    public static NumberValue of(long value) {
        return new LongNumber(value);
    }

    /**
     * @param value the number, not {@code null}
     * @return a number holding {@code new BigDecimal(value)}
     */
    public static NumberValue of(BigInteger value) {
        return new BigNumber(new BigDecimal(Objects.requireNonNull(value, "value")));
    }

    /**
     * @param value the number, not {@code null}
     * @return a number holding {@code value} (its scale kept)
     */
    public static NumberValue of(BigDecimal value) {
        return new BigNumber(Objects.requireNonNull(value, "value"));
    }

    /**
     * A number from a {@code double}, as {@link BigDecimal#valueOf(double)} gives it (so
     * {@code 1.0} is not integral and prints {@code 1.0}), which is what the JSON-P reference does.
     *
     * @param value a finite double
     * @return the number
     * @throws NumberFormatException when {@code value} is NaN or infinite (JSON has neither)
     */
    public static NumberValue of(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new NumberFormatException("JSON has no " + value);
        }
        return new BigNumber(BigDecimal.valueOf(value));
    }

    /**
     * A number from a Java {@link Number} of the JDK's kinds: {@code Integer}, {@code Short},
     * {@code Byte}, {@code Long}, {@code BigInteger}, {@code BigDecimal}, {@code Double},
     * {@code Float}; any other kind through its {@code toString()} read as a {@code BigDecimal}.
     *
     * @param value the number, not {@code null}
     * @return the number
     * @throws NumberFormatException when {@code value} is NaN or infinite or its text is not a number
     */
    public static NumberValue of(Number value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return new LongNumber(value.intValue());
        } else if (value instanceof Long) {
            return of(value.longValue());
        } else if (value instanceof BigInteger) {
            return of((BigInteger) value);
        } else if (value instanceof BigDecimal) {
            return of((BigDecimal) value);
        } else if (value instanceof Double || value instanceof Float) {
            return of(value.doubleValue());
        }
        return new BigNumber(new BigDecimal(value.toString()));
    }

    @Override
    public ValueType getValueType() {
        return ValueType.NUMBER;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof JsonNumber && bigDecimalValue().equals(((JsonNumber) o).bigDecimalValue());
    }

    @Override
    public int hashCode() {
        return bigDecimalValue().hashCode();
    }

    /** An {@code int} or a {@code long}: exact in every accessor. */
    private static final class LongNumber extends NumberValue {
        private final long value;

        LongNumber(long value) {
            this.value = value;
        }

        @Override
        public boolean isIntegral() {
            return true;
        }

        @Override
        public int intValue() {
            return (int) value;
        }

        @Override
        public int intValueExact() {
            return Math.toIntExact(value);
        }

        @Override
        public long longValue() {
            return value;
        }

        @Override
        public long longValueExact() {
            return value;
        }

        @Override
        public BigInteger bigIntegerValue() {
            return BigInteger.valueOf(value);
        }

        @Override
        public BigInteger bigIntegerValueExact() {
            return BigInteger.valueOf(value);
        }

        @Override
        public double doubleValue() {
            return value;
        }

        @Override
        public BigDecimal bigDecimalValue() {
            return BigDecimal.valueOf(value);
        }

        /** @return an {@code Integer} when the value fits one, else a {@code Long} */
        @Override
        public Number numberValue() {
            return value == (int) value ? (Number) (int) value : (Number) value;
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** Any other number, held as its {@code BigDecimal}. */
    private static final class BigNumber extends NumberValue {
        private final BigDecimal value;

        BigNumber(BigDecimal value) {
            this.value = value;
        }

        @Override
        public boolean isIntegral() {
            return value.scale() == 0;
        }

        @Override
        public int intValue() {
            return value.intValue();
        }

        @Override
        public int intValueExact() {
            return value.intValueExact();
        }

        @Override
        public long longValue() {
            return value.longValue();
        }

        @Override
        public long longValueExact() {
            return value.longValueExact();
        }

        @Override
        public BigInteger bigIntegerValue() {
            return bounded().toBigInteger();
        }

        @Override
        public BigInteger bigIntegerValueExact() {
            return bounded().toBigIntegerExact();
        }

        /** The value, when its {@code BigInteger} is of a size worth making (see {@link #MAX_BIG_INTEGER_SCALE}). */
        private BigDecimal bounded() {
            int scale = value.scale();
            if (scale < -MAX_BIG_INTEGER_SCALE || scale > MAX_BIG_INTEGER_SCALE) {
                throw new UnsupportedOperationException("the number's scale " + scale + " is beyond +-"
                        + MAX_BIG_INTEGER_SCALE + ": its BigInteger would cost time and memory out of proportion "
                        + "to its 1e" + (-scale) + " text");
            }
            return value;
        }

        @Override
        public double doubleValue() {
            return value.doubleValue();
        }

        @Override
        public BigDecimal bigDecimalValue() {
            return value;
        }

        @Override
        public Number numberValue() {
            return value;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }
}
