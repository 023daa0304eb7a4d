#!/usr/bin/env bash
# Builds simdjson_ref (simdjson's C++ DOM parse timed per file, the reference figure for hyson's
# parse benchmarks) into benchmarks/target/simdjson_ref, but only when simdjson's headers and
# library are installed: on Debian 12, `apt-get install -y libsimdjson-dev` (simdjson 3.0.1).
# Otherwise it prints what to install and exits 0 without building, so it never breaks a script.
#
# It also builds benchmarks/target/scan_vs_simdjson (hyson's C scan and simdjson interleaved in one
# process) when cmake is installed: hyson's C core is built without JNI in benchmarks/target/hyson-core-CC
# (Release, no -march, with the compiler the jar's library gets: clang when installed, else cc), and linked in.
#
# Then: benchmarks/target/simdjson_ref ../shared/corpus/{twitter,citm_catalog,canada}.json
#       benchmarks/target/scan_vs_simdjson -n 200 ../shared/corpus/{twitter,citm_catalog,canada}.json
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/../target"

if ! dpkg -s libsimdjson-dev >/dev/null 2>&1 && [[ ! -f /usr/include/simdjson.h ]]; then
    echo "simdjson-ref: not built: simdjson is not installed (no libsimdjson-dev package, no /usr/include/simdjson.h)." >&2
    echo "simdjson-ref: on Debian/Ubuntu: apt-get install -y libsimdjson-dev g++" >&2
    exit 0
fi
cxx="${CXX:-g++}"
if ! command -v "$cxx" >/dev/null 2>&1; then
    echo "simdjson-ref: not built: no C++ compiler ($cxx; set CXX or apt-get install -y g++)." >&2
    exit 0
fi

mkdir -p "$out"
out="$(cd "$out" && pwd)"
# -O3 without -march: simdjson picks its kernel (icelake, haswell, westmere, fallback) at run time.
"$cxx" -O3 -std=c++17 -o "$out/simdjson_ref" "$here/simdjson_ref.cpp" -lsimdjson
echo "simdjson-ref: built $out/simdjson_ref"

if ! command -v cmake >/dev/null 2>&1; then
    echo "simdjson-ref: scan_vs_simdjson not built: no cmake (apt-get install -y cmake)." >&2
    exit 0
fi
native="$here/../../native"
# the C compiler the jar's library is built with: clang when installed (java/pom.xml), else cc; CC chooses
cc="${CC:-$(command -v clang >/dev/null 2>&1 && echo clang || echo cc)}"
core="$out/hyson-core-$(basename "$cc")"
cmake -S "$native" -B "$core" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" -DHYSON_JNI=OFF -DHYSON_TESTS=OFF >/dev/null
cmake --build "$core" -j2 --target hyson_core >/dev/null
"$cxx" -O3 -std=c++17 -I"$native/include" -o "$out/scan_vs_simdjson" "$here/scan_vs_simdjson.cpp" \
    "$core/libhyson_core.a" -lsimdjson -lpthread -lm
echo "simdjson-ref: built $out/scan_vs_simdjson (hyson's C core built with $cc)"
