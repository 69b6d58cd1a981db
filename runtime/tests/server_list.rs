//! List resources and generated configuration through the public test
//! harness, on protocols 6 and 5: the schemas and the capability served,
//! validation (derived validators and the hook), results with and without
//! the objects' states, `limit` (smaller than the results, and 0), Stop in
//! the middle of a list, per-result warnings and errors, the
//! registrations Terraform cannot use, a raw provider's result without
//! identity, and the configuration generated from a state (read-only and
//! deprecated attributes left out, the hook, no changes when planned).
//!
//! Expected values are written out by hand.

#![cfg(feature = "server")]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tfschema::diag::{Diagnostics, Severity};
use tfschema::server::raw::{self, ListResourceEvent, ListSink, ProviderSchema, RawProvider};
use tfschema::server::testing::{Harness, ListOptions};
use tfschema::server::typed::{
    Ctx, ListItem, ListResource, ListResults, PlanView, Provider, Resource, ResourceIdentity,
    TypedProvider,
};
use tfschema::{PathStep, TfSchema, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue)]
struct Config {}

/// The remote side: the things, and how often the list was called and
/// sent a result.
#[derive(Default)]
struct Backend {
    things: Mutex<Vec<Thing>>,
    lists: AtomicUsize,
    sends: AtomicUsize,
    hanging: tokio::sync::Notify,
}

type Client = Arc<Backend>;

struct Shop(Client);

impl Provider for Shop {
    type Config = Config;
    type Client = Client;
    async fn configure(
        &self,
        _: PlanView<Config>,
        _: &mut Diagnostics,
    ) -> Result<Client, Diagnostics> {
        Ok(self.0.clone())
    }
}

#[derive(TfSchema, TfValue, Clone, Debug, PartialEq)]
struct Thing {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    name: String,
    /// "active" unless set.
    #[tf(optional, computed, default = "active")]
    status: Unknown<Option<String>>,
    #[tf(computed, use_state_for_unknown)]
    created_at: Unknown<String>,
    #[tf(deprecated = "use `name`")]
    title: Option<String>,
    /// Set by the backend when left out; left out of generated
    /// configuration by the hook when "auto".
    #[tf(optional, computed)]
    note: Unknown<Option<String>>,
    #[tf(write_only)]
    secret: Option<String>,
}

#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct ThingIdentity {
    id: String,
}

struct Things;

impl Resource for Things {
    type Client = Client;
    type Model = Thing;
    async fn create(&self, _: &mut Ctx<Client>, t: Thing) -> Result<Thing, Diagnostics> {
        Ok(t)
    }
    async fn read(&self, _: &mut Ctx<Client>, t: Thing) -> Result<Option<Thing>, Diagnostics> {
        Ok(Some(t))
    }
    async fn update(&self, _: &mut Ctx<Client>, _: Thing, t: Thing) -> Result<Thing, Diagnostics> {
        Ok(t)
    }
    async fn delete(&self, _: &mut Ctx<Client>, _: Thing) -> Result<(), Diagnostics> {
        Ok(())
    }
    fn generate_config(&self, state: &Thing, config: &mut ThingPlan) -> Result<(), Diagnostics> {
        if state.note == Unknown::Known(Some("auto".into())) {
            config.note = Unknown::Known(None);
        }
        // A provider bug, for the test: a configuration must be known.
        if state.note == Unknown::Known(Some("unknown".into())) {
            config.note = Unknown::Unknown;
        }
        if state.name.is_empty() {
            return Err(Diagnostics::with_error("Nameless thing", "Name it first."));
        }
        Ok(())
    }
}

impl ResourceIdentity for Things {
    type Identity = ThingIdentity;
    fn identity(&self, t: &Thing) -> Option<ThingIdentity> {
        Some(ThingIdentity {
            id: t.id.known()?.clone(),
        })
    }
}

/// The `config` block of `shop_thing` lists.
#[derive(TfSchema, TfValue)]
struct ThingFilter {
    #[tf(validate(one_of("active", "retired")))]
    status: Option<String>,
    name_prefix: Option<String>,
    /// Test switch: after this many results, wait forever.
    hang_after: Option<i64>,
    /// Test switch: go on sending whatever `send` says.
    ignore_limit: Option<bool>,
    /// Test switch: send no state, even when asked.
    without_state: Option<bool>,
}

