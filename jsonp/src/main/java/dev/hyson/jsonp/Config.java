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
 *   <li>{@link JsonGenerator#PRETTY_PRINTING}: indented output (a {@code Boolean}, a string read by
 *       {@link Boolean#parseBoolean}, or any other non-null value for true);</li>
 *   <li>{@link JsonConfig#KEY_STRATEGY}: what a parsed object keeps of a repeated member name, a
 *       {@link JsonConfig.KeyStrategy} or its name: {@code LAST} (the default, as in the reference
 *       implementation), {@code FIRST}, or {@code NONE} (a repeated name is a parse error).</li>
 *   <li>{@code dev.hyson.jsonp.lazy} (hyson's own; a {@code Boolean} or {@code "true"}): readers return
 *       views over the scanned tape instead of over a parsed tree: faster where a few members of a large
 *       document are read, slower where every value is (see benchmarks/README). Ignored under
 *       {@code KEY_STRATEGY} {@code NONE}. The system property of the same name sets the default.</li>
 * </ul>
 * Other properties are ignored and not reported by {@code getConfigInUse()}.
 */
final class Config {
    static final Config DEFAULT = new Config(Collections.emptyMap());

    /** The provider's own property: objects and arrays that readers return are views over the scanned tape. */
    static final String LAZY = "dev.hyson.jsonp.lazy";

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
        pretty = p instanceof Boolean ? (Boolean) p : p instanceof String ? Boolean.parseBoolean((String) p) : p != null;
        Object l = c.containsKey(LAZY) ? c.get(LAZY) : System.getProperty(LAZY);
        Object k = c.get(JsonConfig.KEY_STRATEGY);
        keys = k == null ? null : k instanceof JsonConfig.KeyStrategy ? (JsonConfig.KeyStrategy) k
                : JsonConfig.KeyStrategy.valueOf(k.toString());
        reader = JsonReader.builder().bigDecimals(true).duplicateKeys(keys == JsonConfig.KeyStrategy.FIRST
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
