#!/usr/bin/env bash
# Fuzz the store's decoders and the argument parser with libFuzzer.
#
#   Scripts/fuzz.sh TARGET SECONDS     TARGET: StateDecoder, JournalDecoder, JSONParser, Arguments
#   Scripts/fuzz.sh all SECONDS        each target in turn, SECONDS each
#
# Each target (Fuzz/TARGET/main.swift) is compiled with swiftc -sanitize=fuzzer,address
# (FUZZ_SANITIZERS=fuzzer to drop AddressSanitizer). The decoder targets compile
# MetroKit's sources into their own module, so internal types are reachable; the
# Arguments target links MetroKit, MetroTesting and MetroBuddyCLI built as modules.
# Seeds come from Tests/Fixtures/fuzz/TARGET/, which `swift test` replays; the corpus
# grows in $FUZZ_WORK (default /tmp/metrobuddy-fuzz), never in the source tree.
# A failing input is written to $FUZZ_WORK/artifacts/; copy it into
# Tests/Fixtures/fuzz/TARGET/ so that `swift test` replays it from then on.
#
# Prints one line per target: seconds, executions, coverage, features, corpus, crashes.
# Exits 1 when any target found a failing input, 2 on a usage or build error.
# Needs only the Swift toolchain (its clang runtime provides libFuzzer and ASan).
set -euo pipefail

targets=(StateDecoder JournalDecoder LogDecoder JSONParser Arguments)
usage() {
  echo "usage: $0 {$(IFS=\|; echo "${targets[*]}")|all} SECONDS" >&2
  exit 2
}
[[ $# -eq 2 && $2 =~ ^[0-9]+$ && $2 -gt 0 ]] || usage
if [[ $1 == all ]]; then
  selected=("${targets[@]}")
else
  [[ " ${targets[*]} " == *" $1 "* ]] || usage
  selected=("$1")
fi
seconds=$2

root="$(cd "$(dirname "$0")/.." && pwd)"
work="${FUZZ_WORK:-/tmp/metrobuddy-fuzz}"
sanitizers="${FUZZ_SANITIZERS:-fuzzer,address}"
swiftc="${SWIFTC:-swiftc}"
mkdir -p "$work/bin" "$work/modules" "$work/artifacts" "$work/logs"

# Every .swift file under a source folder, in a stable order.
sources() { find "$root/Sources/$1" -name '*.swift' | LC_ALL=C sort; }

# -O keeps Swift's overflow and bounds checks (they trap, which libFuzzer reports);
# DEBUG matches the configuration `swift test` replays the fixtures in.
# One package name for every module, as SwiftPM gives them, so `package` declarations resolve.
flags=(-O -g -D DEBUG -parse-as-library -swift-version 6 -package-name metrobuddy)
# lld links the sanitizer runtimes without gold's flood of "Cannot export local symbol".
link=()
if "$swiftc" -print-target-info >/dev/null 2>&1 && [[ -x "$(dirname "$(command -v "$swiftc")")/ld.lld" ]]; then
  link=(-use-ld=lld)
fi

build_module() { # NAME: an object file and a .swiftmodule, instrumented but not linked
  local name=$1
  mapfile -t files < <(sources "$name")
  "$swiftc" "${flags[@]}" -sanitize="$sanitizers" -enable-testing -wmo -module-name "$name" \
    -I "$work/modules" -emit-module -emit-module-path "$work/modules/$name.swiftmodule" \
    -c "${files[@]}" -o "$work/modules/$name.o"
}

build() { # TARGET
  local target=$1
  echo "== building $target" >&2
  if [[ $target == Arguments ]]; then
    build_module MetroKit
    build_module MetroTesting
    build_module MetroBuddyCLI
    "$swiftc" "${flags[@]}" "${link[@]}" -sanitize="$sanitizers" -module-name FuzzArguments -I "$work/modules" \
      "$root/Fuzz/Arguments/main.swift" \
      "$work/modules/MetroKit.o" "$work/modules/MetroTesting.o" "$work/modules/MetroBuddyCLI.o" \
      -o "$work/bin/$target"
  else
    mapfile -t files < <(sources MetroKit)
    "$swiftc" "${flags[@]}" "${link[@]}" -sanitize="$sanitizers" -module-name "Fuzz$target" \
      "${files[@]}" "$root/Fuzz/$target/main.swift" -o "$work/bin/$target"
  fi
}

run() { # TARGET: fuzz for $seconds, print one summary line
  local target=$1 corpus="$work/corpus/$target" log="$work/logs/$target.log" status=0
  mkdir -p "$corpus" "$work/run/$target"
  # An empty working directory: `import FILE` with a relative name finds nothing there.
  (cd "$work/run/$target" &&
    "$work/bin/$target" "$corpus" "$root/Tests/Fixtures/fuzz/$target" -max_total_time="$seconds" \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" \
      >"$log" 2>&1) || status=$?
  local execs cov features size crashes=0
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  size=$(find "$corpus" -type f | wc -l)
  if [[ $status -ne 0 ]]; then
    crashes=1
    echo "!! $target failed (exit $status); the input and log:" >&2
    grep -m1 'Test unit written to' "$log" >&2 || true
    echo "   $log" >&2
  fi
  printf '%-15s seconds=%-5s executions=%-10s cov=%-6s ft=%-6s corpus=%-6s crashes=%s\n' \
    "$target" "$seconds" "${execs:-?}" "${cov:-?}" "${features:-?}" "$size" "$crashes"
  return "$crashes"
}

for target in "${selected[@]}"; do build "$target" || exit 2; done
failed=0
for target in "${selected[@]}"; do run "$target" || failed=1; done
exit "$failed"
