#!/usr/bin/env bash
# Issue #13's large-file check (a script, not a unit test): makes a 1 GB JSON array and a 1 GB NDJSON
# file from the corpus, then times `hyson validate`, `hyson minify -o /dev/null` and NDJSON validate
# with a 64 MiB heap, reporting wall time, MB/s and peak RSS (from /usr/bin/time, else /proc polling).
#
#   benchmarks/stream-1gb.sh [DIR] [BACKEND]     # DIR defaults to /tmp/hyson-1gb, BACKEND to native
#
# Needs ../shared/corpus (twitter.json, amazon_cellphones.ndjson), python3, about 2 GB in DIR. The
# files are kept for a second run; delete DIR afterwards. Nothing else should run at the same time.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-/tmp/hyson-1gb}"
backend="${2:-native}"
corpus="$here/../shared/corpus"
mkdir -p "$dir"
size=$((1000 * 1000 * 1000))

if [ ! -f "$dir/big.json" ]; then
  echo "making $dir/big.json (1 GB array of twitter.json documents)" >&2
  python3 - "$corpus/twitter.json" "$dir/big.json" "$size" <<'EOF'
import sys
doc = open(sys.argv[1], 'rb').read().strip()
want = int(sys.argv[3])
with open(sys.argv[2], 'wb') as f:
    f.write(b'[')
    n = 1
    first = True
    while n < want:
        if not first:
            f.write(b',\n')
            n += 2
        f.write(doc)
        n += len(doc)
        first = False
    f.write(b']\n')
EOF
fi
if [ ! -f "$dir/big.ndjson" ]; then
  echo "making $dir/big.ndjson (1 GB of amazon_cellphones.ndjson lines)" >&2
  python3 - "$corpus/amazon_cellphones.ndjson" "$dir/big.ndjson" "$size" <<'EOF'
import sys
lines = [l for l in open(sys.argv[1], 'rb').read().split(b'\n') if l.strip()]
want = int(sys.argv[3])
block = b'\n'.join(lines) + b'\n'
with open(sys.argv[2], 'wb') as f:
    n = 0
    while n < want:
        f.write(block)
        n += len(block)
EOF
fi

# build the tool once (the launcher rebuilds when sources changed)
"$here/hyson" --version >/dev/null

run() { # label, file, command...
  local label="$1" file="$2"
  shift 2
  local bytes start end rc rss
  bytes=$(stat -c %s "$file")
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$dir/rss" env JAVA_OPTS="-Xmx64m" "$here/hyson" "-Dhyson.backend=$backend" "$@" \
      >/dev/null 2>"$dir/err" && rc=0 || rc=$?
    rss=$(tail -n 1 "$dir/rss")
  else
    env JAVA_OPTS="-Xmx64m" "$here/hyson" "-Dhyson.backend=$backend" "$@" >/dev/null 2>"$dir/err" &
    local pid=$! peak=0 now
    while kill -0 "$pid" 2>/dev/null; do
      for p in $pid $(pgrep -P "$pid" || true); do
        now=$(awk '/VmHWM/ {print $2}' "/proc/$p/status" 2>/dev/null || echo 0)
        [ "${now:-0}" -gt "$peak" ] && peak=$now
      done
      sleep 0.05
    done
    wait "$pid" && rc=0 || rc=$?
    rss=$peak
  fi
  end=$(date +%s.%N)
  awk -v l="$label" -v b="$bytes" -v s="$start" -v e="$end" -v r="$rss" -v c="$rc" 'BEGIN {
    t = e - s; printf "%-34s %6.0f MB  %6.2f s  %7.0f MB/s  peak RSS %5.0f MB  exit %d\n", l, b / 1e6, t, b / 1e6 / t, r / 1024, c }'
  [ "$rc" -eq 0 ] || sed -n 1,3p "$dir/err"
}

echo "hyson $(git -C "$here" rev-parse --short HEAD), backend $backend, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), JAVA_OPTS=-Xmx64m"
run "validate big.json" "$dir/big.json" validate "$dir/big.json"
run "minify big.json -o /dev/null" "$dir/big.json" minify "$dir/big.json" -o /dev/null
run "validate big.ndjson" "$dir/big.ndjson" validate "$dir/big.ndjson"
run "minify big.ndjson -o /dev/null" "$dir/big.ndjson" minify "$dir/big.ndjson" -o /dev/null
