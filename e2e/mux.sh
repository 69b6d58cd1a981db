#!/usr/bin/env bash
# Moving a Go provider to Rust: hashicorp/null 2.1.2 (the Go binary e2e/install-terraform.sh
# fetches) and its Rust port (examples/terraform-provider-null), on Terraform 1.0.3 and 1.15.5,
# offline, from a filesystem mirror that gets a new release of the provider at each stage.
#
#   e2e/mux.sh            exits non-zero at the first failed check
#
# Stages (configuration in e2e/scenarios/mux/):
#   go-to-rust   the Go provider (2.1.2) applies; the Rust port, released as 2.2.0, reads the
#                state Go wrote: the plan is empty, a change of triggers replaces, destroy works.
#   mux          the migration half done: a Rust binary (src/bin/terraform-provider-null-mux.rs)
#                serving null_data_source itself and null_resource through the Go binary it ships
#                as proxied/terraform-provider-null_v2.1.2_x4, released as 3.0.0 (`tfschema release
#                --proxied`, a packed mirror) over state the Go
#                provider wrote: plans empty, applies a change, passes the Go provider's import
#                refusal through, its schema is the Go provider's; then null_resource ported
#                (the all-Rust binary, 3.1.0): the state the Go child wrote plans empty.
#   import       `tfschema schema import --proxy` of the Go binary: a crate whose every type the Go
#                binary serves, built; its schema is the Go provider's, it applies, plans empty
#                and destroys.
#   faults       the Go child killed mid-apply (a provisioner kills it): the next resource's
#                error names the child and its signal, and a second apply converges; the Rust
#                provider killed mid-apply: no Go process is left behind.
# First, the runtime's plugin client against the Go binary (runtime/tests/client_go.rs: launch,
# schema through Proxy5, shutdown, a SIGKILLed child's calls answered at once).
# Env: E2E_TOOLS, CARGO_TARGET_DIR, E2E_UNSHARE, ... see e2e/lib.sh.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

RUST_NULL="$E2E_PROFILE_DIR/terraform-provider-null"
MUX_NULL="$E2E_PROFILE_DIR/terraform-provider-null-mux"

ok() { echo "  ok: $*"; }

# release VERSION BINARY [PROXIED]: the mirror's next release of hashicorp/null (with PROXIED, a
# Go binary, as proxied/<its name> beside it), and `init -upgrade` to it.
release() {
  e2e_mirror_add "$MIRROR" hashicorp/null "$1" "$2"
  if [ -n "${3:-}" ]; then
    local dir="$MIRROR/registry.terraform.io/hashicorp/null/$1/$(e2e_os_arch)"
    mkdir -p "$dir/proxied"
    cp "$3" "$dir/proxied/"
  fi
  e2e_tf_ok "$TF" "$WS" init -input=false -upgrade
  e2e_expect_contains "Installed hashicorp/null v$1"
}

# The ids of the state's null_resource instances, one per line, in a stable order.
state_ids() {
  python3 - "$WS/terraform.tfstate" <<'PY'
import json, sys
state = json.load(open(sys.argv[1]))
for r in state["resources"]:
    if r["type"] == "null_resource":
        for i in r["instances"]:
            print(r["name"], i.get("index_key", ""), i["attributes"]["id"])
PY
}

