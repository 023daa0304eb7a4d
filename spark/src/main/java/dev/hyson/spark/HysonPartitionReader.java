package dev.hyson.spark;

import dev.hyson.internal.scan.AutoThreshold;
import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.LineBatch;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.json.JSONOptions;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * Reads the rows of one partition: its splits' lines ({@link SplitLines}), scanned by hyson a window
 * of lines per call ({@link SplitLines#nextBatch}: one JNI call per window on the native backend) into
 * one tape, each line built into a row by {@link TapeRows}, or parsed by Spark ({@link SparkRecords})
 * when the fast path does not take it. When pushed filters are mostly decided by a short prefix of
 * each line, lines are read one by one instead, each scanned only as far as its filters need. One tape
 * and one window serve the whole partition.
 */
final class HysonPartitionReader implements PartitionReader<InternalRow> {
    private final List<FileSplit> splits;
    private final Configuration conf;
    private final ReadConfig scanConfig;
    private final Scanner scanner;
    private final boolean auto;
    private final boolean nativeBackend;
    private final TapeRows rows;
    private final SparkRecords spark;
    private final Tape tape = new Tape();
    /** The event tape a line's prefix is scanned into when pushed filters may drop the line early. */
    private final Tape prefixTape = new Tape();

    private int nextSplit;
    private InputStream in;
    private Decompressor decompressor;
    private CompressionCodec codec;
    private SplitLines lines;
    private Iterator<InternalRow> pending = Collections.emptyIterator();
    private InternalRow current;

    private long nativeLines;
    private long javaLines;
    private long sparkLines;
    private long prefixLines;
    private long countedLines;
    /**
     * Whether rows are only counted: no column is read, no filter pushed, mode PERMISSIVE. Spark's
     * {@code FailureSafeParser} then gives exactly one row for a line whose first token starts an
     * object, valid or not (a bad record is one row of nulls), so such a line is not scanned
     * ({@link #countedRow}).
     */
    private final boolean countOnly;
    /** The row of a counted line: no columns. */
    private static final InternalRow NO_COLUMNS = new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(0);
    /** The current batch of lines ({@link SplitLines#nextBatch}) and the next of its records to read. */
    private final LineBatch batch = new LineBatch();
    private int row;
    /** Lines read in this round of {@link #PREFIX_ROUND}, and those a prefix decided (or would have). */
    private int prefixTries;
    private int prefixHits;
    /** Whether lines are read one by one, each filtered on its prefix first ({@link #nextLine}). */
    private boolean perLine;
    private static final int PREFIX_ROUND = 1024;
    /** {@link #nextLine}'s answer at the split's end. */
    private static final InternalRow END = new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(0);

    HysonPartitionReader(HysonPartition partition, Configuration conf, StructType schema, ReadOptions options) {
        this(partition, conf, schema, options, List.of());
    }

    /**
     * @param filters the filters pushed into the parse, as {@code spark.read.json} pushes them into its
     *     {@code JacksonParser} (empty for none)
     */
    HysonPartitionReader(HysonPartition partition, Configuration conf, StructType schema, ReadOptions options,
            List<Filter> filters) {
        this.splits = partition.splits();
        this.conf = conf;
        this.scanConfig = options.scanConfig();
        Backends.Selection selection = options.backend();
        this.scanner = selection.scanner();
        this.auto = selection.isAuto();
        this.nativeBackend = scanner.name().equals("native");
        JSONOptions json = options.json();
        this.spark = new SparkRecords(schema, json, filters);
        this.rows = new TapeRows(schema, json.columnNameOfCorruptRecord(), json, filters, true);
        this.countOnly = schema.fields().length == 0 && filters.isEmpty() && rows.supported()
                && json.parseMode() == org.apache.spark.sql.catalyst.util.PermissiveMode$.MODULE$;
    }

    @Override
    public boolean next() throws IOException {
        while (true) {
            if (pending.hasNext()) {
                current = pending.next();
                return true;
            }
            if (row < batch.count) {
                InternalRow r = batchRow(row++);
                if (r != null) {
                    current = r;
                    return true;
                }
                continue;
            }
            if (lines == null) {
                if (!openNext()) {
                    return false;
                }
                continue;
            }
            if (!rows.supported()) {
                // every line is Spark's: nothing to scan
                if (!lines.next()) {
                    lines = null;
                    continue;
                }
                sparkLines++;
                pending = spark.parse(Arrays.copyOfRange(lines.buffer(), lines.start(), lines.end()));
                continue;
            }
            if (countOnly || perLine) {
                // line by line: counted without a scan (countOnly implies rows.supported()), or each
                // line's pushed filters asked on its prefix first
                InternalRow r = countOnly ? countedRow() : nextLine();
                if (r == END) {
                    lines = null;
                } else if (r != null) {
                    current = r;
                    return true;
                }
                continue;
            }
            row = 0;
            if (!lines.nextBatch(scanner, auto ? JavaScanner.INSTANCE : scanner, AutoThreshold.NATIVE_MIN_LENGTH,
                    scanConfig, tape, batch)) {
                lines = null;
                continue;
            }
            if (lines.lastScanner() == JavaScanner.INSTANCE) {
                javaLines += batch.count;
            } else {
                nativeLines += batch.count;
            }
        }
    }

    /**
     * The row of record {@code i} of the current batch: built from the batch's tape, dropped by a
     * pushed filter ({@code null}; no row), or parsed by Spark ({@link #pending} set, {@code null}).
     */
    private InternalRow batchRow(int i) {
        long[] rec = batch.records;
        int r = i * LineBatch.FIELDS;
        int start = (int) rec[r + LineBatch.START];
        int end = (int) rec[r + LineBatch.END];
        byte[] buf = lines.buffer();
        if (rec[r + LineBatch.ERROR_CODE] == 0) {
            InternalRow row = rows.row(tape, buf, (int) rec[r + LineBatch.ENTRY]);
            if (row == TapeRows.FILTERED) {
                // would the line's prefix have decided it? Lines mostly dropped that way are read one by
                // one for a round (nextLine), each scanned only as far as its filters need
                if (rows.prefixLength(end - start) > 0) {
                    prefixHits++;
                }
                countPrefixTry();
                return null;
            }
            countPrefixTry();
            if (row != null) {
                return row;
            }
        }
        sparkLines++;
        pending = spark.parse(Arrays.copyOfRange(buf, start, end));
        return null;
    }

    /** Ends a round of {@link #PREFIX_ROUND} batch lines: read line by line next when a prefix would decide most. */
    private void countPrefixTry() {
        if (++prefixTries == PREFIX_ROUND) {
            perLine = prefixHits * 4 >= PREFIX_ROUND;
            prefixTries = 0;
            prefixHits = 0;
        }
    }

    /**
     * Line-by-line reading, for lines whose pushed filters a prefix of each decides: the prefix is
     * scanned into an event tape and the filters asked on it; the whole line is scanned only when they
     * keep it (or cannot tell). After a round of {@link #PREFIX_ROUND} lines where fewer than a quarter
     * were dropped on a prefix, reading goes back to batches.
     *
     * @return the row, {@code null} for none (dropped, or {@link #pending} set), {@link #END} at the split's end
     */
    private InternalRow nextLine() throws IOException {
        if (!lines.next()) {
            return END;
        }
        byte[] buf = lines.buffer();
        int start = lines.start();
        int end = lines.end();
        if (start < end) {
            Scanner s = auto && end - start < AutoThreshold.NATIVE_MIN_LENGTH ? JavaScanner.INSTANCE : scanner;
            int prefix = rows.prefixLength(end - start);
            if (++prefixTries == PREFIX_ROUND) {
                perLine = prefixHits * 4 >= PREFIX_ROUND; // few dropped early: back to batches
                prefixTries = 0;
                prefixHits = 0;
            }
            if (prefix > 0) {
                Scanner ps = auto && prefix < AutoThreshold.NATIVE_MIN_LENGTH ? JavaScanner.INSTANCE : scanner;
                prefixTape.reset(0);
                prefixTape.events = true;
                prefixTape.inPlace = true; // entries point into buf (base 0)
                int rc = ps.scanWindow(buf, start, start + prefix, false, 0, scanConfig, prefixTape);
                if (rc != Scanner.WINDOW_ERROR) {
                    ps.takeWindow(prefixTape);
                    if (rows.prefixFiltered(prefixTape, buf) == TapeRows.FILTERED) {
                        prefixLines++;
                        prefixHits++;
                        return null; // a pushed filter failed within the prefix: no row, the rest unread
                    }
                }
            }
            tape.reset(end - start);
            boolean ok = s.scan(buf, start, end, scanConfig, tape);
            if (s == JavaScanner.INSTANCE) {
                javaLines++;
            } else {
                nativeLines++;
            }
            if (ok) {
                InternalRow row = rows.row(tape, buf, 0);
                if (row == TapeRows.FILTERED) {
                    return null; // a pushed filter failed: no row, as spark.read.json gives none
                }
                if (row != null) {
                    return row;
                }
            }
        }
        sparkLines++;
        pending = spark.parse(Arrays.copyOfRange(buf, start, end));
        return null;
    }

    /**
     * The next line when rows are only counted ({@link #countOnly}): a line whose first byte after
     * JSON whitespace is <code>'{'</code> is one row whatever follows (Jackson's first token is
     * START_OBJECT, and the line's row, or its bad record's row of nulls in PERMISSIVE mode, is one
     * row); any other line (blank, an array, which may give several rows, a scalar) is Spark's.
     *
     * @return {@link #NO_COLUMNS}, {@code null} for a line given to Spark ({@link #pending} set), or
     *     {@link #END} at the split's end
     */
    private InternalRow countedRow() throws IOException {
        if (!lines.next()) {
            return END;
        }
        byte[] buf = lines.buffer();
        int start = lines.start();
        int end = lines.end();
        int i = start;
        while (i < end && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n')) {
            i++;
        }
        if (i < end && buf[i] == '{') {
            countedLines++;
            return NO_COLUMNS;
        }
        sparkLines++;
        pending = spark.parse(Arrays.copyOfRange(buf, start, end));
        return null;
    }

    private boolean openNext() throws IOException {
        closeStream();
        if (nextSplit >= splits.size()) {
            return false;
        }
        FileSplit split = splits.get(nextSplit++);
        Path path = new Path(split.path());
        FSDataInputStream raw = open(path);
        if (split.length() < 0) {
            codec = new CompressionCodecFactory(conf).getCodec(path);
            if (codec != null) {
                decompressor = CodecPool.getDecompressor(codec);
                in = codec.createInputStream(raw, decompressor);
            } else {
                in = raw;
            }
            lines = new SplitLines(in, 0, Long.MAX_VALUE);
        } else {
            raw.seek(split.start());
            in = raw;
            lines = new SplitLines(in, split.start(), split.end());
        }
        return true;
    }

    /**
     * Opens {@code path}; a local file without a checksum file is read through the raw local file
     * system in large reads (the checksummed one reads 512-byte chunks to verify a checksum that is
     * not there). A file with a {@code .crc} beside it is read, and verified, as Spark reads it.
     */
    private FSDataInputStream open(Path path) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        if (fs instanceof ChecksumFileSystem checked && !checked.exists(checked.getChecksumFile(path))) {
            return checked.getRawFileSystem().open(path, 1 << 16);
        }
        return fs.open(path, 1 << 16);
    }

    private void closeStream() throws IOException {
        lines = null;
        try {
            if (in != null) {
                in.close();
            }
        } finally {
            in = null;
            if (decompressor != null) {
                CodecPool.returnDecompressor(decompressor);
                decompressor = null;
            }
        }
    }

    @Override
    public InternalRow get() {
        return current;
    }

    /**
     * Spark asks for these every 100 rows: the same objects every time, each reading its
     * counter when Spark reads it, so asking allocates nothing.
     */
    private final CustomTaskMetric[] metrics = {
        HysonMetrics.task(HysonMetrics.NATIVE_LINES, () -> nativeLines),
        HysonMetrics.task(HysonMetrics.JAVA_LINES, () -> javaLines),
        HysonMetrics.task(HysonMetrics.SPARK_LINES, () -> sparkLines),
        HysonMetrics.task(HysonMetrics.PREFIX_LINES, () -> prefixLines),
        HysonMetrics.task(HysonMetrics.COUNTED_LINES, () -> countedLines),
    };

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return metrics;
    }

    @Override
    public void close() throws IOException {
        closeStream();
        scanner.release(tape);
        tape.nativeContext = null;
    }

    /** @return whether this reader's scanner is the native one */
    boolean nativeBackend() {
        return nativeBackend;
    }

    static UncheckedIOException unchecked(IOException e) {
        return new UncheckedIOException(e);
    }
}
