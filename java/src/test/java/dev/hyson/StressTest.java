package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue #28, item 4: one {@link JsonReader} per backend and native kernel, one {@link JsonWriter},
 * one {@link dev.hyson.bind.Binder} and one {@link dev.hyson.msgpack.MessagePackFactory} shared by
 * 16 threads on mixed inputs (see {@link StressRun}): every outcome must equal the one the same case
 * gave on one thread alone, and the heap must not grow with the number of calls.
 *
 * <p>In CI it runs for {@value #CI_SECONDS} seconds (36 s in all measured here, preparation and 16-thread warm-up included, on 2 cores under a load average of about 15). The long form,
 * ten minutes:
 *
 * <pre>
 * mvn -B -o test -pl java -Dtest=StressTest -Dhyson.fuzz.seconds=0 -Dhyson.stress.seconds=600
 * </pre>
 *
 * <p>or, without Maven, after {@code mvn -B -o test-compile -pl java}: {@code java -cp
 * java/target/classes:java/target/test-classes dev.hyson.StressMain 600} (see {@link StressMain}).
 */
class StressTest {
    /** The workers' running time in CI, in seconds; {@code -Dhyson.stress.seconds} changes it. */
    static final int CI_SECONDS = 12;
    /** From this many seconds on, a run reads every corpus document (else those up to 256 KB). */
    static final int LONG_RUN = 60;
    /** The workers. */
    static final int THREADS = 16;
    /**
     * The most the heap in use may grow (after GC) from the workers' warm state to the end of the
     * run, and from before the workers started to after they ended. The workers' pools, once warm,
     * hold up to a few MB each (a tape, a writer buffer, a packer); the cases' values are at most a few
     * tens of MB, so a leak of even a small object per call (millions of calls) goes past it.
     */
    static final long HEAP_BOUND = 64L << 20;

    @Test
    void sharedReaderWriterBinderFactory_16Threads_sameResultsNoLeak() throws InterruptedException {
        double seconds = Double.parseDouble(System.getProperty("hyson.stress.seconds", String.valueOf(CI_SECONDS)));
        StressRun run = new StressRun(TestSupport.backends(), TestSupport.shared().resolve("corpus"),
                seconds >= LONG_RUN);
        List<String> wrong = run.prepare();
        assertEquals(List.of(), wrong, "single-thread outcomes that are not the known ones");
        StressRun.Report r = run.run(THREADS, seconds);
        System.out.println("StressTest: " + r);
        assertEquals(List.of(), r.mismatches(), "outcomes under 16 threads that differ from the single-thread ones");
        assertTrue(r.calls() >= (long) THREADS * r.cases(), "every worker ran every case: " + r);
        assertTrue(r.heapEnd() - r.heapWarm() < HEAP_BOUND, "heap grew during the run: " + r);
        assertTrue(r.heapAfter() - r.heapBefore() < HEAP_BOUND, "heap kept after the workers ended: " + r);
        assertTrue(r.maxTapeEntries() <= 1 << 20, "a pooled tape kept more than 2^20 entries: " + r);
    }
}
