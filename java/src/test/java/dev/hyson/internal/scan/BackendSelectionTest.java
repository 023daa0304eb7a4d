package dev.hyson.internal.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Backends#decide} case by case, then the process-wide choice in a child JVM: a forced
 * kernel that cannot be honoured fails at first use with one line, never falling back to Java.
 */
class BackendSelectionTest {
    private static final List<String> X86 = List.of("avx2", "sse2", "scalar");
    private static final String BOGUS_ERROR = "native kernel 'bogus' forced by -Dhyson.native.kernel is not a kernel ("
            + String.join(", ", NativeLibrary.KNOWN_KERNELS) + ") (this CPU has avx2, sse2, scalar)";

    @Test
    void decide_autoWithoutForcedKernel_takesTheBestKernel() {
        Backends.Decision d = Backends.decide(null, null, null, X86);
        assertEquals("auto", d.requested);
        assertEquals("avx2", d.kernel);
        assertNull(d.error);
        assertNull(d.fallbackReason);
    }

    @Test
    void decide_autoWithoutLibrary_fallsBackToJavaWithTheReason() {
        Backends.Decision d = Backends.decide(" AUTO ", "", "no library", List.of());
        assertNull(d.kernel);
        assertNull(d.error);
        assertEquals("no library", d.fallbackReason);
    }

    @Test
    void decide_forcedKernelThisCpuHas_takesIt() {
        Backends.Decision d = Backends.decide("auto", " SSE2 ", null, X86);
        assertEquals("sse2", d.kernel);
        assertTrue(d.kernelForced);
        assertNull(d.error);
    }

    @Test
    void decide_unknownForcedKernelUnderAuto_isAnError() {
        Backends.Decision d = Backends.decide("auto", "bogus", null, X86);
        assertNull(d.kernel);
        assertEquals(BOGUS_ERROR, d.error);
    }

    @Test
    void decide_forcedKernelThisCpuLacks_isAnErrorUnderAutoAndNative() {
        for (String requested : List.of("auto", "native")) {
            Backends.Decision d = Backends.decide(requested, "avx512", null, X86);
            assertNull(d.kernel);
            assertEquals("native kernel 'avx512' forced by -Dhyson.native.kernel is not supported by this CPU"
                    + " (this CPU has avx2, sse2, scalar)", d.error);
        }
    }

    @Test
    void decide_forcedKernelWithoutLibrary_isAnErrorNotAFallback() {
        Backends.Decision d = Backends.decide("auto", "scalar", "no library", List.of());
        assertNull(d.kernel);
        assertEquals("native kernel 'scalar' forced by -Dhyson.native.kernel cannot run: native backend unavailable:"
                + " no library", d.error);
    }

    @Test
    void decide_nativeWithoutLibrary_isAnError() {
        Backends.Decision d = Backends.decide("native", null, "no library", List.of());
        assertEquals("native backend requested (-Dhyson.backend=native) but unavailable: no library", d.error);
    }

    @Test
    void decide_java_ignoresTheForcedKernel() {
        Backends.Decision d = Backends.decide("java", "bogus", null, X86);
        assertNull(d.kernel);
        assertNull(d.error);
        assertEquals("the java backend was requested", d.fallbackReason);
    }

    @Test
    void decide_unknownBackend_isAnError() {
        Backends.Decision d = Backends.decide("gpu", null, null, X86);
        assertEquals("unknown backend 'gpu' in -Dhyson.backend: expected auto, native or java", d.error);
    }

    @Test
    void select_forcedKernelUnderAuto_scansEveryDocumentNatively() {
        assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        String scalar = "scalar";
        Backends.Selection s = new Backends.Selection("auto", NativeLibrary.kernels().get(0), null, null, true);
        assertEquals(false, s.isAuto());
        assertEquals(true, new Backends.Selection("auto", JavaScanner.INSTANCE, null, null).isAuto());
        assertEquals(scalar, Backends.nativeKernel(scalar).scanner().kernel());
    }

    /** Parses a small document with the process-wide backend and prints what happened, for the child JVM. */
    public static final class Child {
        private Child() {
        }

        /**
         * @param args unused
         */
        public static void main(String[] args) {
            try {
                Object value = Json.parse("[1,2]");
                System.out.println("parsed " + value + " with " + dev.hyson.Backend.active());
            } catch (IllegalStateException e) {
                System.out.println("IllegalStateException: " + e.getMessage());
            }
        }
    }

    private static String runChild(String... properties) throws IOException, InterruptedException {
        List<String> cmd = ChildJvm.command(Child.class, properties);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void childJvm_bogusKernelUnderAuto_failsAtFirstUseWithOneLine() throws Exception {
        assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        String out = runChild("-Dhyson.backend=auto", "-Dhyson.native.kernel=bogus");
        String prefix = "IllegalStateException: native kernel 'bogus' forced by -Dhyson.native.kernel is not a kernel (";
        String suffix = ") (this CPU has " + String.join(", ", Backends.byCapability(NativeLibrary.kernelNames())) + ")";
        assertTrue(out.startsWith(prefix) && out.endsWith(suffix), out);
        // the known kernels in the child's own order
        String known = out.substring(prefix.length(), out.length() - suffix.length());
        assertEquals(new HashSet<>(NativeLibrary.KNOWN_KERNELS), new HashSet<>(List.of(known.split(", "))), out);
    }

    @Test
    void childJvm_forcedScalarKernel_parsesWithIt() throws Exception {
        assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        String out = runChild("-Dhyson.native.kernel=scalar");
        assertEquals("parsed [1, 2] with native (scalar)", out);
    }

    /** The library ranks its kernels by measurement and says so; a named kernel says it was named. */
    @Test
    void kernelChoice_saysWhyTheKernelScans() {
        org.junit.jupiter.api.Assumptions.assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        List<String> ranked = dev.hyson.Backend.nativeKernels();
        assertEquals(new java.util.HashSet<>(NativeLibrary.KNOWN_KERNELS).containsAll(ranked), true, ranked.toString());
        String choice = NativeLibrary.kernelChoice();
        assertTrue(choice.startsWith(ranked.get(0) + ": "), choice);
        dev.hyson.Backend best = dev.hyson.Backend.of(dev.hyson.Backend.Choice.NATIVE);
        if (!Backends.select("native").kernelForced()) {
            assertEquals(ranked.get(0), best.kernel());
            assertEquals(choice, best.kernelChoice().orElseThrow());
        }
        String last = ranked.get(ranked.size() - 1);
        assertEquals(last + ": named (-Dhyson.native.kernel or Backend.nativeKernel)",
                dev.hyson.Backend.nativeKernel(last).kernelChoice().orElseThrow());
        assertTrue(dev.hyson.Backend.of(dev.hyson.Backend.Choice.JAVA).kernelChoice().isEmpty());
    }
}
