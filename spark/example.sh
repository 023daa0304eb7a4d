#!/usr/bin/env bash
# Builds hyson and hyson-spark, then runs the README's Spark example (dev.hyson.spark.example.ReadEvents)
# in local[2] on FILE (default: the bundled spark/src/test/resources/events.jsonl).
#   bash spark/example.sh [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
# quiet Maven steps; their output (errors only) without the colour resets Maven 3.8 prints even with -B -q
quiet_mvn() { mvn -B -q -ntp "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'; }
quiet_mvn -pl java -am install -DskipTests
quiet_mvn -pl spark test-compile
cpfile=$(mktemp)
quiet_mvn -pl spark dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cpfile"
cp=$(cat "$cpfile")
rm -f "$cpfile"
opens=""
for p in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util java.util.concurrent \
         java.util.concurrent.atomic jdk.internal.ref sun.nio.ch sun.nio.cs sun.security.action sun.util.calendar; do
  opens="$opens --add-opens=java.base/$p=ALL-UNNAMED"
done
# shellcheck disable=SC2086
exec java -Xmx2g -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED $opens \
  -Dio.netty.tryReflectionSetAccessible=true -Dspark.driver.host=127.0.0.1 -Dspark.driver.bindAddress=127.0.0.1 \
  -cp "spark/target/classes:spark/target/test-classes:$cp" dev.hyson.spark.example.ReadEvents "$@"
