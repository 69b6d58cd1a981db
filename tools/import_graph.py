#!/usr/bin/env python3
"""File-level import graph of the workspace's crates, and its cycles.

Every `crate::a::b`, `super::x` and `self::x` path in a file's code (not in
comments, strings or a trailing `#[cfg(test)] mod tests`) is an edge from that
file to the file that defines the module the path names (the longest prefix
that is a file). A `mod x;` declaration is not an edge; `pub use x::Y` is.

    python3 tools/import_graph.py            # cycles, and exit 1 if any
    python3 tools/import_graph.py --edges    # every edge, one per line
    python3 tools/import_graph.py --crate runtime/src --edges
    python3 tools/import_graph.py --layers   # runtime imports that go up a floor

`--layers` checks runtime/src against RUNTIME_LAYERS below: the runtime's
floors, bottom up, each file importing only from its own floor and the
floors under it. Every edge from a lower floor to a higher one is printed,
as is every file the table does not place; either makes the exit status 1.
"""
import os
import re
import sys

CRATES = ["runtime/src", "macros/src", "codegen/src", "cli/src"]

# The floors of runtime/src, bottom up (paths relative to runtime/src; a
# path ending in "/" takes the whole folder). A file may import from its own
# floor and those below it. This table is the picture of the runtime's
# structure; lib.rs's module doc gives the same one in words.
RUNTIME_LAYERS = [
    # What everything else uses: the error type and its attribute paths,
    # diagnostics, the input limits, NFC and quoting, go-cty's numbers.
    # Go's duration syntax (`duration.rs`) too: `timeouts.rs` and
    # `timetypes/` read durations with it.
    ("base", ["error.rs", "diag.rs", "limits.rs", "text.rs", "number.rs", "duration.rs"]),
    # Terraform's type system and dynamic values: types, refinements of
    # unknowns, `Value` with its checks, go-cty's set order and merging of
    # values, and their display.
    ("values", ["types.rs", "refinement.rs", "value.rs", "set.rs", "show.rs"]),
    # Schema blocks, the attribute validators the derive calls, path
    # expressions and the rules over several attributes they serve.
    ("schema", ["schema.rs", "validate.rs", "validate/", "path.rs", "rules.rs", "rules/"]),
    # The byte formats without the model traits: msgpack's encoder and
    # decoder (with the refinement payload), JSON's reader and writer, and
    # the dynamic `Value` codec of each. The model traits name these types
    # (`TfEncode::encode_msgpack(&mut Encoder)`), as prost's `Message`
    # names its `encoding` primitives, so they sit under the model.
    ("wire", [
        "msgpack/encode.rs", "msgpack/decode.rs", "msgpack/refinement.rs", "msgpack/value.rs",
        "json/read.rs", "json/write.rs", "json/value.rs",
    ]),
    # The model: TfType, TfEncode/Sink, TfDecode/Source, TfSchema and the
    # rest, their impls for the standard types and tfschema's wrappers, the
    # dynamic `Value` as a Sink and a Source, the typed set order.
    ("model", ["model/"]),
    # Each format's Sink and Source and its typed entry points
    # (`msgpack::to_vec`, `json::from_slice`, ...).
    ("codecs", [
        "msgpack/mod.rs", "msgpack/sink.rs", "msgpack/source.rs",
        "json/mod.rs", "json/sink.rs", "json/source.rs",
    ]),
    # Everything built on the whole model: the crate root, the derive's
    # `__private` helpers, a view read past custom types' refusals
    # (through the msgpack codec), `Timeouts` (a derived model: its generated code
    # goes through `__private`), the plugin server with its retries, and
    # the Go framework's custom types for `#[tf(with)]` fields (jsontypes,
    # nettypes, timetypes: they need only `WireError` and durations, and sit
    # beside `timeouts.rs`, the other part ported from a Go companion module).
    ("top", [
        "lib.rs", "private.rs", "tolerant.rs", "timeouts.rs", "retry.rs", "server/",
        "jsontypes/", "nettypes/", "timetypes/",
    ]),
    # Acceptance tests (feature `acceptance`): real Terraform driving a
    # provider the plugin server runs in the test process.
    ("acceptance", ["testing/"]),
]
RUNTIME_ROOT = "runtime/src"


def strip(text):
    # drop comments, string and char literals
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            i = n if j < 0 else j + len(end)
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]) or (c == "'" and re.match(r"'\\[xu]", text[i:i + 3])):
            j = text.find("'", i + 2)
            i = j + 1
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_tests(code):
    # `pub(crate) mod tests` too: its `super` is the file itself, not the
    # file's parent, so reading it as the file's code invents edges.
    m = re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", code)
    return code[: m.start()] if m else code


