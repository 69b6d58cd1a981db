#!/usr/bin/env bash
# `tfschema new` end to end: the crate it writes builds, is rustfmt- and clippy-clean, passes its
# own tests, has current and valid docs, and serves real Terraform.
#
#   e2e/new.sh            exits non-zero if any check fails
#
# Steps: build the tfschema command (e2e_build); `tfschema new $NAME` into
# target/e2e-work/new/terraform-provider-$NAME (wiped at start; NAME has a dash, as provider names
# may); copy this workspace's Cargo.lock in, so that it builds offline with the versions CI has
# downloaded; `cargo fmt --check`, `cargo build --all-targets`, `cargo clippy --all-targets -D
# warnings` and `cargo test` with CARGO_TARGET_DIR=<repo>/target and this workspace's dev profile
# (line tables, no debug info in dependencies), so that the dependencies compiled for the workspace
# are reused where their features agree; `tfschema docs generate --check` and `docs validate`
# against the built binary (the scaffold's docs/ are templates written from its schema: this is
# what keeps them current); its acceptance tests (tests/acceptance.rs) with TF_ACC=1 on each
# Terraform of $VERSIONS through TF_ACC_TERRAFORM_PATHS (4 tests; the function's and the ephemeral
# resource's skip on 1.0.3, and the count of skips is checked); then the provider in a filesystem mirror (hashicorp/$NAME 0.1.0, the
# source its examples imply), and for Terraform 1.15.5 the configuration of every example
# (provider, resource, data source, function, ephemeral resource) and for 1.0.3 those it knows
# (no function, no ephemeral resource): init, apply (checking the resource's id, the data source's
# id and the function's result), plan -detailed-exitcode (no changes), destroy. Besides, a
# `tfschema new --bare --protocol 5` crate: no examples, rustfmt-clean, its unit tests pass, and its
# binary's handshake line says protocol 5, and its acceptance test passes with TF_ACC=1 (only that
# crate compiles: ~20 s more).
#
# Cost: the crate's build is the expensive part. It shares the workspace's compiled dependencies
# only where their features agree: after the workspace's build, 14 crates are compiled again
# (hyper, tower, tonic, serde_core, regex, rcgen, tfschema-derive, tfschema, ... and the crate
# itself), measured at 118 s for the build and 66 s for clippy on a 2-core machine shared with other
# builds (without the workspace's profile, ~100 crates and 8 minutes); a rerun takes ~10 s, and the
# Terraform runs ~10 s; the acceptance tests add ~5 s (their compilation is part of the build). The timings of each cargo step are printed at the end. Knobs: E2E_SKIP_BUILD=1 (reuse the last build of the tfschema command),
# E2E_NEW_CLIPPY=0 (skip clippy, which compiles the dependencies once more in check mode),
# E2E_ONLY_TF="1.15.5" (versions to run), CARGO_TARGET_DIR.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

REPO="$E2E_REPO"
NAME="e2e-scaffold"
TFSCHEMA="$E2E_PROFILE_DIR/tfschema"
VERSIONS="${E2E_ONLY_TF:-1.15.5 1.0.3}"
WORK="$REPO/target/e2e-work/new"
CRATE="$WORK/terraform-provider-$NAME"
BINARY="$E2E_TARGET_DIR/debug/terraform-provider-$NAME"

echo "== building the tfschema command ($E2E_PROFILE_DIR)"
if [ "${E2E_SKIP_BUILD:-0}" != 1 ]; then
  e2e_build
fi
[ -x "$TFSCHEMA" ] || e2e_fail "no tfschema binary at $TFSCHEMA"

rm -rf "$WORK"
mkdir -p "$WORK"

echo "== tfschema new $NAME"
"$TFSCHEMA" new "$NAME" --dir "$CRATE" --tfschema-path "$REPO" > "$WORK/files.txt" \
  || e2e_fail "tfschema new failed"
cp "$REPO/Cargo.lock" "$CRATE/Cargo.lock"

# step LABEL COMMAND...: runs COMMAND in the crate, prints its time, fails with its output.
STEP_TIMES=()
step() {
  local label="$1" t0 t1 ms log="$WORK/$1.log"
  shift
  t0=$(date +%s%N)
  if ! (cd "$CRATE" && "$@") >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    e2e_fail "$label failed in the generated crate ($CRATE): $*"
  fi
  t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
  STEP_TIMES+=("$(printf '%-8s %6d.%02ds' "$label" $((ms / 1000)) $(((ms % 1000) / 10)))")
  echo "   $label: $((ms / 1000)).$(printf '%02d' $(((ms % 1000) / 10)))s"
}

# The workspace's dev profile (Cargo.toml), so that its compiled dependencies can be reused.
CARGO_ARGS=(--offline --config 'profile.dev.debug="line-tables-only"'
  --config 'profile.dev.package."*".debug=false')
export CARGO_TARGET_DIR="$E2E_TARGET_DIR"

