package dev.hyson.internal.scan;

import java.util.List;
import java.util.Locale;

/**
 * Chooses the scanner once, at class initialisation, from the system properties
 * {@code hyson.backend} ({@code auto}, the default, {@code native} or {@code java}) and
 * {@code hyson.native.kernel} (a CPU kernel to force; the best this CPU has otherwise).
 *
 * <p>{@code auto} takes the native scanner when its library loads and falls back to Java with the
 * reason recorded. A forced choice that cannot be honoured is never a silent fallback: {@code native}
 * where the library cannot load, or a forced kernel that is unknown, that this CPU lacks or that has
 * no library to run in, makes every use of the active backend throw {@link IllegalStateException}
 * with one line saying why. {@link #decide} makes that decision from its inputs alone.
 */
public final class Backends {
    /** The property that selects the backend. */
    public static final String PROPERTY = "hyson.backend";

    private static final Selection ACTIVE = select(System.getProperty(PROPERTY, "auto"));

    private Backends() {
    }

    /** The outcome of a selection: a scanner, or the reason there is none. */
    public static final class Selection {
        /** What was asked for: {@code auto}, {@code native}, {@code java}, or the unknown name given. */
        public final String requested;
        /** The scanner to use, or null when the request cannot be honoured. */
        public final Scanner scanner;
        /** Why the native backend is not in use, or null when it is. */
        public final String fallbackReason;
        /** Set when the request cannot be honoured (e.g. {@code native} without a library). */
        public final String error;
        private final boolean kernelForced;
        /** {@link #isAuto()}, decided once: it is asked on every parse. */
        private final boolean auto;

        Selection(String requested, Scanner scanner, String fallbackReason, String error) {
            this(requested, scanner, fallbackReason, error, false);
        }

        Selection(String requested, Scanner scanner, String fallbackReason, String error, boolean kernelForced) {
            this.requested = requested;
            this.scanner = scanner;
            this.fallbackReason = fallbackReason;
            this.error = error;
            this.kernelForced = kernelForced;
            this.auto = "auto".equals(requested) && !kernelForced;
        }

        /** @return whether the kernel was named ({@code -Dhyson.native.kernel}, {@code Backend.nativeKernel}), not ranked */
        public boolean kernelForced() {
            return kernelForced;
        }

        /**
         * @return whether this is the {@code auto} choice (which may keep small documents on Java);
         *     false when a kernel is forced, which then scans every document
         */
        public boolean isAuto() {
            return auto;
        }

        /**
         * @return the scanner
         * @throws IllegalStateException when the requested backend could not be had, with the reason
         */
        public Scanner scanner() {
            if (scanner == null) {
                throw new IllegalStateException(error);
            }
            return scanner;
        }
    }

    /**
     * What {@link #decide} chose: the native kernel to scan with, the Java scanner, or an error. Exactly
     * one of {@link #kernel} (native) and {@link #error} is set, or neither (Java).
     */
    static final class Decision {
        /** The request, trimmed and lower-cased ({@code auto} when none was given). */
        final String requested;
        /** The native kernel to use, or null for Java or an error. */
        final String kernel;
        /** Why the native backend is not in use, or null when it is. */
        final String fallbackReason;
        /** The one-line reason the request cannot be honoured, or null. */
        final String error;
        /** Whether a kernel was forced (so {@code auto} scans every document natively). */
        final boolean kernelForced;

        Decision(String requested, String kernel, String fallbackReason, String error, boolean kernelForced) {
            this.requested = requested;
            this.kernel = kernel;
            this.fallbackReason = fallbackReason;
            this.error = error;
            this.kernelForced = kernelForced;
        }
    }

