package dev.hyson.spark;

import static dev.hyson.spark.SparkTests.spark;
import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** hyson_from_json against Spark's from_json: same values for every line, mode, schema kind and backend. */
class HysonFromJsonTest {
    @TempDir
    static Path dir;
    /** Clean and messy lines (one per row, nulls included), as a string column {@code value}. */
    static Dataset<Row> lines;
    static final StructType SCHEMA = StructType.fromDDL(GeneratedLines.SCHEMA);

    @BeforeAll
    static void lines() throws IOException {
        Path messy = GeneratedLines.write(dir.resolve("messy.jsonl"), 800, 5, true, false);
        List<String> all = new ArrayList<>(Arrays.asList(new String(Files.readAllBytes(messy), StandardCharsets.UTF_8).split("\n", -1)));
        all.add(null);
        all.add("{\"s\":\"after a null\"}");
        lines = spark().createDataset(all, Encoders.STRING()).toDF("value").repartition(2).cache();
        assertTrue(lines.count() > 800);
    }

    /** Both functions over {@code lines}: rows of (input, spark's result as JSON, hyson's result as JSON). */
    private static void assertSame(Dataset<Row> input, Column expected, Column actual) {
        List<Row> rows = input.select(col("value"), functions.to_json(functions.struct(expected.as("r"))).as("e"),
                functions.to_json(functions.struct(actual.as("r"))).as("a")).collectAsList();
        int fast = 0;
        for (Row r : rows) {
            assertEquals(r.getString(1), r.getString(2), "input: " + r.getString(0));
            if (r.getString(1) != null && !r.getString(1).equals("{}")) {
                fast++;
            }
        }
        assertTrue(fast > 100, "non-null results: " + fast);
    }

    private static Map<String, String> with(String backend, String... kv) {
        Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        m.put("backend", backend);
        return m;
    }

