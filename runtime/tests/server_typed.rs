//! The typed provider layer, driven through its real gRPC handlers by the
//! public test harness: default planning (create, update, no-op, replace,
//! defaults, destroy, write-only, unknown and refined-unknown passthrough),
//! apply checks (a broken refinement, partial state), validation, state
//! upgrades, import, decode failures and Stop.
//!
//! Expected values are written out by hand.

#![cfg(feature = "server")]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use tfschema::diag::{Diagnostics, Severity};
use tfschema::server::testing::Harness;
use tfschema::server::typed::{
    Ctx, PlanView, Provider, Resource, ResourcePlan, StateUpgrade, TypedProvider,
};
use tfschema::{PathStep, Refined, Refinements, TfSchema, TfType, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Config {
    /// A prefix for ids.
    prefix: Option<String>,
}

/// A widget.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(version = 1)]
struct Widget {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    #[tf(computed)]
    revision: Unknown<i64>,
    #[tf(validate(length(min = 1)))]
    name: String,
    #[tf(requires_replace)]
    zone: Option<String>,
    #[tf(optional, computed, default = "small")]
    size: Unknown<Option<String>>,
    /// Must start with "abc-".
    #[tf(validate(regex = "^abc-"))]
    label: Refined<Option<String>>,
    #[tf(write_only, sensitive)]
    secret: Option<String>,
    #[tf(deprecated = "use name instead")]
    title: Option<String>,
    #[tf(conflicts_with = ["title"])]
    caption: Option<String>,
    /// Test switch: create fails half-way.
    fail: Option<bool>,
    /// Test switch: create breaks the planned label refinement.
    tamper_label: Option<bool>,
    /// Test switch: create never finishes.
    hang: Option<bool>,
}

/// The version 0 model: `name` was called `display_name`.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct WidgetV0 {
    id: String,
    display_name: String,
}

#[derive(Debug, Default)]
struct Store {
    next: AtomicU64,
    rows: Mutex<BTreeMap<String, Widget>>,
    /// The secret seen by the last create.
    last_secret: Mutex<Option<String>>,
}

/// Holds the test's store (`STORE`, taken on the test's thread: the
/// provider's calls run on threads of their own).
struct TestProvider(std::sync::Arc<Store>);

impl TestProvider {
    fn new() -> Self {
        TestProvider(STORE.with(Clone::clone))
    }
}

impl Provider for TestProvider {
    type Config = Config;
    type Client = (String, std::sync::Arc<Store>);

    async fn configure(
        &self,
        config: PlanView<Config>,
        _diagnostics: &mut Diagnostics,
    ) -> Result<Self::Client, Diagnostics> {
        let prefix = config
            .prefix
            .known()
            .cloned()
            .flatten()
            .unwrap_or_else(|| "w".into());
        Ok((prefix, self.0.clone()))
    }
}

thread_local! {
    static STORE: std::sync::Arc<Store> = std::sync::Arc::new(Store::default());
}

struct Widgets;

impl Resource for Widgets {
    type Client = (String, std::sync::Arc<Store>);
    type Model = Widget;

    async fn modify_plan(
        &self,
        _ctx: &mut Ctx<Self::Client>,
        plan: &mut ResourcePlan<Widget>,
    ) -> Result<(), Diagnostics> {
        // A name ending in "!" forces replacement (a typed plan hook).
        if let (Some(prior), Unknown::Known(name)) = (&plan.prior, &plan.planned.name) {
            if name.ends_with('!') && prior.name != *name {
                plan.require_replace(vec![PathStep::Attr("name".into())]);
            }
        }
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Ctx<Self::Client>,
        mut planned: Widget,
    ) -> Result<Widget, Diagnostics> {
        let (prefix, store) = ctx.client()?.clone();
        if planned.hang == Some(true) {
            std::future::pending::<()>().await;
        }
        let n = store.next.fetch_add(1, Ordering::SeqCst);
        planned.id = Unknown::Known(format!("{prefix}-{n}"));
        planned.revision = Unknown::Known(1);
        *store.last_secret.lock().unwrap() = planned.secret.clone();
        if planned.tamper_label == Some(true) {
            planned.label = Refined::Known(Some("xyz-1".into()));
        } else if let Refined::Unknown(_) = planned.label {
            planned.label = Refined::Known(Some("abc-resolved".into()));
        }
        if planned.fail == Some(true) {
            ctx.set_partial_state(&planned);
            return Err(Diagnostics::with_error(
                "Half-way failure",
                "the widget exists but is not ready",
            ));
        }
        ctx.warning(
            &[PathStep::Attr("name".into())],
            "Created",
            "a warning alongside success",
        );
        store.rows.lock().unwrap().insert(
            planned.id.known().cloned().unwrap_or_default(),
            planned.clone(),
        );
        Ok(planned)
    }

