//! Deferred actions, driven through the real gRPC handlers (protocols 6
//! and 5) by the public test harness: automatic deferral while the provider
//! configuration holds unknowns (`TypedProvider::defer_when_config_unknown`)
//! on plan, read, import and data source read, and its end once the
//! configuration is known; explicit deferral (`Ctx::defer`) from a plan
//! hook, a read, an import and a data source; the error when Terraform did
//! not allow deferrals (as release builds of Terraform never do) or the
//! call cannot be deferred; and the server's rule for raw providers: no
//! `deferred` unless allowed, never from OpenEphemeralResource or
//! PlanAction.
//!
//! Expected values are written out by hand.

#![cfg(feature = "server")]

use std::sync::{Arc, Mutex};

use tfschema::diag::{Diagnostics, Severity};
use tfschema::schema::{Attribute, Block, Schema};
use tfschema::server::raw::{self, Deferred, ProviderSchema, RawProvider, StopSignal};
use tfschema::server::testing::Harness;
use tfschema::server::typed::{
    Ctx, DataSource, PlanView, Provider, Resource, ResourcePlan, TypedProvider,
};
use tfschema::{TfSchema, TfValue, Type, Unknown, Value};

/// The calls the provider, its resource and its data source saw, in order.
type Log = Arc<Mutex<Vec<String>>>;

fn log(log: &Log, line: impl Into<String>) {
    log.lock().expect("log").push(line.into());
}

fn lines(log: &Log) -> Vec<String> {
    log.lock().expect("log").clone()
}

#[derive(TfSchema, TfValue, Debug)]
struct Config {
    endpoint: String,
}

struct Api(Log);

impl Provider for Api {
    type Config = Config;
    type Client = String;

    async fn configure(
        &self,
        config: PlanView<Config>,
        _: &mut Diagnostics,
    ) -> Result<String, Diagnostics> {
        log(&self.0, "configure");
        match config.endpoint {
            Unknown::Known(endpoint) => Ok(endpoint),
            Unknown::Unknown => Err(Diagnostics::with_error(
                "Unknown endpoint",
                "endpoint must be known.",
            )),
        }
    }
}

/// A thing; `mode` makes the resource defer (or try to) in one call.
#[derive(TfSchema, TfValue, Debug)]
struct Thing {
    name: String,
    mode: Option<String>,
    #[tf(computed)]
    id: Unknown<String>,
}

struct Things(Log);

impl Resource for Things {
    type Client = String;
    type Model = Thing;

    async fn modify_plan(
        &self,
        ctx: &mut Ctx<String>,
        plan: &mut ResourcePlan<Thing>,
    ) -> Result<(), Diagnostics> {
        log(&self.0, "modify_plan");
        if plan.config.mode.known() == Some(&Some("defer-plan".to_owned())) {
            plan.planned.id = Unknown::Known(Some("hooked".into()));
            ctx.defer(Deferred::ResourceConfigUnknown);
        }
        Ok(())
    }

    async fn create(
        &self,
        ctx: &mut Ctx<String>,
        mut planned: Thing,
    ) -> Result<Thing, Diagnostics> {
        log(&self.0, "create");
        if planned.mode.as_deref() == Some("defer-create") {
            ctx.defer(Deferred::AbsentPrerequisite);
        }
        planned.id = Unknown::Known(format!("{}/{}", ctx.client()?, planned.name));
        Ok(planned)
    }

    async fn read(
        &self,
        ctx: &mut Ctx<String>,
        mut current: Thing,
    ) -> Result<Option<Thing>, Diagnostics> {
        log(&self.0, "read");
        if current.mode.as_deref() == Some("defer-read") {
            ctx.defer(Deferred::AbsentPrerequisite);
            // Not what Terraform gets: a deferred read keeps the state.
            current.name = "changed".into();
        }
        Ok(Some(current))
    }

