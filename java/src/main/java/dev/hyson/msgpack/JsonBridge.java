package dev.hyson.msgpack;

import dev.hyson.internal.write.Generator;
import dev.hyson.internal.write.WriteConfig;
import dev.hyson.internal.write.WriteFailure;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriteException;
import dev.hyson.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A factory's JSON side of {@code toJson} and {@code fromJson}: the JSON forms of MessagePack
 * values (see {@link MessagePackFactory.JsonForm}) and the JSON writer and reader that carry them.
 */
final class JsonBridge {
    /** The lossless tag of a bin: {@code {"$bin":"base64"}}. */
    private static final String BIN = "$bin";
    /** The tag of a timestamp: {@code {"$timestamp":"RFC 3339"}}. */
    private static final String TIMESTAMP = "$timestamp";
    /** The tag of another extension: {@code {"$ext":{"type":T,"data":"base64"}}}. */
    private static final String EXT = "$ext";
    /** The lossless tag of a float32: {@code {"$float32":N}}. */
    private static final String FLOAT32 = "$float32";
    /** The lossless tag of a non-finite float64: {@code {"$float64":"NaN"}}. */
    private static final String FLOAT64 = "$float64";
    /** The lossless tag of a map that JSON members cannot hold: {@code {"$map":[[key,value],...]}}. */
    private static final String MAP = "$map";

    private final boolean lossless;
    /** The JSON depth that holds any value within the factory's maxDepth (see {@link #jsonDepth}). */
    private final int maxJsonDepth;
    /**
     * Made on first use (a reader picks its backend, which a MessagePack-only user need not load).
     * A race makes two equal ones: both are immutable, with final fields, so either is safe to use.
     */
    private JsonWriter writer;
    private JsonReader reader;

    /**
     * @param form the JSON form
     * @param maxDepth the factory's MessagePack maxDepth
     */
    JsonBridge(MessagePackFactory.JsonForm form, int maxDepth) {
        this.lossless = form == MessagePackFactory.JsonForm.LOSSLESS;
        this.maxJsonDepth = jsonDepth(maxDepth);
    }

    /**
     * The JSON depth that holds any value within {@code maxDepth} MessagePack levels: the JSON
     * forms add levels (a lossless {@code $map} three per map, a tag one). The MessagePack depth
     * itself is checked by the unpacker ({@code toJson}) or the packer ({@code fromJson}).
     */
    private static int jsonDepth(int maxDepth) {
        return (int) Math.min(Integer.MAX_VALUE, 3L * maxDepth + 2);
    }

    /**
     * What one {@link #writeAll} run writes with (this bridge is shared by the factory's threads, so
     * these are the run's own): the generator of the values it builds (compact, this bridge's depth;
     * its buffer goes to the run's stream when full), and the direct path with its own buffer.
     */
    private final class Run {
        final Generator values;
        final DirectJson direct;

        Run(OutputStream out, MessagePackFactory f) {
            WriteConfig cfg = new WriteConfig(false, 2, false, false, false, false, maxJsonDepth, java.util.Map.of());
            values = new Generator(cfg, new byte[1 << 13], (b, len) -> {
                try {
                    out.write(b, 0, len);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return len;
            });
            direct = new DirectJson(f, new Generator(cfg, new byte[1 << 13], null), lossless);
        }
    }

    private JsonWriter writer() {
        JsonWriter w = writer;
        if (w == null) {
            w = writer = JsonWriter.builder().maxDepth(maxJsonDepth).build();
        }
        return w;
    }

    private JsonReader reader() {
        JsonReader r = reader;
        if (r == null) {
            r = reader = JsonReader.builder().maxDepth(maxJsonDepth).build();
        }
        return r;
    }

    /**
     * Reads exactly one value from {@code u}, extensions unpacked raw (not given to registered
     * unpackers), and writes it as JSON.
     *
     * @param u the unpacker of the MessagePack value
     * @return the value as compact JSON in this bridge's form
     */
    String writeOne(MessageUnpacker u) {
        u.rawExtensions = true;
        Object v = u.unpackValue();
        u.requireEnd();
        JsonWriter w = writer();
        try {
            try {
                return w.write(toJsonValue(v, lossless, w));
            } catch (StackOverflowError e) {
                // converted again on a thread whose stack holds maxDepth levels, as the unpack was
                return dev.hyson.internal.DeepStack.call(() -> w.write(toJsonValue(v, lossless, w)), u.f.maxDepth);
            }
        } catch (StackOverflowError e) {
            throw InputBuffer.limit("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)", u.offset());
        }
    }

