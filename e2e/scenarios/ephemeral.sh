# shellcheck shell=bash
# Scenarios s30-s32 of e2e/run.sh (sourced by it): the ephemeral resource inventory_token.
# Terraform 1.15.5 opens, renews and closes it; Terraform 1.0.3 has no ephemeral resources, and
# the provider that declares one must still work there. See e2e/README.md for what each checks.

TITLE[s30]="ephemeral token feeds write-only api_secret; in no state or plan"
TITLE[s31]="ephemeral token: missing item, bad ttl_seconds (errors at the line)"
TITLE[s32]="ephemeral token renewed while in use, closed with open's private"
ALL_SCENARIOS+=(s30 s31 s32)

# The tokens the provider issues look like this; none may appear where Terraform stores things.
TOKEN_RE='invtok_[0-9a-f]{32}'

ephemeral_absent() {  # Terraform < 1.10: say so, scenario passes without running
  echo "    n/a on Terraform $V: no ephemeral resources before 1.10 (s30 checks that the provider works there)"
}

s30() {
  local ws; ws="$(ws_new ephemeral-token)"; WS="$ws"
  if ! ver_ge "$V" 1.10; then
    cp "$SCEN/ephemeral-token.tf" "$ws/main.tf"
    e2e_tf "$TF" "$ws" init -input=false
    e2e_expect_rc 1
    e2e_expect_contains 'Blocks of type "ephemeral" are not expected here.'
    ok "Terraform $V refuses the ephemeral block (no ephemeral resources before 1.10)"
    cp "$SCEN/ephemeral-absent.tf" "$ws/main.tf"
    e2e_tf_ok "$TF" "$ws" init -input=false
    e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
    e2e_expect_contains "Apply complete! Resources: 2 added, 0 changed, 0 destroyed."
    e2e_tf_no_changes "$TF" "$ws"
    ok "the same provider build (it declares inventory_token) applies the rest, then plans no change"
    e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
    e2e_expect_contains "Destroy complete! Resources: 2 destroyed."
    pycheck "rows created and destroyed; no token issued" <<'EOF'
expect_eq(rows("select id from items"), [], "items rows")
expect_eq(rows("select id from tokens"), [], "tokens rows")
expect_eq(rows("select id from token_log"), [], "token_log rows")
EOF
    return 0
  fi
  cp "$SCEN/ephemeral-token.tf" "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" init -input=false
  # While planning, the vault's id is unknown: Terraform opens the token only in the apply walk.
  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 2 added, 0 changed, 0 destroyed."
  e2e_expect_contains "ephemeral.inventory_token.t: Opening..."
  e2e_expect_contains "ephemeral.inventory_token.t: Closing..."
  e2e_expect_match 'api_secret += \(write-only attribute\)'
  if grep -Eq "$TOKEN_RE" "$E2E_LAST_OUT" "$E2E_LAST_ERR"; then e2e_fail "a token in Terraform's output"; fi
  ok "apply: token opened (apply walk only: its item_id was unknown while planning) and closed"
  TOKEN_RE="$TOKEN_RE" pycheck "the token reached the provider (fingerprint) and nothing stores it" <<'EOF'
import os, re
token = re.compile(os.environ["TOKEN_RE"])
vault, client = one("select * from items where sku = 'TOK-VAULT'"), one("select * from items where sku = 'TOK-CLIENT'")
expect_eq(rows("select id from tokens"), [], "tokens rows after the run (closed)")
log = rows("select * from token_log order by opened_at")
expect_eq(len(log), 1, "tokens opened (the plan could not open one)")
expect_eq((log[0]["item_id"], log[0]["closed_at"] is not None), (vault["id"], True), "the token's item, closed")
expect_eq(client["secret_fingerprint"], log[0]["fingerprint"], "client's secret fingerprint = the token's")
text = file_text(WS + "/terraform.tfstate")
expect(not token.search(text), "a token in terraform.tfstate")
expect_eq(attrs("inventory_item.client").get("api_secret", "absent"), None, "api_secret in state")
st = state()
expect_eq(sorted({r["mode"] for r in st["resources"]}), ["managed"], "resource modes in the state (no ephemeral entry)")
# What the state keeps of it: the address, as a dependency of its consumer.
expect_eq(instance("inventory_item.client")["dependencies"], ["ephemeral.inventory_token.t", "inventory_item.vault"], "client dependencies")
EOF
  # A saved plan: the vault's id is known now, so the plan walk opens (and closes) a token.
  e2e_tf "$TF" "$ws" plan -input=false -detailed-exitcode -out=s30.tfplan
  e2e_expect_rc 0
  e2e_expect_contains "No changes."
  e2e_expect_contains "ephemeral.inventory_token.t: Opening..."
  plan_json "$ws" s30.tfplan
  TOKEN_RE="$TOKEN_RE" pycheck "plan: a token opened and closed; in neither the plan file nor show -json" <<'EOF'
import os, re
token = re.compile(os.environ["TOKEN_RE"].encode())
expect_eq(rows("select id from tokens"), [], "tokens rows after the plan")
log = rows("select * from token_log order by opened_at")
expect_eq([r["closed_at"] is not None for r in log], [True, True], "tokens opened (apply, plan), all closed")
parts = plan_file_parts(WS + "/s30.tfplan") + [(WS + "/plan.json", open(WS + "/plan.json", "rb").read())]
found = [name for name, data in parts if token.search(data)]
expect(not found, "a token in the saved plan", *found)
print(f"    searched {len(parts)} parts: the plan file, its {len(parts) - 2} zip members, show -json")
changes, plan = plan_changes(WS + "/plan.json")
expect(all(x == ["no-op"] for _, x in changes), "resource changes", changes)
EOF
  # An update of the client from a saved plan: the plan holds no token, so applying it opens a
  # new one, and api_secret is written with that one.
  edit "$ws/main.tf" '  sku        = "TOK-CLIENT"' '  sku        = "TOK-CLIENT"
  quantity   = 2'
  e2e_tf "$TF" "$ws" plan -input=false -detailed-exitcode -out=s30-update.tfplan
  e2e_expect_rc 2
  e2e_expect_contains "Plan: 0 to add, 1 to change, 0 to destroy."
  TOKEN_RE="$TOKEN_RE" pycheck "update plan: no token in the plan file" <<'EOF'
import os, re
token = re.compile(os.environ["TOKEN_RE"].encode())
found = [name for name, data in plan_file_parts(WS + "/s30-update.tfplan") if token.search(data)]
expect(not found, "a token in the saved plan", *found)
EOF
  e2e_tf_ok "$TF" "$ws" apply -input=false s30-update.tfplan
  e2e_expect_contains "Apply complete! Resources: 0 added, 1 changed, 0 destroyed."
  e2e_expect_contains "ephemeral.inventory_token.t: Opening..."
  TOKEN_RE="$TOKEN_RE" pycheck "update: the row holds the fingerprint of the token opened by the apply" <<'EOF'
import os, re
log = rows("select * from token_log order by opened_at")
expect_eq(len(log), 4, "tokens opened (apply, plan, plan of the update, its apply)")
expect(all(r["closed_at"] for r in log), "every token closed", log)
client = one("select * from items where sku = 'TOK-CLIENT'")
expect_eq(client["quantity"], 2, "client quantity")
expect_eq(client["secret_fingerprint"], log[-1]["fingerprint"], "fingerprint = the last token opened (by the apply)")
expect(log[-1]["fingerprint"] != log[0]["fingerprint"], "a new token", log)
expect_eq(rows("select id from tokens"), [], "tokens rows")
expect(not re.search(os.environ["TOKEN_RE"], file_text(WS + "/terraform.tfstate")), "a token in terraform.tfstate")
EOF
  e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: 2 destroyed."
  pycheck "destroy: no rows left, no token open" <<'EOF'
expect_eq(rows("select id from items"), [], "items rows")
expect_eq(rows("select id from tokens"), [], "tokens rows")
log = rows("select * from token_log")
expect(all(r["closed_at"] for r in log), "every token closed", log)
if len(log) > 4:
    note(f"destroy opened (and closed) {len(log) - 4} token(s) too")
EOF
}

