package dev.hyson.spark;

import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.LineBatch;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.types.StructType;

/** One partition reader's stages run alone (for bench.ReaderStages); package access to the reader's parts. */
public final class ReaderProbe {
    private ReaderProbe() {
    }

    /**
     * @param file a JSON Lines file, read whole as one split
     * @param schema the columns
     * @param backend auto, native or java
     * @param stage lines, scan (line by line), batches (scanLines per window), rows (the partition reader, rows
     *     made unsafe) or spark (Spark's parser, rows made unsafe)
     * @return lines or rows seen
     */
    public static long run(Path file, StructType schema, String backend, String stage) throws IOException {
        ReadOptions options = new ReadOptions(Map.of("backend", backend), "UTC", "_corrupt_record");
        long n = 0;
        long sum = 0;
        switch (stage) {
            case "lines", "scan", "spark" -> {
                Scanner scanner = options.backend().scanner();
                ReadConfig cfg = options.scanConfig();
                Tape tape = new Tape();
                SparkRecords spark = new SparkRecords(schema, options.json());
                UnsafeProjection unsafe = UnsafeProjection.create(schema);
                try (InputStream in = Files.newInputStream(file)) {
                    SplitLines lines = new SplitLines(in, 0, Long.MAX_VALUE);
                    while (lines.next()) {
                        n++;
                        if (stage.equals("scan")) {
                            tape.reset(lines.end() - lines.start());
                            scanner.scan(lines.buffer(), lines.start(), lines.end(), cfg, tape);
                            sum += tape.size;
                        } else if (stage.equals("spark")) {
                            Iterator<InternalRow> rows = spark.parse(Arrays.copyOfRange(lines.buffer(), lines.start(), lines.end()));
                            while (rows.hasNext()) {
                                sum += unsafe.apply(rows.next()).getSizeInBytes();
                            }
                        } else {
                            sum += lines.end() - lines.start();
                        }
                    }
                }
            }
            case "batches" -> {
                Scanner scanner = options.backend().scanner();
                ReadConfig cfg = options.scanConfig();
                Tape tape = new Tape();
                LineBatch batch = new LineBatch();
                try (InputStream in = Files.newInputStream(file)) {
                    SplitLines lines = new SplitLines(in, 0, Long.MAX_VALUE);
                    while (lines.nextBatch(scanner, scanner, 0, cfg, tape, batch)) {
                        n += batch.count;
                        sum += tape.size;
                    }
                }
                scanner.release(tape);
            }
            case "rows" -> {
                UnsafeProjection unsafe = UnsafeProjection.create(schema);
                HysonPartition p = new HysonPartition(List.of(new FileSplit(file.toUri().toString(), 0, Files.size(file))), new String[0]);
                try (HysonPartitionReader r = new HysonPartitionReader(p, new org.apache.hadoop.conf.Configuration(), schema, options)) {
                    while (r.next()) {
                        n++;
                        sum += unsafe.apply(r.get()).getSizeInBytes();
                    }
                }
            }
            default -> throw new IllegalArgumentException(stage);
        }
        if (sum == 42) {
            System.out.print("");
        }
        return n;
    }

    /** @return the source's scan configuration (its limits, strict), for the bench package */
    public static ReadConfig scanConfig() {
        return new ReadOptions(Map.of(), "UTC", "_corrupt_record").scanConfig();
    }

    /** @return the backend the options pick here */
    public static String backend(String name) {
        return Backends.select(name).scanner().name();
    }
}
