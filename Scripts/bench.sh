#!/usr/bin/env bash
# Builds the release binary as shipped (fully static), the C floor
# (Scripts/bench/floor.c), the peak-memory runner (Scripts/bench/peak.c) and a
# static Swift "hello" built the same way as the binary, then runs the
# benchmark.
#   Scripts/bench.sh                          full run: 1, 10,000 and 100,000 updates
#   Scripts/bench.sh --sizes 1,100000,1000000 adds 1,000,000 updates (opt-in: minutes
#                                             per command and GiBs for an older build)
#   Scripts/bench.sh --smoke                  tiny sizes, to keep the script working (CI)
#   Scripts/bench.sh --baseline OLD_BINARY    adds ratios to an older build
#   Scripts/bench.sh --devices N              the many-devices case over N logs (100 by default)
# Extra arguments go to Scripts/bench.py (--runs N, --sizes A,B,C, --baseline OLD_BINARY, --devices N).
# It reports; it never fails on a time.
set -euo pipefail
cd "$(dirname "$0")/.."
floor_source="Scripts/bench/floor.c"
# The flags of .ci/run's release build, so that CI builds it once.
build=(swift build -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -warnings-as-errors)
"${build[@]}" >/dev/null
binary="$("${build[@]}" --show-bin-path)/metrobuddy"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
floor="$work/floor"
cc -O2 -o "$floor" "$floor_source"
cc -O2 -o "$work/peak" Scripts/bench/peak.c
# What a Swift program costs before it does anything, linked as metrobuddy is
# (the linker repeats its warning about the runtime's dlopen).
echo 'print("1.0.0")' >"$work/main.swift"
swiftc -O -static-executable -o "$work/hello" "$work/main.swift"
python3 Scripts/bench.py "$binary" "$floor" --hello "$work/hello" --peak "$work/peak" "$@"
