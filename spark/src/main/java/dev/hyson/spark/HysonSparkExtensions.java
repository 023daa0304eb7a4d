package dev.hyson.spark;

import org.apache.spark.sql.SparkSessionExtensions;
import scala.Tuple3;
import scala.runtime.BoxedUnit;

/**
 * Registers {@code hyson_from_json} in every session:
 * {@code --conf spark.sql.extensions=dev.hyson.spark.HysonSparkExtensions} (or
 * {@code SparkSession.builder().withExtensions(new HysonSparkExtensions())}). The {@code hyson}
 * data source needs no extension: it is found through {@code META-INF/services}.
 *
 * <p>Spark creates it by name with the no-argument constructor. Thread-safe (stateless).
 */
public final class HysonSparkExtensions implements scala.Function1<SparkSessionExtensions, BoxedUnit> {
    /** Creates the extension; Spark calls this. */
    public HysonSparkExtensions() {
    }

    /**
     * Injects {@code hyson_from_json} into the sessions {@code extensions} builds.
     *
     * @param extensions the session's extension points
     * @return unit
     */
    @Override
    public BoxedUnit apply(SparkSessionExtensions extensions) {
        scala.Function1<scala.collection.immutable.Seq<org.apache.spark.sql.catalyst.expressions.Expression>,
                org.apache.spark.sql.catalyst.expressions.Expression> builder = HysonFunctions::build;
        extensions.injectFunction(new Tuple3<>(org.apache.spark.sql.catalyst.FunctionIdentifier.apply(HysonFunctions.NAME), HysonFunctions.info(), builder));
        return BoxedUnit.UNIT;
    }
}
