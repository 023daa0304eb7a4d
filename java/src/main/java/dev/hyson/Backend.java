package dev.hyson;

import dev.hyson.internal.scan.Backends;
import java.util.Optional;

/**
 * Which scanner backend parses documents: {@code native} (the C layer through JNI) or {@code java}
 * (pure Java). Both give identical results; only speed differs.
 *
 * <p>The process-wide choice is made once, when hyson is first used, from the system property
 * {@code hyson.backend}: {@code auto} (the default) takes {@code native} when its library loads and
 * falls back to {@code java} otherwise, recording the reason; {@code native} or {@code java} force
 * one. Forcing {@code native} where it cannot load is an error at first use, never a silent
 * fallback. A reader can also pick a backend for itself with {@link JsonReader.Builder#backend}.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class Backend {
    /** A backend request. */
    public enum Choice {
        /** Native when it loads, Java otherwise. */
        AUTO,
        /** The native backend, or an error when it cannot load. */
        NATIVE,
        /** The pure-Java backend. */
        JAVA
    }

    private final Backends.Selection selection;

    private Backend(Backends.Selection selection) {
        this.selection = selection;
    }

    private static final Backend ACTIVE = new Backend(Backends.active());

    /** @return the process-wide backend selected by {@code -Dhyson.backend} */
    public static Backend active() {
        return ACTIVE;
    }

    /**
     * @param choice the backend wanted
     * @return the backend for that choice; {@link #isAvailable()} says whether it can be used
     */
    public static Backend of(Choice choice) {
        return new Backend(Backends.select(choice.name()));
    }

    /**
     * The native backend bound to one CPU kernel, for tests and benchmarks that compare kernels
     * ({@code -Dhyson.native.kernel} does the same process-wide).
     *
     * @param kernel {@code scalar}, {@code sse2}, {@code avx2}, {@code avx512} (x86-64) or {@code neon} (AArch64)
     * @return that backend; unavailable (see {@link #error()}) when the library did not load or
     *     this CPU lacks the kernel
     */
    public static Backend nativeKernel(String kernel) {
        return new Backend(Backends.nativeKernel(kernel));
    }

    /**
     * @return the native kernels this CPU supports, fastest first: the library times each on a
     *     calibration document when it loads (see {@link #kernelChoice()}); empty when the native
     *     library did not load
     */
    public static java.util.List<String> nativeKernels() {
        return dev.hyson.internal.scan.NativeLibrary.kernelNames();
    }

    /** @return what was asked for: {@code auto}, {@code native} or {@code java} */
    public String requested() {
        return selection.requested;
    }

    /** @return whether documents can be parsed with this backend */
    public boolean isAvailable() {
        return selection.scanner != null;
    }

    /**
     * @return {@code native} or {@code java}
     * @throws IllegalStateException when the requested backend is unavailable, with the reason
     */
    public String name() {
        return selection.scanner().name();
    }

    /**
     * @return the CPU kernel that scans: {@code swar64} for Java; {@code avx512}, {@code avx2},
     *     {@code sse2}, {@code neon} or {@code scalar} for native
     * @throws IllegalStateException when the requested backend is unavailable
     */
    public String kernel() {
        return selection.scanner().kernel();
    }

    /**
     * Why this backend scans with {@link #kernel()}. For the native backend: the kernel was named
     * ({@code -Dhyson.native.kernel} or {@link #nativeKernel}), or it is the fastest of this CPU's
     * kernels as the library measured them when it loaded, e.g. {@code avx2: fastest on a
     * 48213-byte calibration document at load (best of 7: avx2 19.8 us, sse2 20.4 us, avx512 21.7 us,
     * scalar 26.0 us)} (a wider kernel is not always faster: on AMD Zen 4 AVX-512 is slower than
     * AVX2). Empty for the Java backend, which has one kernel, and for an unavailable backend.
     *
     * @return the reason, when there was a choice
     */
    public Optional<String> kernelChoice() {
        if (!isAvailable() || !"native".equals(name())) {
            return Optional.empty();
        }
        if (selection.kernelForced()) {
            return Optional.of(kernel() + ": named (-Dhyson.native.kernel or Backend.nativeKernel)");
        }
        return Optional.ofNullable(dev.hyson.internal.scan.NativeLibrary.kernelChoice());
    }

    /** @return why the native backend is not in use, when it is not */
    public Optional<String> fallbackReason() {
        return Optional.ofNullable(selection.fallbackReason);
    }

    /** @return the error that makes this backend unusable, when it is */
    public Optional<String> error() {
        return Optional.ofNullable(selection.error);
    }

    Backends.Selection selection() {
        return selection;
    }

    /** @return e.g. {@code java (swar64); native unavailable: ...} */
    @Override
    public String toString() {
        if (!isAvailable()) {
            return "unavailable: " + selection.error;
        }
        String s = name() + " (" + kernel() + ")";
        return selection.fallbackReason == null ? s : s + "; native not used: " + selection.fallbackReason;
    }
}
