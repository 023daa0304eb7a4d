package dev.hyson.internal.scan;

/** Where the {@code auto} backend switches from the Java scanner to the native one. */
public final class AutoThreshold {
    /**
     * With the {@code auto} backend, documents shorter than this many bytes are scanned in Java. A
     * native scan costs about 90-115 ns per call before any byte is scanned (the JNI crossing, the
     * critical region, the info and tape copies), as much as the Java scanner spends on a 100-byte
     * document. JMH's JniEdgeBench (benchmarks/README.md, "The JNI edge") measured, on an AMD EPYC
     * with AVX-512: Java ahead at 64 bytes (31 ns vs 89 ns) and 128 bytes (125 vs 141 ns), native
     * ahead from 256 bytes (266-314 vs 341-466 ns) and 2.5-3x at 4 KiB. Results are identical
     * either way.
     */
    public static final int NATIVE_MIN_LENGTH = 256;

    private AutoThreshold() {
    }
}
