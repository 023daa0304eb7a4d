#!/usr/bin/env bash
# Fuzzes each Jazzer harness of this module for SECONDS, one after another (issue #28).
#   fuzz/run-jazzer.sh SECONDS [Class#method ...]    (default: every harness)
# Needs the hyson jar installed (mvn -B -q -o install -DskipTests -pl java). Each run is
#   JAZZER_FUZZ=1 mvn -o test -pl fuzz -Dtest=Class#method
# with hyson's classes instrumented (jazzer.instrument: by default Jazzer instruments only the class
# path's directories, here the fuzz tests themselves; hyson comes from its jar; plain `mvn test`
# leaves it uninstrumented, which keeps the replay fast) and libFuzzer's -max_total_time given through jazzer.internal.arg.N (JUnit configuration
# parameters read from system properties; they come after the annotation's maxDuration, so they
# win). The growing corpus stays in fuzz/.cifuzz-corpus (not committed). A crash input is written by
# Jazzer into src/test/resources/dev/hyson/fuzz/<Class>Inputs/<method>/ (the regression folder, so
# plain `mvn test` replays it); any left in fuzz/ are moved there. Logs: fuzz/target/jazzer-logs/.
set -u
cd "$(dirname "$0")/.."
secs=${1:?usage: fuzz/run-jazzer.sh SECONDS [Class#method ...]}
shift
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  harnesses=(ParseFuzzTest#parse PullParserFuzzTest#tokens ValidateFuzzTest#validate BindFuzzTest#bind
             LinesFuzzTest#lines MessagePackFuzzTest#unpack MessagePackFuzzTest#jsonRoundTrip WriterFuzzTest#writeReadBack)
fi
logs=fuzz/target/jazzer-logs
mkdir -p "$logs"
status=0
for h in "${harnesses[@]}"; do
  cls=${h%%#*}
  method=${h##*#}
  regression=fuzz/src/test/resources/dev/hyson/fuzz/${cls}Inputs/${method}
  mkdir -p "$regression"
  log=$logs/$cls-$method-$(date -u +%Y%m%dT%H%M%S).log
  echo "== $h: ${secs}s, log $log"
  start=$(date +%s)
  JAZZER_FUZZ=1 mvn -B -o test -pl fuzz -Dtest="$h" -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.instrument='dev.hyson.**' \
      -Djazzer.internal.arg.0=fake_argv0 -Djazzer.internal.arg.1=-max_total_time="$secs" \
      -Djazzer.internal.arg.2=-print_final_stats=1 > "$log" 2>&1
  rc=$?
  end=$(date +%s)
  for f in fuzz/crash-* fuzz/timeout-* fuzz/slow-unit-* fuzz/oom-*; do
    [ -e "$f" ] && mv "$f" "$regression/" && echo "   moved $f to $regression"
  done
  execs=$(grep -a -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  cov=$(grep -a -o 'cov: [0-9]*' "$log" | tail -1)
  echo "   exit $rc, $((end - start)) s wall, ${execs:-?} executions, ${cov:-cov: ?}"
  if [ $rc -ne 0 ]; then
    status=1
    grep -a -m3 'Exception\|Error:\|== Java Exception' "$log" | sed 's/^/   /'
    ls -t "$regression" | head -3 | sed 's/^/   input: /'
  fi
done
exit $status
