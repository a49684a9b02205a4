#!/usr/bin/env python3
"""What each command costs at a rider's scale (issue 35, item 8).

Usage: rider-scale.py BINARY [--sizes 20000,100000] [--devices 5] [--runs 11]

For each size, a store of that many updates spread over DEVICES device logs
(device k imports every DEVICES-th row of Scripts/bench.py's history, so
their times interleave; a custom card at $3.00), read once by the first
device so that its cache holds every log. Then, as the first device, the
median of RUNS runs of:

- `show`, `balance`, `swipe` and `reload 1` with the cache warm;
- `undo` of a swipe made just before it;
- `show` after another device recorded a ride that sorts before this
  device's latest (the first command after another device's rides arrived);
- `show` with no cache (a new cache folder every run);
- the whole-history commands, with their peak resident set (GNU time);
- `import` of a CSV of two rows (each run adds them again: no ids).

Then, on a second store of each size (one device; the same history with
ids, every 50th row an undo of the latest swipe: bench.make_undo_csv), the
whole-history commands and `show` with no cache, and `undo` of the whole
import (a fresh copy of the store each run).

It reports; it never fails on a time. The hot commands' ratios to the C
floor are Scripts/bench.sh's; this is the rest of item 8's list.
"""
import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the benchmark's history and runner)


def timed(argv, env):
    """Seconds and peak RSS (KiB) of one run through GNU time; exits on a failure."""
    with tempfile.NamedTemporaryFile("r") as out:
        start = time.perf_counter()
        status = subprocess.call(
            ["/usr/bin/time", "-f", "%M", "-o", out.name, *argv], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, env=env)
        seconds = time.perf_counter() - start
        if status != 0:
            sys.exit(f"{' '.join(argv[1:])} failed with exit {status}")
        return seconds, int(out.read().split()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--sizes", default="20000,100000")
    parser.add_argument("--devices", type=int, default=5)
    parser.add_argument("--runs", type=int, default=11)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    for size in (int(text) for text in options.sizes.split(",")):
        with tempfile.TemporaryDirectory() as work:
            store = os.path.join(work, "store")
            env = {"HOME": work, "TZ": "UTC", "LC_ALL": "C", "PATH": "/usr/bin:/bin"}

            def device(k, cache=None):
                return {**env, "METROBUDDY_DEVICE": f"d{k}", "XDG_CACHE_HOME": cache or os.path.join(work, f"cache{k}")}

            bench.custom_card(binary, store, device(0))
            for k in range(options.devices):
                csv = os.path.join(work, f"share-{k}.csv")
                bench.make_csv(csv, size, share=(k, options.devices))
                timed([binary, "--store", store, "import", csv], device(k))
                os.remove(csv)
            timed([binary, "--store", store, "show"], device(0))
            rows = []

            def median(name, argv, env, before=None):
                times, peaks = [], []
                for _ in range(options.runs):
                    if before:
                        before()
                    seconds, peak = timed([binary, "--store", store, *argv], env)
                    times.append(seconds)
                    peaks.append(peak)
                rows.append((name, statistics.median(times), max(peaks)))

            for argv in (["show"], ["balance"], ["swipe"], ["reload", "1"]):
                median("`" + " ".join(argv) + "`, warm", argv, device(0))
            median("`undo` of a swipe", ["undo"], device(0),
                   lambda: timed([binary, "--store", store, "swipe"], device(0)))
            # Another device's ride, dated before this device's latest swipe.
            earlier = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=1)).strftime(
                "%Y-%m-%dT%H:%M:%SZ")
            median("`show` after another device's earlier ride arrived", ["show"], device(0),
                   lambda: timed([binary, "--store", store, "swipe", "--at", earlier], device(1)))
            fresh = os.path.join(work, "fresh")
            median("`show` with no cache", ["show"], device(0, fresh), lambda: shutil.rmtree(fresh, True))
            for argv in (["history"], ["history", "--limit", "10"], ["history", "--json"], ["export"],
                         ["verify"], ["stats", "--by", "month", "--since", "2016-01-01"], ["compare"],
                         ["report"], ["report", "--format", "html"], ["report", "--all", "--format", "csv"]):
                median("`" + " ".join(argv) + "`", argv, device(0))
            # Two rows of an agency's history into the card (no ids: each run
            # adds two updates, dated the day before, as a rider's late import;
            # each run's a minute later than the last, since a file whose rows
            # all repeat the card's is refused, decision 94).
            two = os.path.join(work, "two.csv")
            day = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1)).strftime("%Y-%m-%d")
            minutes = iter(range(60))

            def two_rows():
                minute = next(minutes)
                with open(two, "w") as out:
                    out.write(f"timestamp,type,amount\n{day}T10:{minute:02d}:00Z,swipe,-3.00\n"
                              f"{day}T11:{minute:02d}:00Z,reload,5.00\n")

            median("`import` of two rows", ["import", two], device(0), two_rows)
            report(f"{size:,} updates over {options.devices} device logs", rows, options.runs)
            report(f"{size:,} updates with an undo in every 50", with_undos(binary, work, size, options.runs),
                   options.runs)


def report(title, rows, runs):
    print(f"\n{title}, medians of {runs} runs:\n")
    print("| command | time | peak RSS |")
    print("|---|---|---|")
    for name, seconds, peak in rows:
        print(f"| {name} | {seconds * 1000:.1f} ms | {peak / 1024:.1f} MiB |")


def with_undos(binary, work, size, runs):
    """The rows for a one-device store of `size` updates, an undo in every 50 (bench.make_undo_csv)."""
    base = os.path.join(work, "undos")
    store = os.path.join(base, "store")
    env = {"HOME": base, "TZ": "UTC", "LC_ALL": "C", "PATH": "/usr/bin:/bin", "METROBUDDY_DEVICE": "d0",
           "XDG_CACHE_HOME": os.path.join(base, "cache")}
    os.makedirs(base)
    bench.custom_card(binary, store, env)
    csv = os.path.join(base, "history.csv")
    bench.make_undo_csv(csv, size)
    timed([binary, "--store", store, "import", csv], env)
    os.remove(csv)
    # What an undo changes (the store, this device's cache and written mark), kept to put back before each.
    kept = ("store", "cache", ".local")
    for name in kept:
        shutil.copytree(os.path.join(base, name), os.path.join(base, "before-undo", name))

    def put_back():
        for name in kept:
            shutil.rmtree(os.path.join(base, name))
            shutil.copytree(os.path.join(base, "before-undo", name), os.path.join(base, name))

    rows = []
    for name, argv, variables, before in (
            ("`history`", ["history"], {}, None), ("`verify`", ["verify"], {}, None),
            ("`show` with no cache", ["show"], {"XDG_CACHE_HOME": os.path.join(base, "fresh")},
             lambda: shutil.rmtree(os.path.join(base, "fresh"), True)),
            ("`undo` of the whole import", ["undo"], {}, put_back)):
        times, peaks = [], []
        for _ in range(runs):
            if before:
                before()
            seconds, peak = timed([binary, "--store", store, *argv], {**env, **variables})
            times.append(seconds)
            peaks.append(peak)
        rows.append((name + " (undos)", statistics.median(times), max(peaks)))
    return rows


if __name__ == "__main__":
    main()
