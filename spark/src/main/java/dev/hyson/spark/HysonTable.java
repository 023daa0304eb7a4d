package dev.hyson.spark;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** JSON Lines files as a table that can be read in batches, with column pruning. */
final class HysonTable implements SupportsRead {
    private final List<String> paths;
    private final StructType schema;
    private final ReadOptions options;
    private final Map<String, String> rawOptions;

    HysonTable(List<String> paths, StructType schema, ReadOptions options, Map<String, String> rawOptions) {
        this.paths = paths;
        this.schema = schema;
        this.options = options;
        this.rawOptions = rawOptions;
    }

    @Override
    public String name() {
        return "hyson " + String.join(", ", paths);
    }

    @SuppressWarnings("deprecation")
    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        return new Builder();
    }

    /** Takes the columns a query needs; Spark calls {@link #pruneColumns} before {@link #build}. */
    private final class Builder implements ScanBuilder, SupportsPushDownRequiredColumns {
        private StructType required = schema;

        @Override
        public void pruneColumns(StructType requiredSchema) {
            required = requiredSchema;
        }

        @Override
        public HysonScan build() {
            return new HysonScan(paths, required, options, rawOptions);
        }
    }
}
