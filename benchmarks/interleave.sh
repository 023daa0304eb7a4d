#!/usr/bin/env bash
# One JMH benchmark, two values of one parameter, ROUNDS rounds of one fork per value, the order
# alternating: a phase of the host (this one moves whole forks by 30-50%) then falls on both values
# alike instead of on all forks of one (JMH runs every fork of a parameter value before the next).
# Prints each value's per-fork means and the per-round ratio of the first value to the second.
#
#   benchmarks/interleave.sh ROUNDS BENCHMARK PARAM A B [JMH ARGS...]
#   benchmarks/interleave.sh 3 'JsonpBench.events$' provider hyson parsson -p doc=citm_catalog.json
#
# Needs benchmarks/target/benchmarks.jar (mvn -B -q package -DskipTests -pl java,jsonp,benchmarks -am) and python3.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$#" -lt 5 ]; then
  sed -n '2,9p' "$0" >&2
  exit 2
fi
rounds="$1"; bench="$2"; param="$3"; a="$4"; b="$5"
shift 5
out="$(mktemp -d "${TMPDIR:-/tmp}/hyson-interleave.XXXXXX")"
for i in $(seq 1 "$rounds"); do
  if [ $((i % 2)) -eq 1 ]; then vs="$a $b"; else vs="$b $a"; fi
  for v in $vs; do
    (cd "$here" && java -jar benchmarks/target/benchmarks.jar "$bench" -p "$param=$v" -f 1 -wi 5 -i 5 -w 1s -r 1s \
      -jvmArgsAppend "-Xms2g -Xmx2g -XX:+AlwaysPreTouch -Xmn128m" -rf json -rff "$out/$i-$v.json" "$@" >/dev/null 2>&1)
  done
done
python3 - "$out" "$bench $*" "$rounds" "$a" "$b" <<'PY'
import json, statistics, sys
out, what, rounds, a, b = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
rows = [{v: statistics.mean(json.load(open(f"{out}/{i}-{v}.json"))[0]["primaryMetric"]["rawData"][0]) for v in (a, b)}
        for i in range(1, rounds + 1)]
for v in (a, b):
    x = [r[v] for r in rows]
    print(f"{what}: {v:8} median {statistics.median(x):9.1f} ops/s  forks {[round(y, 1) for y in x]}")
ratios = [r[a] / r[b] for r in rows]
print(f"{what}: {a}/{b} per round: median {statistics.median(ratios):.2f}x, min {min(ratios):.2f}, max {max(ratios):.2f}")
PY
