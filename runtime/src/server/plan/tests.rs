//! The value-level planner and Terraform's proposal rule, on hand-built
//! schemas: semantic equality, nested blocks, replacement inside blocks,
//! defaults and computed attributes in nested blocks, the two flavours of
//! `use_state_for_unknown`, replacement policies with their diagnostics,
//! and the apply checks.

use super::{
    check_applied, plan, plan_create_as_configured, plans_unchanged_as_is, proposed_new,
    PlanOptions,
};
use crate::diag::Diagnostics;
use crate::schema::{
    Attribute, Block, NestedBlock, NestingMode, PlanPolicy, ReplaceIf, ReplaceIfRequest,
    ReplaceIfResponse, SemanticEqual,
};
use crate::{NumberBound, PathStep, Refinements, Type, Value};

fn same_trimmed(prior: &Value, new: &Value) -> bool {
    match (prior, new) {
        (Value::String(a), Value::String(b)) => a.trim() == b.trim(),
        _ => false,
    }
}

fn attribute(name: &str, ty: Type, optional: bool, computed: bool) -> Attribute {
    let mut a = Attribute::new(name, ty);
    a.required = !optional && !computed;
    a.optional = optional;
    a.computed = computed;
    a
}

fn schema() -> Block {
    let mut doc = attribute("doc", Type::String, true, false);
    doc.plan.semantic_equal = Some(SemanticEqual(same_trimmed));
    let rev = attribute("rev", Type::Number, false, true);
    let mut disk_kind = attribute("kind", Type::String, false, false);
    disk_kind.plan.requires_replace = true;
    let disk_id = attribute("disk_id", Type::String, false, true);
    let mut mode = attribute("mode", Type::String, true, true);
    mode.plan.default = Some(Value::from("rw"));
    Block {
        attributes: vec![doc, rev],
        block_types: vec![NestedBlock {
            type_name: "disk".into(),
            block: Block {
                attributes: vec![disk_kind, disk_id, mode],
                ..Block::default()
            },
            nesting: NestingMode::List,
            min_items: 0,
            max_items: 0,
            plan: PlanPolicy::default(),
        }],
        ..Block::default()
    }
}

fn disk(kind: &str, id: Value, mode: Value) -> Value {
    Value::object([("kind", Value::from(kind)), ("disk_id", id), ("mode", mode)])
}

fn disk_ty() -> Type {
    Type::object([
        ("kind", Type::String),
        ("disk_id", Type::String),
        ("mode", Type::String),
    ])
}

fn obj(doc: &str, rev: Value, disks: Vec<Value>) -> Value {
    Value::object([
        ("doc", Value::from(doc)),
        ("rev", rev),
        ("disk", Value::list(disk_ty(), disks)),
    ])
}

const OPTIONS: PlanOptions = PlanOptions {
    write_only_allowed: true,
};

#[test]
fn proposal_takes_prior_computed_values_in_nested_blocks() {
    let block = schema();
    let prior = obj(
        "a",
        Value::from(1),
        vec![disk("ssd", Value::from("d-1"), Value::from("rw"))],
    );
    let config = obj(
        "a",
        Value::Null(Type::Number),
        vec![
            disk("ssd", Value::Null(Type::String), Value::Null(Type::String)),
            disk("hdd", Value::Null(Type::String), Value::Null(Type::String)),
        ],
    );
    let proposed = proposed_new(&block, &prior, &config);
    let wanted = obj(
        "a",
        Value::from(1),
        vec![
            disk("ssd", Value::from("d-1"), Value::from("rw")),
            disk("hdd", Value::Null(Type::String), Value::Null(Type::String)),
        ],
    );
    assert_eq!(proposed, wanted);

    // Planning it: the new disk's computed id is unknown and its mode takes
    // the default; the top-level computed attribute becomes unknown (a
    // change); nothing is replaced (the first disk's kind is unchanged).
    let planned = plan(&block, &prior, proposed.clone(), &config, OPTIONS);
    assert!(planned.diagnostics.is_empty());
    assert_eq!(
        planned.planned_state,
        obj(
            "a",
            Value::unknown(Type::Number),
            vec![
                disk("ssd", Value::unknown(Type::String), Value::from("rw")),
                disk("hdd", Value::unknown(Type::String), Value::from("rw")),
            ],
        )
    );
    assert!(planned.requires_replace.is_empty());
}

