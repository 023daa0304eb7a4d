package dev.hyson.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.hyson.bench.bind.Clients;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The first use of a model in a fresh JVM: the codec made, one read and one write of a document,
 * timed in process (milliseconds, {@code System.nanoTime}). Run it once per JVM; {@code first-use.sh}
 * runs it in 10 fresh JVMs per library and prints the medians.
 *
 * <pre>
 * java -cp benchmarks.jar dev.hyson.bench.FirstUse write FILE          # clients-1k as Jackson writes it, into FILE
 * java -cp benchmarks.jar dev.hyson.bench.FirstUse hyson|jackson FILE  # prints "library ms"
 * </pre>
 *
 * Nothing of the other library is loaded before the timed part: the document comes from a file.
 */
public final class FirstUse {
    private FirstUse() {
    }

    /** @param args the library ({@code hyson}, {@code hyson-interpreted} or {@code jackson}), or {@code write}; the file */
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        if (args[0].equals("write")) {
            Files.write(file, BindModels.load("clients-1k").json());
            return;
        }
        byte[] json = Files.readAllBytes(file);
        long t0 = System.nanoTime();
        int size;
        switch (args[0]) {
            case "hyson":
            case "hyson-interpreted": {
                dev.hyson.bind.Binder binder = dev.hyson.bind.Binder.builder()
                        .generatedCodecs(args[0].equals("hyson")).build();
                dev.hyson.JsonReader reader = dev.hyson.JsonReader.builder().binder(binder).build();
                dev.hyson.JsonWriter writer = dev.hyson.JsonWriter.builder().binder(binder).build();
                Clients c = reader.read(json, Clients.class);
                size = writer.writeBytes(c).length;
                break;
            }
            case "jackson": {
                ObjectMapper m = JsonMapper.builder().addModule(new JavaTimeModule())
                        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                        .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE).build();
                Clients c = m.readValue(json, Clients.class);
                size = m.writeValueAsBytes(c).length;
                break;
            }
            default:
                throw new IllegalArgumentException("unknown library " + args[0]);
        }
        long t1 = System.nanoTime();
        System.out.printf("%s %.1f %d%n", args[0], (t1 - t0) / 1e6, size);
    }
}