s31() {
  ver_ge "$V" 1.10 || { ephemeral_absent; return 0; }
  local ws; ws="$(ws_new ephemeral-errors)"; WS="$ws"
  cp "$SCEN/ephemeral-missing-item.tf" "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" init -input=false
  e2e_tf "$TF" "$ws" plan -input=false
  e2e_expect_rc 1
  e2e_expect_contains "Error: Item not found"
  e2e_expect_contains 'No inventory item has the id "itm-00000000000e2e31"'
  expect_diag_line "$ws/main.tf" 'item_id = "itm-00000000000e2e31"'
  ok "plan fails: Item not found, on main.tf line $(diag_line_of "$ws/main.tf" 'item_id = ')"
  edit "$ws/main.tf" '  item_id = "itm-00000000000e2e31"' '  item_id     = "itm-00000000000e2e31"
  ttl_seconds = 1'
  for cmd in validate plan; do
    if [ "$cmd" = plan ]; then e2e_tf "$TF" "$ws" plan -input=false; else e2e_tf "$TF" "$ws" validate; fi
    e2e_expect_rc 1
    e2e_expect_contains "Error: Invalid Attribute Value"
    expect_diag_line "$ws/main.tf" 'ttl_seconds = 1'
    e2e_expect_not_contains "Item not found"
  done
  ok "validate and plan fail: ttl_seconds out of range, on main.tf line $(diag_line_of "$ws/main.tf" 'ttl_seconds = 1') (not opened)"
  pycheck "nothing issued, nothing created" <<'EOF'
expect_eq(rows("select id from tokens"), [], "tokens rows")
expect_eq(rows("select id from token_log"), [], "token_log rows")
expect_eq(rows("select id from items"), [], "items rows")
EOF
}

s32() {
  ver_ge "$V" 1.10 || { ephemeral_absent; return 0; }
  local ws; ws="$(ws_new ephemeral-renew)"; WS="$ws"
  cp "$SCEN/ephemeral-renew.tf" "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" init -input=false
  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 2 added, 0 changed, 0 destroyed."
  e2e_expect_contains "ephemeral.inventory_token.t: Closing..."
  if grep -Eq "$TOKEN_RE" "$E2E_LAST_OUT" "$E2E_LAST_ERR"; then e2e_fail "a token in Terraform's output"; fi
  TOKEN_RE="$TOKEN_RE" pycheck "renewed while in use, closed (with Open's private data), in no state" <<'EOF'
import os, re
seen = file_text(WS + "/seen.token")
# The pattern s30 searches the state and plan files for fits a real token.
expect(re.fullmatch(os.environ["TOKEN_RE"], seen), "the token does not look like TOKEN_RE", len(seen))
log = one("select * from token_log")
expect_eq(fnv1a64(seen), log["fingerprint"], "the provisioner's token = the token opened")
expect(log["renewals"] >= 1, "renewals while the provisioner slept 4 s (ttl 2 s, renew after 1 s)", log)
expect(log["closed_at"] is not None, "closed", log)
expect_eq(rows("select id from tokens"), [], "tokens rows")
expect(seen not in file_text(WS + "/terraform.tfstate"), "the token in terraform.tfstate")
print(f"    renewals: {log['renewals']}")
EOF
  e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
}
