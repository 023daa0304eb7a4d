package dev.hyson.spark;

import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The counts a hyson scan reports in the Spark UI (SQL tab, the scan's node): lines each backend
 * scanned and lines handed to Spark's parser.
 */
final class HysonMetrics {
    static final String NATIVE_LINES = "hysonNativeLines";
    static final String JAVA_LINES = "hysonJavaLines";
    static final String SPARK_LINES = "hysonSparkParsedLines";
    static final String PREFIX_LINES = "hysonPrefixFilteredLines";
    static final String COUNTED_LINES = "hysonCountedLines";

    private HysonMetrics() {
    }

    /** @return the metrics a scan declares */
    static CustomMetric[] declared() {
        return new CustomMetric[] {
            new Sum(NATIVE_LINES, "lines scanned by hyson's native backend"),
            new Sum(JAVA_LINES, "lines scanned by hyson's Java backend"),
            new Sum(SPARK_LINES, "lines parsed by Spark's JacksonParser (malformed or lenient)"),
            new Sum(PREFIX_LINES, "lines dropped by a pushed filter on a prefix, the rest unscanned"),
            new Sum(COUNTED_LINES, "lines counted as one row each, unscanned (no column read, PERMISSIVE)"),
        };
    }

    /** A sum over tasks; public with a no-argument constructor because Spark instantiates it by name. */
    public static final class Sum extends CustomSumMetric {
        private final String name;
        private final String description;

        /** For Spark, which re-creates metrics by class name: a metric with no name. */
        public Sum() {
            this("", "");
        }

        Sum(String name, String description) {
            this.name = name;
            this.description = description;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return description;
        }
    }

    /**
     * @param name the metric
     * @param value its value for this task so far, read each time Spark asks
     * @return the task metric
     */
    static CustomTaskMetric task(String name, java.util.function.LongSupplier value) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long value() {
                return value.getAsLong();
            }
        };
    }
}
