#!/usr/bin/env bash
# Issue #25's spread check: ScanBench.scan of one document, ROUNDS rounds of one JMH fork per kernel,
# the order alternating, so a phase of the host (this one moves whole forks by up to 40%) falls on both
# kernels alike instead of on all forks of one (JMH runs all forks of a parameter before the next).
# Prints each kernel's per-fork means, their spread, and the per-round ratio of the second kernel to the first.
#
#   benchmarks/interleave-forks.sh [DOCUMENT] [ROUNDS] [KERNEL_A] [KERNEL_B]   # twitter.json 10 java avx512
#
# Needs benchmarks/target/benchmarks.jar (mvn -B -q package -DskipTests -pl java,benchmarks) and python3.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
doc="${1:-twitter.json}"
rounds="${2:-10}"
a="${3:-java}"
b="${4:-avx512}"
out="$(mktemp -d "${TMPDIR:-/tmp}/hyson-interleave.XXXXXX")"
for i in $(seq 1 "$rounds"); do
  if [ $((i % 2)) -eq 1 ]; then ks="$a $b"; else ks="$b $a"; fi
  for k in $ks; do
    java -jar "$here/benchmarks/target/benchmarks.jar" 'ScanBench.scan$' -p kernel="$k" -p document="$doc" -f 1 -wi 3 -i 5 \
      -w 1s -r 1s -jvmArgsAppend "-Xms2g -Xmx2g -XX:+AlwaysPreTouch -Xmn128m" -rf json -rff "$out/$i-$k.json" >/dev/null 2>&1
  done
done
python3 - "$out" "$doc" "$rounds" "$a" "$b" <<'PY'
import json, statistics, sys
out, doc, rounds, a, b = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
rows = [{k: statistics.mean(json.load(open(f"{out}/{i}-{k}.json"))[0]["primaryMetric"]["rawData"][0]) for k in (a, b)}
        for i in range(1, rounds + 1)]
for k in (a, b):
    v = [r[k] for r in rows]
    med = statistics.median(v)
    print(f"{doc} {k:8} median {med:8.1f} ops/s  min {min(v):8.1f}  max {max(v):8.1f}  (max-min)/median {(max(v) - min(v)) / med:6.1%}"
          f"  stdev/median {statistics.stdev(v) / med:6.1%}  forks {[round(x) for x in v]}")
ratios = [r[b] / r[a] for r in rows]
print(f"{doc} {b}/{a} per round: median {statistics.median(ratios):.2f}x, min {min(ratios):.2f}, max {max(ratios):.2f}")
PY
