#!/usr/bin/env python3
"""Decision 89's measurement: saving a cache file by a temporary file renamed
over it, against rewriting it in place, on the file system of DIR.

    python3 Scripts/bench/rewrite-vs-rename.py [DIR] [SIZE]

Medians of 200 saves of SIZE bytes (default 16,000, the benchmark store's
cache), each way, twice, alternating. No fsync, as the cache is never synced.
Reports; asserts nothing."""
import os
import statistics
import sys
import tempfile
import time

folder = tempfile.mkdtemp(dir=sys.argv[1] if len(sys.argv) > 1 else None)
size = int(sys.argv[2]) if len(sys.argv) > 2 else 16000
path = os.path.join(folder, "meaning.json")
data = b"x" * size
with open(path, "wb") as out:
    out.write(data)


def renamed():
    start = time.perf_counter()
    temporary = os.path.join(folder, ".tmp-meaning.json")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(descriptor, data)
    os.close(descriptor)
    os.rename(temporary, path)
    return time.perf_counter() - start


def rewritten():
    start = time.perf_counter()
    descriptor = os.open(path, os.O_WRONLY)
    os.pwrite(descriptor, data, 0)
    os.close(descriptor)
    return time.perf_counter() - start


for save in (renamed, rewritten, renamed, rewritten):
    print(f"{save.__name__}: {statistics.median(save() for _ in range(200)) * 1e6:.0f} us")
os.remove(path)
os.rmdir(folder)