    private static Map<String, String> without(Map<String, String> m, String key) {
        Map<String, String> c = new java.util.HashMap<>(m);
        c.remove(key);
        return c;
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void structEqualsFromJson(String backend) {
        Map<String, String> o = with(backend);
        assertSame(lines, functions.from_json(col("value"), SCHEMA, without(o, "backend")),
                HysonFunctions.hyson_from_json(col("value"), SCHEMA, o));
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void corruptColumnAndFormats(String backend) {
        StructType schema = SCHEMA.add("bad", DataTypes.StringType);
        Map<String, String> o = with(backend, "columnNameOfCorruptRecord", "bad", "timestampFormat", "yyyy-MM-dd'T'HH:mm:ss[.SSS]XXX",
                "dateFormat", "yyyy-MM-dd");
        assertSame(lines, functions.from_json(col("value"), schema, without(o, "backend")),
                HysonFunctions.hyson_from_json(col("value"), schema, o));
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void binaryInputReadsAsUtf8(String backend) {
        Map<String, String> o = with(backend);
        Dataset<Row> input = lines.withColumn("bytes", col("value").cast("binary"));
        assertSame(input, functions.from_json(col("value"), SCHEMA), HysonFunctions.hyson_from_json(col("bytes"), SCHEMA, o));
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void arrayAndMapSchemas(String backend) {
        Dataset<Row> input = spark().createDataset(List.of("[1,2,3]", "[]", "{\"a\":1}", "[1,\"x\"]", "{\"k\":7,\"j\":null}", "nope"),
                Encoders.STRING()).toDF("value");
        for (String ddl : new String[] {"ARRAY<INT>", "MAP<STRING,INT>"}) {
            DataType t = DataType.fromDDL(ddl);
            List<Row> expected = input.select(functions.to_json(functions.from_json(col("value"), t, Map.of()))).collectAsList();
            List<Row> actual = input.select(functions.to_json(HysonFunctions.hyson_from_json(col("value"), t, with(backend))))
                    .collectAsList();
            assertEquals(expected, actual, ddl);
        }
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void failFastThrowsAsFromJson(String backend) {
        Dataset<Row> bad = spark().createDataset(List.of("{\"i\":1}", "{\"i\":"), Encoders.STRING()).toDF("value");
        Exception expected = assertThrows(Exception.class,
                () -> bad.select(functions.from_json(col("value"), SCHEMA, Map.of("mode", "FAILFAST"))).collectAsList());
        Exception actual = assertThrows(Exception.class,
                () -> bad.select(HysonFunctions.hyson_from_json(col("value"), SCHEMA, with(backend, "mode", "FAILFAST")))
                        .collectAsList());
        assertTrue(HysonSourceTest.rootMessage(expected).contains("MALFORMED_RECORD_IN_PARSING"), HysonSourceTest.rootMessage(expected));
        assertTrue(HysonSourceTest.rootMessage(actual).contains("MALFORMED_RECORD_IN_PARSING"), HysonSourceTest.rootMessage(actual));
        // good lines in FAILFAST are read
        assertEquals(1, bad.limit(1).select(HysonFunctions.hyson_from_json(col("value"), SCHEMA, with(backend, "mode", "FAILFAST"))
                .getField("i")).first().getInt(0));
    }

    @ParameterizedTest
    @MethodSource("dev.hyson.spark.SparkTests#backends")
    void cleanInputTakesTheFastPath(String backend) {
        StructType schema = StructType.fromDDL("a BIGINT, b STRING, c ARRAY<DOUBLE>");
        HysonFromJson f = new HysonFromJson(org.apache.spark.sql.catalyst.expressions.Literal.create("", DataTypes.StringType),
                schema, Map.of("backend", backend), "UTC", "_corrupt_record");
        org.apache.spark.sql.catalyst.InternalRow row = (org.apache.spark.sql.catalyst.InternalRow) f.nullSafeEval(
                org.apache.spark.unsafe.types.UTF8String.fromString("{\"c\":[1.5,2],\"b\":\"caf\u00e9\",\"a\":7,\"z\":{}}"));
        assertEquals(7L, row.getLong(0));
        assertEquals("caf\u00e9", row.getUTF8String(1).toString());
        assertEquals(2.0, row.getArray(2).getDouble(1));
        assertEquals(1, f.fastRows);
        assertEquals(0, f.sparkRows);
        // a number in a string is Spark's to read (a bad record for BIGINT): all nulls, as from_json gives
        row = (org.apache.spark.sql.catalyst.InternalRow) f.nullSafeEval("{\"a\":\"7\"}".getBytes(StandardCharsets.UTF_8));
        assertTrue(row.isNullAt(0));
        assertEquals(1, f.sparkRows);
    }

    @Test
    void sqlAfterRegister() {
        SparkSession s = spark();
        HysonFunctions.register(s);
        lines.createOrReplaceTempView("hyson_lines");
        String ddl = "l BIGINT, user STRUCT<id: BIGINT, name: STRING>, tags ARRAY<STRING>";
        List<Row> expected = s.sql("SELECT to_json(from_json(value, '" + ddl + "')) FROM hyson_lines").collectAsList();
        List<Row> actual = s.sql("SELECT to_json(hyson_from_json(value, '" + ddl + "')) FROM hyson_lines").collectAsList();
        assertEquals(expected, actual);
        Row options = s.sql("SELECT hyson_from_json('{\"t\":\"03/12/2026\"}', 't DATE', map('dateFormat', 'dd/MM/yyyy')).t").first();
        assertEquals(java.sql.Date.valueOf("2026-12-03"), options.getDate(0));
        assertNull(s.sql("SELECT hyson_from_json(CAST(NULL AS STRING), 'a INT')").first().get(0));
    }

    @Test
    void clearErrors() {
        SparkSession s = spark();
        HysonFunctions.register(s);
        // DROPMALFORMED fails as from_json fails: at the first non-null input, with Spark's error
        Exception expected = assertThrows(Exception.class,
                () -> s.sql("SELECT from_json('{}', 'a INT', map('mode', 'DROPMALFORMED'))").collectAsList());
        Exception drop = assertThrows(Exception.class,
                () -> s.sql("SELECT hyson_from_json('{}', 'a INT', map('mode', 'DROPMALFORMED'))").collectAsList());
        String errorClass = expected.getMessage().replaceAll("(?s)^\\[([A-Z_.]+)\\].*", "$1");
        assertTrue(HysonSourceTest.rootMessage(drop).contains(errorClass), errorClass + " / " + HysonSourceTest.rootMessage(drop));
        assertNull(s.sql("SELECT hyson_from_json(CAST(NULL AS STRING), 'a INT', map('mode', 'DROPMALFORMED'))").first().get(0));
        Exception type = assertThrows(Exception.class, () -> s.sql("SELECT hyson_from_json(42, 'a INT')").collectAsList());
        assertTrue(HysonSourceTest.rootMessage(type).contains("string or binary"), HysonSourceTest.rootMessage(type));
        Exception args = assertThrows(Exception.class, () -> s.sql("SELECT hyson_from_json('{}')").collectAsList());
        assertTrue(HysonSourceTest.rootMessage(args).contains("2 or 3 arguments"), HysonSourceTest.rootMessage(args));
        Exception scalar = assertThrows(Exception.class, () -> s.sql("SELECT hyson_from_json('1', 'INT')").collectAsList());
        assertTrue(HysonSourceTest.rootMessage(scalar).contains("struct, array, map or variant"), HysonSourceTest.rootMessage(scalar));
    }

    @Test
    void schemasFromJsonRefusesAndVariant() {
        SparkSession s = spark();
        HysonFunctions.register(s);
        for (String ddl : new String[] {"k VARCHAR(3)", "k MAP<INT, STRING>"}) {
            Exception expected = assertThrows(Exception.class,
                    () -> s.sql("SELECT from_json('{\"k\":null}', '" + ddl + "')").collectAsList());
            Exception actual = assertThrows(Exception.class,
                    () -> s.sql("SELECT hyson_from_json('{\"k\":null}', '" + ddl + "')").collectAsList());
            String errorClass = expected.getMessage().replaceAll("(?s)^\\[([A-Z_.]+)\\].*", "$1");
            assertTrue(HysonSourceTest.rootMessage(actual).contains(errorClass), ddl + ": Spark says " + expected.getMessage()
                    + "; hyson: " + HysonSourceTest.rootMessage(actual));
        }
        for (String json : new String[] {"null", "{\"a\":[1,\"x\"]}", "1.5", "nope"}) {
            String q = "('" + json + "', 'variant'))";
            assertEquals(s.sql("SELECT to_json(from_json" + q).first().get(0), s.sql("SELECT to_json(hyson_from_json" + q).first().get(0),
                    json);
        }
        assertEquals(s.sql("SELECT to_json(from_json('{\"v\":null}', 'v VARIANT'))").first().get(0),
                s.sql("SELECT to_json(hyson_from_json('{\"v\":null}', 'v VARIANT'))").first().get(0));
    }

    @Test
    void extensionRegistersInNewSessions() {
        org.apache.spark.sql.SparkSessionExtensions ext = new org.apache.spark.sql.SparkSessionExtensions();
        new HysonSparkExtensions().apply(ext);
        org.apache.spark.sql.catalyst.analysis.SimpleFunctionRegistry registry = new org.apache.spark.sql.catalyst.analysis.SimpleFunctionRegistry();
        ext.registerFunctions(registry);
        assertTrue(registry.functionExists(org.apache.spark.sql.catalyst.analysis.FunctionRegistry$.MODULE$.builtinFunctionIdentifier("hyson_from_json")));
    }
}
