#!/usr/bin/env python3
"""Benchmark metrobuddy as whole processes: medians of alternating runs.

Usage: bench.py BINARY FLOOR [--hello HELLO] [--peak PEAK] [--runs N] [--sizes 1,10000,100000] [--smoke]
                [--baseline OLD_BINARY] [--devices N]

Builds stores of each size through `metrobuddy import`, then times each
command at the largest size in alternation with the same command at 1 update
and with the C floor (Scripts/bench/floor.c: the least a durable swipe can
do), and `--version` in alternation with HELLO (a Swift program that only
prints, linked as BINARY is), and reports the median of the per-pair ratios,
the medians of the times, and peak memory (the largest resident set, from
wait4's rusage, of runs through PEAK, Scripts/bench/peak.c built). `show`
and `swipe` run with N device logs (100 by default) against one device: the
largest history spread over them, and a few records in each. The
whole-history commands are timed at every size but the smallest, with their
peak memory. Where ledger or hledger are installed
it times them on equivalent journals.
Every program it times is first copied into its work directory, as an
install would (`copied`: a linker's freshly written output starts slower).
It reports; it never fails on a time.
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
import uuid


PEAK = None  # Scripts/bench/peak.c, built: runs a command and writes its peak RSS to a file


def run(argv, env=None):
    """Runs a command; returns (seconds, peak RSS in KiB, exit status).

    The peak RSS is the command's own only through PEAK: Linux carries the
    largest resident set across exec, so a command started from here reports
    at least Python's. Without PEAK it is None. The hot commands are timed
    without it (it adds a fork and an exec); `measure` goes through it."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, _ = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, None, os.waitstatus_to_exitcode(status)


def measure(argv, env=None):
    """Runs a command through PEAK when there is one; returns (seconds, peak RSS in KiB or None, exit status)."""
    if PEAK is None:
        return run(argv, env)
    with tempfile.NamedTemporaryFile("r") as out:
        seconds, _, status = run([PEAK, out.name, *argv], env)
        text = out.read().strip()
        return seconds, int(text) if text else None, status


def mib(kib):
    return "n/a" if kib is None else f"{kib / 1024:.1f} MiB"


HISTORY_START = datetime.datetime(2016, 1, 1, tzinfo=datetime.timezone.utc)


