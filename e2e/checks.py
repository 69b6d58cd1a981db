#!/usr/bin/env python3
"""Assertion helpers for e2e/run.sh: the SQLite rows, the state file, plan
JSON and provider schemas.

Two ways to use it:

    python3 e2e/checks.py <<'EOF'          # run a check snippet from stdin
    item = one("select * from items where sku = ?", "WID-001")
    expect(item["quantity"] == 1, "quantity", item)
    EOF

    python3 e2e/checks.py schema-compare TF_SCHEMA_JSON DUMP_JSON TF_VERSION SOURCE

A snippet runs with every name below in scope. Paths come from the
environment: WS (the Terraform working directory; default the current
directory), DB (default $WS/inventory.db). A failed `expect` (or any
exception) prints the reason and exits 1; `note(...)` prints an
observation line that run.sh shows as is.
"""

import json
import os
import sqlite3
import sys

WS = os.environ.get("WS", os.getcwd())
DB = os.environ.get("DB", os.path.join(WS, "inventory.db"))


class CheckFailed(Exception):
    pass


def expect(cond, what, *details):
    """Fails the check with `what` (and the details) unless `cond`."""
    if not cond:
        extra = "".join(
            "\n    " + (json.dumps(d, sort_keys=True, default=str) if not isinstance(d, str) else d)
            for d in details
        )
        raise CheckFailed(what + extra)


def expect_eq(got, want, what):
    expect(got == want, f"{what}: got {got!r}, want {want!r}")


def note(*parts):
    print("    note:", *parts)


# ---- SQLite ---------------------------------------------------------------------------------------
def rows(sql, *params, db=None):
    """All rows of a query as dicts (read-only connection)."""
    path = db or DB
    expect(os.path.exists(path), f"database {path} does not exist")
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        con.row_factory = sqlite3.Row
        return [dict(r) for r in con.execute(sql, params)]
    finally:
        con.close()


def one(sql, *params, db=None):
    """The single row of a query (fails on zero or several)."""
    found = rows(sql, *params, db=db)
    expect(len(found) == 1, f"expected exactly one row for {sql} {params}, got {len(found)}", found)
    return found[0]


def execute(sql, *params, db=None):
    """A write behind Terraform's back (drift, rows to import)."""
    con = sqlite3.connect(db or DB, timeout=30)
    try:
        cur = con.execute(sql, params)
        con.commit()
        return cur.rowcount
    finally:
        con.close()


def js(text):
    """A JSON column's value (None stays None)."""
    return None if text is None else json.loads(text)


def fnv1a64(text):
    """The provider's fingerprint of a write-only secret."""
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"fnv1a64:{h:016x}"


# ---- state / plan ---------------------------------------------------------------------------------
def state(path=None):
    with open(path or os.path.join(WS, "terraform.tfstate")) as f:
        return json.load(f)


def instance(address, st=None):
    """The single instance of a managed resource `type.name` in the state."""
    st = st or state()
    rtype, name = address.split(".", 1)
    found = [
        r for r in st.get("resources", [])
        if r.get("mode") == "managed" and r["type"] == rtype and r["name"] == name
    ]
    expect(len(found) == 1, f"{address}: {len(found)} resources in the state")
    inst = found[0]["instances"]
    expect(len(inst) == 1, f"{address}: {len(inst)} instances in the state")
    return inst[0]


def attrs(address, st=None):
    return instance(address, st)["attributes"]


def managed_addresses(st=None):
    """Managed resources that have instances (Terraform 1.0 can leave an entry with
    "instances": [] behind, e.g. for a resource whose create failed validation)."""
    st = st or state()
    return sorted(
        f'{r["type"]}.{r["name"]}' for r in st.get("resources", [])
        if r.get("mode") == "managed" and r.get("instances")
    )


def plan_changes(path):
    """(address, actions) of the resource changes in `terraform show -json PLAN` output."""
    with open(path) as f:
        plan = json.load(f)
    return [(c["address"], c["change"]["actions"]) for c in plan.get("resource_changes", [])], plan


def file_text(path):
    with open(path, errors="replace") as f:
        return f.read()


