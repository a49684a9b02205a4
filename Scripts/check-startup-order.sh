#!/usr/bin/env bash
# Fails unless the release binary was linked with the start-up order
# (Sources/metrobuddy/startup.order, decision 65) and the order still names the
# code the binary has:
#   - `metrobuddy_main`, which every command runs, sits in the first 256 KiB
#     of the binary's code (without the order it is megabytes in);
#   - at least 80% of the symbols it names are in the binary. Below that the
#     hot path has changed under it: rerun Scripts/startup-order.py (its
#     docstring says how) and commit the file.
# Needs only binutils (readelf, nm).
# Usage: bash Scripts/check-startup-order.sh PATH-TO-BINARY
set -euo pipefail
binary="${1:?usage: check-startup-order.sh BINARY}"
order="$(dirname "$0")/../Sources/metrobuddy/startup.order"
symbols="$(mktemp)"
table="$(mktemp)"
trap 'rm -f "$symbols" "$table"' EXIT
nm --defined-only "$binary" >"$table"
awk '{print $3}' "$table" | sort -u >"$symbols"
listed="$(grep -c . "$order")"
present="$(sort -u "$order" | comm -12 - "$symbols" | grep -c . || true)"
text_start="$(readelf --sections --wide "$binary" | sed 's/^ *\[ */[/' | awk '$2 == ".text" {print $4}')"
first=metrobuddy_main
first_address="$(awk -v name="$first" '$3 == name {print $1}' "$table" | head -n 1)"
failed=0
if [ -z "$first_address" ] || [ $((16#$first_address - 16#$text_start)) -ge 262144 ]; then
  echo "FAIL: $first is not at the start of the code (at ${first_address:-nowhere}, the code at $text_start):"
  echo "      the binary was not linked with Sources/metrobuddy/startup.order (Package.swift)"
  failed=1
fi
if [ $((present * 100)) -lt $((listed * 80)) ]; then
  echo "FAIL: only $present of the $listed symbols in Sources/metrobuddy/startup.order are in the binary:"
  echo "      rerun Scripts/startup-order.py and commit the file"
  failed=1
fi
if [ "$failed" = 0 ]; then
  echo "ok: linked in the start-up order; $present of its $listed symbols are in the binary"
fi
exit "$failed"
