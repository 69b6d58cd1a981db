# Scenarios s40-s43 of e2e/run.sh (sourced by it, after its helpers): resource identity
# (Terraform 1.12+) and moving state between resource types (1.8+). On older Terraform each
# checks that the provider, which serves identities and moves, still works without them.
# Configurations in e2e/scenarios/identity/; what each checks is in e2e/README.md.

IDS="$SCEN/identity"

TITLE[s40]="import by identity (import blocks); identities in the state"
TITLE[s41]="import identities refused: missing attribute, no such object"
TITLE[s42]="moved: inventory_tag -> inventory_label; an unsupported source"
TITLE[s43]="0.1.0 state without identities -> 0.2.0 refresh adds them"
ALL_SCENARIOS+=(s40 s41 s42 s43)

# prepare_database WS: init, and the database with its tables (a data source read configures the
# provider), so that rows can be inserted before an import.
prepare_database() {
  cp "$IDS/prepare.tf" "$1/main.tf"
  e2e_tf_ok "$TF" "$1" init -input=false
  e2e_tf_ok "$TF" "$1" apply -auto-approve -input=false
}

s40() {
  local ws; ws="$(ws_new identity-import)"; WS="$ws"
  if ! ver_ge "$V" 1.12; then
    # No identities before 1.12: the provider returns them anyway, and Terraform ignores them.
    cp "$IDS/without-identity.tf" "$ws/main.tf"
    e2e_tf_ok "$TF" "$ws" init -input=false
    e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
    e2e_expect_contains "Apply complete! Resources: 3 added, 0 changed, 0 destroyed."
    e2e_tf_no_changes "$TF" "$ws"
    ok "Terraform $V: item, tag and label (resources with identities) apply, then plan no changes"
    pycheck "no identity in the state of Terraform $V" <<'EOF'
for address in ("inventory_item.x", "inventory_tag.t", "inventory_label.l"):
    i = instance(address)
    expect("identity" not in i and "identity_schema_version" not in i, f"{address}: identity in the state", sorted(i))
EOF
    e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
    e2e_expect_contains "Destroy complete! Resources: 3 destroyed."
    return
  fi
  prepare_database "$ws"
  pycheck "insert itm-00000000000e2e40 and its tag e2e40 with SQL" <<'EOF'
execute("""insert into items (id, name, sku, quantity, status, locations, created_at, updated_at)
           values ('itm-00000000000e2e40', 'Imported by identity', 'IDN-040', 1, 'active',
                   '[{"warehouse":"east","shelf":null,"units":null}]',
                   '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z')""")
execute("""insert into tags (id, key, value, item_id, created_at)
           values ('tag-00000000000e2e40', 'e2e40', 'imported', 'itm-00000000000e2e40',
                   '2026-01-01T00:00:00.000000Z')""")
EOF
  cp "$IDS/import.tf" "$ws/main.tf"
  e2e_tf "$TF" "$ws" plan -input=false -detailed-exitcode -out=s40.tfplan
  e2e_expect_rc 2
  e2e_expect_contains "inventory_item.x: Preparing import... [identity=id=itm-00000000000e2e40]"
  e2e_expect_contains "inventory_tag.t: Preparing import... [identity=item_id=itm-00000000000e2e40,key=e2e40]"
  e2e_expect_contains "inventory_item.x will be imported"
  e2e_expect_contains "inventory_tag.t will be imported"
  e2e_expect_contains "Plan: 2 to import, 1 to add, 0 to change, 0 to destroy."
  ok "plan: 2 to import by identity (item { id }, tag { item_id, key }), 1 to add"
  e2e_tf_ok "$TF" "$ws" apply -input=false s40.tfplan
  e2e_expect_contains "Apply complete! Resources: 2 imported, 1 added, 0 changed, 0 destroyed."
  e2e_tf_no_changes "$TF" "$ws"
  e2e_expect_contains "No changes."
  ok "apply: 2 imported, 1 added; then plan -detailed-exitcode = 0"
  pycheck "identities and identity_schema_version in the state" <<'EOF'
want = {
    "inventory_item.x": {"id": "itm-00000000000e2e40"},
    "inventory_tag.t": {"item_id": "itm-00000000000e2e40", "key": "e2e40"},
    "inventory_tag.created": {"item_id": None, "key": "e2e40-created"},
}
for address, identity in want.items():
    i = instance(address)
    expect_eq(i.get("identity"), identity, address + " identity")
    expect_eq(i.get("identity_schema_version"), 0, address + " identity_schema_version")
expect_eq(attrs("inventory_tag.t")["id"], "tag-00000000000e2e40", "imported tag id")
expect_eq(attrs("inventory_item.x")["id"], "itm-00000000000e2e40", "imported item id")
expect_eq(len(rows("select id from tags")), 2, "tag rows")
EOF
}