echo "== the generated crate: fmt, build, clippy, test"
step fmt cargo fmt --check
step build cargo build "${CARGO_ARGS[@]}" --all-targets
if [ "${E2E_NEW_CLIPPY:-1}" != 0 ]; then
  step clippy cargo clippy "${CARGO_ARGS[@]}" --all-targets -- -D warnings
fi
step test cargo test "${CARGO_ARGS[@]}"
grep -q "test result: ok. 5 passed" "$WORK/test.log" \
  || e2e_fail "the generated crate's tests did not all run: $(grep 'test result' "$WORK/test.log" | head -1)"
# Without TF_ACC the acceptance tests (tests/acceptance.rs) pass at once, as in Go.
grep -q "test result: ok. 4 passed" "$WORK/test.log" \
  || e2e_fail "the generated crate's acceptance tests are not all there: $(grep 'test result' "$WORK/test.log")"
[ -x "$BINARY" ] || e2e_fail "no provider binary at $BINARY"

echo "== docs: current (tfschema docs generate --check) and valid"
DOCS_ARGS=(--provider-dir "$CRATE" --provider-name "terraform-provider-$NAME" --provider-binary "$BINARY")
"$TFSCHEMA" docs generate --check "${DOCS_ARGS[@]}" \
  || e2e_fail "the scaffold's docs/ differ from what docs generate writes: update cli/templates/new/docs from a generated crate's \`tfschema docs generate\`"
"$TFSCHEMA" docs validate "${DOCS_ARGS[@]}" || e2e_fail "the scaffold's docs are not valid"

# `tfschema new --bare --protocol 5`: no examples; the crate is rustfmt-clean, its unit tests pass
# (the acceptance test passes at once without TF_ACC), and the binary's handshake line says
# protocol 5 although Terraform's environment offers 5 and 6. Only the crate itself compiles
# (the dependencies are the scaffold's, built above).
BARE_NAME="e2e-bare"
BARE="$WORK/terraform-provider-$BARE_NAME"
echo "== tfschema new $BARE_NAME --bare --protocol 5"
"$TFSCHEMA" new "$BARE_NAME" --bare --protocol 5 --dir "$BARE" --tfschema-path "$REPO" > "$WORK/bare-files.txt" \
  || e2e_fail "tfschema new --bare --protocol 5 failed"
cp "$REPO/Cargo.lock" "$BARE/Cargo.lock"
[ ! -e "$BARE/src/resource.rs" ] && [ ! -d "$BARE/examples/resources" ] \
  || e2e_fail "--bare wrote the example resource"
grep -q '"5.0"' "$BARE/terraform-registry-manifest.json" || e2e_fail "the bare crate's manifest does not say 5.0"
CRATE="$BARE" step bare-fmt cargo fmt --check
CRATE="$BARE" step bare-test cargo test "${CARGO_ARGS[@]}"
grep -q "test result: ok. 2 passed" "$WORK/bare-test.log" \
  || e2e_fail "the bare crate's unit tests did not all run: $(grep 'test result' "$WORK/bare-test.log" | head -1)"
handshake="$(env TF_PLUGIN_MAGIC_COOKIE=d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2 \
  PLUGIN_PROTOCOL_VERSIONS=5,6 timeout 10 "$E2E_TARGET_DIR/debug/terraform-provider-$BARE_NAME" 2>/dev/null | head -n 1 || true)"
case "$handshake" in
  1\|5\|*) echo "   handshake: ${handshake:0:40}..." ;;
  *) e2e_fail "the bare protocol 5 provider's handshake line is not 1|5|...: ${handshake:0:200}" ;;
esac

echo "== Terraform binaries (e2e/install-terraform.sh, cached in $E2E_TOOLS)"
e2e_ensure_tools

# The crate's acceptance tests (tests/acceptance.rs) with TF_ACC=1, each test once per binary of
# $VERSIONS; the provider is served from the test process. Terraform 1.0.3 has no functions and
# no ephemeral resources: those two cases skip there and say so.
ACC_PATHS=""
ACC_SKIPS=0
for v in $VERSIONS; do
  case "$v" in
    1.15.5) tf="$E2E_TF115" ;;
    1.0.3) tf="$E2E_TF103"; ACC_SKIPS=2 ;;
    *) e2e_fail "no Terraform $v here (1.15.5, 1.0.3)" ;;
  esac
  ACC_PATHS="${ACC_PATHS:+$ACC_PATHS:}$tf"
done
echo "== the generated crate's acceptance tests (TF_ACC=1, Terraform $VERSIONS)"
step acc env -u TF_ACC_TERRAFORM_PATH -u TF_CLI_CONFIG_FILE -u TF_PLUGIN_CACHE_DIR -u TF_CLI_ARGS \
  TF_ACC=1 TF_ACC_TERRAFORM_PATHS="$ACC_PATHS" CHECKPOINT_DISABLE=1 \
  cargo test "${CARGO_ARGS[@]}" --test acceptance -- --nocapture
