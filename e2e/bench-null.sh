#!/usr/bin/env bash
# Peer baseline: wall time of init / plan / apply / plan (no changes) / destroy for N null_resource
# instances, and the CPU time the provider processes spent on each step, for the Go provider
# hashicorp/null 2.1.2 and its Rust port (examples/terraform-provider-null, release build), each
# installed through a filesystem mirror, on Terraform 1.0.3 and 1.15.5, offline (inside
# `unshare -n` when available).
#
#   e2e/bench-null.sh [N]            N defaults to 200
#   BENCH_TF=target/e2e-tools/tf1.15.5/terraform BENCH_REPEAT=3 e2e/bench-null.sh 1000
#                                    issue 40's comparison
#
# How CPU is measured, the same way for both: the mirror holds a bash wrapper that runs the real
# binary as its child and, once it exits, appends the child's user and system time (bash's
# `times`, from wait4's rusage) to a log; each step sums and clears the log. Terraform launches the
# provider several times per command (schema, validate, plan or apply), so that is the sum of
# every launch of that command. The wrapper costs each launch a bash start (a few ms of wall time,
# the same for both providers).
#
# Env: BENCH_PROVIDERS   (default "go rust mux")   which providers to run (mux: the Rust binary
#                        serving null_resource through its Go child, examples/terraform-provider-null)
#      BENCH_CPU         (default 1)    0: no wrapper, no CPU table
#      BENCH_PARALLELISM (default 10)   -parallelism for apply and destroy
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
declare -A BENCH_C=()     # "<version>|<step>" -> provider CPU "secs secs ..."
BENCH_CPU="${BENCH_CPU:-1}"
BENCH_CPU_LOG=""          # the wrapper's log of the provider in use
BENCH_ROWS=()             # "<name>|<version>" in run order
BENCH_STEPS=(init plan apply replan destroy)

_bench_record() {  # KEY STEP
  BENCH_T["$1|$2"]="${BENCH_T["$1|$2"]:-}${BENCH_T["$1|$2"]:+ }$E2E_LAST_SECS"
  if [ "$BENCH_CPU" = 1 ] && [ -n "$BENCH_CPU_LOG" ]; then
    local cpu
    cpu="$(_bench_cpu_take)"
    BENCH_C["$1|$2"]="${BENCH_C["$1|$2"]:-}${BENCH_C["$1|$2"]:+ }$cpu"
  fi
}

# The provider CPU seconds the log holds (lines "0m0.120s 0m0.030s": user, system), then empties it.
_bench_cpu_take() {
  [ -f "$BENCH_CPU_LOG" ] || { printf '0.00'; return; }
  awk '{ for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] } }
       END { printf "%.2f", t }' "$BENCH_CPU_LOG"
  : > "$BENCH_CPU_LOG"
}

# _bench_wrap BINARY LOG OUT: OUT runs BINARY as its child and appends the child's CPU times to LOG.
_bench_wrap() {
  {
    echo '#!/usr/bin/env bash'
    printf '"%s" "$@"\n' "$1"
    echo 'rc=$?'
    # Not in a pipeline: a subshell's `times` would show its own children, none.
    printf 'times > "%s.$$"\n' "$2"
    printf 'tail -n 1 "%s.$$" >> "%s"; rm -f "%s.$$"\n' "$2" "$2" "$2"
    echo 'exit $rc'
  } > "$3"
  chmod +x "$3"
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
  if [ "$BENCH_CPU" = 1 ]; then
    BENCH_CPU_LOG="$E2E_WORK/cpu-$name.log"
    : > "$BENCH_CPU_LOG"
    _bench_wrap "$bin" "$BENCH_CPU_LOG" "$E2E_WORK/wrapped-$name"
    bin="$E2E_WORK/wrapped-$name"
  fi
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
  [ "$BENCH_CPU" = 1 ] || return 0
  printf '\n%-22s %-8s' provider terraform
  for step in "${BENCH_STEPS[@]}"; do printf " %${w}s" "$step"; done
  printf '   (provider CPU s, user + system, every launch)\n'
  for row in "${BENCH_ROWS[@]}"; do
    printf '%-22s %-8s' "${row%%|*}" "${row#*|}"
    for step in "${BENCH_STEPS[@]}"; do printf " %${w}s" "$(_bench_cell "${BENCH_C["$row|$step"]:-}")"; done
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

  local p
  for p in ${BENCH_PROVIDERS:-go rust mux}; do
    case "$p" in
      go) bench_provider null-2.1.2-go hashicorp/null 2.1.2 "$E2E_NULL_PROVIDER" gen_null "$N" ;;
      rust)
        # Release, as the Go binary is: the port's CPU, not a debug build's.
        (cd "$E2E_REPO" && cargo build -q --release --target-dir "$E2E_TARGET_DIR" -p terraform-provider-null)
        bench_provider null-2.1.2-rust hashicorp/null 2.1.2 "$E2E_TARGET_DIR/release/terraform-provider-null" gen_null "$N" ;;
      mux)
        # The migration half done: null_resource through the mux to the Go binary (its child,
        # found through TFSCHEMA_PROXIED_DIR, which Terraform passes on), null_data_source in Rust.
        (cd "$E2E_REPO" && cargo build -q --release --target-dir "$E2E_TARGET_DIR" -p terraform-provider-null)
        mkdir -p "$E2E_WORK/beside/proxied"
        cp "$E2E_NULL_PROVIDER" "$E2E_WORK/beside/proxied/"
        TFSCHEMA_PROXIED_DIR="$E2E_WORK/beside" bench_provider null-2.1.2-mux hashicorp/null 2.1.2 \
          "$E2E_TARGET_DIR/release/terraform-provider-null-mux" gen_null "$N" ;;
      *) e2e_fail "BENCH_PROVIDERS: unknown provider '$p' (go, rust, mux)" ;;
    esac
  done

  bench_report
  echo "timings: $E2E_TIMINGS"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  main "$@"
fi
