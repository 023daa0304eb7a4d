package dev.hyson.internal.scan;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Loads the native library bundled in the jar, once, at class initialisation: the resource
 * {@code natives/<os>-<arch>/libhyson.so} is copied to a temporary file, loaded with
 * {@link System#load}, and the file is deleted at once (the mapping stays valid on Linux, so nothing
 * is left behind even after a kill). Nothing is printed; a library on {@code java.library.path}
 * is never preferred over the jar's own; when loading fails, the exact reason is kept for
 * {@code Backend.fallbackReason()} (see HACKING.md for why this is not native-lib-loader).
 *
 * <p>{@code -Dhyson.native.kernel=scalar|sse2|avx2|avx512} forces a kernel (for tests and
 * benchmarks); {@link Backends} decides what a forced kernel this CPU lacks means.
 */
public final class NativeLibrary {
    /** The property that forces a CPU kernel. */
    public static final String KERNEL_PROPERTY = "hyson.native.kernel";

    /** Every kernel the library can have; which of them a CPU supports is decided at load. */
    static final java.util.Set<String> KNOWN_KERNELS = java.util.Set.of("scalar", "sse2", "avx2", "avx512");

    private static final int ABI_VERSION = NativeAbi.HYSON_ABI_VERSION;
    private static final String REASON;
    private static final List<NativeScanner> KERNELS;
    private static final NativeScanner CHOSEN;

    static {
        String reason = load();
        List<NativeScanner> kernels = new ArrayList<>();
        NativeScanner chosen = null;
        if (reason == null) {
            String[] names = NativeScanner.kernels0();
            for (int i = 0; i < names.length; i++) {
                kernels.add(new NativeScanner(names[i], i));
            }
            chosen = kernels.get(0);
        }
        REASON = reason;
        KERNELS = Collections.unmodifiableList(kernels);
        CHOSEN = chosen;
    }

    private NativeLibrary() {
    }

    /** @return the resource path of the library for this platform, e.g. {@code natives/linux-x86_64/libhyson.so} */
    static String resourcePath() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osPart = os.contains("linux") ? "linux" : os.contains("mac") ? "macos" : os.contains("win") ? "windows" : os;
        String archPart = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64"
                : arch.equals("aarch64") || arch.equals("arm64") ? "aarch64" : arch;
        String file = osPart.equals("windows") ? "hyson.dll" : osPart.equals("macos") ? "libhyson.dylib" : "libhyson.so";
        return "natives/" + osPart + "-" + archPart + "/" + file;
    }

    /** Extracts and loads the library; returns null on success or the reason it failed. */
    private static String load() {
        String path = resourcePath();
        Path tmp = null;
        try (InputStream in = NativeLibrary.class.getResourceAsStream("/" + path)) {
            if (in == null) {
                return "no native library for this platform in the jar (" + path + " not found; this build is Java-only)";
            }
            tmp = Files.createTempFile("hyson-", "-" + path.substring(path.lastIndexOf('/') + 1));
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            System.load(tmp.toAbsolutePath().toString());
        } catch (IOException e) {
            return "cannot extract " + path + " to a temporary file: " + e;
        } catch (UnsatisfiedLinkError | SecurityException e) {
            return "cannot load " + path + ": " + e.getMessage();
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    tmp.toFile().deleteOnExit();
                }
            }
        }
        try {
            int abi = NativeScanner.abiVersion0();
            if (abi != ABI_VERSION) {
                return "native library " + path + " has ABI version " + abi + ", this jar needs " + ABI_VERSION;
            }
        } catch (UnsatisfiedLinkError e) {
            return "native library " + path + " lacks the JNI entry points: " + e.getMessage();
        }
        return null;
    }

    /** @return null when the native scanner can be used, otherwise the reason it cannot */
    static String unavailableReason() {
        return REASON;
    }

    /** @return the scanner with the chosen kernel (the best this CPU has, unless forced) */
    static Scanner scanner() {
        if (CHOSEN == null) {
            throw new IllegalStateException(REASON);
        }
        return CHOSEN;
    }

    /** @return one scanner per kernel this CPU supports, best first; empty when the library did not load */
    public static List<Scanner> kernels() {
        return Collections.unmodifiableList(new ArrayList<>(KERNELS));
    }

    /** @return the names of {@link #kernels()} */
    public static List<String> kernelNames() {
        String[] names = new String[KERNELS.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = KERNELS.get(i).kernel();
        }
        return Arrays.asList(names);
    }
}
