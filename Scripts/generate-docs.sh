#!/usr/bin/env bash
# Regenerates man/metrobuddy.1 and docs/commands.md from the command definitions
# (ManPage.render() and MarkdownReference.render() in MetroBuddyCLI). Run it after
# changing a command's definition, and commit both: the tests "man/metrobuddy.1 is
# what the definitions generate" and "docs/commands.md is what the definitions
# generate" fail until then.
# Extra arguments go to swift build and swift test, e.g. --scratch-path DIR.
# Usage: Scripts/generate-docs.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests "$@"
# The drift tests write the files instead of failing when METROBUDDY_RECORD_DOCS=1.
METROBUDDY_RECORD_DOCS=1 swift test --skip-build "$@" \
  --filter 'DocumentationTests/shippedManPageMatches|DocumentationTests/shippedReferenceMatches'
echo "wrote man/metrobuddy.1 and docs/commands.md"

if command -v groff >/dev/null; then
  # -ww: every warning; -z: check only. Prints nothing when the page is clean.
  groff -man -Tutf8 -ww -z man/metrobuddy.1
  groff -man -ww -z man/metrobuddy.1
  echo "groff: no warnings"
else
  echo "groff is not installed; skipped the render check (apt-get install groff-base)"
fi
