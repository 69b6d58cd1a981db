#!/usr/bin/env bash
# The generated petstore provider (examples/terraform-provider-petstore) applied by real
# Terraform, offline, against the local in-memory API examples/terraform-provider-petstore/fake_api.py.
#
#   e2e/petstore.sh            exits non-zero if any check fails
#
# Steps: start fake_api.py on 127.0.0.1 (a free port), build the provider and the tfschema
# command (e2e_build: dev profile, E2E_RELEASE=1 for release), check the example's docs/ (`tfschema docs generate --check`, `docs validate`), put the
# provider in a filesystem mirror as tfschema/petstore 0.1.0, then for Terraform 1.15.5 and 1.0.3
# (both speak protocol 6, which the generated nested attributes need): init, `providers schema
# -json` = `tfschema schema dump` of the binary, apply (checks the pet the API
# holds), plan -detailed-exitcode (no changes), apply -var status=sold (an update, checked in the
# API), plan (no changes), destroy (checks the API holds no pet).
#
# Then the faults scenario on Terraform 1.15.5: a second fake_api.py in fault mode (30% of requests
# answer 500, or 429 with Retry-After: 0.05, or carry out the change and answer after 1 s, past
# the provider's 300 ms request timeout), and E2E_FAULT_RUNS (default 20) rounds of apply and
# destroy of 5 pets, each checked against the API: the pets it holds are exactly those in state
# after apply (no orphan from a retried create, none missing), and none after destroy. The
# provider's retry waits are scaled down through PETSTORE_RETRY_DELAY_MS.
#
# Terraform runs with the normal network namespace (E2E_UNSHARE=0): inside `unshare -n` the
# provider could not reach the API on the host's loopback. The mirror keeps it offline anyway.
#
# Knobs: E2E_ONLY_TF="1.15.5" (versions to run), E2E_SKIP_BUILD=1 (reuse the last build),
#        E2E_FAULT_RUNS=20 (0 skips the faults scenario), E2E_FAULT_SEED=1,
#        CARGO_TARGET_DIR. Work dir: target/e2e-work/petstore (wiped at start; the API's log is
#        api.log there, every Terraform command's output in <workspace>/.e2e-out/).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export E2E_UNSHARE=0
# shellcheck source=lib.sh
source "$HERE/lib.sh"

REPO="$E2E_REPO"
PKG="$REPO/examples/terraform-provider-petstore"
BINARY="$E2E_PROFILE_DIR/terraform-provider-petstore"
VERSIONS="${E2E_ONLY_TF:-1.15.5 1.0.3}"

TFSCHEMA="$E2E_PROFILE_DIR/tfschema"

echo "== building the provider and the tfschema command ($E2E_PROFILE_DIR)"
if [ "${E2E_SKIP_BUILD:-0}" != 1 ]; then
  e2e_build   # after e2e/run.sh: nothing to compile
fi
[ -x "$BINARY" ] || e2e_fail "no provider binary at $BINARY"
[ -x "$TFSCHEMA" ] || e2e_fail "no tfschema binary at $TFSCHEMA"

echo "== docs: $PKG/docs current (tfschema docs generate --check) and valid"
"$TFSCHEMA" docs generate --check --provider-dir "$PKG" --provider-binary "$BINARY" \
  || e2e_fail "examples/terraform-provider-petstore/docs is stale: cargo build -p terraform-provider-petstore -p tfschema-cli && target/debug/tfschema docs generate --provider-dir examples/terraform-provider-petstore --provider-binary target/debug/terraform-provider-petstore"
"$TFSCHEMA" docs validate --provider-dir "$PKG" --provider-binary "$BINARY" \
  || e2e_fail "examples/terraform-provider-petstore/docs is not valid"

echo "== Terraform binaries (e2e/install-terraform.sh, cached in $E2E_TOOLS)"
e2e_ensure_tools

WORK="$REPO/target/e2e-work/petstore"
rm -rf "$WORK"
e2e_env "$WORK"

