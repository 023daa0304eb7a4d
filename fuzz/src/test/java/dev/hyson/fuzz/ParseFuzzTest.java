package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.hyson.Backend;
import dev.hyson.JsonReader;
import dev.hyson.fuzz.Support.Outcome;
import java.nio.ByteBuffer;

/**
 * {@code parse}: the Java backend against the native one (the kernel chosen at load) and against
 * each native kernel this CPU has ({@link Backend#nativeKernel}), under fuzzed reader options: the
 * same value, or the same error kind, offset, line and column. Also the other input forms of one
 * reader (a slice of a larger array, a direct buffer, a stream) against {@code parse(byte[])}.
 */
class ParseFuzzTest {
    @FuzzTest
    void parse(FuzzedDataProvider data) {
        int bits = data.consumeInt();
        byte[] json = data.consumeRemainingAsBytes();
        JsonReader.Builder options = Support.options(bits);
        Outcome expected = null;
        for (Backend backend : Support.BACKENDS) {
            JsonReader reader = options.backend(backend).build();
            Outcome got = Outcome.of(() -> reader.parse(json)).requireParseOutcome(backend + " parse");
            if (expected == null) {
                expected = got;
            } else {
                Support.assertSame("java vs " + backend, expected, got);
            }
        }
        // the other inputs, once, on the last backend
        JsonReader reader = options.build();
        byte[] padded = new byte[json.length + 7];
        System.arraycopy(json, 0, padded, 3, json.length);
        Support.assertSame("slice", expected, Outcome.of(() -> reader.parse(padded, 3, json.length)).requireParseOutcome("slice"));
        ByteBuffer direct = ByteBuffer.allocateDirect(json.length).put(json).flip();
        Support.assertSame("direct buffer", expected, Outcome.of(() -> reader.parse(direct)).requireParseOutcome("buffer"));
        Support.assertSame("stream", expected, Outcome.of(() -> reader.parse(Support.chunked(json, new int[] {(bits >>> 16) + 1})))
                .requireParseOutcome("stream"));
    }
}
