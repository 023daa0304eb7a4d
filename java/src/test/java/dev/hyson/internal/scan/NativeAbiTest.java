package dev.hyson.internal.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hyson.internal.tape.Tape;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Holds {@link NativeAbi} to {@code native/include/hyson/hyson.h}: every {@code #define HYSON_*} with a
 * value has a Java constant of the same name and value, and every Java constant has its define. Then
 * the codes that are not JSON errors reach Java as the exceptions {@link NativeScanner} documents.
 */
class NativeAbiTest {
    private static final Path HEADER = Path.of("..", "native", "include", "hyson", "hyson.h");
    /** {@code #define HYSON_NAME value}, the value up to a comment or the line's end. */
    private static final Pattern DEFINE = Pattern.compile("^#define\\s+(HYSON_\\w+)\\s+([^/]+?)\\s*(?:/\\*.*)?$");
    /** The forms hyson.h's values take: {@code 5}, {@code 2u}, {@code (-1)}, {@code (1u << 3)}. */
    private static final Pattern VALUE = Pattern.compile("\\(?\\s*(-?\\d+)u?\\s*(?:<<\\s*(\\d+)\\s*)?\\)?");

    private static Map<String, Long> headerDefines() throws IOException {
        Map<String, Long> defines = new TreeMap<>();
        for (String line : Files.readAllLines(HEADER, StandardCharsets.UTF_8)) {
            Matcher m = DEFINE.matcher(line.trim());
            if (!m.matches()) {
                continue;
            }
            Matcher v = VALUE.matcher(m.group(2));
            assertTrue(v.matches(), "hyson.h: cannot read the value of " + m.group(1) + ": '" + m.group(2) + "'");
            long value = Long.parseLong(v.group(1));
            defines.put(m.group(1), v.group(2) == null ? value : value << Integer.parseInt(v.group(2)));
        }
        return defines;
    }

    private static Map<String, Long> javaConstants() throws IllegalAccessException {
        Map<String, Long> constants = new TreeMap<>();
        for (Field f : NativeAbi.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
                constants.put(f.getName(), (long) f.getInt(null));
            }
        }
        return constants;
    }

    @Test
    void header_everyDefine_equalsTheJavaConstantOfTheSameName() throws Exception {
        Map<String, Long> defines = headerDefines();
        Map<String, Long> java = javaConstants();
        assertTrue(defines.size() > 60, "read only " + defines.size() + " defines from " + HEADER.toAbsolutePath());
        for (Map.Entry<String, Long> d : defines.entrySet()) {
            assertNotNull(java.get(d.getKey()), "hyson.h defines " + d.getKey() + " but NativeAbi lacks it");
            assertEquals(d.getValue(), java.get(d.getKey()), d.getKey());
        }
        for (String name : java.keySet()) {
            assertTrue(defines.containsKey(name), "NativeAbi has " + name + " but hyson.h does not define it");
        }
    }

    @Test
    void header_readsTheFormsItsValuesTake() throws Exception {
        Map<String, Long> defines = headerDefines();
        assertEquals(-1L, defines.get("HYSON_MORE_INPUT"));
        assertEquals(8L, defines.get("HYSON_ALLOW_NON_FINITE_LITERALS"));
        assertEquals(2L, defines.get("HYSON_SURROGATES_ERROR"));
        assertEquals(101L, defines.get("HYSON_ERR_BAD_ARGUMENT"));
        assertFalse(defines.containsKey("HYSON_HYSON_H"), "the include guard has no value");
    }

    @Test
    void library_abiVersion_equalsHeader() {
        assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        assertEquals(NativeAbi.HYSON_ABI_VERSION, NativeScanner.abiVersion0());
    }

    @Test
    void scan_badKernelIndex_throwsIllegalArgumentNamingABug() {
        assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        NativeScanner bad = new NativeScanner("none", NativeLibrary.kernels().size());
        byte[] json = "[1]".getBytes(StandardCharsets.US_ASCII);
        ReadConfig cfg = DifferentialTest.DEFAULT;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> bad.scan(json, 0, json.length, cfg, new Tape()));
        assertTrue(e.getMessage().contains("a bug in hyson"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> bad.scanWindow(json, 0, json.length, true, 0, cfg, new Tape()));
    }

    @Test
    void scan_rangePastTheInput_throwsIllegalArgument() {
        assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        Scanner best = NativeLibrary.kernels().get(0);
        byte[] json = "[1]".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IllegalArgumentException.class, () -> best.scan(json, 0, json.length + 1, DifferentialTest.DEFAULT, new Tape()));
    }

    @Test
    void scan_tapeArraysTooSmall_growsThemAndCopiesOut() {
        assumeTrue(NativeLibrary.unavailableReason() == null, "native library not loaded");
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 5000; i++) {
            sb.append(i).append(",\"\u00e9\u4e16\",");
        }
        sb.append("0]");
        byte[] json = sb.toString().getBytes(StandardCharsets.UTF_8);
        Tape expected = new Tape();
        assertTrue(JavaScanner.INSTANCE.scan(json, 0, json.length, DifferentialTest.DEFAULT, expected));
        Tape tape = new Tape();
        assertTrue(NativeLibrary.kernels().get(0).scan(json, 0, json.length, DifferentialTest.DEFAULT, tape));
        assertEquals(expected.size, tape.size);
        assertEquals(expected.utf16Size, tape.utf16Size);
        assertEquals(expected.entries[tape.size - 1], tape.entries[tape.size - 1]);
    }
}