echo "== starting the petstore API (fake_api.py)"
API_PIDS=()
cleanup() {
  local pid
  for pid in "${API_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
# start_api NAME ARGS...: starts fake_api.py with ARGS, logs in $WORK/NAME.log; sets API.
start_api() {
  local name="$1" pid
  shift
  python3 "$PKG/fake_api.py" --port-file "$WORK/$name.port" "$@" >"$WORK/$name.out" 2>"$WORK/$name.log" &
  pid=$!
  API_PIDS+=("$pid")
  for _ in $(seq 100); do
    [ -s "$WORK/$name.port" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$WORK/$name.log" >&2; e2e_fail "fake_api.py exited"; }
    sleep 0.1
  done
  [ -s "$WORK/$name.port" ] || e2e_fail "fake_api.py did not start in 10s"
  API="http://127.0.0.1:$(cat "$WORK/$name.port")"
}
start_api api
export PETSTORE_ENDPOINT="$API/api/v3"
echo "   $PETSTORE_ENDPOINT"

e2e_mirror_add "$WORK/mirror" tfschema/petstore 0.1.0 "$BINARY"
e2e_cli_config_mirror "$WORK/mirror.tfrc" "$WORK/mirror" tfschema/petstore
e2e_use_cli_config "$WORK/mirror.tfrc"

# api_check PYTHON_EXPR: evaluates PYTHON_EXPR with `pets` = the API's stored pets (a list of
# dicts); fails with the state when it is false.
api_check() {
  local state
  state="$(python3 - "$API/_state" <<'EOF'
import sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
print(opener.open(sys.argv[1], timeout=10).read().decode())
EOF
)" || e2e_fail "cannot read the API state at $API/_state"
  python3 - "$1" "$state" <<'EOF' || e2e_fail "API state check failed: $1 (state: $state)"
import json, sys
pets = json.loads(sys.argv[2])["pets"]
sys.exit(0 if eval("(" + sys.argv[1] + ")", {"pets": pets}) else 1)
EOF
}

PASS=0
for v in $VERSIONS; do
  case "$v" in
    1.15.5) tf="$E2E_TF115" ;;
    1.0.3) tf="$E2E_TF103" ;;
    *) e2e_fail "unknown Terraform version $v (1.15.5 or 1.0.3)" ;;
  esac
  ws="$WORK/tf$v"
  mkdir -p "$ws"
  cp "$PKG/sample/main.tf" "$ws/main.tf"
  echo "== Terraform $v"

  e2e_tf_ok "$tf" "$ws" init -input=false
  # The schema Terraform reads = `tfschema schema dump` of the binary (JSON-equal on 1.15.5;
  # on 1.0.3 after dropping what it does not print).
  e2e_tf_ok "$tf" "$ws" providers schema -json
  cp "$E2E_LAST_OUT" "$ws/terraform-schema.json"
  "$TFSCHEMA" schema dump --provider-binary "$BINARY" --provider-address registry.terraform.io/tfschema/petstore \
    --output "$ws/dump-schema.json" || e2e_fail "tfschema schema dump failed"
  python3 "$HERE/checks.py" schema-compare "$ws/terraform-schema.json" "$ws/dump-schema.json" "$v" \
    registry.terraform.io/tfschema/petstore \
    || e2e_fail "providers schema -json differs from tfschema schema dump"
  echo "   providers schema -json = tfschema schema dump"
  e2e_tf_ok "$tf" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."
  e2e_expect_match 'pet_status_read_back = "available"' stdout
  e2e_tf_ok "$tf" "$ws" output -raw pet_id
  id="$(cat "$E2E_LAST_OUT")"
  [[ "$id" =~ ^[0-9]+$ ]] || e2e_fail "pet_id output is not a number: '$id'"
  api_check "len(pets) == 1 and pets[0]['id'] == $id and pets[0]['name'] == 'Rex'
    and pets[0]['status'] == 'available' and pets[0]['category'] == {'name': 'dog'}
    and pets[0]['photoUrls'] == ['https://img.example/rex.jpg']
    and pets[0]['tags'] == [{'id': 1, 'name': 'good-boy'}]"
  echo "   created pet $id; the API holds it"

  e2e_tf "$tf" "$ws" plan -detailed-exitcode -input=false
  e2e_expect_rc 0
  e2e_expect_contains "No changes." stdout

  e2e_tf_ok "$tf" "$ws" apply -auto-approve -input=false -var status=sold
  e2e_expect_contains "Apply complete! Resources: 0 added, 1 changed, 0 destroyed."
  api_check "len(pets) == 1 and pets[0]['id'] == $id and pets[0]['status'] == 'sold'"
  echo "   updated pet $id in place (status = sold)"
  e2e_tf "$tf" "$ws" plan -detailed-exitcode -input=false -var status=sold
  e2e_expect_rc 0

  e2e_tf_ok "$tf" "$ws" destroy -auto-approve -input=false -var status=sold
  e2e_expect_contains "Destroy complete! Resources: 1 destroyed."
  api_check "pets == []"
  echo "   destroyed; the API holds no pet"
  echo "PASS petstore tf $v"
  PASS=$((PASS + 1))
