#!/usr/bin/env python3
"""Compile time of 50 model structs with `#[derive(TfSchema, TfValue)]`
against the same structs with serde's `#[derive(Serialize, Deserialize)]`,
each with its codecs instantiated as a provider would use them.

Generates two throwaway crates in a temporary directory:

- `models_tfschema` depends on tfschema by path; for every struct a
  `pub fn` encodes it with `tfschema::msgpack::to_vec` and
  `tfschema::json::to_vec` and decodes with `tfschema::msgpack::from_slice`
  and `tfschema::json::from_slice` (the entry points the plugin server goes
  through).
- `models_serde` depends on serde, serde_json and rmp-serde; for every
  struct a `pub fn` calls `rmp_serde::to_vec_named`, `rmp_serde::from_slice`,
  `serde_json::to_vec` and `serde_json::from_slice`. `to_vec_named` because
  Terraform's msgpack objects are maps keyed by attribute name, which is what
  tfschema writes; `to_vec` would write arrays, a smaller, different format.

The functions are `#[inline(never)] pub` in a library crate, so the compiler
must generate them and monomorphise the generic codec code they call for
every struct; without them serde's generic (de)serializers are never
instantiated and the comparison would overstate the gap. `--no-codecs`
leaves them out (the derives alone, the script's earlier measurement).

Each crate gets the `Cargo.lock` of the workspace it measures (this
checkout's for serde; the one beside TFSCHEMA_RUNTIME for tfschema), so
dependency versions are the workspace's. Both are built once to compile the
dependencies, then `touch src/lib.rs && cargo build` is timed (debug and
release, each crate with its own CARGO_TARGET_DIR) so only the crate itself
is measured (--target-dir keeps the dependencies for the next invocation).
Incremental compilation is off (CARGO_INCREMENTAL=0) unless --incremental:
with it, a debug rebuild after `touch` reuses the previous build's code and
measures little more than macro expansion. Prints the median wall time of
--runs builds, the median CPU time (user + system of cargo and rustc,
steadier when other jobs share the machine; above the wall time when rustc
uses several threads) and the ratios, as a Markdown table or, with --json,
as JSON.

    python3 runtime/benches/compile_time.py [--runs 3] [--structs 50]
        [--no-codecs] [--incremental] [--profile debug|release|both]
        [--target-dir DIR] [--json] [--keep]

    # another tfschema, e.g. an older commit in its own worktree:
    git worktree add /tmp/tfschema-old <commit>
    TFSCHEMA_RUNTIME=/tmp/tfschema-old/runtime python3 runtime/benches/compile_time.py

Timings are only meaningful on a quiet machine.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
WORKSPACE = os.path.abspath(os.path.join(HERE, "..", ".."))
# The tfschema crate to measure: this checkout's, or TFSCHEMA_RUNTIME (e.g.
# the runtime/ of another worktree, to compare two versions of the derive).
RUNTIME = os.path.abspath(os.environ.get("TFSCHEMA_RUNTIME", os.path.join(WORKSPACE, "runtime")))


def workspace_versions() -> dict:
    """serde, serde_json and rmp-serde requirements from this checkout's
    `[workspace.dependencies]`."""
    with open(os.path.join(WORKSPACE, "Cargo.toml"), "rb") as f:
        deps = tomllib.load(f)["workspace"]["dependencies"]

    def version(name: str) -> str:
        d = deps[name]
        return d if isinstance(d, str) else d["version"]

    return {n: version(n) for n in ("serde", "serde_json", "rmp-serde")}


def struct_source(i: int, derive: str) -> str:
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
        fields.append(f"    pub inner: Option<Model{i - 1}>,")
    body = "\n".join(fields)
    return f"/// Model number {i}.\n{derive}\npub struct Model{i} {{\n{body}\n}}\n"


# Encode to bytes and decode from bytes, in both formats; each result feeds
# the next call so nothing is dead code.
TFSCHEMA_CODECS = """
/// Both codecs of `Model{i}`, both ways.
///
/// # Errors
/// Any codec error.
#[inline(never)]
pub fn codecs_model{i}(value: &Model{i}) -> tfschema::Result<Model{i}> {{
    let bytes = tfschema::msgpack::to_vec(value)?;
    let value: Model{i} = tfschema::msgpack::from_slice(&bytes)?;
    let bytes = tfschema::json::to_vec(&value)?;
    tfschema::json::from_slice(&bytes)
}}
"""

SERDE_CODECS = """
/// Both codecs of `Model{i}`, both ways.
///
/// # Errors
/// Any codec error.
#[inline(never)]
pub fn codecs_model{i}(value: &Model{i}) -> Result<Model{i}, Box<dyn std::error::Error>> {{
    let bytes = rmp_serde::to_vec_named(value)?;
    let value: Model{i} = rmp_serde::from_slice(&bytes)?;
    let bytes = serde_json::to_vec(&value)?;
    Ok(serde_json::from_slice(&bytes)?)
}}
"""


def write_crate(
    root: str, name: str, deps: str, lock: str, header: str, derive: str, codecs: str, n: int
) -> None:
    os.makedirs(os.path.join(root, "src"))
    with open(os.path.join(root, "Cargo.toml"), "w") as f:
        f.write(
            f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\n'
            f"publish = false\n\n[dependencies]\n{deps}\n\n[workspace]\n"
        )
    if os.path.exists(lock):
        # Cargo drops the entries this crate does not use and keeps the
        # versions of the rest.
        shutil.copy(lock, os.path.join(root, "Cargo.lock"))
    with open(os.path.join(root, "src", "lib.rs"), "w") as f:
        f.write("//! Generated for a compile-time comparison.\n#![allow(dead_code)]\n\n")
        f.write(header)
        for i in range(n):
            f.write("\n" + struct_source(i, derive))
            f.write(codecs.format(i=i))


def cargo_build(root: str, target: str, release: bool, incremental: bool) -> tuple[float, float]:
    """Wall and CPU seconds of one `cargo build` (CPU: user + system of
    cargo and the rustc processes it waited for)."""
    cmd = ["cargo", "build", "--quiet"] + (["--release"] if release else [])
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    if not incremental:
        # A debug build is incremental by default: after a bare `touch` rustc
        # re-expands the macros but reuses all the generated code, which
        # measures almost nothing of what the derive costs.
        env["CARGO_INCREMENTAL"] = "0"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(cmd, cwd=root, env=env, check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def timed(root: str, target: str, release: bool, runs: int, incremental: bool) -> dict:
    cargo_build(root, target, release, incremental)  # warm-up: dependencies
    walls, cpus = [], []
    for _ in range(runs):
        os.utime(os.path.join(root, "src", "lib.rs"))
        wall, cpu = cargo_build(root, target, release, incremental)
        walls.append(wall)
        cpus.append(cpu)
    return {
        "wall_s": statistics.median(walls),
        "cpu_s": statistics.median(cpus),
        "wall_runs_s": [round(w, 3) for w in walls],
        "cpu_runs_s": [round(c, 3) for c in cpus],
    }


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=3, help="timed builds per crate and profile")
    ap.add_argument("--structs", type=int, default=50)
    ap.add_argument(
        "--no-codecs",
        action="store_true",
        help="derives only: no function instantiates the codecs (serde's generic code is then never compiled)",
    )
    ap.add_argument(
        "--incremental",
        action="store_true",
        help="keep cargo's incremental debug builds (a touched, unchanged file then reuses the generated code)",
    )
    ap.add_argument("--profile", choices=("debug", "release", "both"), default="both")
    ap.add_argument(
        "--target-dir",
        help="where the two crates' target dirs go, kept between invocations (default: the temporary directory); use one per TFSCHEMA_RUNTIME",
    )
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--keep", action="store_true", help="keep the temporary crates")
    args = ap.parse_args()

    versions = workspace_versions()
    tf_codecs = "" if args.no_codecs else TFSCHEMA_CODECS
    sd_codecs = "" if args.no_codecs else SERDE_CODECS
    sd_deps = f'serde = {{ version = "{versions["serde"]}", features = ["derive"] }}'
    if not args.no_codecs:
        sd_deps += (
            f'\nserde_json = "{versions["serde_json"]}"\nrmp-serde = "{versions["rmp-serde"]}"'
        )

    tmp = tempfile.mkdtemp(prefix="tfschema-compile-time-")
    try:
        tf = os.path.join(tmp, "models_tfschema")
        sd = os.path.join(tmp, "models_serde")
        write_crate(
            tf,
            "models_tfschema",
            f'tfschema = {{ path = "{RUNTIME}" }}',
            os.path.join(os.path.dirname(RUNTIME), "Cargo.lock"),
            "use std::collections::BTreeMap;\nuse tfschema::{TfSchema, TfValue};\n",
            "#[derive(TfSchema, TfValue)]",
            tf_codecs,
            args.structs,
        )
        write_crate(
            sd,
            "models_serde",
            sd_deps,
            os.path.join(WORKSPACE, "Cargo.lock"),
            "use std::collections::BTreeMap;\nuse serde::{Deserialize, Serialize};\n",
            "#[derive(Serialize, Deserialize)]",
            sd_codecs,
            args.structs,
        )
        targets = os.path.abspath(args.target_dir) if args.target_dir else tmp
        profiles = [("debug", False), ("release", True)]
        if args.profile != "both":
            profiles = [p for p in profiles if p[0] == args.profile]
        rows = []
        for profile, release in profiles:
            t_tf = timed(tf, os.path.join(targets, "target-tfschema"), release, args.runs, args.incremental)
            t_sd = timed(sd, os.path.join(targets, "target-serde"), release, args.runs, args.incremental)
            rows.append(
                {
                    "profile": profile,
                    "tfschema": t_tf,
                    "serde": t_sd,
                    "wall_ratio": t_tf["wall_s"] / t_sd["wall_s"],
                    "cpu_ratio": t_tf["cpu_s"] / t_sd["cpu_s"],
                }
            )
        what = "derives only" if args.no_codecs else "derives + msgpack/JSON codecs instantiated"
        if args.json:
            out = {
                "structs": args.structs,
                "runs": args.runs,
                "codecs": not args.no_codecs,
                "incremental": args.incremental,
                "tfschema_runtime": RUNTIME,
                "serde_requirements": versions,
                "load_average": os.getloadavg(),
                "profiles": rows,
            }
            print(json.dumps(out, indent=2))
        else:
            print(
                f"{args.structs} structs, {what}; median of {args.runs} builds of the crate alone"
                f" (load average now {os.getloadavg()[0]:.2f})"
            )
            print("| profile | tfschema wall (s) | serde wall (s) | ratio | tfschema CPU (s) | serde CPU (s) | ratio |")
            print("|---|---|---|---|---|---|---|")
            for r in rows:
                tf_t, sd_t = r["tfschema"], r["serde"]
                print(
                    f"| {r['profile']} | {tf_t['wall_s']:.2f} | {sd_t['wall_s']:.2f} | {r['wall_ratio']:.2f}x"
                    f" | {tf_t['cpu_s']:.2f} | {sd_t['cpu_s']:.2f} | {r['cpu_ratio']:.2f}x |"
                )
        if args.keep:
            print(f"crates kept in {tmp}", file=sys.stderr)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