    async fn update(
        &self,
        _: &mut Ctx<String>,
        _: Thing,
        planned: Thing,
    ) -> Result<Thing, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<String>, _: Thing) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn import(&self, ctx: &mut Ctx<String>, id: &str) -> Result<Thing, Diagnostics> {
        log(&self.0, "import");
        if id == "later" {
            ctx.defer(Deferred::AbsentPrerequisite);
            return Err(Diagnostics::new());
        }
        Ok(Thing {
            name: id.into(),
            mode: None,
            id: Unknown::Known(format!("{}/{id}", ctx.client()?)),
        })
    }
}

/// A lookup by key; the key `later` makes it defer.
#[derive(TfSchema, TfValue, Debug)]
struct Lookup {
    key: String,
    #[tf(computed)]
    value: Unknown<String>,
}

struct Lookups(Log);

impl DataSource for Lookups {
    type Client = String;
    type Model = Lookup;

    async fn read(&self, ctx: &mut Ctx<String>, mut config: Lookup) -> Result<Lookup, Diagnostics> {
        log(&self.0, "read_data_source");
        if config.key == "later" {
            ctx.defer(Deferred::AbsentPrerequisite);
        }
        config.value = Unknown::Known(format!("{}:{}", ctx.client()?, config.key));
        Ok(config)
    }
}

fn typed(log: &Log) -> TypedProvider<Api> {
    TypedProvider::new(Api(log.clone()))
        .resource("x_thing", Things(log.clone()))
        .data_source("x_lookup", Lookups(log.clone()))
}

/// A harness on `protocol` over the typed provider.
fn harness(
    protocol: u32,
    provider: TypedProvider<Api>,
    allow_deferral: bool,
) -> Harness<TypedProvider<Api>> {
    let h = Harness::new(provider).allow_deferral(allow_deferral);
    if protocol == 5 {
        h.protocol_5()
    } else {
        h
    }
}

fn provider_config(endpoint: Value) -> Value {
    Value::object([("endpoint", endpoint)])
}

fn unknown_endpoint() -> Value {
    provider_config(Value::unknown(Type::String))
}

fn known_endpoint() -> Value {
    provider_config(Value::from("api"))
}

fn thing(name: &str, mode: Option<&str>, id: Value) -> Value {
    Value::object([
        ("name", Value::from(name)),
        ("mode", mode.map_or(Value::Null(Type::String), Value::from)),
        ("id", id),
    ])
}

fn lookup(key: &str, value: Value) -> Value {
    Value::object([("key", Value::from(key)), ("value", value)])
}

fn summaries(d: &Diagnostics) -> Vec<(Severity, String)> {
    d.iter().map(|d| (d.severity, d.summary.clone())).collect()
}

fn error(summary: &str) -> Vec<(Severity, String)> {
    vec![(Severity::Error, summary.to_owned())]
}

/// A harness, deferrals allowed, whose provider configuration was
/// deferred: `configure` never ran.
async fn deferred_provider(protocol: u32, log: &Log) -> Harness<TypedProvider<Api>> {
    let h = harness(protocol, typed(log).defer_when_config_unknown(), true);
    let d = h.configure(unknown_endpoint()).await;
    assert!(d.is_empty(), "{d:?}");
    h
}

#[tokio::test]
async fn auto_deferral_plans_the_default_plan_without_the_hook() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = deferred_provider(protocol, &log).await;
        let nothing = Value::Null(h.resource_type("x_thing"));
        let config = thing("a", None, Value::Null(Type::String));
        let plan = h.plan("x_thing", &nothing, &config).await;
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        assert_eq!(plan.deferred, Some(Deferred::ProviderConfigUnknown));
        // The default plan: the computed id unknown (known after apply).
        assert_eq!(
            plan.planned_state,
            thing("a", None, Value::unknown(Type::String))
        );
        assert!(
            lines(&log).is_empty(),
            "protocol {protocol}: {:?}",
            lines(&log)
        );
    }
}

