#!/usr/bin/env bash
# `tfschema schema import` checked by real Terraform: a provider's printed schema becomes a Rust
# provider crate, Terraform 1.15.5 launches the built crate, and `terraform providers schema -json`
# prints what it was imported from.
#
#   e2e/import.sh            exits non-zero if any check fails
#
# Cases: the Go null provider 2.1.2 (Terraform 1.15.5's own output, compared byte for byte),
# codegen/tests/data/import/every_feature.json (every type, nesting mode and flag the derive can
# express; compared as parsed JSON, since it was written by hand), and the same file imported with
# --max-crate-size 1, so that it is laid out as a workspace of crates, one per group of types
# (the layout a provider the size of AWS gets; seven small crates, ~40 s more on 2 cores; the AWS
# provider itself is e2e/aws-scale.sh, not run in CI). Each crate is imported with
# --strict, built (debug, no debug info, not incremental) in the target directory where
# `cargo test` builds generated crates (codegen's tests/rust_models.rs and tests/schema_import.rs
# leave tfschema with its `server` feature compiled there, so only the crate itself is built;
# a release build would compile every dependency again, ~15 min on 2 cores), and served through
# dev_overrides (no init), offline.
#
# Knobs: E2E_IMPORT_TARGET_DIR (default target/tmp/rust-models/target). Work dir:
# target/e2e-work/import (wiped at start).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

REPO="$E2E_REPO"
CRATE_TARGET_DIR="${E2E_IMPORT_TARGET_DIR:-$REPO/target/tmp/rust-models/target}"
DATA="$REPO/codegen/tests/data"
T0=$(date +%s)

echo "== tfschema CLI"
e2e_build   # as every e2e script builds it: after e2e/run.sh, nothing to compile
TFSCHEMA="$E2E_PROFILE_DIR/tfschema"

echo "== Terraform binaries (e2e/install-terraform.sh, cached in $E2E_TOOLS)"
e2e_ensure_tools
TF="$E2E_TOOLS/tf1.15.5/terraform"

WORK="$REPO/target/e2e-work/import"
rm -rf "$WORK"
e2e_env "$WORK"

# check CASE INPUT ADDRESS COMPARE [IMPORT_ARG...]: import INPUT, build, serve it as ADDRESS,
# compare Terraform's output with INPUT (COMPARE = bytes or json).
check() {
  local case="$1" input="$2" address="$3" compare="$4"
  shift 4
  local crate="$WORK/$case/crate" bin="$WORK/$case/bin" ws="$WORK/$case/ws" type t0
  type="${address##*/}"
  t0=$(date +%s)
  "$TFSCHEMA" schema import --strict --providers-schema "$input" --output "$crate" \
    --tfschema-path "$REPO/runtime" "$@" || e2e_fail "$case: schema import failed"
  cp "$REPO/Cargo.lock" "$crate/Cargo.lock"
  # No rustflags, the workspace layout's `.cargo/config.toml` (split debug info, moot without
  # debug info) included: with the same flags for every case, tfschema's build is shared.
  (cd "$crate" && env -u RUSTFLAGS CARGO_ENCODED_RUSTFLAGS= CARGO_PROFILE_DEV_DEBUG=false CARGO_INCREMENTAL=0 \
    cargo build -q --offline --target-dir "$CRATE_TARGET_DIR") \
    || e2e_fail "$case: the imported crate does not build"
  mkdir -p "$bin" "$ws"
  cp "$CRATE_TARGET_DIR/debug/terraform-provider-$type" "$bin/"
  printf 'imported and built %s in %ss\n' "$case" "$(( $(date +%s) - t0 ))"
  e2e_cli_config_dev_overrides "$WORK/$case/dev.tfrc" "$address=$bin"
  e2e_use_cli_config "$WORK/$case/dev.tfrc"
  printf 'terraform {\n  required_providers {\n    %s = { source = "%s" }\n  }\n}\n' \
    "$type" "$address" > "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" providers schema -json
  case "$compare" in
    bytes)
      cmp "$E2E_LAST_OUT" "$input" \
        || e2e_fail "$case: Terraform printed another schema than the input (see $E2E_LAST_OUT)"
      ;;
    json)
      python3 - "$E2E_LAST_OUT" "$input" <<'EOF' || e2e_fail "$case: Terraform printed another schema than the input (see $E2E_LAST_OUT)"
import json, sys
got, want = (json.load(open(p)) for p in sys.argv[1:3])
# Equal as JSON, deprecations without a message included (`#[tf(deprecated)]`).
sys.exit(0 if got == want else 1)
EOF
      ;;
  esac
  echo "PASS $case: Terraform 1.15.5 prints the schema the crate was imported from"
}

check null "$DATA/tfjson/null-2.1.2-tf1.15.5.json" registry.terraform.io/hashicorp/null bytes
check every "$DATA/import/every_feature.json" registry.example.com/acme/every json
check every-split "$DATA/import/every_feature.json" registry.example.com/acme/every json \
  --max-crate-size 1
[ -f "$WORK/every-split/crate/crates/thing/src/lib.rs" ] \
  || e2e_fail "every-split: not laid out as a workspace (no crates/thing)"
printf 'e2e/import.sh: %ss\n' "$(( $(date +%s) - T0 ))"