grep -q "test result: ok. 4 passed" "$WORK/acc.log" \
  || e2e_fail "the generated crate's acceptance tests did not all run: $(grep 'test result' "$WORK/acc.log" | head -1)"
grep -q "Acceptance tests skipped unless env" "$WORK/acc.log" \
  && e2e_fail "the acceptance tests skipped although TF_ACC is set ($WORK/acc.log)"
# Go's skip line, once per skipped case ("Terraform CLI version 1.0.3 is below minimum version
# 1.10.0: skipping test (<path>)"); the per-version summary repeats the reason without the path.
skips="$(grep -c ": skipping test (" "$WORK/acc.log" || true)"
[ "$skips" = "$ACC_SKIPS" ] \
  || e2e_fail "$skips acceptance cases skipped, not $ACC_SKIPS (the function's and the ephemeral resource's on 1.0.3 only): $WORK/acc.log"
# The bare crate's one acceptance test (the provider block planned), on protocol 5 in process.
CRATE="$BARE" step bare-acc env -u TF_ACC_TERRAFORM_PATH -u TF_CLI_CONFIG_FILE -u TF_PLUGIN_CACHE_DIR \
  -u TF_CLI_ARGS TF_ACC=1 TF_ACC_TERRAFORM_PATHS="$ACC_PATHS" CHECKPOINT_DISABLE=1 \
  cargo test "${CARGO_ARGS[@]}" --test acceptance
grep -q "test result: ok. 1 passed" "$WORK/bare-acc.log" \
  || e2e_fail "the bare crate's acceptance test did not run: $(grep 'test result' "$WORK/bare-acc.log" | head -1)"
e2e_env "$WORK"
e2e_mirror_add "$WORK/mirror" "hashicorp/$NAME" 0.1.0 "$BINARY"
e2e_cli_config_mirror "$WORK/mirror.tfrc" "$WORK/mirror" "hashicorp/$NAME"
e2e_use_cli_config "$WORK/mirror.tfrc"

# workspace VERSION KINDS...: a workspace holding the examples of those kinds (as the generated
# test.yml's acceptance job assembles them), plus outputs to check.
workspace() {
  local version="$1" ws="$WORK/tf$1" kind f
  shift
  mkdir -p "$ws"
  for kind in "$@"; do
    while IFS= read -r f; do
      cp "$f" "$ws/$kind-$(basename "$(dirname "$f")")-$(basename "$f")"
    done < <(find "$CRATE/examples/$kind" -name '*.tf')
  done
  cat > "$ws/checks.tf" <<EOF
output "resource_id" {
  value = ${NAME}_example.example.id
}
output "data_source_id" {
  value = data.${NAME}_example.example.id
}
EOF
  printf '%s\n' "$ws"
}

for v in $VERSIONS; do
  case "$v" in
    1.15.5) tf="$E2E_TF115"; ws="$(workspace "$v" provider resources data-sources functions ephemeral-resources)" ;;
    1.0.3) tf="$E2E_TF103"; ws="$(workspace "$v" provider resources data-sources)" ;;
    *) e2e_fail "no Terraform $v here (1.15.5, 1.0.3)" ;;
  esac
  echo "== Terraform $v"
  e2e_tf_ok "$tf" "$ws" init -input=false
  e2e_tf_ok "$tf" "$ws" apply -auto-approve -input=false
  if [ "$v" = 1.15.5 ]; then
    e2e_expect_contains "ephemeral.${NAME}_example.example: Opening complete" stdout
    e2e_expect_contains "ephemeral.${NAME}_example.example: Closing complete" stdout
  fi
  e2e_tf_ok "$tf" "$ws" output -raw resource_id
  [ "$(cat "$E2E_LAST_OUT")" = example-id ] || e2e_fail "resource id: $(cat "$E2E_LAST_OUT")"
  e2e_tf_ok "$tf" "$ws" output -raw data_source_id
  [ "$(cat "$E2E_LAST_OUT")" = example-id ] || e2e_fail "data source id: $(cat "$E2E_LAST_OUT")"
  if [ "$v" = 1.15.5 ]; then
    e2e_tf_ok "$tf" "$ws" output -raw example_output
    [ "$(cat "$E2E_LAST_OUT")" = some-value ] || e2e_fail "function result: $(cat "$E2E_LAST_OUT")"
    # Nothing of the ephemeral resource reached the state.
    grep -q "token-some-value" "$ws/terraform.tfstate" && e2e_fail "the ephemeral value is in the state"
  fi
  e2e_tf_no_changes "$tf" "$ws"
  e2e_tf_ok "$tf" "$ws" destroy -auto-approve -input=false
done

echo "== cost of the generated crate (CARGO_TARGET_DIR=$CARGO_TARGET_DIR)"
printf '   %s\n' "${STEP_TIMES[@]}"
echo "e2e/new.sh: ok"
