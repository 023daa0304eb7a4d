package dev.hyson.internal.bind;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.internal.tape.Tape;
import java.lang.reflect.Array;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.IntFunction;

/** The codecs of containers: collections, maps, arrays and the optionals. */
final class Containers {
    private Containers() {
    }

    /** A {@code Collection} of any kind, made at its final size where the kind allows it. */
    static final class Collections extends TapeCodec<Collection<Object>> {
        private final TapeCodec<?> element;
        private final IntFunction<Collection<Object>> factory;
        private final String what;

        Collections(TapeCodec<?> element, IntFunction<Collection<Object>> factory, String what) {
            this.element = element;
            this.factory = factory;
            this.what = what;
        }

        @Override
        public Collection<Object> read(TapeReader r) {
            if (r.tag() != Tape.ARRAY) {
                throw r.mismatch("an array (" + what + ")");
            }
            int n = (int) r.t[r.i + 1];
            r.i += 2;
            Collection<Object> c = factory.apply(n);
            TapeCodec<?> e = element;
            int k = 0;
            int at = r.i;
            try {
                if (e == Scalars.STRING) {
                    for (; k < n; k++) {
                        at = r.i;
                        c.add(r.readString());
                    }
                    return c;
                }
                for (; k < n; k++) {
                    at = r.i;
                    c.add(r.readNullable(e));
                }
                return c;
            } catch (NullPointerException x) {
                // a sorted set, a queue or a deque refuses null
                throw r.failAt(BindFailure.Problem.TYPE_MISMATCH, at, "null is not allowed in a " + what, null);
            } catch (ClassCastException x) {
                // a sorted set of elements that are not mutually comparable
                throw r.failAt(BindFailure.Problem.TYPE_MISMATCH, at, "an element a " + what + " cannot order: " + x.getMessage(), null);
            }
        }

        @Override
        public String describe() {
            return what;
        }
    }

    /** An array of references. */
    static final class Objects extends TapeCodec<Object> {
        private final TapeCodec<?> element;
        private final Class<?> component;

        Objects(TapeCodec<?> element, Class<?> component) {
            this.element = element;
            this.component = component;
        }

        @Override
        public Object read(TapeReader r) {
            if (r.tag() != Tape.ARRAY) {
                throw r.mismatch("an array (" + describe() + ")");
            }
            int n = (int) r.t[r.i + 1];
            r.i += 2;
            Object[] a = (Object[]) Array.newInstance(component, n);
            for (int k = 0; k < n; k++) {
                a[k] = r.readNullable(element);
            }
            return a;
        }

        @Override
        public String describe() {
            return component.getSimpleName() + "[]";
        }
    }

    /** An array of a primitive type (not byte or char, which are binary and text). */
    static final class Primitives extends TapeCodec<Object> {
        private final Class<?> component;

        Primitives(Class<?> component) {
            this.component = component;
        }

        @Override
        public Object read(TapeReader r) {
            if (r.tag() != Tape.ARRAY) {
                throw r.mismatch("an array (" + describe() + ")");
            }
            int n = (int) r.t[r.i + 1];
            r.i += 2;
            Class<?> c = component;
            if (c == int.class) {
                int[] a = new int[n];
                for (int k = 0; k < n; k++) {
                    a[k] = r.readInt();
                }
                return a;
            } else if (c == long.class) {
                long[] a = new long[n];
                for (int k = 0; k < n; k++) {
                    a[k] = r.readLong();
                }
                return a;
            } else if (c == double.class) {
                double[] a = new double[n];
                for (int k = 0; k < n; k++) {
                    a[k] = r.readDouble();
                }
                return a;
            } else if (c == float.class) {
                float[] a = new float[n];
                for (int k = 0; k < n; k++) {
                    a[k] = r.readFloat();
                }
                return a;
            } else if (c == boolean.class) {
                boolean[] a = new boolean[n];
                for (int k = 0; k < n; k++) {
                    a[k] = r.readBoolean();
                }
                return a;
            } else {
                short[] a = new short[n];
                for (int k = 0; k < n; k++) {
                    a[k] = (short) r.readRange(Short.MIN_VALUE, Short.MAX_VALUE, "short");
                }
                return a;
            }
        }

