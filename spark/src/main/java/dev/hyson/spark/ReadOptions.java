package dev.hyson.spark;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.ReadConfig;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.catalyst.json.JSONOptions;
import org.apache.spark.sql.catalyst.json.JSONOptionsInRead;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The options of one read, as they travel from the driver to the executors: Spark's JSON options
 * (the same keys as {@code spark.read.json}, case-insensitive) plus hyson's own, the session's time
 * zone and default corrupt-record column. Immutable and serializable.
 *
 * <p>hyson's keys: {@code backend} ({@code auto}, {@code native} or {@code java}; default: the
 * {@code hyson.backend} system property of each executor, else {@code auto}) and
 * {@code maxSplitBytes} (the largest byte range of a file one task reads; default Spark's
 * {@code spark.sql.files.maxPartitionBytes} rule).
 */
final class ReadOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Options, keys lower-cased (Spark's options are case-insensitive). */
    final Map<String, String> options;
    final String timeZone;
    final String defaultCorruptColumn;

    ReadOptions(Map<String, String> raw, String timeZone, String defaultCorruptColumn) {
        Map<String, String> m = new HashMap<>();
        raw.forEach((k, v) -> m.put(k.toLowerCase(Locale.ROOT), v));
        m.remove("path");
        m.remove("paths");
        this.options = Map.copyOf(m);
        this.timeZone = timeZone;
        this.defaultCorruptColumn = defaultCorruptColumn;
        backendName();
    }

    /**
     * Refuses the options that change how a file is cut into records, which the source does not
     * implement: {@code multiLine=true}, {@code lineSep}, an {@code encoding}/{@code charset} other
     * than UTF-8.
     *
     * @throws IllegalArgumentException naming the option
     */
    void checkFileOptions() {
        String multiLine = options.get("multiline");
        if (multiLine != null && Boolean.parseBoolean(multiLine.trim())) {
            throw new IllegalArgumentException("the hyson source reads JSON Lines only: multiLine=true is not supported"
                    + " (use spark.read.json for multi-line JSON)");
        }
        String lineSep = options.get("linesep");
        if (lineSep != null) {
            throw new IllegalArgumentException("the hyson source splits lines at LF, CR and CR LF, as spark.read.json does"
                    + " without lineSep: lineSep '" + printable(lineSep) + "' is not supported (remove it, or use spark.read.json)");
        }
        for (String key : new String[] {"encoding", "charset"}) {
            String enc = options.get(key);
            if (enc != null && !enc.trim().replace("-", "").replace("_", "").equalsIgnoreCase("UTF8")) {
                throw new IllegalArgumentException("the hyson source reads UTF-8 JSON Lines: " + key + " '" + enc
                        + "' is not supported (use spark.read.json)");
            }
        }
    }

    private static String printable(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
    }

    /** @return Spark's JSON options for these, as {@code spark.read.json} builds them */
    JSONOptions json() {
        return new JSONOptionsInRead(scalaMap(options), timeZone, defaultCorruptColumn);
    }

    static scala.collection.immutable.Map<String, String> scalaMap(Map<String, String> m) {
        return scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(m));
    }

    /** @return the backend asked for: auto, native or java */
    String backendName() {
        String b = options.get("backend");
        if (b == null) {
            b = System.getProperty(Backends.PROPERTY, "auto");
        }
        b = b.trim().toLowerCase(Locale.ROOT);
        if (!b.equals("auto") && !b.equals("native") && !b.equals("java")) {
            throw new IllegalArgumentException("option backend: '" + b + "' is not one of auto, native, java");
        }
        return b;
    }

    /** @return the backend selection on this JVM (an executor's own) */
    Backends.Selection backend() {
        return Backends.select(backendName());
    }

    long maxSplitBytes(long fallback) {
        String v = options.get("maxsplitbytes");
        if (v == null) {
            return fallback;
        }
        long n = Long.parseLong(v.trim());
        if (n < 1) {
            throw new IllegalArgumentException("option maxSplitBytes must be at least 1, not " + n);
        }
        return n;
    }

    private int intOption(String key, int dflt) {
        String v = options.get(key);
        return v == null ? dflt : Integer.parseInt(v.trim());
    }

    /**
     * hyson's scan limits, each at or inside Jackson's (the {@code StreamReadConstraints} Spark sets from
     * {@code maxNestingDepth}, {@code maxNumLen}, {@code maxStringLen}): a line past one is scanned by
     * Jackson, which then decides as {@code spark.read.json} does. Duplicate names are kept (the last
     * wins, as in Spark), nothing lenient. A lone surrogate escape fails the scan, so its line is
     * Jackson's: Jackson keeps one in a value (Spark then writes '?') but rejects one in a member name,
     * even a name it only skips, which makes the line a bad record.
     */
    ReadConfig scanConfig() {
        int depth = intOption("maxnestingdepth", 1000);
        int numLen = intOption("maxnumlen", 1000);
        int strLen = intOption("maxstringlen", 20_000_000);
        return new ReadConfig(Math.max(1, depth - 1), Math.max(1, strLen - 1), Math.max(1, numLen / 2 - 1),
                Long.MAX_VALUE, DuplicateKeyPolicy.LAST_WINS, SurrogatePolicy.ERROR, false, false, false, false, false,
                false, false);
    }
}
