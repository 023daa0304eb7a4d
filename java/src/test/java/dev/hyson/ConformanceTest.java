package dev.hyson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** JSONTestSuite (nst/JSONTestSuite test_parsing): y_ accepted, n_ rejected, i_ as the table says. */
class ConformanceTest {
    static Stream<Backend> backends() {
        return TestSupport.backends().stream();
    }

    private static List<Path> files(String prefix) throws IOException {
        Path dir = TestSupport.shared().resolve("conformance/jsontestsuite/test_parsing");
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().forEach(out::add);
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_yFiles_accepted(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        List<Path> files = files("y_");
        assertEquals(95, files.size());
        for (Path p : files) {
            try {
                reader.parse(Files.readAllBytes(p));
            } catch (JsonParseException e) {
                fail(p.getFileName() + " rejected: " + e.getMessage());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_nFiles_rejectedWithParseException(Backend backend) throws IOException {
        JsonReader reader = TestSupport.reader(backend);
        List<Path> files = files("n_");
        assertEquals(188, files.size());
        for (Path p : files) {
            byte[] doc = Files.readAllBytes(p);
            try {
                Object v = reader.parse(doc);
                fail(p.getFileName() + " accepted as " + v);
            } catch (JsonParseException e) {
                assertTrue(e.offset() >= 0 && e.offset() <= doc.length, p + ": offset " + e.offset());
                assertTrue(e.line() >= 1 && e.column() >= 1, p + ": position");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void parse_iFiles_asTheTableSays(Backend backend) throws IOException {
        Map<String, String> expected = new HashMap<>();
        try (InputStream in = ConformanceTest.class.getResourceAsStream("/jsontestsuite-i.tsv")) {
            assertNotNull(in, "jsontestsuite-i.tsv");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null;) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    String[] cols = line.split("\t");
                    expected.put(cols[0], cols[1]);
                }
            }
        }
        JsonReader reader = TestSupport.reader(backend);
        List<Path> files = files("i_");
        assertEquals(35, files.size());
        int accepted = 0;
        for (Path p : files) {
            String name = p.getFileName().toString();
            String want = expected.get(name);
            assertNotNull(want, name + " missing from jsontestsuite-i.tsv");
            String got;
            try {
                reader.parse(Files.readAllBytes(p));
                got = "accept";
                accepted++;
            } catch (JsonParseException e) {
                got = "reject " + e.kind();
            }
            assertEquals(want, got, name);
        }
        assertEquals(17, accepted);
    }
}
