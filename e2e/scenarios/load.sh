# shellcheck shell=bash
# Scenarios s70-s72 of e2e/run.sh (sourced by it, after its helpers): the example provider under
# load (s70: E2E_LOAD_N items at -parallelism=50, timed beside as many Go null_resources in the
# same run) and killed with SIGKILL in the middle of an apply (s71), Terraform 1.15+ only (on
# older versions both say n/a and pass); and interrupted (SIGINT, as Ctrl-C) while a call blocks
# its thread (s72, both versions). What each checks is in e2e/README.md.
#
# Both run the 0.2.0 build behind a shim (load_cli_config) that appends the pid of every provider
# process to $INVENTORY_PIDS and its debug log (one line per RPC, with a timestamp) to
# $INVENTORY_LOG: s70 counts the calls of each phase from it, s71 kills by that pid (never by
# name: other providers may run on the same machine). With $INVENTORY_CPU set (s70), the provider
# runs under /usr/bin/time, which appends its CPU seconds there.

# 250 by default: the same parallelism and the same checks as 1,000, in a tenth of the time
# (Terraform's own walk grows faster than the count); the README's figures use E2E_LOAD_N=1000.
LOAD_N="${E2E_LOAD_N:-250}"
LOAD_PARALLELISM="${E2E_LOAD_PARALLELISM:-50}"
CRASH_N=100

TITLE[s70]="load: $LOAD_N items at -parallelism=$LOAD_PARALLELISM; phases timed beside null_resource"
TITLE[s71]="provider SIGKILLed mid-apply of $CRASH_N items; a second apply adopts the orphans"
TITLE[s72]="Ctrl-C while a provider call blocks in SQLite: Stop ends it at once"
ALL_SCENARIOS+=(s70 s71 s72)

# load_cli_config WS: a mirror in WS holding the shim, and the CLI configuration using it.
load_cli_config() {
  local ws="$1" shim="$1/shim/terraform-provider-inventory"
  mkdir -p "$ws/shim"
  cat > "$shim" <<EOF
#!/usr/bin/env bash
# s70/s71: the 0.2.0 provider; its pid to \$INVENTORY_PIDS, its debug log to \$INVENTORY_LOG.
echo "\$\$" >> "\${INVENTORY_PIDS:-/dev/null}"
export TF_LOG_PROVIDER=debug
if [ -n "\${INVENTORY_CPU:-}" ] && [ -x /usr/bin/time ]; then
  exec /usr/bin/time -a -o "\$INVENTORY_CPU" -f "%U %S" \\
    "$BIN/terraform-provider-inventory-0.2.0" "\$@" 2>> "\${INVENTORY_LOG:-/dev/null}"
fi
exec "$BIN/terraform-provider-inventory-0.2.0" "\$@" 2>> "\${INVENTORY_LOG:-/dev/null}"
EOF
  chmod +x "$shim"
  e2e_mirror_add "$ws/mirror" tfschema/inventory 0.2.0 "$shim"
  e2e_cli_config_mirror "$ws/mirror.tfrc" "$ws/mirror" tfschema/inventory
  e2e_use_cli_config "$ws/mirror.tfrc"
}

# gen_items DIR N QUANTITY: N items (sku LOAD-i) with QUANTITY units each.
gen_items() {
  {
    inventory_header
    cat <<EOF
resource "inventory_item" "r" {
  count    = $2
  name     = "load-\${count.index}"
  sku      = "LOAD-\${count.index}"
  quantity = $3
  location {
    warehouse = "north"
  }
}
EOF
  } > "$1/main.tf"
}

# no_lock_errors LOG: neither the last Terraform command's output nor LOG says "database is locked".
no_lock_errors() {
  if grep -il 'database is locked\|SQLITE_BUSY' "$E2E_LAST_OUT" "$E2E_LAST_ERR" "$1" 2>/dev/null; then
    e2e_fail "\"database is locked\" in the files above"
  fi
}

# children_cpu FILE: user + system CPU seconds of this shell's finished children (bash `times`,
# which must run in this shell, not in a command substitution) into FILE.
children_cpu() {
  times > "$1"
  awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.2f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1" > "$1.secs"
}

