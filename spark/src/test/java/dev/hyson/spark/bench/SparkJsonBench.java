package dev.hyson.spark.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

/**
 * The end-to-end benchmark of issue #14 (run by {@code benchmarks/spark-1gb.sh}, not a unit test):
 * a generated JSON Lines file of 20 columns (flat and nested), read by {@code spark.read.json} and by
 * the hyson source with the same schema, in {@code local[2]}: a count, a filter and a group-by over
 * all columns' schema, a hash over all 20 columns, and a group-by reading 3 of the 20 columns. Each
 * query runs {@code runs} times per source, the sources interleaved; prints every time, the medians
 * and their ratios, and fails when the two sources' results differ. Arguments: the file (generated
 * when missing), its size in MB, runs (default 3).
 */
public final class SparkJsonBench {
    public static final String SCHEMA = "id BIGINT, user_id BIGINT, session STRING, event STRING, country STRING, device STRING,"
            + " price DOUBLE, quantity INT, discount DOUBLE, rating DOUBLE, is_member BOOLEAN, ts TIMESTAMP, url STRING,"
            + " referrer STRING, message STRING, tags ARRAY<STRING>, attrs MAP<STRING,STRING>,"
            + " geo STRUCT<lat: DOUBLE, lon: DOUBLE, city: STRING>, items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE>>,"
            + " context STRUCT<app: STRING, version: STRING, flags: STRUCT<beta: BOOLEAN, ab: STRING>>";

    private static final String[] EVENTS = {"view", "click", "purchase", "signup", "logout", "search"};
    private static final String[] COUNTRIES = {"US", "DE", "FR", "JP", "BR", "IN", "GB", "CA", "ES", "IT"};
    private static final String[] DEVICES = {"ios", "android", "web", "tv"};

    private SparkJsonBench() {
    }

    static void generate(Path file, long bytes) throws IOException {
        Random r = new Random(14);
        StringBuilder b = new StringBuilder(2048);
        long written = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            for (long id = 0; written < bytes; id++) {
                b.setLength(0);
                b.append("{\"id\":").append(id)
                        .append(",\"user_id\":").append(r.nextInt(1_000_000))
                        .append(",\"session\":\"").append(Long.toHexString(r.nextLong())).append('"')
                        .append(",\"event\":\"").append(EVENTS[r.nextInt(EVENTS.length)]).append('"')
                        .append(",\"country\":\"").append(COUNTRIES[r.nextInt(COUNTRIES.length)]).append('"')
                        .append(",\"device\":\"").append(DEVICES[r.nextInt(DEVICES.length)]).append('"')
                        .append(",\"price\":").append(r.nextInt(100_000) / 100.0)
                        .append(",\"quantity\":").append(1 + r.nextInt(9))
                        .append(",\"discount\":").append(r.nextInt(50) / 100.0)
                        .append(",\"rating\":").append(1 + r.nextInt(40) / 10.0)
                        .append(",\"is_member\":").append(r.nextBoolean())
                        .append(",\"ts\":\"2026-").append(10 + r.nextInt(3)).append('-').append(10 + r.nextInt(18))
                        .append('T').append(10 + r.nextInt(14)).append(':').append(10 + r.nextInt(50)).append(':')
                        .append(10 + r.nextInt(50)).append(".").append(100 + r.nextInt(900)).append("Z\"")
                        .append(",\"url\":\"https://shop.example.com/p/").append(r.nextInt(50_000)).append("?ref=home\"")
                        .append(",\"referrer\":").append(r.nextInt(3) == 0 ? "null" : "\"https://search.example.org/q?s=" + r.nextInt(9999) + "\"")
                        .append(",\"message\":\"").append(r.nextInt(4) == 0 ? "caf\u00e9 \\\"special\\\" offer \\u00e9" : "user did a thing on the page")
                        .append('"')
                        .append(",\"tags\":[\"t").append(r.nextInt(20)).append("\",\"t").append(r.nextInt(20)).append("\"]")
                        .append(",\"attrs\":{\"color\":\"c").append(r.nextInt(12)).append("\",\"size\":\"").append(r.nextInt(5)).append("\"}")
                        .append(",\"geo\":{\"lat\":").append(r.nextInt(180_000) / 1000.0 - 90).append(",\"lon\":")
                        .append(r.nextInt(360_000) / 1000.0 - 180).append(",\"city\":\"city").append(r.nextInt(500)).append("\"}")
                        .append(",\"items\":[");
                int items = 1 + r.nextInt(3);
                for (int k = 0; k < items; k++) {
                    b.append(k == 0 ? "" : ",").append("{\"sku\":\"SKU-").append(r.nextInt(10_000)).append("\",\"qty\":")
                            .append(1 + r.nextInt(5)).append(",\"price\":").append(r.nextInt(10_000) / 100.0).append('}');
                }
                b.append("],\"context\":{\"app\":\"shop\",\"version\":\"").append(1 + r.nextInt(5)).append('.').append(r.nextInt(10))
                        .append("\",\"flags\":{\"beta\":").append(r.nextInt(10) == 0).append(",\"ab\":\"").append((char) ('A' + r.nextInt(3)))
                        .append("\"}}}\n");
                byte[] line = b.toString().getBytes(StandardCharsets.UTF_8);
                out.write(line);
                written += line.length;
            }
        }
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        long mb = args.length > 1 ? Long.parseLong(args[1]) : 1024;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        if (!Files.exists(file) || Files.size(file) < mb * 1_000_000L) {
            long t0 = System.nanoTime();
            generate(file, mb * 1_000_000L);
            System.out.printf("generated %s: %d bytes in %.1f s%n", file, Files.size(file), (System.nanoTime() - t0) / 1e9);
        }
        SparkSession spark = SparkSession.builder().master("local[2]").appName("hyson-spark-bench")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.session.timeZone", "UTC").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        StructType schema = StructType.fromDDL(SCHEMA);
        String path = file.toString();
        Function<String, Dataset<Row>> json = backend -> spark.read().schema(schema).json(path);
        Function<String, Dataset<Row>> hyson = backend -> spark.read().format("hyson").schema(schema).load(path);
        System.out.printf("file %s, %d bytes, Spark %s, Java %s, hyson backend %s, %d runs per query and source (interleaved)%n",
                path, Files.size(file), spark.version(), System.getProperty("java.version"), dev.hyson.Json.backend(), runs);
        // warm-up: the JIT and Spark's first-query costs on a slice of the work, not timed
        json.apply(null).limit(200_000).filter("quantity > 3").count();
        hyson.apply(null).limit(200_000).filter("quantity > 3").count();
        hyson.apply(null).limit(200_000).select("country", "price", "rating").groupBy("country").count().collectAsList();

