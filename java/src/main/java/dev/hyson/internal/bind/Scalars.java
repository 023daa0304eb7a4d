package dev.hyson.internal.bind;

import dev.hyson.internal.tape.Tape;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;
import java.util.function.Function;

/**
 * The codecs of scalar types: primitives and their boxes (range-checked), strings, big numbers,
 * {@code Number}, {@code Object} (the tree), {@code UUID}, {@code byte[]}, {@code char[]} and the
 * {@code java.time} types (ISO-8601 text, as their {@code parse} methods read and
 * {@code toString} methods write it).
 */
final class Scalars {
    private Scalars() {
    }

    /** The codec of a scalar class, or null when {@code c} is not one. */
    static TapeCodec<?> forClass(Class<?> c) {
        if (c == String.class || c == CharSequence.class) {
            return STRING;
        } else if (c == int.class) {
            return new Ints(true);
        } else if (c == Integer.class) {
            return new Ints(false);
        } else if (c == long.class) {
            return new Longs(true);
        } else if (c == Long.class) {
            return new Longs(false);
        } else if (c == double.class) {
            return new Doubles(true);
        } else if (c == Double.class) {
            return new Doubles(false);
        } else if (c == float.class) {
            return new Floats(true);
        } else if (c == Float.class) {
            return new Floats(false);
        } else if (c == boolean.class) {
            return new Booleans(true);
        } else if (c == Boolean.class) {
            return new Booleans(false);
        } else if (c == short.class || c == Short.class) {
            return new Ranged(c.isPrimitive(), Short.MIN_VALUE, Short.MAX_VALUE, "short", (short) 0);
        } else if (c == byte.class || c == Byte.class) {
            return new Ranged(c.isPrimitive(), Byte.MIN_VALUE, Byte.MAX_VALUE, "byte", (byte) 0);
        } else if (c == char.class || c == Character.class) {
            return new Chars(c.isPrimitive());
        } else if (c == BigDecimal.class) {
            return BIG_DECIMAL;
        } else if (c == BigInteger.class) {
            return BIG_INTEGER;
        } else if (c == Number.class) {
            return NUMBER;
        } else if (c == Object.class || c == Comparable.class || c == java.io.Serializable.class) {
            // the interfaces every scalar of the tree has (a type variable bounded by Comparable reads so)
            return TREE;
        } else if (c == UUID.class) {
            return UUIDS;
        } else if (c == byte[].class) {
            return BINARY;
        } else if (c == char[].class) {
            return CHAR_ARRAY;
        } else if (c == Instant.class) {
            return new Instants();
        } else if (c.getPackageName().equals("java.time")) {
            Function<String, ?> parse = timeParser(c);
            return parse == null ? null : new Text<>(c.getSimpleName() + " (ISO-8601)", parse, fastTime(c));
        }
        return null;
    }

    /** Parses an ASCII span, or gives null for the JDK to parse it (see {@link IsoText}). */
    interface BytesParser {
        Object parse(byte[] b, int off, int len);
    }

    private static BytesParser fastTime(Class<?> c) {
        if (c == LocalDate.class) {
            return IsoText::date;
        } else if (c == LocalTime.class) {
            return IsoText::localTime;
        } else if (c == LocalDateTime.class) {
            return IsoText::localDateTime;
        } else if (c == OffsetDateTime.class) {
            return IsoText::offsetDateTime;
        }
        return null;
    }

    private static Function<String, ?> timeParser(Class<?> c) {
        if (c == LocalDate.class) {
            return LocalDate::parse;
        } else if (c == LocalTime.class) {
            return LocalTime::parse;
        } else if (c == LocalDateTime.class) {
            return LocalDateTime::parse;
        } else if (c == OffsetDateTime.class) {
            return OffsetDateTime::parse;
        } else if (c == ZonedDateTime.class) {
            return ZonedDateTime::parse;
        } else if (c == OffsetTime.class) {
            return OffsetTime::parse;
        } else if (c == Duration.class) {
            return Duration::parse;
        } else if (c == Period.class) {
            return Period::parse;
        } else if (c == Year.class) {
            return Year::parse;
        } else if (c == YearMonth.class) {
            return YearMonth::parse;
        } else if (c == MonthDay.class) {
            return MonthDay::parse;
        } else if (c == ZoneOffset.class) {
            return ZoneOffset::of;
        } else if (c == ZoneId.class) {
            return ZoneId::of;
        }
        return null;
    }

    static final TapeCodec<String> STRING = new TapeCodec<>() {
        @Override
        public String read(TapeReader r) {
            return r.readString();
        }

        @Override
        public String describe() {
            return "String";
        }
    };

    /** Base of the primitive codecs: a null is an error for the primitive, null for the box. */
    abstract static class Primitive<T> extends TapeCodec<T> {
        final boolean primitive;
        final Object zero;
        final String name;

        Primitive(boolean primitive, Object zero, String name) {
            this.primitive = primitive;
            this.zero = zero;
            this.name = name;
        }

