#!/usr/bin/env bash
# First use of a model in fresh JVMs (issue #24's target): the codec made, one read and one write of
# clients-1k, timed in process; 10 JVMs per library, interleaved, medians in ms.
# Usage: benchmarks/first-use.sh [runs]   (after mvn -B -q package -DskipTests -pl benchmarks -am)
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=benchmarks/target/benchmarks.jar
RUNS=${1:-10}
DOC=$(mktemp)
trap 'rm -f "$DOC"' EXIT
java -cp "$JAR" dev.hyson.bench.FirstUse write "$DOC"
declare -A times
for ((i = 0; i < RUNS; i++)); do
  for lib in hyson hyson-interpreted jackson; do
    t=$(java ${JAVA_OPTS:-} -cp "$JAR" dev.hyson.bench.FirstUse "$lib" "$DOC" | awk '{print $2}')
    times[$lib]="${times[$lib]:-} $t"
  done
done
java -version 2>&1 | head -1
for lib in hyson hyson-interpreted jackson; do
  echo "$lib: median $(echo ${times[$lib]} | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}') ms of$(echo ${times[$lib]})"
done