    /**
     * Writes every value {@code u} reads, as they arrive, one compact JSON text per line, extensions
     * unpacked raw; flushes {@code out}. An array is written element by element as its elements are
     * read (arrays within it too), so memory holds one element, not the array: a file that is one
     * big array converts in the memory of its largest element. A map is built whole before it is
     * written, since a repeated key takes the last value at the first key's place and the lossless
     * form looks at all keys first. A value that fails part-way through an array leaves on
     * {@code out} what was written of it.
     *
     * @param u the unpacker of the MessagePack values
     * @param sink where the JSON lines go
     * @return the number of values written
     */
    long writeAll(MessageUnpacker u, OutputStream sink) {
        if (u.f.maxDepth > MessagePackFactory.DEFAULT_MAX_DEPTH) {
            // a stream cannot be read again once a small stack overflows: deeper than the default, the
            // whole conversion runs from the start on a thread whose stack holds maxDepth levels
            return dev.hyson.internal.DeepStack.call(() -> writeAllHere(u, sink), u.f.maxDepth);
        }
        return writeAllHere(u, sink);
    }

    private long writeAllHere(MessageUnpacker u, OutputStream sink) {
        u.rawExtensions = true;
        long n = 0;
        JsonWriter w = writer();
        // one buffer for the whole run; it goes out whenever the unpacker has to read (and may wait for)
        // more input, so a live stream's values still appear as they arrive
        java.io.BufferedOutputStream out = new java.io.BufferedOutputStream(sink, 1 << 16);
        Run run = new Run(out, u.f);
        try {
            for (;;) {
                if (u.pos >= u.limit) {
                    out.flush();
                }
                if (!u.hasNext()) {
                    break;
                }
                u.owed = 0;
                u.keyNesting = 0;
                try {
                    writeValue(u, out, w, u.baseDepth(), run);
                } catch (StackOverflowError e) {
                    throw InputBuffer.limit("nesting too deep for the thread's stack (lower maxDepth or raise -Xss)", u.offset());
                }
                out.write('\n');
                n++;
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            try {
                out.flush(); // what was converted before the failure
            } catch (IOException ignored) {
                // the failure reported is the conversion's
            }
            throw e;
        }
        return n;
    }

    /**
     * One value at {@code depth}: an array streamed, anything else written straight from the
     * unpacker's buffer ({@link DirectJson}) or, where that declines, built and written.
     */
    private void writeValue(MessageUnpacker u, OutputStream out, JsonWriter w, int depth, Run run) throws IOException {
        int n = u.streamedArrayHeader(depth);
        if (n < 0) {
            if (run.direct.write(u, out, depth)) {
                return; // written straight from the unpacker's buffer
            }
            Object v = toJsonValue(u.readValue(depth), lossless, w);
            Generator g = run.values;
            int at = g.position();
            long before = g.drainedBytes();
            try {
                g.writeRoot(v); // into the run's generator, whose buffer goes to out when full: no array per value
            } catch (WriteFailure f) {
                if (g.drainedBytes() == before) {
                    g.backTo(at); // nothing of the value went out: none of it does (was "{" before a nil key's error)
                }
                throw new JsonWriteException(f.getMessage(), f.path());
            } finally {
                g.drainAll();
            }
            return;
        }
        long outer = u.owed;
        out.write('[');
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                out.write(',');
            }
            if (u.pos >= u.limit) {
                out.flush(); // the unpacker will read (and may wait): what was converted goes out first
            }
            u.owed = outer + (n - i - 1);
            try {
                writeValue(u, out, w, depth + 1, run);
            } catch (JsonWriteException x) {
                throw within(x, "[" + i + "]");
            }
        }
        u.owed = outer;
        out.write(']');
    }

    /**
     * @param json the array holding the JSON text
     * @param offset the index of its first byte
     * @param length its length in bytes
     * @return the value to pack for the JSON text {@code json[offset, offset + length)}
     */
    Object read(byte[] json, int offset, int length) {
        return deep(() -> fromJsonValue(reader().parse(json, offset, length), lossless));
    }

    /**
     * @param json the JSON text
     * @return the value to pack for a JSON text held in a Java string
     */
    Object read(String json) {
        return deep(() -> fromJsonValue(reader().parse(json), lossless));
    }

    /**
     * @param json the stream holding the JSON text
     * @return the value to pack for the JSON text of a stream
     */
    Object read(InputStream json) {
        Object v = reader().parse(json);
        if (lossless && maxJsonDepth > MessagePackFactory.DEFAULT_MAX_DEPTH) {
            // the tags are read in place (not again from the start: a $map's single tag-named key would be
            // taken for a tag the second time), so deeper than the default on a deep stack from the start
            return dev.hyson.internal.DeepStack.call(() -> fromJsonValue(v, true), maxJsonDepth);
        }
        return fromJsonValue(v, lossless);
    }