        @Override
        public Object nullValue(TapeReader r) {
            if (primitive) {
                throw r.mismatch("a value for the primitive " + name + ", not null");
            }
            return null;
        }

        @Override
        public Object missingValue() {
            return primitive ? zero : null;
        }

        @Override
        public String describe() {
            return primitive ? name : zero.getClass().getSimpleName();
        }
    }

    static final class Ints extends Primitive<Integer> {
        Ints(boolean primitive) {
            super(primitive, 0, "int");
        }

        @Override
        public Integer read(TapeReader r) {
            return r.readInt();
        }
    }

    static final class Longs extends Primitive<Long> {
        Longs(boolean primitive) {
            super(primitive, 0L, "long");
        }

        @Override
        public Long read(TapeReader r) {
            return r.readLong();
        }
    }

    static final class Doubles extends Primitive<Double> {
        Doubles(boolean primitive) {
            super(primitive, 0.0, "double");
        }

        @Override
        public Double read(TapeReader r) {
            return r.readDouble();
        }
    }

    static final class Floats extends Primitive<Float> {
        Floats(boolean primitive) {
            super(primitive, 0.0f, "float");
        }

        @Override
        public Float read(TapeReader r) {
            return r.readFloat();
        }
    }

    static final class Booleans extends Primitive<Boolean> {
        Booleans(boolean primitive) {
            super(primitive, false, "boolean");
        }

        @Override
        public Boolean read(TapeReader r) {
            return r.readBoolean();
        }
    }

    /** byte and short: range-checked. */
    static final class Ranged extends Primitive<Object> {
        private final long min;
        private final long max;

        Ranged(boolean primitive, long min, long max, String name, Object zero) {
            super(primitive, zero, name);
            this.min = min;
            this.max = max;
        }

        @Override
        public Object read(TapeReader r) {
            long v = r.readRange(min, max, name);
            return zero instanceof Byte ? (Object) (byte) v : (Object) (short) v;
        }
    }

    /** char: a string of exactly one UTF-16 unit. */
    static final class Chars extends Primitive<Character> {
        Chars(boolean primitive) {
            super(primitive, '\0', "char");
        }

