#!/usr/bin/env python3
"""The longest functions in the workspace's library code, and those over the
limit (150 lines by default). Tests (`tests/`, `#[cfg(test)] mod tests`) and
generated protobuf code (`include!`d files) are left out.

    python3 tools/long_functions.py            # over the limit; exit 1 if any
    python3 tools/long_functions.py --top 10   # the ten longest
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from import_graph import CRATES, drop_tests, module_files, strip  # noqa: E402

FN = re.compile(r"(?<![A-Za-z0-9_])fn\s+([A-Za-z_][A-Za-z0-9_]*)")


def functions(path):
    code = drop_tests(strip(open(path, encoding="utf-8").read()))
    for m in FN.finditer(code):
        # the body: the first `{` after the signature at depth 0 (a `;` first: no body)
        i, depth = m.end(), 0
        while i < len(code):
            c = code[i]
            if c in "([<":
                depth += 1
            elif c in ")]>" and depth:
                depth -= 1
            elif c == ";" and depth == 0:
                i = -1
                break
            elif c == "{" and depth == 0:
                break
            i += 1
        if i < 0 or i >= len(code):
            continue
        start, depth = i, 0
        while i < len(code):
            if code[i] == "{":
                depth += 1
            elif code[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, i) + 1
        yield m.group(1), first, last - first + 1


def main():
    args = sys.argv[1:]
    limit = 150
    top = int(args[args.index("--top") + 1]) if "--top" in args else 0
    found = []
    for root in CRATES:
        for f in sorted(set(module_files(root).values())):
            for name, line, length in functions(f):
                found.append((length, f"{f}:{line}", name))
    found.sort(reverse=True)
    if top:
        for length, where, name in found[:top]:
            print(f"{length:5} {where} {name}")
        return 0
    over = [x for x in found if x[0] > limit]
    for length, where, name in over:
        print(f"{length:5} {where} {name}")
    print(f"{len(over)} function(s) over {limit} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
