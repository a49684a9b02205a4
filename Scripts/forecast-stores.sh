#!/usr/bin/env bash
# The forecast's work on `show`, measured in instructions (decision 68).
#
#   bash Scripts/forecast-stores.sh BINARY [OTHER_BINARY...]
#
# Makes four stores in a temporary directory with the first binary, each
# swiped 200 times now (a pace of 1,400 trips a week), then given a balance:
#   custom   a custom card, $3.00 fare, no cap, $4,400.00
#   omny     an OMNY card (7-day caps), $315.00 (the most it holds)
#   london   London pay as you go, tube fare $2.80 (daily and weekly caps), $300.00
#   metro    a MetroCard (no cap), $1,000.00
# and prints the first lines of `show` and its instructions under callgrind
# for every binary given. Needs valgrind. Never touches the real HOME.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BINARY [OTHER_BINARY...]" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0 needs valgrind" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TZ=UTC

# make NAME BALANCE COMMAND...: each COMMAND one argument, words split on spaces.
make() {
  local name=$1 balance=$2
  shift 2
  local store=$work/$name
  export HOME=$work/$name.home
  mkdir -p "$HOME"
  local command
  for command in "$@"; do
    read -r -a words <<<"$command"
    "${binaries[0]}" --store "$store" "${words[@]}" >/dev/null
  done
  "${binaries[0]}" --store "$store" balance 1000 >/dev/null
  for _ in $(seq 200); do "${binaries[0]}" --store "$store" swipe >/dev/null; done
  "${binaries[0]}" --store "$store" balance "$balance" >/dev/null
}

binaries=("$@")
make custom 4400 "fare 3.00" "kind custom"
make omny 315 "kind omny-card"
make london 300 "kind london-payg" "fare 2.80"
make metro 1000 "kind metrocard"

for name in custom omny london metro; do
  export HOME=$work/$name.home
  for binary in "${binaries[@]}"; do
    # Once natively, so that the fold cache is this binary's.
    line=$("$binary" --store "$work/$name" show | sed -n 3p)
    count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" --store "$work/$name" show 2>&1 \
      | sed -n 's/.*I *refs: *//p')
    printf '%-7s %-40s %12s  %s\n' "$name" "$binary" "$count" "$line"
  done
done