def module_files(root):
    """module path tuple -> file (files that are `include!`d, like generated
    protobuf code, are not modules and are left out)"""
    mods = {}
    included, renamed = set(), {}
    for dirpath, _, files in os.walk(root):
        for f in files:
            if f.endswith(".rs"):
                text = open(os.path.join(dirpath, f), encoding="utf-8").read()
                for inc in re.findall(r'include!\("([^"]+)"\)', text):
                    included.add(os.path.normpath(os.path.join(dirpath, inc)))
                for target, name in re.findall(r'#\[path\s*=\s*"([^"]+)"\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)', text):
                    renamed[os.path.normpath(os.path.join(dirpath, target))] = name
    for dirpath, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".rs"):
                continue
            if os.path.normpath(os.path.join(dirpath, f)) in included:
                continue
            real = os.path.join(dirpath, f)
            rel = os.path.relpath(real, root)
            if os.path.normpath(os.path.join(dirpath, f)) in renamed:
                rel = os.path.join(os.path.dirname(rel), renamed[os.path.normpath(os.path.join(dirpath, f))] + ".rs")
            parts = rel[:-3].split(os.sep)
            if parts[-1] in ("mod",):
                parts = parts[:-1]
            if parts in (["lib"], ["main"]):
                parts = []
            mods[tuple(parts)] = real
    for mp, real in mods.items():
        MODULE_OF[real] = mp
    return mods


MODULE_OF = {}


def file_module(root, path):
    if path in MODULE_OF:
        mp = MODULE_OF[path]
        return mp, os.path.basename(path) in ("mod.rs", "lib.rs", "main.rs")
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    is_dir_mod = rel[-1] == "mod" or rel in (["lib"], ["main"])
    if rel[-1] == "mod":
        rel = rel[:-1]
    if rel in (["lib"], ["main"]):
        rel = []
    return tuple(rel), is_dir_mod


