package dev.hyson.spark.bench;

import dev.hyson.spark.ReaderProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.types.StructType;

/**
 * Where one partition reader's time goes, on one thread and without Spark's scheduler: the lines
 * alone, lines plus scan (line by line, or a window of lines per call: stage "batches"), plus rows of
 * every column, of 3 columns or of none (rows-0), and Spark's own parser
 * for the same rows. Arguments: a JSON Lines file (e.g. the one SparkJsonBench generates), rounds.
 */
public final class ReaderStages {
    private ReaderStages() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long size = Files.size(file);
        StructType all = StructType.fromDDL(SparkJsonBench.SCHEMA);
        StructType three = StructType.fromDDL("country STRING, price DOUBLE, rating DOUBLE");
        String backend = System.getProperty("hyson.backend", "auto");
        String[] stages = System.getProperty("stages", "lines,scan,rows-all,rows-3,spark-all,spark-3").split(",");
        for (int r = 0; r < rounds; r++) {
            for (String stage : stages) {
                StructType schema = stage.endsWith("3") ? three : stage.endsWith("0") ? new StructType() : all;
                long t0 = System.nanoTime();
                long n = ReaderProbe.run(file, schema, backend, stage.startsWith("rows") ? "rows" : stage.startsWith("spark") ? "spark" : stage);
                double s = (System.nanoTime() - t0) / 1e9;
                System.out.printf("round %d %-10s %9d rows %7.2f s %8.1f MB/s%n", r, stage, n, s, size / s / 1e6);
            }
        }
    }
}
