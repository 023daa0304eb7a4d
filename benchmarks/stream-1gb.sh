#!/usr/bin/env bash
# Issues #13 and #26's large-file check (a script, not a unit test): makes a 1 GB JSON array and a 1 GB
# NDJSON file from the corpus, then times every streaming command on each with a 64 MiB heap: validate
# (the scan alone: the reference the other rows compare with), minify -o FILE, pretty -o FILE, stats,
# convert --to msgpack -o FILE and that MessagePack back with convert --to json -o FILE, reporting wall
# time (JVM start included), MB/s of the command's input, its ratio to validate of the same file, and
# peak RSS (from /usr/bin/time, else /proc polling). Outputs go to DIR/out.* and are deleted after.
#
#   benchmarks/stream-1gb.sh [DIR] [BACKEND]     # DIR defaults to /tmp/hyson-1gb, BACKEND to native
#
# Needs ../shared/corpus (twitter.json, amazon_cellphones.ndjson), python3, about 4 GB in DIR. The
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

scan_mbs=0 # validate's MB/s of the file the rows compare with
run() { # label, file, command...
  local label="$1" file="$2"
  shift 2
  local bytes start end rc rss
  bytes=$(stat -c %s "$file")
  cat "$file" >/dev/null # from the page cache, as every row: a row after one that wrote 1 GB read from disk
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
  local mbs
  mbs=$(awk -v b="$bytes" -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", b / 1e6 / (e - s) }')
  if [[ $label == validate* ]]; then scan_mbs=$mbs; fi
  awk -v l="$label" -v b="$bytes" -v s="$start" -v e="$end" -v r="$rss" -v c="$rc" -v m="$mbs" -v v="$scan_mbs" 'BEGIN {
    t = e - s; printf "%-44s %6.0f MB  %6.2f s  %6d MB/s  %4.2f of validate  peak RSS %5.0f MB  exit %d\n", l, b / 1e6, t, m, (v > 0 ? m / v : 0), r / 1024, c }'
  [ "$rc" -eq 0 ] || sed -n 1,3p "$dir/err"
}

echo "hyson $(git -C "$here" rev-parse --short HEAD), backend $backend, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(java -version 2>&1 | head -1), JAVA_OPTS=-Xmx64m"
for kind in json ndjson; do
  f="$dir/big.$kind"
  run "validate big.$kind" "$f" validate "$f"
  run "minify big.$kind -o FILE" "$f" minify "$f" -o "$dir/out.$kind"
  rm -f "$dir/out.$kind"
  run "pretty big.$kind -o FILE" "$f" pretty "$f" -o "$dir/out.$kind"
  rm -f "$dir/out.$kind"
  run "stats big.$kind" "$f" stats "$f"
  run "convert big.$kind --to msgpack -o FILE" "$f" convert --to msgpack "$f" -o "$dir/out.msgpack"
  if [ -f "$dir/out.msgpack" ]; then
    run "  that MessagePack --to json -o FILE" "$dir/out.msgpack" convert --to json "$dir/out.msgpack" -o "$dir/out.json"
  fi
  rm -f "$dir/out.msgpack" "$dir/out.json"
done