def path_segments(code, start):
    m = re.match(r"((?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)*)(\s*::\s*\{)?", code[start:])
    segs = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", m.group(1))
    groups = []
    if m.group(2):
        # use a::{b, c::d}: take the first segment of each entry
        j = start + m.end()
        depth, k = 1, j
        while k < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[k], 0)
            k += 1
        inner = code[j:k - 1]
        # top-level entries only
        depth, cur, parts = 0, "", []
        for ch in inner:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        parts.append(cur)
        for p in parts:
            s = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", p.split(" as ")[0].split("{")[0])
            if s and s[0] != "self":
                groups.append(s)
    return segs, groups


ITEM = re.compile(
    r"(?:pub(?:\([^)]*\))?\s+)?(?:unsafe\s+|async\s+|const\s+|extern\s+\"[^\"]*\"\s+)*"
    r"(?:struct|enum|trait|fn|type|const|static|union|mod|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)"
)


class Crate:
    def __init__(self, root):
        self.root = root
        self.mods = module_files(root)
        self.code = {}
        self.defined = {}
        self.reexports = {}  # file -> {name: (kw/base, segs)} ; globs under "*"
        for mp, f in self.mods.items():
            code = drop_tests(strip(open(f, encoding="utf-8").read()))
            self.code[f] = code
            self.defined[f] = set(ITEM.findall(code))
            macro_names = re.findall(r"#\[macro_export\][^\n]*\n\s*macro_rules!\s+(\w+)", code)
            self.defined[f] |= set(macro_names)

    def here(self, f):
        return file_module(self.root, f)

    def base_for(self, f, kw, segs):
        here, is_dir_mod = self.here(f)
        if kw == "crate":
            return (), segs
        if kw == "self":
            return here, segs
        base = here[:-1]
        while segs and segs[0] == "super":
            segs = segs[1:]
            base = base[:-1]
        return base, segs

    def uses(self, f):
        """(name -> full path) for `use` statements in f (pub or not)"""
        out = {}
        for m in re.finditer(r"(?<![A-Za-z0-9_])use\s+([^;]*);", self.code[f]):
            self._use_tree(f, m.group(1).strip(), (), out)
        return out

    def _use_tree(self, f, text, prefix, out):
        text = text.strip()
        if not text:
            return
        if "{" in text:
            i = text.index("{")
            head = [x for x in re.split(r"\s*::\s*", text[:i].strip()) if x]
            inner = text[i + 1: text.rindex("}")]
            depth, cur, parts = 0, "", []
            for ch in inner:
                if ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                if ch == "," and depth == 0:
                    parts.append(cur)
                    cur = ""
                else:
                    cur += ch
            parts.append(cur)
            for p in parts:
                self._use_tree(f, p, prefix + tuple(head), out)
            return
        alias = None
        if " as " in text:
            text, alias = [x.strip() for x in text.split(" as ", 1)]
        segs = tuple(x for x in re.split(r"\s*::\s*", text) if x)
        full = prefix + segs
        if not full:
            return
        if full[-1] == "self":
            full = full[:-1]
        name = alias or (full[-1] if full else None)
        if full and full[-1] == "*":
            out.setdefault("*", []).append(full[:-1])
        elif name and name != "_":
            out[name] = full

    def resolve(self, f, path, depth=0):
        """file defining the item a path (relative to f, starting with crate/super/self/child/use-name) names"""
        if depth > 20 or not path:
            return None
        here, is_dir_mod = self.here(f)
        head = path[0]
        if head in ("crate", "super", "self"):
            base, rest = self.base_for(f, head, list(path[1:]))
        else:
            children = {p[-1] for p in self.mods if len(p) == len(here) + 1 and p[:-1] == here}
            if head in children:
                base, rest = here, list(path)
            else:
                u = self.uses(f).get(head)
                if u is None or u == path:
                    return None
                return self.resolve(f, tuple(u) + tuple(path[1:]), depth + 1)
        full = tuple(base) + tuple(rest)
        for k in range(len(full), -1, -1):
            if full[:k] in self.mods:
                mf = self.mods[full[:k]]
                left = full[k:]
                if not left:
                    return mf
                item = left[0]
                if item in self.defined[mf]:
                    return mf
                u = self.uses(mf)
                if item in u:
                    r = self.resolve(mf, tuple(u[item]) + tuple(left[1:]), depth + 1)
                    return r or mf
                for g in u.get("*", []):
                    r = self.resolve(mf, tuple(g) + tuple(left), depth + 1)
                    if r:
                        return r
                return mf
        return None


def edges_of(root):
    c = Crate(root)
    edges = set()
    for mp, f in c.mods.items():
        code = c.code[f]
        here, is_dir_mod = c.here(f)
        children = {p[-1] for p in c.mods if len(p) == len(here) + 1 and p[:-1] == here}
        local_uses = c.uses(f)
        for m in re.finditer(r"(?<![A-Za-z0-9_:$])([A-Za-z_][A-Za-z0-9_]*)(?=\s*::)", code):
            head = m.group(1)
            if head not in ("crate", "super", "self") and head not in children:
                continue
            segs, groups = path_segments(code, m.end())
            targets = [segs] if not groups else [segs + g for g in groups]
            for t in targets:
                t = [x for x in t if x != "self"] if t and t[-1] == "self" else t
                target = c.resolve(f, (head,) + tuple(t))
                if target and target != f:
                    edges.add((f, target))
    return edges


def sccs(nodes, edges):
    adj = {n: [] for n in nodes}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, [])
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in adj[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in adj:
        if v not in index:
            visit(v)
    return out


def layer_of(root, path):
    rel = os.path.relpath(path, root).replace(os.sep, "/")
    for i, (_, paths) in enumerate(RUNTIME_LAYERS):
        for p in paths:
            if rel == p or (p.endswith("/") and rel.startswith(p)):
                return i
    return None


def check_layers(root=RUNTIME_ROOT):
    """Prints every upward import and every file without a floor; returns
    how many there are."""
    edges = edges_of(root)
    files = sorted(set(module_files(root).values()))
    bad = 0
    for f in files:
        if layer_of(root, f) is None:
            bad += 1
            print(f"{f}: not in any floor of RUNTIME_LAYERS")
    for a, b in sorted(edges):
        la, lb = layer_of(root, a), layer_of(root, b)
        if la is not None and lb is not None and lb > la:
            bad += 1
            print(f"{a} ({RUNTIME_LAYERS[la][0]}) -> {b} ({RUNTIME_LAYERS[lb][0]})")
    floors = " -> ".join(name for name, _ in RUNTIME_LAYERS)
    if bad:
        print(f"{bad} import(s) against the floors {floors}")
    else:
        print(f"every import in {root} goes down the floors {floors}")
    return bad


def main():
    args = sys.argv[1:]
    if "--layers" in args:
        return 1 if check_layers() else 0
    crates = CRATES
    if "--crate" in args:
        crates = [args[args.index("--crate") + 1]]
    bad = 0
    for root in crates:
        if not os.path.isdir(root):
            continue
        edges = edges_of(root)
        if "--edges" in args:
            for a, b in sorted(edges):
                print(f"{a} -> {b}")
        nodes = set(module_files(root).values())
        for comp in sccs(nodes, edges):
            bad += 1
            print(f"cycle in {root} ({len(comp)} files):")
            inside = [(a, b) for a, b in sorted(edges) if a in comp and b in comp]
            for a, b in inside:
                print(f"    {a} -> {b}")
    if bad:
        print(f"{bad} import cycle(s)")
        return 1
    print("no import cycles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
