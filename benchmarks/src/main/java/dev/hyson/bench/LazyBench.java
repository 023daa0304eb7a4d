package dev.hyson.bench;

import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.lazy.LazyDocument;
import java.util.List;
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
 * One value read from twitter.json (issue #27's target): {@code /statuses/42/user/screen_name}.
 * <ul>
 *   <li>{@code lazyAt}: {@code reader.document(bytes).at(pointer).asString()}, the scan included;
 *   <li>{@code lazyGets}: the same through {@code root().get("statuses").get(42)...}, no pointer parsed;
 *   <li>{@code parseThenGet}: {@code reader.parse(bytes)} then map and list lookups, the tree built whole.
 * </ul>
 * Each per {@code backend} ({@code java}, {@code native}). Every method returns the name, which
 * {@code setup} checks is the same for all three.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class LazyBench {
    static final String POINTER = "/statuses/42/user/screen_name";

    /** {@code java} or {@code native}. */
    @Param({"java", "native"})
    public String backend;

    byte[] json;
    JsonReader reader;

    /** Loads twitter.json and checks the three ways agree. */
    @Setup(Level.Trial)
    public void setup() {
        json = Corpus.load("twitter.json");
        reader = JsonReader.builder().backend(Backend.of(Backend.Choice.valueOf(backend.toUpperCase(java.util.Locale.ROOT)))).build();
        String a = lazyAt();
        if (!a.equals(lazyGets()) || !a.equals(parseThenGet())) {
            throw new IllegalStateException("the three reads differ: " + a + ", " + lazyGets() + ", " + parseThenGet());
        }
    }

    /** @return the screen name, through a JSON Pointer on a lazy document */
    @Benchmark
    public String lazyAt() {
        LazyDocument doc = reader.document(json);
        return doc.at(POINTER).asString();
    }

    /** @return the screen name, through lookups on a lazy document */
    @Benchmark
    public String lazyGets() {
        return reader.document(json).root().get("statuses").get(42).get("user").get("screen_name").asString();
    }

    /** @return the screen name, from the tree of the whole document */
    @Benchmark
    @SuppressWarnings("unchecked")
    public String parseThenGet() {
        Map<String, Object> root = (Map<String, Object>) reader.parse(json);
        Map<String, Object> status = (Map<String, Object>) ((List<Object>) root.get("statuses")).get(42);
        return (String) ((Map<String, Object>) status.get("user")).get("screen_name");
    }
}
