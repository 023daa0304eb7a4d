#!/usr/bin/env bash
# Builds hyson and hyson-spark, then runs the README's Spark example (dev.hyson.spark.example.ReadEvents)
# in local[2] on FILE (default: the bundled spark/src/test/resources/events.jsonl).
#   bash spark/example.sh [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
. spark/java-env.sh
# shellcheck disable=SC2086
exec java -Xmx2g $SPARK_JVM -Dspark.driver.host=127.0.0.1 -Dspark.driver.bindAddress=127.0.0.1 \
  -cp "$SPARK_CP" dev.hyson.spark.example.ReadEvents "$@"
