package dev.hyson.internal.write;

import dev.hyson.internal.names.NameCache;
import dev.hyson.internal.number.DoubleFormatter;
import dev.hyson.internal.text.Swar;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.RandomAccess;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Writes Java values as UTF-8 JSON into a byte buffer, draining it into a {@link Sink} whenever it
 * fills (so a large document streams out in fixed memory, as yajl's encoder does) or growing it
 * when there is no sink. One generator per write call; not thread-safe.
 *
 * <p>Hot types are tested by exact class first ({@code String}, {@code Long}, {@code Double},
 * {@code LinkedHashMap}, {@code ArrayList}, ...) before any {@code instanceof} chain.
 */
public final class Generator {
    /** Receives full buffers. */
    public interface Sink {
        /** Takes {@code buf[0, len)}; returns how many bytes it consumed from the front (the rest is kept). */
        int drain(byte[] buf, int len);
    }

    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    private static final byte[] DIGIT_PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    private final WriteConfig cfg;
    private final byte[] escapes;
    private final Sink sink;
    private byte[] buf;
    private int pos;
    private Object[] path = new Object[32];
    /** Chars of the string being written, copied out a chunk at a time. */
    private final char[] chars = new char[CHUNK + 1];
    private static final int CHUNK = 512;

    public Generator(WriteConfig cfg, byte[] buf, Sink sink) {
        this.cfg = cfg;
        this.escapes = cfg.scriptSafe ? WriteConfig.SCRIPT_SAFE_ESCAPES : WriteConfig.ESCAPES;
        this.buf = buf;
        this.sink = sink;
    }

    /** @return the buffer (which may have grown) */
    public byte[] buffer() {
        return buf;
    }

    /** @return the number of bytes in {@link #buffer()} not yet drained */
    public int position() {
        return pos;
    }

    /** Writes one value, the whole document. */
    public void writeRoot(Object value) {
        try {
            writeValue(value, 0);
        } catch (StackOverflowError e) {
            throw new WriteFailure("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)");
        }
    }

    /** Drains everything that is buffered into the sink. */
    public void drainAll() {
        if (pos > 0) {
            int used = sink.drain(buf, pos);
            System.arraycopy(buf, used, buf, 0, pos - used);
            pos -= used;
        }
    }

    private void ensure(int n) {
        if (pos + n <= buf.length) {
            return;
        }
        if (sink != null && pos > 0) {
            int used = sink.drain(buf, pos);
            System.arraycopy(buf, used, buf, 0, pos - used);
            pos -= used;
            if (pos + n <= buf.length) {
                return;
            }
        }
        long want = Math.max((long) buf.length * 2, (long) pos + n);
        if (want > Integer.MAX_VALUE - 16) {
            if ((long) pos + n > Integer.MAX_VALUE - 16) {
                throw new WriteFailure("output exceeds the largest Java array (2 GiB); write to a stream instead");
            }
            want = Integer.MAX_VALUE - 16;
        }
        buf = Arrays.copyOf(buf, (int) want);
    }

    private void writeRaw(byte b) {
        ensure(1);
        buf[pos++] = b;
    }

    private void writeAscii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[pos++] = (byte) s.charAt(i);
        }
    }

    @SuppressWarnings("unchecked")
    private void writeValue(Object v, int depth) {
        if (v == null) {
            writeAscii("null");
            return;
        }
        Class<?> c = v.getClass();
        if (c == String.class) {
            writeString((String) v);
        } else if (c == Long.class || c == Integer.class || c == Short.class || c == Byte.class) {
            writeLong(((Number) v).longValue());
        } else if (c == Double.class) {
            writeDouble((Double) v);
        } else if (c == Boolean.class) {
            writeAscii((Boolean) v ? "true" : "false");
        } else if (c == LinkedHashMap.class || c == HashMap.class || c == TreeMap.class) {
            writeMap((Map<Object, Object>) v, depth);
        } else if (c == ArrayList.class) {
            writeList((List<Object>) v, depth);
        } else if (c == Float.class) {
            writeFloat((Float) v);
        } else {
            writeOther(v, c, depth);
        }
    }

    @SuppressWarnings("unchecked")
    private void writeOther(Object v, Class<?> c, int depth) {
        if (cfg.hasEncoders()) {
            java.util.function.Function<Object, Object> encoder = cfg.encoderFor(c);
            if (encoder != null) {
                Object replacement = encoder.apply(v);
                enter(v, depth);
                writeValue(replacement, depth + 1);
                return;
            }
        }
        if (v instanceof Map) {
            writeMap((Map<Object, Object>) v, depth);
        } else if (v instanceof List && v instanceof RandomAccess) {
            writeList((List<Object>) v, depth);
        } else if (v instanceof Iterable) {
            writeIterable((Iterable<Object>) v, depth);
        } else if (c.isArray()) {
            writeArray(v, depth);
        } else if (v instanceof CharSequence) {
            String text = v.toString();
            if (text == null) {
                throw new WriteFailure("cannot write a " + c.getName() + " whose toString() is null");
            }
            writeString(text);
        } else if (v instanceof Number) {
            writeNumber((Number) v);
        } else if (v instanceof Character) {
            writeString(String.valueOf((char) (Character) v));
        } else if (v instanceof Enum) {
            writeString(((Enum<?>) v).name());
        } else if (v instanceof Optional) {
            Optional<?> o = (Optional<?>) v;
            enter(v, depth);
            writeValue(o.orElse(null), depth + 1);
        } else if (v instanceof OptionalInt) {
            OptionalInt o = (OptionalInt) v;
            if (o.isPresent()) {
                writeLong(o.getAsInt());
            } else {
                writeAscii("null");
            }
        } else if (v instanceof OptionalLong) {
            OptionalLong o = (OptionalLong) v;
            if (o.isPresent()) {
                writeLong(o.getAsLong());
            } else {
                writeAscii("null");
            }
        } else if (v instanceof OptionalDouble) {
            OptionalDouble o = (OptionalDouble) v;
            if (o.isPresent()) {
                writeDouble(o.getAsDouble());
            } else {
                writeAscii("null");
            }
        } else if (c.isRecord()) {
            writeRecord(v, c, depth);
        } else {
            throw new WriteFailure("cannot write a value of type " + c.getName()
                    + ": register a JsonEncoder for it with JsonWriter.Builder.encoder");
        }
    }

    /** Records the container on the path; past the depth limit, tells a cycle from deep nesting. */
    private void enter(Object container, int depth) {
        if (depth >= cfg.maxDepth) {
            for (int i = 0; i < depth && i < path.length; i++) {
                if (path[i] == container) {
                    // the path down to the value that refers back to an enclosing one is what matters
                    int back = i + 1;
                    while (back < depth && path[back] != container) {
                        back++;
                    }
                    throw new WriteFailure("cycle: this " + container.getClass().getName()
                            + " contains itself (it is already being written at depth " + i + ")", back);
                }
            }
            throw new WriteFailure("nesting deeper than maxDepth (" + cfg.maxDepth
                    + "): raise it with JsonWriter.Builder.maxDepth");
        }
        if (depth >= path.length) {
            path = Arrays.copyOf(path, path.length * 2);
        }
        path[depth] = container;
    }

    private void newline(int depth) {
        int n = 1 + depth * cfg.indent;
        ensure(n);
        buf[pos++] = '\n';
        for (int i = 1; i < n; i++) {
            buf[pos++] = ' ';
        }
    }

    private void writeMap(Map<Object, Object> map, int depth) {
        enter(map, depth);
        if (map.isEmpty()) {
            writeAscii("{}");
            return;
        }
        if (cfg.sortKeys) {
            writeSortedMap(map, depth);
            return;
        }
        writeRaw((byte) '{');
        Object key = null;
        boolean first = true;
        boolean checked = false;
        try {
            for (Map.Entry<Object, Object> e : map.entrySet()) {
                if (e == null) {
                    throw new WriteFailure("cannot write a " + map.getClass().getName() + " that yields a null entry");
                }
                key = e.getKey();
                if (!checked && !(key instanceof String)) {
                    checked = true; // only keys written as text can collide: 1 and "1"
                    checkDistinctNames(map);
                }
                if (!first) {
                    writeRaw((byte) ',');
                }
                first = false;
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeKey(key);
                writeValue(e.getValue(), depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.isLocated() ? f : f.at(WriteFailure.memberSegment(key));
        } catch (java.util.ConcurrentModificationException e) {
            throw new WriteFailure("the " + map.getClass().getName() + " changed while it was being written");
        }
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) '}');
    }

    private void writeSortedMap(Map<Object, Object> map, int depth) {
        int n = map.size();
        String[] keys = new String[n];
        Object[] values = new Object[n];
        Integer[] order = new Integer[n];
        int i = 0;
        for (Map.Entry<Object, Object> e : map.entrySet()) {
            if (i == n) {
                break; // a map that grew while being written
            }
            if (e == null) {
                throw new WriteFailure("cannot write a " + map.getClass().getName() + " that yields a null entry");
            }
            try {
                keys[i] = keyString(e.getKey());
            } catch (WriteFailure f) {
                throw f.at(WriteFailure.memberSegment(e.getKey()));
            }
            values[i] = e.getValue();
            order[i] = i;
            i++;
        }
        int count = i;
        Arrays.sort(order, 0, count, (a, b) -> keys[a].compareTo(keys[b]));
        for (int k = 1; k < count; k++) {
            if (keys[order[k]].equals(keys[order[k - 1]])) {
                throw duplicateName(keys[order[k]]).at(WriteFailure.memberSegment(keys[order[k]]));
            }
        }
        writeRaw((byte) '{');
        String key = null;
        try {
            for (int k = 0; k < count; k++) {
                int j = order[k];
                key = keys[j];
                if (k > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeString(key);
                writeRaw((byte) ':');
                if (cfg.pretty) {
                    writeRaw((byte) ' ');
                }
                writeValue(values[j], depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at(WriteFailure.memberSegment(key));
        }
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) '}');
    }

    private void writeKey(Object key) {
        if (key instanceof String) {
            String name = (String) key;
            // member names repeat: their encoded form comes from the writer's name cache
            byte[] encoded = cfg.names.get(name);
            if (encoded == null) {
                if (name.length() <= NameCache.MAX_NAME_LENGTH) {
                    // room for the worst case first, so no drain to the sink moves the bytes away
                    ensure(name.length() * 6 + 16);
                    int start = pos;
                    writeString(name);
                    cfg.names.put(name, java.util.Arrays.copyOfRange(buf, start, pos));
                } else {
                    writeString(name);
                }
            } else {
                ensure(encoded.length + 2);
                System.arraycopy(encoded, 0, buf, pos, encoded.length);
                pos += encoded.length;
            }
        } else {
            writeString(keyString(key));
        }
        if (cfg.pretty) {
            ensure(2);
            buf[pos++] = ':';
            buf[pos++] = ' ';
        } else {
            writeRaw((byte) ':');
        }
    }

    /** Fails when two keys of {@code map} write the same member name (1 and "1", say). */
    private void checkDistinctNames(Map<Object, Object> map) {
        java.util.HashSet<String> names = new java.util.HashSet<>();
        for (Map.Entry<Object, Object> e : map.entrySet()) {
            if (e == null) {
                continue; // reported by the writing loop
            }
            String name = keyString(e.getKey());
            if (!names.add(name)) {
                throw duplicateName(name).at(WriteFailure.memberSegment(name)).located();
            }
        }
    }

    private static WriteFailure duplicateName(String name) {
        String shown = name.length() > 40 ? name.substring(0, 40) + "..." : name;
        return new WriteFailure("two map keys write the same member name \"" + shown
                + "\" (RFC 8259 section 4: names should be unique)");
    }

    /** The member name for a map key: strings as they are, numbers, booleans, enums and chars as text. */
    private String keyString(Object key) {
        if (key instanceof String) {
            return (String) key;
        }
        if (key instanceof CharSequence) {
            return key.toString();
        }
        if (key instanceof Enum) {
            return ((Enum<?>) key).name();
        }
        if (key instanceof Boolean || key instanceof Character) {
            return key.toString();
        }
        if (key instanceof Double || key instanceof Float) {
            double d = ((Number) key).doubleValue();
            if (!Double.isFinite(d)) {
                return Double.toString(d);
            }
            return key instanceof Float ? DoubleFormatter.toString((Float) key) : DoubleFormatter.toString(d);
        }
        if (key instanceof Number) {
            return numberText((Number) key);
        }
        if (key == null) {
            throw new WriteFailure("cannot write a null map key: JSON member names are strings");
        }
        throw new WriteFailure("cannot write a map key of type " + key.getClass().getName()
                + ": keys must be CharSequence, Number, Boolean, Character or Enum");
    }

    private void writeList(List<Object> list, int depth) {
        enter(list, depth);
        int n = list.size();
        if (n == 0) {
            writeAscii("[]");
            return;
        }
        writeRaw((byte) '[');
        int i = 0;
        try {
            for (; i < n; i++) {
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeValue(list.get(i), depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at("[" + i + "]");
        }
        closeArray(depth);
    }

    private void closeArray(int depth) {
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) ']');
    }

    private void writeIterable(Iterable<Object> items, int depth) {
        try {
            writeIterableUnchecked(items, depth);
        } catch (java.util.ConcurrentModificationException e) {
            throw new WriteFailure("the " + items.getClass().getName() + " changed while it was being written");
        }
    }

    private void writeIterableUnchecked(Iterable<Object> items, int depth) {
        enter(items, depth);
        Iterator<Object> it = items.iterator();
        if (!it.hasNext()) {
            writeAscii("[]");
            return;
        }
        writeRaw((byte) '[');
        int i = 0;
        try {
            for (; it.hasNext(); i++) {
                Object item = it.next();
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeValue(item, depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at("[" + i + "]");
        }
        closeArray(depth);
    }

    private void writeArray(Object array, int depth) {
        enter(array, depth);
        int n = Array.getLength(array);
        if (n == 0) {
            writeAscii("[]");
            return;
        }
        writeRaw((byte) '[');
        Class<?> component = array.getClass().getComponentType();
        int i = 0;
        try {
            for (; i < n; i++) {
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                if (!component.isPrimitive()) {
                    writeValue(((Object[]) array)[i], depth + 1);
                } else if (component == int.class) {
                    writeLong(((int[]) array)[i]);
                } else if (component == long.class) {
                    writeLong(((long[]) array)[i]);
                } else if (component == double.class) {
                    writeDouble(((double[]) array)[i]);
                } else if (component == float.class) {
                    writeFloat(((float[]) array)[i]);
                } else if (component == boolean.class) {
                    writeAscii(((boolean[]) array)[i] ? "true" : "false");
                } else if (component == byte.class) {
                    writeLong(((byte[]) array)[i]);
                } else if (component == short.class) {
                    writeLong(((short[]) array)[i]);
                } else {
                    writeString(String.valueOf(((char[]) array)[i]));
                }
            }
        } catch (WriteFailure f) {
            throw f.at("[" + i + "]");
        }
        closeArray(depth);
    }

    private void writeRecord(Object record, Class<?> c, int depth) {
        enter(record, depth);
        Method[] accessors = RecordAccessors.of(c);
        RecordComponent[] components = c.getRecordComponents();
        if (accessors.length == 0) {
            writeAscii("{}");
            return;
        }
        writeRaw((byte) '{');
        String name = null;
        try {
            for (int i = 0; i < accessors.length; i++) {
                name = components[i].getName();
                Object value;
                try {
                    value = accessors[i].invoke(record);
                } catch (ReflectiveOperationException e) {
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    throw new WriteFailure("cannot read record component " + name + " of " + c.getName() + ": " + cause);
                }
                if (i > 0) {
                    writeRaw((byte) ',');
                }
                if (cfg.pretty) {
                    newline(depth + 1);
                }
                writeKey(name);
                writeValue(value, depth + 1);
            }
        } catch (WriteFailure f) {
            throw f.at(WriteFailure.memberSegment(name));
        }
        if (cfg.pretty) {
            newline(depth);
        }
        writeRaw((byte) '}');
    }

    private void writeNumber(Number n) {
        if (n instanceof AtomicInteger || n instanceof AtomicLong || n instanceof LongAdder || n instanceof LongAccumulator) {
            writeLong(n.longValue());
        } else if (n instanceof DoubleAdder || n instanceof DoubleAccumulator) {
            writeDouble(n.doubleValue());
        } else {
            writeAscii(numberText(n));
        }
    }

    /** JSON text of an integral or big number; other Number types must print RFC 8259 number syntax. */
    private static String numberText(Number n) {
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte
                || n instanceof AtomicInteger || n instanceof AtomicLong || n instanceof LongAdder
                || n instanceof LongAccumulator) {
            return Long.toString(n.longValue());
        }
        // only the JDK's own classes are trusted to print number syntax; a subclass may print anything
        if (n.getClass() == BigInteger.class) {
            return n.toString();
        }
        if (n.getClass() == BigDecimal.class) {
            return n.toString(); // scientific form such as 1E+3 is valid JSON
        }
        if (n instanceof DoubleAdder || n instanceof DoubleAccumulator) {
            return DoubleFormatter.toString(n.doubleValue());
        }
        String s = n.toString();
        if (s == null || !isJsonNumber(s)) {
            throw new WriteFailure("cannot write a " + n.getClass().getName() + " whose text '" + s
                    + "' is not a JSON number: register a JsonEncoder for it");
        }
        return s;
    }

    static boolean isJsonNumber(String s) {
        int i = 0;
        int n = s.length();
        if (i < n && s.charAt(i) == '-') {
            i++;
        }
        if (i >= n) {
            return false;
        }
        if (s.charAt(i) == '0') {
            i++;
        } else if (s.charAt(i) >= '1' && s.charAt(i) <= '9') {
            while (i < n && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) {
                i++;
            }
        } else {
            return false;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            int d = i;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            if (i == d) {
                return false;
            }
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int d = i;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            if (i == d) {
                return false;
            }
        }
        return i == n;
    }

    private void writeLong(long v) {
        ensure(20);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                writeAscii("-9223372036854775808");
                return;
            }
            buf[pos++] = '-';
            v = -v;
        }
        if (v < 10) {
            buf[pos++] = (byte) ('0' + v);
            return;
        }
        int len = 1;
        for (long x = v; x >= 10; x /= 10) {
            len++;
        }
        int at = pos + len;
        pos = at;
        while (v >= 100) {
            int r = (int) (v % 100);
            v /= 100;
            buf[--at] = DIGIT_PAIRS[2 * r + 1];
            buf[--at] = DIGIT_PAIRS[2 * r];
        }
        if (v >= 10) {
            buf[--at] = DIGIT_PAIRS[2 * (int) v + 1];
            buf[--at] = DIGIT_PAIRS[2 * (int) v];
        } else {
            buf[--at] = (byte) ('0' + v);
        }
    }

    private void writeDouble(double d) {
        if (!Double.isFinite(d)) {
            writeNonFinite(d);
            return;
        }
        ensure(DoubleFormatter.MAX_CHARS);
        pos = DoubleFormatter.write(d, buf, pos);
    }

    private void writeFloat(float f) {
        if (!Float.isFinite(f)) {
            writeNonFinite(f);
            return;
        }
        ensure(DoubleFormatter.MAX_CHARS);
        pos = DoubleFormatter.write(f, buf, pos);
    }

    private void writeNonFinite(double d) {
        if (!cfg.allowNonFinite) {
            throw new WriteFailure("cannot write " + d + ": RFC 8259 numbers are finite"
                    + " (JsonWriter.Builder.allowNonFinite(true) writes NaN and Infinity, which most parsers reject)");
        }
        writeAscii(Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
    }

    /**
     * Writes a string with the escapes RFC 8259 section 7 requires, plus the writer's options:
     * {@code asciiOnly} escapes every non-ASCII char as {@code \\uXXXX} (pairs for supplementary
     * code points), {@code scriptSafe} escapes '/', U+2028 and U+2029 (ruby/json's script_safe).
     * A lone surrogate is always escaped, so the output is valid UTF-8.
     */
    private void writeString(String s) {
        int n = s.length();
        if (n <= PLAIN_MAX) {
            // the common string needs no escape: the JDK's encoder (a vectorized check and copy for
            // Latin-1 strings) and a word-at-a-time check beat a per-char loop, the array included
            byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (plain(utf8, cfg.asciiOnly, cfg.scriptSafe)) {
                int len = utf8.length;
                ensure(len + 2);
                byte[] b = buf;
                int p = pos;
                b[p] = '"';
                System.arraycopy(utf8, 0, b, p + 1, len);
                b[p + 1 + len] = '"';
                pos = p + len + 2;
                return;
            }
            if (!cfg.asciiOnly && !cfg.scriptSafe && writeEscapedUtf8(utf8)) {
                return;
            }
        }
        byte[] esc = escapes;
        boolean asciiOnly = cfg.asciiOnly;
        boolean scriptSafe = cfg.scriptSafe;
        ensure(2);
        buf[pos++] = '"';
        char[] chars = this.chars;
        int i = 0;
        while (i < n) {
            // chars are copied out in chunks (one intrinsic copy) and read from the array, which is
            // far cheaper than String.charAt per char; a chunk keeps one char of look-ahead for pairs
            int stop = Math.min(n, i + CHUNK);
            int copyEnd = Math.min(n, stop + 1);
            s.getChars(i, copyEnd, chars, 0);
            int base = i;
            ensure((stop - i) * 6 + 12);
            byte[] b = buf;
            int p = pos;
            for (; i < stop; i++) {
                char c = chars[i - base];
                if (c < 0x80) {
                    byte e = esc[c];
                    if (e == 0) {
                        b[p++] = (byte) c;
                    } else if (e == 'u') {
                        p = unicodeEscape(b, p, c);
                    } else {
                        b[p++] = '\\';
                        b[p++] = e;
                    }
                } else if (asciiOnly) {
                    p = unicodeEscape(b, p, c);
                } else if (c < 0x800) {
                    b[p++] = (byte) (0xC0 | (c >> 6));
                    b[p++] = (byte) (0x80 | (c & 0x3F));
                } else if (Character.isSurrogate(c)) {
                    if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(chars[i + 1 - base])) {
                        int cp = Character.toCodePoint(c, chars[++i - base]);
                        b[p++] = (byte) (0xF0 | (cp >> 18));
                        b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                        b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                        b[p++] = (byte) (0x80 | (cp & 0x3F));
                    } else {
                        p = unicodeEscape(b, p, c); // a lone surrogate has no UTF-8 form
                    }
                } else if (scriptSafe && (c == '\u2028' || c == '\u2029')) {
                    p = unicodeEscape(b, p, c);
                } else {
                    b[p++] = (byte) (0xE0 | (c >> 12));
                    b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (c & 0x3F));
                }
            }
            pos = p;
        }
        ensure(1);
        buf[pos++] = '"';
    }

    /** Strings up to this many chars try {@link #plain} first. */
    private static final int PLAIN_MAX = 1 << 16;
    private static final long QUOTES = Swar.broadcast('"');
    private static final long BACKSLASHES = Swar.broadcast('\\');
    private static final long QUESTION_MARKS = Swar.broadcast('?');
    private static final long SLASHES = Swar.broadcast('/');

    /**
     * Whether UTF-8 from {@code String.getBytes} is a JSON string body as it is, 8 bytes a step: no
     * byte below 0x20, no {@code "} or {@code \}, no {@code ?} (which is how {@code getBytes} writes
     * a lone surrogate, which must be escaped instead), and for the options no non-ASCII byte
     * ({@code asciiOnly}) or no {@code /} and no non-ASCII byte ({@code scriptSafe}: U+2028/9).
     * False sends the string to the escaping loop, which decides exactly.
     */
    private static boolean plain(byte[] b, boolean asciiOnly, boolean scriptSafe) {
        int n = b.length;
        int i = 0;
        long bad = 0;
        boolean noHigh = asciiOnly || scriptSafe;
        long slash = scriptSafe ? SLASHES : QUOTES; // quotes again when '/' is plain
        for (; i + 8 <= n; i += 8) {
            long v = (long) Swar.LONG_LE.get(b, i);
            bad |= Swar.control(v) | Swar.equal(v, QUOTES) | Swar.equal(v, BACKSLASHES)
                    | Swar.equal(v, QUESTION_MARKS) | Swar.equal(v, slash) | (noHigh ? v & Swar.HIGHS : 0);
        }
        if (bad != 0) {
            return false;
        }
        for (; i < n; i++) {
            int c = b[i];
            if (c >= 0 ? c < 0x20 || c == '"' || c == '\\' || c == '?' || scriptSafe && c == '/' : noHigh) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes {@code utf8} (from {@code String.getBytes}) as a JSON string, escaping its ASCII bytes
     * that RFC 8259 requires (control chars, {@code "} and {@code \\}) and copying the runs between
     * them; the default options only. Multi-byte sequences need no escape there, being non-ASCII
     * bytes throughout.
     *
     * @return false, having written nothing, at a {@code ?}, which may stand for a lone surrogate
     *     that must be escaped instead: the caller then takes the per-char path
     */
    private boolean writeEscapedUtf8(byte[] utf8) {
        int len = utf8.length;
        ensure(len * 6 + 2);
        byte[] b = buf;
        byte[] esc = escapes;
        int p = pos;
        b[p++] = '"';
        int run = 0;
        for (int i = 0; i < len; i++) {
            int c = utf8[i];
            if (c < 0 || c >= 0x20 && c != '"' && c != '\\' && c != '?') {
                continue;
            }
            if (c == '?') {
                return false;
            }
            System.arraycopy(utf8, run, b, p, i - run);
            p += i - run;
            byte e = esc[c];
            if (e == 'u') {
                p = unicodeEscape(b, p, (char) c);
            } else {
                b[p++] = '\\';
                b[p++] = e;
            }
            run = i + 1;
        }
        System.arraycopy(utf8, run, b, p, len - run);
        p += len - run;
        b[p++] = '"';
        pos = p;
        return true;
    }

    private static int unicodeEscape(byte[] b, int p, char c) {
        b[p++] = '\\';
        b[p++] = 'u';
        b[p++] = HEX[(c >> 12) & 0xF];
        b[p++] = HEX[(c >> 8) & 0xF];
        b[p++] = HEX[(c >> 4) & 0xF];
        b[p++] = HEX[c & 0xF];
        return p;
    }

    /** Accessors of record components, looked up once per class. */
    private static final class RecordAccessors {
        private static final ClassValue<Method[]> CACHE = new ClassValue<>() {
            @Override
            protected Method[] computeValue(Class<?> type) {
                RecordComponent[] components = type.getRecordComponents();
                Method[] methods = new Method[components.length];
                for (int i = 0; i < components.length; i++) {
                    Method m = components[i].getAccessor();
                    if (!m.trySetAccessible()) {
                        throw new WriteFailure("cannot access record component " + components[i].getName()
                                + " of " + type.getName() + " (module not open to dev.hyson)");
                    }
                    methods[i] = m;
                }
                return methods;
            }
        };

        static Method[] of(Class<?> c) {
            return CACHE.get(c);
        }
    }
}
