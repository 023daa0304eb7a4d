package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@link JsonParserTest} again with each stream scanned one window ahead on a thread of its own
 * ({@code -Dhyson.scanAhead=always}; by default only streams of 16 MiB or more are): the same tokens,
 * values, locations and errors, windows of 1 byte up; and the scan thread runs, and ends at close.
 */
@ExtendWith(ScanAheadAlways.class)
class JsonParserAheadTest extends JsonParserTest {
    static boolean scanThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("hyson-scan-ahead") && t.isAlive());
    }

    @ParameterizedTest
    @MethodSource("backends")
    void scansOnAThreadOfItsOwnUntilClosed(Backend backend) throws Exception {
        StringBuilder b = new StringBuilder("[");
        for (int k = 0; k < 20_000; k++) {
            b.append(k == 0 ? "" : ",").append("{\"k\":").append(k).append(",\"s\":\"v").append(k).append("\"}");
        }
        byte[] doc = b.append(']').toString().getBytes(StandardCharsets.UTF_8);
        JsonReader reader = JsonReader.builder().backend(backend).build();
        long sum = 0;
        try (JsonParser p = reader.parser(new ByteArrayInputStream(doc), null, 4096)) {
            assertEquals(JsonToken.START_ARRAY, p.nextToken());
            assertTrue(scanThreadAlive(), "a scan thread runs");
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.NUMBER) {
                    sum += p.getLong();
                }
            }
        }
        assertEquals(19_999L * 20_000 / 2, sum);
        for (int k = 0; k < 200 && scanThreadAlive(); k++) {
            Thread.sleep(10);
        }
        assertFalse(scanThreadAlive(), "the scan thread ends");
    }
}
