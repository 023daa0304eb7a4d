package dev.hyson.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.json.JSONOptions;
import org.apache.spark.sql.catalyst.json.JacksonParser;
import org.apache.spark.sql.catalyst.util.FailureSafeParser;
import org.apache.spark.sql.catalyst.util.ParseMode;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark's own reading of one record: its {@code JacksonParser} (the schema without the corrupt-record
 * column, top-level arrays read as rows) under its {@code FailureSafeParser} (the parse mode), built
 * exactly as {@code spark.read.json} builds them. Used for every line the fast path does not take,
 * so those lines get Spark's rows, corrupt records and errors. Not thread-safe.
 */
final class SparkRecords {
    private final FailureSafeParser<byte[]> parser;
    private final ParseMode mode;
    private final String corruptColumn;

    /**
     * @param schema the required columns (the corrupt-record column included when asked for)
     * @param json Spark's options
     * @throws IllegalArgumentException when the corrupt-record column is in the schema but is not a
     *     nullable string, as Spark requires
     */
    SparkRecords(StructType schema, JSONOptions json) {
        this(schema, json, java.util.List.of());
    }

    /**
     * @param schema the required columns (the corrupt-record column included when asked for)
     * @param json Spark's options
     * @param filters filters pushed into the parser, as {@code spark.read.json} pushes them
     */
    SparkRecords(StructType schema, JSONOptions json, java.util.List<Filter> filters) {
        this.mode = json.parseMode();
        this.corruptColumn = json.columnNameOfCorruptRecord();
        verifyCorruptColumn(schema, corruptColumn);
        StructType actual = actualSchema(schema, corruptColumn);
        JacksonParser raw = new JacksonParser(actual, json, true, CollectionConverters.asScala(filters).toList());
        // with an explicit encoding Spark decodes each line as text in it (CreateJacksonParser.text(enc, ...):
        // no byte order mark skipped, no UTF-16/32 detection, malformed input an error), so the same here
        java.nio.charset.Charset enc = json.encoding().isDefined() ? java.nio.charset.Charset.forName(json.encoding().get()) : null;
        scala.Function2<JsonFactory, byte[], JsonParser> create = enc == null ? SparkRecords::createParser
                : (factory, record) -> createParser(factory, record, enc);
        scala.Function1<byte[], UTF8String> literal = UTF8String::fromBytes;
        scala.Function1<byte[], scala.collection.Iterable<InternalRow>> parse = record -> raw.parse(record, create, literal);
        this.parser = new FailureSafeParser<>(parse, mode, schema, corruptColumn);
    }

    private static JsonParser createParser(JsonFactory factory, byte[] record) {
        try {
            return factory.createParser(record, 0, record.length); // as CreateJacksonParser.text does
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonParser createParser(JsonFactory factory, byte[] record, java.nio.charset.Charset enc) {
        try {
            return factory.createParser(new java.io.InputStreamReader(new java.io.ByteArrayInputStream(record), enc.newDecoder()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the schema without the corrupt-record column: what the record itself is read into */
    static StructType actualSchema(StructType schema, String corruptColumn) {
        return new StructType(java.util.Arrays.stream(schema.fields())
                .filter(f -> !f.name().equals(corruptColumn)).toArray(StructField[]::new));
    }

    /** As Spark's {@code ExprUtils.verifyColumnNameOfCorruptRecord}. */
    static void verifyCorruptColumn(StructType schema, String corruptColumn) {
        for (StructField f : schema.fields()) {
            if (f.name().equals(corruptColumn)) {
                DataType t = f.dataType();
                if (!(t instanceof org.apache.spark.sql.types.StringType) || !f.nullable()) {
                    throw new IllegalArgumentException("The field for corrupt records must be string type and nullable: "
                            + corruptColumn);
                }
            }
        }
    }

    /** @return the parse mode's name: PERMISSIVE, DROPMALFORMED or FAILFAST */
    String mode() {
        return mode.name();
    }

    /**
     * @param record one line's bytes (owned by the caller's copy)
     * @return the rows Spark gives for it: none (blank, dropped), one, or more (a top-level array)
     * @throws org.apache.spark.SparkException in FAILFAST mode on a malformed record, as Spark throws
     */
    Iterator<InternalRow> parse(byte[] record) {
        return CollectionConverters.asJava(parser.parse(record));
    }
}
