package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.fuzz.Support.Outcome;

/**
 * {@code validate(InputStream)} (the event scan alone, window by window, over reads of fuzzed
 * sizes) against {@code parse(byte[])} on the same backend: both accept (validate returning the
 * input's length) or both reject with the same error kind, offset, line and column.
 */
class ValidateFuzzTest {
    @FuzzTest
    void validate(FuzzedDataProvider data) {
        int bits = data.consumeInt();
        int[] sizes = Support.chunkSizes(data);
        byte[] json = data.consumeRemainingAsBytes();
        JsonReader reader = Support.options(bits)
                .backend(Support.BACKENDS.get(Math.floorMod(bits >> 16, Support.BACKENDS.size()))).build();
        Outcome parsed = Outcome.of(() -> reader.parse(json)).requireParseOutcome("parse");
        Outcome validated = Outcome.of(() -> reader.validate(Support.chunked(json, sizes))).requireParseOutcome("validate");
        if (parsed.failed() != validated.failed()) {
            throw new AssertionError("parse " + Support.describe(parsed) + " but validate " + Support.describe(validated),
                    parsed.failed() ? parsed.error() : validated.error());
        }
        if (parsed.failed()) {
            Support.assertSameError("parse vs validate", (JsonParseException) parsed.error(), (JsonParseException) validated.error());
        } else if (!validated.value().equals((long) json.length)) {
            throw new AssertionError("validate returned " + validated.value() + " for " + json.length + " bytes");
        }
    }
}
