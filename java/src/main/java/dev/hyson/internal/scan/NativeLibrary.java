package dev.hyson.internal.scan;

import java.util.Locale;

/**
 * Finds the native library for this platform inside the jar. The C layer and its loader arrive
 * with the native backend; until a build bundles {@code natives/<os>-<arch>/libhyson.so}, this
 * reports exactly why the native backend is unavailable, so {@code auto} can fall back and say so.
 */
final class NativeLibrary {
    private NativeLibrary() {
    }

    /** @return the resource path of the library for this platform, e.g. {@code natives/linux-x86_64/libhyson.so} */
    static String resourcePath() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osPart = os.contains("linux") ? "linux" : os.contains("mac") ? "macos" : os.contains("win") ? "windows" : os;
        String archPart = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch.equals("aarch64") || arch.equals("arm64") ? "aarch64" : arch;
        String file = osPart.equals("windows") ? "hyson.dll" : osPart.equals("macos") ? "libhyson.dylib" : "libhyson.so";
        return "natives/" + osPart + "-" + archPart + "/" + file;
    }

    /** @return null when the native scanner can be used, otherwise the reason it cannot */
    static String unavailableReason() {
        String path = resourcePath();
        if (NativeLibrary.class.getClassLoader().getResource(path) == null) {
            return "no native library for this platform in the jar (" + path + " not found; this build is Java-only)";
        }
        return "the native library " + path + " is present but this version has no JNI bridge for it";
    }

    static Scanner scanner() {
        throw new IllegalStateException("native scanner not available");
    }
}
