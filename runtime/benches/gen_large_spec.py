#!/usr/bin/env python3
"""Writes a large Provider Code Specification (JSON, version 0.1), about the
size of a Kubernetes provider's workload resources, for compile-time
measurements of generated providers (`provider_build_time.py`).

One provider, `kube`, with a configuration schema (attributes and an `exec`
block), six resources (`deployment`, `stateful_set`, `daemon_set`, `job`,
`service`, `config_map`) and two data sources (`deployment`, `service`).
At the default --scale 1 it has about 280 nested objects (each becomes a
Rust struct), over 1,300 attributes and blocks nested six levels below a
resource. The shape is random but seeded, so the same arguments always
write the same bytes; names come from Kubernetes' vocabulary (`metadata`,
`container`, `liveness_probe`, `image_pull_policy`, ...).

The mix: string, bool, int64, float64 and number attributes; lists, sets
and maps of primitives; list, set, map and single nested attributes, and
list, set and single nested blocks (list blocks often with `SizeAtMost(1)`,
as Kubernetes' SDKv2 provider writes them); required, optional,
computed_optional and computed behaviours (data sources mostly computed;
the children of a computed nested attribute are computed); sensitive
strings; the framework validators `tfschema codespec rust` understands
(string length, one_of, regex; int64 range and one_of; float64 one_of;
list/set/map size, list unique) on attributes that are not computed only;
static defaults on computed_optional attributes of resources. Everything in
it is expressible, so the generator reports no warnings, and the output
validates against the code spec's JSON Schema (v0.1, in the conformance
data's `openapi/spec-schema/`).

    python3 runtime/benches/gen_large_spec.py [--seed 1] [--scale 1.0]
        [--depth 6] [--output spec.json]

Without --output the JSON goes to stdout; a summary (nested objects,
attributes, blocks, depth) goes to stderr.
"""

import argparse
import json
import random
import sys

VALIDATORS = "github.com/hashicorp/terraform-plugin-framework-validators"

STRING_NAMES = """name namespace image image_pull_policy service_account_name hostname
subdomain scheduler_name priority_class_name restart_policy dns_policy node_name path host
port_name protocol mount_path sub_path key operator effect value field_path resource
container_name api_version kind uid generate_name storage_class_name volume_mode claim_name
medium secret_name config_map_name type cluster_ip load_balancer_ip external_name
session_affinity topology_key when_unsatisfiable working_dir termination_message_path level
role user localhost_profile strategy_type pod_management_policy completion_mode schedule
concurrency_policy time_zone description divisor driver fs_type server read_only_path
termination_message_policy runtime_class_name preemption_policy mount_propagation ip_family
external_traffic_policy internal_traffic_policy load_balancer_class health_check_node_port_name
self_link resource_version""".split()
SENSITIVE_NAMES = """password token client_key client_certificate bearer_token secret_data
private_key api_key""".split()
BOOL_NAMES = """read_only optional privileged stdin stdin_once tty host_network host_pid
host_ipc automount_service_account_token share_process_namespace enable_service_links paused
suspend publish_not_ready_addresses allow_privilege_escalation read_only_root_filesystem
run_as_non_root wait_for_rollout immutable set_hostname_as_fqdn manual_selector
allocate_load_balancer_node_ports""".split()
INT_NAMES = """replicas min_ready_seconds revision_history_limit progress_deadline_seconds
termination_grace_period_seconds active_deadline_seconds priority container_port host_port
port target_port node_port initial_delay_seconds period_seconds timeout_seconds
success_threshold failure_threshold run_as_user run_as_group fs_group default_mode mode
weight max_skew backoff_limit completions parallelism ttl_seconds_after_finished generation
expiration_seconds starting_deadline_seconds successful_jobs_history_limit
failed_jobs_history_limit partition ordinal_start""".split()
FLOAT_NAMES = """cpu_ratio memory_overcommit_ratio weight_factor scale_factor burst_ratio
target_utilization spread_ratio surge_fraction""".split()
NUMBER_NAMES = """cpu memory ephemeral_storage quantity storage hugepages size_limit
max_unavailable_count max_surge_count""".split()
LIST_NAMES = """command args finalizers add drop values nameservers searches hostnames
access_modes external_ips load_balancer_source_ranges ip_families cluster_ips
image_pull_secret_names""".split()
SET_NAMES = """supplemental_groups topology_keys node_names zones target_ports
allowed_unsafe_sysctls""".split()
MAP_NAMES = """labels annotations node_selector data binary_data limits requests
match_labels parameters string_data volume_attributes selector""".split()
NESTED_NAMES = """metadata spec template container init_container env env_from value_from
secret_key_ref config_map_key_ref field_ref resource_field_ref volume_mount volume port
liveness_probe readiness_probe startup_probe http_get http_header tcp_socket exec grpc
lifecycle post_start pre_stop security_context capabilities se_linux_options seccomp_profile
resources affinity node_affinity pod_affinity pod_anti_affinity required_during_scheduling
preferred_during_scheduling label_selector match_expressions toleration
topology_spread_constraint strategy rolling_update dns_config option host_aliases secret
config_map items persistent_volume_claim empty_dir projected sources downward_api csi nfs
host_path update_strategy volume_claim_template job_template status condition ingress
load_balancer session_affinity_config client_ip readiness_gate os overhead
ephemeral_container windows_options sysctl claim_ref pod_failure_policy rule""".split()