        @Override
        public Character read(TapeReader r) {
            if (!TapeReader.isString(r.tag())) {
                throw r.mismatch("a string of one character");
            }
            int at = r.i;
            String s = r.readString();
            if (s.length() != 1) {
                throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "expected one character, found a string of "
                        + s.length(), null);
            }
            return s.charAt(0);
        }
    }

    static final TapeCodec<BigDecimal> BIG_DECIMAL = new TapeCodec<>() {
        @Override
        public BigDecimal read(TapeReader r) {
            return r.readBigDecimal();
        }

        @Override
        public String describe() {
            return "BigDecimal";
        }
    };

    static final TapeCodec<BigInteger> BIG_INTEGER = new TapeCodec<>() {
        @Override
        public BigInteger read(TapeReader r) {
            return r.readBigInteger();
        }

        @Override
        public String describe() {
            return "BigInteger";
        }
    };

    /** {@code Number}: what the tree gives ({@code Long}, {@code BigInteger}, {@code Double} or {@code BigDecimal}). */
    static final TapeCodec<Number> NUMBER = new TapeCodec<>() {
        @Override
        public Number read(TapeReader r) {
            switch (r.tag()) {
                case Tape.INT64:
                case Tape.DOUBLE:
                case Tape.BIG_INTEGER:
                case Tape.BIG_DECIMAL: {
                    if (r.tag() == Tape.BIG_DECIMAL) {
                        return r.readBigDecimal();
                    }
                    return (Number) r.readTree();
                }
                default:
                    throw r.mismatch("a number");
            }
        }

        @Override
        public String describe() {
            return "Number";
        }
    };

    /** {@code Object}: the tree {@code parse} gives. */
    static final TapeCodec<Object> TREE = new TapeCodec<>() {
        @Override
        public Object read(TapeReader r) {
            return r.readTree();
        }

        @Override
        public String describe() {
            return "Object";
        }
    };

    static final TapeCodec<byte[]> BINARY = new TapeCodec<>() {
        @Override
        public byte[] read(TapeReader r) {
            if (r.tag() == Tape.ARRAY) {
                int n = (int) r.t[r.i + 1];
                r.i += 2;
                byte[] b = new byte[n];
                for (int k = 0; k < n; k++) {
                    b[k] = (byte) r.readRange(Byte.MIN_VALUE, 255, "byte");
                }
                return b;
            }
            return r.readBinary();
        }

        @Override
        public String describe() {
            return "byte[]";
        }
    };

    static final TapeCodec<char[]> CHAR_ARRAY = new TapeCodec<>() {
        @Override
        public char[] read(TapeReader r) {
            return r.readString().toCharArray();
        }

        @Override
        public String describe() {
            return "char[]";
        }
    };

    /** A type read from a string by a parse function; its exceptions are INVALID_FORMAT. */
    static final class Text<T> extends TapeCodec<T> {
        private final String what;
        private final Function<String, T> parse;
        private final BytesParser fast;

        Text(String what, Function<String, T> parse, BytesParser fast) {
            this.what = what;
            this.parse = parse;
            this.fast = fast;
        }

        @SuppressWarnings("unchecked")
        @Override
        public T read(TapeReader r) {
            int tag = r.tag();
            if (!TapeReader.isString(tag)) {
                throw r.mismatch("a string (" + what + ")");
            }
            int at = r.i;
            if (fast != null && tag == Tape.STR_ASCII) {
                try {
                    Object v = fast.parse(r.text, r.spanStart(), (int) r.t[at + 1]);
                    if (v != null) {
                        r.i = at + 2;
                        return (T) v;
                    }
                } catch (DateTimeException e) {
                    // an impossible value in the plain form: the JDK's parse gives the message
                }
            }
            String s = r.readString();
            try {
                return parse.apply(s);
            } catch (DateTimeException | IllegalArgumentException e) {
                throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "invalid " + what + " text \"" + clip(s) + "\": "
                        + clipReason(e.getMessage()), null);
            }
        }

        @Override
        public String describe() {
            return what;
        }
    }

    /** A JDK parser's reason, which may quote the whole text: at most 300 chars. */
    static String clipReason(String reason) {
        String s = String.valueOf(reason);
        return s.length() <= 300 ? s : s.substring(0, 297) + "...";
    }

    static String clip(String s) {
        return s.length() <= 64 ? s : s.substring(0, 61) + "...";
    }

    /** UUID: the 36-character form (8-4-4-4-12 hex digits), strictly; also a 16-byte MessagePack bin. */
    static final TapeCodec<UUID> UUIDS = new TapeCodec<>() {
        @Override
        public UUID read(TapeReader r) {
            if (r.tag() == PackTape.BINARY && PackTape.binaryLength(r.t[r.i + 1]) == 16) {
                int off = (int) Tape.payload(r.t[r.i]);
                r.i += 2;
                return new UUID(be64(r.text, off), be64(r.text, off + 8));
            }
            if (!TapeReader.isString(r.tag())) {
                throw r.mismatch("a string (UUID)");
            }
            int at = r.i;
            if (r.tag() == Tape.STR_ASCII) {
                UUID fast = IsoText.uuid(r.text, r.spanStart(), (int) r.t[at + 1]);
                if (fast != null) {
                    r.i = at + 2;
                    return fast;
                }
            }
            String s = r.readString();
            UUID u = parseUuid(s);
            if (u == null) {
                throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "invalid UUID text \"" + clip(s)
                        + "\": expected 8-4-4-4-12 hex digits", null);
            }
            return u;
        }

        @Override
        public String describe() {
            return "UUID";
        }
    };

    private static long be64(byte[] b, int off) {
        long v = 0;
        for (int k = 0; k < 8; k++) {
            v = (v << 8) | (b[off + k] & 0xFF);
        }
        return v;
    }

    static UUID parseUuid(String s) {
        if (s.length() != 36 || s.charAt(8) != '-' || s.charAt(13) != '-' || s.charAt(18) != '-' || s.charAt(23) != '-') {
            return null;
        }
        long hi = 0;
        long lo = 0;
        int digits = 0;
        for (int k = 0; k < 36; k++) {
            if (k == 8 || k == 13 || k == 18 || k == 23) {
                continue;
            }
            int d = Character.digit(s.charAt(k), 16);
            if (d < 0 || s.charAt(k) > 'f') {
                return null;
            }
            if (digits < 16) {
                hi = (hi << 4) | d;
            } else {
                lo = (lo << 4) | d;
            }
            digits++;
        }
        return new UUID(hi, lo);
    }

    /** Instant: ISO-8601 text, or the MessagePack timestamp extension (type -1). */
    static final class Instants extends TapeCodec<Instant> {
        @Override
        public Instant read(TapeReader r) {
            if (r.tag() == PackTape.EXT) {
                int at = r.i;
                Instant v = PackTape.timestamp(r);
                if (v == null) {
                    throw r.failAt(BindFailure.Problem.TYPE_MISMATCH, at, "expected a timestamp extension (type -1), found an extension of type "
                            + PackTape.extType(r.t[at + 1]), null);
                }
                return v;
            }
            if (!TapeReader.isString(r.tag())) {
                throw r.mismatch("a string (Instant, ISO-8601)");
            }
            int at = r.i;
            if (r.tag() == Tape.STR_ASCII) {
                try {
                    Instant fast = IsoText.instant(r.text, r.spanStart(), (int) r.t[at + 1]);
                    if (fast != null) {
                        r.i = at + 2;
                        return fast;
                    }
                } catch (DateTimeException e) {
                    // the JDK's parse gives the message
                }
            }
            String s = r.readString();
            try {
                return Instant.parse(s);
            } catch (DateTimeException e) {
                throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "invalid Instant (ISO-8601) text \"" + clip(s) + "\": "
                        + clipReason(e.getMessage()), null);
            }
        }

        @Override
        public String describe() {
            return "Instant (ISO-8601)";
        }
    }
}
