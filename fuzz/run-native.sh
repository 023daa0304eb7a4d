#!/usr/bin/env bash
# Long libFuzzer runs of the C harnesses (native/README.md, "Fuzzing").
#
#   fuzz/run-native.sh SECONDS [harness...]     harnesses: scan window inplace lines number (default: all)
#
# Builds the harnesses with clang, AddressSanitizer and UndefinedBehaviorSanitizer into a temporary
# folder, then runs each, one after the other, for SECONDS. The corpus each run grows is kept in
# $HYSON_FUZZ_CORPUS/<harness> (default ~/.cache/hyson-fuzz), so the next run goes on from it; the
# regression corpus (native/test/fuzz-regress/<harness>) and the shared seeds ($HYSON_SHARED, default
# ../shared beside the repository) are read only. Every crash, leak, timeout or out-of-memory input is
# copied into native/test/fuzz-regress/<harness>/ (ctest replays that folder); a harness stops at its
# first finding. Ends with a summary: executions, exec/s, coverage at the start and end, findings.
# Exit status 1 when anything was found.
set -euo pipefail

if [ $# -lt 1 ] || ! [[ $1 =~ ^[0-9]+$ ]]; then
  echo "usage: $0 SECONDS [scan|window|inplace|lines|number ...]" >&2
  exit 2
fi
seconds=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
all=(scan window inplace lines number)
if [ $# -gt 0 ]; then harnesses=("$@"); else harnesses=("${all[@]}"); fi
for h in "${harnesses[@]}"; do
  [[ " ${all[*]} " == *" $h "* ]] || { echo "unknown harness: $h (have: ${all[*]})" >&2; exit 2; }
done
command -v clang >/dev/null || { echo "clang is needed (libFuzzer)" >&2; exit 2; }
shared=${HYSON_SHARED:-$root/../shared}
corpus=${HYSON_FUZZ_CORPUS:-$HOME/.cache/hyson-fuzz}
build=$(mktemp -d "${TMPDIR:-/tmp}/hyson-fuzz.XXXXXX")
echo "building into $build"
CC=clang cmake -S "$root/native" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DHYSON_JNI=OFF -DHYSON_WERROR=ON \
  -DHYSON_SANITIZE=ON -DHYSON_FUZZ=ON -DHYSON_FUZZ_SECONDS=0 -DHYSON_SHARED="$shared" >"$build/cmake.log"
targets=()
for h in "${harnesses[@]}"; do targets+=(--target "fuzz_$h"); done
cmake --build "$build" -j2 "${targets[@]}" >>"$build/cmake.log" || { tail -30 "$build/cmake.log"; exit 1; }

seeds=()
for s in conformance/jsontestsuite/test_parsing corpus/small; do
  [ -d "$shared/$s" ] && seeds+=("$shared/$s")
done
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
summary=()
found=0
for h in "${harnesses[@]}"; do
  regress="$root/native/test/fuzz-regress/$h"
  artifacts="$build/artifacts/$h"
  mkdir -p "$regress" "$artifacts" "$corpus/$h"
  log="$build/$h.log"
  echo "fuzz_$h: $seconds s (log $log)"
  started=$(date +%s)
  rc=0
  "$build/fuzz_$h" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -dict="$root/native/test/json.dict" -artifact_prefix="$artifacts/" \
    "$corpus/$h" "$regress" "${seeds[@]}" >"$log" 2>&1 || rc=$?
  took=$(($(date +%s) - started))
  kernels=$(sed -n 's/^kernels: //p' "$log" | head -1)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov0=$(grep -m1 'INITED' "$log" | sed -n 's/.*cov: \([0-9]*\).*ft: \([0-9]*\).*/\1 edges, \2 features/p')
  cov1=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -n 's/.*cov: \([0-9]*\).*ft: \([0-9]*\).*/\1 edges, \2 features/p')
  n=0
  for f in "$artifacts"/*; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    cp "$f" "$regress/$name"
    echo "  finding: native/test/fuzz-regress/$h/$name"
    n=$((n + 1))
  done
  if [ "$n" -gt 0 ] || [ "$rc" -ne 0 ]; then
    found=1
    grep -E 'ERROR|SUMMARY|disagree|differ|number .*:|kernel .*:' "$log" | head -8 | sed 's/^/  /' || true
  fi
  summary+=("$(printf '%-8s %6s s  %12s execs  %8s exec/s  cov %s -> %s  findings %d (exit %d)' \
    "$h" "$took" "${execs:-?}" "${rate:-?}" "${cov0:-?}" "${cov1:-?}" "$n" "$rc")")
done

echo
echo "CPU: ${cpu:-unknown}; kernels compared: ${kernels:-?}; corpus kept in $corpus"
printf '%s\n' "${summary[@]}"
exit "$found"