        String[] names = {"count", "filter (event = 'purchase' and price > 500)", "group-by country, device: sum, avg, count",
            "all 20 columns: sum(hash(every column))", "pruned 3/20: group-by country, sum(price), max(rating)"};
        List<Function<Dataset<Row>, Object>> queries = List.of(
                df -> df.count(),
                df -> df.filter("event = 'purchase' and price > 500").count(),
                df -> df.groupBy("country", "device").agg(functions.sum("price"), functions.avg("quantity"), functions.count("id"))
                        .collectAsList().size(),
                df -> df.selectExpr("sum(cast(hash(id, user_id, session, event, country, device, price, quantity, discount, rating,"
                        + " is_member, ts, url, referrer, message, tags, map_entries(attrs), geo, items, context) as bigint))")
                        .first().get(0),
                df -> df.select("country", "price", "rating").groupBy("country")
                        .agg(functions.sum("price"), functions.max("rating")).collectAsList().size());
        double[][] median = new double[names.length][2];
        for (int q = 0; q < names.length; q++) {
            double[][] t = new double[2][runs];
            Object[] results = new Object[2];
            for (int r = 0; r < runs; r++) {
                for (int source = 0; source < 2; source++) {
                    Dataset<Row> df = (source == 0 ? json : hyson).apply(null);
                    long t0 = System.nanoTime();
                    results[source] = queries.get(q).apply(df);
                    t[source][r] = (System.nanoTime() - t0) / 1e9;
                }
            }
            if (!String.valueOf(results[0]).equals(String.valueOf(results[1]))) {
                throw new IllegalStateException(names[q] + ": spark.read.json gave " + results[0] + ", hyson " + results[1]);
            }
            for (int source = 0; source < 2; source++) {
                Arrays.sort(t[source]);
                median[q][source] = t[source][runs / 2];
            }
            System.out.printf("  %-55s spark.read.json %s s, hyson %s s (result %s)%n", names[q], Arrays.toString(t[0]),
                    Arrays.toString(t[1]), results[1]);
        }
        System.out.println("median wall time, ratio (spark.read.json / hyson):");
        for (int q = 0; q < names.length; q++) {
            System.out.printf("  %-55s %6.2f s vs %6.2f s   %5.2fx%n", names[q], median[q][0], median[q][1],
                    median[q][0] / median[q][1]);
        }
        spark.stop();
    }
}
