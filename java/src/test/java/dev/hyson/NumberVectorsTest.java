package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The float-parsing vectors of ../shared/conformance/numbers, read as JSON documents through the
 * whole parser (scanner, tape, materializer): every JSON-grammar input gives the exact expected bits,
 * and writing the value gives shortest digits that parse back to the same bits.
 */
class NumberVectorsTest {
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    @ParameterizedTest
    @MethodSource("backends")
    void vectors_parseAsDocuments_exactBits(Backend backend) throws IOException {
        Path numbers = TestSupport.shared().resolve("conformance/numbers");
        JsonReader reader = TestSupport.reader(backend, b -> b.maxNumberLength(100_000).allowInfinityForOverflow(true));
        int checked = 0;
        for (String file : List.of("parse-number-fxx-test-data/data/exhaustive-float16.txt",
                "parse-number-fxx-test-data/data/freetype-2-7.txt", "parse-number-fxx-test-data/data/google-wuffs.txt",
                "parse-number-fxx-test-data/data/lemire-fast-float.txt", "parse-number-fxx-test-data/data/more-test-cases.txt",
                "parse-number-fxx-test-data/data/tencent-rapidjson.txt", "parse-number-f64-test-data/data/ibm-fpgen.txt",
                "parse-number-f64-test-data/data/lemire-fast-double-parser.txt")) {
            boolean fxx = file.startsWith("parse-number-fxx");
            int inFile = 0;
            for (String line : Files.readAllLines(numbers.resolve(file), StandardCharsets.ISO_8859_1)) {
                String bits = fxx ? line.substring(14, 30) : line.substring(0, 16);
                String text = fxx ? line.substring(31) : line.substring(17);
                if (!JSON_NUMBER.matcher(text).matches()) {
                    continue;
                }
                boolean integer = text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
                // integers stay integers in hyson; give them a fraction-free exponent to read them as doubles
                String doc = integer ? text + "e0" : text;
                Object v = reader.parse(doc);
                long want = Long.parseUnsignedLong(bits, 16);
                long got = Double.doubleToRawLongBits((Double) v);
                if (want != got) {
                    assertEquals(Long.toHexString(want), Long.toHexString(got), file + ": " + text);
                }
                if (Double.isFinite((Double) v)) {
                    double back = (Double) Json.parse(Json.write(v));
                    assertEquals(want, Double.doubleToRawLongBits(back), "written " + Json.write(v) + " for " + text);
                }
                inFile++;
            }
            assertTrue(inFile > 0, file);
            checked += inFile;
        }
        assertTrue(checked > 240_000, "checked " + checked);
    }
}
