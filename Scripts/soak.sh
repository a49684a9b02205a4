#!/usr/bin/env bash
# The long soak of the store's crash, fault and concurrency tests: thousands
# of random SIGKILLs, every crash point (of the upgrade of every older store
# fixture too), every fault of the fault-injection matrix, a bigger
# concurrent race, and a reader and a writer stopped at every open while
# another device upgrades an old store. It takes many minutes, so CI does
# not run it: `swift test` runs the bounded version, a sample of the crash
# and fault points (METROBUDDY_EXHAUSTIVE unset; see CallSample).
#
#   Scripts/soak.sh              3000 random kills, 16 writers x 200 reloads
#   Scripts/soak.sh 10000        10000 random kills
#
# Environment (all optional):
#   METROBUDDY_CRASH_SEED      seed of the random kills (default: the time; printed)
#   METROBUDDY_SOAK_WRITERS    concurrent writers (default 16)
#   METROBUDDY_SOAK_RELOADS    reloads per writer (default 200)
#   SOAK_SCRATCH               build directory (default .build)
# A failure prints the seed and the kill number; rerun with the same
# METROBUDDY_CRASH_SEED and count to reproduce it.
set -euo pipefail
cd "$(dirname "$0")/.."

kills="${1:-${METROBUDDY_SOAK_ITERATIONS:-3000}}"
scratch="${SOAK_SCRATCH:-.build}"
export METROBUDDY_SOAK_ITERATIONS="$kills"
export METROBUDDY_CRASH_SEED="${METROBUDDY_CRASH_SEED:-$(date +%s)}"
export METROBUDDY_SOAK_WRITERS="${METROBUDDY_SOAK_WRITERS:-16}"
export METROBUDDY_SOAK_RELOADS="${METROBUDDY_SOAK_RELOADS:-200}"
export METROBUDDY_UPGRADE_CRASH_ALL=1
export METROBUDDY_UPGRADE_RACE_STEP=1
export METROBUDDY_EXHAUSTIVE=1

echo "== debug build (the test-only fault switches exist only in debug builds)"
swift build --build-tests --scratch-path "$scratch"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
echo "== soak: $kills random kills (seed $METROBUDDY_CRASH_SEED)," \
  "$METROBUDDY_SOAK_WRITERS x $METROBUDDY_SOAK_RELOADS concurrent reloads, every crash and fault point"
start=$(date +%s)
status=0
swift test --skip-build --scratch-path "$scratch" --filter 'CrashTests|ConcurrencyTests|UpgradeSyncTests|FaultInjectionTests' >"$log" 2>&1 || status=$?
elapsed=$(( $(date +%s) - start ))

echo "== summary"
grep '^SOAK ' "$log" | sed 's/^SOAK /  /' || true
points=$(awk -F'points=' '/^SOAK (upgrade-)?crash-points/ { split($2, a, " "); s += a[1] } END { print s + 0 }' "$log")
echo "  crash points checked: $points"
grep -E '^(✔|✘) Test run' "$log" || true
echo "  elapsed: ${elapsed} s"
if [ "$status" -ne 0 ]; then
  echo "== failures"
  grep -E '✘|↳ kill|Expectation failed' "$log" | head -40 || true
  echo "soak FAILED (seed $METROBUDDY_CRASH_SEED); full log kept in ${log}.failed"
  cp "$log" "${log}.failed"
fi
exit "$status"
