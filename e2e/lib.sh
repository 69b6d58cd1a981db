# shellcheck shell=bash
# Helpers for running a real Terraform CLI against a local provider binary, offline.
# Source it (bash only):   source "$(dirname "$0")/lib.sh"
#
# Binaries (installed by e2e/install-terraform.sh):
#   E2E_TOOLS           default <repo>/target/e2e-tools
#   E2E_TF103           $E2E_TOOLS/tf1.0.3/terraform
#   E2E_TF115           $E2E_TOOLS/tf1.15.5/terraform
#   E2E_NULL_PROVIDER   $E2E_TOOLS/null2.1.2/terraform-provider-null_v2.1.2_x4
#
# Functions:
#   e2e_ensure_tools                      run install-terraform.sh into $E2E_TOOLS (no-op when installed)
#   e2e_env [WORKDIR]                     environment for Terraform (see below); WORKDIR default <repo>/target/e2e-work
#   e2e_mirror_add MIRROR SOURCE VERSION BINARY
#                                         copy BINARY to MIRROR/<host>/<ns>/<type>/<VERSION>/<os_arch>/terraform-provider-<type>_v<VERSION>
#                                         SOURCE is "ns/type" (host registry.terraform.io) or "host/ns/type"
#   e2e_cli_config_mirror FILE MIRROR [SOURCE...]
#                                         CLI config: filesystem_mirror { path = MIRROR } (+ include/direct { exclude } for SOURCEs)
#   e2e_cli_config_dev_overrides FILE SOURCE=DIR...
#                                         CLI config with dev_overrides (no `terraform init` then, see RECIPE notes in lib)
#   e2e_use_cli_config FILE               export TF_CLI_CONFIG_FILE=FILE
#   e2e_ws_reset DIR                      remove .terraform, the lock file and state from a workspace
#   e2e_tf TF_BIN WORKSPACE ARGS...       run `terraform ARGS` in WORKSPACE; never fails by itself; sets
#                                         E2E_LAST_RC E2E_LAST_SECS E2E_LAST_OUT E2E_LAST_ERR E2E_LAST_CMD E2E_LAST_VERSION
#                                         prints "tf <version> <cmd>: rc=N in X.XXs", appends to $E2E_TIMINGS
#   e2e_tf_ok TF_BIN WORKSPACE ARGS...    e2e_tf + e2e_expect_rc 0
#   e2e_expect_rc N
#   e2e_expect_contains TEXT [stdout|stderr|any]        fixed-string match on the last run's output (default any)
#   e2e_expect_not_contains TEXT [stdout|stderr|any]
#   e2e_expect_match REGEX [stdout|stderr|any]          grep -E
#   e2e_fail MESSAGE                      print MESSAGE, the last command and the tail of its output; exit 1
#   e2e_tf_version TF_BIN                 "1.0.3"
#   e2e_timings_summary [FILE]            table of the timings file
#
# Knobs: E2E_UNSHARE=0 (do not run terraform inside `unshare -n`), E2E_COLOR=1 (keep colours),
#        E2E_LABEL (free text stored in the timings file), E2E_TAIL (lines shown on failure, default 40),
#        E2E_QUIET=1 (no summary line).
#
# Terraform behaviour this relies on (checked on 1.0.3 and 1.15.5):
# - CHECKPOINT_DISABLE=1 is required, otherwise every command looks up checkpoint-api.hashicorp.com.
# - With dev_overrides, do NOT run `terraform init`: it still queries the registry and fails offline.
# - With a filesystem mirror, `terraform init` records the provider's h1: hash in .terraform.lock.hcl;
#   if the binary in the mirror changes afterwards, every command fails until the lock file is removed
#   and init runs again (e2e_ws_reset, or a new VERSION directory).

E2E_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
E2E_TOOLS="${E2E_TOOLS:-$E2E_REPO/target/e2e-tools}"
E2E_TF103="${E2E_TF103:-$E2E_TOOLS/tf1.0.3/terraform}"
E2E_TF115="${E2E_TF115:-$E2E_TOOLS/tf1.15.5/terraform}"
E2E_NULL_PROVIDER="${E2E_NULL_PROVIDER:-$E2E_TOOLS/null2.1.2/terraform-provider-null_v2.1.2_x4}"
E2E_SEQ=0
declare -gA E2E_VERSION_CACHE=()

