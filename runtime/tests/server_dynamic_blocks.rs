//! Planning and applying list and map blocks whose struct holds a
//! `dynamic` attribute: Terraform sends them as a tuple and an object
//! (their implied type is `dynamic`), and the planner and the typed layer
//! walk their elements like those of lists and maps.

#![cfg(feature = "server")]

use std::collections::BTreeMap;

use tfschema::diag::Diagnostics;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, PlanView, Provider, Resource, TypedProvider};
use tfschema::{TfSchema, TfType, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Config {}

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Rule {
    value: Value,
    #[tf(computed)]
    seq: Unknown<i64>,
}

#[derive(TfSchema, TfValue, Debug, Clone)]
struct RuleSet {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    #[tf(block)]
    rule: Vec<Rule>,
    #[tf(block)]
    by_name: BTreeMap<String, Rule>,
}

struct P;

impl Provider for P {
    type Config = Config;
    type Client = ();
    async fn configure(
        &self,
        _c: PlanView<Config>,
        _d: &mut Diagnostics,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct Rules;

impl Resource for Rules {
    type Client = ();
    type Model = RuleSet;

    async fn create(
        &self,
        _ctx: &mut Ctx<()>,
        mut planned: RuleSet,
    ) -> Result<RuleSet, Diagnostics> {
        planned.id = Unknown::Known("rs-1".into());
        for (i, r) in planned.rule.iter_mut().enumerate() {
            r.seq = Unknown::Known(i as i64);
        }
        for r in planned.by_name.values_mut() {
            r.seq = Unknown::Known(100);
        }
        Ok(planned)
    }
    async fn read(
        &self,
        _ctx: &mut Ctx<()>,
        current: RuleSet,
    ) -> Result<Option<RuleSet>, Diagnostics> {
        Ok(Some(current))
    }
    async fn update(
        &self,
        _ctx: &mut Ctx<()>,
        _prior: RuleSet,
        planned: RuleSet,
    ) -> Result<RuleSet, Diagnostics> {
        Ok(planned)
    }
    async fn delete(&self, _ctx: &mut Ctx<()>, _prior: RuleSet) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn rule(value: Value, seq: Value) -> Value {
    Value::object([("value", value), ("seq", seq)])
}

fn config() -> Value {
    let unset = || Value::Null(Type::Number);
    Value::object([
        ("id", Value::Null(Type::String)),
        (
            "rule",
            Value::Tuple(vec![
                rule(Value::from("a"), unset()),
                rule(Value::from(1), unset()),
            ]),
        ),
        (
            "by_name",
            Value::object([("x", rule(Value::from(true), unset()))]),
        ),
    ])
}

#[test]
fn tuple_and_object_blocks_plan_and_apply_element_by_element() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let h = Harness::new(TypedProvider::new(P).resource("x_rules", Rules));
        assert_eq!(h.resource_type("x_rules"), RuleSet::tf_type());
        assert!(h
            .configure(Value::object(Vec::<(String, Value)>::new()))
            .await
            .is_empty());
        let cfg = config();
        let null = Value::Null(RuleSet::tf_type());
        assert!(h.validate_resource("x_rules", &cfg).await.is_empty());

        let plan = h.plan("x_rules", &null, &cfg).await;
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        let unknown = || Value::unknown(Type::Number);
        let wanted = Value::object([
            ("id", Value::unknown(Type::String)),
            (
                "rule",
                Value::Tuple(vec![
                    rule(Value::from("a"), unknown()),
                    rule(Value::from(1), unknown()),
                ]),
            ),
            (
                "by_name",
                Value::object([("x", rule(Value::from(true), unknown()))]),
            ),
        ]);
        assert_eq!(
            plan.planned_state, wanted,
            "computed attributes inside the elements are unknown"
        );

        let state = h.apply("x_rules", &null, &plan, &cfg).await;
        assert!(state.diagnostics.is_empty(), "{:?}", state.diagnostics);
        let applied = Value::object([
            ("id", Value::from("rs-1")),
            (
                "rule",
                Value::Tuple(vec![
                    rule(Value::from("a"), Value::from(0)),
                    rule(Value::from(1), Value::from(1)),
                ]),
            ),
            (
                "by_name",
                Value::object([("x", rule(Value::from(true), Value::from(100)))]),
            ),
        ]);
        assert_eq!(state.state, applied);

        // Nothing changed: the prior computed values stay.
        let again = h.plan("x_rules", &state.state, &cfg).await;
        assert!(again.diagnostics.is_empty(), "{:?}", again.diagnostics);
        assert_eq!(again.planned_state, applied);
    });
}
