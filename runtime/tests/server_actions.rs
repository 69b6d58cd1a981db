//! Actions through the public test harness, on protocols 6 and 5:
//! validation (derived validators and the hook), planning with unknowns,
//! invocation with progress messages, errors at the `config` attribute, an
//! unknown action type, a configuration that does not decode, and Stop.
//!
//! Expected values are written out by hand.

#![cfg(feature = "server")]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use tfschema::diag::{Diagnostics, Severity};
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Action, Ctx, PlanView, Progress, Provider, TypedProvider};
use tfschema::{PathStep, TfSchema, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue)]
struct Config {}

/// Item stock, by id.
type Stock = Arc<Mutex<BTreeMap<String, i64>>>;

struct Shop(Stock);

impl Provider for Shop {
    type Config = Config;
    type Client = Stock;
    async fn configure(
        &self,
        _: PlanView<Config>,
        _: &mut Diagnostics,
    ) -> Result<Stock, Diagnostics> {
        Ok(self.0.clone())
    }
}

/// Adds units to an item's stock.
#[derive(TfSchema, TfValue)]
struct Restock {
    item_id: String,
    #[tf(validate(range(min = 1)))]
    units: i64,
    /// Test switch: invoke never finishes.
    hang: Option<bool>,
}

struct RestockAction;

fn at(name: &str) -> Vec<PathStep> {
    vec![PathStep::Attr(name.into())]
}

impl Action for RestockAction {
    type Client = Stock;
    type Config = Restock;

    fn validate(&self, config: &PlanView<Restock>) -> Diagnostics {
        let mut d = Diagnostics::new();
        if config.item_id == Unknown::Known(String::new()) {
            d.error(&at("item_id"), "Empty item id", "Name an item.");
        }
        d
    }

    async fn plan(
        &self,
        ctx: &mut Ctx<Stock>,
        config: PlanView<Restock>,
    ) -> Result<(), Diagnostics> {
        if let Unknown::Known(units) = config.units {
            if units > 1000 {
                ctx.warning(&at("units"), "Large restock", "More than 1000 units.");
            }
        }
        Ok(())
    }

    async fn invoke(
        &self,
        ctx: &mut Ctx<Stock>,
        config: Restock,
        progress: &Progress,
    ) -> Result<(), Diagnostics> {
        if config.hang == Some(true) {
            std::future::pending::<()>().await;
        }
        let stock = ctx.client()?.clone();
        progress
            .send(format!("restocking {} by {}", config.item_id, config.units))
            .await;
        let quantity = {
            let mut stock = stock.lock().unwrap();
            let Some(quantity) = stock.get_mut(&config.item_id) else {
                let mut d = Diagnostics::new();
                d.error(
                    &at("item_id"),
                    "No such item",
                    format!("There is no item {:?}.", config.item_id),
                );
                return Err(d);
            };
            *quantity += config.units;
            *quantity
        };
        progress.send(format!("quantity now {quantity}")).await;
        Ok(())
    }
}

fn harness(stock: &Stock) -> Harness<TypedProvider<Shop>> {
    Harness::new(TypedProvider::new(Shop(stock.clone())).action("shop_restock", RestockAction))
}

fn restock(item_id: &str, units: i64) -> Value {
    Value::object([
        ("item_id", Value::from(item_id)),
        ("units", Value::from(units)),
        ("hang", Value::Null(Type::Bool)),
    ])
}

fn stock() -> Stock {
    Arc::new(Mutex::new(BTreeMap::from([("itm-1".to_string(), 6)])))
}

#[tokio::test]
async fn invoke_reports_progress_and_changes_the_stock() {
    for protocol5 in [false, true] {
        let stock = stock();
        let mut h = harness(&stock);
        if protocol5 {
            h = h.protocol_5();
        }
        assert!(h
            .configure(Value::object(Vec::<(String, Value)>::new()))
            .await
            .is_empty());
        let result = h.invoke_action("shop_restock", &restock("itm-1", 5)).await;
        assert!(result.diagnostics.is_empty(), "{:?}", result.diagnostics);
        assert_eq!(
            result.progress,
            ["restocking itm-1 by 5", "quantity now 11"]
        );
        assert_eq!(stock.lock().unwrap()["itm-1"], 11);
    }
}

