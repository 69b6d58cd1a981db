//! The typed layer's planning semantics, as terraform-plugin-framework has
//! them, driven through the public test harness:
//!
//! - the configuration view holds null where the configuration sets
//!   nothing, and unknown only where it holds an unknown (the planned view
//!   keeps its unknowns);
//! - replacement is decided on the final plan, after the resource's hook;
//! - `requires_replace_if` sees the prior, configured and planned values
//!   and the path, and runs only on updates of a changed value; in Go's
//!   shape its diagnostics reach the response at the attribute's path, and
//!   an error stops the plan before the hook;
//! - `use_state_for_unknown` keeps a prior null, and
//!   `use_non_null_state_for_unknown` does not.
//!
//! The resource is modelled on the random provider's `random_password`:
//! `numeric` is optional+computed, `true` unless configured, and a change
//! of it replaces the password. Expected values are written out by hand.

#![cfg(feature = "server")]

use std::sync::{Mutex, PoisonError};

use tfschema::diag::Diagnostics;
use tfschema::diag::Severity;
use tfschema::schema::{ReplaceIfRequest, ReplaceIfResponse};
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, PlanView, Provider, Resource, ResourcePlan, TypedProvider};
use tfschema::{PathStep, TfSchema, TfType, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue)]
struct Config {}

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Password {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    #[tf(requires_replace)]
    length: i64,
    /// Digits in the result; `true` unless configured.
    #[tf(optional, computed, requires_replace)]
    numeric: Unknown<Option<bool>>,
    /// Grows in place; shrinking it replaces the password.
    #[tf(requires_replace_if = shrinking)]
    min_lower: Option<i64>,
    #[tf(computed)]
    result: Unknown<String>,
    /// Changing it replaces the password, with a warning; `"forbidden"`
    /// is an error.
    #[tf(requires_replace_if = special_changed)]
    special: Option<String>,
    /// Null unless the provider fills it: kept as it was, null included.
    #[tf(computed, use_state_for_unknown)]
    note: Unknown<Option<String>>,
    /// Kept only once it is not null.
    #[tf(computed, use_non_null_state_for_unknown)]
    tag: Unknown<Option<String>>,
}

/// Go's `RequiresReplaceIfFunc` shape.
fn special_changed(change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse) {
    response.requires_replace = true;
    response.diagnostics.warning(
        &[],
        "Special characters change",
        "A new password is generated.",
    );
    if change.planned == &Value::from("forbidden") {
        response
            .diagnostics
            .error(&[], "Forbidden", "These characters are not allowed.");
    }
}

/// What the hooks saw, for the tests to check.
#[derive(Debug, Default, Clone, PartialEq)]
struct Seen {
    config_numeric: Option<Unknown<Option<bool>>>,
    planned_numeric: Option<Unknown<Option<bool>>>,
    raw_config_numeric: Option<Value>,
    config_result: Option<Unknown<Option<String>>>,
    replace_if: Vec<(Value, Value, Value, Vec<PathStep>)>,
}

// Hooks run on threads of their own (the server's, not the test's), so
// what they saw is kept for the whole process, and the tests that read it
// take turns (`SERIAL`).
static SEEN: Mutex<Seen> = Mutex::new(Seen {
    config_numeric: None,
    planned_numeric: None,
    raw_config_numeric: None,
    config_result: None,
    replace_if: Vec::new(),
});

/// Held by each test for its whole run.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// What the hooks saw since the last call.
fn seen() -> Seen {
    std::mem::take(&mut *SEEN.lock().unwrap_or_else(PoisonError::into_inner))
}

fn record(f: impl FnOnce(&mut Seen)) {
    f(&mut SEEN.lock().unwrap_or_else(PoisonError::into_inner));
}

