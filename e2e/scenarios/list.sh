# shellcheck shell=bash
# Scenario s60 of e2e/run.sh (sourced by it, after its helpers): the list resource inventory_item
# (`terraform query`, Terraform 1.14+) and the configuration generated for what it finds. On
# Terraform 1.0.3 the provider, which serves a list resource, must still apply a plain
# configuration. Configurations in e2e/scenarios/list/; what it checks is in e2e/README.md.

LISTS="$SCEN/list"

TITLE[s60]="terraform query lists the rows; -generate-config-out, applied, plans no changes"
ALL_SCENARIOS+=(s60)

s60() {
  local ws; ws="$(ws_new list)"; WS="$ws"
  if ! ver_ge "$V" 1.14; then
    # No `terraform query` before 1.14; query files are not read at all.
    cp "$LISTS/plain.tf" "$ws/main.tf"
    cp "$LISTS/active.tfquery.hcl" "$ws/"
    e2e_tf_ok "$TF" "$ws" init -input=false
    e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
    e2e_expect_contains "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."
    e2e_tf_no_changes "$TF" "$ws"
    ok "Terraform $V: the provider (serving a list resource) applies a plain item, then plans no changes"
    e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
    e2e_expect_contains "Destroy complete! Resources: 1 destroyed."
    return
  fi
  prepare_database "$ws"
  pycheck "insert three active items and a draft with SQL" <<'EOF'
items = [("Bolt", "LST-BOLT", "active", 1), ("Washer", "LST-WASHER", "active", 250),
         ("Nut", "LST-NUT", "draft", 1), ("Bracket", "LST-BRACKET", "active", 3)]
for n, (name, sku, status, quantity) in enumerate(items):
    execute("""insert into items (id, name, sku, quantity, status, notes, locations, created_at, updated_at)
               values (?, ?, ?, ?, ?, 'listed by s60', '[{"warehouse":"east","shelf":"A1","units":null}]',
                       '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z')""",
            f"itm-00000000000e2e6{n}", name, sku, quantity, status)
# A sensitive attribute (internal_code) set on the first row by name.
execute("update items set internal_code = 'SENSITIVE-S60' where name = 'Bolt'")
EOF
  cp "$LISTS/main.tf" "$ws/main.tf"
  cp "$LISTS/active.tfquery.hcl" "$LISTS/first-two.tfquery.hcl" "$ws/"

  # The results: one line per row, in the provider's order (by name), display name last.
  e2e_tf_ok "$TF" "$ws" query
  cp "$E2E_LAST_OUT" "$ws/query.txt"
  pycheck "query prints the active rows of SQLite, then the first two rows of all (limit = 2)" <<'EOF'
lines = [l.split() for l in file_text(WS + "/query.txt").splitlines() if l.strip()]
got = [(l[0], l[1], " ".join(l[2:])) for l in lines]
def shown(address, sql):
    return [(address, "id=" + r["id"], f'{r["name"]} ({r["sku"]})') for r in rows(sql)]
want = shown("list.inventory_item.active", "select * from items where status = 'active' order by name, id")
want += shown("list.inventory_item.first_two", "select * from items order by name, id limit 2")
expect_eq(sorted(got), sorted(want), "query output lines")
for address in ("list.inventory_item.active", "list.inventory_item.first_two"):
    expect_eq([g for g in got if g[0] == address], [w for w in want if w[0] == address], address + " order")
EOF
  e2e_tf_ok "$TF" "$ws" query -json
  cp "$E2E_LAST_OUT" "$ws/query.jsonl"
  pycheck "query -json: list_resource_found with identities (states for include_resource), totals 3 and 2" <<'EOF'
events = [json.loads(l) for l in file_text(WS + "/query.jsonl").splitlines() if l.strip()]
found = [e["list_resource_found"] for e in events if e["type"] == "list_resource_found"]
active = [f for f in found if f["address"] == "list.inventory_item.active"]
expect_eq([f["identity"] for f in active],
          [{"id": r["id"]} for r in rows("select id from items where status = 'active' order by name, id")],
          "identities of list.inventory_item.active")
expect_eq({f["identity_version"] for f in found}, {0}, "identity_version")
expect(all("resource_object" not in f for f in active), "resource objects without include_resource", active)
two = [f for f in found if f["address"] == "list.inventory_item.first_two"]
first = rows("select * from items order by name, id limit 2")
expect_eq([(f["resource_object"]["id"], f["resource_object"]["name"], f["resource_object"]["quantity"]) for f in two],
          [(r["id"], r["name"], r["quantity"]) for r in first], "first_two resource objects (include_resource)")
totals = {e["list_complete"]["address"]: e["list_complete"]["total"] for e in events if e["type"] == "list_complete"}
expect_eq(totals, {"list.inventory_item.active": 3, "list.inventory_item.first_two": 2}, "totals")
# Unlike the plan and the generated file, -json shows a sensitive attribute of a resource object.
expect_eq(two[0]["resource_object"]["internal_code"], "SENSITIVE-S60", "internal_code in list_resource_found")
EOF

  # ValidateListResourceConfig: the derived one_of. The diagnostic names the attribute, but
  # Terraform 1.15.5 shows it at the list block's line, not at the attribute's in `config {}`.
  cp "$LISTS/invalid.tfquery.hcl" "$ws/"
  e2e_tf "$TF" "$ws" query
  e2e_expect_rc 1
  e2e_expect_contains "Error: Invalid Attribute Value Match"
  e2e_expect_contains 'Attribute status value must be one of: ["active" "draft" "discontinued"],'
  local line; line="$(diag_line_of "$ws/invalid.tfquery.hcl" 'list "inventory_item" "sold"')"
  e2e_expect_contains "on invalid.tfquery.hcl line $line"
  e2e_expect_not_contains "list.inventory_item.active   id="
  ok "status = \"sold\": error naming status, at invalid.tfquery.hcl line $line (the block); nothing listed"
  rm "$ws/invalid.tfquery.hcl" "$ws/first-two.tfquery.hcl"

  # -generate-config-out: GenerateResourceConfig once per result, with its state.
  TF_LOG_PROVIDER=debug TF_LOG_PATH="$ws/generate.log" e2e_tf "$TF" "$ws" query -generate-config-out=generated.tf
  e2e_expect_rc 0
  [ -f "$ws/generated.tf" ] || e2e_fail "no generated.tf"
  local calls; calls="$(grep -c 'provider.terraform-provider-inventory_v0.2.0: GenerateResourceConfig:' "$ws/generate.log" || true)"
  [ "$calls" = 3 ] || e2e_fail "expected 3 GenerateResourceConfig calls in $ws/generate.log, got $calls"
  ok "query -generate-config-out=generated.tf: GenerateResourceConfig called 3 times"
  pycheck "generated.tf: a resource and an import block per active row, from the provider's configuration" <<'EOF'
import re
text = file_text(WS + "/generated.tf")
blocks = re.findall(r'^resource "inventory_item" "(\w+)" \{\n(.*?)^\}', text, re.S | re.M)
imports = re.findall(r'^import \{\n  to       = inventory_item\.(\w+)\n  provider = inventory\n  identity = \{\n    id = "([^"]+)"', text, re.M)
active = rows("select * from items where status = 'active' order by name, id")
expect_eq([name for name, _ in blocks], ["active_0", "active_1", "active_2"], "resource blocks")
expect_eq(imports, [(f"active_{i}", r["id"]) for i, r in enumerate(active)], "import blocks")
for (name, body), row in zip(blocks, active):
    attrs = dict(re.findall(r'^  (\w+) += (.*?)(?: # sensitive)?$', body, re.M))
    expect_eq((attrs.get("name"), attrs.get("sku")), (json.dumps(row["name"]), json.dumps(row["sku"])), name)
    # Read-only attributes: not written. Defaults (quantity 1, status "active"): left out by the
    # provider's generate_config (Terraform's own generation would write the state's values).
    for absent in ("id", "created_at", "updated_at", "status", "description"):
        expect(absent not in attrs, f"{name}: {absent} written", attrs)
    expect_eq(attrs.get("quantity"), None if row["quantity"] == 1 else str(row["quantity"]), name + " quantity")
    # Terraform writes no sensitive value, whatever the provider sends: null, with a comment.
    expect_eq(attrs.get("internal_code"), "null", name + " internal_code")
expect("SENSITIVE-S60" not in text, "the sensitive value in generated.tf")
EOF

  # As generated, the configuration would null Bolt's internal_code: the user fills it in.
  e2e_tf "$TF" "$ws" plan -input=false -detailed-exitcode
  e2e_expect_rc 2
  e2e_expect_contains "Plan: 3 to import, 0 to add, 1 to change, 0 to destroy."
  e2e_expect_match '- internal_code = \(sensitive value\) -> null'
  ok "as generated: 3 to import, Bolt's sensitive internal_code planned to null"
  sed -i '0,/internal_code = null # sensitive/s//internal_code = "SENSITIVE-S60"/' "$ws/generated.tf"

  # The generated configuration, applied, imports the rows and then plans no changes.
  e2e_tf "$TF" "$ws" plan -input=false -detailed-exitcode -out=s60.tfplan
  e2e_expect_rc 2
  e2e_expect_contains "Plan: 3 to import, 0 to add, 0 to change, 0 to destroy."
  e2e_tf_ok "$TF" "$ws" apply -input=false s60.tfplan
  e2e_expect_contains "Apply complete! Resources: 3 imported, 0 added, 0 changed, 0 destroyed."
  e2e_tf_no_changes "$TF" "$ws"
  e2e_expect_contains "No changes."
  ok "plan: 3 to import; apply; plan -detailed-exitcode = 0"
  pycheck "the state holds the active rows, unchanged, with their identities" <<'EOF'
active = rows("select * from items where status = 'active' order by name, id")
for i, row in enumerate(active):
    i_state = instance(f"inventory_item.active_{i}")
    expect_eq(i_state.get("identity"), {"id": row["id"]}, f"active_{i} identity")
    expect_eq(i_state["attributes"]["quantity"], row["quantity"], f"active_{i} quantity")
expect_eq(managed_addresses(), [f"inventory_item.active_{i}" for i in range(3)], "managed resources")
expect_eq({r["updated_at"] for r in rows("select updated_at from items")}, {"2026-01-01T00:00:00.000000Z"},
          "rows not written by the import")
EOF

  # plan -generate-config-out for an import block goes to GenerateResourceConfig too.
  cp "$LISTS/import-nut.tf" "$ws/"
  e2e_tf "$TF" "$ws" plan -input=false -detailed-exitcode -generate-config-out=nut.tf -out=nut.tfplan
  e2e_expect_rc 2
  e2e_expect_contains "Plan: 1 to import, 0 to add, 0 to change, 0 to destroy."
  pycheck "nut.tf: the draft's configuration, status kept (not the default), quantity 1 left out" <<'EOF'
import re
text = file_text(WS + "/nut.tf")
attrs = dict(re.findall(r'^  (\w+) += (.*?)(?: # sensitive)?$', text, re.M))
expect_eq((attrs.get("name"), attrs.get("sku"), attrs.get("status")), ('"Nut"', '"LST-NUT"', '"draft"'), "nut.tf")
for absent in ("id", "created_at", "updated_at", "quantity"):
    expect(absent not in attrs, f"nut.tf: {absent} written", attrs)
EOF
  e2e_tf_ok "$TF" "$ws" apply -input=false nut.tfplan
  e2e_expect_contains "Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed."
  e2e_tf_no_changes "$TF" "$ws"
  ok "import block + plan -generate-config-out=nut.tf: the provider's configuration; applied, then no changes"

  e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: 4 destroyed."
  pycheck "no rows left" <<'EOF'
expect_eq(rows("select id from items"), [], "items rows")
EOF
}