#[tokio::test]
async fn a_missing_item_is_an_error_at_the_config_attribute() {
    let stock = stock();
    let h = harness(&stock);
    h.configure(Value::object(Vec::<(String, Value)>::new()))
        .await;
    let result = h
        .invoke_action("shop_restock", &restock("itm-404", 5))
        .await;
    assert_eq!(result.progress, ["restocking itm-404 by 5"]);
    let errors: Vec<_> = result.diagnostics.iter().collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].severity, Severity::Error);
    assert_eq!(errors[0].summary, "No such item");
    assert_eq!(errors[0].path, at("item_id"));
    assert_eq!(stock.lock().unwrap()["itm-1"], 6);
}

#[tokio::test]
async fn validation_runs_the_derived_validators_and_the_hook() {
    let h = harness(&stock());
    assert!(h
        .validate_action("shop_restock", &restock("itm-1", 5))
        .await
        .is_empty());
    let d = h
        .validate_action("shop_restock", &restock("itm-1", 0))
        .await;
    assert!(d.has_errors());
    assert_eq!(d.iter().next().map(|d| d.path.clone()), Some(at("units")));
    let d = h.validate_action("shop_restock", &restock("", 5)).await;
    assert_eq!(
        d.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>(),
        ["Empty item id"]
    );
    // Unknowns are fine while validating and planning.
    let unknown = Value::object([
        ("item_id", Value::unknown(Type::String)),
        ("units", Value::unknown(Type::Number)),
        ("hang", Value::Null(Type::Bool)),
    ]);
    assert!(h.validate_action("shop_restock", &unknown).await.is_empty());
    assert!(h.plan_action("shop_restock", &unknown).await.is_empty());
    let d = h.plan_action("shop_restock", &restock("itm-1", 5000)).await;
    assert_eq!(
        d.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>(),
        ["Large restock"]
    );
    assert!(!d.has_errors());
}

#[tokio::test]
async fn unknown_types_and_bad_configurations_are_errors() {
    let h = harness(&stock());
    h.configure(Value::object(Vec::<(String, Value)>::new()))
        .await;
    let result = h.invoke_action("shop_nothing", &restock("itm-1", 1)).await;
    assert!(result.progress.is_empty());
    assert!(
        result
            .diagnostics
            .iter()
            .any(|d| d.summary == "Action Type Not Found"),
        "{:?}",
        result.diagnostics
    );
    assert!(h
        .plan_action("shop_nothing", &restock("itm-1", 1))
        .await
        .has_errors());
    assert!(h
        .validate_action("shop_nothing", &restock("itm-1", 1))
        .await
        .has_errors());
    // A configuration the model cannot hold: an unknown at invoke.
    let unknown = Value::object([
        ("item_id", Value::unknown(Type::String)),
        ("units", Value::from(1)),
        ("hang", Value::Null(Type::Bool)),
    ]);
    let result = h.invoke_action("shop_restock", &unknown).await;
    let d: Vec<_> = result.diagnostics.iter().collect();
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].path, at("item_id"));
    assert!(result.progress.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_cancels_an_invocation() {
    let stock = stock();
    let h = Arc::new(harness(&stock));
    h.configure(Value::object(Vec::<(String, Value)>::new()))
        .await;
    let mut hanging = restock("itm-1", 1);
    if let Value::Object(attrs) = &mut hanging {
        attrs.insert("hang".into(), Value::from(true));
    }
    let call = {
        let h = h.clone();
        tokio::spawn(async move { h.invoke_action("shop_restock", &hanging).await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    h.stop().await;
    let result = tokio::time::timeout(std::time::Duration::from_secs(5), call)
        .await
        .expect("the invocation ends after Stop")
        .expect("task");
    assert!(
        result
            .diagnostics
            .iter()
            .any(|d| d.summary == "Operation cancelled"),
        "{:?}",
        result.diagnostics
    );
}
