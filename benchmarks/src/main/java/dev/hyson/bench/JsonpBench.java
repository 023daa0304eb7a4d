package dev.hyson.bench;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
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
 *   <li>{@code readOne}: {@code readObject()} then one value through a {@code JsonPointer}
 *       ({@code /statuses/42/user/screen_name} of twitter, {@code /performances/42/start} of citm, the
 *       2nd coordinate of the 8th point of the 241st ring of canada): where {@code hyson-lazy} (views over the scanned tape) pays;
 *   <li>{@code events}: a {@code JsonParser} over the bytes, every event, names and strings read,
 *       numbers as {@code BigDecimal};
 *   <li>{@code write}: the tree the provider read (once, in setup) written by {@code createWriter(OutputStream)};
 *   <li>{@code generate}: the document's events (recorded once) replayed as {@code JsonGenerator} calls
 *       ({@code writeStartObject(name)}, {@code write(name, value)}, ...) to an {@code OutputStream}.
 * </ul>
 * hyson's backend is the process's ({@code -Dhyson.backend}; run once with
 * {@code -jvmArgsAppend -Dhyson.backend=java} for the Java backend). {@code setup} checks that both
 * providers read equal trees.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 10, time = 1) // canada: with 3-5, some forks measured hyson's generate at 115 ops/s, others at 450
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class JsonpBench {
    /** A file of the corpus. */
    @Param({"twitter.json", "citm_catalog.json", "canada.json"})
    public String doc;

    /** {@code hyson}, {@code hyson-lazy} (readers return views over the tape) or {@code parsson}. */
    @Param({"hyson", "hyson-lazy", "parsson"})
    public String provider;

    byte[] json;
    JsonProvider p;
    jakarta.json.JsonReaderFactory factory;
    jakarta.json.JsonPointer pointer;
    JsonValue tree;
    ByteArrayOutputStream out;

    /** Loads the document and checks both providers read equal trees. */
    @Setup(Level.Trial)
    public void setup() {
        json = Corpus.load(doc);
        JsonProvider hyson = new dev.hyson.jsonp.HysonJsonProvider();
        JsonProvider parsson = new org.eclipse.parsson.JsonProviderImpl();
        p = provider.equals("parsson") ? parsson : hyson;
        factory = provider.equals("hyson-lazy") ? hyson.createReaderFactory(Map.of("dev.hyson.jsonp.lazy", true))
                : p.createReaderFactory(Map.of());
        pointer = p.createPointer(doc.startsWith("twitter") ? "/statuses/42/user/screen_name"
                : doc.startsWith("citm") ? "/performances/42/start" : "/features/0/geometry/coordinates/240/7/1");
        JsonValue ref = parsson.createReader(new ByteArrayInputStream(json)).readValue();
        tree = factory.createReader(new ByteArrayInputStream(json)).readValue();
        if (!readOne().equals(parsson.createPointer(pointer.toString()).getValue((jakarta.json.JsonStructure) ref))) {
            throw new IllegalStateException("readOne differs on " + doc);
        }
        if (!ref.equals(hyson.createReader(new ByteArrayInputStream(json)).readValue())) {
            throw new IllegalStateException("the providers read different trees of " + doc);
        }
        out = new ByteArrayOutputStream(json.length * 2);
        if (events() != new JsonpBench.Alt(parsson, json).events()) {
            throw new IllegalStateException("the providers' events differ on " + doc);
        }
        record(parsson);
        generate();
        if (!ref.equals(parsson.createReader(new ByteArrayInputStream(out.toByteArray())).readValue())) {
            throw new IllegalStateException("the generated text differs from " + doc);
        }
    }

    /** Recorded events: an op code per call, names and values beside. */
    private byte[] ops;
    private Object[] args;
    private int count;

    private void record(JsonProvider parsson) {
        java.util.List<Byte> o = new java.util.ArrayList<>();
        java.util.List<Object> a = new java.util.ArrayList<>();
        try (JsonParser parser = parsson.createParser(new ByteArrayInputStream(json))) {
            String name = null;
            while (parser.hasNext()) {
                JsonParser.Event e = parser.next();
                if (e == JsonParser.Event.KEY_NAME) {
                    name = parser.getString();
                    continue;
                }
                o.add((byte) e.ordinal());
                a.add(name);
                switch (e) {
                    case VALUE_STRING:
                        a.add(parser.getString());
                        break;
                    case VALUE_NUMBER:
                        a.add(parser.isIntegralNumber() && parser.getBigDecimal().unscaledValue().bitLength() < 63
                                ? (Object) parser.getLong() : parser.getBigDecimal());
                        break;
                    default:
                        a.add(null);
                }
                name = null;
            }
        }
        ops = new byte[o.size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = o.get(i);
        }
        args = a.toArray();
        count = ops.length;
    }

    /** @return the tree, as the reader gives it */
    @Benchmark
    public JsonValue read() {
        return factory.createReader(new ByteArrayInputStream(json)).readValue();
    }

    /** @return a sum over every value of the tree */
    @Benchmark
    public long readWalk() {
        return walk(factory.createReader(new ByteArrayInputStream(json)).readValue());
    }

    /** @return one value of the document: {@code readObject()} and a JSON Pointer (one member per level) */
    @Benchmark
    public JsonValue readOne() {
        return pointer.getValue(factory.createReader(new ByteArrayInputStream(json)).readObject());
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

    /** @return the bytes generated */
    @Benchmark
    public int generate() {
        out.reset();
        JsonParser.Event[] events = JsonParser.Event.values();
        try (JsonGenerator g = p.createGenerator(out)) {
            for (int i = 0; i < count; i++) {
                String name = (String) args[2 * i];
                Object v = args[2 * i + 1];
                switch (events[ops[i]]) {
                    case START_OBJECT:
                        if (name == null) {
                            g.writeStartObject();
                        } else {
                            g.writeStartObject(name);
                        }
                        break;
                    case START_ARRAY:
                        if (name == null) {
                            g.writeStartArray();
                        } else {
                            g.writeStartArray(name);
                        }
                        break;
                    case END_OBJECT:
                    case END_ARRAY:
                        g.writeEnd();
                        break;
                    case VALUE_STRING:
                        if (name == null) {
                            g.write((String) v);
                        } else {
                            g.write(name, (String) v);
                        }
                        break;
                    case VALUE_NUMBER:
                        if (v instanceof Long) {
                            if (name == null) {
                                g.write((long) (Long) v);
                            } else {
                                g.write(name, (long) (Long) v);
                            }
                        } else if (name == null) {
                            g.write((java.math.BigDecimal) v);
                        } else {
                            g.write(name, (java.math.BigDecimal) v);
                        }
                        break;
                    case VALUE_TRUE:
                    case VALUE_FALSE:
                        boolean b = events[ops[i]] == JsonParser.Event.VALUE_TRUE;
                        if (name == null) {
                            g.write(b);
                        } else {
                            g.write(name, b);
                        }
                        break;
                    default:
                        if (name == null) {
                            g.writeNull();
                        } else {
                            g.writeNull(name);
                        }
                }
            }
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
