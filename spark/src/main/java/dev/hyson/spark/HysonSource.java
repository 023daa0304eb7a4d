package dev.hyson.spark;

import dev.hyson.Json;
import dev.hyson.internal.scan.Backends;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.catalyst.util.TypeUtils;
import org.apache.spark.sql.execution.datasources.DataSourceUtils$;
import org.apache.spark.sql.execution.datasources.json.JsonFileFormat;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.sql.util.SchemaUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code hyson} data source: JSON Lines files read with hyson's scanner, giving the rows
 * {@code spark.read.json} gives (see the package documentation).
 *
 * <pre>{@code
 * Dataset<Row> events = spark.read().format("hyson").schema(schema).load("s3a://bucket/events/");
 * }</pre>
 *
 * <p>Paths are files, directories (read recursively; names starting with {@code _} or {@code .}
 * are skipped) or Hadoop globs; partition directories ({@code key=value}) are not turned into
 * columns. Without {@code .schema(...)}, the schema is inferred by Spark's JSON inference over the
 * same files and options ({@code samplingRatio}, {@code primitivesAsString}, {@code prefersDecimal}
 * ...), so it is the schema {@code spark.read.json} infers; that pass reads the data with Jackson,
 * so give a schema when you can.
 *
 * <p>Registered through {@code META-INF/services/org.apache.spark.sql.sources.DataSourceRegister};
 * Spark creates one instance per use. Thread-safe (stateless).
 */
public final class HysonSource implements TableProvider, DataSourceRegister {
    private static final Logger LOG = LoggerFactory.getLogger(HysonSource.class);
    private static final AtomicBoolean LOGGED = new AtomicBoolean();

    /** Creates the source; Spark calls this. */
    public HysonSource() {
    }

    @Override
    public String shortName() {
        return "hyson";
    }

    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }

    /**
     * Infers the schema as {@code spark.read.json} does, with Spark's own inference.
     *
     * @param options the read's options, with {@code path} or {@code paths}
     * @return the schema
     * @throws IllegalArgumentException when no path is given
     */
    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        List<String> paths = paths(options.asCaseSensitiveMap());
        Map<String, String> rest = new HashMap<>(options.asCaseSensitiveMap());
        rest.keySet().removeIf(k -> k.equalsIgnoreCase("path") || k.equalsIgnoreCase("paths"));
        new ReadOptions(rest, "UTC", "_corrupt_record").checkFileOptions(); // multiLine, lineSep, bad hyson options: early
        return SparkSession.active().read().options(rest).json(paths.toArray(new String[0])).schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        if (partitioning != null && partitioning.length > 0) {
            throw new IllegalArgumentException("the hyson source has no partitioning: " + java.util.Arrays.toString(partitioning));
        }
        SQLConf conf = SQLConf.get();
        ReadOptions options = new ReadOptions(properties, conf.sessionLocalTimeZone(), conf.columnNameOfCorruptRecord());
        options.checkFileOptions();
        checkSchema(schema, conf);
        // as spark.read.json: a given schema is read as nullable (a missing or bad value is null, not a
        // NOT NULL column's 0), the corrupt-record column included
        StructType nullable = (StructType) schema.asNullable();
        return new HysonTable(paths(properties), nullable, Map.copyOf(properties));
    }

    /**
     * The checks {@code spark.read.json} makes of a schema before it reads, with Spark's own code and
     * errors: no two columns whose names are equal (case-insensitively unless
     * {@code spark.sql.caseSensitive}), only types Spark's JSON source reads, no TIME unless enabled.
     */
    static void checkSchema(StructType schema, SQLConf conf) {
        SchemaUtils.checkSchemaColumnNameDuplication(schema, conf.caseSensitiveAnalysis());
        DataSourceUtils$.MODULE$.verifySchema(new JsonFileFormat(), schema, true);
        TypeUtils.failUnsupportedDataType(schema, conf);
    }

    /** The paths of {@code load(path)} ({@code path}) or {@code load(p1, p2, ...)} ({@code paths}, a JSON array). */
    static List<String> paths(Map<String, String> options) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equalsIgnoreCase("path")) {
                out.add(e.getValue());
            } else if (e.getKey().equalsIgnoreCase("paths")) {
                Object parsed = Json.parse(e.getValue());
                if (!(parsed instanceof List<?> list)) {
                    throw new IllegalArgumentException("option paths is not a JSON array of strings: " + e.getValue());
                }
                for (Object o : list) {
                    out.add(String.valueOf(o));
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("the hyson source needs a path: spark.read().format(\"hyson\").load(path)");
        }
        return out;
    }

    /** Logs, once per JVM (driver or executor), which hyson backend reads here and why. */
    static void logBackendOnce(ReadOptions options) {
        if (LOGGED.compareAndSet(false, true)) {
            Backends.Selection s = options.backend();
            if (s.scanner == null) {
                LOG.warn("hyson-spark: backend '{}' unavailable: {}", options.backendName(), s.error);
            } else if (s.fallbackReason != null) {
                LOG.info("hyson-spark: backend {} ({}); native not in use: {}", s.scanner.name(), s.scanner.kernel(),
                        s.fallbackReason);
            } else {
                LOG.info("hyson-spark: backend {} (kernel {})", s.scanner.name(), s.scanner.kernel());
            }
        }
    }
}
