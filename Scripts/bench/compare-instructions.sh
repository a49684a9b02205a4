#!/bin/bash
# Instructions (callgrind) of a warm `swipe`, `reload 1` and `balance` for
# each binary given, each on its own store built the same way: a custom
# card at $3.00, an import of 2,000 updates (Scripts/bench.py's history),
# then 30 swipes and 10 reloads, so that the cache holds a tail of records
# and the last days' reloads. Counts do not move with the machine's load,
# as times do. Needs valgrind.
#
# Usage: Scripts/bench/compare-instructions.sh BINARY [BINARY...]
set -euo pipefail
command -v valgrind >/dev/null || { echo "valgrind is needed" >&2; exit 69; }
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/metrobuddy-instructions-XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 -c "import sys; sys.path.insert(0, '$here'); import bench; bench.make_csv('$work/history.csv', 2000)"
printf '| binary | swipe | reload 1 | balance |\n|---|---|---|---|\n'
index=0
for binary in "$@"; do
  index=$((index + 1))
  store="$work/store-$index"
  export TZ=UTC HOME="$work/home-$index" METROBUDDY_DEVICE=d0
  mkdir -p "$HOME"
  "$binary" --store "$store" fare 3.00 >/dev/null
  "$binary" --store "$store" kind custom >/dev/null
  "$binary" --store "$store" import "$work/history.csv" >/dev/null
  for _ in $(seq 30); do "$binary" --store "$store" swipe >/dev/null; done
  for _ in $(seq 10); do "$binary" --store "$store" reload 1 >/dev/null; done
  row="| \`$binary\` |"
  for command in swipe "reload 1" balance; do
    # shellcheck disable=SC2086
    count=$(valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$binary" --store "$store" $command \
      2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    row="$row $count |"
  done
  echo "$row"
done
