package dev.hyson.jsonp;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import dev.hyson.jsonp.stream.HysonGenerator;
import dev.hyson.jsonp.stream.HysonParser;
import dev.hyson.jsonp.stream.Inputs;
import jakarta.json.JsonConfig;
import jakarta.json.stream.JsonGenerator;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The configuration properties the provider understands, read once from a factory's map, and the
 * hyson reader and writer made from them:
 * <ul>
 *   <li>{@link JsonGenerator#PRETTY_PRINTING}: indented output when present with any value but
 *       {@code Boolean.FALSE} or the string {@code "false"};</li>
 *   <li>{@link JsonConfig#KEY_STRATEGY}: what a parsed object keeps of a repeated member name, a
 *       {@link JsonConfig.KeyStrategy} or its name: {@code LAST} (the default, as in the reference
 *       implementation), {@code FIRST}, or {@code NONE} (a repeated name is a parse error).</li>
 *   <li>{@code dev.hyson.jsonp.lazy} (hyson's own; a {@code Boolean} or {@code "true"}): readers return
 *       views over the scanned tape instead of over a parsed tree: faster where a few members of a large
 *       document are read, slower where every value is (see benchmarks/README). Ignored under
 *       {@code KEY_STRATEGY} {@code NONE}. The system property of the same name sets the default.</li>
 *   <li>{@code dev.hyson.jsonp.maxDepth}, {@code dev.hyson.jsonp.maxStringLength},
 *       {@code dev.hyson.jsonp.maxNumberLength}, {@code dev.hyson.jsonp.maxDocumentLength}: hyson's
 *       limits for parsers and readers (defaults 1000 levels, 20,000,000 bytes, 1000 characters, 1 GiB;
 *       a value out of the builder's range is an {@link IllegalArgumentException}).</li>
 * </ul>
 * Other properties are ignored and not reported by {@code getConfigInUse()}.
 */
final class Config {
    static final Config DEFAULT = new Config(Collections.emptyMap());

    /** The provider's own property: objects and arrays that readers return are views over the scanned tape. */
    static final String LAZY = "dev.hyson.jsonp.lazy";
    /** hyson's limits, as {@code dev.hyson.JsonReader.Builder} names them (a {@code Number} or its text). */
    static final String MAX_DEPTH = "dev.hyson.jsonp.maxDepth";
    static final String MAX_STRING_LENGTH = "dev.hyson.jsonp.maxStringLength";
    static final String MAX_NUMBER_LENGTH = "dev.hyson.jsonp.maxNumberLength";
    static final String MAX_DOCUMENT_LENGTH = "dev.hyson.jsonp.maxDocumentLength";

    private static long number(String key, Object v) {
        try {
            return v instanceof Number ? ((Number) v).longValue() : Long.parseLong(v.toString().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, not " + v, e);
        }
    }

    /** {@link #number} for a limit held in an {@code int}: one beyond its range is refused, not cut. */
    private static int intNumber(String key, Object v) {
        long n = number(key, v);
        if (n != (int) n) {
            throw new IllegalArgumentException(key + " must be at most " + Integer.MAX_VALUE + ", not " + v);
        }
        return (int) n;
    }

    final boolean pretty;
    final boolean lazy;
    final JsonConfig.KeyStrategy keys;
    final JsonReader reader;
    final JsonWriter writer;
    /** What the generator and writer factories report. */
    final Map<String, ?> writeInUse;
    /** What the parser and reader factories report. */
    final Map<String, ?> readInUse;

    Config(Map<String, ?> config) {
        Map<String, ?> c = config == null ? Collections.emptyMap() : config;
        Object p = c.get(JsonGenerator.PRETTY_PRINTING);
        // the specification: "the value of the property could be anything"; its presence asks for
        // indentation, except an explicit false
        pretty = p != null && !Boolean.FALSE.equals(p) && !"false".equalsIgnoreCase(p.toString().trim());
        Object l = c.containsKey(LAZY) ? c.get(LAZY) : System.getProperty(LAZY);
        Object k = c.get(JsonConfig.KEY_STRATEGY);
        keys = k == null ? null : k instanceof JsonConfig.KeyStrategy ? (JsonConfig.KeyStrategy) k
                : JsonConfig.KeyStrategy.valueOf(k.toString());
        JsonReader.Builder rb = JsonReader.builder();
        Object v;
        if ((v = c.get(MAX_DEPTH)) != null) {
            rb.maxDepth(intNumber(MAX_DEPTH, v));
        }
        if ((v = c.get(MAX_STRING_LENGTH)) != null) {
            rb.maxStringLength(number(MAX_STRING_LENGTH, v));
        }
        if ((v = c.get(MAX_NUMBER_LENGTH)) != null) {
            rb.maxNumberLength(intNumber(MAX_NUMBER_LENGTH, v));
        }
        if ((v = c.get(MAX_DOCUMENT_LENGTH)) != null) {
            rb.maxDocumentLength(number(MAX_DOCUMENT_LENGTH, v));
        }
        reader = rb.bigDecimals(true).duplicateKeys(keys == JsonConfig.KeyStrategy.FIRST
                ? DuplicateKeyPolicy.FIRST_WINS : keys == JsonConfig.KeyStrategy.NONE ? DuplicateKeyPolicy.ERROR
                : DuplicateKeyPolicy.LAST_WINS).build();
        writer = JsonWriter.builder().pretty(pretty).build();
        // under NONE a repeated name must fail the read, which a lazy document would report only at a lookup
        lazy = (l instanceof Boolean ? (Boolean) l : l instanceof String && Boolean.parseBoolean((String) l))
                && keys != JsonConfig.KeyStrategy.NONE;
        Map<String, Object> w = new HashMap<>();
        if (pretty) {
            w.put(JsonGenerator.PRETTY_PRINTING, true);
        }
        writeInUse = Collections.unmodifiableMap(w);
        Map<String, Object> r = new HashMap<>();
        if (keys != null) {
            r.put(JsonConfig.KEY_STRATEGY, keys);
        }
        for (String key : new String[] {MAX_DEPTH, MAX_STRING_LENGTH, MAX_NUMBER_LENGTH, MAX_DOCUMENT_LENGTH}) {
            if (c.get(key) != null) {
                r.put(key, number(key, c.get(key)));
            }
        }
        if (lazy && c.containsKey(LAZY)) {
            r.put(LAZY, true); // asked for in this map (a default from the system property is not reported)
        }
        readInUse = Collections.unmodifiableMap(r);
    }

    dev.hyson.jsonp.stream.HysonJsonReader jsonReader(InputStream utf8) {
        return new dev.hyson.jsonp.stream.HysonJsonReader(reader, utf8, lazy, keys == JsonConfig.KeyStrategy.FIRST);
    }

    HysonParser parser(InputStream utf8) {
        return new HysonParser(reader.parser(utf8), utf8);
    }

    HysonParser parser(byte[] utf8) {
        return new HysonParser(reader.parser(utf8), null);
    }

    HysonGenerator generator(Writer out) {
        return new HysonGenerator(writer.generator(out), out);
    }

    HysonGenerator generator(OutputStream out) {
        return new HysonGenerator(writer.generator(out), out);
    }

    HysonGenerator generator(OutputStream out, Charset charset) {
        return charset.equals(StandardCharsets.UTF_8) ? generator(out) : generator(new OutputStreamWriter(out, charset));
    }

    static InputStream input(InputStream in, Charset charset) {
        return Inputs.utf8(in, charset);
    }
}
