# Sourced by spark/example.sh and benchmarks/spark-1gb.sh (from the project root): builds hyson and
# hyson-spark's test classes, then sets SPARK_CP (the module's classes, test classes and test-scope
# dependencies, Spark included) and SPARK_JVM (the flags Spark needs on Java 17+, as spark-submit adds).
# quiet Maven steps; their output (errors only) without the colour resets Maven 3.8 prints even with -B -q
quiet_mvn() { mvn -B -q -ntp "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'; }
quiet_mvn -pl java -am install -DskipTests
quiet_mvn -pl spark test-compile
cpfile=$(mktemp)
quiet_mvn -pl spark dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cpfile"
SPARK_CP="spark/target/classes:spark/target/test-classes:$(cat "$cpfile")"
rm -f "$cpfile"
SPARK_JVM="-XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED -Dio.netty.tryReflectionSetAccessible=true"
for p in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util java.util.concurrent \
         java.util.concurrent.atomic jdk.internal.ref sun.nio.ch sun.nio.cs sun.security.action sun.util.calendar; do
  SPARK_JVM="$SPARK_JVM --add-opens=java.base/$p=ALL-UNNAMED"
done