s41() {
  local ws; ws="$(ws_new identity-errors)"; WS="$ws"
  if ! ver_ge "$V" 1.12; then
    # Import by id, as Terraform before 1.12 knows it; the identity the provider adds is ignored.
    prepare_database "$ws"
    pycheck "insert tag-00000000000e2e41 with SQL" <<'EOF'
execute("""insert into tags (id, key, value, item_id, created_at)
           values ('tag-00000000000e2e41', 'e2e41', 'x', NULL, '2026-01-01T00:00:00.000000Z')""")
EOF
    sed '/^import {/,/^}/d' "$IDS/import-errors.tf" > "$ws/main.tf"
    e2e_tf_ok "$TF" "$ws" import -input=false inventory_tag.t tag-00000000000e2e41
    e2e_expect_contains "Import successful!"
    e2e_tf_no_changes "$TF" "$ws"
    ok "Terraform $V: terraform import by id, then plan no changes"
    return
  fi
  prepare_database "$ws"
  pycheck "insert tag-00000000000e2e41 with SQL" <<'EOF'
execute("""insert into tags (id, key, value, item_id, created_at)
           values ('tag-00000000000e2e41', 'e2e41', 'x', NULL, '2026-01-01T00:00:00.000000Z')""")
EOF
  local line
  # The key is required for import: Terraform itself refuses an identity without it.
  sed 's|  identity = IDENTITY|  identity = { item_id = "itm-1" }|' "$IDS/import-errors.tf" > "$ws/main.tf"
  line="$(diag_line_of "$ws/main.tf" 'identity = {')"
  e2e_tf "$TF" "$ws" plan -input=false
  e2e_expect_rc 1
  e2e_expect_contains "Error: Incorrect value type"
  e2e_expect_contains 'attribute "key" is required'
  e2e_expect_contains "on main.tf line $line, in import:"
  ok "identity without key: Terraform refuses it (attribute \"key\" is required, main.tf line $line)"
  # An identity that names no object: the provider's error.
  sed 's|  identity = IDENTITY|  identity = { key = "e2e41-none" }|' "$IDS/import-errors.tf" > "$ws/main.tf"
  e2e_tf "$TF" "$ws" plan -input=false
  e2e_expect_rc 1
  e2e_expect_contains "Error: Cannot import non-existent remote object"
  e2e_expect_contains 'No tag "e2e41-none" on no item exists.'
  ok "identity of no tag: Cannot import non-existent remote object"
  # An attribute the identity does not have: Terraform drops it without a word.
  sed 's|  identity = IDENTITY|  identity = { key = "e2e41", colour = "red" }|' "$IDS/import-errors.tf" > "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "inventory_tag.t: Preparing import... [identity=item_id=<null>,key=e2e41]"
  e2e_expect_contains "Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed."
  ok "identity with an extra attribute (colour): Terraform $V ignores it, the import succeeds"
  pycheck "imported tag's identity" <<'EOF'
expect_eq(instance("inventory_tag.t").get("identity"), {"item_id": None, "key": "e2e41"}, "identity")
EOF
}

