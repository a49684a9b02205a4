#!/usr/bin/env python3
"""How commands scale with reload keys: a 1.0 store of N keyed reloads
(Scripts/make-keyed-store.py), upgraded by one write, against the same store
without keys; medians of alternating runs and of their ratios.

Usage: python3 Scripts/bench-keys.py BINARY [N] [RUNS]   (default 20000 keys, 11 runs)
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 11
here = os.path.dirname(os.path.abspath(__file__))
work = tempfile.mkdtemp(prefix="metrobuddy-keys-")
env = {"HOME": work + "/home", "TZ": "UTC", "PATH": "/usr/bin:/bin"}


def run(store, *arguments):
    start = time.perf_counter()
    subprocess.run([binary, "--store", store, *arguments], env=env, capture_output=True)
    return time.perf_counter() - start


keyed, plain = work + "/keyed", work + "/plain"
subprocess.run([sys.executable, here + "/make-keyed-store.py", keyed, str(count)], check=True)
subprocess.run([sys.executable, here + "/make-keyed-store.py", plain, "0"], check=True)
print(f"upgrade of {count:,} keys by one write: {run(keyed, 'reload', '1'):.2f} s")
run(plain, "reload", "1")
print(f"| command | {count:,} keys | 0 keys | ratio |")
print("|---|---|---|---|")
for arguments in (["balance"], ["show"], ["swipe"], ["reload", "1"], ["reload", "1", "--key", "new-{}"],
                  ["history", "--limit", "10"]):
    a, b, ratios = [], [], []
    for i in range(runs):
        words = [word.format(i) for word in arguments]
        ta, tb = run(keyed, *words), run(plain, *words)
        a.append(ta)
        b.append(tb)
        ratios.append(ta / tb)
    shown = " ".join(arguments).replace("{}", "N")
    print(f"| `{shown}` | {statistics.median(a) * 1000:.1f} ms | {statistics.median(b) * 1000:.1f} ms "
          f"| {statistics.median(ratios):.2f}x |")
subprocess.run(["rm", "-rf", work])