/// Shrinking `min_lower` needs a new password.
fn shrinking(change: &ReplaceIfRequest<'_>) -> bool {
    record(|s| {
        s.replace_if.push((
            change.prior.clone(),
            change.config.clone(),
            change.planned.clone(),
            change.path.to_vec(),
        ))
    });
    match (change.prior, change.planned) {
        (Value::Number(prior), Value::Number(planned)) => planned < prior,
        _ => false,
    }
}

struct Random;

impl Provider for Random {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct Passwords;

impl Resource for Passwords {
    type Client = ();
    type Model = Password;

    async fn modify_plan(
        &self,
        _ctx: &mut Ctx<()>,
        plan: &mut ResourcePlan<Password>,
    ) -> Result<(), Diagnostics> {
        record(|s| {
            s.config_numeric = Some(plan.config.numeric.clone());
            s.planned_numeric = Some(plan.planned.numeric.clone());
            s.config_result = Some(plan.config.result.clone());
            if let Ok(Value::Object(attrs)) = plan.raw_config() {
                s.raw_config_numeric = attrs.get("numeric").cloned();
            }
        });
        // Unset means true, as the Go provider's default does.
        if plan.config.numeric == Unknown::Known(None) {
            plan.planned.numeric = Unknown::Known(Some(true));
        }
        Ok(())
    }

    async fn create(
        &self,
        _: &mut Ctx<()>,
        mut planned: Password,
    ) -> Result<Password, Diagnostics> {
        planned.id = Unknown::Known("p1".into());
        planned.result = Unknown::Known("x".repeat(planned.length as usize));
        Ok(planned)
    }

    async fn read(
        &self,
        _: &mut Ctx<()>,
        current: Password,
    ) -> Result<Option<Password>, Diagnostics> {
        Ok(Some(current))
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        _: Password,
        planned: Password,
    ) -> Result<Password, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<()>, _: Password) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn harness() -> Harness<TypedProvider<Random>> {
    Harness::new(TypedProvider::new(Random).resource("random_password", Passwords))
}

fn config(length: i64, numeric: Value, min_lower: Value) -> Value {
    with_special(
        Value::object([
            ("id", Value::Null(Type::String)),
            ("length", Value::from(length)),
            ("numeric", numeric),
            ("min_lower", min_lower),
            ("result", Value::Null(Type::String)),
            ("note", Value::Null(Type::String)),
            ("tag", Value::Null(Type::String)),
        ]),
        Value::Null(Type::String),
    )
}

fn state(length: i64, numeric: bool, min_lower: Value) -> Value {
    with_special(
        Value::object([
            ("id", Value::from("p1")),
            ("length", Value::from(length)),
            ("numeric", Value::from(numeric)),
            ("min_lower", min_lower),
            ("result", Value::from("x".repeat(length as usize))),
            ("note", Value::Null(Type::String)),
            ("tag", Value::Null(Type::String)),
        ]),
        Value::Null(Type::String),
    )
}

/// `value` with `special` set to `special`.
fn with_special(value: Value, special: Value) -> Value {
    match value {
        Value::Object(mut attrs) => {
            attrs.insert("special".into(), special);
            Value::Object(attrs)
        }
        other => other,
    }
}

fn null_number() -> Value {
    Value::Null(Type::Number)
}

fn attr<'v>(value: &'v Value, name: &str) -> &'v Value {
    match value {
        Value::Object(attrs) => &attrs[name],
        other => panic!("not an object: {other:?}"),
    }
}

fn path(name: &str) -> Vec<PathStep> {
    vec![PathStep::Attr(name.into())]
}

