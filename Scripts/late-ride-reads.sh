#!/usr/bin/env bash
# Counts what each command reads of the device logs (bytes returned by read
# and pread64, seen with strace), on one card with RIDES rides over the
# weeks before now: a swipe now, a ride a day late (`swipe --at`) twice,
# `show`, one swipe with a clock a year fast, then swipes at the right time
# and one more a day late. Issue 20, items 11 and 12 (DECISIONS §56).
#   Scripts/late-ride-reads.sh                      5,000 rides, .build/debug/metrobuddy-testing
#   Scripts/late-ride-reads.sh --rides 20000        more rides
#   Scripts/late-ride-reads.sh --binary OTHER       another build's metrobuddy-testing (the clock
#                                                   a year fast needs METROBUDDY_TEST_CLOCK_OFFSET)
# It reports; it never fails on a figure. Needs strace.
set -euo pipefail
cd "$(dirname "$0")/.."
rides=5000
binary=".build/debug/metrobuddy-testing"
while [ $# -gt 0 ]; do
  case "$1" in
    --rides) rides="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    *) echo "usage: $0 [--rides N] [--binary PATH]" >&2; exit 64 ;;
  esac
done
command -v strace >/dev/null || { echo "strace is not installed" >&2; exit 69; }
[ -x "$binary" ] || swift build --product metrobuddy-testing >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home"
run() {
  env -i HOME="$work/home" TZ=UTC LC_ALL=C PATH=/usr/bin:/bin METROBUDDY_DEVICE=dev-a "$@"
}
mb() { run "$binary" --store "$work/store" "$@"; }
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
now=$(date +%s)

mb card add a --kind custom --fare 0.10 --balance 9000 >/dev/null
# Batches of 100 rides, 12 hours apart, the last two days before now.
batches=$(((rides + 99) / 100))
for ((i = 0; i < batches; i++)); do
  mb --card a swipe --count 100 --at "$(iso $((now - 2 * 86400 - (batches - 1 - i) * 43200)))" >/dev/null
done
log="$work/store/devices/dev-a/log.jsonl"
echo "binary: $binary"
echo "rides: $((batches * 100)) in $(wc -l <"$log") records, log $(wc -c <"$log") bytes"
printf '%-40s %5s %14s %6s\n' "command" "exit" "log bytes read" "reads"
measure() {
  local label="$1" offset="$2"
  shift 2
  local trace="$work/trace" status=0 clock=()
  [ -z "$offset" ] || clock=(METROBUDDY_TEST_CLOCK_OFFSET="$offset")
  run "${clock[@]}" strace -f -y -s 0 -e trace=read,pread64 -o "$trace" "$binary" --store "$work/store" "$@" \
    >/dev/null 2>&1 || status=$?
  # Lines such as: 123 pread64(3</…/devices/dev-a/log.jsonl>, ""..., 1048576, 0) = 52417
  local summed
  # A command that reads no log gives no line (grep's status 1 is not a failure here).
  summed=$({ grep 'log\.jsonl>' "$trace" || true; } | sed -n 's/.*) = \([0-9][0-9]*\)$/\1/p' |
    awk '{ bytes += $1; calls += 1 } END { printf "%d %d", bytes, calls }')
  # shellcheck disable=SC2086
  printf '%-40s %5s %14s %6s\n' "$label" "$status" $summed
}
day_late="$(iso $((now - 86400)))"
measure "swipe" "" --card a swipe
measure "swipe --at (a day late)" "" --card a swipe --at "$day_late"
measure "swipe --at (a day late, again)" "" --card a swipe --at "$day_late"
measure "show" "" --card a show
measure "swipe (clock a year fast)" 31539600 --card a swipe
measure "swipe (after the ride ahead)" "" --card a swipe
measure "swipe (after the ride ahead, again)" "" --card a swipe
measure "swipe --at (a day late, after it)" "" --card a swipe --at "$day_late"
echo "balance: $(mb --card a show --json | sed -n 's/.*"balance" *: *"\([^"]*\)".*/\1/p')"
