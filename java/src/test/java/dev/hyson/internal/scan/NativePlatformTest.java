package dev.hyson.internal.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.Backend;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Which library the loader picks for a JVM's {@code os.name} and {@code os.arch}, the fallback on a
 * platform without one, and that each bundled library is built for its platform's machine (the ELF
 * header's e_machine: 62 is EM_X86_64, 183 is EM_AARCH64, in the System V ABI's ELF specification).
 */
class NativePlatformTest {

    @Test
    void platform_linuxArchitectures_mapToTheirFolder() {
        assertEquals(Optional.of("linux-x86_64"), NativeLibrary.platform("Linux", "amd64"));
        assertEquals(Optional.of("linux-x86_64"), NativeLibrary.platform("Linux", "x86_64"));
        assertEquals(Optional.of("linux-aarch64"), NativeLibrary.platform("Linux", "aarch64"));
        assertEquals(Optional.of("linux-aarch64"), NativeLibrary.platform("Linux", "arm64"));
        assertEquals(Optional.of("linux-aarch64"), NativeLibrary.platform("LINUX", "AArch64"));
        assertEquals("natives/linux-aarch64/libhyson.so", NativeLibrary.resourcePath("linux-aarch64"));
        assertEquals("natives/linux-x86_64/libhyson.so", NativeLibrary.resourcePath("linux-x86_64"));
    }

    @Test
    void platform_otherArchitectureOrSystem_isNone() {
        assertEquals(Optional.empty(), NativeLibrary.platform("Linux", "riscv64"));
        assertEquals(Optional.empty(), NativeLibrary.platform("Linux", "arm"));
        assertEquals(Optional.empty(), NativeLibrary.platform("Linux", "x86"));
        assertEquals(Optional.empty(), NativeLibrary.platform("Mac OS X", "aarch64"));
        assertEquals(Optional.empty(), NativeLibrary.platform("Windows 11", "amd64"));
    }

    @Test
    void knownKernels_orderedWithNeon() {
        assertEquals(List.of("scalar", "sse2", "avx2", "avx512", "neon"), NativeLibrary.KNOWN_KERNELS);
        for (String kernel : NativeLibrary.kernelNames()) {
            assertTrue(NativeLibrary.KNOWN_KERNELS.contains(kernel), kernel);
        }
    }

    @Test
    void load_unknownArchitecture_fallsBackToJavaNamingIt() throws IOException, InterruptedException {
        Process child = new ProcessBuilder(ChildJvm.command(Child.class, "-Dos.arch=riscv64"))
                .redirectErrorStream(true).start();
        String out;
        try (InputStream in = child.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, child.exitValue(), out);
        String[] lines = out.split("\n");
        assertEquals("java", lines[0], out);
        assertEquals("no native library for os.name '" + System.getProperty("os.name")
                + "', os.arch 'riscv64' (the jar has linux-x86_64 and linux-aarch64 only)", lines[1], out);
        assertEquals("kernels: ", lines[2], out);
    }

    @Test
    void bundledLibrary_x86_64_isElfMachine62() throws IOException {
        assertElfMachine("linux-x86_64", 62);
    }

    @Test
    void bundledLibrary_aarch64_isElfMachine183() throws IOException {
        assertElfMachine("linux-aarch64", 183);
    }

    private static void assertElfMachine(String platform, int machine) throws IOException {
        String path = NativeLibrary.resourcePath(platform);
        try (InputStream in = NativePlatformTest.class.getResourceAsStream("/" + path)) {
            assumeTrue(in != null, path + " was not built (no compiler for it on this machine): not checked");
            byte[] header = in.readNBytes(20);
            assertEquals(20, header.length, path);
            assertEquals(0x7F, header[0], path);
            assertEquals("ELF", new String(header, 1, 3, StandardCharsets.US_ASCII), path);
            assertEquals(2, header[4], path + ": ELFCLASS64");
            assertEquals(1, header[5], path + ": little-endian");
            int eMachine = (header[18] & 0xFF) | (header[19] & 0xFF) << 8;
            assertEquals(machine, eMachine, path + ": e_machine");
        }
    }

    /** Run in a child JVM: prints the active backend, the fallback reason and the native kernels. */
    static final class Child {
        private Child() {
        }

        /**
         * Prints three lines: the backend's name, why native is not used, and the native kernels.
         *
         * @param args unused
         */
        public static void main(String[] args) {
            Backend backend = Backend.active();
            System.out.println(backend.name());
            System.out.println(backend.fallbackReason().orElse("(none)"));
            System.out.println("kernels: " + String.join(" ", Backend.nativeKernels()));
        }
    }
}