STRING_ENUMS = [
    ["Always", "IfNotPresent", "Never"],
    ["ClusterFirst", "ClusterFirstWithHostNet", "Default", "None"],
    ["TCP", "UDP", "SCTP"],
    ["NoSchedule", "PreferNoSchedule", "NoExecute"],
    ["In", "NotIn", "Exists", "DoesNotExist"],
]
REGEXES = [
    "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$",
    "^(/[^/]+)+$",
    "^[A-Za-z_][A-Za-z0-9_]*$",
]


def quote(s: str) -> str:
    """Go's strconv.Quote for the ASCII text used here."""
    return json.dumps(s)


def validator(package: str, call: str, extra_imports=()) -> dict:
    imports = [{"path": p} for p in extra_imports] + [{"path": f"{VALIDATORS}/{package}"}]
    return {"custom": {"imports": imports, "schema_definition": f"{package}.{call}"}}


def one_of(package: str, values) -> dict:
    return validator(package, "OneOf(\n" + "".join(f"{v},\n" for v in values) + ")")


class Gen:
    """The random choices, and counts for the summary."""

    def __init__(self, seed: int, depth: int):
        self.rng = random.Random(seed)
        self.depth = depth
        self.nested = 0  # nested objects: Rust structs besides the roots
        self.attributes = 0  # attribute entries, nested attributes included
        self.blocks = 0
        self.deepest = 0
        self.sensitive = 0
        self.validators = 0
        self.defaults = 0

    # --- names ---

    def names(self, pool, used):
        """A name from `pool` not yet in `used` (a suffix once the pool runs out)."""
        free = [n for n in pool if n not in used]
        if free:
            name = self.rng.choice(free)
        else:
            base = self.rng.choice(pool)
            k = 2
            while f"{base}_{k}" in used:
                k += 1
            name = f"{base}_{k}"
        used.add(name)
        return name

    # --- behaviour ---

    def behavior(self, target: str, forced_computed: bool) -> str:
        if forced_computed:
            return "computed"
        if target == "provider":
            return self.rng.choices(["required", "optional"], [1, 6])[0]
        if target == "datasource":
            return self.rng.choices(["computed", "optional", "computed_optional"], [8, 1, 1])[0]
        return self.rng.choices(
            ["required", "optional", "computed_optional", "computed"], [3, 11, 3, 3]
        )[0]

    # --- attributes ---

    def primitive(self, target: str, used: set, forced_computed: bool) -> dict:
        rng = self.rng
        kind = rng.choices(
            ["string", "bool", "int64", "float64", "number", "list", "set", "map"],
            [34, 14, 18, 4, 5, 10, 5, 10],
        )[0]
        behavior_key = "optional_required" if target == "provider" else "computed_optional_required"
        behavior = self.behavior(target, forced_computed)
        body = {behavior_key: behavior}
        checked = behavior != "computed"
        validators = []
        default = None
        sensitive = False
        if kind == "string":
            if rng.random() < 0.05:
                name = self.names(SENSITIVE_NAMES, used)
                sensitive = True
            else:
                name = self.names(STRING_NAMES, used)
            r = rng.random()
            if checked and r < 0.12:
                validators.append(validator("stringvalidator", f"LengthBetween(1, {rng.choice([63, 253])})"))
            elif checked and r < 0.22:
                validators.append(one_of("stringvalidator", map(quote, rng.choice(STRING_ENUMS))))
            elif checked and r < 0.28:
                pattern = rng.choice(REGEXES)
                validators.append(
                    validator(
                        "stringvalidator",
                        f"RegexMatches(regexp.MustCompile({quote(pattern)}), \"\")",
                        extra_imports=["regexp"],
                    )
                )
            if behavior == "computed_optional" and rng.random() < 0.5:
                default = rng.choice(["", "default", "ClusterFirst", "IfNotPresent"])
        elif kind == "bool":
            name = self.names(BOOL_NAMES, used)
            if behavior == "computed_optional" and rng.random() < 0.6:
                default = rng.random() < 0.5
        elif kind == "int64":
            name = self.names(INT_NAMES, used)
            r = rng.random()
            if checked and r < 0.2:
                validators.append(validator("int64validator", f"Between(0, {rng.choice([10, 65535, 2147483647])})"))
            elif checked and r < 0.3:
                validators.append(validator("int64validator", "AtLeast(0)"))
            elif checked and r < 0.35:
                validators.append(one_of("int64validator", [0, 1, 2, 3]))
            if behavior == "computed_optional" and rng.random() < 0.5:
                default = rng.choice([0, 1, 10, 30])
        elif kind == "float64":
            name = self.names(FLOAT_NAMES, used)
            if checked and rng.random() < 0.2:
                validators.append(one_of("float64validator", ["0.25", "0.5", "0.75"]))
            if behavior == "computed_optional" and rng.random() < 0.5:
                default = rng.choice([0.5, 1.0])
        elif kind == "number":
            name = self.names(NUMBER_NAMES, used)
        else:
            pool = {"list": LIST_NAMES, "set": SET_NAMES, "map": MAP_NAMES}[kind]
            name = self.names(pool, used)
            weights = {"list": [70, 20, 5, 5], "set": [50, 40, 0, 10], "map": [85, 5, 5, 5]}[kind]
            element = rng.choices(["string", "int64", "float64", "bool"], weights)[0]
            body["element_type"] = {element: {}}
            package = {"list": "listvalidator", "set": "setvalidator", "map": "mapvalidator"}[kind]
            r = rng.random()
            if checked and r < 0.15:
                validators.append(validator(package, f"SizeBetween(1, {rng.choice([10, 64, 256])})"))
            elif checked and r < 0.22:
                validators.append(validator(package, "SizeAtLeast(1)"))
            if checked and kind == "list" and rng.random() < 0.1:
                validators.append(validator("listvalidator", "UniqueValues()"))
        # A default must pass the attribute's own validators; keep them apart.
        if default is not None and target == "resource" and not validators:
            body["default"] = {"static": default}
            self.defaults += 1
        body["description"] = f"The {name.replace('_', ' ')}."
        if sensitive:
            body["sensitive"] = True
            self.sensitive += 1
        if validators:
            body["validators"] = validators
            self.validators += len(validators)
        self.attributes += 1
        return {"name": name, kind: body}

    def nested_attribute(self, node, target, used, depth, forced_computed) -> dict:
        name = self.names(NESTED_NAMES, used)
        rng = self.rng
        kind = rng.choices(
            ["list_nested", "single_nested", "set_nested", "map_nested"], [45, 30, 15, 10]
        )[0]
        behavior_key = "optional_required" if target == "provider" else "computed_optional_required"
        behavior = self.behavior(target, forced_computed)
        if behavior == "computed_optional":
            behavior = "optional"
        children = self.attributes_of(node, target, depth, behavior == "computed", nested_attr=True)
        body = {behavior_key: behavior}
        if kind == "single_nested":
            body["attributes"] = children
        else:
            body["nested_object"] = {"attributes": children}
        if behavior != "computed" and kind in ("list_nested", "set_nested") and rng.random() < 0.2:
            package = "listvalidator" if kind == "list_nested" else "setvalidator"
            body["validators"] = [validator(package, "SizeAtLeast(1)")]
            self.validators += 1
        body["description"] = f"The {name.replace('_', ' ')}."
        self.attributes += 1
        self.nested += 1
        return {"name": name, kind: body}

    def block(self, node, target, used, depth) -> dict:
        name = self.names(NESTED_NAMES, used)
        rng = self.rng
        kind = rng.choices(["list_nested", "single_nested", "set_nested"], [50, 35, 15])[0]
        inner = self.schema(node, target, depth)
        if kind == "single_nested":
            body = dict(inner)
        else:
            body = {"nested_object": inner}
            r = rng.random()
            if kind == "list_nested" and r < 0.5:
                body["validators"] = [validator("listvalidator", "SizeAtMost(1)")]
            elif r < 0.65:
                package = "listvalidator" if kind == "list_nested" else "setvalidator"
                body["validators"] = [validator(package, "SizeBetween(1, 10)")]
            self.validators += len(body.get("validators", []))
        body["description"] = f"The {name.replace('_', ' ')} block."
        self.blocks += 1
        self.nested += 1
        return {"name": name, kind: body}

    def attributes_of(self, node, target, depth, forced_computed, nested_attr) -> list:
        """The attributes of `node` (at `depth`): its primitives, then one
        nested attribute per child."""
        self.deepest = max(self.deepest, depth)
        used = set()
        out = [self.primitive(target, used, forced_computed) for _ in range(node["primitives"])]
        for child in node["children"]:
            out.append(self.nested_attribute(child, target, used, depth + 1, forced_computed))
        self.rng.shuffle(out)
        return out

    def schema(self, node, target, depth, prefix=()) -> dict:
        """A schema or block body: primitives, and each child as a block or,
        sometimes, a nested attribute (whose subtree then has no blocks)."""
        self.deepest = max(self.deepest, depth)
        used = set()
        attrs = list(prefix)
        used.update(a["name"] for a in prefix)
        attrs += [self.primitive(target, used, False) for _ in range(node["primitives"])]
        blocks = []
        for child in node["children"]:
            if self.rng.random() < 0.35:
                attrs.append(self.nested_attribute(child, target, used, depth + 1, False))
            else:
                blocks.append(self.block(child, target, used, depth + 1))
        self.rng.shuffle(attrs)
        out = {}
        if attrs:
            out["attributes"] = attrs
        if blocks:
            out["blocks"] = blocks
        return out

    # --- shapes ---

    def shape(self, nested: int, root_primitives: int) -> dict:
        """A random tree with `nested` nodes below the root and a path
        `self.depth` deep; shallower nodes are likelier parents."""
        rng = self.rng

        def node(depth):
            return {"depth": depth, "children": [], "primitives": rng.randint(2, 6)}

        root = node(0)
        root["primitives"] = root_primitives
        nodes = [root]
        parent = root
        for d in range(1, min(self.depth, nested) + 1):
            child = node(d)
            parent["children"].append(child)
            nodes.append(child)
            parent = child
        while len(nodes) - 1 < nested:
            open_nodes = [n for n in nodes if n["depth"] < self.depth]
            weights = [(self.depth - n["depth"]) ** 2 for n in open_nodes]
            parent = rng.choices(open_nodes, weights)[0]
            child = node(parent["depth"] + 1)
            parent["children"].append(child)
            nodes.append(child)
        return root


