#!/usr/bin/env bash
# Builds MetroKit's documentation with the toolchain's own docc: no package
# plugin. Emits MetroKit's symbol graph during a build, then converts it with
# Sources/MetroKit/MetroKit.docc into a static site.
# Usage: Scripts/build-docs.sh [OUTPUT-DIR]   (default .build/docs/MetroKit.doccarchive)
# Environment: DOCC (default: docc beside swift, then docc on PATH),
#              SCRATCH (build directory, default .build/docs-build).
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build/docs/MetroKit.doccarchive}"
scratch="${SCRATCH:-.build/docs-build}"
docc="${DOCC:-$(dirname "$(readlink -f "$(command -v swift)")")/docc}"
[ -x "$docc" ] || docc="$(command -v docc || true)"
[ -x "$docc" ] || { echo "build-docs.sh: cannot find docc; set DOCC" >&2; exit 1; }

graphs="$scratch/symbol-graphs"
rm -rf "$graphs"
mkdir -p "$graphs"
echo "== symbol graph of MetroKit"
swift build --scratch-path "$scratch" --target MetroKit \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
# The build also writes graphs for the modules MetroKit extends; keep MetroKit's own.
find "$graphs" -name '*.symbols.json' ! -name 'MetroKit.symbols.json' ! -name 'MetroKit@*.symbols.json' -delete

echo "== docc convert"
rm -rf "$output"
mkdir -p "$(dirname "$output")"
"$docc" convert Sources/MetroKit/MetroKit.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name MetroKit --fallback-bundle-identifier org.metrobuddy.MetroKit \
  --transform-for-static-hosting --output-path "$output"
echo "wrote $output (open index.html through a web server, or serve the folder as static files)"
