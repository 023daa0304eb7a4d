#!/usr/bin/env bash
# Issue #14's end-to-end benchmark: spark.read.json against the hyson source on a generated JSON Lines
# file (20 columns, flat and nested; generated on first use), local[2], same schema for both:
# count, a filter, a group-by, a hash of all 20 columns, and a group-by reading 3 of the 20 columns.
# Each query runs RUNS times per source (interleaved); prints the times, the medians and their ratios.
#   bash benchmarks/spark-1gb.sh [FILE] [SIZE_MB] [BACKEND] [RUNS]   (defaults: /tmp/hyson-spark/events.jsonl 1024 auto 3)
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-/tmp/hyson-spark/events.jsonl}
mb=${2:-1024}
backend=${3:-auto}
runs=${4:-3}
mkdir -p "$(dirname "$file")"
. spark/java-env.sh
echo "hyson $(git rev-parse --short HEAD), CPU: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores"
# shellcheck disable=SC2086
java -Xmx8g $SPARK_JVM -Dhyson.backend="$backend" -cp "$SPARK_CP" dev.hyson.spark.bench.SparkJsonBench "$file" "$mb" "$runs"
