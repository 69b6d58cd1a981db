#!/usr/bin/env python3
"""Release build time of a generated provider about the size of a
Kubernetes provider's workload resources: what a provider author waits for
after touching their crate.

1. Writes the code spec of `gen_large_spec.py` (seeded; --scale shrinks it).
2. Generates the provider crate with this checkout's generator:
   `cargo run -p tfschema-cli -- codespec rust --with-provider
   --tfschema-path <runtime> --input <spec> --output <dir>/provider`.
3. Copies the Cargo.lock of the workspace the runtime belongs to, so
   dependency versions are that workspace's, and builds the crate once
   with its own CARGO_TARGET_DIR (dependencies; reported as the first build).
4. Times `touch src/main.rs && cargo build --release` --runs times and
   prints the median wall time and CPU time (user + system of cargo and
   rustc; steadier when other jobs share the machine, and above the wall
   time when rustc uses several threads).

Incremental compilation is off (CARGO_INCREMENTAL=0, already the release
default), so each timed build compiles the whole crate.

    python3 runtime/benches/provider_build_time.py [--runs 3] [--scale 1.0]
        [--seed 1] [--depth 6] [--profile release|debug] [--target-dir DIR]
        [--json] [--keep]

    # before/after: the tfschema runtime of an older commit, same generator
    git worktree add /tmp/tfschema-old <commit>
    TFSCHEMA_RUNTIME=/tmp/tfschema-old/runtime \\
        python3 runtime/benches/provider_build_time.py --target-dir /tmp/pbt-old

The generated code targets this checkout's runtime; an older runtime must
support what it uses (`tfschema::server::typed` and the derive attributes
it writes), or use --generator-root to generate with the older checkout's
own CLI. --target-dir keeps the dependencies between invocations (use one
per runtime). A full run (--scale 1, --runs 3) builds the crate four times
after the dependencies: on the 2-core VM, under load, the dependencies took
about 5 minutes and each build of the crate 1.5 to 4.5 minutes, so plan on
15 to 25 minutes from a cold target directory. Timings are only meaningful
on a quiet machine.
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

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import gen_large_spec  # noqa: E402

WORKSPACE = os.path.abspath(os.path.join(HERE, "..", ".."))
RUNTIME = os.path.abspath(os.environ.get("TFSCHEMA_RUNTIME", os.path.join(WORKSPACE, "runtime")))


def cargo(args: list, cwd: str, target: str, quiet: bool = True) -> tuple[float, float]:
    """Runs cargo; wall and CPU seconds (CPU: user + system of cargo and the
    processes it waited for)."""
    env = dict(os.environ, CARGO_TARGET_DIR=target, CARGO_INCREMENTAL="0")
    cmd = ["cargo"] + args + (["--quiet"] if quiet else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(cmd, cwd=cwd, env=env, check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def generate_provider(generator_root: str, runtime: str, spec: str, out: str) -> None:
    """`tfschema codespec rust --with-provider`, built from generator_root
    (with the caller's CARGO_TARGET_DIR, e.g. the workspace's)."""
    cmd = [
        "cargo", "run", "--quiet", "--manifest-path", os.path.join(generator_root, "Cargo.toml"),
        "-p", "tfschema-cli", "--",
        "codespec", "rust", "--with-provider", "--tfschema-path", runtime,
        "--input", spec, "--output", out,
    ]  # fmt: skip
    subprocess.run(cmd, check=True)


def rust_lines(root: str) -> int:
    n = 0
    for dirpath, _, files in os.walk(os.path.join(root, "src")):
        for name in files:
            if name.endswith(".rs"):
                with open(os.path.join(dirpath, name)) as f:
                    n += sum(1 for _ in f)
    return n


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=3, help="timed builds")
    ap.add_argument("--scale", type=float, default=1.0, help="spec size (gen_large_spec.py --scale)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--profile", choices=("release", "debug"), default="release")
    ap.add_argument(
        "--runtime", default=RUNTIME, help="the tfschema runtime/ to build against (default: TFSCHEMA_RUNTIME or this checkout's)"
    )
    ap.add_argument(
        "--generator-root", default=WORKSPACE, help="the checkout whose `tfschema` CLI generates the crate (default: this one)"
    )
    ap.add_argument("--target-dir", help="CARGO_TARGET_DIR for the provider (default: inside the temporary directory)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of text")
    ap.add_argument("--keep", action="store_true", help="keep the spec and the generated crate")
    args = ap.parse_args()
    runtime = os.path.abspath(args.runtime)

    tmp = tempfile.mkdtemp(prefix="tfschema-provider-build-")
    try:
        spec_path = os.path.join(tmp, "provider_code_spec.json")
        spec, g = gen_large_spec.generate(args.seed, args.scale, args.depth)
        with open(spec_path, "w") as f:
            f.write(json.dumps(spec, indent="\t") + "\n")
        provider = os.path.join(tmp, "provider")
        generate_provider(os.path.abspath(args.generator_root), runtime, spec_path, provider)
        lock = os.path.join(os.path.dirname(runtime), "Cargo.lock")
        if os.path.exists(lock):
            shutil.copy(lock, os.path.join(provider, "Cargo.lock"))
        target = os.path.abspath(args.target_dir or os.path.join(tmp, "target"))
        build = ["build"] + (["--release"] if args.profile == "release" else [])

        print(f"first build (with dependencies) in {target} ...", file=sys.stderr)
        first_wall, first_cpu = cargo(build, provider, target, quiet=False)
        walls, cpus = [], []
        for i in range(args.runs):
            os.utime(os.path.join(provider, "src", "main.rs"))
            wall, cpu = cargo(build, provider, target)
            print(f"run {i + 1}/{args.runs}: {wall:.1f} s wall, {cpu:.1f} s CPU", file=sys.stderr)
            walls.append(wall)
            cpus.append(cpu)

        result = {
            "profile": args.profile,
            "runtime": runtime,
            "spec": {
                "seed": args.seed,
                "scale": args.scale,
                "nested_objects": g.nested,
                "attributes": g.attributes,
                "blocks": g.blocks,
                "depth": g.deepest,
                "resources": len(spec["resources"]),
                "data_sources": len(spec["datasources"]),
            },
            "generated_rust_lines": rust_lines(provider),
            "first_build_wall_s": round(first_wall, 2),
            "first_build_cpu_s": round(first_cpu, 2),
            "runs": args.runs,
            "wall_s": statistics.median(walls),
            "cpu_s": statistics.median(cpus),
            "wall_runs_s": [round(w, 2) for w in walls],
            "cpu_runs_s": [round(c, 2) for c in cpus],
            "load_average": os.getloadavg(),
        }
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            s = result["spec"]
            print(
                f"provider: {s['resources']} resources, {s['data_sources']} data sources, "
                f"{s['nested_objects']} nested objects, {s['attributes']} attributes, "
                f"{s['blocks']} blocks, depth {s['depth']}; "
                f"{result['generated_rust_lines']} lines of generated Rust"
            )
            print(f"runtime: {runtime}")
            print(
                f"first {args.profile} build with dependencies: {first_wall:.1f} s wall, {first_cpu:.1f} s CPU"
            )
            print(
                f"crate alone ({args.profile}, median of {args.runs}): "
                f"{result['wall_s']:.1f} s wall, {result['cpu_s']:.1f} s CPU "
                f"(runs: {', '.join(f'{w:.1f}' for w in walls)} s; "
                f"load average now {os.getloadavg()[0]:.2f})"
            )
        if args.keep:
            print(f"spec and crate kept in {tmp}", file=sys.stderr)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