s42() {
  local ws; ws="$(ws_new moved)"; WS="$ws"
  cp "$IDS/tag.tf" "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" init -input=false
  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 2 added, 0 changed, 0 destroyed."
  pycheck "remember the tag row" <<'EOF'
import json
t = one("select * from tags")
expect_eq((t["id"], t["key"], t["value"]), (attrs("inventory_tag.a")["id"], "colour", "blue"), "tag row")
json.dump(t, open(WS + "/tag-row.json", "w"))
EOF
  if ! ver_ge "$V" 1.8; then
    # No moves across resource types before 1.8 (no `moved` blocks at all before 1.1): the label
    # resource, which accepts them, still works as any resource.
    cat > "$ws/label.tf" <<'EOF'
resource "inventory_label" "b" {
  name    = "shade"
  text    = "navy"
  item_id = inventory_item.i.id
}
EOF
    e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
    e2e_expect_contains "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."
    e2e_tf_no_changes "$TF" "$ws"
    e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
    e2e_expect_contains "Destroy complete! Resources: 3 destroyed."
    ok "Terraform $V: a label beside the tag applies, plans no changes, destroys"
    return
  fi
  cp "$IDS/moved.tf" "$ws/main.tf"
  TF_LOG=debug TF_LOG_PATH="$ws/plan-debug.log" e2e_tf "$TF" "$ws" plan -input=false -detailed-exitcode -out=s42.tfplan
  e2e_expect_rc 2
  e2e_expect_contains "inventory_tag.a has moved to inventory_label.a"
  e2e_expect_contains "Plan: 0 to add, 0 to change, 0 to destroy."
  e2e_expect_not_contains "will be created"
  e2e_expect_not_contains "will be destroyed"
  plan_json "$ws" s42.tfplan
  pycheck "plan: the label is the moved tag, no-op" <<'EOF'
changes, plan = plan_changes(WS + "/plan.json")
moved = [c for c in plan["resource_changes"] if c["address"] == "inventory_label.a"]
expect_eq([(c.get("previous_address"), c["change"]["actions"]) for c in moved], [("inventory_tag.a", ["no-op"])], "inventory_label.a change")
bad = [(a, x) for a, x in changes if x != ["no-op"]]
expect(not bad, "changes besides the move", bad)
EOF
  pycheck "MoveResourceState ran on a provider instance Terraform had not configured" <<'EOF'
import re
rpcs = re.findall(r"provider\.terraform-provider-inventory[^:]*: (GetProviderSchema|GetResourceIdentitySchemas|ConfigureProvider|MoveResourceState|ReadResource):", file_text(WS + "/plan-debug.log"))
expect("MoveResourceState" in rpcs, "no MoveResourceState in the debug log", rpcs)
before = rpcs[:rpcs.index("MoveResourceState")]
last_start = max(i for i, r in enumerate(before) if r == "GetProviderSchema")
expect("ConfigureProvider" not in before[last_start:], "ConfigureProvider between the instance's start and MoveResourceState", before[last_start:])
note("RPCs up to the move:", " ".join(before[last_start:] + ["MoveResourceState"]))
EOF
  e2e_tf_ok "$TF" "$ws" apply -input=false s42.tfplan
  e2e_expect_contains "Apply complete! Resources: 0 added, 0 changed, 0 destroyed."
  e2e_tf_no_changes "$TF" "$ws"
  ok "moved: plan shows the move only (no create, no destroy), apply 0/0/0, then no changes"
  pycheck "row intact; the label's state and identity" <<'EOF'
import json
before = json.load(open(WS + "/tag-row.json"))
expect_eq(one("select * from tags"), before, "tag row (unchanged by the move)")
expect_eq(managed_addresses(), ["inventory_item.i", "inventory_label.a"], "resources in state")
a = attrs("inventory_label.a")
expect_eq((a["id"], a["name"], a["text"], a["item_id"], a["created_at"]),
          (before["id"], "colour", "blue", before["item_id"], before["created_at"]), "label attributes")
i = instance("inventory_label.a")
expect_eq(i.get("identity"), {"item_id": before["item_id"], "name": "colour"}, "label identity")
EOF
  # A move from a type inventory_label has no conversion for: the provider says so.
  cp "$IDS/moved-unsupported.tf" "$ws/main.tf"
  e2e_tf "$TF" "$ws" plan -input=false
  e2e_expect_rc 1
  e2e_expect_contains "Error: Unable to Move Resource State"
  e2e_expect_contains 'The resource type "inventory_label" does not accept state moved from'
  # (Terraform wraps the detail at 80 columns.)
  e2e_expect_contains '"inventory_item" of registry.terraform.io/tfschema/inventory (schema version'
  ok "moved from inventory_item: Unable to Move Resource State, naming the source"
  pycheck "nothing changed by the refused move" <<'EOF'
expect_eq(managed_addresses(), ["inventory_item.i", "inventory_label.a"], "resources in state")
expect_eq(len(rows("select id from items")), 1, "item rows")
EOF
}

s43() {
  local ws; ws="$(ws_new identity-upgrade)"; WS="$ws"
  cp "$IDS/upgrade-0.1.0.tf" "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" init -input=false
  e2e_expect_contains "Installed tfschema/inventory v0.1.0"
  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."
  pycheck "0.1.0: no identity in the state" <<'EOF'
expect("identity" not in instance("inventory_tag.old"), "identity in the state of 0.1.0", instance("inventory_tag.old"))
EOF
  edit "$ws/main.tf" '      version = "0.1.0"' '      version = "0.2.0"'
  e2e_tf_ok "$TF" "$ws" init -input=false -upgrade
  e2e_expect_contains "Installed tfschema/inventory v0.2.0"
  e2e_tf_no_changes "$TF" "$ws"
  e2e_expect_contains "No changes."
  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 0 added, 0 changed, 0 destroyed."
  if ver_ge "$V" 1.12; then
    pycheck "0.2.0: the refresh stored the tag's identity" <<'EOF'
i = instance("inventory_tag.old")
expect_eq(i.get("identity"), {"item_id": None, "key": "e2e43"}, "identity")
expect_eq(i.get("identity_schema_version"), 0, "identity_schema_version")
EOF
    e2e_tf_no_changes "$TF" "$ws"
    ok "0.1.0 -> 0.2.0: plan no changes; the next apply stores the identity; plan no changes"
  else
    pycheck "Terraform $V: still no identity in the state" <<'EOF'
expect("identity" not in instance("inventory_tag.old"), "identity in the state", instance("inventory_tag.old"))
EOF
    ok "0.1.0 -> 0.2.0 on Terraform $V: plan no changes, apply clean, no identity stored"
  fi
}