#[test]
fn replacement_inside_a_list_block_names_the_element() {
    let block = schema();
    let prior = obj(
        "a",
        Value::from(1),
        vec![disk("ssd", Value::from("d-1"), Value::from("rw"))],
    );
    let config = obj(
        "a",
        Value::Null(Type::Number),
        vec![disk(
            "nvme",
            Value::Null(Type::String),
            Value::Null(Type::String),
        )],
    );
    let proposed = proposed_new(&block, &prior, &config);
    let planned = plan(&block, &prior, proposed.clone(), &config, OPTIONS);
    assert_eq!(
        planned.requires_replace,
        vec![vec![
            PathStep::Attr("disk".into()),
            PathStep::Index(0),
            PathStep::Attr("kind".into())
        ]]
    );
}

#[test]
fn semantically_equal_values_keep_the_prior_spelling_and_change_nothing() {
    let block = schema();
    let prior = obj("a", Value::from(1), vec![]);
    let config = obj("  a ", Value::Null(Type::Number), vec![]);
    let proposed = proposed_new(&block, &prior, &config);
    let planned = plan(&block, &prior, proposed.clone(), &config, OPTIONS);
    assert_eq!(planned.planned_state, prior, "no change: rev stays known");

    let config = obj("b", Value::Null(Type::Number), vec![]);
    let proposed = proposed_new(&block, &prior, &config);
    let planned = plan(&block, &prior, proposed.clone(), &config, OPTIONS);
    assert_eq!(
        planned.planned_state,
        obj("b", Value::unknown(Type::Number), vec![])
    );
}

#[test]
fn destroy_proposal_and_plan_are_null() {
    let block = schema();
    let prior = obj("a", Value::from(1), vec![]);
    let null = Value::Null(block.implied_type());
    let proposed = proposed_new(&block, &prior, &null);
    assert!(proposed.is_null());
    assert!(plan(&block, &prior, proposed.clone(), &null, OPTIONS)
        .planned_state
        .is_null());
}

#[test]
fn apply_checks_unknowns_and_each_refinement_kind() {
    let refined = |r: Refinements| Value::Unknown(Type::Number, Box::new(r));
    let at_least_3 = Refinements {
        not_null: true,
        number_lower: Some(NumberBound {
            value: 3.into(),
            inclusive: true,
        }),
        ..Refinements::default()
    };
    let planned = Value::object([("n", refined(at_least_3))]);
    let cases = [
        (Value::from(3), None),
        (Value::from(2), Some("a number >= 3")),
        (Value::Null(Type::Number), Some("not null")),
        (Value::unknown(Type::Number), Some("unknown")),
    ];
    for (applied, wanted) in cases {
        let mut d = Diagnostics::new();
        check_applied(&planned, &Value::object([("n", applied.clone())]), &mut d);
        match wanted {
            None => assert!(d.is_empty(), "{applied:?}: {d:?}"),
            Some(w) => {
                let all: Vec<String> = d.iter().map(ToString::to_string).collect();
                assert_eq!(all.len(), 1, "{applied:?}: {all:?}");
                assert!(
                    all[0].contains("(at .n)") && all[0].contains(w),
                    "{applied:?}: {all:?}"
                );
            }
        }
    }
    // Collection length bounds.
    let planned = Value::object([(
        "l",
        Value::Unknown(
            Type::list(Type::String),
            Box::new(Refinements {
                length_min: 1,
                length_max: Some(2),
                ..Refinements::default()
            }),
        ),
    )]);
    let mut d = Diagnostics::new();
    let three = Value::list(
        Type::String,
        vec![Value::from("a"), Value::from("b"), Value::from("c")],
    );
    check_applied(&planned, &Value::object([("l", three)]), &mut d);
    assert!(
        d.iter()
            .next()
            .unwrap()
            .detail
            .contains("at most 2 elements"),
        "{d:?}"
    );
}

#[test]
fn write_only_attributes_are_nulled_even_when_configured() {
    let mut secret = attribute("secret", Type::String, true, false);
    secret.write_only = true;
    let block = Block {
        attributes: vec![secret],
        ..Block::default()
    };
    let config = Value::object([("secret", Value::from("s"))]);
    let null = Value::Null(block.implied_type());
    let proposed = proposed_new(&block, &null, &config);
    let planned = plan(&block, &null, proposed.clone(), &config, OPTIONS);
    assert_eq!(
        planned.planned_state,
        Value::object([("secret", Value::Null(Type::String))])
    );
    assert!(planned.diagnostics.is_empty());
}

