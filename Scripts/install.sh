#!/usr/bin/env bash
# Builds the fully static release binary (no shared library, no dynamic loader)
# and installs it with its man page and shell completions under PREFIX (default ~/.local):
#   PREFIX/bin/metrobuddy
#   PREFIX/share/man/man1/metrobuddy.1
#   PREFIX/share/bash-completion/completions/metrobuddy
#   PREFIX/share/zsh/site-functions/_metrobuddy
#   PREFIX/share/fish/vendor_completions.d/metrobuddy.fish
# METROBUDDY_BINARY=PATH installs that binary instead of building one (the tests
# use the debug build this way).
# Usage: [PREFIX=DIR] Scripts/install.sh
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-${HOME:?set HOME or PREFIX}/.local}"

if [ -n "${METROBUDDY_BINARY:-}" ]; then
  binary="$METROBUDDY_BINARY"
else
  swift build -c release --static-swift-stdlib -Xswiftc -static-executable
  binary="$(swift build -c release --static-swift-stdlib -Xswiftc -static-executable --show-bin-path)/metrobuddy"
fi
test -x "$binary" || { echo "install.sh: $binary is not an executable" >&2; exit 1; }

# Generate the completions before installing anything, so a binary that cannot
# run leaves PREFIX as it was. METROBUDDY_STORE only lets the command start when
# HOME is unset; writing a script reads no store.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for shell in bash zsh fish; do
  METROBUDDY_STORE="${METROBUDDY_STORE:-$scratch/unused-store}" "$binary" completion "$shell" >"$scratch/$shell"
done

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$prefix/bin/metrobuddy"
install -m 644 man/metrobuddy.1 "$prefix/share/man/man1/metrobuddy.1"
install -m 644 "$scratch/bash" "$prefix/share/bash-completion/completions/metrobuddy"
install -m 644 "$scratch/zsh" "$prefix/share/zsh/site-functions/_metrobuddy"
install -m 644 "$scratch/fish" "$prefix/share/fish/vendor_completions.d/metrobuddy.fish"

echo "installed metrobuddy $("$prefix/bin/metrobuddy" --version) in $prefix"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH" ;;
esac