# The binaries every script runs, and where they land. By default the dev profile: after
# `cargo test --workspace --all-features` its dependencies are compiled already, so a build costs
# a few leaf crates (a release build compiles all ~280 crates again, the larger part of CI's time
# on 2 cores). E2E_RELEASE=1 builds release instead, for the README's figures.
E2E_TARGET_DIR="${CARGO_TARGET_DIR:-$E2E_REPO/target}"
if [ "${E2E_RELEASE:-0}" = 1 ]; then E2E_PROFILE_DIR="$E2E_TARGET_DIR/release"; else E2E_PROFILE_DIR="$E2E_TARGET_DIR/debug"; fi

# e2e_build [CARGO_ARGS...]: builds the example providers and the tfschema command in one
# cargo invocation, whichever script asks, so their dependencies share one set of features and
# are compiled once for all of them (a narrower -p list would compile some 30 crates again).
# tfschema gets the features `--all-features` gives it (features are additive: the binaries
# behave the same), so the test build's tfschema and everything under it are reused; without
# `acceptance`, `compact_str` and `client` the first build compiled tfschema and its dependents again
# (139 s of CI's e2e/run.sh on 2 cores, against 13 s with them).
E2E_TFSCHEMA_FEATURES="tfschema/server,tfschema/acceptance,tfschema/compact_str,tfschema/client"
e2e_build() {
  local profile=()
  [ "${E2E_RELEASE:-0}" = 1 ] && profile=(--release)
  (cd "$E2E_REPO" && cargo build -q "${profile[@]}" --target-dir "$E2E_TARGET_DIR" \
    -p terraform-provider-inventory -p terraform-provider-petstore -p terraform-provider-null -p tfschema-cli \
    --features "$E2E_TFSCHEMA_FEATURES" "$@")
}

e2e_ensure_tools() {
  local log
  log="$(bash "$E2E_REPO/e2e/install-terraform.sh" "$E2E_TOOLS" 2>&1)" || { printf '%s\n' "$log" >&2; return 1; }
}

# Platform directory name Terraform expects in a mirror (linux_amd64, linux_arm64, ...).
e2e_os_arch() {
  local m; m="$(uname -m)"
  case "$m" in
    x86_64|amd64) m=amd64 ;;
    aarch64|arm64) m=arm64 ;;
    i?86) m=386 ;;
  esac
  printf '%s_%s\n' "$(uname -s | tr '[:upper:]' '[:lower:]')" "$m"
}

# ---- (a) environment -----------------------------------------------------------------------------
e2e_env() {
  E2E_WORK="${1:-${E2E_WORK:-$E2E_REPO/target/e2e-work}}"
  mkdir -p "$E2E_WORK"
  E2E_WORK="$(cd "$E2E_WORK" && pwd)"
  export E2E_WORK
  export E2E_TIMINGS="${E2E_TIMINGS:-$E2E_WORK/timings.tsv}"
  export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
  unset TF_PLUGIN_CACHE_DIR TF_REATTACH_PROVIDERS TF_CLI_ARGS TF_DATA_DIR TF_WORKSPACE
  # -no-color for the commands whose output the assertions look at
  local c
  if [ "${E2E_COLOR:-0}" != 1 ]; then
    for c in init validate plan apply destroy refresh import output show query; do
      export "TF_CLI_ARGS_$c=-no-color"
    done
  fi
  printf 'disable_checkpoint = true\n' > "$E2E_WORK/base.tfrc"
  export TF_CLI_CONFIG_FILE="$E2E_WORK/base.tfrc"
  # Terraform reads ~/.terraform.d (implied plugin mirror, credentials); keep it out of the tests.
  E2E_HOME="$E2E_WORK/home"
  mkdir -p "$E2E_HOME"
  # Empty network namespace when possible: any network attempt then fails loudly.
  if [ -z "${E2E_NET_DECIDED:-}" ]; then
    E2E_NET=()
    if [ "${E2E_UNSHARE:-1}" != 0 ]; then
      if unshare -n true 2>/dev/null; then
        E2E_NET=(unshare -n)
      elif unshare -rn true 2>/dev/null; then   # unprivileged: user namespace + net namespace
        E2E_NET=(unshare -rn)
      else
        echo "[e2e] note: 'unshare -n' is not available here; Terraform runs with the normal network" >&2
      fi
    fi
    E2E_NET_DECIDED=1
  fi
}