#[tokio::test]
async fn auto_deferral_reads_keep_the_state() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = deferred_provider(protocol, &log).await;
        let state = thing("a", Some("defer-read"), Value::from("api/a"));
        let read = h.read("x_thing", &state, b"kept".to_vec()).await;
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        assert_eq!(read.deferred, Some(Deferred::ProviderConfigUnknown));
        assert_eq!(read.state, state);
        assert_eq!(read.private, b"kept");
        assert!(
            lines(&log).is_empty(),
            "protocol {protocol}: {:?}",
            lines(&log)
        );
    }
}

#[tokio::test]
async fn auto_deferral_imports_an_unknown_object() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = deferred_provider(protocol, &log).await;
        let imported = h.import("x_thing", "a").await;
        assert!(
            imported.diagnostics.is_empty(),
            "{:?}",
            imported.diagnostics
        );
        assert_eq!(imported.deferred, Some(Deferred::ProviderConfigUnknown));
        assert_eq!(imported.state, Value::unknown(h.resource_type("x_thing")));
        assert!(
            lines(&log).is_empty(),
            "protocol {protocol}: {:?}",
            lines(&log)
        );
    }
}

#[tokio::test]
async fn auto_deferral_reads_data_sources_as_unknown() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = deferred_provider(protocol, &log).await;
        let config = lookup("k", Value::Null(Type::String));
        let read = h.read_data_source("x_lookup", &config).await;
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        assert_eq!(read.deferred, Some(Deferred::ProviderConfigUnknown));
        assert_eq!(read.state, lookup("k", Value::unknown(Type::String)));
        assert!(
            lines(&log).is_empty(),
            "protocol {protocol}: {:?}",
            lines(&log)
        );
    }
}

/// Configured again with a known configuration, the provider is itself:
/// nothing deferred, every call reaches the resource.
#[tokio::test]
async fn a_known_configuration_ends_the_deferral() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = deferred_provider(protocol, &log).await;
        let nothing = Value::Null(h.resource_type("x_thing"));
        let config = thing("a", None, Value::Null(Type::String));
        assert!(h
            .plan("x_thing", &nothing, &config)
            .await
            .deferred
            .is_some());

        assert!(h.configure(known_endpoint()).await.is_empty());
        let (plan, created) = h.plan_and_apply("x_thing", &nothing, &config).await;
        assert_eq!(plan.deferred, None);
        assert!(created.diagnostics.is_empty(), "{:?}", created.diagnostics);
        assert_eq!(created.state, thing("a", None, Value::from("api/a")));
        let read = h.read("x_thing", &created.state, Vec::new()).await;
        assert_eq!((read.deferred, &read.state), (None, &created.state));
        let imported = h.import("x_thing", "b").await;
        assert_eq!(imported.deferred, None);
        assert_eq!(imported.state, thing("b", None, Value::from("api/b")));
        let config = lookup("k", Value::Null(Type::String));
        let data = h.read_data_source("x_lookup", &config).await;
        assert_eq!(data.deferred, None);
        assert_eq!(data.state, lookup("k", Value::from("api:k")));
        assert_eq!(
            lines(&log),
            [
                "configure",
                "modify_plan",
                "create",
                "read",
                "import",
                "read_data_source"
            ],
            "protocol {protocol}"
        );
    }
}

/// Automatic deferral needs both the opt-in and Terraform's leave: without
/// either, `configure` sees the unknown as before (and here refuses it).
#[tokio::test]
async fn auto_deferral_needs_the_opt_in_and_terraforms_leave() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = harness(protocol, typed(&log).defer_when_config_unknown(), true);
        assert!(h.configure(unknown_endpoint()).await.is_empty());
        assert!(lines(&log).is_empty());

        let without_opt_in = harness(protocol, typed(&log), true);
        let d = without_opt_in.configure(unknown_endpoint()).await;
        assert_eq!(summaries(&d), error("Unknown endpoint"));
        assert_eq!(lines(&log), ["configure"]);

        let not_allowed = harness(protocol, typed(&log).defer_when_config_unknown(), false);
        let d = not_allowed.configure(unknown_endpoint()).await;
        assert_eq!(summaries(&d), error("Unknown endpoint"));
        let nothing = Value::Null(not_allowed.resource_type("x_thing"));
        let config = thing("a", None, Value::Null(Type::String));
        let plan = not_allowed.plan("x_thing", &nothing, &config).await;
        assert_eq!(plan.deferred, None);
        assert_eq!(lines(&log), ["configure", "configure", "modify_plan"]);
    }
}

