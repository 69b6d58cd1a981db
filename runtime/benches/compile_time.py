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

`--kube` measures models like a real provider's instead: the structs that
`tfschema codespec rust` (this checkout's CLI) generates from the
Kubernetes-like code spec of `gen_large_spec.py` (about 290 structs at
--scale 1: computed `Unknown<Option<T>>` attributes, nested attributes and
blocks six levels deep, validators, defaults, sensitive attributes, and
`Debug, Clone, PartialEq` derived beside the model derives). The serde twin
is the same files with the model derives replaced by `Serialize,
Deserialize`, the `#[tf(...)]` attributes removed and `Unknown<T>`,
`Set<T>` and `Number` standing for `Option<T>`, `Vec<T>` and `f64`. Every
struct gets its codec function, as above.

`--schema-json PATH` measures a slice of a real provider instead: the
first `--resources N` resources (by name; 300 by default, no data sources)
of a `terraform providers schema -json` document (e.g. what `tfschema
schema dump --provider-binary terraform-provider-aws_v3.39.0_x5` prints)
are imported with `tfschema schema import` (this checkout's CLI), and the
`src/models` module it writes (the provider's configuration and one file per
resource with its nested blocks) is the models crate; its serde twin is made
as for --kube. Codec functions are written for the top-level types only
(the first struct of each file: the resource or the provider
configuration), as a provider instantiates them: nested blocks go through
their parent's codec. AWS 3.39.0's first 300 resources are 964 structs.

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
uses several threads), the largest peak RSS of a process of the build
(the crate's rustc: cargo's own is far smaller) and the ratios, as a Markdown table or, with --json,
as JSON.

    python3 runtime/benches/compile_time.py [--runs 3] [--structs 50]
        [--no-codecs] [--incremental] [--profile debug|release|both]
        [--kube [--scale 1.0] [--seed 1]]
        [--schema-json PATH [--resources 300]]
        [--target-dir DIR] [--json] [--keep]

    # another tfschema, e.g. an older commit in its own worktree:
    git worktree add /tmp/tfschema-old <commit>
    TFSCHEMA_RUNTIME=/tmp/tfschema-old/runtime python3 runtime/benches/compile_time.py

Timings are only meaningful on a quiet machine.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import gen_large_spec  # noqa: E402

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


# ------------------------------------------------------------ --kube models

KUBE_TFSCHEMA_CODECS = """
/// Both codecs of `{path}`, both ways.
///
/// # Errors
/// Any codec error.
#[inline(never)]
pub fn codecs_{i}(value: &{path}) -> tfschema::Result<{path}> {{
    let bytes = tfschema::msgpack::to_vec(value)?;
    let value: {path} = tfschema::msgpack::from_slice(&bytes)?;
    let bytes = tfschema::json::to_vec(&value)?;
    tfschema::json::from_slice(&bytes)
}}
"""

KUBE_SERDE_CODECS = """
/// Both codecs of `{path}`, both ways.
///
/// # Errors
/// Any codec error.
#[inline(never)]
pub fn codecs_{i}(value: &{path}) -> Result<{path}, Box<dyn std::error::Error>> {{
    let bytes = rmp_serde::to_vec_named(value)?;
    let value: {path} = rmp_serde::from_slice(&bytes)?;
    let bytes = serde_json::to_vec(&value)?;
    Ok(serde_json::from_slice(&bytes)?)
}}
"""

# What the serde twin's models use in place of tfschema's types.
KUBE_SERDE_TYPES = """
/// Stand-ins for tfschema's value types in the serde twin.
pub mod tf {
    pub type Unknown<T> = Option<T>;
    pub type Set<T> = Vec<T>;
    pub type Number = f64;
}
"""


def generate_models(out: str, seed: int, scale: float) -> None:
    """Writes the models of `gen_large_spec.py`'s code spec to `out`
    (a `models` module: mod.rs and its files) with this checkout's CLI."""
    spec, _ = gen_large_spec.generate(seed, scale, 6)
    spec_path = os.path.join(os.path.dirname(out), "provider_code_spec.json")
    with open(spec_path, "w") as f:
        f.write(json.dumps(spec, indent="\t") + "\n")
    cmd = [
        "cargo", "run", "--quiet", "--manifest-path", os.path.join(WORKSPACE, "Cargo.toml"),
        "-p", "tfschema-cli", "--", "codespec", "rust", "--input", spec_path, "--output", out,
    ]  # fmt: skip
    subprocess.run(cmd, check=True)


def import_models(out: str, schema_json: str, resources: int) -> None:
    """Writes the `src/models` module that `tfschema schema import` makes
    of the provider's configuration and its first `resources` resources
    (by name) to `out`."""
    with open(schema_json) as f:
        doc = json.load(f)
    if len(doc["provider_schemas"]) != 1:
        raise SystemExit(f"{schema_json}: expected the schema of one provider")
    (schema,) = doc["provider_schemas"].values()
    names = sorted(schema.get("resource_schemas", {}))[:resources]
    schema["resource_schemas"] = {n: schema["resource_schemas"][n] for n in names}
    schema["data_source_schemas"] = {}
    for key in ("ephemeral_resource_schemas", "functions", "list_resource_schemas", "action_schemas"):
        schema.pop(key, None)
    work = os.path.dirname(out)
    sliced = os.path.join(work, "slice.json")
    with open(sliced, "w") as f:
        json.dump(doc, f)
    crate = os.path.join(work, "imported")
    cmd = [
        "cargo", "run", "--quiet", "--manifest-path", os.path.join(WORKSPACE, "Cargo.toml"),
        "-p", "tfschema-cli", "--", "schema", "import", "--providers-schema", sliced,
        "--output", crate, "--tfschema-path", RUNTIME,
        # One crate whatever the slice's size: the models are measured as one crate beside
        # their serde twin (a larger provider is a workspace; see e2e/aws-scale.sh).
        "--max-crate-size", str(10**9),
    ]  # fmt: skip
    subprocess.run(cmd, check=True)
    shutil.copytree(os.path.join(crate, "src", "models"), out)


def top_level_paths(models: str) -> list:
    """The first struct of every generated file: the resource (or the
    provider configuration) whose codecs a provider instantiates."""
    paths = []
    for path in model_paths(models):
        module = path.rsplit("::", 1)[0]
        if not paths or paths[-1].rsplit("::", 1)[0] != module:
            paths.append(path)
    return paths


def model_paths(models: str) -> list:
    """`crate::models::a::b::Struct` for every struct in the generated files."""
    paths = []
    for dirpath, _, files in sorted(os.walk(models)):
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, name), models)[:-3].split(os.sep)
            module = [m for m in rel if m != "mod"]
            with open(os.path.join(dirpath, name)) as f:
                for struct in re.findall(r"^pub struct (\w+)", f.read(), re.M):
                    paths.append("::".join(["crate", "models"] + module + [struct]))
    return paths