RESOURCES = [
    ("deployment", 60, 14),
    ("stateful_set", 60, 14),
    ("daemon_set", 45, 12),
    ("job", 45, 12),
    ("service", 20, 16),
    ("config_map", 4, 8),
]
DATA_SOURCES = [("deployment", 30, 10), ("service", 12, 10)]


def generate(seed: int = 1, scale: float = 1.0, depth: int = 6) -> tuple[dict, Gen]:
    """The spec as a JSON-ready dict, and the generator with its counts."""
    g = Gen(seed, depth)
    id_attr = lambda: {  # noqa: E731
        "name": "id",
        "string": {"computed_optional_required": "computed", "description": "The object's ID."},
    }

    def named(name, nested, prims, target):
        root = g.shape(max(1, round(nested * scale)), prims)
        g.attributes += 1
        return {"name": name, "schema": g.schema(root, target, 0, prefix=[id_attr()])}

    def lookup(schema):
        # A data source is looked up by its name and namespace.
        for a in schema.get("attributes", []):
            for body in a.values():
                if isinstance(body, dict) and a["name"] in ("name", "namespace"):
                    body["computed_optional_required"] = "required" if a["name"] == "name" else "optional"
                    body.pop("default", None)
        return schema

    provider_root = {"depth": 0, "primitives": 10, "children": [{"depth": 1, "primitives": 4, "children": []}]}
    provider = {"name": "kube", "schema": g.schema(provider_root, "provider", 0)}
    resources = [named(n, k, p, "resource") for n, k, p in RESOURCES]
    data_sources = []
    for n, k, p in DATA_SOURCES:
        ds = named(n, k, p, "datasource")
        lookup(ds["schema"])
        data_sources.append(ds)
    spec = {
        "datasources": data_sources,
        "provider": provider,
        "resources": resources,
        "version": "0.1",
    }
    return spec, g


def summary(g: Gen) -> str:
    return (
        f"{g.nested} nested objects (structs besides the roots), {g.attributes} attributes, "
        f"{g.blocks} blocks, depth {g.deepest}, {g.validators} validators, "
        f"{g.defaults} defaults, {g.sensitive} sensitive"
    )


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies the number of nested objects")
    ap.add_argument("--depth", type=int, default=6, help="nesting depth below a resource")
    ap.add_argument("--output", help="file to write (default: stdout)")
    args = ap.parse_args()
    spec, g = generate(args.seed, args.scale, args.depth)
    text = json.dumps(spec, indent="\t") + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    print(summary(g), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
