package dev.hyson.bench;

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
 * MessagePack data binding, in documents per second: hyson ({@code MessagePackFactory.unpack(bytes,
 * type)} and {@code pack(record)}) against jackson-dataformat-msgpack (a {@code MessagePackMapper}
 * configured as {@link BindLibraries}' {@code jackson}), over the records of {@link BindModels}; both
 * pack a {@code BigDecimal} as a str (see {@link BindLibraries}). Each library unpacks the bytes it
 * packed itself in setup, outside the measurement; setup checks that they unpack to the model's
 * value ({@link RecordDiff}) and prints their size (MB/s is ops/s × that size).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
public class BindMsgPackBench {
    /** Which library: {@code hyson} or {@code jackson-msgpack}. */
    @Param({"hyson", "jackson-msgpack"})
    public String library;

    /** Which document's record; see {@link BindModels}. */
    @Param({"users-100k", "clients-100k", "twitter", "citm"})
    public String model;

    Object value;
    byte[] msgpack;
    BindLibrary<Object> binder;

    /** Loads the record, packs it and checks that it unpacks to the same value. */
    @Setup(Level.Trial)
    @SuppressWarnings("unchecked")
    public void setup() throws Exception {
        BindModels.Model m = BindModels.load(model);
        value = m.value();
        binder = BindLibraries.msgpack(library, (Class<Object>) m.type());
        msgpack = binder.write(value);
        String diff = RecordDiff.diff(value, binder.read(msgpack));
        if (diff != null) {
            throw new IllegalStateException("library=" + library + " does not unpack what it packed for model="
                    + model + ": " + diff);
        }
        System.out.println("# " + model + ": " + library + " packs " + msgpack.length + " bytes of MessagePack");
    }

    /** @return the record unpacked from the library's own MessagePack */
    @Benchmark
    public Object unpack() throws Exception {
        return binder.read(msgpack);
    }

    /** @return the record packed to MessagePack */
    @Benchmark
    public byte[] pack() throws Exception {
        return binder.write(value);
    }
}