# load_step PHASE ARGS...: one timed Terraform command, the provider log in provider-PHASE.log;
# LOAD_T (wall), LOAD_CPU (Terraform and provider CPU), LOAD_PCPU (provider CPU) of PHASE.
load_step() {
  local phase="$1"; shift
  children_cpu "$WS/.cpu-before"
  INVENTORY_LOG="$WS/provider-$phase.log" INVENTORY_CPU="$WS/provider-$phase.cpu" e2e_tf "$TF" "$WS" "$@"
  children_cpu "$WS/.cpu-after"
  LOAD_T[$phase]="$E2E_LAST_SECS"
  LOAD_CPU[$phase]="$(awk -v a="$(cat "$WS/.cpu-before.secs")" -v b="$(cat "$WS/.cpu-after.secs")" 'BEGIN { printf "%.2f", b - a }')"
  LOAD_PCPU[$phase]="$(awk '{ t += $1 + $2 } END { if (NR) printf "%.2f", t; else printf "-" }' "$WS/provider-$phase.cpu" 2>/dev/null || echo -)"
}

# rows_match N QUANTITY: the items rows are those of the state (N, skus LOAD-0.., QUANTITY each).
rows_match() {
  local what="SQLite: $1 rows, one per instance in state, quantity $2"
  [ "$1" != 0 ] || what="SQLite: no rows left, nothing in state"
  N="$1" Q="$2" pycheck "$what" <<'EOF'
n, q = int(os.environ["N"]), int(os.environ["Q"])
got = rows("select id, sku, quantity, created_at, updated_at from items")
expect_eq(len(got), n, "rows")
expect_eq(sorted(r["sku"] for r in got), sorted(f"LOAD-{i}" for i in range(n)), "skus")
expect_eq({r["quantity"] for r in got}, {q} if n else set(), "quantities")
ids = {i["attributes"]["id"] for r in state().get("resources", []) for i in r["instances"]}
expect_eq(sorted(ids), sorted(r["id"] for r in got), "ids in state = ids of the rows")
EOF
}

s70() {
  local ws; ws="$(ws_new load)"; WS="$ws"
  if ! ver_ge "$V" 1.15; then
    ok "n/a on Terraform $V (the load scenario runs on 1.15.5 only)"
    return
  fi
  local n="$LOAD_N" p="$LOAD_PARALLELISM"
  declare -A LOAD_T=() LOAD_CPU=() LOAD_PCPU=()
  load_cli_config "$ws"
  gen_items "$ws" "$n" 1
  load_step init init -input=false
  e2e_expect_rc 0

  load_step plan plan -input=false -detailed-exitcode -parallelism="$p"
  e2e_expect_rc 2
  e2e_expect_contains "Plan: $n to add, 0 to change, 0 to destroy."
  no_lock_errors "$ws/provider-plan.log"

  load_step apply apply -auto-approve -input=false -parallelism="$p"
  e2e_expect_rc 0
  e2e_expect_contains "Apply complete! Resources: $n added, 0 changed, 0 destroyed."
  no_lock_errors "$ws/provider-apply.log"
  ok "apply: $n added in ${LOAD_T[apply]}s"
  rows_match "$n" 1

  load_step replan plan -input=false -detailed-exitcode -parallelism="$p"
  e2e_expect_rc 0
  e2e_expect_contains "No changes."
  no_lock_errors "$ws/provider-replan.log"
  ok "plan again: no changes (rc 0) in ${LOAD_T[replan]}s"

  gen_items "$ws" "$n" 2
  load_step update apply -auto-approve -input=false -parallelism="$p"
  e2e_expect_rc 0
  e2e_expect_contains "Apply complete! Resources: 0 added, $n changed, 0 destroyed."
  no_lock_errors "$ws/provider-update.log"
  ok "update (quantity 1 -> 2 on all): $n changed in ${LOAD_T[update]}s"
  rows_match "$n" 2

  load_step destroy destroy -auto-approve -input=false -parallelism="$p"
  e2e_expect_rc 0
  e2e_expect_contains "Destroy complete! Resources: $n destroyed."
  no_lock_errors "$ws/provider-destroy.log"
  ok "destroy: $n destroyed in ${LOAD_T[destroy]}s"
  rows_match 0 0

  pycheck "RPCs per phase (provider debug log): calls, processes, first..last call" <<'EOF'
import collections, datetime
def ts(t):
    return datetime.datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp()
for phase in ("plan", "apply", "replan", "update", "destroy"):
    calls, spans = collections.Counter(), {}
    for line in open(f"{WS}/provider-{phase}.log"):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        m = e.get("@message", "")
        if e.get("@level") in ("error", "warn"):
            note(f"{phase}: provider {e['@level']}: {m}")
        if not m[:1].isupper() or " " in m:
            continue
        calls[m] += 1
        t = ts(e["@timestamp"])
        lo, hi = spans.get(m, (t, t))
        spans[m] = (min(lo, t), max(hi, t))
    big = [(m, c) for m, c in calls.items() if c >= 10]
    note(f"{phase}: {calls['GetProviderSchema']} provider processes; " + ", ".join(
        f"{m} x{c} over {spans[m][1] - spans[m][0]:.1f}s" for m, c in sorted(big, key=lambda x: spans[x[0]][0])))
EOF

  # The peer: as many null_resources, the same parallelism, in this run (bench-null.sh).
  (
    E2E_WORK="$ws/null"; mkdir -p "$E2E_WORK"
    PARALLELISM="$p"; REPEAT=1; BENCH_TFS=("$TF")
    E2E_LABEL="s70-null" bench_provider null-2.1.2 hashicorp/null 2.1.2 "$E2E_NULL_PROVIDER" gen_null "$n" >/dev/null
    for step in plan apply replan destroy; do printf '%s %s\n' "$step" "${BENCH_T["null-2.1.2|$V|$step"]}"; done
  ) > "$ws/null-times.txt" || e2e_fail "null_resource run failed (see $ws/null)"
  local step null_t
  # Wall seconds beside null_resource; the CPU seconds of Terraform and the provider together,
  # and of the provider alone.
  printf '    %-8s %10s %14s %7s %9s %13s\n' phase inventory null_resource ratio "CPU" "provider CPU"
  for step in plan apply replan update destroy; do
    null_t="$(awk -v s="$step" '$1 == s { print $2 }' "$ws/null-times.txt")"
    printf '    %-8s %9ss %13ss %7s %8ss %12ss\n' "$step" "${LOAD_T[$step]}" "${null_t:--}" \
      "$(awk -v a="${LOAD_T[$step]}" -v b="${null_t:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }')" \
      "${LOAD_CPU[$step]}" "${LOAD_PCPU[$step]}"
  done | tee "$ws/load-times.txt"
  printf '    destroy/apply: inventory %s, null_resource %s; load average %s\n' \
    "$(awk -v a="${LOAD_T[destroy]}" -v b="${LOAD_T[apply]}" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk '$1 == "apply" { a = $2 } $1 == "destroy" { d = $2 } END { printf "%.2f", d / a }' "$ws/null-times.txt")" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$ws/load-times.txt"
}