# ---- (b) provider mirror + CLI configs -----------------------------------------------------------
e2e_mirror_add() {  # MIRROR SOURCE VERSION BINARY
  local mirror="$1" source="$2" version="$3" bin="$4" host ns type
  [ -f "$bin" ] || e2e_fail "e2e_mirror_add: no such provider binary: $bin"
  case "$source" in
    */*/*) IFS=/ read -r host ns type <<<"$source" ;;
    */*)   host=registry.terraform.io; IFS=/ read -r ns type <<<"$source" ;;
    *)     e2e_fail "e2e_mirror_add: SOURCE must be ns/type or host/ns/type, got '$source'" ;;
  esac
  local dir="$mirror/$host/$ns/$type/$version/$(e2e_os_arch)"
  mkdir -p "$dir"
  rm -f "$dir"/terraform-provider-*
  cp "$bin" "$dir/terraform-provider-${type}_v${version}"
  chmod +x "$dir/terraform-provider-${type}_v${version}"
}

_e2e_source_fqn() {  # ns/type -> registry.terraform.io/ns/type
  case "$1" in */*/*) printf '%s' "$1" ;; *) printf 'registry.terraform.io/%s' "$1" ;; esac
}

_e2e_hcl_list() {  # a b -> "a", "b"
  local s="" x
  for x in "$@"; do s+="${s:+, }\"$(_e2e_source_fqn "$x")\""; done
  printf '%s' "$s"
}

e2e_cli_config_mirror() {  # FILE MIRROR [SOURCE...]
  local file="$1" mirror; mirror="$(cd "$2" && pwd)"; shift 2
  {
    echo 'disable_checkpoint = true'
    echo 'provider_installation {'
    echo '  filesystem_mirror {'
    echo "    path    = \"$mirror\""
    [ $# -gt 0 ] && echo "    include = [$(_e2e_hcl_list "$@")]"
    echo '  }'
    if [ $# -gt 0 ]; then
      echo '  direct {'
      echo "    exclude = [$(_e2e_hcl_list "$@")]"
      echo '  }'
    fi
    echo '}'
  } > "$file"
}

e2e_cli_config_dev_overrides() {  # FILE SOURCE=DIR...
  local file="$1" kv; shift
  {
    echo 'disable_checkpoint = true'
    echo 'provider_installation {'
    echo '  dev_overrides {'
    for kv in "$@"; do echo "    \"$(_e2e_source_fqn "${kv%%=*}")\" = \"${kv#*=}\""; done
    echo '  }'
    echo '  direct {}'
    echo '}'
  } > "$file"
}

e2e_use_cli_config() { export TF_CLI_CONFIG_FILE="$1"; }

e2e_ws_reset() {  # DIR
  rm -rf "$1/.terraform" "$1/.terraform.lock.hcl" "$1/terraform.tfstate" "$1/terraform.tfstate.backup" "$1/.e2e-out"
}

# ---- (c) running terraform -------------------------------------------------------------------------
e2e_tf_version() {  # TF_BIN -> 1.0.3
  local bin="$1" v
  if [ -z "${E2E_VERSION_CACHE[$bin]:-}" ]; then
    v="$(cd "${E2E_WORK:-/tmp}" && "$bin" version 2>/dev/null | head -1 | sed -n 's/^Terraform v//p')" || true
    E2E_VERSION_CACHE[$bin]="${v:-unknown}"
  fi
  printf '%s\n' "${E2E_VERSION_CACHE[$bin]}"
}

_e2e_now_ns() { date +%s%N; }

e2e_tf() {  # TF_BIN WORKSPACE ARGS...
  [ -n "${E2E_WORK:-}" ] || e2e_env
  local bin="$1" ws="$2"; shift 2
  [ -x "$bin" ] || e2e_fail "e2e_tf: terraform binary not found: $bin (run e2e/install-terraform.sh)"
  [ -d "$ws" ] || e2e_fail "e2e_tf: workspace not found: $ws"
  local cmd="" a n=0
  for a in "$@"; do   # the subcommand words, without flags: "apply", "providers schema"
    case "$a" in -*) ;; *) cmd+="${cmd:+ }$a"; n=$((n + 1)) ;; esac
    [ "$n" -ge 2 ] && break
    case "$a" in init|plan|apply|destroy|validate|refresh|import|output|show|version|console|fmt|graph) break ;; esac
  done
  E2E_LAST_VERSION="$(e2e_tf_version "$bin")"
  E2E_SEQ=$((E2E_SEQ + 1))
  local out="$ws/.e2e-out"; mkdir -p "$out"
  local base; base="$out/$(printf '%03d' "$E2E_SEQ")-${cmd// /-}"
  E2E_LAST_OUT="$base.stdout"; E2E_LAST_ERR="$base.stderr"
  E2E_LAST_CMD="terraform $* (v$E2E_LAST_VERSION, in $ws)"
  local t0 t1 rc=0
  t0=$(_e2e_now_ns)
  (cd "$ws" && HOME="$E2E_HOME" exec "${E2E_NET[@]}" "$bin" "$@") >"$E2E_LAST_OUT" 2>"$E2E_LAST_ERR" </dev/null || rc=$?
  t1=$(_e2e_now_ns)
  local ms=$(( (t1 - t0) / 1000000 ))
  E2E_LAST_RC=$rc
  E2E_LAST_SECS="$(printf '%d.%02d' $((ms / 1000)) $(((ms % 1000) / 10)))"
  [ "${E2E_QUIET:-0}" = 1 ] || printf 'tf %s %s: rc=%s in %ss\n' "$E2E_LAST_VERSION" "$cmd" "$rc" "$E2E_LAST_SECS"
  if [ ! -s "$E2E_TIMINGS" ]; then
    printf 'time\tversion\tcmd\trc\tseconds\tlabel\tworkspace\targs\n' > "$E2E_TIMINGS"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date +%FT%T)" "$E2E_LAST_VERSION" "$cmd" "$rc" \
    "$E2E_LAST_SECS" "${E2E_LABEL:-}" "$ws" "$*" >> "$E2E_TIMINGS"
  return 0
}

e2e_tf_ok() { e2e_tf "$@"; e2e_expect_rc 0; }
# e2e_tf_no_changes TF_BIN WORKSPACE: `plan -detailed-exitcode` finds nothing to change (exit code 0).
e2e_tf_no_changes() { e2e_tf "$1" "$2" plan -input=false -detailed-exitcode; e2e_expect_rc 0; }

e2e_timings_summary() {  # [FILE]
  column -t -s $'\t' "${1:-$E2E_TIMINGS}" 2>/dev/null || cat "${1:-$E2E_TIMINGS}"
}

# ---- (d) assertions ----------------------------------------------------------------------------------
e2e_fail() {  # MESSAGE
  local tail_n="${E2E_TAIL:-40}"
  {
    echo
    echo "FAIL: $*"
    if [ -n "${E2E_LAST_CMD:-}" ]; then
      echo "  last command: $E2E_LAST_CMD"
      echo "  rc=${E2E_LAST_RC:-?} after ${E2E_LAST_SECS:-?}s"
      local f
      for f in "${E2E_LAST_OUT:-}" "${E2E_LAST_ERR:-}"; do
        [ -n "$f" ] && [ -f "$f" ] || continue
        echo "  ---- tail -n $tail_n $f ($(wc -l < "$f") lines)"
        tail -n "$tail_n" "$f" | sed -e 's/\x1b\[[0-9;]*m//g' -e 's/^/  | /'
      done
      echo "  ----"
    fi
  } >&2
  exit 1
}

_e2e_streams() {  # stdout|stderr|any -> files
  case "${1:-any}" in
    stdout) printf '%s\n' "$E2E_LAST_OUT" ;;
    stderr) printf '%s\n' "$E2E_LAST_ERR" ;;
    any|both) printf '%s\n%s\n' "$E2E_LAST_OUT" "$E2E_LAST_ERR" ;;
    *) e2e_fail "unknown stream '$1' (stdout|stderr|any)" ;;
  esac
}

_e2e_grep() {  # GREP_FLAG PATTERN STREAM -> rc of grep over the stream's files
  local flag="$1" pat="$2" stream="$3" files
  [ -n "${E2E_LAST_OUT:-}" ] || e2e_fail "assertion before any e2e_tf run"
  mapfile -t files < <(_e2e_streams "$stream")
  grep -q "$flag" -e "$pat" -- "${files[@]}"
}

e2e_expect_rc() {  # N
  [ "${E2E_LAST_RC:-x}" = "$1" ] || e2e_fail "expected rc=$1, got rc=${E2E_LAST_RC:-none}"
}

e2e_expect_contains() {  # TEXT [stream]
  _e2e_grep -F "$1" "${2:-any}" || e2e_fail "expected ${2:-any} output to contain: $1"
}

e2e_expect_not_contains() {  # TEXT [stream]
  ! _e2e_grep -F "$1" "${2:-any}" || e2e_fail "expected ${2:-any} output NOT to contain: $1"
}

e2e_expect_match() {  # REGEX [stream]
  _e2e_grep -E "$1" "${2:-any}" || e2e_fail "expected ${2:-any} output to match /$1/"
}

# inventory_header: the terraform and provider blocks of a configuration of the example provider
# (release 0.2.0, database inventory.db in the workspace), for scripts that write one.
inventory_header() {
  cat <<'EOF'
terraform {
  required_providers {
    inventory = {
      source  = "tfschema/inventory"
      version = "0.2.0"
    }
  }
}

provider "inventory" {
  database_path = "inventory.db"
}
EOF
  echo
}