#[tokio::test]
async fn the_configuration_view_is_null_where_nothing_is_set() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    seen();
    let cfg = config(12, Value::Null(Type::Bool), null_number());
    let plan = h
        .plan("random_password", &Value::Null(Password::tf_type()), &cfg)
        .await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    let s = seen();
    // Unset: null in the configuration view, for the optional+computed
    // attribute and for the computed-only one alike.
    assert_eq!(s.config_numeric, Some(Unknown::Known(None)));
    assert_eq!(s.config_result, Some(Unknown::Known(None)));
    assert_eq!(s.raw_config_numeric, Some(Value::Null(Type::Bool)));
    // The planned view keeps its unknowns until the hook decides.
    assert_eq!(s.planned_numeric, Some(Unknown::Unknown));
    // Terraform accepts a planned value for a computed attribute the
    // configuration leaves null.
    assert_eq!(attr(&plan.planned_state, "numeric"), &Value::from(true));
    assert!(!attr(&plan.planned_state, "result").is_known());
}

#[tokio::test]
async fn the_configuration_view_is_unknown_only_where_the_configuration_is() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    seen();
    let cfg = config(12, Value::unknown(Type::Bool), null_number());
    let plan = h
        .plan("random_password", &Value::Null(Password::tf_type()), &cfg)
        .await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    let s = seen();
    assert_eq!(s.config_numeric, Some(Unknown::Unknown));
    assert_eq!(s.config_result, Some(Unknown::Known(None)));
    // The hook left it alone: the planned value is the configuration's.
    assert!(!attr(&plan.planned_state, "numeric").is_known());

    let cfg = config(12, Value::from(false), null_number());
    h.plan("random_password", &Value::Null(Password::tf_type()), &cfg)
        .await;
    assert_eq!(seen().config_numeric, Some(Unknown::Known(Some(false))));
}

#[tokio::test]
async fn replacement_is_decided_on_the_final_plan() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    // `numeric = false` before, unset now: the default plan keeps the
    // prior `false` (a computed attribute left unset), the hook plans
    // `true`, and that change replaces the password.
    let prior = state(12, false, null_number());
    let cfg = config(12, Value::Null(Type::Bool), null_number());
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    assert_eq!(attr(&plan.planned_state, "numeric"), &Value::from(true));
    assert_eq!(plan.requires_replace, vec![path("numeric")]);

    // Unset before and after: the hook plans the prior `true`, no change.
    let prior = state(12, true, null_number());
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert_eq!(attr(&plan.planned_state, "numeric"), &Value::from(true));
    assert!(
        plan.requires_replace.is_empty(),
        "{:?}",
        plan.requires_replace
    );

    // A change the default plan has (length) still replaces, with the
    // hook's own change.
    let prior = state(10, false, null_number());
    let plan = h.plan("random_password", &prior, &cfg).await;
    let mut replaced = plan.requires_replace.clone();
    replaced.sort_by_key(|p| format!("{p:?}"));
    assert_eq!(replaced, vec![path("length"), path("numeric")]);
}

#[tokio::test]
async fn requires_replace_if_sees_the_configuration_and_the_path() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    seen();
    let prior = state(12, true, Value::from(4));
    let cfg = config(12, Value::from(true), Value::from(2));
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    assert_eq!(plan.requires_replace, vec![path("min_lower")]);
    let calls = seen().replace_if;
    assert_eq!(
        calls,
        vec![(
            Value::from(4),
            Value::from(2),
            Value::from(2),
            path("min_lower")
        )]
    );

    // Growing: asked, and no replacement.
    let cfg = config(12, Value::from(true), Value::from(6));
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert!(plan.requires_replace.is_empty());
    assert_eq!(seen().replace_if.len(), 1);
}

#[tokio::test]
async fn requires_replace_if_runs_only_on_updates_of_a_changed_value() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    seen();
    // Create: never asked.
    let cfg = config(12, Value::from(true), Value::from(2));
    h.plan("random_password", &Value::Null(Password::tf_type()), &cfg)
        .await;
    assert!(seen().replace_if.is_empty());
    // Update with the same value: not asked.
    let prior = state(12, true, Value::from(2));
    let cfg = config(14, Value::from(true), Value::from(2));
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert_eq!(plan.requires_replace, vec![path("length")]);
    assert!(seen().replace_if.is_empty());
    // Destroy: not asked.
    let plan = h
        .plan("random_password", &prior, &Value::Null(Password::tf_type()))
        .await;
    assert!(plan.planned_state.is_null());
    assert!(seen().replace_if.is_empty());
}

