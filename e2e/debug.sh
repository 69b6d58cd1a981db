# shellcheck shell=bash
# Scenario s80 of e2e/run.sh (sourced by it, after its helpers): the example provider started by
# hand with `--debug`, and Terraform attached to it through TF_REATTACH_PROVIDERS alone (the CLI
# configuration has no mirror and no dev_overrides, so no other provider process can exist):
# init, plan, apply, plan, destroy all reach that one process, which keeps serving between them,
# then stops on SIGINT (Ctrl-C) and removes its socket. What it checks is in e2e/README.md.
# About 5 s per Terraform version.

TITLE[s80]="--debug: init/plan/apply/destroy through TF_REATTACH_PROVIDERS alone, one process"
ALL_SCENARIOS+=(s80)

# debug_start WS: starts the 0.2.0 build with --debug in WS (its database lands there), stdout in
# WS/debug.stdout, its debug log in WS/provider.log; sets DEBUG_PID and waits for the reattach line.
debug_start() {
  local ws="$1"
  (cd "$ws" && TF_LOG_PROVIDER=debug exec "$BIN/terraform-provider-inventory-0.2.0" --debug) \
    > "$ws/debug.stdout" 2> "$ws/provider.log" < /dev/null &
  DEBUG_PID=$!
  for _ in $(seq 300); do
    grep -q "^	TF_REATTACH_PROVIDERS=" "$ws/debug.stdout" 2>/dev/null && return 0
    kill -0 "$DEBUG_PID" 2>/dev/null || break
    sleep 0.1
  done
  e2e_fail "no reattach line from the --debug provider: $(cat "$ws/debug.stdout" "$ws/provider.log")"
}

# debug_alive WHEN: the --debug provider still runs.
debug_alive() {
  kill -0 "$DEBUG_PID" 2>/dev/null || e2e_fail "the --debug provider exited $1: $(tail -5 "$WS/provider.log")"
}

# debug_step CMD ARGS...: one Terraform command with TF_REATTACH_PROVIDERS set; it must succeed,
# send the --debug provider calls of its own (its log grows), and leave it running.
debug_step() {
  local before after
  before=$(wc -l < "$WS/provider.log")
  TF_REATTACH_PROVIDERS="$REATTACH" e2e_tf_ok "$TF" "$WS" "$@"
  after=$(wc -l < "$WS/provider.log")
  debug_alive "after terraform $1"
  echo "$1 $((after - before))" >> "$WS/calls.txt"
}

s80() {
  local ws; ws="$(ws_new debug)"; WS="$ws"
  local rc=0 socket t0
  # No mirror, no dev_overrides: only the reattached process can serve tfschema/inventory.
  e2e_use_cli_config "$E2E_WORK/base.tfrc"
  debug_start "$ws"
  trap 'kill -KILL "$DEBUG_PID" 2>/dev/null || true' EXIT

  # The text and value terraform-plugin-go's managed debug mode prints.
  DEBUG_PID="$DEBUG_PID" WS="$ws" python3 - <<'EOF' || e2e_fail "the --debug output is not terraform-plugin-go's (above)"
import json, os, stat, sys
lines = open(os.path.join(os.environ["WS"], "debug.stdout")).read().split("\n")
want0 = ("Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS "
         "environment variable with the following:")
assert lines[0] == want0, lines[0]
assert lines[1] == "" and lines[3] == "", lines[:4]
prefix, suffix = "\tTF_REATTACH_PROVIDERS='", "'"
assert lines[2].startswith(prefix) and lines[2].endswith(suffix), lines[2]
value = json.loads(lines[2][len(prefix):-len(suffix)])
assert list(value) == ["registry.terraform.io/tfschema/inventory"], value
c = value["registry.terraform.io/tfschema/inventory"]
assert list(c) == ["Protocol", "ProtocolVersion", "Pid", "Test", "Addr"], list(c)
assert c["Protocol"] == "grpc" and c["ProtocolVersion"] == 6 and c["Test"] is True, c
assert c["Pid"] == int(os.environ["DEBUG_PID"]), (c["Pid"], os.environ["DEBUG_PID"])
assert c["Addr"]["Network"] == "unix", c
assert stat.S_ISSOCK(os.stat(c["Addr"]["String"]).st_mode), c
with open(os.path.join(os.environ["WS"], "reattach.json"), "w") as f:
    f.write(lines[2][len(prefix):-len(suffix)])
with open(os.path.join(os.environ["WS"], "socket.txt"), "w") as f:
    f.write(c["Addr"]["String"])
EOF
  REATTACH="$(cat "$ws/reattach.json")"
  socket="$(cat "$ws/socket.txt")"
  ok "the managed-debug text; Pid = the process ($DEBUG_PID), protocol 6, Test, a unix socket"

  { inventory_header
    cat <<'EOF'
resource "inventory_tag" "a" {
  key   = "debug"
  value = "attached"
}
EOF
  } > "$ws/main.tf"
  : > "$ws/calls.txt"
  TF_REATTACH_PROVIDERS="$REATTACH" e2e_tf_ok "$TF" "$ws" init -input=false
  e2e_expect_contains "Terraform has been successfully initialized"
  debug_alive "after terraform init"
  [ ! -d "$ws/.terraform/providers" ] || e2e_fail "init installed a provider: $(find "$ws/.terraform/providers")"
  ok "init: nothing installed (the version constraint is not checked for a reattached provider)"
  debug_step plan -input=false
  e2e_expect_contains "Plan: 1 to add, 0 to change, 0 to destroy."
  debug_step apply -auto-approve -input=false
  e2e_expect_contains "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."
  debug_step plan -input=false -detailed-exitcode
  e2e_expect_contains "No changes."
  debug_step destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: 1 destroyed."
  [ "$(sqlite_count "$ws/inventory.db" tags)" = 0 ] || e2e_fail "tags left after destroy"
  while read -r cmd n; do
    [ "$n" -gt 0 ] || e2e_fail "terraform $cmd sent no call to the --debug provider (calls.txt)"
  done < "$ws/calls.txt"
  grep -q '"@message":"ApplyResourceChange"' "$ws/provider.log" \
    || e2e_fail "no ApplyResourceChange in the --debug provider's log"
  ok "plan, apply, plan (no changes), destroy: each sent its calls to process $DEBUG_PID ($(tr '\n' ' ' < "$ws/calls.txt")lines of its log), which kept running"

  # Ctrl-C: the process stops and removes its socket.
  t0=$(now_ns)
  kill -INT "$DEBUG_PID"
  for _ in $(seq 100); do kill -0 "$DEBUG_PID" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$DEBUG_PID" 2>/dev/null && e2e_fail "the --debug provider still runs 10 s after SIGINT"
  wait "$DEBUG_PID" || rc=$?
  trap - EXIT
  [ "$rc" = 0 ] || e2e_fail "the --debug provider exited $rc after SIGINT: $(tail -5 "$ws/provider.log")"
  [ ! -e "$socket" ] || e2e_fail "the socket $socket is left after SIGINT"
  [ ! -e "$(dirname "$socket")" ] || e2e_fail "the socket's directory is left after SIGINT"
  ok "SIGINT: exit 0 after $(secs_since "$t0")s, socket and its directory removed"
}

# sqlite_count DB TABLE: the number of rows.
sqlite_count() {
  python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from " + sys.argv[2]).fetchone()[0])' "$1" "$2"
}
