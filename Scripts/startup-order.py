#!/usr/bin/env python3
"""Writes the order in which the linker lays out the code the hot commands run.

Usage: startup-order.py BINARY MAP [OUTPUT]   (OUTPUT: Sources/metrobuddy/startup.order)

BINARY is a release build and MAP its link map, for instance:

  swift build -c release --static-swift-stdlib -Xswiftc -static-executable \
    --product metrobuddy -Xlinker -Map=/tmp/metrobuddy.map
  python3 Scripts/startup-order.py .build/release/metrobuddy /tmp/metrobuddy.map

Runs BINARY under valgrind's lackey for `--version`, `show`, `balance`,
`swipe`, `reload 1` and `history --limit 10` on a store of 10,000 updates
whose fold cache is warm (as the benchmark's is), maps every instruction
executed to the function symbol that holds it and every byte read or written
to the data symbol that holds it, and writes those symbols one a line: the
functions, first the ones every command runs, then the ones fewer run, each
group in the binary's own order; then the data (the runtime's caches and
once-tokens, our globals) in the same way. A function in an input section of
more than 16 KiB (the standard library's, glibc's few large objects) goes
last (the link map says which): moving it moves the whole section. `Package.swift` passes the file to
lld as `--symbol-ordering-file` for release builds, so the code a command runs
sits in a few hundred kilobytes instead of being spread over eight megabytes
(DECISIONS.md, decision 65). A symbol the code no longer has is skipped by the
linker; rerun this script after large changes to the hot path and commit the
file. Needs valgrind and binutils' nm.
"""
import bisect
import collections
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

COMMANDS = [["--version"], ["show"], ["balance"], ["swipe"], ["reload", "1"], ["history", "--limit", "10"]]
LARGE_SECTION = 16 * 1024


def symbols_of(binary, kinds):
    """(address, name) of every symbol of one of `kinds` (nm's letters), by address."""
    symbols = []
    listing = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True, check=True)
    for line in listing.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in kinds:
            symbols.append((int(parts[0], 16), parts[2]))
    return symbols


def large_sections(map_file):
    """The address ranges of the input sections of more than LARGE_SECTION bytes, from
    the link map of the same binary (lld's `-Map`)."""
    ranges = []
    for line in open(map_file):
        match = re.match(r"^\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ {9}(\S.*)$", line.rstrip("\n"))
        if match and ".text" in match.group(3) and int(match.group(2), 16) > LARGE_SECTION:
            start = int(match.group(1), 16)
            ranges.append((start, start + int(match.group(2), 16)))
    return ranges


def touched(binary, argv, env, tables):
    """The symbols of each table (functions, data) that the command executed or read or wrote."""
    with tempfile.NamedTemporaryFile() as trace:
        subprocess.run(
            ["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + trace.name, binary, *argv],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        found = [set() for _ in tables]
        for line in open(trace.name):
            match = re.match(r"^(I| [LSM])\s+([0-9a-f]+),", line)
            if not match:
                continue
            symbols, starts = tables[0] if match.group(1) == "I" else tables[1]
            names = found[0] if match.group(1) == "I" else found[1]
            index = bisect.bisect_right(starts, int(match.group(2), 16)) - 1
            if index >= 0:
                names.add(symbols[index][1])
        return found


def main():
    binary, map_file = os.path.abspath(sys.argv[1]), sys.argv[2]
    output = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "metrobuddy", "startup.order")
    functions = symbols_of(binary, "tTwWiI")
    data = symbols_of(binary, "dDbBrRvV")
    tables = [(table, [where for where, _ in table]) for table in (functions, data)]
    address = {name: where for where, name in functions + data}
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, HOME=os.path.join(work, "home"), TZ="UTC", LANG="C")
        for name in ("METROBUDDY_STORE", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "LC_ALL", "LC_MESSAGES"):
            env.pop(name, None)
        os.mkdir(env["HOME"])
        store = os.path.join(work, "store")
        csv = os.path.join(work, "h.csv")
        bench.make_csv(csv, 10000)
        for arguments in (["fare", "3.00"], ["kind", "custom"], ["import", csv], ["show"]):
            subprocess.run([binary, "--store", store, *arguments], env=env, stdout=subprocess.DEVNULL, check=True)
        runs = collections.Counter()
        data_runs = collections.Counter()
        for command in COMMANDS:
            argv = command if command[0].startswith("-") else ["--store", store, *command]
            code, touched_data = touched(binary, argv, env, tables)
            runs.update(code)
            data_runs.update(touched_data)
    large = large_sections(map_file)

    def in_large_section(name):
        return any(start <= address[name] < end for start, end in large)

    names = sorted(runs, key=lambda name: (in_large_section(name), -runs[name], address[name]))
    names += sorted(data_runs, key=lambda name: (-data_runs[name], address[name]))
    with open(output, "w") as out:
        out.write("".join(name + "\n" for name in names))
    print(f"{len(runs)} functions and {len(data_runs)} data symbols written to {output}", file=sys.stderr)


if __name__ == "__main__":
    main()