stage_go_to_rust() {
  echo "== go-to-rust, Terraform $V: state written by the Go provider, read and planned by Rust"
  WS="$E2E_WORK/go-to-rust-$V"; rm -rf "$WS"; mkdir -p "$WS"
  MIRROR="$E2E_WORK/mirror-go-to-rust-$V"; rm -rf "$MIRROR"; mkdir -p "$MIRROR"
  cp "$HERE/scenarios/mux/main.tf" "$WS/"
  e2e_cli_config_mirror "$E2E_WORK/go-to-rust-$V.tfrc" "$MIRROR" hashicorp/null
  e2e_use_cli_config "$E2E_WORK/go-to-rust-$V.tfrc"

  release 2.1.2 "$E2E_NULL_PROVIDER"
  e2e_tf_ok "$TF" "$WS" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 4 added, 0 changed, 0 destroyed."
  e2e_expect_contains 'outputs_a = "one"'
  e2e_expect_contains 'has_computed_default = "default"'
  local go_ids; go_ids="$(state_ids)"
  ok "the Go provider applied 4 null_resource and read the data source"

  release 2.2.0 "$RUST_NULL"
  e2e_tf_no_changes "$TF" "$WS"
  e2e_expect_contains "No changes."
  [ "$(state_ids)" = "$go_ids" ] || e2e_fail "the refresh by the Rust port changed the ids Go wrote"
  ok "the Rust port refreshes the Go provider's state and plans no changes; the ids stay Go's"

  sed -i 's/name  = "r${count.index}"/name  = "s${count.index}"/' "$WS/main.tf"
  e2e_tf_ok "$TF" "$WS" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 3 added, 0 changed, 3 destroyed."
  e2e_expect_contains 'outputs_a = "one"'
  e2e_expect_contains 'has_computed_default = "default"'
  e2e_tf_no_changes "$TF" "$WS"
  ok "a change of triggers replaces (Go's ForceNew), then the plan is empty again"

  e2e_tf_ok "$TF" "$WS" destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: 4 destroyed."
  ok "destroy"
}

# release_packed VERSION BINARY PROXIED: `tfschema release` of BINARY with the Go binary PROXIED
# packed beside it (--proxied), into the mirror as a packed release, and `init -upgrade` to it.
release_packed() {
  local os_arch; os_arch="$(e2e_os_arch)"
  rm -rf "$E2E_WORK/dist-$1-$V"
  # The example builds it as terraform-provider-null-mux beside the all-Rust binary; released,
  # it is the provider null.
  mkdir -p "$E2E_WORK/build-$1-$V"
  cp "$2" "$E2E_WORK/build-$1-$V/terraform-provider-null"
  "$E2E_PROFILE_DIR/tfschema" release --version "$1" --provider-binary "$os_arch=$E2E_WORK/build-$1-$V/terraform-provider-null" \
    --proxied "$os_arch=$3" --out "$E2E_WORK/dist-$1-$V" --mirror "$MIRROR" >/dev/null 2>"$E2E_WORK/release.err" \
    || { cat "$E2E_WORK/release.err" >&2; e2e_fail "tfschema release --proxied failed"; }
  python3 - "$E2E_WORK/dist-$1-$V/terraform-provider-null_$1_$os_arch.zip" "$1" <<'PY'
import sys, zipfile
names = sorted(zipfile.ZipFile(sys.argv[1]).namelist())
want = ["proxied/terraform-provider-null_v2.1.2_x4", "terraform-provider-null_v" + sys.argv[2]]
assert names == sorted(want), names
PY
  e2e_tf_ok "$TF" "$WS" init -input=false -upgrade
  e2e_expect_contains "Installed hashicorp/null v$1"
}

# new_workspace NAME: a workspace with the configuration, its own mirror and CLI config.
new_workspace() {
  WS="$E2E_WORK/$1-$V"; rm -rf "$WS"; mkdir -p "$WS"
  MIRROR="$E2E_WORK/mirror-$1-$V"; rm -rf "$MIRROR"; mkdir -p "$MIRROR"
  cp "$HERE/scenarios/mux/main.tf" "$WS/"
  e2e_cli_config_mirror "$E2E_WORK/$1-$V.tfrc" "$MIRROR" hashicorp/null
  e2e_use_cli_config "$E2E_WORK/$1-$V.tfrc"
}

# schema_json FILE: the provider's schema as `terraform providers schema -json` prints it, into FILE
# in a canonical form.
schema_json() {
  e2e_tf_ok "$TF" "$WS" providers schema -json
  python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1])), sort_keys=True, indent=1))' \
    "$E2E_LAST_OUT" > "$1"
}