    async fn read(
        &self,
        ctx: &mut Ctx<Self::Client>,
        current: Widget,
    ) -> Result<Option<Widget>, Diagnostics> {
        let (_, store) = ctx.client()?;
        let id = current.id.known().cloned().unwrap_or_default();
        Ok(store.rows.lock().unwrap().get(&id).cloned())
    }

    async fn update(
        &self,
        _ctx: &mut Ctx<Self::Client>,
        prior: Widget,
        mut planned: Widget,
    ) -> Result<Widget, Diagnostics> {
        planned.revision = Unknown::Known(prior.revision.known().copied().unwrap_or(0) + 1);
        Ok(planned)
    }

    async fn delete(&self, ctx: &mut Ctx<Self::Client>, prior: Widget) -> Result<(), Diagnostics> {
        let (_, store) = ctx.client()?;
        store
            .rows
            .lock()
            .unwrap()
            .remove(prior.id.known().map_or("", String::as_str));
        Ok(())
    }

    async fn read_by_id(
        &self,
        ctx: &mut Ctx<Self::Client>,
        id: &str,
    ) -> Result<Option<Widget>, Diagnostics> {
        let (_, store) = ctx.client()?;
        Ok(store.rows.lock().unwrap().get(id).cloned())
    }

    fn upgrade_state(&self, state: StateUpgrade<'_>) -> Result<Widget, Diagnostics> {
        match state.version {
            0 => {
                let old: WidgetV0 = state.decode()?;
                Ok(Widget {
                    id: Unknown::Known(old.id),
                    revision: Unknown::Known(0),
                    name: old.display_name,
                    zone: None,
                    size: Unknown::Known(Some("small".into())),
                    label: Refined::Known(None),
                    secret: None,
                    title: None,
                    caption: None,
                    fail: None,
                    tamper_label: None,
                    hang: None,
                })
            }
            v => Err(Diagnostics::with_error(
                "Unsupported version",
                format!("{v}"),
            )),
        }
    }
}

fn harness() -> Harness<TypedProvider<TestProvider>> {
    Harness::new(TypedProvider::new(TestProvider::new()).resource("test_widget", Widgets))
}

fn s(v: &str) -> Value {
    Value::from(v)
}

fn null_string() -> Value {
    Value::Null(Type::String)
}

/// A configuration: every attribute null except those given.
fn config(set: &[(&str, Value)]) -> Value {
    let ty = Widget::tf_type();
    let Type::Object(o) = ty else {
        panic!("object")
    };
    let mut attrs: BTreeMap<String, Value> = o
        .attrs()
        .iter()
        .map(|(k, t)| (k.clone(), Value::Null(t.clone())))
        .collect();
    for (k, v) in set {
        attrs.insert((*k).to_string(), v.clone());
    }
    Value::Object(attrs)
}

fn attr<'v>(v: &'v Value, name: &str) -> &'v Value {
    match v {
        Value::Object(a) => &a[name],
        other => panic!("not an object: {other:?}"),
    }
}

fn null_widget() -> Value {
    Value::Null(Widget::tf_type())
}

