package dev.hyson.spark;

import dev.hyson.internal.scan.ReadConfig;
import java.util.Map;

/** The source's scan configuration, for the bench package. */
public final class ReaderProbeConfig {
    public ReadConfig get() {
        return new ReadOptions(Map.of(), "UTC", "_corrupt_record").scanConfig();
    }
}
