#!/usr/bin/env bash
# Fails when a binary links test code: any symbol of the MetroTesting or
# MetroBuddyTestHooks modules (Swift mangles a module name as its length and
# name, e.g. 12MetroTesting, so a plain match on the name finds them all).
# Usage: bash Scripts/check-release-symbols.sh PATH-TO-BINARY
set -euo pipefail
binary="${1:?usage: check-release-symbols.sh BINARY}"
symbols="$(nm "$binary")"
leaked="$(grep -cE 'MetroTesting|MetroBuddyTestHooks' <<<"$symbols" || true)"
if [ "$leaked" -ne 0 ]; then
  echo "FAIL: $binary holds $leaked symbols of test-only modules, such as:"
  grep -m 5 -E 'MetroTesting|MetroBuddyTestHooks' <<<"$symbols"
  exit 1
fi
echo "ok: $binary holds no MetroTesting or MetroBuddyTestHooks symbols ($(wc -l <<<"$symbols") symbols in all)"
