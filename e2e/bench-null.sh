#!/usr/bin/env bash
# Peer baseline: wall time of init / plan / apply / plan (no changes) / destroy for N null_resource
# instances (hashicorp/null 2.1.2, the Go provider, installed through a filesystem mirror), on
# Terraform 1.0.3 and 1.15.5, offline (inside `unshare -n` when available).
#
#   e2e/bench-null.sh [N]            N defaults to 200
#
# Env: BENCH_PARALLELISM (default 10)   -parallelism for apply and destroy
#      BENCH_REPEAT      (default 1)    plan/apply/plan/destroy cycles per Terraform version
#      BENCH_TF          (default "$E2E_TF103 $E2E_TF115")   terraform binaries to use
#      BENCH_WORK        (default <repo>/target/e2e-work/bench-null)   wiped at start
#      E2E_TOOLS, E2E_UNSHARE, ... see e2e/lib.sh
#
# Plugging in another provider: write a config generator `gen_X DIR N` and call
#   bench_provider NAME SOURCE VERSION BINARY gen_X N
# (or use bench_apply TF_BIN WORKSPACE N directly on a workspace whose CLI config is already set).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

N="${1:-200}"
PARALLELISM="${BENCH_PARALLELISM:-10}"
REPEAT="${BENCH_REPEAT:-1}"

declare -A BENCH_T=()     # "<version>|<step>" -> "secs secs ..."
BENCH_ROWS=()             # "<name>|<version>" in run order
BENCH_STEPS=(init plan apply replan destroy)

_bench_record() {  # KEY STEP
  BENCH_T["$1|$2"]="${BENCH_T["$1|$2"]:-}${BENCH_T["$1|$2"]:+ }$E2E_LAST_SECS"
}

# bench_apply TF_BIN WORKSPACE [N] [KEY]
#   The workspace holds the configuration; TF_CLI_CONFIG_FILE must already point at a CLI config
#   that can install its providers. Runs init (once), then REPEAT x (plan, apply, plan, destroy),
#   asserting the resource counts. Times land in BENCH_T under KEY (default the Terraform version).
bench_apply() {
  local tf="$1" ws="$2" n="${3:-$N}" key="${4:-}" i
  [ -n "$key" ] || key="$(e2e_tf_version "$tf")"
  if [ ! -d "$ws/.terraform" ]; then
    e2e_tf_ok "$tf" "$ws" init -input=false
    e2e_expect_contains "Terraform has been successfully initialized"
    _bench_record "$key" init
  fi
  for ((i = 1; i <= REPEAT; i++)); do
    e2e_tf "$tf" "$ws" plan -input=false -detailed-exitcode -parallelism="$PARALLELISM"
    e2e_expect_rc 2
    e2e_expect_contains "Plan: $n to add, 0 to change, 0 to destroy."
    _bench_record "$key" plan

    e2e_tf_ok "$tf" "$ws" apply -auto-approve -input=false -parallelism="$PARALLELISM"
    e2e_expect_contains "Apply complete! Resources: $n added, 0 changed, 0 destroyed."
    _bench_record "$key" apply

    e2e_tf "$tf" "$ws" plan -input=false -detailed-exitcode -parallelism="$PARALLELISM"
    e2e_expect_rc 0
    e2e_expect_contains "No changes."
    _bench_record "$key" replan

    e2e_tf_ok "$tf" "$ws" destroy -auto-approve -input=false -parallelism="$PARALLELISM"
    e2e_expect_contains "Destroy complete! Resources: $n destroyed."
    _bench_record "$key" destroy
  done
}

# bench_provider NAME SOURCE VERSION BINARY GEN_FN N
#   mirror + CLI config for one provider, then bench_apply on every Terraform in BENCH_TF,
#   each in a fresh workspace $E2E_WORK/NAME-tf<version> filled by `GEN_FN DIR N`.
bench_provider() {
  local name="$1" source="$2" version="$3" bin="$4" gen="$5" n="$6" tf v ws
  local mirror="$E2E_WORK/mirror-$name"
  rm -rf "$mirror"
  e2e_mirror_add "$mirror" "$source" "$version" "$bin"
  e2e_cli_config_mirror "$E2E_WORK/$name.tfrc" "$mirror" "$source"
  e2e_use_cli_config "$E2E_WORK/$name.tfrc"
  for tf in "${BENCH_TFS[@]}"; do
    v="$(e2e_tf_version "$tf")"
    ws="$E2E_WORK/$name-tf$v"
    rm -rf "$ws"; mkdir -p "$ws"
    "$gen" "$ws" "$n"
    echo "== $name: $n resources, Terraform $v, -parallelism=$PARALLELISM"
    E2E_LABEL="$name/$n" bench_apply "$tf" "$ws" "$n" "$name|$v"
    BENCH_ROWS+=("$name|$v")
  done
}

gen_null() {  # DIR N
  cat > "$1/main.tf" <<EOF
terraform {
  required_providers {
    null = {
      source  = "hashicorp/null"
      version = "2.1.2"
    }
  }
}

resource "null_resource" "r" {
  count = $2
  triggers = {
    index = count.index
  }
}
EOF
}

_bench_cell() {  # "s1 s2 ..." -> "s" or "median [min-max]"
  [ -n "$1" ] || { printf -- '-'; return; }
  tr ' ' '\n' <<<"$1" | sort -n | awk '{v[NR] = $1} END {
    if (NR == 1) { printf "%s", v[1]; exit }
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.2f [%s-%s]", m, v[1], v[NR] }'
}

bench_report() {
  local row step w=10
  [ "$REPEAT" -gt 1 ] && w=18
  printf '\n%-22s %-8s' provider terraform
  for step in "${BENCH_STEPS[@]}"; do printf " %${w}s" "$step"; done
  if [ "$REPEAT" -gt 1 ]; then printf '   (wall s; median [min-max] of %s)\n' "$REPEAT"; else printf '   (wall s)\n'; fi
  for row in "${BENCH_ROWS[@]}"; do
    printf '%-22s %-8s' "${row%%|*}" "${row#*|}"
    for step in "${BENCH_STEPS[@]}"; do printf " %${w}s" "$(_bench_cell "${BENCH_T["$row|$step"]:-}")"; done
    printf '\n'
  done
}

main() {
  e2e_ensure_tools
  local work="${BENCH_WORK:-$E2E_REPO/target/e2e-work/bench-null}"
  rm -rf "$work"
  e2e_env "$work"
  read -r -a BENCH_TFS <<<"${BENCH_TF:-$E2E_TF103 $E2E_TF115}"
  echo "work dir: $E2E_WORK; network namespace: ${E2E_NET[*]:-none}; $(nproc) CPUs"

  bench_provider null-2.1.2 hashicorp/null 2.1.2 "$E2E_NULL_PROVIDER" gen_null "$N"

  bench_report
  echo "timings: $E2E_TIMINGS"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  main "$@"
fi
