package dev.hyson;

import dev.hyson.bind.Binder;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapePool;
import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The concurrency stress run behind {@link StressTest} and {@link StressMain}: ONE {@link JsonReader}
 * per backend (every native kernel forced, and Java), ONE {@link JsonWriter}, ONE {@link Binder} (the
 * readers', the writer's and the factory's) and ONE {@link MessagePackFactory} shared by all threads.
 * Every case is first run on the calling thread alone; its outcome (a value, or the exception's
 * class, kind and offset) is the expected one. Then the worker threads run random cases until the
 * time is up, comparing each outcome with the expected one. Memory is measured (after a few GC
 * cycles) before the workers start, once they have each run every case (their pools warm; they stay
 * alive, parked), at the end of the run (still alive) and after they have ended.
 */
final class StressRun {
    /** A point, bound as a record. */
    record Point(int x, int y) {
    }

    /** A record with a list of records, a map, an Optional and a long. */
    record Shape(String name, List<Point> points, Map<String, Double> attrs, Optional<String> note, long id) {
    }

    /** A JavaBean: no-arg constructor, getters and setters. */
    static final class Account {
        private String owner;
        private long balance;
        private List<String> tags;

        public String getOwner() {
            return owner;
        }

        public void setOwner(String owner) {
            this.owner = owner;
        }

        public long getBalance() {
            return balance;
        }

        public void setBalance(long balance) {
            this.balance = balance;
        }

        public List<String> getTags() {
            return tags;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Account a && Objects.equals(owner, a.owner) && balance == a.balance
                    && Objects.equals(tags, a.tags);
        }

        @Override
        public int hashCode() {
            return Objects.hash(owner, balance, tags);
        }
    }

    /** An outcome that is an exception: its class, kind (or message, for write errors) and offset. */
    record Failure(String type, String kind, long offset) {
        static Failure of(RuntimeException e) {
            if (e instanceof JsonParseException j) {
                return new Failure("json", j.kind().name(), j.offset());
            }
            if (e instanceof MessagePackException m) {
                return new Failure("msgpack", m.kind().name(), m.offset());
            }
            if (e instanceof JsonWriteException w) {
                return new Failure("write", w.getMessage(), -1);
            }
            throw e;
        }
    }

    /** One operation on shared objects; its result is compared with {@link Object#equals}. */
    interface Op {
        Object run();
    }

    /** A named operation, with its expected outcome once {@link #prepare} has run it alone. */
    static final class Case {
        final String name;
        final Op op;
        /** Cases of one group (one input read by each backend) share their expected value when equal. */
        String group;
        Object expected;

        Case(String name, Op op) {
            this.name = name;
            this.op = op;
        }

        /** @return the result (byte arrays wrapped so they compare by content) or the {@link Failure} */
        Object outcome() {
            try {
                Object r = op.run();
                return r instanceof byte[] b ? ByteBuffer.wrap(b) : r;
            } catch (RuntimeException e) {
                return Failure.of(e);
            }
        }
    }

    /** What a run measured. */
    record Report(long calls, List<String> mismatches, long heapBefore, long heapWarm, long heapEnd, long heapAfter,
            int cases, long maxTapeEntries, double warmSeconds) {
        @Override
        public String toString() {
            return String.format("%d calls over %d cases, %d mismatches; heap in use (MB): before %d, workers warm %d,"
                    + " end of run %d, workers ended %d; largest pooled tape %d entries; warm-up %.1f s", calls, cases,
                    mismatches.size(), heapBefore >> 20, heapWarm >> 20, heapEnd >> 20, heapAfter >> 20, maxTapeEntries,
                    warmSeconds);
        }
    }

    /** The maximum JSON depth the cases nest to, and one level past it. */
    static final int DEPTH = JsonReader.DEFAULT_MAX_DEPTH;

    private final List<Case> cases = new ArrayList<>();
    private final Binder binder = Binder.builder().build();
    private final JsonWriter writer = JsonWriter.builder().binder(binder).build();
    private final MessagePackFactory msgpack = MessagePackFactory.builder().binder(binder).build();
    private final Map<String, JsonReader> readers = new LinkedHashMap<>();

    /** Corpus documents above this size are left out unless the run is a long one. */
    static final long SHORT_RUN_DOCUMENT = 256 << 10;

    private final boolean allDocuments;

    /**
     * @param backends the backends to read with: one shared reader each
     * @param corpus the corpus folder (its top-level *.json and *.ndjson files and small/*.json)
     * @param allDocuments every corpus document, else those of up to {@link #SHORT_RUN_DOCUMENT} bytes
     */
    StressRun(List<Backend> backends, Path corpus, boolean allDocuments) {
        this.allDocuments = allDocuments;
        for (Backend b : backends) {
            readers.put(b.toString(), JsonReader.builder().backend(b).binder(binder).build());
        }
        try {
            addCases(corpus);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Case add(String name, Op op) {
        Case c = new Case(name, op);
        cases.add(c);
        return c;
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().collect(Collectors.toList());
        }
    }

    private void addCases(Path corpus) throws IOException {
        List<Path> docs = new ArrayList<>(files(corpus, ".json"));
        docs.addAll(files(corpus.resolve("small"), ".json"));
        Map<String, byte[]> inputs = new LinkedHashMap<>();
        for (Path p : docs) {
            if (!allDocuments && Files.size(p) > SHORT_RUN_DOCUMENT) {
                continue;
            }
            inputs.put(p.getFileName().toString(), Files.readAllBytes(p));
        }
        inputs.put("large-array", largeArray(150_000));
        inputs.put("deep-" + DEPTH, deep(DEPTH));
        inputs.put("deep-" + (DEPTH + 1), deep(DEPTH + 1));
        inputs.put("deep-object-" + DEPTH, deepObject(DEPTH));
        for (Map.Entry<String, byte[]> in : inputs.entrySet()) {
            byte[] json = in.getValue();
            byte[] truncated = java.util.Arrays.copyOf(json, json.length / 2);
            byte[] flipped = json.clone();
            flipped[json.length / 3] = (byte) 0xFF;
            for (Map.Entry<String, JsonReader> r : readers.entrySet()) {
                JsonReader reader = r.getValue();
                String at = in.getKey() + " on " + r.getKey();
                add("parse " + at, () -> reader.parse(json)).group = "parse " + in.getKey();
                add("stream " + at, () -> reader.parse(new ByteArrayInputStream(json))).group = "parse " + in.getKey();
                add("truncated " + at, () -> reader.parse(truncated));
                add("flipped " + at, () -> reader.parse(flipped));
            }
            Object value = parseOrNull(json);
            if (value != null) {
                byte[] packed = msgpack.pack(value);
                byte[] packedCut = java.util.Arrays.copyOf(packed, packed.length - 1);
                add("write " + in.getKey(), () -> writer.writeBytes(value));
                add("pack " + in.getKey(), () -> msgpack.pack(value));
                add("unpack " + in.getKey(), () -> msgpack.unpack(packed));
                add("unpack truncated " + in.getKey(), () -> msgpack.unpack(packedCut));
            }
        }
        addInvalid();
        addBinding();
        addLines(files(corpus, ".ndjson"));
        addMessagePackAttacks();
    }

    /** Invalid inputs, each with the error kind and offset it must give on every backend. */
    private void addInvalid() {
        Object[][] bad = {
            {"[1,2", "UNEXPECTED_END", 4L}, {"[1,]", "SYNTAX", 3L}, {"{\"a\" 1}", "SYNTAX", 5L},
            {"\"a\\x\"", "INVALID_ESCAPE", 2L}, {"[1e400]", "NUMBER_OUT_OF_RANGE", 1L},
            {"\"a\u0001\"", "CONTROL_CHARACTER", 2L}, {"[\"\u00e9\"", "UNEXPECTED_END", 5L},
            {"[1] 2", "SYNTAX", 4L}, {"", "UNEXPECTED_END", 0L}, {"[tru]", "SYNTAX", 1L},
        };
        for (Object[] b : bad) {
            byte[] json = ((String) b[0]).getBytes(StandardCharsets.UTF_8);
            Failure want = new Failure("json", (String) b[1], (Long) b[2]);
            for (Map.Entry<String, JsonReader> r : readers.entrySet()) {
                add("invalid " + b[0] + " on " + r.getKey(), () -> r.getValue().parse(json)).expected = want;
            }
        }
        byte[] badUtf8 = {'[', '"', (byte) 0xC0, (byte) 0x80, '"', ']'};
        for (Map.Entry<String, JsonReader> r : readers.entrySet()) {
            add("overlong utf-8 on " + r.getKey(), () -> r.getValue().parse(badUtf8)).expected =
                    new Failure("json", "INVALID_UTF8", 2);
        }
        Object tooDeep = nestedLists(JsonWriter.DEFAULT_MAX_DEPTH + 1);
        add("write too deep", () -> writer.writeBytes(tooDeep));
        add("pack too deep", () -> msgpack.pack(tooDeep));
    }

    private void addBinding() {
        SplittableRandom rnd = new SplittableRandom(28);
        List<Shape> shapes = new ArrayList<>();
        List<Account> accounts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            shapes.add(shape(rnd, i));
            Account a = new Account();
            a.setOwner("owner \u00e9 " + rnd.nextInt());
            a.setBalance(rnd.nextLong());
            a.setTags(List.of("t" + rnd.nextInt(50), "\"quoted\"", "\ud83d\ude00"));
            accounts.add(a);
        }
        for (int i = 0; i < shapes.size(); i += 20) {
            Shape s = shapes.get(i);
            Account a = accounts.get(i);
            byte[] json = writer.writeBytes(s);
            byte[] accountJson = writer.writeBytes(a);
            byte[] packed = msgpack.pack(s);
            for (Map.Entry<String, JsonReader> r : readers.entrySet()) {
                add("bind shape " + i + " on " + r.getKey(), () -> r.getValue().read(json, Shape.class)).expected = s;
                add("bind account " + i + " on " + r.getKey(), () -> r.getValue().read(accountJson, Account.class))
                        .expected = a;
            }
            add("write shape " + i, () -> writer.writeBytes(s));
            add("unpack shape " + i, () -> msgpack.unpack(packed, Shape.class)).expected = s;
            add("pack account " + i, () -> msgpack.pack(a));
        }
        byte[] lines = shapeLines(shapes);
        byte[] mismatch = "{\"name\":1}".getBytes(StandardCharsets.UTF_8);
        for (Map.Entry<String, JsonReader> r : readers.entrySet()) {
            JsonReader reader = r.getValue();
            add("bind lines on " + r.getKey(), () -> reader.readLines(lines, Shape.class).collect(Collectors.toList()))
                    .expected = shapes;
            add("bind mismatch on " + r.getKey(), () -> reader.read(mismatch, Shape.class)).expected =
                    new Failure("json", "TYPE_MISMATCH", 8);
        }
    }

    /** @return the value of a valid document (read by the first reader), or null for an invalid one */
    private Object parseOrNull(byte[] json) {
        try {
            return readers.values().iterator().next().parse(json);
        } catch (JsonParseException e) {
            return null;
        }
    }

    private byte[] shapeLines(List<Shape> shapes) {
        StringBuilder sb = new StringBuilder();
        for (Shape s : shapes) {
            sb.append(writer.write(s)).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private void addLines(List<Path> ndjson) throws IOException {
        for (Path p : ndjson) {
            byte[] lines = Files.readAllBytes(p);
            byte[] broken = lines.clone();
            int cut = lines.length / 2;
            while (broken[cut] != '\n') {
                cut++;
            }
            broken[cut + 1] = ']'; // the first byte of a line in the middle
            for (Map.Entry<String, JsonReader> r : readers.entrySet()) {
                JsonReader reader = r.getValue();
                String at = p.getFileName() + " on " + r.getKey();
                String group = "lines " + p.getFileName();
                add("lines " + at, () -> reader.readLines(lines).collect(Collectors.toList())).group = group;
                add("parallel lines " + at, () -> reader.lines().parallel(2).read(lines).collect(Collectors.toList()))
                        .group = group;
                int where = cut + 1;
                add("broken lines " + at, () -> reader.readLines(broken).collect(Collectors.toList())).expected =
                        new Failure("json", "SYNTAX", where);
            }
        }
    }

    private void addMessagePackAttacks() {
        byte[] hugeArray = {(byte) 0xdd, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        byte[] hugeMap = {(byte) 0xdf, (byte) 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        byte[] hugeStr = {(byte) 0xdb, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xf0, 'a'};
        byte[] deepPack = new byte[DEPTH + 2];
        java.util.Arrays.fill(deepPack, (byte) 0x91);
        deepPack[DEPTH + 1] = 1;
        add("msgpack huge array header", () -> msgpack.unpack(hugeArray));
        add("msgpack huge map header", () -> msgpack.unpack(hugeMap));
        add("msgpack huge str header", () -> msgpack.unpack(hugeStr));
        add("msgpack too deep", () -> msgpack.unpack(deepPack)).expected = new Failure("msgpack", "LIMIT_EXCEEDED", DEPTH);
        add("msgpack 0xc1", () -> msgpack.unpack(new byte[] {(byte) 0xc1})).expected =
                new Failure("msgpack", "INVALID_FORMAT", 0);
    }

    private static Shape shape(SplittableRandom rnd, int i) {
        List<Point> points = new ArrayList<>();
        for (int j = rnd.nextInt(30); j >= 0; j--) {
            points.add(new Point(rnd.nextInt(), rnd.nextInt(-5, 5)));
        }
        Map<String, Double> attrs = new LinkedHashMap<>();
        for (int j = rnd.nextInt(8); j >= 0; j--) {
            attrs.put("a" + rnd.nextInt(100), rnd.nextDouble() * Math.pow(10, rnd.nextInt(-20, 20)));
        }
        return new Shape("shape \u2603 " + i, points, attrs, i % 3 == 0 ? Optional.empty() : Optional.of("n" + i), rnd.nextLong());
    }

    static byte[] largeArray(int n) {
        StringBuilder sb = new StringBuilder(n * 8).append('[');
        SplittableRandom rnd = new SplittableRandom(n);
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",");
            switch (i % 4) {
                case 0 -> sb.append(rnd.nextInt());
                case 1 -> sb.append(rnd.nextDouble());
                case 2 -> sb.append("\"s").append(i).append('"');
                default -> sb.append(i % 8 == 3 ? "true" : "null");
            }
        }
        return sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] deep(int levels) {
        return ("[".repeat(levels) + "1" + "]".repeat(levels)).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] deepObject(int levels) {
        return ("{\"k\":".repeat(levels - 1) + "{}" + "}".repeat(levels - 1)).getBytes(StandardCharsets.UTF_8);
    }

    private static Object nestedLists(int levels) {
        Object v = 1L;
        for (int i = 0; i < levels; i++) {
            v = List.of(v);
        }
        return v;
    }

    /** @return the cases (for the test's counts) */
    List<Case> cases() {
        return Collections.unmodifiableList(cases);
    }

    /**
     * Runs every case alone on this thread. A case whose expected outcome was given (a hand-made
     * invalid input, a bound model) must give exactly that; the others keep what they gave.
     *
     * @return the cases whose outcome was not the one given
     */
    List<String> prepare() {
        List<String> wrong = new ArrayList<>();
        Map<String, Object> firstOfGroup = new java.util.HashMap<>();
        for (Case c : cases) {
            Object got = c.outcome();
            if (c.expected != null && !c.expected.equals(got)) {
                wrong.add(c.name + ": expected " + brief(c.expected) + ", got " + brief(got));
            }
            if (c.group != null) {
                Object first = firstOfGroup.putIfAbsent(c.group, got);
                got = first != null && first.equals(got) ? first : got; // one copy of a value all backends give
            }
            c.expected = got;
        }
        return wrong;
    }

    /**
     * Runs random cases on {@code threads} threads for {@code seconds} seconds; call {@link #prepare} first.
     *
     * @param threads the worker threads
     * @param seconds how long the workers run (after each has run every case once)
     * @return what was measured
     * @throws InterruptedException when interrupted while waiting for the workers
     */
    Report run(int threads, double seconds) throws InterruptedException {
        long heapBefore = heapInUse();
        long start = System.nanoTime();
        List<String> mismatches = Collections.synchronizedList(new ArrayList<>());
        AtomicLong calls = new AtomicLong();
        AtomicLong maxTape = new AtomicLong();
        AtomicReference<Throwable> crash = new AtomicReference<>();
        CountDownLatch warm = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        CountDownLatch exit = new CountDownLatch(1);
        long[] deadline = new long[1];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int seed = t;
            Thread w = new Thread(() -> {
                try {
                    SplittableRandom rnd = new SplittableRandom(seed * 7919L + 1);
                    List<Case> order = new ArrayList<>(cases);
                    Collections.shuffle(order, new java.util.Random(seed));
                    for (Case c : order) {
                        check(c, mismatches, calls);
                    }
                    warm.countDown();
                    go.await();
                    while (System.nanoTime() < deadline[0]) {
                        check(cases.get(rnd.nextInt(cases.size())), mismatches, calls);
                    }
                    Tape tape = ArrayDocuments.TAPES.acquire(); // this thread's pooled tape, as the last parse left it
                    maxTape.accumulateAndGet(tape.entries.length, Math::max);
                    TapePool.release(tape);
                    done.countDown();
                    exit.await();
                } catch (Throwable e) {
                    crash.compareAndSet(null, e);
                    warm.countDown();
                    done.countDown();
                }
            }, "stress-" + t);
            w.setDaemon(true);
            workers.add(w);
            w.start();
        }
        warm.await();
        double warmSeconds = (System.nanoTime() - start) / 1e9;
        long heapWarm = heapInUse();
        deadline[0] = System.nanoTime() + (long) (seconds * 1e9);
        go.countDown();
        done.await();
        long heapEnd = heapInUse();
        exit.countDown();
        for (Thread w : workers) {
            w.join();
        }
        long heapAfter = heapInUse();
        if (crash.get() != null) {
            throw new AssertionError("a worker failed", crash.get());
        }
        return new Report(calls.get(), mismatches, heapBefore, heapWarm, heapEnd, heapAfter, cases.size(), maxTape.get(),
                warmSeconds);
    }

    private static void check(Case c, List<String> mismatches, AtomicLong calls) {
        Object got = c.outcome();
        calls.incrementAndGet();
        if (!c.expected.equals(got) && mismatches.size() < 20) {
            mismatches.add(Thread.currentThread().getName() + " " + c.name + ": expected " + brief(c.expected)
                    + ", got " + brief(got));
        }
    }

    private static String brief(Object o) {
        String s = String.valueOf(o);
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    /** @return heap bytes in use after a few full collections (until the figure stops falling) */
    static long heapInUse() throws InterruptedException {
        java.lang.management.MemoryMXBean mx = ManagementFactory.getMemoryMXBean();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            long used = mx.getHeapMemoryUsage().getUsed();
            if (used >= best - (1 << 20) && i >= 2) {
                return Math.min(best, used);
            }
            best = Math.min(best, used);
        }
        return best;
    }
}
