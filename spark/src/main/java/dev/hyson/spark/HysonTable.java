package dev.hyson.spark;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.catalyst.StructFilters;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.errors.QueryCompilationErrors;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** JSON Lines files as a table that can be read in batches, with column pruning and filter pushdown. */
final class HysonTable implements SupportsRead {
    private final List<String> paths;
    private final StructType schema;
    private final Map<String, String> rawOptions;

    /** The read's options are made again from {@code rawOptions} when a query is planned (the session's settings then). */
    HysonTable(List<String> paths, StructType schema, Map<String, String> rawOptions) {
        this.paths = paths;
        this.schema = schema;
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

    /** Throws Spark's own (checked) AnalysisException from a method that cannot declare it. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /**
     * Takes the filters and the columns a query needs; Spark calls {@link #pushFilters}, then
     * {@link #pruneColumns}, then {@link #build}. Filters are pushed as {@code spark.read.json}
     * pushes them into its parser ({@code spark.sql.json.filterPushdown.enabled}, the filters
     * Spark's {@code StructFilters} can evaluate, top-level columns named unquoted: {@link PushedFilters}): a row whose pushed filters fail is dropped as soon
     * as the members they read are set, the rest of its line unread. Every filter is still evaluated
     * by Spark after the scan.
     */
    private final class Builder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownFilters {
        private StructType required = schema;
        private Filter[] pushed = new Filter[0];

        @Override
        public Filter[] pushFilters(Filter[] filters) {
            pushed = SQLConf.get().jsonFilterPushDown() ? StructFilters.pushedFilters(PushedFilters.unquoted(filters), schema) : new Filter[0];
            return filters;
        }

        @Override
        public Filter[] pushedFilters() {
            return pushed.clone();
        }

        @Override
        public void pruneColumns(StructType requiredSchema) {
            // top-level columns only, each whole: spark.read.json converts a struct column whole, so a
            // member it cannot convert fails the row (FAILFAST) or makes it corrupt even when the query
            // selects only a sibling member; pruning inside structs would answer differently
            java.util.Set<String> names = java.util.Set.of(requiredSchema.fieldNames());
            required = new StructType(java.util.Arrays.stream(schema.fields()).filter(f -> names.contains(f.name()))
                    .toArray(org.apache.spark.sql.types.StructField[]::new));
        }

        @Override
        public HysonScan build() {
            // the session's settings as the query runs, not as the DataFrame was made: spark.read.json
            // reads spark.sql.session.timeZone and spark.sql.columnNameOfCorruptRecord when it plans
            SQLConf conf = SQLConf.get();
            ReadOptions options = new ReadOptions(rawOptions, conf.sessionLocalTimeZone(), conf.columnNameOfCorruptRecord());
            String corrupt = options.json().columnNameOfCorruptRecord();
            // the whole schema's corrupt-record column, on the driver, with Spark's check and error
            // (whatever the query reads), as its JSON source checks it
            org.apache.spark.sql.catalyst.expressions.ExprUtils.verifyColumnNameOfCorruptRecord(schema, corrupt);
            if (required.length() == 1 && required.fields()[0].name().equals(corrupt)) {
                // as spark.read.json: a query reading only the corrupt-record column would see no corrupt
                // record (nothing else is converted), so Spark refuses it
                throw HysonTable.<RuntimeException>sneaky(QueryCompilationErrors.queryFromRawFilesIncludeCorruptRecordColumnError());
            }
            return new HysonScan(paths, required, options, rawOptions, List.of(pushed));
        }
    }
}
