#!/usr/bin/env python3
"""Compile time of 50 model structs: `#[derive(TfSchema, TfValue)]` against
the same structs with serde's `#[derive(Serialize, Deserialize)]`.

Generates two throwaway crates in a temporary directory (one depending on
this workspace's tfschema by path, one on serde with its derive), builds
each once to compile the dependencies, then times `touch src/lib.rs &&
cargo build` (debug and release, each with its own CARGO_TARGET_DIR) so
only the crate itself is measured. Prints the median of --runs timings and
the ratio.

    python3 runtime/benches/compile_time.py [--runs 3] [--structs 50] [--keep]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# The tfschema crate to measure: this checkout's, or TFSCHEMA_RUNTIME (e.g.
# the runtime/ of another worktree, to compare two versions of the derive).
RUNTIME = os.environ.get(
    "TFSCHEMA_RUNTIME", os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
)


def struct_source(i: int, derive: str, attr_optional: str) -> str:
    """One model struct; in each run of five, a struct holds the previous
    one (nesting depth at most five, as in real provider models)."""
    fields = [
        "    pub id: String,",
        "    pub name: String,",
        "    pub description: Option<String>,",
        "    pub count: i64,",
        "    pub size: Option<i64>,",
        "    pub enabled: bool,",
        "    pub ratio: f64,",
        "    pub tags: Vec<String>,",
        "    pub labels: BTreeMap<String, String>,",
        "    pub ports: Option<Vec<u16>>,",
    ]
    if i % 5 != 0:
        fields.append(f"{attr_optional}    pub inner: Option<Model{i - 1}>,")
    body = "\n".join(fields)
    return f"/// Model number {i}.\n{derive}\npub struct Model{i} {{\n{body}\n}}\n"


def write_crate(root: str, name: str, deps: str, header: str, derive: str, n: int) -> None:
    os.makedirs(os.path.join(root, "src"))
    with open(os.path.join(root, "Cargo.toml"), "w") as f:
        f.write(
            f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\n'
            f"publish = false\n\n[dependencies]\n{deps}\n\n[workspace]\n"
        )
    with open(os.path.join(root, "src", "lib.rs"), "w") as f:
        f.write("//! Generated for a compile-time comparison.\n#![allow(dead_code)]\n\n")
        f.write(header)
        for i in range(n):
            f.write("\n" + struct_source(i, derive, ""))


def cargo_build(root: str, target: str, release: bool) -> float:
    cmd = ["cargo", "build", "--quiet"] + (["--release"] if release else [])
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    start = time.monotonic()
    subprocess.run(cmd, cwd=root, env=env, check=True)
    return time.monotonic() - start


def timed(root: str, target: str, release: bool, runs: int) -> float:
    cargo_build(root, target, release)  # warm-up: dependencies
    times = []
    for _ in range(runs):
        os.utime(os.path.join(root, "src", "lib.rs"))
        times.append(cargo_build(root, target, release))
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--structs", type=int, default=50)
    ap.add_argument("--keep", action="store_true", help="keep the temporary crates")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="tfschema-compile-time-")
    try:
        tf = os.path.join(tmp, "models_tfschema")
        sd = os.path.join(tmp, "models_serde")
        write_crate(
            tf,
            "models_tfschema",
            f'tfschema = {{ path = "{RUNTIME}" }}',
            "use std::collections::BTreeMap;\nuse tfschema::{TfSchema, TfValue};\n",
            "#[derive(TfSchema, TfValue)]",
            args.structs,
        )
        write_crate(
            sd,
            "models_serde",
            'serde = { version = "1", features = ["derive"] }',
            "use std::collections::BTreeMap;\nuse serde::{Deserialize, Serialize};\n",
            "#[derive(Serialize, Deserialize)]",
            args.structs,
        )
        rows = []
        for profile, release in (("debug", False), ("release", True)):
            t_tf = timed(tf, os.path.join(tmp, "target-tfschema"), release, args.runs)
            t_sd = timed(sd, os.path.join(tmp, "target-serde"), release, args.runs)
            rows.append((profile, t_tf, t_sd))
        print(f"{args.structs} structs, median of {args.runs} builds of the crate alone")
        print("| profile | tfschema derive (s) | serde derive (s) | ratio |")
        print("|---|---|---|---|")
        for profile, t_tf, t_sd in rows:
            print(f"| {profile} | {t_tf:.2f} | {t_sd:.2f} | {t_tf / t_sd:.2f}x |")
        if args.keep:
            print(f"crates kept in {tmp}")
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