# kill_when_rows WS: in the background, wait until the items table has a row, then, holding the
# write lock (no row can be added meanwhile, the provider's creates wait for it), SIGKILL every
# provider process of $WS/pids still alive. Prints "killed PIDS at ROWS rows"; gives up after 10
# minutes (Terraform never created anything).
kill_when_rows() {
  WS="$1" python3 - <<'EOF'
import os, signal, sqlite3, sys, time
ws = os.environ["WS"]
db, pids = f"{ws}/inventory.db", f"{ws}/pids"
def alive_providers():
    found = []
    for line in open(pids).read().split():
        try:
            cmd = open(f"/proc/{line}/cmdline", "rb").read()
        except OSError:
            continue
        if b"terraform-provider-inventory" in cmd:   # a zombie's cmdline is empty
            found.append(int(line))
    return found
deadline = time.monotonic() + 600
while time.monotonic() < deadline:
    if os.path.exists(db):
        con = sqlite3.connect(db, timeout=60, isolation_level=None)
        try:
            con.execute("BEGIN IMMEDIATE")
            n = con.execute("select count(*) from items").fetchone()[0]
            if n > 0:
                victims = alive_providers()
                for pid in victims:
                    os.kill(pid, signal.SIGKILL)
                print("killed", " ".join(map(str, victims)) or "nothing", "at", n, "rows")
                sys.exit(0 if victims else 1)
        except sqlite3.OperationalError:
            pass   # no items table yet
        finally:
            con.close()   # rolls back, releasing the lock
    time.sleep(0.01)
print("no row appeared in 10 minutes")
sys.exit(1)
EOF
}