done

FAULT_RUNS="${E2E_FAULT_RUNS:-20}"
if [ "$FAULT_RUNS" -gt 0 ]; then
  echo "== faults: $FAULT_RUNS rounds of apply and destroy of 5 pets on Terraform 1.15.5, 30% of requests failing"
  start_api faults --fault-rate 0.3 --seed "${E2E_FAULT_SEED:-1}" --retry-after 0.05 --fault-delay 1
  export PETSTORE_ENDPOINT="$API/api/v3"
  export PETSTORE_REQUEST_TIMEOUT_MS=300 PETSTORE_RETRY_DELAY_MS=10 PETSTORE_RETRY_ATTEMPTS=12
  ws="$WORK/faults"
  mkdir -p "$ws"
  cat >"$ws/main.tf" <<'EOF'
terraform {
  required_providers {
    petstore = {
      source  = "tfschema/petstore"
      version = "0.1.0"
    }
  }
}

provider "petstore" {}

resource "petstore_pet" "p" {
  count      = 5
  name       = "pet-${count.index}"
  photo_urls = []
}

output "ids" {
  value = petstore_pet.p[*].id
}
EOF
  started=$(date +%s.%N)
  e2e_tf_ok "$E2E_TF115" "$ws" init -input=false
  for run in $(seq "$FAULT_RUNS"); do
    e2e_tf_ok "$E2E_TF115" "$ws" apply -auto-approve -input=false
    e2e_expect_contains "Apply complete! Resources: 5 added, 0 changed, 0 destroyed."
    e2e_tf_ok "$E2E_TF115" "$ws" output -json ids
    ids="$(tr -d ' \n' <"$E2E_LAST_OUT")"
    api_check "sorted(p['id'] for p in pets) == sorted($ids) and len(pets) == 5"
    e2e_tf_ok "$E2E_TF115" "$ws" destroy -auto-approve -input=false
    e2e_expect_contains "Destroy complete! Resources: 5 destroyed."
    api_check "pets == []"
    echo "   round $run: 5 pets applied ($ids) and destroyed; the API agrees"
  done
  faults="$(python3 -c 'import json,sys,urllib.request; o=urllib.request.build_opener(urllib.request.ProxyHandler({})); print(json.load(o.open(sys.argv[1]))["faults"])' "$API/_state")"
  elapsed=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$started" "$(date +%s.%N)")
  echo "   faults served: $faults; $FAULT_RUNS rounds in ${elapsed}s"
  echo "PASS petstore faults tf 1.15.5 ($FAULT_RUNS rounds)"
  PASS=$((PASS + 1))
fi

echo "== $PASS passed, 0 failed"
