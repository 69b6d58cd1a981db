#!/usr/bin/env bash
# The acceptance tests (tfschema::testing::acceptance, the Rust counterpart of
# terraform-plugin-testing) on every Terraform binary of the e2e suite: the
# framework's own rules (runtime/tests/acceptance_framework.rs, acceptance_steps.rs...) and the inventory
# example's behaviour (examples/terraform-provider-inventory/tests/acceptance.rs), and the
# upgrade from the Go hashicorp/null 2.1.2 binary to its Rust port
# (examples/terraform-provider-null/tests/upgrade.rs).
# The providers are served from the test processes (TF_REATTACH_PROVIDERS): nothing
# is built for Terraform to launch, no mirror, no network.
#
#   e2e/acceptance.sh            exits non-zero if any test fails
#
# Each test runs once per binary (TF_ACC_TERRAFORM_PATHS = 1.0.3 and 1.15.5); steps and
# cases that need a newer Terraform skip on 1.0.3 and say so (with --nocapture).
# Cost on 2 cores, the tests' dependencies compiled: about 56 s for the framework's
# 29 tests (one at a time, as Go's resource.Test), 24 s for acceptance_steps' 11,
# 20 s for the inventory's 9, 4 s for the tutorial's and 8 s for the null upgrade
# test, both versions.
# Env: E2E_TOOLS (where install-terraform.sh puts the binaries), CARGO_TARGET_DIR,
#      ACC_TEST_ARGS (extra arguments after `--`, e.g. "--nocapture").
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

e2e_ensure_tools
for tf in "$E2E_TF103" "$E2E_TF115"; do
  [ -x "$tf" ] || { echo "acceptance: no Terraform at $tf" >&2; exit 1; }
done

export TF_ACC=1
export TF_ACC_TERRAFORM_PATHS="$E2E_TF103:$E2E_TF115"
export CHECKPOINT_DISABLE=1
# The released Go hashicorp/null 2.1.2 for the upgrade test of its Rust port
# (examples/terraform-provider-null/tests/upgrade.rs): its directory.
[ -x "$E2E_NULL_PROVIDER" ] || { echo "acceptance: no Go null provider at $E2E_NULL_PROVIDER" >&2; exit 1; }
export TFSCHEMA_GO_NULL="$(dirname "$E2E_NULL_PROVIDER")"
# A shared plugin cache is unsafe with tests in parallel; the framework clears it
# for Terraform anyway.
unset TF_PLUGIN_CACHE_DIR TF_CLI_ARGS

read -r -a extra <<< "${ACC_TEST_ARGS:-}"
cd "$E2E_REPO"
start=$(date +%s)
# The workspace with all features, as the README's `cargo test` builds it: the same test binaries,
# so nothing is compiled again after it (with `-p ... --features acceptance` the runtime's features
# differ and it and its dependents are compiled anew). `--test acceptance` is the inventory
# example's and the tutorial's.
cargo test -q --workspace --all-features --test acceptance_framework --test acceptance_go_port --test acceptance_planmod --test acceptance_config_validators --test acceptance_validators --test acceptance_checks --test acceptance_steps --test acceptance --test upgrade -- "${extra[@]}"
echo "acceptance: PASS on $(e2e_tf_version "$E2E_TF103") and $(e2e_tf_version "$E2E_TF115") in $(( $(date +%s) - start )) s"
