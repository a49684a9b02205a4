#!/usr/bin/env bash
# MetroKit as a library others use (issue 35, item 5), offline: a scratch
# package depends on a clone of this repository through a file:// git URL
# with a version requirement (from: a tag made in the clone), builds, and
# runs a few lines against MetroCardDataStore in a throwaway store.
#
# MetroKit is compiled with unsafe flags (Package.swift, decision 76).
# SwiftPM accepts those in a dependency reached by version only from a
# package whose tools version is 6.2 or later; this is the check that a
# rider's package can still use it.
#
# Usage: bash Scripts/library-proof.sh   (from anywhere; needs git and swift)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The clone holds what is committed; the tag, the version --version prints,
# is made in the clone (over any tag of that name there), never here.
version="$(sed -n 's/.*static let version = "\(.*\)"/\1/p' "$root/Sources/MetroBuddyCLI/MetroBuddy.swift")"
test -n "$version" || { echo "no version in Sources/MetroBuddyCLI/MetroBuddy.swift" >&2; exit 1; }
git clone --quiet --no-hardlinks "$root" "$scratch/metrobuddy"
git -C "$scratch/metrobuddy" -c user.name=proof -c user.email=proof@localhost tag -f -a "$version" -m proof >/dev/null

mkdir -p "$scratch/rider/Sources/rider"
cat >"$scratch/rider/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "rider",
  dependencies: [.package(url: "file://$scratch/metrobuddy", from: "$version")],
  targets: [
    .executableTarget(name: "rider", dependencies: [.product(name: "MetroKit", package: "metrobuddy")])
  ]
)
EOF
cat >"$scratch/rider/Sources/rider/main.swift" <<'EOF'
import FoundationEssentials
import MetroKit

// A store in a folder of its own, written as the device "proof".
let folder = CommandLine.arguments[1]
let store: any MetroCardDataStore = DeviceLogStore(
  directory: folder + "/store", identity: DeviceIdentity(override: "proof", file: folder + "/device"),
  cacheDirectory: folder + "/cache")
let card = try store.addCard(named: "work", settings: CardSettings(), balance: Money(minorUnits: 2000))
_ = try store.apply([.balance(.reload(Money(minorUnits: 1000), key: "payday"))], to: card)
let after = try store.apply([.balance(.swipe(count: 2))], toCardNamed: "work")
let history = try store.cardHistory(named: "work")
print("balance \(after.card.snapshot.balance.minorUnits), \(history.updates.count) updates")
EOF

# Resolving and building reads only the clone: no network.
(cd "$scratch/rider" && swift build --quiet 2>&1 | grep -v '^warning: ' || true)
bin="$(cd "$scratch/rider" && swift build --show-bin-path)/rider"
test -x "$bin" || { echo "the scratch package did not build" >&2; exit 1; }
mkdir -p "$scratch/data"
out="$("$bin" "$scratch/data")"
echo "$out"
# $20.00 + $10.00 - 2 x $3.00 (an OMNY card's fare, the default kind).
test "$out" = "balance 2400, 3 updates" || { echo "unexpected: $out" >&2; exit 1; }
echo "MetroKit builds and runs as a dependency at $version through file://"