        @Override
        public String describe() {
            return component + "[]";
        }
    }

    /**
     * A {@code Map}: an object's members (a MessagePack map's keys of any type), the key converted
     * from its name (a number or a UUID parsed from the string, an enum matched by name).
     */
    static final class Maps extends TapeCodec<Map<Object, Object>> {
        private final TapeCodec<?> key;
        private final TapeCodec<?> value;
        private final IntFunction<Map<Object, Object>> factory;
        private final String what;

        Maps(TapeCodec<?> key, TapeCodec<?> value, IntFunction<Map<Object, Object>> factory, String what) {
            this.key = key;
            this.value = value;
            this.factory = factory;
            this.what = what;
        }

        @Override
        public Map<Object, Object> read(TapeReader r) {
            if (r.tag() != Tape.OBJECT) {
                throw r.mismatch("an object (" + what + ")");
            }
            int n = (int) r.t[r.i + 1];
            r.i += 2;
            Map<Object, Object> m = factory.apply(n);
            DuplicateKeyPolicy policy = r.duplicates();
            for (int k = 0; k < n; k++) {
                int at = r.i;
                Object name = key == Scalars.STRING ? r.readKey() : key.read(r);
                Object v = r.readNullable(value);
                try {
                    if (policy == DuplicateKeyPolicy.LAST_WINS) {
                        m.put(name, v);
                    } else if (m.containsKey(name)) {
                        if (policy == DuplicateKeyPolicy.ERROR) {
                            throw r.failAt(BindFailure.Problem.DUPLICATE_KEY, at, "duplicate member name \"" + name + "\"", null);
                        }
                    } else {
                        m.put(name, v);
                    }
                } catch (NullPointerException | ClassCastException x) {
                    // a sorted map refuses a null key (a MessagePack nil) and keys it cannot order
                    throw r.failAt(BindFailure.Problem.TYPE_MISMATCH, at, "a key a " + what + " cannot hold: " + name, null);
                }
            }
            return m;
        }

        @Override
        public String describe() {
            return what;
        }
    }

    /** An {@code Object} map key: a string from a JSON member name, any MessagePack key as an {@code Object} value reads. */
    static final class ObjectKeys extends TapeCodec<Object> {
        private final TapeCodec<?> any;

        ObjectKeys(TapeCodec<?> any) {
            this.any = any;
        }

        @Override
        public Object read(TapeReader r) {
            return TapeReader.isString(r.tag()) ? r.readKey() : any.read(r);
        }

        @Override
        public String describe() {
            return "Object key";
        }
    }

    /**
     * A map key from a member name: a string parsed by {@code parse} (numbers, UUIDs); a MessagePack
     * key of the right type directly.
     */
    static final class Keys extends TapeCodec<Object> {
        private final TapeCodec<?> direct;
        private final java.util.function.Function<String, Object> parse;
        private final String what;

        Keys(TapeCodec<?> direct, java.util.function.Function<String, Object> parse, String what) {
            this.direct = direct;
            this.parse = parse;
            this.what = what;
            this.integer = what.equals("int") || what.equals("long") || what.equals("short") || what.equals("byte");
        }

        /** Whether the key type is an integer type (a key out of its range is VALUE_OUT_OF_RANGE). */
        private final boolean integer;

