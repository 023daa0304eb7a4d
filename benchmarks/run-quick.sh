#!/usr/bin/env bash
# Quick profile over the default matrix of every benchmark but StringBench: ParseBench and
# GenerateBench (hyson backends and peers × twitter, citm_catalog, canada), SmallDocBench, NumberBench
# (canada's numbers), ScanBench (java and the best native kernel × the same three documents) and
# TreeFloorBench (the tree-building and tree-walking floors, same documents).
# One fork, 2 × 1 s warmup, 3 × 1 s measurement, GC profiler, JSON results in
# benchmarks/target/quick.json. 94 trials, about 9 minutes on 2 cores; numbers are indicative only
# (±10% or worse, the warmup is short for the big documents): use the full @Warmup/@Measurement
# defaults for figures to quote. StringBench (64 trials) is left out; see the README for a reduced run.
#
# Extra arguments go to JMH; one that sets an option given by default (-f, -wi, -w, -i, -r, -prof,
# -rf, -rff) replaces that default, e.g.
#   benchmarks/run-quick.sh -p document=activitypub.json -p library=hyson-java,jackson
#   benchmarks/run-quick.sh -i 5 -r 2s
# HYSON_QUICK_BENCHMARKS replaces the benchmark selection (a JMH regexp), e.g.
#   HYSON_QUICK_BENCHMARKS='ParseBench|ScanBench' benchmarks/run-quick.sh
# The shared corpus is ../shared next to the repository (override: HYSON_SHARED=/path/to/shared).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jar=benchmarks/target/benchmarks.jar
if [[ ! -f "$jar" ]]; then
    echo "run-quick: $jar missing, building it" >&2
    mvn -q -DskipTests package -pl benchmarks -am
fi

shared="${HYSON_SHARED:-$root/../shared}"
if [[ ! -d "$shared/corpus" ]]; then
    echo "run-quick: no corpus in $shared (set HYSON_SHARED=/path/to/shared)" >&2
    exit 1
fi

# JMH refuses an option given twice: a default is dropped when the extra arguments set the same option.
defaults=(-f 1 -wi 2 -w 1s -i 3 -r 1s -prof gc -rf json -rff benchmarks/target/quick.json)
opts=()
for ((k = 0; k < ${#defaults[@]}; k += 2)); do
    flag="${defaults[k]}"
    overridden=false
    for arg in "$@"; do
        [[ "$arg" == "$flag" ]] && overridden=true
    done
    $overridden || opts+=("$flag" "${defaults[k + 1]}")
done

# JMH forks inherit the -D given to this JVM (no -jvmArgs is passed here).
benchmarks="${HYSON_QUICK_BENCHMARKS:-ParseBench|GenerateBench|SmallDocBench|NumberBench|ScanBench|TreeFloorBench}"
exec java "-Dhyson.shared=$shared" -jar "$jar" "$benchmarks" "${opts[@]}" "$@"
