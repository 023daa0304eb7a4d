package dev.hyson;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The stress run of {@link StressTest} as a program, for long runs outside Maven (no JUnit needed):
 *
 * <pre>
 * mvn -B -o test-compile -pl java
 * java -cp java/target/classes:java/target/test-classes dev.hyson.StressMain 600 16 ../shared/corpus
 * </pre>
 *
 * <p>Arguments: seconds (default 600), threads (default 16), the corpus folder (default
 * {@code ../shared/corpus}). Exit status 0 when every outcome matched and the heap stayed within
 * {@link StressTest#HEAP_BOUND}, 1 otherwise.
 */
final class StressMain {
    private StressMain() {
    }

    /**
     * @param args seconds, threads, corpus folder (all optional)
     * @throws InterruptedException when interrupted
     */
    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 600;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : StressTest.THREADS;
        Path corpus = Path.of(args.length > 2 ? args[2] : "../shared/corpus");
        List<Backend> backends = new ArrayList<>();
        backends.add(Backend.of(Backend.Choice.JAVA));
        for (String kernel : Backend.nativeKernels()) {
            backends.add(Backend.nativeKernel(kernel));
        }
        long t0 = System.nanoTime();
        StressRun run = new StressRun(backends, corpus, seconds >= StressTest.LONG_RUN);
        List<String> wrong = run.prepare();
        System.out.printf("prepared in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        StressRun.Report r = run.run(threads, seconds);
        System.out.println(backends + ": " + r);
        wrong.forEach(w -> System.out.println("single-thread: " + w));
        r.mismatches().forEach(m -> System.out.println("mismatch: " + m));
        boolean ok = wrong.isEmpty() && r.mismatches().isEmpty() && r.heapEnd() - r.heapWarm() < StressTest.HEAP_BOUND
                && r.heapAfter() - r.heapBefore() < StressTest.HEAP_BOUND;
        System.out.println(ok ? "OK" : "FAILED");
        System.exit(ok ? 0 : 1);
    }
}
