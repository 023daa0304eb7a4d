package dev.hyson.spark;

import dev.hyson.internal.scan.Backends;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

/**
 * A scan of JSON Lines files: the files listed, cut into splits and packed into partitions as Spark's
 * file sources do ({@code spark.sql.files.maxPartitionBytes}, {@code openCostInBytes},
 * {@code minPartitionNum}), each partition read by a {@link HysonPartitionReader}.
 */
final class HysonScan implements Scan, Batch {
    private final List<String> paths;
    private final StructType readSchema;
    private final ReadOptions options;
    private final Map<String, String> rawOptions;
    private final List<Filter> filters;

    HysonScan(List<String> paths, StructType readSchema, ReadOptions options, Map<String, String> rawOptions,
            List<Filter> filters) {
        this.paths = paths;
        this.readSchema = readSchema;
        this.options = options;
        this.rawOptions = rawOptions;
        this.filters = filters;
    }

    @Override
    public StructType readSchema() {
        return readSchema;
    }

    @Override
    public String description() {
        Backends.Selection s = options.backend();
        String backend = s.scanner == null ? "unavailable (" + s.error + ")"
                : s.scanner.name() + " " + s.scanner.kernel() + (s.fallbackReason == null ? "" : " (" + s.fallbackReason + ")");
        return "HysonScan[backend on the driver: " + backend + ", columns: " + readSchema.catalogString()
                + (filters.isEmpty() ? "" : ", pushed filters: " + filters) + ", paths: " + paths + "]";
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return HysonMetrics.declared();
    }

