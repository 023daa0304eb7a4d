package dev.hyson.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * What one task reads: one or more file splits, read in order.
 *
 * @param splits the splits
 * @param hosts the hosts holding the first split's bytes, for locality (may be empty)
 */
record HysonPartition(List<FileSplit> splits, String[] hosts) implements InputPartition {
    @Override
    public String[] preferredLocations() {
        return hosts.clone();
    }
}
