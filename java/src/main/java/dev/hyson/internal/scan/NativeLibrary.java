package dev.hyson.internal.scan;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Loads the native library bundled in the jar, once, at class initialisation: the resource
 * {@code natives/<platform>/libhyson.so} ({@link #platform}: {@code linux-x86_64} or
 * {@code linux-aarch64}) is copied to a temporary file, loaded with
 * {@link System#load}, and the file is deleted at once (the mapping stays valid on Linux, so nothing
 * is left behind even after a kill). Nothing is printed; a library on {@code java.library.path}
 * is never preferred over the jar's own; when loading fails, the exact reason is kept for
 * {@code Backend.fallbackReason()} (see HACKING.md for why this is not native-lib-loader). On a
 * platform without a library (another operating system or architecture) the Java backend is used
 * and the reason names the {@code os.name} and {@code os.arch} seen.
 *
 * <p>{@code -Dhyson.native.kernel=scalar|sse2|avx2|avx512|neon} forces a kernel (for tests and
 * benchmarks); {@link Backends} decides what a forced kernel this CPU lacks means.
 */
public final class NativeLibrary {
    /** The property that forces a CPU kernel. */
    public static final String KERNEL_PROPERTY = "hyson.native.kernel";

    /**
     * Every kernel the library can have, in a fixed order for messages: scalar on every platform,
     * sse2, avx2 and avx512 on x86-64, neon on AArch64. Which of them a CPU has is decided at load.
     */
    static final List<String> KNOWN_KERNELS = List.of("scalar", "sse2", "avx2", "avx512", "neon");

    /** The platforms the jar carries a library for, as {@link #platform} names them. */
    static final List<String> PLATFORMS = List.of("linux-x86_64", "linux-aarch64");

    private static final int ABI_VERSION = NativeAbi.HYSON_ABI_VERSION;
    private static final String REASON;
    private static final List<NativeScanner> KERNELS;
    /** Why the first kernel is first (the library's calibration), or null when the library did not load. */
    private static final String CHOICE;

    static {
        String reason = load();
        List<NativeScanner> kernels = new ArrayList<>();
        if (reason == null) {
            String[] names = NativeScanner.kernels0();
            for (int i = 0; i < names.length; i++) {
                kernels.add(new NativeScanner(names[i], i));
            }
        }
        REASON = reason;
        KERNELS = Collections.unmodifiableList(kernels);
        CHOICE = reason == null ? NativeScanner.kernelChoice0() : null;
    }

    private NativeLibrary() {
    }

    /**
     * The platform folder of the jar's library for a JVM's {@code os.name} and {@code os.arch}.
     *
     * @param osName the {@code os.name} system property, e.g. {@code Linux}
     * @param osArch the {@code os.arch} system property, e.g. {@code amd64} or {@code aarch64}
     * @return {@code linux-x86_64} for Linux on amd64 or x86_64, {@code linux-aarch64} for Linux on
     *         aarch64 or arm64, empty for any other platform (the jar has no library for it)
     */
    static Optional<String> platform(String osName, String osArch) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return Optional.empty();
        }
        switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64":
            case "x86_64":
                return Optional.of("linux-x86_64");
            case "aarch64":
            case "arm64":
                return Optional.of("linux-aarch64");
            default:
                return Optional.empty();
        }
    }

    /**
     * The resource holding the library for a platform.
     *
     * @param platform a name {@link #platform} returns
     * @return its resource path in the jar, e.g. {@code natives/linux-x86_64/libhyson.so}
     */
    static String resourcePath(String platform) {
        return "natives/" + platform + "/libhyson.so";
    }

    /** Extracts and loads the library; returns null on success or the reason it failed. */
    private static String load() {
        String osName = System.getProperty("os.name", "");
        String osArch = System.getProperty("os.arch", "");
        Optional<String> platform = platform(osName, osArch);
        if (platform.isEmpty()) {
            return "no native library for os.name '" + osName + "', os.arch '" + osArch + "' (the jar has "
                    + String.join(" and ", PLATFORMS) + " only)";
        }
        String path = resourcePath(platform.get());
        Path tmp = null;
        try (InputStream in = NativeLibrary.class.getResourceAsStream("/" + path)) {
            if (in == null) {
                return "no native library for this platform in the jar (" + path + " not found; this build is Java-only)";
            }
            tmp = createPrivateFile(path.substring(path.lastIndexOf('/') + 1));
            // written in place: Files.copy with REPLACE_EXISTING deletes the file and makes a new one
            // with the default permissions
            try (OutputStream out = Files.newOutputStream(tmp)) {
                in.transferTo(out);
            }
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

    /**
     * Creates a new, empty file readable and writable by its owner only, named {@code hyson-<random>-<name>}
     * in {@code java.io.tmpdir}, as {@link Files#createTempFile} does but without its {@code SecureRandom}
     * (whose set-up, security providers included, was a third of this class's load time in a command-line
     * run). The name need not be secret: the file is created exclusively ({@code O_EXCL}, which also
     * refuses a link planted under the name), so a name that exists, whoever made it, is skipped.
     */
    private static Path createPrivateFile(String name) throws IOException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        long seed = System.nanoTime() ^ ((long) System.identityHashCode(new Object()) << 32);
        // a local, not a constant: this runs from the static initializer, before later fields are set
        Set<PosixFilePermission> ownerOnly = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        FileAlreadyExistsException last = null;
        for (int attempt = 0; attempt < 64; attempt++) {
            seed = seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
            long bits = seed ^ (seed >>> 29);
            try {
                return Files.createFile(dir.resolve("hyson-" + Long.toHexString(bits) + "-" + name),
                        PosixFilePermissions.asFileAttribute(ownerOnly));
            } catch (FileAlreadyExistsException e) {
                last = e;
            } catch (UnsupportedOperationException e) {
                return Files.createTempFile("hyson-", "-" + name); // not a POSIX file system
            }
        }
        throw last;
    }

    /** @return null when the native scanner can be used, otherwise the reason it cannot */
    static String unavailableReason() {
        return REASON;
    }

    /** @return why the first of {@link #kernels()} is first (what the library measured at load), or null without the library */
    public static String kernelChoice() {
        return CHOICE;
    }

    /** @return one scanner per kernel this CPU supports, fastest first; empty when the library did not load */
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
