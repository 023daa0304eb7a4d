#!/usr/bin/env bash
# Quick profile of every parse and generate benchmark over the default matrix (hyson backends and
# peers × twitter, citm_catalog, canada): one fork, 3 × 2 s warmup, 3 × 1 s measurement, GC profiler,
# JSON results in benchmarks/target/quick.json. About 7 minutes on 2 cores; numbers are indicative
# only (±10% or worse), use the full @Warmup/@Measurement defaults for figures to quote.
#
# Extra arguments go to JMH; one that sets an option given by default (-f, -wi, -w, -i, -r, -prof,
# -rf, -rff) replaces that default, e.g.
#   benchmarks/run-quick.sh -p document=activitypub.json -p library=hyson-java,jackson
#   benchmarks/run-quick.sh -i 5 -r 2s
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
defaults=(-f 1 -wi 3 -w 2s -i 3 -r 1s -prof gc -rf json -rff benchmarks/target/quick.json)
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
exec java "-Dhyson.shared=$shared" -jar "$jar" 'ParseBench|GenerateBench' "${opts[@]}" "$@"