struct ThingList;

impl ListResource for ThingList {
    type Resource = Things;
    type Config = ThingFilter;

    fn validate(&self, config: &ThingFilterPlan) -> Diagnostics {
        let mut d = Diagnostics::new();
        if config.name_prefix == Unknown::Known(Some(String::new())) {
            d.error(
                &at("name_prefix"),
                "Empty prefix",
                "Leave name_prefix out instead.",
            );
        }
        d
    }

    async fn list(
        &self,
        ctx: &mut Ctx<Client>,
        config: ThingFilter,
        results: &mut ListResults<Things>,
    ) -> Result<(), Diagnostics> {
        let backend = ctx.client()?.clone();
        backend.lists.fetch_add(1, Ordering::SeqCst);
        let things = backend.things.lock().unwrap().clone();
        let prefix = config.name_prefix.unwrap_or_default();
        let matching = things.into_iter().filter(|t| {
            t.name.starts_with(&prefix)
                && config
                    .status
                    .as_ref()
                    .is_none_or(|s| t.status == Unknown::Known(Some(s.clone())))
        });
        for (i, thing) in matching.enumerate() {
            if config.hang_after == Some(i as i64) {
                backend.hanging.notify_one();
                std::future::pending::<()>().await;
            }
            let id = thing.id.known().cloned().unwrap_or_default();
            let mut item = ListItem::new(ThingIdentity { id }, format!("thing {}", thing.name));
            match thing.note.known().cloned().flatten().as_deref() {
                Some("warn") => item.diagnostics.warning(&[], "Odd thing", "It warns."),
                Some("broken") => item
                    .diagnostics
                    .error(&[], "Broken thing", "It cannot be read."),
                _ => {}
            }
            let item = match config.without_state {
                Some(true) => item,
                _ => item.with_resource(thing),
            };
            backend.sends.fetch_add(1, Ordering::SeqCst);
            if !results.send(item).await && config.ignore_limit != Some(true) {
                break;
            }
        }
        if prefix == "warn-end" {
            ctx.warning(&[], "Listed with a warning", "At the end.");
        }
        Ok(())
    }
}

fn at(name: &str) -> Vec<PathStep> {
    vec![PathStep::Attr(name.into())]
}

fn thing(id: &str, name: &str, status: &str, note: Option<&str>) -> Thing {
    Thing {
        id: Unknown::Known(id.into()),
        name: name.into(),
        status: Unknown::Known(Some(status.into())),
        created_at: Unknown::Known("2026-01-01T00:00:00Z".into()),
        title: None,
        note: Unknown::Known(note.map(str::to_owned)),
        secret: Some("never listed".into()),
    }
}

fn backend() -> Client {
    let backend = Backend::default();
    *backend.things.lock().unwrap() = vec![
        thing("t-1", "bolt", "active", None),
        thing("t-2", "nut", "retired", None),
        thing("t-3", "bracket", "active", Some("auto")),
        thing("t-4", "beam", "active", None),
        thing("t-5", "bar", "active", None),
    ];
    Arc::new(backend)
}

fn provider(backend: &Client) -> TypedProvider<Shop> {
    TypedProvider::new(Shop(backend.clone()))
        .list_resource("shop_thing", ThingList)
        .resource_with_identity("shop_thing", Things)
}

/// Harnesses on protocols 6 and 5, configured.
async fn harnesses(backend: &Client) -> [Harness<TypedProvider<Shop>>; 2] {
    let hs = [
        Harness::new(provider(backend)),
        Harness::new(provider(backend)).protocol_5(),
    ];
    for h in &hs {
        let d = h
            .configure(Value::object(Vec::<(String, Value)>::new()))
            .await;
        assert!(d.is_empty(), "{d:?}");
    }
    hs
}

fn filter(status: Option<&str>, prefix: Option<&str>) -> Value {
    let text = |s: Option<&str>| s.map_or(Value::Null(Type::String), Value::from);
    Value::object([
        ("status", text(status)),
        ("name_prefix", text(prefix)),
        ("hang_after", Value::Null(Type::Number)),
        ("ignore_limit", Value::Null(Type::Bool)),
        ("without_state", Value::Null(Type::Bool)),
    ])
}

