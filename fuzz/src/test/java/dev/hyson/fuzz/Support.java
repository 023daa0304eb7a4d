package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.hyson.Backend;
import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.SurrogatePolicy;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/** What the harnesses share: readers per backend, outcomes, deep equality, chunked streams. */
final class Support {
    private Support() { }

    /** The backends every harness compares: Java, native (the kernel chosen at load), each native kernel. */
    static final List<Backend> BACKENDS = backends();

    private static List<Backend> backends() {
        List<Backend> list = new ArrayList<>();
        list.add(Backend.of(Backend.Choice.JAVA));
        Backend nat = Backend.of(Backend.Choice.NATIVE);
        if (nat.isAvailable()) {
            list.add(nat);
            for (String k : Backend.nativeKernels()) {
                Backend b = Backend.nativeKernel(k);
                if (b.isAvailable()) {
                    list.add(b);
                }
            }
        } else if (System.getenv("CI") != null) {
            throw new IllegalStateException("native backend unavailable: " + nat.error().orElse("?"));
        }
        return List.copyOf(list);
    }

    /**
     * A reader with options taken from 16 bits of fuzzer data (the non-standard extensions, the
     * duplicate and surrogate policies, big decimals and small limits) on {@code backend}.
     */
    static JsonReader.Builder options(int bits) {
        JsonReader.Builder b = JsonReader.builder()
                .allowComments((bits & 1) != 0)
                .allowTrailingCommas((bits & 2) != 0)
                .allowNonFiniteLiterals((bits & 4) != 0)
                .bigDecimals((bits & 8) != 0)
                .allowInfinityForOverflow((bits & 16) != 0)
                .allowByteOrderMark((bits & 32) == 0)
                .duplicateKeys(duplicates(bits))
                .loneSurrogates(SurrogatePolicy.values()[((bits >> 8) & 3) % SurrogatePolicy.values().length]);
        if ((bits & 0x400) != 0) {
            b.maxDepth(1 + ((bits >> 11) & 7)).maxNumberLength(8 + ((bits >> 11) & 7)).maxStringLength(16);
        }
        return b;
    }

    /** The duplicate-key policy {@link #options} takes from {@code bits}. */
    static DuplicateKeyPolicy duplicates(int bits) {
        return DuplicateKeyPolicy.values()[((bits >> 6) & 3) % 3];
    }

    /** The result of one call: a value, or what was thrown. */
    record Outcome(Object value, Throwable error) {
        static Outcome of(Supplier<?> call) {
            try {
                return new Outcome(call.get(), null);
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                return new Outcome(null, e);
            }
        }

        boolean failed() {
            return error != null;
        }

        /** Throws unless this is a value or a {@link JsonParseException}: nothing else may escape. */
        Outcome requireParseOutcome(String what) {
            if (error != null && !(error instanceof JsonParseException)) {
                throw new AssertionError(what + " threw " + error, error);
            }
            return this;
        }
    }

    /** Fails unless both outcomes hold equal values or parse errors of the same kind, offset and message. */
    static void assertSame(String what, Outcome expected, Outcome actual) {
        if (expected.failed() != actual.failed()) {
            throw new AssertionError(what + ": one failed, one did not: " + describe(expected) + " vs " + describe(actual),
                    expected.failed() ? expected.error : actual.error);
        }
        if (expected.failed()) {
            assertSameError(what, (JsonParseException) expected.error, (JsonParseException) actual.error);
        } else if (!deepEquals(expected.value, actual.value)) {
            throw new AssertionError(what + ": values differ: " + expected.value + " vs " + actual.value);
        }
    }

    static void assertSameError(String what, JsonParseException e, JsonParseException a) {
        if (e.kind() != a.kind() || e.offset() != a.offset() || e.line() != a.line() || e.column() != a.column()) {
            throw new AssertionError(what + ": errors differ: " + e.kind() + "@" + e.offset() + " " + e.getMessage()
                    + " vs " + a.kind() + "@" + a.offset() + " " + a.getMessage(), a);
        }
    }