    /**
     * Decides the backend from its inputs alone (no properties read, nothing loaded), so every case can
     * be tested. A blank request is {@code auto}; a blank forced kernel is none. {@code java} ignores
     * the forced kernel (there is no native scan for it to apply to).
     *
     * @param requested the value of {@code -Dhyson.backend}, or null
     * @param forcedKernel the value of {@code -Dhyson.native.kernel}, or null
     * @param loadFailure why the native library did not load, or null when it did
     * @param availableKernels the kernels this CPU supports, best first (empty when the library did not load)
     * @return the decision
     */
    static Decision decide(String requested, String forcedKernel, String loadFailure, List<String> availableKernels) {
        String r = requested == null || requested.isBlank() ? "auto" : requested.trim().toLowerCase(Locale.ROOT);
        String k = forcedKernel == null || forcedKernel.isBlank() ? null : forcedKernel.trim().toLowerCase(Locale.ROOT);
        boolean forced = k != null;
        switch (r) {
            case "java":
                return new Decision(r, null, "the java backend was requested", null, false);
            case "native":
            case "auto":
                break;
            default:
                return new Decision(r, null, null, "unknown backend '" + requested.trim() + "' in -D" + PROPERTY
                        + ": expected auto, native or java", false);
        }
        String kernelSource = "native kernel '" + k + "' forced by -D" + NativeLibrary.KERNEL_PROPERTY;
        if (loadFailure != null) {
            if (forced) {
                return new Decision(r, null, loadFailure, kernelSource + " cannot run: native backend unavailable: "
                        + loadFailure, true);
            }
            if (r.equals("native")) {
                return new Decision(r, null, loadFailure, "native backend requested (-D" + PROPERTY
                        + "=native) but unavailable: " + loadFailure, false);
            }
            return new Decision(r, null, loadFailure, null, false);
        }
        if (!forced) {
            return new Decision(r, availableKernels.get(0), null, null, false);
        }
        if (availableKernels.contains(k)) {
            return new Decision(r, k, null, null, true);
        }
        return new Decision(r, null, null, kernelSource + " " + kernelProblem(k, availableKernels), true);
    }

    /**
     * @param kernels kernel names
     * @return them widest first (avx512, avx2, sse2, neon, scalar): messages list a CPU's kernels in an
     *     order that does not depend on the load-time ranking, which may differ between processes
     */
    static List<String> byCapability(List<String> kernels) {
        List<String> order = List.of("avx512", "avx2", "sse2", "neon", "scalar");
        List<String> sorted = new java.util.ArrayList<>(kernels);
        sorted.sort(java.util.Comparator.comparingInt(k -> order.indexOf(k) < 0 ? order.size() : order.indexOf(k)));
        return sorted;
    }

    /** @return why {@code kernel} (not among {@code available}) cannot run, e.g. "is not supported by this CPU (this CPU has ...)" */
    private static String kernelProblem(String kernel, List<String> available) {
        return (NativeLibrary.KNOWN_KERNELS.contains(kernel) ? "is not supported by this CPU"
                : "is not a kernel (" + String.join(", ", NativeLibrary.KNOWN_KERNELS) + ")")
                + " (this CPU has " + String.join(", ", byCapability(available)) + ")";
    }

    /** @return the process-wide selection made at class initialisation */
    public static Selection active() {
        return ACTIVE;
    }

    /**
     * @param kernel a CPU kernel name
     * @return a selection of the native scanner with the named CPU kernel, or the reason there is none
     */
    public static Selection nativeKernel(String kernel) {
        String why = NativeLibrary.unavailableReason();
        Scanner s = nativeScanner(kernel);
        if (s != null) {
            return new Selection("native", s, null, null, true);
        }
        String error = why != null ? "native backend unavailable: " + why
                : "native kernel '" + kernel + "' " + kernelProblem(kernel, NativeLibrary.kernelNames());
        return new Selection("native", null, why, error);
    }

    /**
     * Selects as {@link #decide} does, with the forced kernel from {@code -Dhyson.native.kernel} and the
     * native library's state.
     *
     * @param requested {@code auto}, {@code native} or {@code java}
     * @return the selection, made now
     */
    public static Selection select(String requested) {
        Decision d = decide(requested, System.getProperty(NativeLibrary.KERNEL_PROPERTY),
                NativeLibrary.unavailableReason(), NativeLibrary.kernelNames());
        Scanner scanner = d.error != null ? null : d.kernel == null ? JavaScanner.INSTANCE : nativeScanner(d.kernel);
        return new Selection(d.requested, scanner, d.fallbackReason, d.error, d.kernelForced);
    }

    /** @return the native scanner bound to {@code kernel}, or null when this CPU has no such kernel */
    private static Scanner nativeScanner(String kernel) {
        for (Scanner s : NativeLibrary.kernels()) {
            if (s.kernel().equals(kernel)) {
                return s;
            }
        }
        return null;
    }
}