fn with(mut config: Value, name: &str, value: Value) -> Value {
    if let Value::Object(attrs) = &mut config {
        attrs.insert(name.into(), value);
    }
    config
}

fn identity(id: &str) -> Value {
    Value::object([("id", Value::from(id))])
}

fn summaries(d: &Diagnostics) -> Vec<&str> {
    d.iter().map(|d| d.summary.as_str()).collect()
}

/// What `GetProviderSchema` answers, as Terraform reads it.
async fn provider_schema<P: RawProvider>(h: &Harness<P>) -> (Vec<String>, bool, Diagnostics) {
    use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
    use tfschema::server::proto::tfplugin6::{get_provider_schema, Diagnostic};
    let response = h
        .grpc()
        .v6()
        .get_provider_schema(tonic::Request::new(get_provider_schema::Request::default()))
        .await
        .expect("GetProviderSchema")
        .into_inner();
    let lists = response.list_resource_schemas.keys().cloned().collect();
    let generate = response
        .server_capabilities
        .is_some_and(|c| c.generate_resource_config);
    let mut diagnostics = Diagnostics::new();
    for Diagnostic {
        summary, detail, ..
    } in response.diagnostics
    {
        diagnostics.error(&[], summary, detail);
    }
    (lists, generate, diagnostics)
}

#[tokio::test]
async fn the_schema_serves_the_list_and_the_generate_capability() {
    let h = Harness::new(provider(&backend()));
    let (lists, generate, diagnostics) = provider_schema(&h).await;
    assert_eq!(lists, ["shop_thing"]);
    assert!(generate);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let config_ty = h.list_resource_type("shop_thing");
    assert_eq!(
        config_ty,
        Type::object([
            ("status", Type::String),
            ("name_prefix", Type::String),
            ("hang_after", Type::Number),
            ("ignore_limit", Type::Bool),
            ("without_state", Type::Bool),
        ])
    );
}

#[tokio::test]
async fn a_list_needs_a_resource_type_of_its_name_with_an_identity() {
    let backend = backend();
    // Registered without identity.
    let h = Harness::new(
        TypedProvider::new(Shop(backend.clone()))
            .resource("shop_thing", Things)
            .list_resource("shop_thing", ThingList),
    );
    let (_, _, d) = provider_schema(&h).await;
    assert_eq!(
        summaries(&d),
        ["List resource of a resource type without identity"]
    );
    assert!(
        d.iter().all(|d| d.detail.contains("\"shop_thing\"")),
        "{d:?}"
    );
    // No resource type of that name.
    let h = Harness::new(
        TypedProvider::new(Shop(backend.clone()))
            .resource_with_identity("shop_thing", Things)
            .list_resource("shop_things", ThingList),
    );
    let (_, _, d) = provider_schema(&h).await;
    assert_eq!(summaries(&d), ["List resource without a resource type"]);
    assert!(
        d.iter().all(|d| d.detail.contains("\"shop_things\"")),
        "{d:?}"
    );
    // Under the name of another resource type.
    let h = Harness::new(
        TypedProvider::new(Shop(backend))
            .resource_with_identity("shop_thing", Things)
            .resource_with_identity("shop_other", Others)
            .list_resource("shop_other", ThingList),
    );
    let (_, _, d) = provider_schema(&h).await;
    assert_eq!(summaries(&d), ["List resource of another resource type"]);
    assert!(d.iter().all(|d| d.detail.contains("Things")), "{d:?}");
}

/// Another resource type with the same model.
struct Others;

impl Resource for Others {
    type Client = Client;
    type Model = Thing;
    async fn create(&self, _: &mut Ctx<Client>, t: Thing) -> Result<Thing, Diagnostics> {
        Ok(t)
    }
    async fn read(&self, _: &mut Ctx<Client>, t: Thing) -> Result<Option<Thing>, Diagnostics> {
        Ok(Some(t))
    }
    async fn update(&self, _: &mut Ctx<Client>, _: Thing, t: Thing) -> Result<Thing, Diagnostics> {
        Ok(t)
    }
    async fn delete(&self, _: &mut Ctx<Client>, _: Thing) -> Result<(), Diagnostics> {
        Ok(())
    }
}

