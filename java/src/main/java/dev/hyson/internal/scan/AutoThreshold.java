package dev.hyson.internal.scan;

/** Where the {@code auto} backend switches from the Java scanner to the native one. */
public final class AutoThreshold {
    /**
     * With the {@code auto} backend, documents shorter than this many bytes are scanned in Java:
     * a JNI call costs about 40 ns, as much as scanning 200 bytes in Java, and JMH's SmallDocBench
     * measured Java ahead of native up to 121-byte documents (benchmarks/README.md). Results are
     * identical either way.
     */
    public static final int NATIVE_MIN_LENGTH = 256;

    private AutoThreshold() {
    }
}
