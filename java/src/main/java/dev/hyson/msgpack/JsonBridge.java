package dev.hyson.msgpack;

import dev.hyson.JsonWriteException;
import dev.hyson.internal.write.WriteFailure;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON forms of MessagePack values (see {@link MessagePackFactory.JsonForm}). */
final class JsonBridge {
    static final String BIN = "$bin";
    static final String TIMESTAMP = "$timestamp";
    static final String EXT = "$ext";
    static final String FLOAT32 = "$float32";
    static final String FLOAT64 = "$float64";
    static final String MAP = "$map";

    private JsonBridge() {
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

    /** Replaces what JSON lacks by its JSON form; everything else is returned as it is. */
    @SuppressWarnings("unchecked")
    static Object toJsonValue(Object v, boolean lossless, dev.hyson.JsonWriter writer) {
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
            Map<Object, Object> out = new LinkedHashMap<>(m.size() < 3 ? m.size() + 1 : (int) (m.size() / 0.75f + 1));
            for (Map.Entry<Object, Object> e : m.entrySet()) {
                Object k = e.getKey();
                if (!(k instanceof String || k instanceof Number || k instanceof Boolean || k == null)) {
                    // bin and timestamp keys as their string forms, as values; a container key as its JSON text
                    Object form = toJsonValue(k, false, writer);
                    k = form instanceof String ? form : writer.write(form);
                }
                String segment = WriteFailure.memberSegment(k);
                Object value;
                try {
                    value = toJsonValue(e.getValue(), lossless, writer);
                } catch (JsonWriteException x) {
                    throw within(x, segment);
                }
                if (out.containsKey(k)) {
                    // a key written as text ([] or a bin's base64) equal to a str key: both cannot be kept
                    String shown = ((String) k).length() > 40 ? ((String) k).substring(0, 40) + "..." : (String) k;
                    throw new JsonWriteException("two map keys write the same member name \"" + shown
                            + "\" (RFC 8259 section 4: names should be unique)", "$" + segment);
                }
                out.put(k, value);
            }
            return out;
        }
        if (v instanceof List) {
            List<Object> l = (List<Object>) v;
            List<Object> out = new ArrayList<>(l.size());
            for (int i = 0; i < l.size(); i++) {
                try {
                    out.add(toJsonValue(l.get(i), lossless, writer));
                } catch (JsonWriteException x) {
                    throw within(x, "[" + i + "]");
                }
            }
            return out;
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
            return tagged(FLOAT32, Float.isFinite(x) ? (Object) v : nonFinite(x));
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

    /** Turns the lossless tags back into values; without {@code lossless} the value is returned as it is. */
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