impl ResourceIdentity for Others {
    type Identity = ThingIdentity;
    fn identity(&self, t: &Thing) -> Option<ThingIdentity> {
        Some(ThingIdentity {
            id: t.id.known()?.clone(),
        })
    }
}

#[tokio::test]
async fn validation_runs_the_derived_validators_and_the_hook() {
    for h in harnesses(&backend()).await {
        assert!(h
            .validate_list_resource("shop_thing", &filter(Some("active"), None))
            .await
            .is_empty());
        let d = h
            .validate_list_resource("shop_thing", &filter(Some("gone"), None))
            .await;
        assert!(d.has_errors());
        assert_eq!(
            d.iter().map(|d| d.path.clone()).collect::<Vec<_>>(),
            [at("status")]
        );
        let d = h
            .validate_list_resource("shop_thing", &filter(None, Some("")))
            .await;
        assert_eq!(summaries(&d), ["Empty prefix"]);
        assert_eq!(
            d.iter().next().map(|d| d.path.clone()),
            Some(at("name_prefix"))
        );
        // Unknowns are left alone.
        let unknown = with(filter(None, None), "status", Value::unknown(Type::String));
        assert!(h
            .validate_list_resource("shop_thing", &unknown)
            .await
            .is_empty());
        assert!(h
            .validate_list_resource("shop_nothing", &filter(None, None))
            .await
            .has_errors());
    }
}