fn errors(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .filter(|d| d.severity == Severity::Error)
        .map(ToString::to_string)
        .collect()
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn configured() -> Harness<TypedProvider<TestProvider>> {
    let h = harness();
    let d = h.configure(Value::object([("prefix", s("w"))])).await;
    assert!(d.is_empty(), "{d:?}");
    h
}

#[test]
fn create_plans_unknown_computed_defaults_and_nulls_write_only() {
    rt().block_on(async {
        let h = configured().await;
        let cfg = config(&[("name", s("a")), ("secret", s("hunter2"))]);
        let plan = h.plan("test_widget", &null_widget(), &cfg).await;
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        let p = &plan.planned_state;
        assert_eq!(attr(p, "id"), &Value::unknown(Type::String));
        assert_eq!(attr(p, "revision"), &Value::unknown(Type::Number));
        assert_eq!(
            attr(p, "size"),
            &s("small"),
            "default fills an unset optional+computed attribute"
        );
        assert_eq!(
            attr(p, "secret"),
            &null_string(),
            "write-only is null in the plan"
        );
        assert_eq!(attr(p, "name"), &s("a"));
        assert!(
            plan.requires_replace.is_empty(),
            "nothing is replaced on create"
        );

        let state = h.apply("test_widget", &null_widget(), &plan, &cfg).await;
        assert!(!state.diagnostics.has_errors(), "{:?}", state.diagnostics);
        let warnings: Vec<String> = state.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(
            warnings,
            ["warning: Created (at .name): a warning alongside success"]
        );
        assert_eq!(attr(&state.state, "id"), &s("w-0"));
        assert_eq!(
            attr(&state.state, "secret"),
            &null_string(),
            "write-only never reaches the state"
        );
        let store = STORE.with(Clone::clone);
        assert_eq!(
            store.last_secret.lock().unwrap().as_deref(),
            Some("hunter2"),
            "create saw the configured write-only value"
        );
    });
}

async fn created(h: &Harness<TypedProvider<TestProvider>>, cfg: &Value) -> Value {
    let (plan, state) = h.plan_and_apply("test_widget", &null_widget(), cfg).await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    assert!(!state.diagnostics.has_errors(), "{:?}", state.diagnostics);
    state.state
}

#[test]
fn update_no_op_and_replace() {
    rt().block_on(async {
        let h = configured().await;
        let cfg = config(&[("name", s("a")), ("zone", s("z1"))]);
        let prior = created(&h, &cfg).await;

        // No change: the plan is the prior state, computed values kept.
        let plan = h.plan("test_widget", &prior, &cfg).await;
        assert_eq!(plan.planned_state, prior);
        assert!(plan.requires_replace.is_empty());

        // In-place change: use_state_for_unknown keeps the id, the other
        // computed attribute becomes unknown.
        let cfg2 = config(&[("name", s("b")), ("zone", s("z1"))]);
        let plan = h.plan("test_widget", &prior, &cfg2).await;
        assert_eq!(attr(&plan.planned_state, "id"), attr(&prior, "id"));
        assert_eq!(
            attr(&plan.planned_state, "revision"),
            &Value::unknown(Type::Number)
        );
        assert!(plan.requires_replace.is_empty());
        let state = h.apply("test_widget", &prior, &plan, &cfg2).await;
        assert!(state.diagnostics.is_empty(), "{:?}", state.diagnostics);
        assert_eq!(attr(&state.state, "revision"), &Value::from(2));

        // requires_replace: a changed zone.
        let cfg3 = config(&[("name", s("a")), ("zone", s("z2"))]);
        let plan = h.plan("test_widget", &prior, &cfg3).await;
        assert_eq!(
            plan.requires_replace,
            vec![vec![PathStep::Attr("zone".into())]]
        );

        // ... also when the new zone is not known yet.
        let cfg4 = config(&[("name", s("a")), ("zone", Value::unknown(Type::String))]);
        let plan = h.plan("test_widget", &prior, &cfg4).await;
        assert_eq!(
            attr(&plan.planned_state, "zone"),
            &Value::unknown(Type::String)
        );
        assert_eq!(
            plan.requires_replace,
            vec![vec![PathStep::Attr("zone".into())]]
        );

        // The typed plan hook adds its own replacement path.
        let cfg5 = config(&[("name", s("a!")), ("zone", s("z1"))]);
        let plan = h.plan("test_widget", &prior, &cfg5).await;
        assert_eq!(
            plan.requires_replace,
            vec![vec![PathStep::Attr("name".into())]]
        );
    });
}

#[test]
fn destroy_plans_null_and_deletes() {
    rt().block_on(async {
        let h = configured().await;
        let cfg = config(&[("name", s("gone"))]);
        let prior = created(&h, &cfg).await;
        let id = match attr(&prior, "id") {
            Value::String(id) => id.clone(),
            other => panic!("{other:?}"),
        };
        let plan = h.plan("test_widget", &prior, &null_widget()).await;
        assert!(plan.planned_state.is_null());
        let state = h.apply("test_widget", &prior, &plan, &null_widget()).await;
        assert!(state.diagnostics.is_empty(), "{:?}", state.diagnostics);
        assert!(state.state.is_null());
        assert!(!STORE
            .with(Clone::clone)
            .rows
            .lock()
            .unwrap()
            .contains_key(&id));
        // Refresh of a deleted object: null, so Terraform plans a create.
        let read = h.read("test_widget", &prior, Vec::new()).await;
        assert!(read.state.is_null());
    });
}

#[test]
fn unknown_and_refined_unknown_pass_through_and_refinements_are_checked_at_apply() {
    rt().block_on(async {
        let h = configured().await;
        // A plain unknown (Terraform <= 1.5).
        let cfg = config(&[("name", s("a")), ("label", Value::unknown(Type::String))]);
        let plan = h.plan("test_widget", &null_widget(), &cfg).await;
        assert_eq!(attr(&plan.planned_state, "label"), &Value::unknown(Type::String));

        // A refined unknown: "abc-${...}" on Terraform 1.6+. The planned state
        // carries the refinement on the wire (msgpack ext 12).
        let refined = Value::unknown_refined(
            Type::String,
            Refinements {
                not_null: true,
                string_prefix: "abc-".into(),
                ..Refinements::default()
            },
        );
        let cfg = config(&[("name", s("a")), ("label", refined.clone())]);
        let d = h.validate_resource("test_widget", &cfg).await;
        assert!(d.is_empty(), "an unknown label cannot fail its regex: {d:?}");
        let plan = h.plan("test_widget", &null_widget(), &cfg).await;
        assert_eq!(attr(&plan.planned_state, "label"), &refined);
        let bytes = tfschema::msgpack::value_to_vec(&plan.planned_state, &Widget::tf_type()).unwrap();
        let wanted = [0xc7, 0x09, 0x0c, 0x82, 0x01, 0xc2, 0x02, 0xa4, b'a', b'b', b'c', b'-'];
        assert!(bytes.windows(wanted.len()).any(|w| w == wanted), "ext 12 with the prefix on the wire");

        // Keeping the promise: fine.
        let state = h.apply("test_widget", &null_widget(), &plan, &cfg).await;
        assert!(errors(&state.diagnostics).is_empty(), "{:?}", state.diagnostics);
        assert_eq!(attr(&state.state, "label"), &s("abc-resolved"));

        // Breaking it: an error at the attribute.
        let cfg = config(&[("name", s("a")), ("label", refined), ("tamper_label", Value::from(true))]);
        let plan = h.plan("test_widget", &null_widget(), &cfg).await;
        let state = h.apply("test_widget", &null_widget(), &plan, &cfg).await;
        assert_eq!(
            errors(&state.diagnostics),
            [r#"error: Provider broke a planned refinement (at .label): The plan promised that this value would be a string starting with "abc-", but the applied value is not; this is a bug in the provider."#]
        );
    });
}

#[test]
fn apply_failure_returns_the_partial_state_with_the_error() {
    rt().block_on(async {
        let h = configured().await;
        let cfg = config(&[
            ("name", s("p")),
            ("fail", Value::from(true)),
            ("secret", s("x")),
        ]);
        let (_, state) = h.plan_and_apply("test_widget", &null_widget(), &cfg).await;
        assert_eq!(
            errors(&state.diagnostics),
            ["error: Half-way failure: the widget exists but is not ready"]
        );
        assert!(matches!(attr(&state.state, "id"), Value::String(id) if id.starts_with("w-")));
        assert_eq!(
            attr(&state.state, "secret"),
            &null_string(),
            "no write-only value in a partial state either"
        );
    });
}

#[test]
fn validation_runs_derived_rules_with_paths() {
    rt().block_on(async {
        let h = configured().await;
        let cfg = config(&[
            ("name", s("")),
            ("label", s("nope")),
            ("title", s("t")),
            ("caption", s("c")),
        ]);
        let d = h.validate_resource("test_widget", &cfg).await;
        let got: Vec<String> = d
            .iter()
            .map(|d| format!("{:?} {}", d.severity, d.path_string()))
            .collect();
        assert!(got.contains(&"Error .name".to_string()), "{got:?}");
        assert!(got.contains(&"Error .label".to_string()), "{got:?}");
        assert!(
            got.contains(&"Warning .title".to_string()),
            "deprecated attribute set: {got:?}"
        );
        assert!(
            got.iter()
                .any(|g| g.starts_with("Error .caption") || g.starts_with("Error .title")),
            "conflict: {got:?}"
        );
        // Unknowns everywhere: nothing to say.
        let unknown = config(&[("name", Value::unknown(Type::String))]);
        assert!(h
            .validate_resource("test_widget", &unknown)
            .await
            .is_empty());
    });
}

#[test]
fn write_only_needs_a_capable_terraform() {
    rt().block_on(async {
        let h =
            Harness::new(TypedProvider::new(TestProvider::new()).resource("test_widget", Widgets))
                .write_only_allowed(false);
        assert!(h
            .configure(Value::object([("prefix", s("w"))]))
            .await
            .is_empty());
        let cfg = config(&[("name", s("a")), ("secret", s("s"))]);
        let plan = h.plan("test_widget", &null_widget(), &cfg).await;
        let got: Vec<String> = plan
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.summary, d.path_string()))
            .collect();
        assert_eq!(got, ["Write-only attribute not supported .secret"]);
    });
}