def make_csv(path, count, share=None):
    """A history of `count` updates: a large opening reload, then swipes with a reload every 20.

    They are 50 minutes apart from 2016, closer when that would reach past
    yesterday (past about 100,000 updates): a history that ends in the future
    would make every swipe of the benchmark a backdated one. With `share`
    (device, devices), only the rows whose place modulo `devices` is
    `device`: the same history spread over that many devices."""
    base = HISTORY_START
    room = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1) - base
    step = min(3000, int(room.total_seconds()) // max(count, 1))
    device, devices = share or (0, 1)
    with open(path, "w") as out:
        out.write("timestamp,type,amount\n")
        if device == 0:
            out.write(f"{base:%Y-%m-%dT%H:%M:%SZ},reload,100000\n")
        for i in range(1, count):
            if i % devices != device:
                continue
            moment = base + datetime.timedelta(seconds=step * i)
            kind, amount = ("reload", "60.00") if i % 20 == 0 else ("swipe", "-3.00")
            out.write(f"{moment:%Y-%m-%dT%H:%M:%SZ},{kind},{amount}\n")


def make_undo_csv(path, count, every=50):
    """make_csv's history with ids, where every `every`-th row is an undo of the latest swipe
    not yet taken back (a rider who corrects a mistaken swipe now and then), as an export
    writes undos (the `id` and `undoes` columns)."""
    base = HISTORY_START
    room = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1) - base
    step = min(3000, int(room.total_seconds()) // max(count, 1))
    with open(path, "w") as out:
        out.write("timestamp,type,amount,id,undoes\n")
        out.write(f"{base:%Y-%m-%dT%H:%M:%SZ},reload,100000,{uuid.UUID(int=1)},\n")
        latest = None
        for i in range(1, count):
            moment = base + datetime.timedelta(seconds=step * i)
            row = uuid.UUID(int=i + 1)
            if i % every == 0 and latest:
                out.write(f"{moment:%Y-%m-%dT%H:%M:%SZ},undo,3.00,{row},{latest}\n")
                latest = None
                continue
            kind, amount = ("reload", "60.00") if i % 20 == 0 else ("swipe", "-3.00")
            out.write(f"{moment:%Y-%m-%dT%H:%M:%SZ},{kind},{amount},{row},\n")
            if kind == "swipe":
                latest = row


def make_commuter_csv(path, count):
    """A commuter's history of `count` updates ending an hour ago on an OMNY card: two rides a day,
    each charged by New York's dated rules as metrobuddy applies them (the fare of the day; from
    2023-08-20 a cap of $34.00, from 2026-01-04 $35.00, per 7 days from the first paid ride, the ride
    that reaches it paying the rest and later rides nothing), and a $50 reload every 20 updates."""
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    rides = count - 1 - (count - 1) // 20
    start = now - datetime.timedelta(hours=1) - datetime.timedelta(hours=12) * max(rides - 1, 0)
    week = datetime.timedelta(days=7)

    def fare_and_cap(moment):
        day = moment.date()
        if day >= datetime.date(2026, 1, 4):
            return 300, 3500
        if day >= datetime.date(2023, 8, 20):
            return 290, 3400
        return 275, None

    with open(path, "w") as out:
        out.write("timestamp,type,amount,fare,mode,reason\n")
        out.write(f"{start - datetime.timedelta(minutes=1):%Y-%m-%dT%H:%M:%SZ},reload,1000.00,,,\n")
        period_start, paid, ride = None, 0, 0
        for i in range(1, count):
            moment = start + datetime.timedelta(hours=12) * ride
            if i % 20 == 0:
                out.write(f"{moment - datetime.timedelta(minutes=1):%Y-%m-%dT%H:%M:%SZ},reload,60.00,,,\n")
                continue
            ride += 1
            fare, cap = fare_and_cap(moment)
            if cap is None:
                charge, reason = fare, "paid"
            else:
                if period_start is not None and moment < period_start + week:
                    left = max(0, cap - paid)
                else:
                    left = cap
                charge = min(fare, left)
                reason = "capped" if charge == 0 else ("partial" if charge < fare else "paid")
                if charge > 0:
                    if period_start is None or moment >= period_start + week:
                        period_start, paid = moment, 0
                    paid += charge
            out.write(
                f"{moment:%Y-%m-%dT%H:%M:%SZ},swipe,-{charge // 100}.{charge % 100:02d},"
                f"{fare // 100}.{fare % 100:02d},subway,{reason}\n")


def make_ledger(path, count):
    base = datetime.date(2016, 1, 1)
    with open(path, "w") as out:
        out.write(f"{base} Opening\n    Assets:MetroCard  $100000.00\n    Equity:Opening\n\n")
        for i in range(1, count):
            day = base + datetime.timedelta(days=i // 20)
            if i % 20 == 0:
                out.write(f"{day} Reload\n    Assets:MetroCard  $60.00\n    Assets:Bank\n\n")
            else:
                out.write(f"{day} Swipe\n    Expenses:Transit  $3.00\n    Assets:MetroCard\n\n")


def copied(program, work):
    """A copy of `program` in `work`, written as `install` or `cp` writes a file.

    A file a linker has just written starts slower than the same file copied
    (likely the page cache holding the linker's output, written through a
    mapping, in smaller pieces): on this project's machine a static Swift
    hello started in 0.68 ms from the linker's output and in 0.53 ms from a
    copy (decision 65). The
    programs compared are all copied, so that none is timed the linker's way
    and another the installed way."""
    target = os.path.join(work, "bin", os.path.basename(program))
    while os.path.exists(target):
        target += "-"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(program, target)
    os.chmod(target, 0o755)
    return target


def median_pairs(first, second, runs, env):
    """Runs two commands alternately; returns medians of each and of first/second, and first's peak RSS (one more run)."""
    a, b, ratios = [], [], []
    for _ in range(runs):
        ta, _, _ = run(first, env)
        tb, _, _ = run(second, env)
        a.append(ta)
        b.append(tb)
        ratios.append(ta / tb)
    return statistics.median(a), statistics.median(b), statistics.median(ratios), measure(first, env)[1]


def custom_card(program, store, env):
    """Makes the store's default card a custom card at $3.00 with no cap, before anything else.

    The generic histories hold far more than an OMNY card may ($315.00, and
    at most $136.00 loaded in 72 hours: issue 21), so their reloads would be
    refused; a custom card has no such limit. The commuter stays an OMNY card."""
    for arguments in (["fare", "3.00"], ["kind", "custom"]):
        _, _, status = run([program, "--store", store, *arguments], env)
        if status != 0:
            sys.exit(f"{' '.join(arguments)} on {store} failed with exit {status}")


def many_devices(binary, work, env, large, devices, runs, mb):
    """`show` and `swipe` with many device logs against one device (the goal: within 1.5x).

    Two stores: the largest size's history spread over `devices` logs (each
    device imports its share, every `devices`-th row), and `devices` devices
    of a few records each (a reload and two swipes, each its own command)
    against one device that recorded the same commands. Commands run as the
    first device, after one read has folded every log into its cache."""
    def build(store, device, *arguments):
        _, _, status = run([binary, "--store", store, *arguments], {**env, "METROBUDDY_DEVICE": device})
        if status != 0:
            sys.exit(f"{' '.join(arguments)} as {device} failed with exit {status}")

    spread = os.path.join(work, f"spread-{devices}")
    few, one = os.path.join(work, f"few-{devices}"), os.path.join(work, "few-1")
    for store in (spread, few, one):
        custom_card(binary, store, {**env, "METROBUDDY_DEVICE": "d0"})
    for device in range(devices):
        csv = os.path.join(work, f"share-{device}.csv")
        make_csv(csv, large, share=(device, devices))
        build(spread, f"d{device}", "import", csv)
        os.remove(csv)
    for device in range(devices):
        for arguments in (["reload", "50"], ["swipe"], ["swipe"]):
            build(few, f"d{device}", *arguments)
            build(one, "d0", *arguments)
    as_d0 = {**env, "METROBUDDY_DEVICE": "d0"}
    print()
    print(f"{devices} device logs against one device (commands as the first device; the goal is 1.5x):")
    print()
    print("| command | store | many devices | one device | ratio |")
    print("|---|---|---|---|---|")
    cases = (
        (f"{large:,} updates, 1/{devices} in each log", spread, mb(large)[2], env),
        (f"3 records in each log, {3 * devices} in all", few, one, as_d0))
    for name, store, single, single_env in cases:
        run([binary, "--store", store, "balance"], as_d0)  # folds every log into d0's cache once
        run([binary, "--store", single, "balance"], single_env)
        for arguments in (["show"], ["swipe"]):
            a, b, ratios = [], [], []
            for _ in range(runs):
                ta, _, _ = run([binary, "--store", store, *arguments], as_d0)
                tb, _, _ = run([binary, "--store", single, *arguments], single_env)
                a.append(ta)
                b.append(tb)
                ratios.append(ta / tb)
            print(
                f"| `{' '.join(arguments)}` | {name} | {statistics.median(a) * 1000:.2f} ms "
                f"| {statistics.median(b) * 1000:.2f} ms | {statistics.median(ratios):.2f}x |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("floor")
    parser.add_argument(
        "--hello", metavar="BINARY", help="a Swift program that only prints, linked as BINARY is: `--version` against it")
    parser.add_argument("--peak", metavar="PEAK", help="Scripts/bench/peak.c, built, for the peak RSS figures")
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("--sizes", default="1,10000,100000")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes and runs, to keep the script working")
    parser.add_argument(
        "--devices", type=int, default=100, help="how many device logs the many-devices case spreads a history over")
    parser.add_argument(
        "--baseline", metavar="BINARY",
        help="an older metrobuddy to compare with: the hot commands alternate between the two, each on its own store")
    options = parser.parse_args()
    global PEAK
    PEAK = os.path.abspath(options.peak) if options.peak else None
    sizes = [1, 100] if options.smoke else [int(s) for s in options.sizes.split(",")]
    runs = 3 if options.smoke else options.runs
    work = tempfile.mkdtemp(prefix="metrobuddy-bench-")
    env = {"HOME": work, "TZ": "UTC", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    binary = copied(options.binary, work)
    options.floor = copied(options.floor, work)
    if options.hello:
        options.hello = copied(options.hello, work)
    if options.baseline:
        options.baseline = copied(options.baseline, work)
    try:
        stores = {}
        for size in sizes:
            csv = os.path.join(work, f"history-{size}.csv")
            make_csv(csv, size)
            store = os.path.join(work, f"store-{size}")
            custom_card(binary, store, env)
            seconds, _, status = run([binary, "--store", store, "import", csv], env)
            if status != 0:
                sys.exit(f"import of {size} updates failed with exit {status}")
            stores[size] = store
            print(f"built a store of {size} updates by import in {seconds:.2f} s")
        floor_store = os.path.join(work, "floor")
        os.mkdir(floor_store)
        small, large = sizes[0], sizes[-1]

        def mb(size, *arguments):
            return [binary, "--store", stores[size], *arguments]

        print()
        print(f"Medians of {runs} alternating runs; ratios are medians of per-pair ratios.")
        print()
        if options.hello:
            t_version, t_hello, ratio, rss = median_pairs([binary, "--version"], [options.hello], runs, env)
            print("| startup | time | Swift hello, linked the same way | ratio to hello | peak RSS |")
            print("|---|---|---|---|---|")
            print(f"| `--version` | {t_version * 1000:.2f} ms | {t_hello * 1000:.2f} ms | {ratio:.2f}x | {mib(rss)} |")
            print()
        print(f"| command at {large:,} updates | time | at {small} update | ratio | floor.c | ratio to floor | peak RSS |")
        print("|---|---|---|---|---|---|---|")
        for arguments in (["swipe"], ["reload", "1"], ["balance"], ["show"]):
            t_large, t_small, flat, rss = median_pairs(mb(large, *arguments), mb(small, *arguments), runs, env)
            t_cmd, t_floor, to_floor, _ = median_pairs(mb(large, *arguments), [options.floor, floor_store], runs, env)
            print(
                f"| `{' '.join(arguments)}` | {t_large * 1000:.2f} ms | {t_small * 1000:.2f} ms | {flat:.2f}x "
                f"| {t_floor * 1000:.2f} ms | {to_floor:.2f}x | {mib(rss)} |")
        if options.baseline:
            baseline = os.path.abspath(options.baseline)
            base_store = os.path.join(work, f"baseline-{large}")
            csv = os.path.join(work, f"history-{large}.csv")
            custom_card(baseline, base_store, env)
            _, _, status = run([baseline, "--store", base_store, "import", csv], env)
            if status != 0:
                sys.exit(f"the baseline's import of {large} updates failed with exit {status}")
            print()
            print(f"| command at {large:,} updates | this build | baseline | ratio this/baseline |")
            print("|---|---|---|---|")
            for arguments in (["swipe"], ["reload", "1"], ["balance"], ["show"]):
                t_new, t_base, ratio, _ = median_pairs(
                    mb(large, *arguments), [baseline, "--store", base_store, *arguments], runs, env)
                print(f"| `{' '.join(arguments)}` | {t_new * 1000:.2f} ms | {t_base * 1000:.2f} ms | {ratio:.2f}x |")
        # Three devices: the same number of updates, a third recorded on each
        # device (each imports its own history into its own log); commands run
        # as the first device, against the single-device store of the same size.
        three = os.path.join(work, f"three-{large}")
        custom_card(binary, three, {**env, "METROBUDDY_DEVICE": "d1"})
        for index, device in enumerate(("d1", "d2", "d3")):
            csv = os.path.join(work, f"third-{device}.csv")
            make_csv(csv, large, share=(index, 3))
            _, _, status = run([binary, "--store", three, "import", csv], {**env, "METROBUDDY_DEVICE": device})
            if status != 0:
                sys.exit(f"device {device}'s import failed with exit {status}")
        as_d1 = {**env, "METROBUDDY_DEVICE": "d1"}
        run([binary, "--store", three, "balance"], as_d1)  # d1 folds the others' logs once
        print()
        print(f"Three devices, {large:,} updates in all (a third in each device's log), against one device:")
        print()
        print(f"| command | three devices | one device | ratio |")
        print("|---|---|---|---|")
        for arguments in (["swipe"], ["reload", "1"], ["balance"], ["show"]):
            a, b, ratios = [], [], []
            for _ in range(runs):
                ta, _, _ = run([binary, "--store", three, *arguments], as_d1)
                tb, _, _ = run(mb(large, *arguments), env)
                a.append(ta)
                b.append(tb)
                ratios.append(ta / tb)
            print(
                f"| `{' '.join(arguments)}` | {statistics.median(a) * 1000:.2f} ms | {statistics.median(b) * 1000:.2f} ms "
                f"| {statistics.median(ratios):.2f}x |")
        # Many devices: at the largest size up to 100,000 (the issue's), so
        # that the opt-in 1,000,000 does not import a million rows a hundred
        # times over.
        spread_size = max(size for size in sizes if size <= 100000)
        many_devices(binary, work, env, spread_size, 5 if options.smoke else options.devices, runs, mb)
        # Two rides a day: 100,000 updates reach back to 1896, a million to the
        # year 726, which an import refuses (exit 65); the commuter stops at
        # 100,000.
        commuter = min(large, 100000)
        commuters = {}
        for size in (30, commuter):
            csv = os.path.join(work, f"commuter-{size}.csv")
            make_commuter_csv(csv, size)
            store = os.path.join(work, f"commuter-{size}")
            _, _, status = run([binary, "--store", store, "import", csv], env)
            if status != 0:
                sys.exit(f"import of the commuter's {size} updates failed with exit {status}")
            # An OMNY card holds at most $315.00: the history's balance set
            # within it, so that `reload 1` is a reload, not a refusal.
            _, _, status = run([binary, "--store", store, "balance", "100"], env)
            if status != 0:
                sys.exit(f"balance 100 on the commuter's {size} updates failed with exit {status}")
            commuters[size] = store
        print()
        print("A commuter (OMNY card, two rides a day, charged by the dated rules and the 7-day cap):")
        print()
        print(f"| command, commuter | at {commuter:,} updates | at 30 updates | ratio |")
        print("|---|---|---|---|")
        for arguments in (["swipe"], ["swipe", "--mode", "bus"], ["reload", "1"], ["balance"], ["show"]):
            t_large, t_small, flat, _ = median_pairs(
                [binary, "--store", commuters[commuter], *arguments], [binary, "--store", commuters[30], *arguments],
                runs, env)
            print(f"| `{' '.join(arguments)}` | {t_large * 1000:.2f} ms | {t_small * 1000:.2f} ms | {flat:.2f}x |")
        t_history, t_show, ratio, _ = median_pairs(mb(large, "history", "--limit", "10"), mb(large, "show"), runs, env)
        print()
        print(f"`history --limit 10` at {large:,}: {t_history * 1000:.2f} ms, {ratio:.2f}x `show` ({t_show * 1000:.2f} ms)")
        # Whole history: every size but the smallest (all of them when there is
        # one), the median time and the peak RSS of a few runs of each.
        whole_sizes = sizes[1:] or sizes
        repeats = max(3, runs // 8)

        def measured(results):
            times = [seconds for seconds, _, _ in results]
            peaks = [rss for _, rss, _ in results if rss is not None]
            cell = f"{statistics.median(times):.3f} s, {mib(max(peaks) if peaks else None)}"
            failed = sorted({status for _, _, status in results if status != 0})
            if failed:
                cell += f" (exit {', '.join(map(str, failed))}!)"
            return cell

        print()
        print(f"Whole-history commands: median time of {repeats} runs, peak RSS.")
        print()
        header = "| whole-history command | " + " | ".join(f"{size:,} updates" for size in whole_sizes)
        if options.baseline:
            header += f" | baseline at {large:,}"
        print(header + " |")
        print("|---|" + "---|" * (len(whole_sizes) + (1 if options.baseline else 0)))
        # `stats` over the whole history: every month from the first update's.
        whole_stats = ["stats", "--by", "month", "--since", f"{HISTORY_START:%Y-%m-%d}"]
        for arguments in (
                ["history"], ["history", "--json"], ["export"], ["export", "--format", "csv"], ["verify"], whole_stats):
            cells = [measured([measure(mb(size, *arguments), env) for _ in range(repeats)]) for size in whole_sizes]
            if options.baseline:  # a build older than `stats` shows its exit status
                cells.append(measured([measure([baseline, "--store", base_store, *arguments], env) for _ in range(repeats)]))
            print(f"| `{' '.join(arguments)}` | " + " | ".join(cells) + " |")
        def import_cell(program, size, name, suffix="csv"):
            """Three imports of the history of `size` updates, each into a new store."""
            history = os.path.join(work, f"history-{size}.{suffix}")
            results = []
            for attempt in range(3):
                store = os.path.join(work, f"{name}-{size}-{attempt}")
                results.append(measure([program, "--store", store, "import", history], env))
                shutil.rmtree(store, ignore_errors=True)
            return measured(results)

        cells = [import_cell(binary, size, "import") for size in whole_sizes]
        if options.baseline:
            cells.append(import_cell(baseline, large, "baseline-import"))
        print("| `import` of the CSV into a new store (one transaction) | " + " | ".join(cells) + " |")
        # The JSON `export` writes of each store, imported into a new store.
        for size in whole_sizes:
            with open(os.path.join(work, f"history-{size}.json"), "wb") as out:
                subprocess.run(mb(size, "export"), env=env, stdout=out, check=True)
        cells = [import_cell(binary, size, "import-json", "json") for size in whole_sizes]
        if options.baseline:
            cells.append(import_cell(baseline, large, "baseline-import-json", "json"))
        print("| `import` of its JSON export into a new store | " + " | ".join(cells) + " |")

        peers = [(name, shutil.which(name)) for name in ("ledger", "hledger")]
        peers = [(name, path) for name, path in peers if path]
        if peers:
            print()
            print("| peer, balance of a journal | " + " | ".join(f"{size:,} transactions" for size in sizes) + " |")
            print("|---|" + "---|" * len(sizes))
            for name, path in peers:
                cells = []
                for size in sizes:
                    journal = os.path.join(work, f"ledger-{size}.journal")
                    if not os.path.exists(journal):
                        make_ledger(journal, size)
                    times = [run([path, "-f", journal, "balance"], env)[0] for _ in range(max(3, runs // 8))]
                    cells.append(f"{statistics.median(times) * 1000:.1f} ms")
                print(f"| {name} | " + " | ".join(cells) + " |")
        else:
            print()
            print("ledger and hledger are not installed (apt-get install ledger hledger to compare).")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