def plan_file_parts(path):
    """(name, bytes) of a saved plan file: the file as is, then each member of
    the zip archive it is, decompressed (a deflated member would hide a text
    from a search of the raw bytes)."""
    import zipfile
    with open(path, "rb") as f:
        parts = [(path, f.read())]
    with zipfile.ZipFile(path) as z:
        parts += [(f"{path}!{name}", z.read(name)) for name in z.namelist()]
    return parts


# ---- schemas --------------------------------------------------------------------------------------
def _walk_blocks(block):
    yield block
    for nested in (block.get("block_types") or {}).values():
        yield from _walk_blocks(nested["block"])


def _walk_attrs(attrs):
    for a in (attrs or {}).values():
        yield a
        nested = a.get("nested_type")
        if nested:
            yield from _walk_attrs(nested.get("attributes"))


def expected_on(dump, tf_version):
    """One provider's entry as `tfschema schema dump` printed it (what
    Terraform 1.15 prints) as an older Terraform version is expected to print
    it, with the list of adjustments made (all documented in e2e/README.md)."""
    exp = json.loads(json.dumps(dump))
    adjustments = []
    major_minor = tuple(int(x) for x in tf_version.split(".")[:2])
    if major_minor < (1, 10) and exp.pop("ephemeral_resource_schemas", None):
        # Ephemeral resources exist since Terraform 1.10 (protocol 5.7/6.7):
        # older versions ignore the schemas the provider sends.
        adjustments.append("ephemeral_resource_schemas dropped (unknown before Terraform 1.10)")
    if major_minor < (1, 14) and exp.pop("list_resource_schemas", None):
        # List resources (`terraform query`) exist since Terraform 1.14
        # (protocol 5.10/6.10): older versions ignore the schemas.
        adjustments.append("list_resource_schemas dropped (unknown before Terraform 1.14)")
    if major_minor < (1, 11):
        # Write-only attributes exist since Terraform 1.11 (and protocol 5.7/6.7):
        # older versions neither receive nor print the flag.
        n = 0
        for kind in ("resource_schemas", "data_source_schemas", "ephemeral_resource_schemas"):
            for schema in exp.get(kind, {}).values():
                for block in _walk_blocks(schema["block"]):
                    for a in _walk_attrs(block.get("attributes")):
                        if a.pop("write_only", None):
                            n += 1
        if n:
            adjustments.append(f"{n} write_only flag(s) dropped (unknown before Terraform 1.11)")
    # Terraform prints no resource_identity_schemas for a provider without
    # identities; before 1.12 (protocol 5.9/6.9) it never asks for them.
    identities = exp.pop("resource_identity_schemas", None)
    if identities and major_minor < (1, 12):
        adjustments.append(f"{len(identities)} identity schema(s) dropped (unknown before Terraform 1.12)")
    elif identities:
        exp["resource_identity_schemas"] = identities
    if major_minor < (1, 14) and exp.pop("action_schemas", None):
        # Actions exist since Terraform 1.14 (protocol 5.10/6.10).
        adjustments.append("action_schemas dropped (unknown before Terraform 1.14)")
    if major_minor < (1, 15):
        # Deprecation messages of blocks and attributes are printed since 1.15.
        n = 0
        for kind in ("provider", "resource_schemas", "data_source_schemas", "ephemeral_resource_schemas",
                     "list_resource_schemas"):
            schemas = exp.get(kind) or {}
            for schema in ([schemas] if kind == "provider" else list(schemas.values())):
                for block in _walk_blocks(schema["block"]):
                    n += bool(block.pop("deprecation_message", None))
                    for a in _walk_attrs(block.get("attributes")):
                        n += bool(a.pop("deprecation_message", None))
        if n:
            adjustments.append(f"{n} deprecation message(s) dropped (printed since Terraform 1.15)")
    if major_minor < (1, 8) and exp.pop("functions", None):
        # Provider-defined functions exist since Terraform 1.8: older versions
        # ignore them in the schema and print none.
        adjustments.append("functions dropped (provider functions need Terraform 1.8)")
    if major_minor < (1, 1):
        # Terraform 1.0's jsonprovider marshals data source schemas with the
        # *resource* schema versions (marshalSchemas(DataSources,
        # ResourceTypeSchemaVersions)): a data source named like a resource
        # shows that resource's version, any other shows 0.
        res_versions = {k: v["version"] for k, v in exp.get("resource_schemas", {}).items()}
        for name, schema in exp.get("data_source_schemas", {}).items():
            want = res_versions.get(name, 0)
            if schema["version"] != want:
                adjustments.append(
                    f"data source {name}: version {schema['version']} -> {want} "
                    "(Terraform 1.0 prints the version of the resource of the same name)"
                )
                schema["version"] = want
    return exp, adjustments


