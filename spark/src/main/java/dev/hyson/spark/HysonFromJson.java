package dev.hyson.spark;

import dev.hyson.internal.scan.AutoThreshold;
import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.analysis.TypeCheckResult;
import org.apache.spark.sql.catalyst.expressions.ExprUtils;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenFallback;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.catalyst.expressions.json.JsonToStructsEvaluator;
import org.apache.spark.sql.catalyst.json.JSONOptions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The Catalyst expression behind {@code hyson_from_json(json, schema[, options])}: Spark's
 * {@code from_json} ({@code JsonToStructs}) with hyson's scanner in front. Each input is scanned into
 * a tape and, for a struct schema, the row is built from the tape as the {@code hyson} source builds
 * it ({@link TapeRows}); any input the fast path does not take (invalid JSON, a root that is not an
 * object, a lenient conversion, an array or map schema) is evaluated by Spark's own
 * {@code JsonToStructsEvaluator} with the same options, so the result is {@code from_json}'s in every
 * case: null for a null input, Spark's row of nulls (or the corrupt-record column) for a malformed one
 * in {@code PERMISSIVE} mode, Spark's exception in {@code FAILFAST} mode.
 *
 * <p>The input is a string column (UTF-8, as Spark holds it) or a binary column (its bytes read as
 * UTF-8; Spark's {@code from_json} takes strings only). Interpreted, not code-generated
 * ({@link CodegenFallback}). Like Spark's expressions it keeps per-instance state (the tape), so one
 * instance is evaluated by one thread at a time, which is how Spark runs expressions (each task has
 * its own copy).
 */
final class HysonFromJson extends Expression implements CodegenFallback, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final Expression child;
    private final DataType schema;
    private final Map<String, String> options;
    private final String timeZone;
    private final String defaultCorruptColumn;

    private transient TapeRows rows;
    private transient ReadConfig scanConfig;
    private transient Scanner scanner;
    private transient boolean auto;
    private transient Tape tape;
    private transient JsonToStructsEvaluator spark;
    /** Inputs this instance built from the tape, and inputs it handed to Spark's evaluator. */
    transient long fastRows;
    transient long sparkRows;

    /**
     * @param child the JSON input: a string or binary expression
     * @param schema the result type: a struct, array, map or variant type (made nullable, as Spark does)
     * @param options Spark's JSON options (keys as given), plus hyson's {@code backend}
     * @param timeZone the session's time zone, for timestamps without one
     * @param defaultCorruptColumn {@code spark.sql.columnNameOfCorruptRecord}
     * @throws IllegalArgumentException for a schema that is not a struct, array, map or variant, or an
     *     unknown {@code backend} (a mode other than {@code PERMISSIVE} and {@code FAILFAST} fails as
     *     {@code from_json} fails: at the first non-null input)
     */
    HysonFromJson(Expression child, DataType schema, Map<String, String> options, String timeZone, String defaultCorruptColumn) {
        this.child = child;
        this.schema = schema.asNullable();
        this.options = Map.copyOf(options);
        this.timeZone = timeZone;
        this.defaultCorruptColumn = defaultCorruptColumn;
        if (!(schema instanceof StructType || schema instanceof ArrayType || schema instanceof MapType
                || schema instanceof VariantType)) {
            throw new IllegalArgumentException("hyson_from_json: the schema must be a struct, array, map or variant type, not "
                    + schema.catalogString());
        }
        // a mode from_json does not take (DROPMALFORMED) or a corrupt-record column that is not a nullable
        // string fails as from_json fails: at the first non-null input, with Spark's error
        new ReadOptions(options, timeZone, defaultCorruptColumn); // rejects a bad backend name now
    }

    private JSONOptions jsonOptions() {
        return new JSONOptions(ReadOptions.scalaMap(options), timeZone, defaultCorruptColumn);
    }

    /** @return the JSON input */
    Expression child() {
        return child;
    }

    @Override
    public scala.collection.immutable.Seq<Expression> children() {
        return scala.jdk.javaapi.CollectionConverters.asScala(java.util.List.of(child)).toList();
    }

    @Override
    public Object eval(InternalRow input) {
        Object value = child.eval(input);
        return value == null ? null : nullSafeEval(value);
    }

    @Override
    public DataType dataType() {
        return schema;
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public String prettyName() {
        return "hyson_from_json";
    }

    @Override
    public TypeCheckResult checkInputDataTypes() {
        DataType t = child.dataType();
        if (t instanceof StringType || t instanceof BinaryType) {
            return ExprUtils.checkJsonSchema(schema); // from_json's check: map keys must be strings
        }
        return new TypeCheckResult.TypeCheckFailure("hyson_from_json takes a string or binary column, not "
                + t.catalogString());
    }

    private void init() {
        JSONOptions json = jsonOptions();
        ReadOptions read = new ReadOptions(options, timeZone, defaultCorruptColumn);
        String corrupt = json.columnNameOfCorruptRecord();
        spark = JsonToStructsEvaluator.apply(ReadOptions.scalaMap(options), schema, corrupt, scala.Option.apply(timeZone),
                false);
        String mode = json.parseMode().name();
        boolean sparkChecks = mode.equals("PERMISSIVE") || mode.equals("FAILFAST");
        if (sparkChecks && schema instanceof StructType s) {
            try {
                SparkRecords.verifyCorruptColumn(s, corrupt);
            } catch (IllegalArgumentException e) {
                sparkChecks = false; // Spark's evaluator raises its own error for it
            }
        }
        if (sparkChecks && schema instanceof StructType s) {
            TapeRows r = new TapeRows(s, corrupt, json);
            if (r.supported()) {
                Backends.Selection selection = read.backend();
                HysonSource.logBackendOnce(read);
                scanner = selection.scanner();
                auto = selection.isAuto();
                scanConfig = read.scanConfig();
                tape = new Tape();
                rows = r;
            }
        }
    }

    /** Evaluates one non-null input: a {@code UTF8String} or a {@code byte[]}. */
    Object nullSafeEval(Object input) {
        if (spark == null) {
            init();
        }
        byte[] buf;
        int start;
        int end;
        if (input instanceof UTF8String u) {
            if (u.getBaseObject() instanceof byte[] b) {
                buf = b;
                start = (int) (u.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET);
            } else {
                buf = u.getBytes();
                start = 0;
            }
            end = start + u.numBytes();
        } else {
            buf = (byte[]) input;
            start = 0;
            end = buf.length;
        }
        if (rows != null && start < end) {
            Scanner s = scanner;
            if (auto && end - start < AutoThreshold.NATIVE_MIN_LENGTH) {
                s = JavaScanner.INSTANCE;
            }
            tape.reset(end - start);
            if (s.scan(buf, start, end, scanConfig, tape)) {
                InternalRow row = rows.row(tape, buf, 0);
                if (row != null) {
                    fastRows++;
                    return row;
                }
            }
        }
        sparkRows++;
        UTF8String text = input instanceof UTF8String u ? u : UTF8String.fromBytes((byte[]) input);
        return spark.evaluate(text);
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        return CodegenFallback.super.doGenCode(ctx, ev);
    }

    @Override
    public Expression withNewChildrenInternal(scala.collection.immutable.IndexedSeq<Expression> newChildren) {
        return new HysonFromJson(newChildren.head(), schema, options, timeZone, defaultCorruptColumn);
    }

    @Override
    public String toString() {
        return "hyson_from_json(" + child + ", " + schema.simpleString() + ")";
    }

    @Override
    public int productArity() {
        return 5;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0:
                return child;
            case 1:
                return schema;
            case 2:
                return ReadOptions.scalaMap(options);
            case 3:
                return timeZone;
            case 4:
                return defaultCorruptColumn;
            default:
                throw new IndexOutOfBoundsException(n);
        }
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof HysonFromJson;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HysonFromJson h && h.child.equals(child) && h.schema.equals(schema) && h.options.equals(options)
                && Objects.equals(h.timeZone, timeZone) && Objects.equals(h.defaultCorruptColumn, defaultCorruptColumn);
    }

    @Override
    public int hashCode() {
        return Objects.hash(child, schema, options, timeZone, defaultCorruptColumn);
    }
}
