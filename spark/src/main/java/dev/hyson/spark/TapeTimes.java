package dev.hyson.spark;

import org.apache.spark.sql.catalyst.json.JSONOptions;
import org.apache.spark.sql.catalyst.util.DateFormatter;
import org.apache.spark.sql.catalyst.util.DateFormatter$;
import org.apache.spark.sql.catalyst.util.LegacyDateFormats$;
import org.apache.spark.sql.catalyst.util.TimestampFormatter;
import org.apache.spark.sql.catalyst.util.TimestampFormatter$;

/**
 * {@link TapeRows}' date and timestamp conversions: a string through the same {@code DateFormatter} /
 * {@code TimestampFormatter} Spark builds from the options, each made on first use as
 * {@code JacksonParser} makes them (so a bad pattern fails only a read that formats such a column).
 * Not thread-safe, as TapeRows is not.
 */
final class TapeTimes {
    private final JSONOptions json;
    private TimestampFormatter timestamps;
    private DateFormatter dates;

    TapeTimes(JSONOptions json) {
        this.json = json;
    }

    /** @return the days since the epoch of a non-empty date string, or {@link TapeRows#MISS} when Spark must answer */
    Object date(String s) {
        if (s.isEmpty()) {
            return TapeRows.MISS;
        }
        try {
            if (dates == null) {
                dates = DateFormatter$.MODULE$.apply(json.dateFormatInRead(), json.locale(),
                        LegacyDateFormats$.MODULE$.FAST_DATE_FORMAT(), true);
            }
            return dates.parse(s);
        } catch (Exception ex) {
            // a value (or a pattern) the formatter refuses, checked exceptions included (the legacy
            // formatter's ParseException): Spark's parser gives its answer
            return TapeRows.MISS;
        }
    }

    /** @return the microseconds since the epoch of a non-empty timestamp string, or {@link TapeRows#MISS} */
    Object timestamp(String s) {
        if (s.isEmpty()) {
            return TapeRows.MISS;
        }
        try {
            if (timestamps == null) {
                timestamps = TimestampFormatter$.MODULE$.apply(json.timestampFormatInRead(), json.zoneId(), json.locale(),
                        LegacyDateFormats$.MODULE$.FAST_DATE_FORMAT(), true);
            }
            return timestamps.parse(s);
        } catch (Exception ex) {
            return TapeRows.MISS;
        }
    }
}
