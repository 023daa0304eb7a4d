package dev.hyson.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hyson.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import dev.hyson.ScanAheadAlways;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@link NdjsonTest} again with each stream's lines read and scanned ahead on a thread of their
 * own ({@link AheadLines}, {@code -Dhyson.scanAhead=always}; by default only streams of 16 MiB or more
 * are): the same values, the same errors at the same lines and offsets.
 */
@ExtendWith(ScanAheadAlways.class)
class NdjsonAheadTest extends NdjsonTest {
    /**
     * The scan thread reads on (skipping the rest of the garbage line, a block at a time in buffers it
     * reuses) while the caller takes the error: the stream's position is not bounded at that moment,
     * the memory is (see {@link #sameLinesAndErrorsAsOneThreadOverManyBuffers}).
     */
    @Override
    long readBeforeAnEarlyError() {
        return Long.MAX_VALUE;
    }

    /** Lines {@code {"i":0}} to {@code {"i":n-1}}. */
    private static byte[] numbered(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("{\"i\":").append(i).append("}\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static boolean scanThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("hyson-lines-ahead") && t.isAlive());
    }

    private static void awaitScanThreadEnd() throws InterruptedException {
        for (int i = 0; i < 500 && scanThreadAlive(); i++) {
            Thread.sleep(10);
        }
        assertFalse(scanThreadAlive(), "the hyson-lines-ahead thread is still running");
    }

    /**
     * {@code readAhead(false)} keeps the scan on the caller's thread even where every stream would be read
     * ahead (this class's setting): no scan thread runs while lines are taken, and the values are the same.
     */
    @Test
    void readAheadOffScansOnTheCallersThread() throws Exception {
        awaitScanThreadEnd();
        byte[] input = numbered(100_000);
        JsonLines lines = JsonReader.defaults().lines();
        boolean[] seen = {false, false};
        long[] sum = {0, 0};
        assertEquals(100_000, lines.forEachDocument(new ByteArrayInputStream(input), d -> {
            long i = d.root().get("i").asLong();
            seen[0] |= i % 5000 == 0 && scanThreadAlive(); // (a look at every thread costs ~0.3 ms)
            sum[0] += i;
        }));
        awaitScanThreadEnd();
        assertEquals(100_000, lines.readAhead(false).forEachDocument(new ByteArrayInputStream(input), d -> {
            long i = d.root().get("i").asLong();
            seen[1] |= i % 5000 == 0 && scanThreadAlive();
            sum[1] += i;
        }));
        assertEquals(true, seen[0], "the default reads ahead here");
        assertFalse(seen[1], "a hyson-lines-ahead thread ran under readAhead(false)");
        assertEquals(99_999L * 100_000 / 2, sum[0]);
        assertEquals(sum[0], sum[1]);
        try (Stream<Object> s = lines.readAhead(false).read(new ByteArrayInputStream(input))) {
            Iterator<Object> it = s.iterator();
            for (int i = 0; i < 1000; i++) {
                assertEquals(java.util.Map.of("i", (long) i), it.next());
            }
            assertFalse(scanThreadAlive(), "a hyson-lines-ahead thread runs under readAhead(false)");
        }
    }

    @Test
    void scanThreadEndsWhenTheStreamIsClosedEarly() throws Exception {
        byte[] input = numbered(200_000); // about 2 MB: the scan thread waits on a full queue
        try (Stream<Object> s = JsonReader.defaults().lines().read(new ByteArrayInputStream(input))) {
            Iterator<Object> it = s.iterator();
            for (int i = 0; i < 10; i++) {
                assertEquals(java.util.Map.of("i", (long) i), it.next());
            }
        }
        awaitScanThreadEnd();
    }

    @Test
    void scanThreadEndsAtTheEndAndAfterAnError() throws Exception {
        assertEquals(200_000, JsonReader.defaults().lines().validate(new ByteArrayInputStream(numbered(200_000))));
        awaitScanThreadEnd();
        byte[] bad = (new String(numbered(100_000), StandardCharsets.UTF_8) + "{\"i\":tru}\n"
                + new String(numbered(100_000), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        dev.hyson.JsonParseException e = assertThrows(dev.hyson.JsonParseException.class,
                () -> JsonReader.defaults().lines().forEachDocument(new ByteArrayInputStream(bad), d -> { }));
        assertEquals(100_001, e.line());
        awaitScanThreadEnd();
    }

    @Test
    void readFailureComesAtItsPlace() throws Exception {
        byte[] input = numbered(1000);
        InputStream failing = new FailingInput(input, input.length, 4096, "disk gone");
        long[] seen = {0};
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> JsonReader.defaults().lines().forEachDocument(failing, d -> seen[0]++));
        assertEquals("disk gone", e.getCause().getMessage());
        assertEquals(1000, seen[0]); // every line before the failure was given
        awaitScanThreadEnd();
    }

    /**
     * About 9 MB of lines of every length (short ones, some of 100 KB to 3 MB: longer than a block, so
     * the scan thread grows and changes buffers), a bad line now and then, read through a stream that
     * returns odd amounts, by a consumer that pauses now and then (so the scan thread runs ahead and waits
     * for buffers): the same values and errors as the read on one thread.
     */
    @Test
    void sameLinesAndErrorsAsOneThreadOverManyBuffers() throws Exception {
        java.util.Random r = new java.util.Random(26);
        StringBuilder sb = new StringBuilder();
        int id = 0;
        while (sb.length() < 9_000_000) {
            int kind = r.nextInt(100);
            if (kind < 2) {
                sb.append("{\"id\":").append(id).append(",\"pad\":\"").append("x".repeat(100_000 + r.nextInt(3_000_000)))
                        .append("\"}\n");
            } else if (kind < 4) {
                sb.append("{\"id\":").append(id).append(",\"bad\":[1,2,}\n");
            } else if (kind < 6) {
                sb.append("\r\n  \n");
            } else {
                sb.append("{\"id\":").append(id).append(",\"s\":\"caf\\u00e9 ").append("y".repeat(r.nextInt(300)))
                        .append("\",\"v\":[").append(r.nextDouble()).append(",").append(r.nextLong()).append("]}\r\n");
            }
            id++;
        }
        byte[] input = sb.toString().getBytes(StandardCharsets.UTF_8);
        java.util.List<String> ahead = readAll(input);
        System.setProperty("hyson.scanAhead", "false");
        java.util.List<String> serial;
        try {
            serial = readAll(input);
        } finally {
            System.setProperty("hyson.scanAhead", "always");
        }
        for (int i = 0; i < Math.min(serial.size(), ahead.size()); i++) {
            if (!serial.get(i).equals(ahead.get(i))) {
                // the first difference, cut short (a line may be megabytes)
                assertEquals(cut(serial.get(i)), cut(ahead.get(i)), "record " + i);
                assertEquals(serial.get(i), ahead.get(i), "record " + i);
            }
        }
        assertEquals(serial.size(), ahead.size());
    }

    private static String cut(String s) {
        return s.length() <= 300 ? s : s.substring(0, 150) + "..." + s.substring(s.length() - 150) + " (" + s.length() + " chars)";
    }

    /** Each line's value (written back out) or error, in order, from a trickled stream with pauses. */
    private static java.util.List<String> readAll(byte[] input) {
        java.util.List<String> out = new java.util.ArrayList<>();
        java.util.Random sizes = new java.util.Random(7);
        InputStream odd = new java.io.FilterInputStream(new ByteArrayInputStream(input)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, 1 + sizes.nextInt(300_000)));
            }
        };
        JsonLines lines = JsonReader.defaults().lines()
                .onError(e -> out.add("error line " + e.line() + " at " + e.offset() + ": " + e.exception().getMessage()));
        dev.hyson.JsonWriter w = dev.hyson.JsonWriter.defaults();
        lines.forEachDocument(odd, doc -> {
            out.add(doc.line() + " " + doc.offset() + " " + w.write(doc.root().toValue()));
            if (out.size() % 500 == 0) {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        return out;
    }
}