        @Override
        public Object read(TapeReader r) {
            if (!TapeReader.isString(r.tag())) {
                return direct.read(r);
            }
            int at = r.i;
            String s = r.readString();
            // a number key is a JSON number's text (ASCII digits, no '+', no spaces), of a bounded length
            boolean numeric = !what.equals("UUID");
            if (numeric && (s.length() > 1000 || !dev.hyson.internal.number.NumberText.isNumber(s))) {
                throw r.failAt(BindFailure.Problem.INVALID_FORMAT, at, "invalid " + what + " key \"" + Scalars.clip(s)
                        + "\": expected a JSON number", null);
            }
            String digits = s;
            if ((integer || what.equals("BigInteger")) && (s.indexOf('.') >= 0 || s.indexOf('e') >= 0 || s.indexOf('E') >= 0)) {
                digits = integralText(r, at, s); // 1e2 and 1.0 name 100 and 1, as they do for a value of the type
            }
            Object key;
            try {
                key = parse.apply(digits);
            } catch (RuntimeException e) {
                throw r.failAt(numeric && integer ? BindFailure.Problem.VALUE_OUT_OF_RANGE : BindFailure.Problem.INVALID_FORMAT, at,
                        "invalid " + what + " key \"" + Scalars.clip(s) + "\"", null);
            }
            if ((key instanceof Double && ((Double) key).isInfinite() && (r.cfg == null || !r.cfg.allowInfinityForOverflow))
                    || (key instanceof Float && ((Float) key).isInfinite())) {
                // as for a value of the type: 1e400 is out of the double range, 1e39 out of the float range
                throw r.failAt(BindFailure.Problem.VALUE_OUT_OF_RANGE, at, "number key " + Scalars.clip(s) + " out of the " + what + " range",
                        null);
            }
            return key;
        }

        /** The digits of the integer a number key with a fraction or an exponent names; else a range error. */
        private String integralText(TapeReader r, int at, String s) {
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1); // ASCII: isNumber checked it
            java.math.BigDecimal d = dev.hyson.internal.number.NumberText.bigDecimal(b, 0, b.length);
            if (d != null && d.signum() == 0) {
                return "0";
            }
            if (d == null || (long) d.precision() - d.scale() > 1000) {
                throw r.failAt(BindFailure.Problem.VALUE_OUT_OF_RANGE, at, "number key " + Scalars.clip(s) + " out of the " + what + " range", null);
            }
            d = d.stripTrailingZeros();
            if (d.scale() > 0) {
                throw r.failAt(BindFailure.Problem.VALUE_OUT_OF_RANGE, at, "number key " + Scalars.clip(s) + " is not an integer", null);
            }
            return d.toBigIntegerExact().toString();
        }

        @Override
        public String describe() {
            return what + " key";
        }
    }

    /** {@code Optional<T>}: null and absent read as empty. */
    static final class Optionals extends TapeCodec<Optional<Object>> {
        private final TapeCodec<?> inner;

        Optionals(TapeCodec<?> inner) {
            this.inner = inner;
        }

        @Override
        public Optional<Object> read(TapeReader r) {
            return Optional.ofNullable(inner.read(r));
        }

        @Override
        public Object nullValue(TapeReader r) {
            return Optional.empty();
        }

        @Override
        public Object missingValue() {
            return Optional.empty();
        }

        @Override
        public String describe() {
            return "Optional<" + inner.describe() + ">";
        }
    }

    /** {@code OptionalInt}, {@code OptionalLong}, {@code OptionalDouble}. */
    static final class PrimitiveOptionals extends TapeCodec<Object> {
        private final Class<?> type;

        PrimitiveOptionals(Class<?> type) {
            this.type = type;
        }

        @Override
        public Object read(TapeReader r) {
            if (type == OptionalInt.class) {
                return OptionalInt.of(r.readInt());
            } else if (type == OptionalLong.class) {
                return OptionalLong.of(r.readLong());
            }
            return OptionalDouble.of(r.readDouble());
        }

        @Override
        public Object nullValue(TapeReader r) {
            return missingValue();
        }

        @Override
        public Object missingValue() {
            if (type == OptionalInt.class) {
                return OptionalInt.empty();
            } else if (type == OptionalLong.class) {
                return OptionalLong.empty();
            }
            return OptionalDouble.empty();
        }

        @Override
        public String describe() {
            return type.getSimpleName();
        }
    }
}
