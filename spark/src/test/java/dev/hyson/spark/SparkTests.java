package dev.hyson.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hyson.internal.scan.Backends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Assumptions;

/** One {@code local[2]} SparkSession for the module's tests, and the comparisons they share. */
final class SparkTests {
    private static SparkSession spark;

    private SparkTests() {
    }

    static synchronized SparkSession spark() {
        if (spark == null) {
            spark = SparkSession.builder()
                    .master("local[2]")
                    .appName("hyson-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", "2")
                    .config("spark.sql.session.timeZone", "UTC")
                    .getOrCreate();
            Runtime.getRuntime().addShutdownHook(new Thread(spark::stop));
        }
        return spark;
    }

    /** The backends every reading test runs on: java always; native where it loads (required under CI=true). */
    static Stream<String> backends() {
        List<String> out = new ArrayList<>();
        out.add("java");
        Backends.Selection n = Backends.select("native");
        if (n.scanner != null) {
            out.add("native");
        } else if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true but the native backend is unavailable: " + n.error);
        }
        return out.stream();
    }

    /** Skips the test when ../shared is absent, with the reason. */
    static Path shared(String relative) {
        Path root = Path.of(System.getProperty("hyson.shared", "../../shared"));
        Path p = root.resolve(relative);
        Assumptions.assumeTrue(Files.exists(p), "../shared is absent: " + p + " not found");
        return p;
    }

    static DataFrameReader hyson(String backend, Map<String, String> options) {
        return spark().read().format("hyson").option("backend", backend).options(options);
    }

    static DataFrameReader json(Map<String, String> options) {
        return spark().read().options(options);
    }

    /** The rows of {@code df} as JSON texts (Spark's own writer: binary as base64, every type exact), sorted. */
    static List<String> canonical(Dataset<Row> df) {
        List<String> rows = new ArrayList<>(df.toJSON().collectAsList());
        Collections.sort(rows);
        return rows;
    }

    /** Asserts that the hyson source and spark.read.json give the same rows for {@code path} under {@code schema}. */
    static List<String> assertSameAsSpark(String backend, StructType schema, Map<String, String> options, String... paths) {
        List<String> expected = canonical(json(options).schema(schema).json(paths));
        List<String> actual = canonical(hyson(backend, options).schema(schema).load(paths));
        assertEquals(expected.size(), actual.size(), "row count");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), "row " + i + " (sorted)");
        }
        return actual;
    }
}
