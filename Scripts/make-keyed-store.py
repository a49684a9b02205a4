#!/usr/bin/env python3
"""Writes a metrobuddy 1.0 store (state format 1) whose default card has N
keyed reloads of 0.01, for measuring how commands scale with reload keys.

Usage: Scripts/make-keyed-store.py DIRECTORY N
The first write by a newer metrobuddy upgrades it (indexing the keys once).
"""
import json
import os
import sys
import uuid
import zlib


def sealed(members):
    body = json.dumps(dict(members), separators=(",", ":"), ensure_ascii=False).encode()
    return body[:-1] + b',"crc":"%08x"}' % zlib.crc32(body) + b"\n"


def main():
    directory, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(directory, mode=0o700)
    journal = bytearray(sealed([("format", "metrobuddy-journal"), ("version", 1), ("card", 1)]))
    keys = {}
    for sequence in range(1, count + 1):
        update_id = str(uuid.uuid4()).upper()
        key = "key-%08d" % sequence
        keys[key] = update_id
        journal += sealed([
            ("seq", sequence), ("id", update_id), ("type", "reload"), ("amount", "0.01"),
            ("balance", "%d.%02d" % divmod(sequence, 100)), ("timestamp", "2026-11-21T13:15:00Z"), ("key", key),
        ])
    card = [
        ("id", 1), ("name", "default"), ("balance", "%d.%02d" % divmod(count, 100)), ("fare", "0.01"),
        ("currency", "USD"), ("expirationDate", None), ("serialNumber", None), ("openingBalance", "0.00"),
        ("lastSequence", count), ("journalLength", len(journal)), ("reloadKeys", dict(sorted(keys.items()))),
    ]
    state = sealed([
        ("format", "metrobuddy-state"), ("version", 1), ("storeID", str(uuid.uuid4()).upper()), ("revision", 1),
        ("nextCardID", 2), ("defaultCardID", 1), ("cards", [dict(card)]),
    ])
    for name, data in (("journal-1.jsonl", journal), ("state.json", state)):
        with open(os.path.join(directory, name), "wb") as handle:
            handle.write(data)
        os.chmod(os.path.join(directory, name), 0o600)


if __name__ == "__main__":
    main()
