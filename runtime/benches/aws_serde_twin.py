#!/usr/bin/env python3
"""A serde twin of an imported provider workspace, laid out the same way.

Usage: runtime/benches/aws_serde_twin.py IMPORTED_WORKSPACE TWIN_DIR

IMPORTED_WORKSPACE is what `tfschema schema import` wrote for a large
provider (a Cargo workspace: `crates/core`, `crates/<group>`; see the
book's porting chapter). TWIN_DIR gets a virtual workspace with the same
crates holding the same model files, with serde's derives instead of
tfschema's (`compile_time.serde_twin`: `#[tf(...)]` removed, `Unknown<T>`,
`Set<T>` and `Number` standing for `Option<T>`, `Vec<T>` and `f64`), and,
in place of the hooks, one `#[inline(never)] pub fn` per type the group
registers that runs its model through msgpack (`rmp_serde::to_vec_named`)
and JSON both ways, as the plugin server runs tfschema's codecs. Build it
with e2e/rustc-peak.sh as the wrapper to set its CPU time and peak memory
beside the imported workspace's (e2e/aws-scale.sh prints the same table).
"""

import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The serde twin's codec function is compile_time's, so both scripts measure the same work.
from compile_time import KUBE_SERDE_CODECS as CODECS  # noqa: E402
from compile_time import serde_twin, workspace_versions  # noqa: E402

STAND_INS = """
/// Stand-ins for tfschema's value types in the serde twin.
pub mod tf {
    pub type Unknown<T> = Option<T>;
    pub type Set<T> = Vec<T>;
    pub type Number = f64;
    pub type Value = serde_json::Value;
}
"""



def twin_crate(src: str, dst: str, name: str, deps: str) -> int:
    """One member crate; returns the number of codec functions."""
    shutil.copytree(os.path.join(src, "src", "models"), os.path.join(dst, "src", "models"))
    for dirpath, _, files in os.walk(os.path.join(dst, "src", "models")):
        for f in files:
            path = os.path.join(dirpath, f)
            with open(path) as fh:
                text = serde_twin(fh.read())
            with open(path, "w") as fh:
                fh.write(text)
    with open(os.path.join(src, "src", "lib.rs")) as fh:
        lib = fh.read()
    # The models the hooks serve: `type Model = models::...;` (and the
    # `Config` of list resources and actions).
    paths = re.findall(r"type (?:Model|Config) =\s*(models::[\w:]+);", lib)
    with open(os.path.join(dst, "Cargo.toml"), "w") as fh:
        fh.write(f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n{deps}\n')
    with open(os.path.join(dst, "src", "lib.rs"), "w") as fh:
        fh.write("//! The serde twin of a crate of an imported provider.\n\npub mod models;\n")
        fh.write(STAND_INS)
        for i, path in enumerate(paths):
            fh.write(CODECS.format(i=i, path="crate::" + path))
    return len(paths)


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    src, dst = sys.argv[1:3]
    if not os.path.isdir(os.path.join(src, "crates")):
        print(f"{src}: not a workspace layout (no crates/)", file=sys.stderr)
        return 1
    shutil.rmtree(dst, ignore_errors=True)
    os.makedirs(os.path.join(dst, "crates"))
    v = workspace_versions()
    deps = (
        f'serde = {{ version = "{v["serde"]}", features = ["derive"] }}\n'
        f'serde_json = "{v["serde_json"]}"\nrmp-serde = "{v["rmp-serde"]}"'
    )
    total = 0
    for member in sorted(os.listdir(os.path.join(src, "crates"))):
        total += twin_crate(
            os.path.join(src, "crates", member),
            os.path.join(dst, "crates", member),
            f"twin-{member}",
            deps,
        )
    with open(os.path.join(dst, "Cargo.toml"), "w") as fh:
        fh.write('[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n')
    lock = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Cargo.lock")
    shutil.copy(lock, os.path.join(dst, "Cargo.lock"))
    print(f"{dst}: {len(os.listdir(os.path.join(dst, 'crates')))} crates, {total} codec functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
