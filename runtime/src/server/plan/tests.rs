//! The value-level planner and Terraform's proposal rule, on hand-built
//! schemas: semantic equality, nested blocks, replacement inside blocks,
//! defaults and computed attributes in nested blocks, and the apply checks.

use super::{
    check_applied, plan, plan_create_as_configured, plans_unchanged_as_is, proposed_new,
    PlanOptions,
};
use crate::diag::Diagnostics;
use crate::schema::{Attribute, Block, NestedBlock, NestingMode, PlanPolicy, SemanticEqual};
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