def serde_twin(text: str) -> str:
    """A generated model file with serde's derives instead of tfschema's."""
    text = re.sub(r"^use tfschema::\{[^}]*\};", "use serde::{Deserialize, Serialize};\n#[allow(unused_imports)]\nuse crate::tf::*;", text, flags=re.M)
    # `#[tf(debug)]` models get tfschema's Debug; derive it in the twin.
    text = re.sub(r"#\[derive\(Clone, PartialEq, TfSchema, TfValue\)\]\n#\[tf\(debug\)\]", "#[derive(Debug, Clone, PartialEq, TfSchema, TfValue)]", text)
    text = text.replace("TfSchema, TfValue", "Serialize, Deserialize")
    # `#[tf(...)]`, on one line or (after rustfmt) several.
    out, i = [], 0
    for m in re.finditer(r"^[ \t]*#\[tf\(", text, re.M):
        if m.start() < i:
            continue
        j, depth = m.end() - 4, 0  # at `[`
        while True:
            depth += {"[": 1, "]": -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                break
        out.append(text[i : m.start()])
        i = j + 1 if text[j : j + 1] == "\n" else j
    out.append(text[i:])
    return "".join(out)


def write_kube_crates(tf: str, sd: str, sd_deps: str, seed: int, scale: float, codecs: bool) -> int:
    """The two crates of --kube; the number of structs."""
    generated = os.path.join(os.path.dirname(tf), "generated")
    generate_models(generated, seed, scale)
    paths = model_paths(generated)
    write_model_crates(tf, sd, sd_deps, generated, paths if codecs else [])
    return len(paths)


def write_import_crates(tf: str, sd: str, sd_deps: str, schema_json: str, resources: int, codecs: bool) -> tuple:
    """The two crates of --schema-json; the number of structs and of
    top-level types."""
    generated = os.path.join(os.path.dirname(tf), "generated")
    import_models(generated, schema_json, resources)
    top = top_level_paths(generated)
    write_model_crates(tf, sd, sd_deps, generated, top if codecs else [])
    return len(model_paths(generated)), len(top)


def write_model_crates(tf: str, sd: str, sd_deps: str, generated: str, paths: list) -> None:
    """A crate of the generated `models` module with tfschema's derives and
    its serde twin; a codec function for each of `paths`."""
    for root, name, deps, lock, twin, template in (
        (tf, "models_tfschema", f'tfschema = {{ path = "{RUNTIME}" }}',
         os.path.join(os.path.dirname(RUNTIME), "Cargo.lock"), False, KUBE_TFSCHEMA_CODECS),
        (sd, "models_serde", sd_deps, os.path.join(WORKSPACE, "Cargo.lock"), True, KUBE_SERDE_CODECS),
    ):  # fmt: skip
        write_crate(root, name, deps, lock, "", "", "", 0)
        shutil.copytree(generated, os.path.join(root, "src", "models"))
        if twin:
            for dirpath, _, files in os.walk(os.path.join(root, "src", "models")):
                for f in files:
                    path = os.path.join(dirpath, f)
                    with open(path) as fh:
                        text = serde_twin(fh.read())
                    with open(path, "w") as fh:
                        fh.write(text)
        with open(os.path.join(root, "src", "lib.rs"), "a") as f:
            f.write("pub mod models;\n")
            if twin:
                f.write(KUBE_SERDE_TYPES)
            for i, path in enumerate(paths):
                f.write(template.format(i=i, path=path))


def cargo_build(root: str, target: str, release: bool, incremental: bool) -> tuple[float, float, float]:
    """Wall and CPU seconds of one `cargo build` (CPU: user + system of
    cargo and the rustc processes it waited for) and the largest peak RSS
    of them in MB (Linux reports a process's own children's peak in its
    `wait4` usage; only rustc of the crate runs)."""
    cmd = ["cargo", "build", "--quiet"] + (["--release"] if release else [])
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    if not incremental:
        # A debug build is incremental by default: after a bare `touch` rustc
        # re-expands the macros but reuses all the generated code, which
        # measures almost nothing of what the derive costs.
        env["CARGO_INCREMENTAL"] = "0"
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=root, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        raise subprocess.CalledProcessError(proc.returncode, cmd)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def timed(root: str, target: str, release: bool, runs: int, incremental: bool) -> dict:
    cargo_build(root, target, release, incremental)  # warm-up: dependencies
    walls, cpus, rss = [], [], []
    for _ in range(runs):
        os.utime(os.path.join(root, "src", "lib.rs"))
        wall, cpu, peak = cargo_build(root, target, release, incremental)
        walls.append(wall)
        cpus.append(cpu)
        rss.append(peak)
    return {
        "wall_s": statistics.median(walls),
        "cpu_s": statistics.median(cpus),
        "peak_rss_mb": statistics.median(rss),
        "wall_runs_s": [round(w, 3) for w in walls],
        "cpu_runs_s": [round(c, 3) for c in cpus],
        "peak_rss_runs_mb": [round(m) for m in rss],
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
        "--kube",
        action="store_true",
        help="the models `tfschema codespec rust` generates from gen_large_spec.py's Kubernetes-like spec, instead of --structs simple ones",
    )
    ap.add_argument("--scale", type=float, default=1.0, help="with --kube: the spec's size (gen_large_spec.py --scale)")
    ap.add_argument("--seed", type=int, default=1, help="with --kube: the spec's seed")
    ap.add_argument(
        "--schema-json",
        metavar="PATH",
        help="the models `tfschema schema import` writes for a slice of this `terraform providers schema -json` output, instead of --structs simple ones",
    )
    ap.add_argument("--resources", type=int, default=300, help="with --schema-json: how many resources (the first by name)")
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
        top = None
        if args.schema_json:
            args.structs, top = write_import_crates(
                tf, sd, sd_deps, os.path.abspath(args.schema_json), args.resources, not args.no_codecs
            )
        elif args.kube:
            args.structs = write_kube_crates(tf, sd, sd_deps, args.seed, args.scale, not args.no_codecs)
        else:
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
                    "peak_rss_ratio": t_tf["peak_rss_mb"] / t_sd["peak_rss_mb"],
                }
            )
        what = "derives only" if args.no_codecs else "derives + msgpack/JSON codecs instantiated"
        if args.schema_json:
            what = (
                f"the first {args.resources} resources of {os.path.basename(args.schema_json)} imported"
                f" ({top} top-level types), {what.replace('instantiated', 'instantiated for the top-level types')}"
            )
        elif args.kube:
            what = f"Kubernetes-like models (gen_large_spec.py --seed {args.seed} --scale {args.scale}), {what}"
        if args.json:
            out = {
                "structs": args.structs,
                "runs": args.runs,
                "codecs": not args.no_codecs,
                "kube": args.kube,
                "schema_json": args.schema_json,
                "resources": args.resources if args.schema_json else None,
                "top_level_types": top,
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
            print(
                "| profile | tfschema wall (s) | serde wall (s) | ratio | tfschema CPU (s) | serde CPU (s) | ratio"
                " | tfschema peak RSS (MB) | serde peak RSS (MB) | ratio |"
            )
            print("|---|---|---|---|---|---|---|---|---|---|")
            for r in rows:
                tf_t, sd_t = r["tfschema"], r["serde"]
                print(
                    f"| {r['profile']} | {tf_t['wall_s']:.2f} | {sd_t['wall_s']:.2f} | {r['wall_ratio']:.2f}x"
                    f" | {tf_t['cpu_s']:.2f} | {sd_t['cpu_s']:.2f} | {r['cpu_ratio']:.2f}x"
                    f" | {tf_t['peak_rss_mb']:.0f} | {sd_t['peak_rss_mb']:.0f} | {r['peak_rss_ratio']:.2f}x |"
                )
        if args.keep:
            print(f"crates kept in {tmp}", file=sys.stderr)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
