package dev.hyson.spark;

import static dev.hyson.spark.SparkTests.assertSameAsSpark;
import static dev.hyson.spark.SparkTests.canonical;
import static dev.hyson.spark.SparkTests.hyson;
import static dev.hyson.spark.SparkTests.json;
import static dev.hyson.spark.SparkTests.spark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The hyson source against spark.read.json: same rows, every type, every mode, pruning, splits, both backends. */
class HysonSourceTest {
    @TempDir
    static Path dir;
    static Path clean;
    static Path messy;
    static Path crlf;
    static final StructType SCHEMA = StructType.fromDDL(GeneratedLines.SCHEMA);
    static final StructType WITH_CORRUPT = SCHEMA.add("_corrupt_record", DataTypes.StringType);

    @BeforeAll
    static void files() throws IOException {
        clean = GeneratedLines.write(dir.resolve("clean.jsonl"), 3000, 1, false, false);
        messy = GeneratedLines.write(dir.resolve("messy.jsonl"), 600, 2, true, false);
        crlf = GeneratedLines.write(dir.resolve("crlf.jsonl"), 600, 3, true, true);
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void everyTypeEqualsSparkOnCleanLines(String backend) {
        List<String> rows = assertSameAsSpark(backend, SCHEMA, Map.of(), clean.toString());
        assertEquals(3000, rows.size());
    }

    /**
     * An explicit encoding makes Spark decode each line as text (a byte order mark is not skipped, no
     * UTF-16 detection), and hidden names follow Spark's file-index rule (found by a helper's attack run).
     */
    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void explicitEncoding_andHiddenNames_asSparkReadsThem(String backend) throws IOException {
        Path enc = dir.resolve("enc-" + backend + ".jsonl");
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        b.writeBytes("{\"a\":1}\n".getBytes(StandardCharsets.UTF_8));
        b.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        b.writeBytes("{\"a\":10}\n".getBytes(StandardCharsets.UTF_8));
        b.writeBytes(new byte[] {'{', 0, '"', 0, 'a', 0, '"', 0, ':', 0, '2', 0, '}', 0, '\n'});
        b.writeBytes("[{\"a\":3},{\"a\":4}]\n{\"a\":\"\\ud800\",\"b\":\"x\"}\n".getBytes(StandardCharsets.UTF_8));
        Files.write(enc, b.toByteArray());
        StructType ab = StructType.fromDDL("a BIGINT, b STRING");
        for (Map<String, String> mode : List.of(Map.of("encoding", "UTF-8"), Map.of("encoding", "UTF-8", "mode", "DROPMALFORMED"),
                Map.of("charset", "UTF-8"))) {
            assertSameAsSpark(backend, ab, mode, enc.toString());
            assertEquals(json(mode).schema(ab).json(enc.toString()).count(), hyson(backend, mode).schema(ab).load(enc.toString()).count());
        }
        Path files = Files.createDirectories(dir.resolve("hidden-" + backend));
        Files.writeString(files.resolve("a.json"), "{\"a\":1}\n");
        Files.writeString(files.resolve("_u=1.json"), "{\"a\":2}\n");
        Files.writeString(files.resolve("c.json._COPYING_"), "{\"a\":5}\n");
        Files.writeString(files.resolve("_hidden.json"), "{\"a\":6}\n");
        Files.writeString(files.resolve(".dot.json"), "{\"a\":7}\n");
        assertSameAsSpark(backend, ab, Map.of(), files.toString());
        assertSameAsSpark(backend, ab, Map.of(), files + "/*");
    }

    /**
     * count() reads no column: under PERMISSIVE a line that starts an object is one row whatever
     * follows, and hyson counts it without a scan; every other line and mode goes the usual way.
     */
    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void countEqualsSpark_inEveryMode(String backend) throws IOException {
        Path odd = dir.resolve("odd-" + backend + ".jsonl");
        Files.write(odd, ("{\"i\":1}\n  {\"i\":2} trailing\n\t{bad\n{\n[{\"i\":3},{\"i\":4}]\n[]\n[1,2]\n7\n\"s\"\nnull\n\n   \n"
                + "{\"i\":5}{\"i\":6}\r\n\u00ef{\"i\":7}\n}\n").getBytes(StandardCharsets.UTF_8));
        for (String file : List.of(messy.toString(), crlf.toString(), odd.toString(), clean.toString())) {
            for (Map<String, String> mode : List.of(Map.<String, String>of(), Map.of("mode", "DROPMALFORMED"))) {
                if (file.equals(odd.toString())) { // (the generated files clash when inferred: "s" and "S")
                    assertEquals(json(mode).json(file).count(), hyson(backend, mode).load(file).count(), file + " " + mode);
                }
                assertEquals(json(mode).schema(SCHEMA).json(file).count(), hyson(backend, mode).schema(SCHEMA).load(file).count(),
                        file + " " + mode);
            }
            if (!file.equals(clean.toString())) {
                assertThrows(Exception.class, () -> hyson(backend, Map.of("mode", "FAILFAST")).schema(SCHEMA).load(file).count());
            }
        }
        ReadOptions options = new ReadOptions(Map.of("backend", backend), "UTC", "_corrupt_record");
        HysonPartition p = new HysonPartition(List.of(new FileSplit(odd.toUri().toString(), 0, Files.size(odd))), new String[0]);
        long rows = 0;
        long counted = -1;
        try (HysonPartitionReader r = new HysonPartitionReader(p, new org.apache.hadoop.conf.Configuration(), new StructType(),
                options)) {
            while (r.next()) {
                rows++;
            }
            for (var t : r.currentMetricsValues()) {
                if (t.name().equals(HysonMetrics.COUNTED_LINES)) {
                    counted = t.value();
                }
            }
        }
        assertEquals(json(Map.of()).json(odd.toString()).count(), rows);
        assertEquals(5, counted); // the lines whose first token starts an object
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void cleanLinesTakeTheFastPath(String backend) throws IOException {
        ReadOptions options = new ReadOptions(Map.of("backend", backend), "UTC", "_corrupt_record");
        HysonPartition p = new HysonPartition(List.of(new FileSplit(clean.toUri().toString(), 0, Files.size(clean))), new String[0]);
        long count = 0;
        try (HysonPartitionReader r = new HysonPartitionReader(p, new org.apache.hadoop.conf.Configuration(), SCHEMA, options)) {
            while (r.next()) {
                count++;
            }
            long[] m = new long[3];
            for (var t : r.currentMetricsValues()) {
                switch (t.name()) {
                    case HysonMetrics.NATIVE_LINES -> m[0] = t.value();
                    case HysonMetrics.JAVA_LINES -> m[1] = t.value();
                    default -> m[2] = t.value();
                }
            }
            assertEquals(3000, count);
            assertEquals(count, m[0] + m[1], "every line scanned once by hyson");
            assertEquals(0, m[2], "clean lines parsed by Spark's fallback");
            if (backend.equals("java")) {
                assertEquals(0, m[0]);
            } else {
                assertTrue(m[0] > 0, "native lines " + m[0]);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void permissiveWithCorruptColumn(String backend) {
        List<String> rows = assertSameAsSpark(backend, WITH_CORRUPT, Map.of("mode", "PERMISSIVE"), messy.toString());
        assertTrue(rows.stream().anyMatch(r -> r.contains("_corrupt_record")), "some corrupt records");
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void permissiveWithoutCorruptColumn(String backend) {
        assertSameAsSpark(backend, SCHEMA, Map.of(), messy.toString());
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void permissiveWithRenamedCorruptColumn(String backend) {
        StructType schema = SCHEMA.add("bad", DataTypes.StringType);
        assertSameAsSpark(backend, schema, Map.of("columnNameOfCorruptRecord", "bad"), messy.toString());
    }

    /**
     * The reader fills one row object for every line (numbers set unboxed): each consumer still sees
     * each line's own values, whether it collects, iterates locally, maps the RDD of rows, caches or
     * filters; and with the corrupt-record column first, the filters' view of the row (laid out
     * without that column) is filled beside it.
     */
    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void reusedRowsAreEachLinesOwn(String backend) {
        StructType corruptFirst = new StructType().add("_corrupt_record", DataTypes.StringType);
        for (org.apache.spark.sql.types.StructField f : SCHEMA.fields()) {
            corruptFirst = corruptFirst.add(f);
        }
        for (String condition : new String[] {"i > 0", "d > 0.5 OR flag", "_corrupt_record IS NULL AND l > 100"}) {
            assertEquals(canonical(json(Map.of()).schema(corruptFirst).json(messy.toString()).filter(condition)),
                    canonical(hyson(backend, Map.of()).schema(corruptFirst).load(messy.toString()).filter(condition)), condition);
        }
        Dataset<Row> expected = json(Map.of()).schema(SCHEMA).json(clean.toString()).select("l", "d", "flag", "s");
        Dataset<Row> actual = hyson(backend, Map.of()).schema(SCHEMA).load(clean.toString()).select("l", "d", "flag", "s");
        List<String> want = strings(expected.javaRDD().collect());
        assertEquals(want, strings(actual.javaRDD().collect()));
        List<String> iterated = new java.util.ArrayList<>();
        actual.toLocalIterator().forEachRemaining(r -> iterated.add(r.toString()));
        assertEquals(want, iterated);
        assertTrue(new java.util.HashSet<>(want).size() > 2000, "the lines differ");
        Dataset<Row> cached = actual.cache();
        try {
            assertEquals(want, strings(cached.javaRDD().collect()));
        } finally {
            cached.unpersist();
        }
    }

    private static List<String> strings(List<Row> rows) {
        return rows.stream().map(Row::toString).toList();
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void dropMalformed(String backend) {
        List<String> rows = assertSameAsSpark(backend, SCHEMA, Map.of("mode", "DROPMALFORMED"), messy.toString());
        assertTrue(rows.size() < 600 + GeneratedLines.MESSY.length, "rows dropped");
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void failFast(String backend) {
        Map<String, String> failFast = Map.of("mode", "FAILFAST");
        Exception expected = assertThrows(Exception.class, () -> json(failFast).schema(SCHEMA).json(messy.toString()).collectAsList());
        Exception actual = assertThrows(Exception.class, () -> hyson(backend, failFast).schema(SCHEMA).load(messy.toString()).collectAsList());
        assertTrue(rootMessage(expected).contains("MALFORMED_RECORD_IN_PARSING"), rootMessage(expected));
        assertTrue(rootMessage(actual).contains("MALFORMED_RECORD_IN_PARSING"), rootMessage(actual));
        // a clean file reads the same in FAILFAST
        assertSameAsSpark(backend, SCHEMA, failFast, clean.toString());
    }

    static String rootMessage(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append(" | ");
        }
        return b.toString();
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void lineEndingsLfCrCrlf(String backend) {
        assertSameAsSpark(backend, WITH_CORRUPT, Map.of(), crlf.toString());
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void splitsThatCutLines(String backend) throws IOException {
        // every split size down to 1 byte is checked on the bytes by SplitLinesTest; here Spark runs the tasks
        List<String> whole = canonical(hyson(backend, Map.of()).schema(WITH_CORRUPT).load(crlf.toString()));
        long size = Files.size(crlf);
        String split = Long.toString(size / 23 + 1);
        Dataset<Row> df = hyson(backend, Map.of("maxSplitBytes", split)).schema(WITH_CORRUPT).load(crlf.toString());
        assertEquals(23, df.rdd().getNumPartitions(), "partitions at " + split);
        assertEquals(whole, canonical(df), "maxSplitBytes " + split);
        assertSameAsSpark(backend, WITH_CORRUPT, Map.of("maxSplitBytes", Long.toString(size / 7 + 3)), crlf.toString());
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void columnPruning(String backend) {
        Dataset<Row> df = hyson(backend, Map.of()).schema(SCHEMA).load(messy.toString()).select("user", "l", "ts");
        String plan = df.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("columns: struct<l:bigint,ts:timestamp,user:struct<"), plan);
        assertFalse(plan.contains("tags:array"), "unrequested columns in the scan: " + plan);
        List<String> expected = canonical(json(Map.of()).schema(SCHEMA).json(messy.toString()).select("user", "l", "ts"));
        assertEquals(expected, canonical(df));
        // a filter and an aggregate over pruned columns
        assertEquals(json(Map.of()).schema(SCHEMA).json(clean.toString()).filter("i > 0").groupBy("flag").count().orderBy("flag")
                .collectAsList().toString(),
                hyson(backend, Map.of()).schema(SCHEMA).load(clean.toString()).filter("i > 0").groupBy("flag").count()
                        .orderBy("flag").collectAsList().toString());
        assertEquals(json(Map.of()).schema(SCHEMA).json(clean.toString()).count(),
                hyson(backend, Map.of()).schema(SCHEMA).load(clean.toString()).count());
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void pushedFiltersAsSparkPushesThem(String backend) {
        String[] conditions = {"s = 'second'", "s = 'first'", "i > 0 AND s IS NOT NULL", "i < 0", "flag AND l > 100",
            "s IN ('plain', 'first') OR d > 1.0", "user.id > 500000", "_corrupt_record IS NOT NULL OR i = 7"};
        for (String condition : conditions) {
            for (StructType schema : new StructType[] {SCHEMA, WITH_CORRUPT}) {
                if (condition.contains("_corrupt_record") && schema == SCHEMA) {
                    continue;
                }
                Dataset<Row> actual = hyson(backend, Map.of()).schema(schema).load(messy.toString()).filter(condition);
                List<String> expected = canonical(json(Map.of()).schema(schema).json(messy.toString()).filter(condition));
                assertEquals(expected, canonical(actual), condition + " on " + schema.simpleString());
                // count() reads only the filter's columns: compared with Spark's count of the same query
                assertEquals(json(Map.of()).schema(schema).json(messy.toString()).filter(condition).count(), actual.count(), condition);
            }
        }
        // the plan names the pushed filters, and a filter Spark's JSON reader cannot push is not pushed
        String plan = hyson(backend, Map.of()).schema(SCHEMA).load(messy.toString()).filter("i > 0 AND length(s) > 3")
                .queryExecution().executedPlan().toString();
        assertTrue(plan.contains("pushed filters: [IsNotNull(i), IsNotNull(s), GreaterThan(i,0)]"), plan);
        // the duplicate-name line: Spark's pushdown drops it on the first s, so the row with s = 'second' is not there
        assertEquals(0, hyson(backend, Map.of()).schema(SCHEMA).load(messy.toString()).filter("s = 'second'").count());
        // a repeated name counted twice against a filter is a bad record to JacksonParser: the line goes to Spark
        for (String condition : new String[] {"i = 7 AND s = 'first'", "i = 7 AND s = 'second'", "i = 7"}) {
            assertEquals(json(Map.of()).schema(SCHEMA).json(messy.toString()).filter(condition).count(),
                    hyson(backend, Map.of()).schema(SCHEMA).load(messy.toString()).filter(condition).count(), condition);
        }
        // without pushdown, last wins, as spark.read.json gives it then
        spark().conf().set("spark.sql.json.filterPushdown.enabled", "false");
        try {
            assertEquals(canonical(json(Map.of()).schema(SCHEMA).json(messy.toString()).filter("s = 'second'")),
                    canonical(hyson(backend, Map.of()).schema(SCHEMA).load(messy.toString()).filter("s = 'second'")));
            assertEquals(1, hyson(backend, Map.of()).schema(SCHEMA).load(messy.toString()).filter("s = 'second'").count());
        } finally {
            spark().conf().unset("spark.sql.json.filterPushdown.enabled");
        }
    }

    /**
     * Columns whose names are not plain identifiers ({@code x y}, {@code a.b}, one with a backtick): Spark hands
     * a V2 source their filters quoted; they are pushed as {@code spark.read.json} pushes them, so FAILFAST
     * fails on the same lines (a line dropped by a pushed filter before its damage is not read further).
     */
    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void filtersOnQuotedColumnNames(String backend) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            lines.add("{\"x y\":" + (k % 7 - 3) + ",\"a.b\":" + (k % 5) + ",\"q`t\":\"v" + k + "\",\"st\":{\"m\":" + k + "},\"n\":" + k + "}");
        }
        lines.add("{\"x y\":-5,\"a.b\":-5,\"q`t\":\"zz\",\"n\": broken");
        Path file = Files.write(dir.resolve("quoted-" + backend + ".jsonl"), lines, StandardCharsets.UTF_8);
        StructType schema = StructType.fromDDL("`x y` INT, `a.b` INT, `q``t` STRING, st STRUCT<m: INT>, n INT");
        String[] conditions = {"`x y` > 0", "`a.b` = 3", "`q``t` = 'v17'", "`x y` > 0 AND `a.b` < 2", "st.m > 150 AND `x y` > 0"};
        for (String condition : conditions) {
            for (String mode : new String[] {"FAILFAST", "PERMISSIVE", "DROPMALFORMED"}) {
                List<String> expected;
                try {
                    expected = canonical(json(Map.of("mode", mode)).schema(schema).json(file.toString()).filter(condition));
                } catch (Exception sparksFailure) {
                    assertThrows(Exception.class, () -> canonical(hyson(backend, Map.of("mode", mode)).schema(schema)
                            .load(file.toString()).filter(condition)), condition + ", " + mode);
                    continue;
                }
                assertEquals(expected, canonical(hyson(backend, Map.of("mode", mode)).schema(schema).load(file.toString())
                        .filter(condition)), condition + ", " + mode);
            }
        }
        String plan = hyson(backend, Map.of()).schema(schema).load(file.toString()).filter("`x y` > 0 AND st.m > 1")
                .queryExecution().executedPlan().toString();
        assertTrue(plan.contains("pushed filters: [IsNotNull(x y), GreaterThan(x y,0)]"), plan);
        assertEquals("x y", PushedFilters.column("`x y`"));
        assertEquals("q`t", PushedFilters.column("`q``t`"));
        assertEquals(null, PushedFilters.column("st.m"));
        assertEquals(null, PushedFilters.column("`st`.m"));
        assertEquals(null, PushedFilters.column("`open"));
        assertEquals(null, PushedFilters.column("`a.b`")); // not pushed by spark.read.json either
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void filtersDecidedOnALinePrefix(String backend) throws IOException {
        // long lines whose filtered member comes early: most are dropped on a prefix, the rest unscanned
        List<String> lines = new ArrayList<>();
        java.util.Random r = new java.util.Random(9);
        String[] odd = {
            "{\"i\":-1,\"s\":\"dropped before the damage\", broken",  // Spark stops reading here too
            "{\"i\":\"12\",\"s\":\"a string for an int: Spark's bad record\",\"pad\":\"" + "p".repeat(300) + "\"}",
            "{\"i\":-1,\"i\":5,\"s\":\"a repeated filtered name\",\"pad\":\"" + "p".repeat(300) + "\"}",
            "{\"\\u0069\":-2,\"s\":\"an escaped name\",\"pad\":\"" + "p".repeat(300) + "\"}",
            "{\"s\":\"the filtered member late\",\"pad\":\"" + "p".repeat(300) + "\",\"i\":-4}",
            "  {\"i\":-6,\"s\":\"leading blanks\",\"pad\":\"" + "p".repeat(300) + "\"}",
            "{\"i\":-8}",
            "[{\"i\":-9},{\"i\":9}]",
            "{\"i\":-10,\"s\":\"bad UTF-8 later \u00e9\",\"pad\":\"" + "p".repeat(300) + "\"}",
        };
        for (int k = 0; k < 3000; k++) {
            lines.add(k % 300 == 7 ? odd[(k / 300) % odd.length]
                    : "{\"i\":" + (r.nextInt(10) - 7) + ",\"s\":\"line " + k + "\",\"pad\":\"" + "x".repeat(200 + r.nextInt(300))
                            + "\",\"l\":" + k + ",\"d\":" + r.nextDouble() + "}");
        }
        Path file = Files.write(dir.resolve("prefix-" + backend + ".jsonl"), lines, StandardCharsets.UTF_8);
        StructType schema = StructType.fromDDL("i INT, s STRING, pad STRING, l BIGINT, d DOUBLE");
        StructType withCorrupt = schema.add("_corrupt_record", DataTypes.StringType);
        for (String condition : new String[] {"i > 0", "i = -1 AND l > 100", "s = 'line 5'"}) {
            assertEquals(canonical(json(Map.of()).schema(withCorrupt).json(file.toString()).filter(condition)),
                    canonical(hyson(backend, Map.of()).schema(withCorrupt).load(file.toString()).filter(condition)), condition);
            assertEquals(json(Map.of()).schema(schema).json(file.toString()).filter(condition).count(),
                    hyson(backend, Map.of()).schema(schema).load(file.toString()).filter(condition).count(), condition);
        }
        // the reader alone, with Spark's pushed filters for "i > 0": most lines never reach a whole scan
        ReadOptions options = new ReadOptions(Map.of("backend", backend), "UTC", "_corrupt_record");
        HysonPartition p = new HysonPartition(List.of(new FileSplit(file.toUri().toString(), 0, Files.size(file))), new String[0]);
        List<org.apache.spark.sql.sources.Filter> pushed = List.of(new org.apache.spark.sql.sources.IsNotNull("i"),
                new org.apache.spark.sql.sources.GreaterThan("i", 0));
        long rows = 0;
        long prefixDropped = -1;
        try (HysonPartitionReader reader = new HysonPartitionReader(p, new org.apache.hadoop.conf.Configuration(), schema, options,
                pushed)) {
            while (reader.next()) {
                rows++;
            }
            for (var t : reader.currentMetricsValues()) {
                if (t.name().equals(HysonMetrics.PREFIX_LINES)) {
                    prefixDropped = t.value();
                }
            }
        }
        long sparkRows = json(Map.of()).schema(schema).json(file.toString()).filter("i > 0").count();
        assertTrue(rows >= sparkRows, rows + " rows before Spark's own filter, " + sparkRows + " after");
        // the first round of 1024 lines is read in batches, which shows that a prefix would decide most of
        // them; the other 1976 are read one by one, about 80% of them dropped on a prefix
        assertTrue(prefixDropped > 1400, "lines dropped on a prefix: " + prefixDropped);
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void byteOrderMarksAsHadoopDropsThem(String backend) throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        String line = "{\"s\":\"x\",\"i\":1}\n";
        byte[][] files = {
            concat(bom, line.getBytes(StandardCharsets.UTF_8), line.getBytes(StandardCharsets.UTF_8)),
            concat(bom, bom, line.getBytes(StandardCharsets.UTF_8)),
            concat(bom, "\n".getBytes(StandardCharsets.UTF_8), line.getBytes(StandardCharsets.UTF_8)),
            concat(line.getBytes(StandardCharsets.UTF_8), bom, line.getBytes(StandardCharsets.UTF_8)),
            concat(bom, "{\"s\":".getBytes(StandardCharsets.UTF_8)),
            bom,
        };
        for (int k = 0; k < files.length; k++) {
            Path f = Files.write(dir.resolve("bom-" + backend + k + ".jsonl"), files[k]);
            assertSameAsSpark(backend, WITH_CORRUPT, Map.of(), f.toString());
            // cut into splits: only the split at byte 0 drops it
            assertEquals(canonical(json(Map.of()).schema(WITH_CORRUPT).json(f.toString())),
                    canonical(hyson(backend, Map.of("maxSplitBytes", "5")).schema(WITH_CORRUPT).load(f.toString())), "file " + k);
        }
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void variantColumns(String backend) throws IOException {
        Path f = Files.write(dir.resolve("variant-" + backend + ".jsonl"), List.of("{\"i\":1,\"v\":null}", "{\"i\":2,\"v\":{\"a\":[1,\"x\"]}}",
                "{\"i\":3}", "{\"i\":4,\"v\":1.5}"), StandardCharsets.UTF_8);
        StructType schema = StructType.fromDDL("i INT, v VARIANT");
        List<String> expected = json(Map.of()).schema(schema).json(f.toString()).selectExpr("i", "to_json(v)", "v IS NULL")
                .collectAsList().stream().map(Object::toString).sorted().toList();
        List<String> actual = hyson(backend, Map.of()).schema(schema).load(f.toString()).selectExpr("i", "to_json(v)", "v IS NULL")
                .collectAsList().stream().map(Object::toString).sorted().toList();
        assertEquals(expected, actual);
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void nestedMembersAreNotPrunedAsSparkDoesNot(String backend) throws IOException {
        Path f = Files.write(dir.resolve("nested-" + backend + ".jsonl"), List.of("{\"id\":1,\"st\":{\"x\":1,\"y\":\"bad\"}}",
                "{\"id\":2,\"st\":{\"x\":2,\"y\":99999999999}}", "{\"id\":3,\"st\":{\"x\":3,\"y\":3}}"), StandardCharsets.UTF_8);
        StructType schema = StructType.fromDDL("id INT, st STRUCT<x: INT, y: INT>, _corrupt_record STRING");
        for (String mode : new String[] {"PERMISSIVE", "DROPMALFORMED"}) {
            assertEquals(json(Map.of("mode", mode)).schema(schema).json(f.toString()).selectExpr("st.x").collectAsList().toString(),
                    hyson(backend, Map.of("mode", mode)).schema(schema).load(f.toString()).selectExpr("st.x").collectAsList().toString(),
                    mode);
        }
        assertThrows(Exception.class, () -> json(Map.of("mode", "FAILFAST")).schema(schema).json(f.toString()).selectExpr("st.x")
                .collectAsList());
        assertThrows(Exception.class, () -> hyson(backend, Map.of("mode", "FAILFAST")).schema(schema).load(f.toString())
                .selectExpr("st.x").collectAsList());
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void notNullSchemasReadAsNullableAsSparkReadsThem(String backend) throws IOException {
        Path f = Files.write(dir.resolve("notnull-" + backend + ".jsonl"), List.of("{\"a\":1,\"d\":1.5,\"st\":{\"x\":1}}", "{}",
                "{\"a\":null}", "{\"a\":\"x\"}", "{\"st\":{}}", "{bad"), StandardCharsets.UTF_8);
        StructType schema = new StructType().add("a", DataTypes.IntegerType, false).add("d", DataTypes.DoubleType, false)
                .add("st", new StructType().add("x", DataTypes.IntegerType, false), false)
                .add("_corrupt_record", DataTypes.StringType, false);
        assertSameAsSpark(backend, schema, Map.of(), f.toString());
        assertEquals(json(Map.of()).schema(schema).json(f.toString()).filter("a IS NULL").count(),
                hyson(backend, Map.of()).schema(schema).load(f.toString()).filter("a IS NULL").count());
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void singleVariantColumn(String backend) throws IOException {
        Path f = Files.write(dir.resolve("single-" + backend + ".jsonl"), List.of("{\"a\":1}", "[1,2]", "{bad"), StandardCharsets.UTF_8);
        Map<String, String> o = Map.of("singleVariantColumn", "v");
        StructType schema = StructType.fromDDL("v VARIANT, _corrupt_record STRING");
        assertEquals(json(o).schema(schema).json(f.toString()).selectExpr("to_json(v)", "_corrupt_record").collectAsList().toString(),
                hyson(backend, o).schema(schema).load(f.toString()).selectExpr("to_json(v)", "_corrupt_record").collectAsList().toString());
    }

    @Test
    void schemasSparkRefuses() {
        for (String ddl : new String[] {"a INT, A INT", "t TIME", "i INT, i STRING"}) {
            StructType schema = StructType.fromDDL(ddl);
            Exception expected = assertThrows(Exception.class, () -> json(Map.of()).schema(schema).json(clean.toString()).collectAsList());
            Exception actual = assertThrows(Exception.class,
                    () -> spark().read().format("hyson").schema(schema).load(clean.toString()).collectAsList());
            String errorClass = expected.getMessage().replaceAll("(?s)^\\[([A-Z_.]+)\\].*", "$1");
            assertTrue(rootMessage(actual).contains(errorClass), ddl + ": Spark says " + expected.getMessage() + "; hyson: "
                    + rootMessage(actual));
        }
    }

    @Test
    void onlyTheCorruptColumnIsRefusedAsSparkRefusesIt() {
        Exception expected = assertThrows(Exception.class,
                () -> json(Map.of()).schema(WITH_CORRUPT).json(messy.toString()).select("_corrupt_record").collectAsList());
        Exception actual = assertThrows(Exception.class,
                () -> hyson("java", Map.of()).schema(WITH_CORRUPT).load(messy.toString()).select("_corrupt_record").collectAsList());
        assertTrue(rootMessage(expected).contains("QUERY_ONLY_CORRUPT_RECORD_COLUMN"), rootMessage(expected));
        assertTrue(rootMessage(actual).contains("QUERY_ONLY_CORRUPT_RECORD_COLUMN"), rootMessage(actual));
        // cached, every column is read and the corrupt records are there, as in Spark
        Dataset<Row> cached = hyson("java", Map.of()).schema(WITH_CORRUPT).load(messy.toString()).cache();
        Dataset<Row> sparkCached = json(Map.of()).schema(WITH_CORRUPT).json(messy.toString()).cache();
        try {
            long corrupt = sparkCached.filter("_corrupt_record IS NOT NULL").count();
            assertTrue(corrupt > 10, "corrupt records: " + corrupt);
            assertEquals(corrupt, cached.filter("_corrupt_record IS NOT NULL").count());
        } finally {
            cached.unpersist(true);
            sparkCached.unpersist(true); // later tests compare against Spark reading the file, not this cache
        }
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void gzipIsOneSplit(String backend) throws IOException {
        Path gz = GeneratedLines.gzip(crlf, dir.resolve("crlf.jsonl.gz"));
        Dataset<Row> df = hyson(backend, Map.of("maxSplitBytes", "100")).schema(WITH_CORRUPT).load(gz.toString());
        assertEquals(1, df.rdd().getNumPartitions());
        assertSameAsSpark(backend, WITH_CORRUPT, Map.of(), gz.toString());
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void corpusJsonLines(String backend) throws IOException {
        Path amazon = SparkTests.shared("corpus/amazon_cellphones.ndjson");
        // the file as it is: one array per line (Spark reads such lines through its own parser)
        // (its inferred schema is _corrupt_record alone, which Spark refuses to query from raw files)
        assertSameAsSpark(backend, StructType.fromDDL("asin STRING, _corrupt_record STRING"), Map.of(), amazon.toString());
        // and as objects, the header line's names as members: the fast path
        List<String> lines = Files.readAllLines(amazon, StandardCharsets.UTF_8);
        List<?> header = (List<?>) dev.hyson.Json.parse(lines.get(0));
        List<String> objects = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<?> values = (List<?>) dev.hyson.Json.parse(line);
            Map<String, Object> o = new java.util.LinkedHashMap<>();
            for (int k = 0; k < header.size(); k++) {
                o.put((String) header.get(k), values.get(k));
            }
            objects.add(dev.hyson.Json.write(o));
        }
        Path asObjects = Files.write(dir.resolve("amazon-objects.jsonl"), objects, StandardCharsets.UTF_8);
        StructType schema = json(Map.of()).json(asObjects.toString()).schema();
        assertEquals(792, assertSameAsSpark(backend, schema, Map.of(), asObjects.toString()).size());
    }

    @Test
    void inferredSchemaIsSparks() throws IOException {
        // Spark's own inference fails on a repeated member name (COLUMN_ALREADY_EXISTS): leave those lines out
        List<String> lines = new ArrayList<>();
        for (String l : Files.readAllLines(clean, StandardCharsets.UTF_8)) {
            if (!l.contains("repeated name") && !l.contains("\"a\":1,\"a\":2")) {
                lines.add(l);
            }
        }
        Path file = Files.write(dir.resolve("infer.jsonl"), lines, StandardCharsets.UTF_8);
        StructType expected = json(Map.of()).json(file.toString()).schema();
        assertEquals(expected, spark().read().format("hyson").load(file.toString()).schema());
        assertEquals(json(Map.of("prefersDecimal", "true", "primitivesAsString", "true")).json(file.toString()).schema(),
                spark().read().format("hyson").option("prefersDecimal", "true").option("primitivesAsString", "true")
                        .load(file.toString()).schema());
        // and reading with the inferred schema gives Spark's rows
        assertEquals(canonical(json(Map.of()).json(file.toString())),
                canonical(spark().read().format("hyson").load(file.toString())));
    }

    @Test
    void severalPathsAndDirectories() throws IOException {
        Path sub = Files.createDirectories(dir.resolve("tree/part=1"));
        Files.copy(clean, sub.resolve("a.jsonl"));
        Files.copy(messy, dir.resolve("tree/b.jsonl"));
        Files.writeString(dir.resolve("tree/_SUCCESS"), "not json");
        Files.writeString(dir.resolve("tree/.hidden.crc"), "not json");
        long rows = spark().read().format("hyson").schema(WITH_CORRUPT).load(dir.resolve("tree").toString()).count();
        assertEquals(json(Map.of()).schema(WITH_CORRUPT).json(clean.toString(), messy.toString()).count(), rows);
        assertEquals(canonical(json(Map.of()).schema(WITH_CORRUPT).json(clean.toString(), messy.toString())),
                canonical(spark().read().format("hyson").schema(WITH_CORRUPT).load(clean.toString(), messy.toString())));
    }

    /**
     * A directory's plain subdirectories and its _metadata files are not read, as spark.read.json reads
     * neither (unless recursiveFileLookup); partition directories still are (found by a differential run).
     */
    @Test
    void subdirectoriesAndMetadataFilesAsSparksFileIndexLists() throws IOException {
        Path top = Files.createDirectories(dir.resolve("listing"));
        Files.writeString(top.resolve("f.json"), "{\"a\":1}\n");
        Files.writeString(Files.createDirectories(top.resolve("sub")).resolve("g.json"), "{\"a\":2}\n");
        Files.writeString(top.resolve("_metadata"), "{\"a\":3}\n");
        Files.writeString(top.resolve("_common_metadata"), "{\"a\":4}\n");
        StructType a = StructType.fromDDL("a INT");
        for (Map<String, String> options : List.of(Map.<String, String>of(), Map.of("recursiveFileLookup", "true"))) {
            assertEquals(canonical(json(options).schema(a).json(top.toString())),
                    canonical(hyson("auto", options).schema(a).load(top.toString())), options.toString());
        }
        assertEquals(List.of("{\"a\":1}"), canonical(hyson("auto", Map.of()).schema(a).load(top.toString())));
        assertEquals(2, hyson("auto", Map.of("recursiveFileLookup", "true")).schema(a).load(top.toString()).count());
        assertEquals(0, hyson("auto", Map.of()).schema(a).load(top.resolve("_metadata").toString()).count());
    }

    /**
     * Dates and timestamps: the legacy parser's checked ParseException sends the line to Spark (it failed
     * the job), and a bad pattern fails only a read that formats such a column, as Spark's parser makes
     * its formatters on first use (found by a differential run).
     */
    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void dateFormattersAsSparkMakesThem(String backend) throws IOException {
        Path dates = Files.writeString(dir.resolve("dates-" + backend + ".jsonl"), "{\"d\":\"01/02/2020\",\"a\":1}\n{\"d\":\"2020-01-02\",\"a\":2}\n");
        StructType withCorrupt = StructType.fromDDL("d DATE, a INT, _corrupt_record STRING");
        spark().conf().set("spark.sql.legacy.timeParserPolicy", "LEGACY");
        try {
            List<String> rows = assertSameAsSpark(backend, withCorrupt, Map.of(), dates.toString());
            assertEquals(2, rows.size());
        } finally {
            spark().conf().unset("spark.sql.legacy.timeParserPolicy");
        }
        StructType onlyA = StructType.fromDDL("a INT");
        for (Map<String, String> bad : List.of(Map.of("dateFormat", "EEE, dd MMM yyyy"), Map.of("timestampFormat", "qqqqqq"))) {
            assertEquals(canonical(json(bad).schema(onlyA).json(dates.toString())),
                    canonical(hyson(backend, bad).schema(onlyA).load(dates.toString())), bad.toString());
            assertEquals(2, hyson(backend, bad).schema(onlyA).load(dates.toString()).count());
        }
    }

    /**
     * The session's time zone and corrupt-record column name are read when the query runs, not when
     * the DataFrame is made, and a corrupt-record column that is not a nullable string is Spark's
     * analysis error whatever the query reads (found by a differential run).
     */
    @Test
    void sessionSettingsAtQueryTime_andTheCorruptColumnsType() throws IOException {
        Path f = Files.writeString(dir.resolve("late.jsonl"), "{\"ts\":\"2020-01-01 10:00:00\",\"a\":1}\n{\"a\":\"x\"}\n");
        StructType schema = StructType.fromDDL("ts TIMESTAMP, a INT, bad STRING");
        Dataset<Row> expected = json(Map.of()).schema(schema).json(f.toString());
        Dataset<Row> actual = hyson("auto", Map.of()).schema(schema).load(f.toString());
        spark().conf().set("spark.sql.session.timeZone", "America/Los_Angeles");
        spark().conf().set("spark.sql.columnNameOfCorruptRecord", "bad");
        try {
            List<String> rows = canonical(actual);
            assertEquals(canonical(expected), rows);
            assertTrue(rows.toString().contains("\"bad\":\"{\\\"a\\\":\\\"x\\\"}\""), rows.toString());
            assertTrue(rows.toString().contains("2020-01-01T10:00:00.000-08:00"), rows.toString());
        } finally {
            spark().conf().unset("spark.sql.session.timeZone");
            spark().conf().unset("spark.sql.columnNameOfCorruptRecord");
        }
        StructType intCorrupt = StructType.fromDDL("a INT, _corrupt_record INT");
        for (String[] columns : new String[][] {{"a"}, {"a", "_corrupt_record"}}) {
            Exception e = assertThrows(Exception.class,
                    () -> hyson("auto", Map.of()).schema(intCorrupt).load(f.toString()).selectExpr(columns).collectAsList());
            assertTrue(e instanceof org.apache.spark.sql.AnalysisException && e.getMessage().contains("INVALID_CORRUPT_RECORD_TYPE"),
                    e.toString());
        }
    }

    @Test
    void clearErrors() {
        Exception missing = assertThrows(Exception.class,
                () -> spark().read().format("hyson").schema(SCHEMA).load(dir.resolve("nope.jsonl").toString()).count());
        assertTrue(rootMessage(missing).contains("Path does not exist"), rootMessage(missing));
        Exception multiLine = assertThrows(Exception.class,
                () -> spark().read().format("hyson").schema(SCHEMA).option("multiLine", "true").load(clean.toString()).count());
        assertTrue(rootMessage(multiLine).contains("JSON Lines only"), rootMessage(multiLine));
        Exception lineSep = assertThrows(Exception.class,
                () -> spark().read().format("hyson").schema(SCHEMA).option("lineSep", "|").load(clean.toString()).count());
        assertTrue(rootMessage(lineSep).contains("lineSep '|' is not supported"), rootMessage(lineSep));
        Exception encoding = assertThrows(Exception.class,
                () -> spark().read().format("hyson").schema(SCHEMA).option("encoding", "UTF-16LE").load(clean.toString()).count());
        assertTrue(rootMessage(encoding).contains("encoding 'UTF-16LE' is not supported"), rootMessage(encoding));
        // UTF-8 named explicitly is what the source reads anyway
        assertEquals(3000, spark().read().format("hyson").schema(SCHEMA).option("encoding", "utf-8").load(clean.toString()).count());
        Exception backend = assertThrows(Exception.class,
                () -> spark().read().format("hyson").schema(SCHEMA).option("backend", "gpu").load(clean.toString()).count());
        assertTrue(rootMessage(backend).contains("not one of auto, native, java"), rootMessage(backend));
    }
}