s71() {
  local ws; ws="$(ws_new crash)"; WS="$ws"
  if ! ver_ge "$V" 1.15; then
    ok "n/a on Terraform $V (the crash scenario runs on 1.15.5 only)"
    return
  fi
  local n="$CRASH_N" killer
  load_cli_config "$ws"
  gen_items "$ws" "$n" 1
  export INVENTORY_PIDS="$ws/pids" INVENTORY_LOG="$ws/provider.log"
  : > "$INVENTORY_PIDS"
  e2e_tf_ok "$TF" "$ws" init -input=false

  kill_when_rows "$ws" > "$ws/killer.txt" 2>&1 &
  killer=$!
  e2e_tf "$TF" "$ws" apply -auto-approve -input=false
  wait "$killer" || e2e_fail "the killer failed: $(cat "$ws/killer.txt")"
  ok "$(cat "$ws/killer.txt") (SIGKILL by pid, the write lock held)"
  e2e_expect_rc 1
  e2e_expect_not_contains "Apply complete!"
  # Calls waiting for the provider end with "Request cancelled" ("The plugin6.(*GRPCProvider).
  # ValidateResourceConfig request was cancelled."); an ApplyResourceChange caught in flight,
  # with "Plugin did not respond".
  e2e_expect_match "Error: (Request cancelled|Plugin did not respond)" stderr
  e2e_expect_match "The plugin6\.\(\*GRPCProvider\)\.[A-Za-z]+ (request was cancelled|call)" stderr
  ok "Terraform says: $(grep -h -o 'Error: [A-Z][a-z]* [a-z ]*' "$E2E_LAST_ERR" | sort | uniq -c | xargs);" \
    "$(grep -h -o 'plugin6\.(\*GRPCProvider)\.[A-Za-z]*' "$E2E_LAST_ERR" | sort | uniq -c | xargs)"
  pycheck "after the crash: rows in state, orphans (rows the state does not know)" <<'EOF'
ids = {i["attributes"]["id"] for r in state().get("resources", []) for i in r["instances"]}
got = {r["id"] for r in rows("select id from items")}
expect(0 < len(got) < 100, "some rows, not all", len(got))
expect(ids <= got, "every id in state has a row", sorted(ids - got))
open(WS + "/orphans.txt", "w").write("\n".join(sorted(got - ids)))
note(f"{len(got)} rows, {len(ids)} in state, {len(got - ids)} orphans")
EOF
  # A create that committed its row but was killed before answering leaves an orphan. The lock
  # held while killing lets no create commit, so such an orphan needs the kill to fall between a
  # commit and its answer, which is rare: plant one as it would be left, a copy of a row this
  # provider wrote, for an instance that has none.
  pycheck "an orphan as a killed create leaves it: for an instance without a row" <<'EOF'
r = rows("select * from items order by id limit 1")[0]
skus = {x["sku"] for x in rows("select sku from items")}
k = next(i for i in range(100) if f"LOAD-{i}" not in skus)
r.update(id="itm-00000000000e2e71", name=f"load-{k}", sku=f"LOAD-{k}")
execute(f"insert into items ({', '.join(r)}) values ({', '.join('?' for _ in r)})", *r.values())
with open(WS + "/orphans.txt", "a") as f:
    f.write("\n" + r["id"])
note(f"planted {r['id']} for inventory_item.r[{k}]")
EOF

  e2e_tf_ok "$TF" "$ws" apply -auto-approve -input=false
  e2e_expect_match "Apply complete! Resources: [0-9]+ added, 0 changed, 0 destroyed."
  e2e_expect_contains "Warning: Existing item adopted"
  ok "second apply: $(grep -o 'Resources: [0-9]* added' "$E2E_LAST_OUT"), orphans adopted (Warning: Existing item adopted)"
  no_lock_errors "$ws/provider.log"
  rows_match "$n" 1
  pycheck "every orphan of the crash is now in state" <<'EOF'
ids = {i["attributes"]["id"] for r in state().get("resources", []) for i in r["instances"]}
orphans = [l for l in file_text(WS + "/orphans.txt").split() if l]
expect_eq([o for o in orphans if o not in ids], [], "orphans not in state")
EOF
  e2e_tf_no_changes "$TF" "$ws"
  ok "plan: no changes"
  e2e_tf_ok "$TF" "$ws" destroy -auto-approve -input=false
  e2e_expect_contains "Destroy complete! Resources: $n destroyed."
  rows_match 0 0
}

