#!/usr/bin/env python3
"""Writes seed corpora for the fuzz targets from the go-cty vectors in
runtime/tests/data/cty (into fuzz/corpus/, which git ignores).

Each vector is seeded twice where possible: under its own type when that type
is in the target's fixed list (src/lib.rs TYPES), and always wrapped in a
dynamic slot (type byte 3, "dynamic"), which carries any type."""

import hashlib
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "runtime", "tests", "data", "cty")
TYPES = re.findall(r'r#"(.*?)"#', open(os.path.join(HERE, "src", "lib.rs")).read())
DYNAMIC = TYPES.index('"dynamic"')


def rows(name):
    with open(os.path.join(DATA, name)) as f:
        return [json.loads(line) for line in f if line.strip()]


def write(target, data):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def bin_header(n):
    if n < 256:
        return bytes([0xC4, n])
    return bytes([0xC5]) + n.to_bytes(2, "big")


def main():
    counts = {}
    def seed(target, data):
        write(target, data)
        counts[target] = counts.get(target, 0) + 1

    for row in rows("encode.jsonl") + rows("decode-msgpack.jsonl") + rows("decode-json.jsonl"):
        type_json = row.get("type_json") or json.dumps(row["type"], separators=(",", ":"))
        seed("type_json", type_json.encode())
        own = TYPES.index(type_json) if type_json in TYPES else None
        tj = type_json.encode()
        for field in ("msgpack_hex", "decode_hex", "reencode_hex", "reencode_msgpack_hex"):
            if row.get(field):
                mp = bytes.fromhex(row[field])
                if own is not None:
                    seed("msgpack_value", bytes([own]) + mp)
                seed("msgpack_value", bytes([DYNAMIC, 0x92]) + bin_header(len(tj)) + tj + mp)
        for field in ("json", "decode_json", "reencode_json"):
            text = row.get(field)
            if text:
                if own is not None:
                    seed("json_value", bytes([own]) + text.encode())
                wrapped = '{"value":%s,"type":%s}' % (text, type_json)
                seed("json_value", bytes([DYNAMIC]) + wrapped.encode())
                if row.get("type") == "number" or type_json == '"number"':
                    seed("number_text", text.strip('"').encode())
    for text in ["0", "-0", "0.1", "1e308", "5e-324", "1p-1074", "123456789012345678901234567890",
                 "1e10000", "1e-10000", "Inf", "-Inf", "0x10", "1.5p3", "9" * 200]:
        seed("number_text", text.encode())
    for target, n in sorted(counts.items()):
        print(f"{target}: {n} seeds")


main()