#[test]
fn float64_state_and_decimal_configuration_are_no_change() {
    // The state holds the float64 0.1 (a provider's f64 field); Terraform
    // reads the configuration's 0.1 as a decimal. go-cty calls them equal,
    // so the plan is no change and computed attributes stay known.
    let weight = attribute("weight", Type::Number, true, false);
    let rev = attribute("rev", Type::Number, false, true);
    let block = Block {
        attributes: vec![weight, rev],
        ..Block::default()
    };
    let prior = Value::object([
        (
            "weight",
            Value::Number(crate::Number::from_f64(0.1).unwrap()),
        ),
        ("rev", Value::from(1)),
    ]);
    let decimal: crate::Number = "0.1".parse().unwrap();
    let config = Value::object([
        ("weight", Value::Number(decimal)),
        ("rev", Value::Null(Type::Number)),
    ]);
    let proposed = proposed_new(&block, &prior, &config);
    let planned = plan(&block, &prior, proposed.clone(), &config, OPTIONS);
    assert_eq!(
        planned.planned_state.equals(&prior),
        Some(true),
        "{:?}",
        planned.planned_state
    );
}

/// What the typed layer's shortcut for a proposal equal to the prior state
/// relies on: without write-only attributes or defaults (here computed
/// attributes, a replacement policy and semantic equality remain), the
/// plan of such a proposal is the proposal, with nothing to replace; a
/// default makes it differ, so a schema with one takes no shortcut.
#[test]
fn a_proposal_equal_to_the_prior_state_plans_as_itself_without_defaults() {
    let with_default = schema();
    assert!(!plans_unchanged_as_is(&with_default));
    let mut without = with_default.clone();
    without.block_types[0].block.attributes[2].plan.default = None;
    assert!(plans_unchanged_as_is(&without));

    let prior = obj(
        "doc",
        Value::from(3),
        vec![disk("ssd", Value::from("d-1"), Value::Null(Type::String))],
    );
    let config = obj(
        "doc",
        Value::Null(Type::Number),
        vec![disk(
            "ssd",
            Value::Null(Type::String),
            Value::Null(Type::String),
        )],
    );
    let planned = plan(&without, &prior, prior.clone(), &config, OPTIONS);
    assert_eq!(planned.planned_state, prior);
    assert!(planned.requires_replace.is_empty());
    assert!(planned.diagnostics.is_empty());

    let filled = plan(&with_default, &prior, prior.clone(), &config, OPTIONS);
    assert_eq!(
        filled.planned_state,
        obj(
            "doc",
            Value::from(3),
            vec![disk("ssd", Value::from("d-1"), Value::from("rw"))],
        )
    );
    let mut write_only = without;
    write_only.attributes[0].write_only = true;
    assert!(!plans_unchanged_as_is(&write_only));
}

#[test]
fn a_create_plans_alike_whether_its_configuration_is_held_or_is_the_proposal() {
    let block = schema();
    let null = Value::Null(block.implied_type());
    let unknown = |ty: Type| Value::unknown(ty);
    let config = obj(
        "a",
        Value::Null(Type::Number),
        vec![
            disk("ssd", Value::Null(Type::String), Value::Null(Type::String)),
            disk("hdd", Value::Null(Type::String), Value::from("ro")),
        ],
    );
    // Computed and unset: unknown on create, or the default.
    let expected = obj(
        "a",
        unknown(Type::Number),
        vec![
            disk("ssd", unknown(Type::String), Value::from("rw")),
            disk("hdd", unknown(Type::String), Value::from("ro")),
        ],
    );
    let held = plan(&block, &null, config.clone(), &config, OPTIONS);
    let own = plan_create_as_configured(&block, &null, config, OPTIONS);
    for planned in [held, own] {
        assert_eq!(planned.planned_state, expected);
        assert!(planned.requires_replace.is_empty());
        assert!(planned.diagnostics.is_empty());
    }
}

/// A disk size rule in Go's `RequiresReplaceIfFunc` shape: shrinking
/// replaces; every change it is asked about warns (without a path, so at
/// the attribute's), and a size of 0 also warns at a path of its own.
fn shrinking_warns(change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse) {
    response.requires_replace = matches!(
        (change.prior, change.planned),
        (Value::Number(prior), Value::Number(planned)) if planned < prior
    );
    response.diagnostics.warning(&[], "Size changes", "asked");
    if change.planned == &Value::from(0) {
        let elsewhere = [PathStep::Attr("elsewhere".into())];
        response
            .diagnostics
            .warning(&elsewhere, "Empty disk", "zero");
    }
}

