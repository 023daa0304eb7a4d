package dev.hyson.spark.bench;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/** Runs one query over the hyson source (or spark.read.json) several times, for a profiler. Arguments: file, source, query, runs. */
public final class SparkProfile {
    private SparkProfile() {
    }

    public static void main(String[] args) {
        String path = args[0];
        boolean hyson = args[1].equals("hyson");
        String query = args[2];
        int runs = Integer.parseInt(args[3]);
        SparkSession spark = SparkSession.builder().master("local[2]").appName("hyson-spark-profile")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.session.timeZone", "UTC").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        StructType schema = StructType.fromDDL(SparkJsonBench.SCHEMA);
        for (int r = 0; r < runs; r++) {
            var df = hyson ? spark.read().format("hyson").schema(schema).load(path) : spark.read().schema(schema).json(path);
            long t0 = System.nanoTime();
            Object result = switch (query) {
                case "count" -> df.count();
                case "filter" -> df.filter("event = 'purchase' and price > 500").count();
                case "group" -> df.groupBy("country", "device").agg(org.apache.spark.sql.functions.sum("price")).collectAsList().size();
                case "pruned" -> df.select("country", "price", "rating").groupBy("country")
                        .agg(org.apache.spark.sql.functions.sum("price"), org.apache.spark.sql.functions.max("rating")).collectAsList().size();
                default -> throw new IllegalArgumentException(query);
            };
            System.out.printf("%s %s run %d: %.2f s (%s)%n", args[1], query, r, (System.nanoTime() - t0) / 1e9, result);
        }
        spark.stop();
    }
}