#[tokio::test]
async fn an_unchanged_object_is_planned_with_every_view() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    seen();
    // Terraform's proposal is the prior state itself (`numeric` unset
    // keeps the prior `false`): the hook still sees every view, and the
    // configuration as a `Value`, and its change still replaces.
    let prior = state(12, false, Value::from(4));
    let cfg = config(12, Value::Null(Type::Bool), Value::from(4));
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    let s = seen();
    assert_eq!(s.config_numeric, Some(Unknown::Known(None)));
    assert_eq!(s.planned_numeric, Some(Unknown::Known(Some(false))));
    assert_eq!(s.config_result, Some(Unknown::Known(None)));
    assert_eq!(s.raw_config_numeric, Some(Value::Null(Type::Bool)));
    // `min_lower` did not change: its rule is not asked.
    assert!(s.replace_if.is_empty());
    assert_eq!(attr(&plan.planned_state, "numeric"), &Value::from(true));
    assert_eq!(
        attr(&plan.planned_state, "result"),
        &Value::from("x".repeat(12))
    );
    assert_eq!(plan.requires_replace, vec![path("numeric")]);

    // Configured as stored: the plan is the prior state, nothing replaces.
    let cfg = config(12, Value::from(false), Value::from(4));
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert_eq!(seen().raw_config_numeric, Some(Value::from(false)));
    assert_eq!(plan.planned_state, prior);
    assert!(plan.requires_replace.is_empty());
}

#[tokio::test]
async fn go_shaped_requires_replace_if_reports_at_the_attribute() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    seen();
    let prior = with_special(state(12, true, null_number()), Value::from("!"));
    // `numeric` unset: the default plan has it unknown (an update), the
    // hook plans `true`, so replacement is decided again on its plan.
    let cfg = with_special(
        config(12, Value::Null(Type::Bool), null_number()),
        Value::from("#"),
    );
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert_eq!(plan.requires_replace, vec![path("special")]);
    assert_eq!(attr(&plan.planned_state, "numeric"), &Value::from(true));
    let said: Vec<_> = (plan.diagnostics.iter())
        .map(|d| (d.severity, d.summary.as_str(), d.path_string()))
        .collect();
    // Asked on the default plan and again on the hook's: the final plan's
    // answer is the one reported, once.
    assert_eq!(
        said,
        [(
            Severity::Warning,
            "Special characters change",
            ".special".to_owned()
        )]
    );
    assert!(seen().planned_numeric.is_some(), "the hook ran");

    // An error: the plan stops before the resource's hook, as in Go.
    let cfg = with_special(
        config(12, Value::from(true), null_number()),
        Value::from("forbidden"),
    );
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert!(plan.diagnostics.has_errors());
    let error = plan
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_eq!(
        (error.summary.as_str(), error.path_string()),
        ("Forbidden", ".special".to_owned())
    );
    assert_eq!(seen().planned_numeric, None, "the hook did not run");
}

#[tokio::test]
async fn use_state_for_unknown_keeps_a_prior_null_unlike_the_non_null_flavour() {
    let _serial = SERIAL.lock().await;
    let h = harness();
    // An update (a longer password): computed attributes left out of the
    // configuration are planned unknown unless kept.
    let prior = state(12, true, null_number());
    let cfg = config(14, Value::from(true), null_number());
    let plan = h.plan("random_password", &prior, &cfg).await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    assert_eq!(
        attr(&plan.planned_state, "note"),
        &Value::Null(Type::String)
    );
    assert_eq!(
        attr(&plan.planned_state, "tag"),
        &Value::unknown(Type::String)
    );
    assert_eq!(attr(&plan.planned_state, "id"), &Value::from("p1"));
    assert!(!attr(&plan.planned_state, "result").is_known());
}