/// `size` (optional, `requires_replace_if` in Go's shape), `zone`
/// (optional+computed, `requires_replace_if_configured`), three computed
/// strings (`keep`: `use_state_for_unknown`, `keep_non_null`:
/// `use_non_null_state_for_unknown`, `plain`: neither), and a list block
/// `nic` of a required `label` with the two flavours again (`addr`,
/// `mac`).
fn policies() -> Block {
    let mut size = attribute("size", Type::Number, true, false);
    size.plan.requires_replace_if = Some(ReplaceIf(shrinking_warns));
    let mut zone = attribute("zone", Type::String, true, true);
    zone.plan.requires_replace_if_configured = true;
    let computed = |name: &str, keep: bool, non_null: bool| {
        let mut a = attribute(name, Type::String, false, true);
        a.plan.use_state_for_unknown = keep;
        a.plan.use_non_null_state_for_unknown = non_null;
        a
    };
    Block {
        attributes: vec![
            size,
            zone,
            computed("keep", true, false),
            computed("keep_non_null", false, true),
            computed("plain", false, false),
        ],
        block_types: vec![NestedBlock {
            type_name: "nic".into(),
            block: Block {
                attributes: vec![
                    attribute("label", Type::String, false, false),
                    computed("addr", true, false),
                    computed("mac", false, true),
                ],
                ..Block::default()
            },
            nesting: NestingMode::List,
            min_items: 0,
            max_items: 0,
            plan: PlanPolicy::default(),
        }],
        ..Block::default()
    }
}

fn nic(label: &str, addr: Value, mac: Value) -> Value {
    Value::object([("label", Value::from(label)), ("addr", addr), ("mac", mac)])
}

fn nic_ty() -> Type {
    Type::object([
        ("label", Type::String),
        ("addr", Type::String),
        ("mac", Type::String),
    ])
}

/// An object of [`policies`]: `strings` are zone, keep, keep_non_null
/// and plain.
fn server(size: Value, strings: [Value; 4], nics: Vec<Value>) -> Value {
    let [zone, keep, keep_non_null, plain] = strings;
    Value::object([
        ("size", size),
        ("zone", zone),
        ("keep", keep),
        ("keep_non_null", keep_non_null),
        ("plain", plain),
        ("nic", Value::list(nic_ty(), nics)),
    ])
}

fn attr_of<'v>(value: &'v Value, name: &str) -> &'v Value {
    match value {
        Value::Object(attrs) => &attrs[name],
        other => panic!("not an object: {other:?}"),
    }
}

fn null_string() -> Value {
    Value::Null(Type::String)
}

fn unknown_string() -> Value {
    Value::unknown(Type::String)
}

/// Plans `config` against `prior` with Terraform's proposal.
fn plan_policies(prior: &Value, config: &Value) -> super::DefaultPlan {
    let block = policies();
    let proposed = proposed_new(&block, prior, config);
    plan(&block, prior, proposed, config, OPTIONS)
}

#[test]
fn use_state_for_unknown_keeps_a_prior_null_and_the_non_null_flavour_does_not() {
    let unset = || [null_string(), null_string(), null_string(), null_string()];
    // An update that changes `size`: the computed attributes the
    // configuration leaves out would be planned unknown.
    let config = server(Value::from(2), unset(), vec![]);
    let nulls = server(Value::from(1), unset(), vec![]);
    let planned = plan_policies(&nulls, &config);
    assert_eq!(
        planned.planned_state,
        server(
            Value::from(2),
            [
                unknown_string(),
                null_string(),
                unknown_string(),
                unknown_string()
            ],
            vec![],
        ),
        "keep: the prior null; keep_non_null and plain: unknown"
    );
    let values = server(
        Value::from(1),
        ["z".into(), "k".into(), "n".into(), "p".into()],
        vec![],
    );
    let planned = plan_policies(&values, &config);
    assert_eq!(
        planned.planned_state,
        server(
            Value::from(2),
            [unknown_string(), "k".into(), "n".into(), unknown_string()],
            vec![],
        ),
        "both flavours keep a prior value that is not null"
    );
    // On create neither keeps anything: every computed value is unknown.
    let create = plan_policies(&Value::Null(policies().implied_type()), &config);
    assert_eq!(
        create.planned_state,
        server(
            Value::from(2),
            [
                unknown_string(),
                unknown_string(),
                unknown_string(),
                unknown_string()
            ],
            vec![],
        )
    );
    // An update that changes nothing plans the prior state as it is.
    let same = server(Value::from(1), unset(), vec![]);
    assert_eq!(plan_policies(&nulls, &same).planned_state, nulls);
}