#[test]
fn upgrade_from_version_0_and_current_version_ignoring_removed_attributes() {
    rt().block_on(async {
        let h = harness();
        let up = h.upgrade("test_widget", 0, r#"{"id":"w-9","display_name":"old","gone":1}"#).await;
        assert!(up.diagnostics.is_empty(), "{:?}", up.diagnostics);
        assert_eq!(attr(&up.state, "name"), &s("old"));
        assert_eq!(attr(&up.state, "id"), &s("w-9"));

        let current = r#"{"id":"w-1","revision":3,"name":"n","zone":null,"size":"small","label":null,"secret":null,
            "title":null,"caption":null,"fail":null,"tamper_label":null,"hang":null,"removed_later":true}"#;
        let up = h.upgrade("test_widget", 1, current).await;
        assert!(up.diagnostics.is_empty(), "{:?}", up.diagnostics);
        assert_eq!(attr(&up.state, "revision"), &Value::from(3));

        let up = h.upgrade("test_widget", 2, "{}").await;
        assert_eq!(up.diagnostics.iter().next().map(|d| d.summary.as_str()), Some("State from a newer provider"));
    });
}

#[test]
fn import_by_id() {
    rt().block_on(async {
        let h = configured().await;
        let prior = created(&h, &config(&[("name", s("imp"))])).await;
        let Value::String(id) = attr(&prior, "id").clone() else { panic!() };
        let imported = h.import("test_widget", &id).await;
        assert!(imported.diagnostics.is_empty(), "{:?}", imported.diagnostics);
        assert_eq!(attr(&imported.state, "name"), &s("imp"));
        let missing = h.import("test_widget", "nope").await;
        assert_eq!(
            missing.diagnostics.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [r#"error: Cannot import non-existent remote object: No object with id "nope" exists."#]
        );
    });
}

#[test]
fn undecodable_values_become_diagnostics_with_paths() {
    rt().block_on(async {
        use tfschema::server::proto::tfplugin6 as pb;
        use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
        let h = configured().await;
        // A bool where the name string belongs.
        let Type::Object(o) = Widget::tf_type() else {
            panic!()
        };
        let wrong = Type::object(
            o.attrs()
                .iter()
                .map(|(k, t)| (k.clone(), if k == "name" { Type::Bool } else { t.clone() })),
        );
        let value = config(&[("name", Value::from(true))]);
        let request = pb::validate_resource_config::Request {
            type_name: "test_widget".into(),
            config: Some(pb::DynamicValue {
                msgpack: tfschema::msgpack::value_to_vec(&value, &wrong).unwrap(),
                json: Vec::new(),
            }),
            client_capabilities: None,
        };
        let response = h
            .grpc()
            .v6()
            .validate_resource_config(tonic::Request::new(request))
            .await
            .unwrap()
            .into_inner();
        let d = &response.diagnostics[0];
        assert_eq!(d.summary, "Invalid configuration");
        assert!(d.detail.contains("string required"), "{}", d.detail);
        let step = &d.attribute.as_ref().unwrap().steps[0];
        assert_eq!(
            step.selector,
            Some(pb::attribute_path::step::Selector::AttributeName(
                "name".into()
            ))
        );

        // An unknown resource type.
        let d = h
            .validate_resource("test_nope", &Value::Null(Type::Dynamic))
            .await;
        assert_eq!(d.iter().next().unwrap().summary, "Resource Type Not Found");
    });
}

#[test]
fn protocol_5_serves_the_same_provider() {
    rt().block_on(async {
        let h =
            Harness::new(TypedProvider::new(TestProvider::new()).resource("test_widget", Widgets))
                .protocol_5();
        assert!(h
            .configure(Value::object([("prefix", s("v5"))]))
            .await
            .is_empty());
        let (plan, state) = h
            .plan_and_apply("test_widget", &null_widget(), &config(&[("name", s("a"))]))
            .await;
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        assert!(matches!(attr(&state.state, "id"), Value::String(id) if id.starts_with("v5-")));
    });
}

#[test]
fn stop_cancels_calls_in_flight() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let h = std::sync::Arc::new(configured().await);
        let cfg = config(&[("name", s("slow")), ("hang", Value::from(true))]);
        let plan = h.plan("test_widget", &null_widget(), &cfg).await;
        let h2 = h.clone();
        let cfg2 = cfg.clone();
        let apply =
            tokio::spawn(
                async move { h2.apply("test_widget", &null_widget(), &plan, &cfg2).await },
            );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(!apply.is_finished(), "the call hangs until stopped");
        h.stop().await;
        let state = tokio::time::timeout(std::time::Duration::from_secs(5), apply)
            .await
            .expect("stopped in time")
            .unwrap();
        assert_eq!(
            errors(&state.diagnostics)[0].split(':').next(),
            Some("error")
        );
        assert_eq!(
            state.diagnostics.iter().next().unwrap().summary,
            "Operation cancelled"
        );
        // Calls after Stop run normally.
        let plan = h
            .plan(
                "test_widget",
                &null_widget(),
                &config(&[("name", s("after"))]),
            )
            .await;
        assert!(plan.diagnostics.is_empty());
    });
}

#[test]
fn schema_needs_no_protocol_6_and_advertises_plan_destroy() {
    rt().block_on(async {
        use tfschema::server::proto::tfplugin6 as pb;
        use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
        let h = harness();
        assert!(!h.schema().requires_protocol_6());
        let r = h
            .grpc()
            .v6()
            .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
            .await
            .unwrap()
            .into_inner();
        assert!(r.server_capabilities.unwrap().plan_destroy);
        let widget = &r.resource_schemas["test_widget"];
        assert_eq!(widget.version, 1);
        let secret = widget
            .block
            .as_ref()
            .unwrap()
            .attributes
            .iter()
            .find(|a| a.name == "secret")
            .unwrap();
        assert!(secret.write_only && secret.sensitive);
        assert_eq!(secret.r#type, br#""string""#);
    });
}
