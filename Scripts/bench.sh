#!/usr/bin/env bash
# Builds the static release binary and the C floor (Scripts/bench/floor.c),
# then runs the benchmark.
#   Scripts/bench.sh            full run: 1, 10,000 and 100,000 updates
#   Scripts/bench.sh --smoke    tiny sizes, to keep the script working (CI)
# Extra arguments go to Scripts/bench.py (--runs N, --sizes A,B,C, --baseline OLD_BINARY).
set -euo pipefail
cd "$(dirname "$0")/.."
floor_source="Scripts/bench/floor.c"
swift build -c release --static-swift-stdlib >/dev/null
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/metrobuddy"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
floor="$work/floor"
cc -O2 -o "$floor" "$floor_source"
python3 Scripts/bench.py "$binary" "$floor" "$@"
