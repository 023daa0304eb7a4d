package dev.hyson.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parallel(2)} of values ({@link StagedLines}: one thread scans, one builds, the caller takes): the
 * same values, errors, line numbers and handler calls as a read on one thread, over inputs of many batches;
 * the read failure after the values before it; both threads ended after a close, the end or an error.
 * (The runs with more threads, and validation, go by range: {@link ParallelFileLinesTest}, {@link NdjsonTest}.)
 */
class StagedLinesTest {
    @TempDir
    Path dir;

    /** About {@code bytes} of lines: objects with strings, numbers and arrays, a bad line now and then, blank lines. */
    private static byte[] lines(int bytes, long seed, boolean bad) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        int id = 0;
        while (sb.length() < bytes) {
            int kind = r.nextInt(1000);
            if (bad && kind < 3) {
                sb.append("{\"id\":").append(id).append(",\"v\":[1,2,}\n");
            } else if (kind < 10) {
                sb.append("  \r\n");
            } else if (kind < 11) {
                sb.append("{\"id\":").append(id).append(",\"long\":\"").append("z".repeat(100_000)).append("\"}\n");
            } else {
                sb.append("{\"id\":").append(id).append(",\"s\":\"caf\u00e9 \\u00e9").append("y".repeat(r.nextInt(80)))
                        .append("\",\"v\":[").append(r.nextDouble()).append(',').append(r.nextLong()).append(",true,null]}\n");
            }
            id++;
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static boolean alive(String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }

    private static void awaitThreadsEnd() throws InterruptedException {
        for (int i = 0; i < 500 && (alive("hyson-lines-build") || alive("hyson-lines-ahead")); i++) {
            Thread.sleep(10);
        }
        assertFalse(alive("hyson-lines-build"), "the build thread is still running");
        assertFalse(alive("hyson-lines-ahead"), "the scan thread is still running");
    }

    /** Each value as written back, and each error as "line L at O: message", in delivery order. */
    private static List<String> all(Stream<Object> s, List<String> errors) {
        try (s) {
            List<String> out = s.map(v -> dev.hyson.JsonWriter.defaults().write(v)).collect(Collectors.toCollection(ArrayList::new));
            out.addAll(errors);
            return out;
        }
    }

    private static LineErrorHandler into(List<String> errors) {
        return e -> errors.add("line " + e.line() + " at " + e.offset() + ": " + e.exception().getMessage());
    }

    @Test
    void sameValuesAndErrorsAsOneThread_arrayStreamAndFile() throws Exception {
        byte[] input = lines(6_000_000, 26, true);
        Path file = dir.resolve("in.ndjson");
        Files.write(file, input);
        JsonLines lines = JsonReader.defaults().lines();
        List<String> e1 = new ArrayList<>();
        List<String> serial = all(lines.readAhead(false).onError(into(e1)).read(input), e1);
        assertTrue(e1.size() > 5, "the input has bad lines: " + e1.size());
        assertTrue(serial.size() > 20_000, "values: " + serial.size());
        List<String> e2 = new ArrayList<>();
        assertEquals(serial, all(lines.parallel(2).onError(into(e2)).read(input), e2), "array");
        List<String> e3 = new ArrayList<>();
        assertEquals(serial, all(lines.parallel(2).onError(into(e3)).read(new ByteArrayInputStream(input)), e3), "stream");
        List<String> e4 = new ArrayList<>();
        assertEquals(serial, all(lines.parallel(2).onError(into(e4)).read(file), e4), "file");
        awaitThreadsEnd();
    }

    @Test
    void boundValuesAndLazyDocuments() throws Exception {
        byte[] input = lines(3_000_000, 7, false);
        JsonLines lines = JsonReader.defaults().lines();
        List<Long> ids;
        try (Stream<Map<String, Object>> s = lines.readAhead(false).read(input, new dev.hyson.TypeRef<Map<String, Object>>() { })) {
            ids = s.map(m -> (Long) m.get("id")).collect(Collectors.toList());
        }
        try (Stream<Map<String, Object>> s = lines.parallel(2).read(input, new dev.hyson.TypeRef<Map<String, Object>>() { })) {
            assertEquals(ids, s.map(m -> (Long) m.get("id")).collect(Collectors.toList()));
        }
        try (Stream<dev.hyson.lazy.LazyDocument> s = lines.parallel(2).documents(new ByteArrayInputStream(input))) {
            assertEquals(ids, s.map(d -> d.root().get("id").asLong()).collect(Collectors.toList()));
        }
        awaitThreadsEnd();
    }

    /** The fail policy: the first bad line's exception, after every value before it, and the threads end. */
    @Test
    void firstBadLineThrowsAfterTheValuesBeforeIt() throws Exception {
        byte[] input = lines(4_000_000, 3, true);
        JsonLines lines = JsonReader.defaults().lines();
        List<Object> before1 = new ArrayList<>();
        JsonParseException one = assertThrows(JsonParseException.class, () -> {
            try (Stream<Object> s = lines.readAhead(false).read(input)) {
                s.forEach(before1::add);
            }
        });
        List<Object> before2 = new ArrayList<>();
        JsonParseException two = assertThrows(JsonParseException.class, () -> {
            try (Stream<Object> s = lines.parallel(2).read(new ByteArrayInputStream(input))) {
                s.forEach(before2::add);
            }
        });
        assertEquals(one.getMessage(), two.getMessage());
        assertEquals(one.line(), two.line());
        assertEquals(one.offset(), two.offset());
        assertEquals(before1, before2);
        awaitThreadsEnd();
    }

    @Test
    void readFailureComesAfterTheValuesBeforeIt() throws Exception {
        byte[] input = lines(3_000_000, 11, false);
        int cut = input.length - 1000;
        while (input[cut - 1] != '\n') {
            cut--;
        }
        int complete = cut;
        InputStream failing = new FailingInput(input, complete, 65536, "disk gone");
        long expected;
        try (Stream<Object> s = JsonReader.defaults().lines().read(java.util.Arrays.copyOf(input, complete))) {
            expected = s.count();
        }
        long[] seen = {0};
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
            try (Stream<Object> s = JsonReader.defaults().lines().parallel(2).read(failing)) {
                s.forEach(v -> seen[0]++);
            }
        });
        assertEquals("disk gone", e.getCause().getMessage());
        assertEquals(expected, seen[0], "every line before the failure was given");
        awaitThreadsEnd();
    }

    /**
     * A live stream's lines come as they arrive, not once a batch or chunk is full (the first value was given
     * only when the writer closed, by stage and by range), and an interrupt flag does not fail the read, as on
     * one thread (an attack run).
     */
    @Test
    void liveStreamValuesComeAsTheyArrive_andAnInterruptDoesNotFailTheRead() throws Exception {
        for (int threads : new int[] {2, 3}) {
            liveStream(threads);
        }
        byte[] input = lines(2_000_000, 13, false);
        long serial;
        try (Stream<Object> s = JsonReader.defaults().lines().readAhead(false).read(input)) {
            serial = s.count();
        }
        Thread.currentThread().interrupt();
        try (Stream<Object> s = JsonReader.defaults().lines().parallel(2).read(new ByteArrayInputStream(input))) {
            assertEquals(serial, s.count());
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        }
        awaitThreadsEnd();
    }

    /** A live pipe's lines, each read as it is written, by {@code parallel(threads)} (by stage, or by range for 3). */
    private static void liveStream(int threads) throws Exception {
        java.io.PipedOutputStream o = new java.io.PipedOutputStream();
        java.io.PipedInputStream in = new java.io.PipedInputStream(o, 1 << 16);
        o.write("{\"a\":1}\n{\"a\":2}\n".getBytes(StandardCharsets.UTF_8));
        o.flush();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        try (Stream<Object> s = JsonReader.defaults().lines().parallel(threads).read(in)) {
            Iterator<Object> it = s.iterator();
            assertEquals(Map.of("a", 1L), pool.submit(it::next).get(20, java.util.concurrent.TimeUnit.SECONDS), threads + " threads");
            assertEquals(Map.of("a", 2L), pool.submit(it::next).get(20, java.util.concurrent.TimeUnit.SECONDS));
            o.write("{\"a\":3}\n".getBytes(StandardCharsets.UTF_8));
            o.flush();
            assertEquals(Map.of("a", 3L), pool.submit(it::next).get(20, java.util.concurrent.TimeUnit.SECONDS));
            o.close();
            assertFalse(pool.submit(it::hasNext).get(20, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void threadsEndWhenTheStreamIsClosedEarly() throws Exception {
        byte[] input = lines(8_000_000, 5, false); // the build thread waits on a full queue
        boolean staged;
        try (Stream<Object> s = JsonReader.defaults().lines().parallel(2).read(new ByteArrayInputStream(input))) {
            Iterator<Object> it = s.iterator();
            for (int i = 0; i < 10; i++) {
                it.next();
            }
            staged = alive("hyson-lines-build");
        }
        assertTrue(staged, "parallel(2) of values builds on a thread of its own");
        awaitThreadsEnd();
        // three threads go by range: no build thread
        try (Stream<Object> s = JsonReader.defaults().lines().parallel(3).read(new ByteArrayInputStream(input))) {
            Iterator<Object> it = s.iterator();
            it.next();
            assertFalse(alive("hyson-lines-build"), "parallel(3) goes by range");
        }
    }
}
