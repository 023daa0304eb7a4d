package dev.hyson.spark.example;

import static org.apache.spark.sql.functions.col;

import dev.hyson.spark.HysonFunctions;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The README's Spark example, runnable: {@code bash spark/example.sh [FILE]} reads a JSON Lines file
 * (by default the bundled {@code events.jsonl}: 42 lines, one malformed and one whose price is not a
 * number) with the {@code hyson}
 * source and parses a string column with {@code hyson_from_json}.
 */
public final class ReadEvents {
    private ReadEvents() {
    }

    public static void main(String[] args) {
        String path = args.length > 0 ? args[0] : "spark/src/test/resources/events.jsonl";
        SparkSession spark = SparkSession.builder().master("local[2]").appName("hyson example")
                .config("spark.ui.enabled", "false").config("spark.sql.session.timeZone", "UTC").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");

        StructType schema = StructType.fromDDL("id BIGINT, event STRING, country STRING, price DOUBLE, ts TIMESTAMP,"
                + " tags ARRAY<STRING>, user STRUCT<name: STRING, premium: BOOLEAN>, _corrupt_record STRING");
        // cached: every column read, so every line that does not fit the schema is a corrupt record
        // (as with spark.read.json, a query reading fewer columns converts, and so checks, fewer values)
        Dataset<Row> events = spark.read().format("hyson").schema(schema).load(path).cache();
        events.groupBy("country").sum("price").orderBy("country").show();
        events.filter(col("_corrupt_record").isNotNull()).select("id", "_corrupt_record").show(false);

        // hyson_from_json: JSON held in a string column, as from_json reads it
        Dataset<Row> raw = spark.read().text(path);
        raw.select(HysonFunctions.hyson_from_json(col("value"), "id BIGINT, user STRUCT<name: STRING>").as("e"))
                .select("e.id", "e.user.name").show(3);
        HysonFunctions.register(spark);
        raw.createOrReplaceTempView("raw");
        spark.sql("SELECT hyson_from_json(value, 'event STRING').event AS event, count(*) AS n FROM raw GROUP BY 1 ORDER BY 1").show();
        spark.stop();
    }
}