stage_mux() {
  echo "== mux, Terraform $V: null_resource through the Go binary, null_data_source in Rust"
  new_workspace mux
  release 2.1.2 "$E2E_NULL_PROVIDER"
  e2e_tf_ok "$TF" "$WS" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 4 added, 0 changed, 0 destroyed."
  local go_ids; go_ids="$(state_ids)"
  schema_json "$WS/go-schema.json"

  release_packed 3.0.0 "$MUX_NULL" "$E2E_NULL_PROVIDER"
  ok "tfschema release --proxied: the zip holds the Rust binary and proxied/<the Go binary>; Terraform installs it"
  schema_json "$WS/mux-schema.json"
  diff "$WS/go-schema.json" "$WS/mux-schema.json" || e2e_fail "the mux's schema differs from the Go provider's"
  ok "providers schema -json through the mux equals the Go provider's"
  e2e_tf_no_changes "$TF" "$WS"
  [ "$(state_ids)" = "$go_ids" ] || e2e_fail "the refresh through the mux changed the ids"
  ok "the mux refreshes the Go provider's state (null_resource through the Go child) and plans no changes"

  sed -i 's/name  = "r${count.index}"/name  = "m${count.index}"/' "$WS/main.tf"
  e2e_tf_ok "$TF" "$WS" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 3 added, 0 changed, 3 destroyed."
  e2e_expect_contains 'outputs_a = "one"'
  e2e_expect_contains 'has_computed_default = "default"'
  e2e_tf_no_changes "$TF" "$WS"
  ok "a change of triggers replaces through the Go child; the Rust data source reads; the plan is empty again"

  printf '\nresource "null_resource" "imported" {}\n' >> "$WS/main.tf"
  e2e_tf "$TF" "$WS" import -input=false null_resource.imported 12345
  e2e_expect_rc 1
  e2e_expect_contains "resource null_resource doesn't support import"
  ok "import reaches the Go child, whose refusal Terraform prints"
  sed -i '/resource "null_resource" "imported" {}/d' "$WS/main.tf"

  local mux_ids; mux_ids="$(state_ids)"
  release 3.1.0 "$RUST_NULL"
  e2e_tf_no_changes "$TF" "$WS"
  [ "$(state_ids)" = "$mux_ids" ] || e2e_fail "the all-Rust refresh changed the ids the Go child wrote"
  ok "null_resource ported: the Rust provider plans the state the Go child wrote as no changes"

  e2e_tf_ok "$TF" "$WS" destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: 4 destroyed."
  ok "destroy"
}

# build_import_proxy: `schema import --proxy` of the Go binary, built as e2e/import.sh builds an
# imported crate (its target dir and flags, the workspace's lock file).
build_import_proxy() {
  echo "== schema import --proxy: a crate serving every type through the Go binary"
  local crate="$E2E_WORK/import-proxy/crate" target="${E2E_IMPORT_TARGET_DIR:-$E2E_REPO/target/tmp/rust-models/target}"
  rm -rf "$E2E_WORK/import-proxy"
  "$E2E_PROFILE_DIR/tfschema" schema import --proxy "$E2E_NULL_PROVIDER" --output "$crate" \
    --tfschema-path "$E2E_REPO/runtime" || e2e_fail "schema import --proxy failed"
  grep -q 'const PROXIED: &\[&str\] = &\["null_data_source", "null_resource"\];' "$crate/src/main.rs" \
    || e2e_fail "the imported main does not proxy both types (see $crate/src/main.rs)"
  cp "$E2E_REPO/Cargo.lock" "$crate/Cargo.lock"
  (cd "$crate" && env -u RUSTFLAGS CARGO_ENCODED_RUSTFLAGS= CARGO_PROFILE_DEV_DEBUG=false CARGO_INCREMENTAL=0 \
    cargo build -q --offline --target-dir "$target") || e2e_fail "the crate of schema import --proxy does not build"
  IMPORTED_NULL="$E2E_WORK/import-proxy/terraform-provider-null"
  cp "$target/debug/terraform-provider-null" "$IMPORTED_NULL"
}