    /**
     * Reads the lossless tags (a call per level) of a value parsed in {@code task}; when they exhaust the
     * caller's stack within {@code maxDepth}, parses and reads again on a thread whose stack holds it.
     */
    private Object deep(java.util.function.Supplier<Object> task) {
        if (!lossless) {
            return task.get();
        }
        try {
            return task.get();
        } catch (StackOverflowError e) {
            return dev.hyson.internal.DeepStack.call(task, maxJsonDepth);
        }
    }

    private static boolean isTag(Object key) {
        return BIN.equals(key) || TIMESTAMP.equals(key) || EXT.equals(key) || FLOAT32.equals(key)
                || FLOAT64.equals(key) || MAP.equals(key);
    }

    private static Map<String, Object> tagged(String tag, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(2);
        m.put(tag, value);
        return m;
    }

    /**
     * Replaces what JSON lacks by its JSON form; everything else is returned as it is.
     *
     * @param v an unpacked value
     * @param lossless whether to use the {@link MessagePackFactory.JsonForm#LOSSLESS} form
     * @param writer the writer, for a container map key written as its JSON text
     * @return the value with JSON forms in place
     */
    @SuppressWarnings("unchecked")
    static Object toJsonValue(Object v, boolean lossless, dev.hyson.JsonWriter writer) {
        Class<?> c = v == null ? null : v.getClass();
        if (c == String.class || c == Long.class || c == Boolean.class || c == null || c == Double.class && (!lossless
                || Double.isFinite((Double) v))) {
            return v; // the common scalars, by exact class first (no interface checks: JDK-8180450)
        }
        if (v instanceof Map) {
            Map<Object, Object> m = (Map<Object, Object>) v;
            boolean pairs = false;
            if (lossless) {
                for (Object k : m.keySet()) {
                    if (!(k instanceof String)) {
                        pairs = true;
                        break;
                    }
                }
                pairs |= m.size() == 1 && isTag(m.keySet().iterator().next());
            }
            if (pairs) {
                List<Object> list = new ArrayList<>(m.size());
                for (Map.Entry<Object, Object> e : m.entrySet()) {
                    List<Object> pair = new ArrayList<>(2);
                    pair.add(toJsonValue(e.getKey(), true, writer));
                    pair.add(toJsonValue(e.getValue(), true, writer));
                    list.add(pair);
                }
                return tagged(MAP, list);
            }
            // the map itself when nothing in it changes (the common case), else a copy with the JSON forms
            Map<Object, Object> out = null;
            int done = 0;
            for (Map.Entry<Object, Object> e : m.entrySet()) {
                Object k = e.getKey();
                Object key = k;
                if (!(k instanceof String || k instanceof Number || k instanceof Boolean || k == null)) {
                    // bin and timestamp keys as their string forms, as values; a container key as its JSON text
                    Object form = toJsonValue(k, false, writer);
                    k = form instanceof String ? form : writer.write(form);
                }
                Object value;
                try {
                    value = toJsonValue(e.getValue(), lossless, writer);
                } catch (JsonWriteException x) {
                    throw within(x, WriteFailure.memberSegment(k));
                }
                if (out == null) {
                    if (key == k && value == e.getValue()) {
                        done++;
                        continue;
                    }
                    out = new LinkedHashMap<>(m.size() < 3 ? m.size() + 1 : (int) (m.size() / 0.75f + 1));
                    int i = 0;
                    for (Map.Entry<Object, Object> before : m.entrySet()) {
                        if (i++ == done) {
                            break;
                        }
                        out.put(before.getKey(), before.getValue());
                    }
                }
                if (out.containsKey(k)) {
                    // a key written as text ([] or a bin's base64) equal to a str key: both cannot be kept
                    String shown = ((String) k).length() > 40 ? ((String) k).substring(0, 40) + "..." : (String) k;
                    throw new JsonWriteException("two map keys write the same member name \"" + shown
                            + "\" (RFC 8259 section 4: names should be unique)", "$" + WriteFailure.memberSegment(k));
                }
                out.put(k, value);
            }
            return out == null ? m : out;
        }
        if (v instanceof List) {
            List<Object> l = (List<Object>) v;
            List<Object> out = null;
            for (int i = 0; i < l.size(); i++) {
                Object item = l.get(i);
                Object form;
                try {
                    form = toJsonValue(item, lossless, writer);
                } catch (JsonWriteException x) {
                    throw within(x, "[" + i + "]");
                }
                if (out == null && form != item) {
                    out = new ArrayList<>(l.size());
                    out.addAll(l.subList(0, i));
                }
                if (out != null) {
                    out.add(form);
                }
            }
            return out == null ? l : out;
        }
        if (v instanceof byte[]) {
            String b64 = Base64.getEncoder().encodeToString((byte[]) v);
            return lossless ? tagged(BIN, b64) : b64;
        }
        if (v instanceof Instant) {
            return lossless ? tagged(TIMESTAMP, v.toString()) : v.toString();
        }
        if (v instanceof ExtensionValue) {
            ExtensionValue e = (ExtensionValue) v;
            Map<String, Object> body = new LinkedHashMap<>(3);
            body.put("type", (long) e.type());
            body.put("data", Base64.getEncoder().encodeToString(e.data()));
            return tagged(EXT, body);
        }
        if (lossless && v instanceof Float) {
            float x = (Float) v;
            return tagged(FLOAT32, Float.isFinite(x) ? v : nonFinite(x));
        }
        if (lossless && v instanceof Double && !Double.isFinite((Double) v)) {
            return tagged(FLOAT64, nonFinite((Double) v));
        }
        return v;
    }

