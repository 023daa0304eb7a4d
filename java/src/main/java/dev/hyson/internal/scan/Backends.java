package dev.hyson.internal.scan;

import java.util.Locale;

/**
 * Chooses the scanner once, at class initialisation, from the system property
 * {@code hyson.backend} ({@code auto}, the default, {@code native} or {@code java}).
 *
 * <p>{@code auto} takes the native scanner when its library loads and falls back to Java with the
 * reason recorded; {@code native} where the library cannot load is not a silent fallback: every use
 * of the active backend then throws {@link IllegalStateException} with the reason.
 */
public final class Backends {
    /** The property that selects the backend. */
    public static final String PROPERTY = "hyson.backend";

    private static final Selection ACTIVE = select(System.getProperty(PROPERTY, "auto"));

    private Backends() {
    }

    /** The outcome of a selection: a scanner, or the reason there is none. */
    public static final class Selection {
        public final String requested;
        public final Scanner scanner;
        /** Why the native backend is not in use, or null when it is. */
        public final String fallbackReason;
        /** Set when the request cannot be honoured (e.g. {@code native} without a library). */
        public final String error;

        Selection(String requested, Scanner scanner, String fallbackReason, String error) {
            this.requested = requested;
            this.scanner = scanner;
            this.fallbackReason = fallbackReason;
            this.error = error;
        }

        /** @return whether this is the {@code auto} choice (which may keep small documents on Java) */
        public boolean isAuto() {
            return "auto".equals(requested);
        }

        /** @return the scanner, or throws when the requested backend could not be had */
        public Scanner scanner() {
            if (scanner == null) {
                throw new IllegalStateException(error);
            }
            return scanner;
        }
    }

    /** @return the process-wide selection made at class initialisation */
    public static Selection active() {
        return ACTIVE;
    }

    /** @return a selection of the native scanner with the named CPU kernel, or the reason there is none */
    public static Selection nativeKernel(String kernel) {
        String why = NativeLibrary.unavailableReason();
        for (Scanner s : NativeLibrary.kernels()) {
            if (s.kernel().equals(kernel)) {
                return new Selection("native", s, null, null);
            }
        }
        String error = why != null ? "native backend unavailable: " + why
                : "native kernel '" + kernel + "' " + (NativeLibrary.KNOWN_KERNELS.contains(kernel)
                        ? "is not supported by this CPU" : "is not a kernel (scalar, sse2, avx2, avx512)")
                        + " (this CPU has " + String.join(", ", NativeLibrary.kernelNames()) + ")";
        return new Selection("native", null, why, error);
    }

    /** @return a selection for {@code requested} ({@code auto}, {@code native}, {@code java}), made now */
    public static Selection select(String requested) {
        String r = requested == null ? "auto" : requested.trim().toLowerCase(Locale.ROOT);
        switch (r) {
            case "java":
                return new Selection(r, JavaScanner.INSTANCE, "the java backend was requested", null);
            case "native": {
                String why = NativeLibrary.unavailableReason();
                if (why == null) {
                    return new Selection(r, NativeLibrary.scanner(), null, null);
                }
                return new Selection(r, null, why, "native backend requested (-D" + PROPERTY + "=native) but unavailable: " + why);
            }
            case "auto":
            case "": {
                String why = NativeLibrary.unavailableReason();
                if (why == null) {
                    return new Selection("auto", NativeLibrary.scanner(), null, null);
                }
                return new Selection("auto", JavaScanner.INSTANCE, why, null);
            }
            default:
                return new Selection(r, null, null, "unknown backend '" + requested + "' in -D" + PROPERTY + ": expected auto, native or java");
        }
    }
}