#[tokio::test]
async fn a_plan_hook_defers_with_its_plan() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = harness(protocol, typed(&log), true);
        assert!(h.configure(known_endpoint()).await.is_empty());
        let nothing = Value::Null(h.resource_type("x_thing"));
        let config = thing("a", Some("defer-plan"), Value::Null(Type::String));
        let plan = h.plan("x_thing", &nothing, &config).await;
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        assert_eq!(plan.deferred, Some(Deferred::ResourceConfigUnknown));
        assert_eq!(
            plan.planned_state,
            thing("a", Some("defer-plan"), Value::from("hooked"))
        );
        // A hook that does not defer: no deferral.
        let config = thing("a", None, Value::Null(Type::String));
        assert_eq!(h.plan("x_thing", &nothing, &config).await.deferred, None);
    }
}

#[tokio::test]
async fn a_read_defers_and_keeps_the_state() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = harness(protocol, typed(&log), true);
        assert!(h.configure(known_endpoint()).await.is_empty());
        let state = thing("a", Some("defer-read"), Value::from("api/a"));
        let read = h.read("x_thing", &state, Vec::new()).await;
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        assert_eq!(read.deferred, Some(Deferred::AbsentPrerequisite));
        assert_eq!(read.state, state);
        assert_eq!(lines(&log), ["configure", "read"]);
    }
}

#[tokio::test]
async fn an_import_and_a_data_source_defer_with_unknowns() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = harness(protocol, typed(&log), true);
        assert!(h.configure(known_endpoint()).await.is_empty());
        let imported = h.import("x_thing", "later").await;
        assert!(
            imported.diagnostics.is_empty(),
            "{:?}",
            imported.diagnostics
        );
        assert_eq!(imported.deferred, Some(Deferred::AbsentPrerequisite));
        assert_eq!(imported.state, Value::unknown(h.resource_type("x_thing")));

        let data = h
            .read_data_source("x_lookup", &lookup("later", Value::Null(Type::String)))
            .await;
        assert!(data.diagnostics.is_empty(), "{:?}", data.diagnostics);
        assert_eq!(data.deferred, Some(Deferred::AbsentPrerequisite));
        assert_eq!(data.state, lookup("later", Value::unknown(Type::String)));
    }
}

/// Release Terraform never allows deferrals: a resource that defers anyway
/// gets an error, and nothing deferred reaches Terraform.
#[tokio::test]
async fn deferring_when_not_allowed_is_an_error() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = harness(protocol, typed(&log), false);
        assert!(h.configure(known_endpoint()).await.is_empty());
        let not_allowed = error("Deferral not allowed");

        let nothing = Value::Null(h.resource_type("x_thing"));
        let config = thing("a", Some("defer-plan"), Value::Null(Type::String));
        let plan = h.plan("x_thing", &nothing, &config).await;
        assert_eq!(
            (plan.deferred, summaries(&plan.diagnostics)),
            (None, not_allowed.clone())
        );
        let detail = &plan.diagnostics.iter().next().expect("error").detail;
        assert!(detail.contains("did not allow"), "{detail}");

        let state = thing("a", Some("defer-read"), Value::from("api/a"));
        let read = h.read("x_thing", &state, Vec::new()).await;
        assert_eq!(
            (read.deferred, summaries(&read.diagnostics)),
            (None, not_allowed.clone())
        );

        let imported = h.import("x_thing", "later").await;
        assert_eq!(imported.deferred, None);
        assert_eq!(summaries(&imported.diagnostics), not_allowed);

        let data = h
            .read_data_source("x_lookup", &lookup("later", Value::Null(Type::String)))
            .await;
        assert_eq!(
            (data.deferred, summaries(&data.diagnostics)),
            (None, not_allowed)
        );
    }
}

