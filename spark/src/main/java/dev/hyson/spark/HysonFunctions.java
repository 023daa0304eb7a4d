package dev.hyson.spark;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.FunctionRegistry$;
import org.apache.spark.sql.catalyst.analysis.FunctionRegistry;
import org.apache.spark.sql.catalyst.expressions.ExprUtils;
import org.apache.spark.sql.catalyst.util.CharVarcharUtils;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The SQL function {@code hyson_from_json(json, schema[, options])}: Spark's {@code from_json} with
 * hyson's scanner in front, giving {@code from_json}'s result for every input.
 *
 * <ul>
 *   <li>{@code json}: a string column, or a binary column holding UTF-8 JSON.
 *   <li>{@code schema}: a struct, array, map or variant type, as a DDL string ({@code "a INT, b STRING"}) or a
 *       JSON schema string ({@code StructType.json()}), the forms {@code from_json} takes; a struct is
 *       built from the tape (the fast path), arrays, maps and variants are read by Spark's parser.
 *   <li>{@code options}: Spark's JSON options ({@code from_json}'s: {@code mode} {@code PERMISSIVE}
 *       or {@code FAILFAST}, {@code columnNameOfCorruptRecord}, {@code timestampFormat} ...), plus
 *       hyson's {@code backend} ({@code auto}, {@code native}, {@code java}).
 * </ul>
 *
 * <p>Register it once per session, in code with {@link #register(SparkSession)} or for every session
 * with {@code spark.sql.extensions=dev.hyson.spark.HysonSparkExtensions}; the {@link Column}
 * methods here register it in the active session themselves.
 *
 * <pre>{@code
 * Dataset<Row> parsed = logs.select(HysonFunctions.hyson_from_json(col("value"), schema).as("event"));
 * spark.sql("SELECT hyson_from_json(value, 'id BIGINT, tags ARRAY<STRING>') FROM logs");
 * }</pre>
 *
 * <p>Thread-safe (static methods; registration is idempotent).
 */
public final class HysonFunctions {
    /** The function's SQL name. */
    public static final String NAME = "hyson_from_json";

    private HysonFunctions() {
    }

    /**
     * Registers {@code hyson_from_json} in {@code spark}'s function registry; does nothing when the
     * session already has it (from an earlier call or from {@link HysonSparkExtensions}).
     *
     * @param spark a classic (not Spark Connect) session
     * @throws IllegalArgumentException when {@code spark} is a Spark Connect session
     */
    public static void register(SparkSession spark) {
        if (!(spark instanceof org.apache.spark.sql.classic.SparkSession classic)) {
            throw new IllegalArgumentException("hyson_from_json needs a classic SparkSession, not " + spark.getClass().getName()
                    + " (Spark Connect clients cannot register functions)");
        }
        FunctionRegistry registry = classic.sessionState().functionRegistry();
        if (registry.functionExists(FunctionRegistry$.MODULE$.builtinFunctionIdentifier(NAME))) {
            return;
        }
        registry.registerFunction(FunctionRegistry$.MODULE$.builtinFunctionIdentifier(NAME), info(), HysonFunctions::build);
    }

    static ExpressionInfo info() {
        return new ExpressionInfo(HysonFromJson.class.getName(), null, NAME,
                "_FUNC_(jsonStr, schema[, options]) - Returns a struct value with the given `jsonStr` and `schema`,"
                        + " as from_json, scanned by hyson.",
                "\n    Arguments:\n      * jsonStr - a string or binary (UTF-8) expression holding JSON\n"
                        + "      * schema - a DDL or JSON schema string\n      * options - a map of JSON options\n",
                "\n    Examples:\n      > SELECT _FUNC_('{\"a\":1, \"b\":0.8}', 'a INT, b DOUBLE');\n       {\"a\":1,\"b\":0.8}\n  ",
                "", "json_funcs", "", "", "built-in");
    }

    /**
     * The function's builder: {@code (json, schema)} or {@code (json, schema, options)}.
     *
     * @param args the call's arguments
     * @return the expression
     * @throws IllegalArgumentException for a wrong number of arguments, a schema or options that are
     *     not constant, or an unsupported schema or mode
     */
    static Expression build(scala.collection.immutable.Seq<Expression> args) {
        List<Expression> a = CollectionConverters.asJava(args);
        if (a.size() != 2 && a.size() != 3) {
            throw new IllegalArgumentException("hyson_from_json takes 2 or 3 arguments (json, schema[, options]), not "
                    + a.size());
        }
        // from_json refuses CHAR and VARCHAR (unless spark.sql.legacy.charVarcharAsString) with this error
        DataType schema = CharVarcharUtils.failIfHasCharVarchar(ExprUtils.evalTypeExpr(a.get(1)));
        Map<String, String> options = a.size() == 3 ? new HashMap<>(CollectionConverters.asJava(ExprUtils.convertToMapData(a.get(2))))
                : Map.of();
        SQLConf conf = SQLConf.get();
        return new HysonFromJson(a.get(0), schema, options, conf.sessionLocalTimeZone(), conf.columnNameOfCorruptRecord());
    }

    /**
     * {@code from_json(json, schema)} scanned by hyson.
     *
     * @param json a string column, or a binary column of UTF-8 JSON
     * @param schema the struct to read each value into
     * @return the struct column
     */
    public static Column hyson_from_json(Column json, StructType schema) {
        return hyson_from_json(json, (DataType) schema, Map.of());
    }

    /**
     * {@code from_json(json, schema, options)} scanned by hyson.
     *
     * @param json a string column, or a binary column of UTF-8 JSON
     * @param schema a struct, array, map or variant type
     * @param options Spark's JSON options and hyson's {@code backend}
     * @return the column of {@code schema} values
     * @throws IllegalArgumentException without an active classic session
     */
    public static Column hyson_from_json(Column json, DataType schema, Map<String, String> options) {
        register(SparkSession.active());
        Column[] kv = new Column[options.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> e : options.entrySet()) {
            kv[i++] = functions.lit(e.getKey());
            kv[i++] = functions.lit(e.getValue());
        }
        Column schemaText = functions.lit(schema.json());
        return options.isEmpty() ? functions.call_function(NAME, json, schemaText)
                : functions.call_function(NAME, json, schemaText, functions.map(kv));
    }

    /**
     * {@code from_json(json, ddl)} scanned by hyson.
     *
     * @param json a string column, or a binary column of UTF-8 JSON
     * @param schema a DDL string ({@code "a INT, b ARRAY<STRING>"}) or a JSON schema string
     * @return the column of the schema's values
     */
    public static Column hyson_from_json(Column json, String schema) {
        return hyson_from_json(json, DataType.fromDDL(schema), Map.of());
    }
}
