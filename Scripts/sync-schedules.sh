#!/usr/bin/env bash
# Many randomised sync schedules (issue 11): two or three devices write to one
# store carried by real synchronisers (git through a bare repository on local
# disk, unison in batch mode), and every device must end in agreement with a
# reference model on every card, to the cent. `swift test` runs a small sample
# (6 of each); this runs the same tests with many more schedules.
#
#   Scripts/sync-schedules.sh                       500 git + 500 unison schedules
#   Scripts/sync-schedules.sh --count 50 --seed 7   50 of each, from base seed 7
#   Scripts/sync-schedules.sh --only 123456789      one schedule (the seed a failure printed)
#
# Options:
#   --count N     schedules per synchroniser (default 500)
#   --seed S      base seed (default: the time; printed)
#   --only SEED   run just the schedule with this seed
#   --keep        keep each schedule's directories under /tmp (metrobuddy-sync.*)
# Environment: SYNC_SCRATCH, the build directory (default .build).
# Nothing touches the network or the real home: every device, git and unison
# get a HOME under /tmp.
set -euo pipefail
cd "$(dirname "$0")/.."

count=500
seed="$(date +%s)"
only=""
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "sync-schedules.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
scratch="${SYNC_SCRATCH:-.build}"

export METROBUDDY_SYNC_SCHEDULES="$count"
export METROBUDDY_SYNC_SEED="$seed"
if [ -n "$only" ]; then export METROBUDDY_SYNC_ONLY="$only"; fi
if [ "$keep" = 1 ]; then export METROBUDDY_SYNC_KEEP=1; fi

echo "== build"
swift build --build-tests -Xswiftc -warnings-as-errors --scratch-path "$scratch"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if [ -n "$only" ]; then
  echo "== the schedule with seed $only, git and unison"
else
  echo "== $count git + $count unison schedules (base seed $seed)"
fi
start=$(date +%s)
status=0
swift test --skip-build --scratch-path "$scratch" --filter SyncScheduleTests >"$log" 2>&1 || status=$?
elapsed=$(( $(date +%s) - start ))

echo "== summary"
grep '^SYNC ' "$log" | sed 's/^SYNC /  /' || true
awk '/^SYNC / { for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "ran") r += kv[2]; if (kv[1] == "passed") p += kv[2] } }
  END { printf "  in all: %d schedules ran, %d passed\n", r, p }' "$log"
grep -E '^(✔|✘) Test run' "$log" || true
echo "  elapsed: ${elapsed} s"
if [ "$status" -ne 0 ]; then
  echo "== failures"
  grep -E 'schedule with seed|✘' "$log" | head -40 || true
  cp "$log" "${log}.failed"
  echo "sync schedules FAILED (base seed $seed); full log kept in ${log}.failed"
fi
exit "$status"