/// Apply cannot be deferred, allowed or not.
#[tokio::test]
async fn deferring_an_apply_is_an_error() {
    for protocol in [6, 5] {
        let log = Log::default();
        let h = harness(protocol, typed(&log), true);
        assert!(h.configure(known_endpoint()).await.is_empty());
        let nothing = Value::Null(h.resource_type("x_thing"));
        let config = thing("a", Some("defer-create"), Value::Null(Type::String));
        let (plan, created) = h.plan_and_apply("x_thing", &nothing, &config).await;
        assert_eq!(plan.deferred, None);
        assert_eq!(
            summaries(&created.diagnostics),
            error("Deferral not supported")
        );
    }
}

/// A raw provider that defers everything it answers.
struct AlwaysDefers;

fn one_attribute() -> Schema {
    let mut name = Attribute::new("name", Type::String);
    name.optional = true;
    Schema {
        version: 0,
        block: Block {
            attributes: vec![name],
            ..Block::default()
        },
    }
}

impl RawProvider for AlwaysDefers {
    fn schema(&self) -> ProviderSchema {
        let mut schema = ProviderSchema::default();
        schema.resources.insert("x_raw".into(), one_attribute());
        schema
            .ephemeral_resources
            .insert("x_raw".into(), one_attribute());
        schema.actions.insert("x_raw".into(), one_attribute());
        schema
    }

    async fn read_resource(
        &self,
        request: raw::ReadResourceRequest,
        _: StopSignal,
    ) -> raw::ReadResourceResponse {
        raw::ReadResourceResponse {
            new_state: Some(request.current_state),
            deferred: Some(Deferred::AbsentPrerequisite),
            ..Default::default()
        }
    }

    async fn open_ephemeral_resource(
        &self,
        request: raw::OpenEphemeralResourceRequest,
        _: StopSignal,
    ) -> raw::OpenEphemeralResourceResponse {
        raw::OpenEphemeralResourceResponse {
            result: Some(request.config),
            deferred: Some(Deferred::ProviderConfigUnknown),
            ..Default::default()
        }
    }

    async fn plan_action(
        &self,
        _: raw::PlanActionRequest,
        _: StopSignal,
    ) -> raw::PlanActionResponse {
        raw::PlanActionResponse {
            deferred: Some(Deferred::ProviderConfigUnknown),
            ..Default::default()
        }
    }
}

/// The server's rule holds for raw providers too: `deferred` only when the
/// request allowed it, never from OpenEphemeralResource or PlanAction.
#[tokio::test]
async fn the_server_sends_deferred_only_when_allowed() {
    for protocol in [6, 5] {
        for allowed in [true, false] {
            let h = Harness::new(AlwaysDefers).allow_deferral(allowed);
            let h = if protocol == 5 { h.protocol_5() } else { h };
            let state = Value::object([("name", Value::from("a"))]);
            let read = h.read("x_raw", &state, Vec::new()).await;
            if allowed {
                assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
                assert_eq!(read.deferred, Some(Deferred::AbsentPrerequisite));
            } else {
                assert_eq!(read.deferred, None);
                assert_eq!(summaries(&read.diagnostics), error("Deferral not allowed"));
            }

            let opened = h.open_ephemeral("x_raw", &state).await;
            assert!(!opened.deferred);
            assert_eq!(
                summaries(&opened.diagnostics),
                error("Deferral not supported")
            );
            let planned = h.plan_action("x_raw", &state).await;
            assert_eq!(summaries(&planned), error("Deferral not supported"));
        }
    }
}