def _diff(a, b, path, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            p = f"{path}.{k}" if path else k
            if k not in a:
                out.append(f"only in Terraform's output: {p} = {json.dumps(b[k])[:160]}")
            elif k not in b:
                out.append(f"only in the dump: {p} = {json.dumps(a[k])[:160]}")
            else:
                _diff(a[k], b[k], p, out)
    elif a != b:
        out.append(f"differs at {path}: dump {json.dumps(a)[:160]} vs Terraform {json.dumps(b)[:160]}")


def schema_compare(tf_json_path, dump_path, tf_version, source):
    """`terraform providers schema -json` against `tfschema schema dump` of the
    same binary. From Terraform 1.15 on the two documents must be JSON-equal
    as they are (and are expected to be byte-equal: noted); older versions
    print less, and only the provider's entry is compared after the
    adjustments of `expected_on`."""
    with open(tf_json_path, "rb") as f:
        tf_bytes = f.read()
    with open(dump_path, "rb") as f:
        dump_bytes = f.read()
    tf, dump = json.loads(tf_bytes), json.loads(dump_bytes)
    schemas = tf.get("provider_schemas", {})
    expect(source in schemas, f"{source} not in providers schema -json output", sorted(schemas))
    expect(source in dump.get("provider_schemas", {}), f"{source} not in the dump", sorted(dump.get("provider_schemas", {})))
    got = schemas[source]
    major_minor = tuple(int(x) for x in tf_version.split(".")[:2])
    diffs = []
    if major_minor >= (1, 15):
        _diff(dump, tf, "", diffs)
        expect(not diffs, f"schema mismatch ({len(diffs)} difference(s))", *diffs[:40])
        note("byte-equal to Terraform's output" if tf_bytes == dump_bytes else "JSON-equal (bytes differ)")
    else:
        want, adjustments = expected_on(dump["provider_schemas"][source], tf_version)
        for a in adjustments:
            note(f"normalised for Terraform {tf_version}: {a}")
        for k in sorted(set(want) | set(got)):
            _diff(want.get(k), got.get(k), k, diffs)
        expect(not diffs, f"schema mismatch ({len(diffs)} difference(s))", *diffs[:40])
    n_res = len(got.get("resource_schemas", {}))
    n_ds = len(got.get("data_source_schemas", {}))
    n_id = len(got.get("resource_identity_schemas", {}))
    n_eph = len(got.get("ephemeral_resource_schemas", {}))
    n_list = len(got.get("list_resource_schemas", {}))
    n_act = len(got.get("action_schemas", {}))
    n_attrs = sum(
        1
        for kind in ("resource_schemas", "data_source_schemas", "ephemeral_resource_schemas")
        for s in got.get(kind, {}).values()
        for b in _walk_blocks(s["block"])
        for _ in _walk_attrs(b.get("attributes"))
    )
    n_fn = len(got.get("functions", {}))
    print(f"    schema equal: provider block, {n_res} resource(s), {n_ds} data source(s), "
          f"{n_eph} ephemeral resource(s), {n_list} list resource(s), {n_act} action(s), {n_attrs} attributes, "
          f"{n_id} identity schema(s), {n_fn} function(s)")


# ---- entry point ----------------------------------------------------------------------------------
def main(argv):
    try:
        if len(argv) > 1 and argv[1] == "schema-compare":
            schema_compare(*argv[2:6])
        else:
            code = sys.stdin.read()
            exec(compile(code, "<check>", "exec"), dict(globals()))
    except CheckFailed as e:
        print(f"check failed: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # noqa: BLE001 - any error in a check is a failed check
        import traceback
        traceback.print_exc()
        print(f"check failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