    static String describe(Outcome o) {
        return o.failed() ? o.error.toString() : String.valueOf(o.value);
    }

    /**
     * Equality of parsed values: maps by entries (order ignored), lists and arrays element by
     * element, doubles and floats by their bits (so {@code -0.0} differs from {@code 0.0} and NaN
     * equals NaN), everything else by {@code equals}.
     */
    static boolean deepEquals(Object a, Object b) {
        return deepEquals(a, b, false);
    }

    /**
     * {@link #deepEquals(Object, Object)}, with maps compared entry by entry in order when
     * {@code ordered} (keys compared deeply too: MessagePack keys may be arrays or byte arrays).
     */
    static boolean deepEquals(Object a, Object b, boolean ordered) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
            if (ma.size() != mb.size()) {
                return false;
            }
            if (ordered) {
                Iterator<? extends Map.Entry<?, ?>> ia = ma.entrySet().iterator();
                Iterator<? extends Map.Entry<?, ?>> ib = mb.entrySet().iterator();
                while (ia.hasNext()) {
                    Map.Entry<?, ?> ea = ia.next();
                    Map.Entry<?, ?> eb = ib.next();
                    if (!deepEquals(ea.getKey(), eb.getKey(), true) || !deepEquals(ea.getValue(), eb.getValue(), true)) {
                        return false;
                    }
                }
                return true;
            }
            for (Map.Entry<?, ?> e : ma.entrySet()) {
                if (!mb.containsKey(e.getKey()) || !deepEquals(e.getValue(), mb.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof List<?> la && b instanceof List<?> lb) {
            if (la.size() != lb.size()) {
                return false;
            }
            Iterator<?> ia = la.iterator();
            Iterator<?> ib = lb.iterator();
            while (ia.hasNext()) {
                if (!deepEquals(ia.next(), ib.next(), ordered)) {
                    return false;
                }
            }
            return true;
        }
        if (a.getClass().isArray() && b.getClass().isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b) || a.getClass() != b.getClass()) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (!deepEquals(Array.get(a, i), Array.get(b, i), ordered)) {
                    return false;
                }
            }
            return true;
        }
        return a.getClass() == b.getClass() && Objects.equals(a, b);
    }

    /** @return whether {@code s} holds a surrogate that is not half of a pair */
    static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A parsed value as MessagePack gives it back: each lone surrogate of a string or key becomes
     * {@code ?} (documented: MessagePacker writes it as {@code String.getBytes} does).
     */
    static Object packedStrings(Object v) {
        if (v instanceof String s) {
            if (!hasLoneSurrogate(s)) {
                return s;
            }
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    b.append(c).append(s.charAt(++i));
                } else {
                    b.append(Character.isSurrogate(c) ? '?' : c);
                }
            }
            return b.toString();
        }
        if (v instanceof Map<?, ?> m) {
            Map<Object, Object> out = new java.util.LinkedHashMap<>();
            m.forEach((k, x) -> out.put(packedStrings(k), packedStrings(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(x -> out.add(packedStrings(x)));
            return out;
        }
        return v;
    }

    /** An input stream over {@code data} whose reads return between 1 and {@code max} bytes, as the fuzzer chose. */
    static InputStream chunked(byte[] data, int[] sizes) {
        return new InputStream() {
            private int pos;
            private int call;

            @Override
            public int read() {
                return pos < data.length ? data[pos++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                if (pos >= data.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, data.length - pos), sizes.length == 0 ? len : sizes[call++ % sizes.length]);
                System.arraycopy(data, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }

    /** Read sizes for {@link #chunked}: a few from the fuzzer, 1 to 4096 bytes each. */
    static int[] chunkSizes(FuzzedDataProvider data) {
        int[] sizes = new int[data.consumeInt(1, 4)];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = data.consumeBoolean() ? data.consumeInt(1, 8) : data.consumeInt(1, 4096);
        }
        return sizes;
    }
}
