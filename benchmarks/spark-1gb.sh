#!/usr/bin/env bash
# Issue #14's end-to-end benchmark: spark.read.json against the hyson source on a generated JSON Lines
# file (20 columns, flat and nested; generated on first use), local[2], same schema for both:
# count, a filter, a group-by, a hash of all 20 columns, and a group-by reading 3 of the 20 columns.
# Each query runs RUNS times per source (interleaved); prints the times, the medians and their ratios.
#   bash benchmarks/spark-1gb.sh [FILE] [SIZE_MB] [BACKEND] [RUNS]   (defaults: /tmp/hyson-spark/events.jsonl 1024 auto 3)
set -euo pipefail
cd "$(dirname "$0")/.."
# quiet Maven steps; their output (errors only) without the colour resets Maven 3.8 prints even with -B -q
quiet_mvn() { mvn -B -q -ntp "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'; }
file=${1:-/tmp/hyson-spark/events.jsonl}
mb=${2:-1024}
backend=${3:-auto}
runs=${4:-3}
mkdir -p "$(dirname "$file")"
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
echo "hyson $(git rev-parse --short HEAD), CPU: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores"
# shellcheck disable=SC2086
java -Xmx8g -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED $opens \
  -Dio.netty.tryReflectionSetAccessible=true -Dhyson.backend="$backend" \
  -cp "spark/target/classes:spark/target/test-classes:$cp" dev.hyson.spark.bench.SparkJsonBench "$file" "$mb" "$runs"
