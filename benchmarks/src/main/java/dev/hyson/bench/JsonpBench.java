package dev.hyson.bench;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Jakarta JSON Processing through two providers on the same documents: hyson's
 * ({@code dev.hyson.jsonp.HysonJsonProvider}) and the reference implementation, Eclipse Parsson.
 * <ul>
 *   <li>{@code read}: {@code createReader(InputStream).readValue()} (hyson's objects are views whose
 *       members are converted when read, so this alone favours it);
 *   <li>{@code readWalk}: the same, then every value of the tree visited (strings' lengths, numbers'
 *       {@code BigDecimal}s): what a reader that uses the whole document pays;
 *   <li>{@code events}: a {@code JsonParser} over the bytes, every event, names and strings read,
 *       numbers as {@code BigDecimal};
 *   <li>{@code write}: a tree (read by Parsson once) written by {@code createWriter(OutputStream)}.
 * </ul>
 * hyson's backend is the process's ({@code -Dhyson.backend}; run once with
 * {@code -jvmArgsAppend -Dhyson.backend=java} for the Java backend). {@code setup} checks that both
 * providers read equal trees.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class JsonpBench {
    /** A file of the corpus. */
    @Param({"twitter.json", "citm_catalog.json", "canada.json"})
    public String doc;

    /** {@code hyson} or {@code parsson}. */
    @Param({"hyson", "parsson"})
    public String provider;

    byte[] json;
    JsonProvider p;
    JsonValue tree;
    ByteArrayOutputStream out;

    /** Loads the document and checks both providers read equal trees. */
    @Setup(Level.Trial)
    public void setup() {
        json = Corpus.load(doc);
        JsonProvider hyson = new dev.hyson.jsonp.HysonJsonProvider();
        JsonProvider parsson = new org.eclipse.parsson.JsonProviderImpl();
        p = provider.equals("hyson") ? hyson : parsson;
        tree = parsson.createReader(new ByteArrayInputStream(json)).readValue();
        if (!tree.equals(hyson.createReader(new ByteArrayInputStream(json)).readValue())) {
            throw new IllegalStateException("the providers read different trees of " + doc);
        }
        out = new ByteArrayOutputStream(json.length * 2);
        if (events() != new JsonpBench.Alt(parsson, json).events()) {
            throw new IllegalStateException("the providers' events differ on " + doc);
        }
    }

    /** @return the tree, as the reader gives it */
    @Benchmark
    public JsonValue read() {
        return p.createReader(new ByteArrayInputStream(json)).readValue();
    }

    /** @return a sum over every value of the tree */
    @Benchmark
    public long readWalk() {
        return walk(p.createReader(new ByteArrayInputStream(json)).readValue());
    }

    /** @return a sum over every event */
    @Benchmark
    public long events() {
        return new Alt(p, json).events();
    }

    /** @return the bytes written */
    @Benchmark
    public int write() {
        out.reset();
        try (JsonWriter w = p.createWriter(out)) {
            w.write(tree);
        }
        return out.size();
    }

    static long walk(JsonValue v) {
        switch (v.getValueType()) {
            case OBJECT: {
                long s = 0;
                for (Map.Entry<String, JsonValue> e : ((JsonObject) v).entrySet()) {
                    s += e.getKey().length() + walk(e.getValue());
                }
                return s;
            }
            case ARRAY: {
                long s = 1;
                for (JsonValue e : (JsonArray) v) {
                    s += walk(e);
                }
                return s;
            }
            case STRING:
                return ((JsonString) v).getString().length();
            case NUMBER:
                return ((JsonNumber) v).bigDecimalValue().scale();
            default:
                return v.getValueType().ordinal();
        }
    }

    /** The event loop for one provider. */
    static final class Alt {
        private final JsonProvider p;
        private final byte[] json;

        Alt(JsonProvider p, byte[] json) {
            this.p = p;
            this.json = json;
        }

        long events() {
            long s = 0;
            try (JsonParser parser = p.createParser(new ByteArrayInputStream(json))) {
                while (parser.hasNext()) {
                    JsonParser.Event e = parser.next();
                    switch (e) {
                        case KEY_NAME:
                        case VALUE_STRING:
                            s += parser.getString().length();
                            break;
                        case VALUE_NUMBER:
                            s += parser.getBigDecimal().scale();
                            break;
                        default:
                            s += e.ordinal();
                    }
                }
            }
            return s;
        }
    }
}
