/**
 * hyson inside Apache Spark: a DataSource V2 for JSON Lines (short name {@code hyson}) and the function
 * {@code hyson_from_json}, both giving the rows {@code spark.read.json} and {@code from_json} give.
 *
 * <p>{@code spark.read().format("hyson").schema(schema).load(paths)} reads JSON Lines files (one JSON
 * text per line, RFC 8259; lines end with LF, CR or CR LF as Hadoop's {@code LineRecordReader} splits
 * them). Each file is cut into splits at byte ranges, and each split owns the lines that start in it,
 * so a large file is read by many tasks. Files a Hadoop compression codec claims (gzip, bzip2, ...)
 * are read whole, one split each.
 *
 * <p>Each line is scanned by hyson's scanner (native where the library loads, Java otherwise) into a
 * tape, and the row is built straight from the tape: member names are matched against the schema
 * on their bytes (predicted by position from the previous line), members outside the requested
 * columns are skipped without being decoded, and strings are copied as UTF-8 bytes into
 * {@code UTF8String}s. A line that hyson's strict scanner rejects, or whose values need one of
 * Spark's lenient conversions (a number given as a string, a date in a legacy format, a value that
 * does not fit its column...), is parsed again by Spark's own {@code JacksonParser} under Spark's
 * {@code FailureSafeParser}: the result is Spark's in every mode ({@code PERMISSIVE} with
 * {@code columnNameOfCorruptRecord}, {@code DROPMALFORMED}, {@code FAILFAST}).
 *
 * <p>Spark's JSON options apply as {@code spark.read.json} applies them (modes, date and timestamp
 * formats, time zone, locale, allow* leniencies through the fallback); {@code multiLine=true},
 * {@code lineSep} and encodings other than UTF-8 are refused (the source reads UTF-8 JSON Lines
 * only). Without a schema, the schema is inferred by Spark's JSON inference over the same files
 * ({@code samplingRatio} applies), a pass with Jackson; give a schema to skip it.
 */
package dev.hyson.spark;