    /** The same failure, located one level further out. */
    private static JsonWriteException within(JsonWriteException e, String segment) {
        return new JsonWriteException(e.problem(), "$" + segment + e.path().substring(1));
    }

    private static String nonFinite(double x) {
        return Double.isNaN(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
    }

    private static MessagePackException bad(String what) {
        return new MessagePackException(MessagePackException.Kind.TYPE_MISMATCH, "malformed lossless JSON tag: " + what, -1);
    }

    /**
     * Turns the lossless tags back into values; without {@code lossless} the value is returned as it is.
     *
     * @param v a parsed JSON value
     * @param lossless whether to read the {@link MessagePackFactory.JsonForm#LOSSLESS} tags
     * @return the value to pack
     * @throws MessagePackException for a malformed tag
     */
    @SuppressWarnings("unchecked")
    static Object fromJsonValue(Object v, boolean lossless) {
        if (!lossless) {
            return v;
        }
        if (v instanceof Map) {
            Map<String, Object> m = (Map<String, Object>) v;
            if (m.size() == 1) {
                Map.Entry<String, Object> e = m.entrySet().iterator().next();
                if (isTag(e.getKey())) {
                    return fromTag(e.getKey(), e.getValue());
                }
            }
            for (Map.Entry<String, Object> e : m.entrySet()) {
                e.setValue(fromJsonValue(e.getValue(), true));
            }
            return m;
        }
        if (v instanceof List) {
            List<Object> l = (List<Object>) v;
            for (int i = 0; i < l.size(); i++) {
                l.set(i, fromJsonValue(l.get(i), true));
            }
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    private static Object fromTag(String tag, Object body) {
        try {
            switch (tag) {
                case BIN:
                    return Base64.getDecoder().decode((String) body);
                case TIMESTAMP:
                    return Instant.parse((String) body);
                case EXT: {
                    Map<String, Object> m = (Map<String, Object>) body;
                    long type = (Long) m.get("type");
                    if (type < -128 || type > 127) {
                        throw bad("$ext type " + type + " is not -128..127");
                    }
                    return new ExtensionValue((byte) type, Base64.getDecoder().decode((String) m.get("data")));
                }
                case FLOAT32:
                    return body instanceof String ? (float) parseNonFinite(tag, (String) body) : ((Number) body).floatValue();
                case FLOAT64:
                    return body instanceof String ? parseNonFinite(tag, (String) body) : ((Number) body).doubleValue();
                default: {
                    List<Object> pairs = (List<Object>) body;
                    Map<Object, Object> out = new LinkedHashMap<>();
                    KeyHashGuard guard = new KeyHashGuard(List.of());
                    for (Object p : pairs) {
                        List<Object> pair = (List<Object>) p;
                        if (pair.size() != 2) {
                            throw bad("$map entry with " + pair.size() + " elements instead of 2");
                        }
                        Object key = fromJsonValue(pair.get(0), true);
                        if (!out.containsKey(key) && !guard.add(key)) {
                            throw KeyHashGuard.flooded(-1);
                        }
                        out.put(key, fromJsonValue(pair.get(1), true));
                    }
                    return out;
                }
            }
        } catch (ClassCastException | NullPointerException e) {
            throw bad(tag + " must hold " + expectedForm(tag));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw bad(tag + ": " + e.getMessage());
        }
    }

    /** What a lossless tag holds, for error messages. */
    private static String expectedForm(String tag) {
        switch (tag) {
            case BIN: return "a base64 string";
            case TIMESTAMP: return "an RFC 3339 string such as \"2024-01-02T03:04:05.123456789Z\"";
            case EXT: return "an object {\"type\": -128..127, \"data\": base64 string}";
            case FLOAT32: case FLOAT64: return "a number, or \"NaN\", \"Infinity\" or \"-Infinity\"";
            default: return "an array of [key, value] pairs";
        }
    }

    private static double parseNonFinite(String tag, String s) {
        switch (s) {
            case "NaN": return Double.NaN;
            case "Infinity": return Double.POSITIVE_INFINITY;
            case "-Infinity": return Double.NEGATIVE_INFINITY;
            default: throw bad(tag + " must hold " + expectedForm(tag) + ", not \"" + s + "\"");
        }
    }

}
