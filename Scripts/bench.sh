#!/usr/bin/env bash
# Builds the static release binary and floor.c, then runs the benchmark.
#   Scripts/bench.sh            full run: 1, 10,000 and 100,000 updates
#   Scripts/bench.sh --smoke    tiny sizes, to keep the script working (CI)
# Extra arguments go to Scripts/bench.py (--runs N, --sizes A,B,C).
set -euo pipefail
cd "$(dirname "$0")/.."
floor_source="${FLOOR_SOURCE:-../shared/bench/floor.c}"
if [ ! -f "$floor_source" ]; then
  echo "bench: $floor_source not found; set FLOOR_SOURCE to floor.c" >&2
  exit 66
fi
swift build -c release --static-swift-stdlib >/dev/null
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/metrobuddy"
floor="$(mktemp -d)/floor"
cc -O2 -o "$floor" "$floor_source"
python3 Scripts/bench.py "$binary" "$floor" "$@"