stage_import() {
  echo "== import, Terraform $V: the crate of schema import --proxy, every type through the Go binary"
  new_workspace import
  release 2.1.2 "$E2E_NULL_PROVIDER"
  schema_json "$WS/go-schema.json"
  release 4.0.0 "$IMPORTED_NULL" "$E2E_NULL_PROVIDER"
  schema_json "$WS/imported-schema.json"
  diff "$WS/go-schema.json" "$WS/imported-schema.json" || e2e_fail "the imported crate's schema differs from the Go provider's"
  e2e_tf_ok "$TF" "$WS" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 4 added, 0 changed, 0 destroyed."
  e2e_expect_contains 'has_computed_default = "default"'
  e2e_tf_no_changes "$TF" "$WS"
  e2e_tf_ok "$TF" "$WS" destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: 4 destroyed."
  ok "the imported crate (no type ported yet) serves the Go provider's schema, applies, plans empty, destroys"
}

# go_children: how many Go children of the mux are running.
go_children() { python3 "$HERE/scenarios/mux/kill.py" KILL proxied/terraform-provider-null_v2.1.2_x4 --count; }

stage_faults() {
  echo "== faults, Terraform $V: the Go child or the Rust provider killed mid-apply"
  new_workspace faults
  rm "$WS/main.tf"
  cp "$HERE/scenarios/mux/faults.tf" "$HERE/scenarios/mux/kill.py" "$WS/"
  release 3.0.0 "$MUX_NULL" "$E2E_NULL_PROVIDER"
  [ "$(go_children)" = 0 ] || e2e_fail "a Go child is running before the test: $(go_children)"

  e2e_tf "$TF" "$WS" apply -auto-approve -input=false -var kill_suffix=proxied/terraform-provider-null_v2.1.2_x4
  e2e_expect_rc 1
  e2e_expect_contains "null_resource.first: Creation complete"
  e2e_expect_contains "provider terraform-provider-null_v2.1.2_x4 exited (signal: 9 (SIGKILL))"
  e2e_expect_not_contains "null_resource.second: Creation complete"
  ok "the Go child killed mid-apply: the next call's error names it and its signal"
  e2e_tf_ok "$TF" "$WS" apply -auto-approve -input=false -var kill_suffix=proxied/terraform-provider-null_v2.1.2_x4
  e2e_expect_contains "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."
  e2e_tf_ok "$TF" "$WS" destroy -auto-approve -input=false -var kill_suffix=none
  ok "a second apply converges (a new provider process, a new Go child)"

  e2e_tf "$TF" "$WS" apply -auto-approve -input=false -var kill_suffix=terraform-provider-null_v3.0.0
  e2e_expect_rc 1
  e2e_expect_contains "null_resource.first: Creation complete"
  sleep 0.5
  [ "$(go_children)" = 0 ] || e2e_fail "the Rust provider was killed, and $(go_children) Go children are left"
  ok "the Rust provider killed mid-apply: its Go child died with it (Terraform: $(grep -m1 -o 'Error: [^│]*' "$E2E_LAST_ERR" || true))"
  e2e_tf_ok "$TF" "$WS" destroy -auto-approve -input=false -var kill_suffix=none
}

main() {
  e2e_ensure_tools
  echo "== the plugin client against the Go binary (runtime/tests/client_go.rs)"
  (cd "$E2E_REPO" && TFSCHEMA_GO_NULL="$E2E_NULL_PROVIDER" \
    cargo test -q -p tfschema --all-features --test client_go 2>&1 | tail -n 3)
  e2e_build
  e2e_env "$E2E_REPO/target/e2e-work/mux"
  build_import_proxy
  echo "work dir: $E2E_WORK; network namespace: ${E2E_NET[*]:-none}"
  for TF in "$E2E_TF103" "$E2E_TF115"; do
    V="$(e2e_tf_version "$TF")"
    stage_go_to_rust
    stage_mux
    stage_import
    stage_faults
  done
  echo "mux: all stages passed"
}

main "$@"