#[test]
fn in_an_object_with_no_prior_counterpart_use_state_for_unknown_plans_null() {
    let unset = || [null_string(), null_string(), null_string(), null_string()];
    let prior = server(
        Value::from(1),
        unset(),
        vec![nic("a", "10.0.0.1".into(), "m-1".into())],
    );
    let config = server(
        Value::from(1),
        unset(),
        vec![
            nic("a", null_string(), null_string()),
            nic("b", null_string(), null_string()),
        ],
    );
    let planned = plan_policies(&prior, &config);
    // The second NIC is new: Go's `UseStateForUnknown` reads a null prior
    // value there and plans it; `UseNonNullStateForUnknown` leaves it
    // unknown. The first keeps its values either way.
    assert_eq!(
        planned.planned_state,
        server(
            Value::from(1),
            [
                unknown_string(),
                null_string(),
                unknown_string(),
                unknown_string()
            ],
            vec![
                nic("a", "10.0.0.1".into(), "m-1".into()),
                nic("b", null_string(), unknown_string()),
            ],
        )
    );
}

#[test]
fn requires_replace_if_configured_ignores_a_change_the_configuration_does_not_set() {
    let path = || vec![PathStep::Attr("zone".into())];
    let prior = server(
        Value::from(1),
        ["a".into(), "k".into(), "n".into(), "p".into()],
        vec![],
    );
    let with_zone = |zone: Value| {
        server(
            Value::from(2),
            [zone, null_string(), null_string(), null_string()],
            vec![],
        )
    };
    // Unset: the update plans `zone` unknown (a change), but nothing in
    // the configuration asked for it, so no replacement.
    let planned = plan_policies(&prior, &with_zone(null_string()));
    assert_eq!(attr_of(&planned.planned_state, "zone"), &unknown_string());
    assert!(
        planned.requires_replace.is_empty(),
        "{:?}",
        planned.requires_replace
    );
    // Configured to another value: replaced.
    let planned = plan_policies(&prior, &with_zone("b".into()));
    assert_eq!(planned.requires_replace, vec![path()]);
    // Configured to the same value: no change, no replacement.
    let planned = plan_policies(&prior, &with_zone("a".into()));
    assert!(planned.requires_replace.is_empty());
    // On create: never.
    let create = plan_policies(
        &Value::Null(policies().implied_type()),
        &with_zone("b".into()),
    );
    assert!(create.requires_replace.is_empty());
}

#[test]
fn requires_replace_if_diagnostics_come_back_at_the_attribute_or_their_own_path() {
    let strings = || ["a".into(), "k".into(), "n".into(), "p".into()];
    let prior = server(Value::from(4), strings(), vec![]);
    let config = |size: i64| {
        server(
            Value::from(size),
            ["a".into(), null_string(), null_string(), null_string()],
            vec![],
        )
    };
    let size = vec![PathStep::Attr("size".into())];
    let planned = plan_policies(&prior, &config(0));
    assert_eq!(planned.requires_replace, vec![size.clone()]);
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
    let said: Vec<_> = (planned.replace_diagnostics.iter())
        .map(|d| (d.summary.as_str(), d.path_string()))
        .collect();
    assert_eq!(
        said,
        [
            ("Size changes", ".size".to_owned()),
            ("Empty disk", ".elsewhere".to_owned())
        ]
    );
    // The final plan's check asks again and says the same.
    let final_plan =
        super::requires_replace(&policies(), &prior, &planned.planned_state, &config(0));
    assert_eq!(final_plan.paths, vec![size]);
    assert_eq!(final_plan.diagnostics, planned.replace_diagnostics);
    // Growing: asked (a warning), no replacement.
    let planned = plan_policies(&prior, &config(8));
    assert!(planned.requires_replace.is_empty());
    assert_eq!(planned.replace_diagnostics.len(), 1);
    // Not asked on create, nor when the value does not change.
    let create = plan_policies(&Value::Null(policies().implied_type()), &config(0));
    assert!(create.replace_diagnostics.is_empty());
    let unchanged = plan_policies(&prior, &config(4));
    assert!(unchanged.replace_diagnostics.is_empty());
}