#[tokio::test]
async fn results_carry_identities_and_states_only_when_asked() {
    let backend = backend();
    for h in harnesses(&backend).await {
        let list = h
            .list_resource(
                "shop_thing",
                &filter(Some("active"), Some("b")),
                ListOptions::default(),
            )
            .await;
        assert!(list.diagnostics.is_empty(), "{:?}", list.diagnostics);
        let got: Vec<(Value, &str, bool)> = (list.events.iter())
            .map(|e| {
                (
                    e.identity.clone(),
                    e.display_name.as_str(),
                    e.resource_object.is_some(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (identity("t-1"), "thing bolt", false),
                (identity("t-3"), "thing bracket", false),
                (identity("t-4"), "thing beam", false),
                (identity("t-5"), "thing bar", false),
            ]
        );
        let options = ListOptions {
            include_resource: true,
            ..ListOptions::default()
        };
        let list = h
            .list_resource("shop_thing", &filter(Some("retired"), None), options)
            .await;
        assert!(list.diagnostics.is_empty(), "{:?}", list.diagnostics);
        assert_eq!(list.events.len(), 1);
        let expected = Value::object([
            ("id", Value::from("t-2")),
            ("name", Value::from("nut")),
            ("status", Value::from("retired")),
            ("created_at", Value::from("2026-01-01T00:00:00Z")),
            ("title", Value::Null(Type::String)),
            ("note", Value::Null(Type::String)),
            // Write-only: never in a state.
            ("secret", Value::Null(Type::String)),
        ]);
        assert_eq!(list.events[0].resource_object, Some(expected));
        assert_eq!(list.events[0].identity, identity("t-2"));
    }
}

#[tokio::test]
async fn a_result_without_the_state_asked_for_is_an_error() {
    let backend = backend();
    for h in harnesses(&backend).await {
        let config = with(filter(None, None), "without_state", Value::from(true));
        let list = h
            .list_resource("shop_thing", &config, ListOptions::default())
            .await;
        assert!(list.diagnostics.is_empty(), "{:?}", list.diagnostics);
        assert_eq!(list.events.len(), 5);
        let options = ListOptions {
            include_resource: true,
            ..ListOptions::default()
        };
        let sends = backend.sends.load(Ordering::SeqCst);
        let list = h.list_resource("shop_thing", &config, options).await;
        assert!(list.events.is_empty());
        assert_eq!(summaries(&list.diagnostics), ["Missing resource object"]);
        // The first result's error ends the list: no more are sent.
        assert_eq!(backend.sends.load(Ordering::SeqCst) - sends, 1);
        assert!(
            list.diagnostics
                .iter()
                .all(|d| d.detail.contains("\"thing bolt\"")),
            "{:?}",
            list.diagnostics
        );
    }
}

#[tokio::test]
async fn the_list_stops_at_the_limit() {
    let backend = backend();
    for h in harnesses(&backend).await {
        backend.sends.store(0, Ordering::SeqCst);
        let options = ListOptions {
            limit: 2,
            ..ListOptions::default()
        };
        let list = h
            .list_resource("shop_thing", &filter(None, None), options)
            .await;
        assert!(list.diagnostics.is_empty(), "{:?}", list.diagnostics);
        let ids: Vec<Value> = list.events.iter().map(|e| e.identity.clone()).collect();
        assert_eq!(ids, [identity("t-1"), identity("t-2")]);
        // `send` said to stop after the second.
        assert_eq!(backend.sends.load(Ordering::SeqCst), 2);
    }
}

#[tokio::test]
async fn limit_zero_lists_nothing() {
    let backend = backend();
    for h in harnesses(&backend).await {
        let options = ListOptions {
            limit: 0,
            include_resource: true,
        };
        let list = h
            .list_resource("shop_thing", &filter(None, None), options)
            .await;
        assert!(
            list.events.is_empty() && list.diagnostics.is_empty(),
            "{list:?}"
        );
    }
    assert_eq!(backend.lists.load(Ordering::SeqCst), 0);
}

/// The typed layer keeps to the limit itself, whatever the list does
/// with `send`'s answer (called directly, without the gRPC layer, which
/// also cuts the stream at the limit).
#[tokio::test]
async fn results_past_the_limit_are_dropped_by_the_typed_layer() {
    let backend = backend();
    let provider = provider(&backend);
    let d = provider
        .configure_provider(
            raw::ConfigureProviderRequest {
                terraform_version: "1.15.5".into(),
                config: raw::DynamicValue::from(Value::object(Vec::<(String, Value)>::new())),
                client_capabilities: raw::ClientCapabilities::default(),
            },
            raw::StopSignal::never(),
        )
        .await;
    assert!(d.is_empty(), "{d:?}");
    let list = |limit: i64| {
        let (sink, mut events) = ListSink::channel(16);
        let request = raw::ListResourceRequest {
            type_name: "shop_thing".into(),
            config: raw::DynamicValue::from(with(
                filter(None, None),
                "ignore_limit",
                Value::from(true),
            )),
            include_resource_object: false,
            limit,
        };
        let provider = &provider;
        async move {
            let d = provider
                .list_resource(request, raw::StopSignal::never(), sink)
                .await;
            let mut names = Vec::new();
            while let Ok(event) = events.try_recv() {
                names.push(event.display_name);
            }
            (d, names)
        }
    };
    let (d, names) = list(3).await;
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(names, ["thing bolt", "thing nut", "thing bracket"]);
    // The list went on to the end; nothing past the limit got out.
    assert_eq!(backend.sends.load(Ordering::SeqCst), 5);
    let (d, names) = list(0).await;
    assert!(d.is_empty() && names.is_empty(), "{d:?} {names:?}");
    assert_eq!(backend.lists.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn stop_ends_a_long_list_after_the_results_sent() {
    let backend = backend();
    for h in harnesses(&backend).await {
        let config = with(filter(None, None), "hang_after", Value::from(3));
        let stop = async {
            backend.hanging.notified().await;
            h.stop().await;
        };
        let list = tokio::time::timeout(std::time::Duration::from_secs(10), async {
            tokio::join!(
                h.list_resource("shop_thing", &config, ListOptions::default()),
                stop
            )
            .0
        })
        .await
        .expect("the list ends after Stop");
        let names: Vec<&str> = list
            .events
            .iter()
            .map(|e| e.display_name.as_str())
            .collect();
        assert_eq!(names, ["thing bolt", "thing nut", "thing bracket"]);
        assert_eq!(summaries(&list.diagnostics), ["Operation cancelled"]);
    }
}

#[tokio::test]
async fn per_result_warnings_are_kept_and_an_error_ends_the_list() {
    let backend = backend();
    backend.things.lock().unwrap()[1].note = Unknown::Known(Some("warn".into()));
    backend.things.lock().unwrap()[3].note = Unknown::Known(Some("broken".into()));
    for h in harnesses(&backend).await {
        let sends = backend.sends.load(Ordering::SeqCst);
        let list = h
            .list_resource("shop_thing", &filter(None, None), ListOptions::default())
            .await;
        // The list stops at the error: the fifth thing is never sent.
        assert_eq!(backend.sends.load(Ordering::SeqCst) - sends, 4);
        let names: Vec<&str> = list
            .events
            .iter()
            .map(|e| e.display_name.as_str())
            .collect();
        assert_eq!(names, ["thing bolt", "thing nut", "thing bracket"]);
        assert_eq!(summaries(&list.events[1].diagnostics), ["Odd thing"]);
        assert!(list.events[0].diagnostics.is_empty());
        assert_eq!(summaries(&list.diagnostics), ["Odd thing", "Broken thing"]);
        assert_eq!(
            list.diagnostics
                .iter()
                .map(|d| d.severity)
                .collect::<Vec<_>>(),
            [Severity::Warning, Severity::Error]
        );
        // Warnings of the whole list follow the results.
        let list = h
            .list_resource(
                "shop_thing",
                &filter(None, Some("warn-end")),
                ListOptions::default(),
            )
            .await;
        assert!(list.events.is_empty());
        assert_eq!(summaries(&list.diagnostics), ["Listed with a warning"]);
    }
}

#[tokio::test]
async fn a_list_that_cannot_run_ends_with_its_error() {
    let backend = backend();
    // Not configured: no client.
    let h = Harness::new(provider(&backend));
    let list = h
        .list_resource("shop_thing", &filter(None, None), ListOptions::default())
        .await;
    assert!(list.events.is_empty());
    assert_eq!(summaries(&list.diagnostics), ["Provider not configured"]);
    let [h, _] = harnesses(&backend).await;
    let list = h
        .list_resource("shop_nothing", &filter(None, None), ListOptions::default())
        .await;
    assert_eq!(
        summaries(&list.diagnostics),
        ["List Resource Type Not Found"]
    );
    // A configuration the model cannot hold (the list's config is final).
    let unknown = with(filter(None, None), "status", Value::unknown(Type::String));
    let list = h
        .list_resource("shop_thing", &unknown, ListOptions::default())
        .await;
    assert!(list.diagnostics.has_errors());
    assert_eq!(
        list.diagnostics
            .iter()
            .map(|d| d.path.clone())
            .collect::<Vec<_>>(),
        [at("status")]
    );
}

/// A raw provider can send a result without identity (a typed one cannot:
/// [`ListItem::new`] takes the identity); Terraform, and the harness,
/// refuse it.
struct NoIdentityLister;

impl RawProvider for NoIdentityLister {
    fn schema(&self) -> ProviderSchema {
        let mut schema = ProviderSchema::default();
        schema.resources.insert("x_thing".into(), Thing::schema());
        let id = raw::IdentityAttribute {
            name: "id".into(),
            ty: Type::String,
            required_for_import: true,
            optional_for_import: false,
            description: String::new(),
        };
        let identity = raw::IdentitySchema {
            version: 0,
            attributes: vec![id],
        };
        schema.identities.insert("x_thing".into(), identity);
        schema
            .list_resources
            .insert("x_thing".into(), ThingFilter::schema());
        schema
    }

    async fn list_resource(
        &self,
        _: raw::ListResourceRequest,
        _: raw::StopSignal,
        mut results: ListSink,
    ) -> Diagnostics {
        let event = ListResourceEvent {
            display_name: "anonymous".into(),
            ..ListResourceEvent::default()
        };
        results.send(event).await;
        Diagnostics::new()
    }
}

#[tokio::test]
async fn a_result_without_identity_is_an_error() {
    for h in [
        Harness::new(NoIdentityLister),
        Harness::new(NoIdentityLister).protocol_5(),
    ] {
        let list = h
            .list_resource("x_thing", &filter(None, None), ListOptions::default())
            .await;
        assert!(list.events.is_empty());
        let d: Vec<_> = list.diagnostics.iter().collect();
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(
            d[0].detail,
            "missing identity data in ListResource event for x_thing"
        );
    }
}

#[tokio::test]
async fn generated_configuration_leaves_out_what_a_configuration_does_not_set() {
    let backend = backend();
    for h in harnesses(&backend).await {
        let options = ListOptions {
            include_resource: true,
            ..ListOptions::default()
        };
        let list = h
            .list_resource("shop_thing", &filter(Some("active"), None), options)
            .await;
        assert_eq!(list.events.len(), 4, "{:?}", list.diagnostics);
        for event in &list.events {
            let state = event.resource_object.clone().expect("asked for the state");
            let generated = h.generate_resource_config("shop_thing", &state).await;
            assert!(
                generated.diagnostics.is_empty(),
                "{:?}",
                generated.diagnostics
            );
            let Value::Object(config) = &generated.config else {
                panic!("no configuration: {:?}", generated.config);
            };
            let Value::Object(attrs) = &state else {
                unreachable!()
            };
            // Read-only: left out; optional+computed (here equal to its
            // default) and the rest: as in the state.
            assert_eq!(config["id"], Value::Null(Type::String));
            assert_eq!(config["created_at"], Value::Null(Type::String));
            assert_eq!(config["secret"], Value::Null(Type::String));
            assert_eq!(config["name"], attrs["name"]);
            assert_eq!(config["status"], Value::from("active"));
            // The hook leaves "auto" notes out, the others are kept.
            let note = match &attrs["note"] {
                Value::String(n) if n == "auto" => Value::Null(Type::String),
                note => note.clone(),
            };
            assert_eq!(config["note"], note);
            // Written and applied, it plans no changes.
            let plan = h.plan("shop_thing", &state, &generated.config).await;
            assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
            assert_eq!(plan.planned_state, state);
            assert!(plan.requires_replace.is_empty());
        }
    }
}

#[tokio::test]
async fn generated_configuration_keeps_what_the_hook_does_not_drop_and_reports_its_errors() {
    let backend = backend();
    for h in harnesses(&backend).await {
        let ty = h.resource_type("shop_thing");
        let state = |name: &str, note: &str| {
            Value::object([
                ("id", Value::from("t-9")),
                ("name", Value::from(name)),
                ("status", Value::from("retired")),
                ("created_at", Value::from("2026-01-01T00:00:00Z")),
                ("title", Value::from("The pin")),
                ("note", Value::from(note)),
                ("secret", Value::Null(Type::String)),
            ])
        };
        let generated = h
            .generate_resource_config("shop_thing", &state("pin", "kept"))
            .await;
        assert!(
            generated.diagnostics.is_empty(),
            "{:?}",
            generated.diagnostics
        );
        let expected = Value::object([
            ("id", Value::Null(Type::String)),
            ("name", Value::from("pin")),
            ("status", Value::from("retired")),
            ("created_at", Value::Null(Type::String)),
            ("title", Value::Null(Type::String)),
            ("note", Value::from("kept")),
            ("secret", Value::Null(Type::String)),
        ]);
        // (Deprecated: left out, though set.)
        assert_eq!(generated.config, expected);
        let generated = h
            .generate_resource_config("shop_thing", &state("", "kept"))
            .await;
        assert_eq!(summaries(&generated.diagnostics), ["Nameless thing"]);
        assert_eq!(generated.config, Value::Null(ty.clone()));
        let generated = h
            .generate_resource_config("shop_thing", &state("pin", "unknown"))
            .await;
        assert_eq!(
            summaries(&generated.diagnostics),
            ["Provider generated an unknown value"]
        );
        assert_eq!(generated.config, Value::Null(ty.clone()));
        let generated = h
            .generate_resource_config("shop_nothing", &state("pin", "x"))
            .await;
        assert_eq!(
            summaries(&generated.diagnostics),
            ["Resource Type Not Found"]
        );
        // No state: nothing to generate from.
        let generated = h
            .generate_resource_config("shop_thing", &Value::Null(ty))
            .await;
        assert_eq!(summaries(&generated.diagnostics), ["Missing state"]);
    }
}