    Configuration hadoopConf(SparkSession spark) {
        Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
        rawOptions.forEach((k, v) -> {
            if (v != null && !k.equalsIgnoreCase("path") && !k.equalsIgnoreCase("paths")) {
                conf.set(k, v);
            }
        });
        return conf;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        SparkSession spark = SparkSession.active();
        Configuration conf = hadoopConf(spark);
        try {
            return plan(spark, conf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private InputPartition[] plan(SparkSession spark, Configuration conf) throws IOException {
        List<FileStatus> files = new ArrayList<>();
        boolean recursive = "true".equalsIgnoreCase(options.options.get("recursivefilelookup"));
        for (String p : paths) {
            list(new Path(p), conf, files, recursive);
        }
        SQLConf sql = SQLConf.get();
        long openCost = sql.filesOpenCostInBytes();
        long total = 0;
        for (FileStatus f : files) {
            total += f.getLen() + openCost;
        }
        int minPartitions = sql.filesMinPartitionNum().isDefined() ? (Integer) sql.filesMinPartitionNum().get()
                : spark.sparkContext().defaultParallelism();
        long bytesPerCore = total / Math.max(1, minPartitions);
        long maxSplit = options.maxSplitBytes(Math.min(sql.filesMaxPartitionBytes(), Math.max(openCost, bytesPerCore)));

        CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
        List<FileSplit> splits = new ArrayList<>();
        List<String[]> hosts = new ArrayList<>();
        for (FileStatus f : files) {
            long len = f.getLen();
            if (len == 0) {
                continue;
            }
            String path = f.getPath().toString();
            if (codecs.getCodec(f.getPath()) != null) {
                splits.add(new FileSplit(path, 0, -1)); // gzip and the like: one split, read whole
                hosts.add(hosts(f, 0, len, conf));
                continue;
            }
            for (long at = 0; at < len; at += maxSplit) {
                long n = Math.min(maxSplit, len - at);
                splits.add(new FileSplit(path, at, n));
                hosts.add(hosts(f, at, n, conf));
            }
        }
        // pack as FilePartition.getFilePartitions does: largest first, a partition closes when the next split overflows it
        Integer[] order = new Integer[splits.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingLong((Integer i) -> size(splits.get(i), files)).reversed());
        List<InputPartition> partitions = new ArrayList<>();
        List<FileSplit> current = new ArrayList<>();
        String[] currentHosts = new String[0];
        long currentSize = 0;
        for (int i : order) {
            FileSplit s = splits.get(i);
            long size = size(s, files);
            if (!current.isEmpty() && currentSize + size > maxSplit) {
                partitions.add(new HysonPartition(List.copyOf(current), currentHosts));
                current.clear();
                currentSize = 0;
            }
            if (current.isEmpty()) {
                currentHosts = hosts.get(i);
            }
            current.add(s);
            currentSize += size + openCost;
        }
        if (!current.isEmpty()) {
            partitions.add(new HysonPartition(List.copyOf(current), currentHosts));
        }
        return partitions.toArray(new InputPartition[0]);
    }

    private static long size(FileSplit s, List<FileStatus> files) {
        if (s.length() >= 0) {
            return s.length();
        }
        for (FileStatus f : files) {
            if (f.getPath().toString().equals(s.path())) {
                return f.getLen();
            }
        }
        return 0;
    }

    private static String[] hosts(FileStatus f, long start, long len, Configuration conf) throws IOException {
        FileSystem fs = f.getPath().getFileSystem(conf);
        if ("file".equals(fs.getScheme())) {
            return new String[0];
        }
        BlockLocation[] blocks = fs.getFileBlockLocations(f, start, len);
        if (blocks == null || blocks.length == 0) {
            return new String[0];
        }
        return java.util.Arrays.stream(blocks[0].getHosts()).filter(h -> !h.equals("localhost")).toArray(String[]::new);
    }

    /**
     * Lists {@code p}: a file, a glob, or a directory: its files, and those of its partition
     * directories ({@code key=value}), as Spark's file index reads them (other subdirectories only
     * under {@code recursiveFileLookup}), without hidden names.
     */
    private static void list(Path p, Configuration conf, List<FileStatus> out, boolean recursive) throws IOException {
        FileSystem fs = p.getFileSystem(conf);
        FileStatus[] matched = fs.globStatus(p);
        if (matched == null || matched.length == 0) {
            throw new IllegalArgumentException("[PATH_NOT_FOUND] Path does not exist: " + p);
        }
        for (FileStatus m : matched) {
            if (!hidden(m.getPath().getName())) {
                walk(fs, m, out, recursive); // (a hidden name is skipped even when given or globbed, as Spark skips it)
            }
        }
    }

    private static void walk(FileSystem fs, FileStatus s, List<FileStatus> out, boolean recursive) throws IOException {
        if (s.isFile()) {
            out.add(s);
            return;
        }
        for (FileStatus c : fs.listStatus(s.getPath())) {
            String name = c.getPath().getName();
            if (!hidden(name) && (c.isFile() || recursive || name.contains("="))) {
                walk(fs, c, out, recursive);
            }
        }
    }

    /**
     * Spark's rule for the names its file index leaves out ({@code HadoopFSUtils.shouldFilterOutPathName}):
     * a name starting with '_' (_SUCCESS, _temporary) unless it holds '=' (a partition directory), a
     * name starting with '.' (.crc files), and one ending with "._COPYING_" (a file being copied in).
     * (That rule keeps _metadata and _common_metadata for Parquet, but the index's data files then
     * leave them out too, so spark.read.json reads neither: nor does this source.)
     */
    static boolean hidden(String name) {
        return name.startsWith("_") && !name.contains("=") || name.startsWith(".") || name.endsWith("._COPYING_");
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        SparkSession spark = SparkSession.active();
        Broadcast<SerializableConfiguration> conf = JavaSparkContext.fromSparkContext(spark.sparkContext())
                .broadcast(new SerializableConfiguration(hadoopConf(spark)));
        return new ReaderFactory(conf, readSchema, options, filters);
    }

    /** Creates the readers on the executors; serialized with the tasks. */
    static final class ReaderFactory implements PartitionReaderFactory {
        private static final long serialVersionUID = 1L;
        private final Broadcast<SerializableConfiguration> conf;
        private final StructType schema;
        private final ReadOptions options;
        private final Filter[] filters;

        ReaderFactory(Broadcast<SerializableConfiguration> conf, StructType schema, ReadOptions options, List<Filter> filters) {
            this.conf = conf;
            this.schema = schema;
            this.options = options;
            this.filters = filters.toArray(new Filter[0]);
        }

        @Override
        public PartitionReader<InternalRow> createReader(InputPartition partition) {
            HysonSource.logBackendOnce(options);
            return new HysonPartitionReader((HysonPartition) partition, conf.value().value(), schema, options, List.of(filters));
        }
    }
}