# hold_db_lock WS SECONDS: in the background, takes an exclusive lock on WS/inventory.db that keeps
# out readers and writers alike (WAL mode under `locking_mode=EXCLUSIVE`) and holds it for SECONDS.
# Writes "locked" to WS/locked once it holds it.
hold_db_lock() {
  WS="$1" HOLD="$2" python3 - <<'EOF'
import os, sqlite3, time
ws = os.environ["WS"]
con = sqlite3.connect(f"{ws}/inventory.db", isolation_level=None)
con.execute("PRAGMA locking_mode=EXCLUSIVE")
con.execute("BEGIN EXCLUSIVE")
con.execute("select count(*) from items").fetchone()
open(f"{ws}/locked", "w").write("locked")
time.sleep(float(os.environ["HOLD"]))
con.execute("ROLLBACK")
EOF
}

# s72: the provider's calls block their thread in SQLite's busy wait (a lock held elsewhere, and a
# 30 s busy timeout): a hook that never looks at its cancellation, as a port of Go code that calls
# blocking functions would be. Ctrl-C (SIGINT to Terraform) makes Terraform send Stop; the call
# must answer at once instead of after the busy timeout, and Terraform must exit.
s72() {
  local ws; ws="$(ws_new interrupt)"; WS="$ws"
  local hold=60 locker tf_pid t_int rc=0 secs pid
  load_cli_config "$ws"
  export INVENTORY_PIDS="$ws/pids" INVENTORY_LOG="$ws/provider.log"
  : > "$INVENTORY_PIDS"
  { inventory_header; echo 'data "inventory_items" "all" {}'; } > "$ws/main.tf"
  e2e_tf_ok "$TF" "$ws" init -input=false
  e2e_tf_ok "$TF" "$ws" plan -input=false   # creates the database and its tables
  hold_db_lock "$ws" "$hold" > "$ws/locker.txt" 2>&1 &
  locker=$!
  for _ in $(seq 100); do [ -f "$ws/locked" ] && break; sleep 0.1; done
  [ -f "$ws/locked" ] || e2e_fail "the lock holder did not get the lock: $(cat "$ws/locker.txt")"

  # Ctrl-C in a terminal signals the whole foreground process group: Terraform 1.0.3 runs as a
  # panicwrap parent that ignores SIGINT and a child that acts on it, and the providers ignore it.
  # So Terraform runs in a process group of its own (setsid), and the group gets the SIGINT.
  : > "$INVENTORY_PIDS"
  (cd "$ws" && HOME="$E2E_HOME" exec setsid "${E2E_NET[@]}" "$TF" plan -input=false -no-color) \
    > "$ws/plan.stdout" 2> "$ws/plan.stderr" < /dev/null &
  tf_pid=$!
  # Wait until a provider process runs (its first call then waits for the lock), and a moment more.
  for _ in $(seq 300); do [ -s "$INVENTORY_PIDS" ] && break; sleep 0.1; done
  sleep 3
  kill -0 "$tf_pid" 2>/dev/null || e2e_fail "terraform plan ended before the interrupt: $(cat "$ws/plan.stderr")"
  t_int=$(now_ns)
  kill -INT -- "-$tf_pid"
  wait "$tf_pid" || rc=$?
  secs="$(secs_since "$t_int")"
  kill "$locker" 2>/dev/null; wait "$locker" 2>/dev/null || true
  E2E_LAST_OUT="$ws/plan.stdout" E2E_LAST_ERR="$ws/plan.stderr"
  E2E_LAST_CMD="terraform plan (interrupted, in $ws)" E2E_LAST_RC=$rc
  ok "terraform plan exited ${secs}s after SIGINT (rc $rc); the lock was held for ${hold}s, SQLite's busy timeout is 30 s"
  awk -v s="$secs" 'BEGIN { exit !(s < 15) }' \
    || e2e_fail "Terraform took ${secs}s to stop: the blocked call did not answer Stop"
  [ "$rc" != 0 ] || e2e_fail "an interrupted plan exits with an error"
  e2e_expect_contains "Interrupt received" stdout
  e2e_expect_contains "Operation cancelled" stderr
  ok "Terraform says: $(grep -h -o 'Error: [A-Za-z ]*' "$ws/plan.stderr" | sort | uniq -c | xargs)"
  local alive=()
  for _ in $(seq 50); do
    alive=()
    for pid in $(cat "$INVENTORY_PIDS"); do
      grep -q terraform-provider-inventory "/proc/$pid/cmdline" 2>/dev/null && alive+=("$pid")
    done
    [ "${#alive[@]}" = 0 ] && break
    sleep 0.2
  done
  [ "${#alive[@]}" = 0 ] || e2e_fail "provider processes still running after Terraform exited: ${alive[*]}"
  ok "no provider process left running"
}
