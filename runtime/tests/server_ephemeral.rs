//! Typed ephemeral resources, driven through the real gRPC handlers
//! (protocols 6 and 5) by the public test harness: validate, open, renew
//! and close with typed private data (close gets open's, as Terraform
//! sends it), a renew after close, a second close, the checks of the
//! opened value (unknowns left, configured values changed: the instance is
//! closed by the typed layer), unknown and undecodable configurations,
//! unknown types, damaged private data, and the schema in
//! GetProviderSchema.
//!
//! Expected values are written out by hand.

#![cfg(feature = "server")]

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use tfschema::diag::{Diagnostics, Severity};
use tfschema::server::proto::tfplugin5::provider_server::Provider as _;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::server::proto::{tfplugin5 as pb5, tfplugin6 as pb6};
use tfschema::server::raw::RawProvider;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{
    Ctx, EphemeralResource, NoPrivate, Opened, PlanView, Provider, TypedProvider,
};
use tfschema::{PathStep, TfSchema, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Config {}

/// A label on a lease.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Label {
    key: String,
    #[tf(computed)]
    seen: Unknown<bool>,
}

/// A secret leased for one run.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(ephemeral)]
struct Lease {
    /// What the lease is for; some names make the resource misbehave.
    #[tf(validate(length(min = 1)))]
    name: String,
    /// Seconds until renewal (default 60).
    #[tf(optional, computed)]
    ttl: Unknown<Option<i64>>,
    #[tf(computed, sensitive)]
    secret: Unknown<String>,
    #[tf(block)]
    label: Vec<Label>,
}

/// What renew and close need.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct LeaseId {
    id: String,
    renewals: i64,
}

/// The calls the resource saw, in order.
type Log = Arc<Mutex<Vec<String>>>;

struct Leases(Log);

impl Leases {
    fn log(&self, line: String) {
        self.0.lock().expect("log").push(line);
    }
}

impl EphemeralResource for Leases {
    type Client = ();
    type Model = Lease;
    type Private = LeaseId;

    fn validate(&self, config: &PlanView<Lease>) -> Diagnostics {
        let mut d = Diagnostics::new();
        if config.name.known().is_some_and(|n| n == "forbidden") {
            d.error(
                &[PathStep::Attr("name".into())],
                "Forbidden name",
                "Leases cannot be named so.",
            );
        }
        d
    }

    async fn open(
        &self,
        ctx: &mut Ctx<()>,
        mut config: Lease,
    ) -> Result<Opened<Lease, LeaseId>, Diagnostics> {
        self.log(format!(
            "open {} ttl={:?} secret_unknown={}",
            config.name,
            config.ttl,
            !config.secret.is_known()
        ));
        if config.name == "fail" {
            return Err(Diagnostics::with_error("Open failed", "as asked"));
        }
        ctx.warning(&[], "Opened", "a warning from open");
        let ttl = match config.ttl {
            Unknown::Known(Some(ttl)) => ttl,
            _ => 60,
        };
        config.ttl = Unknown::Known(Some(ttl));
        for label in &mut config.label {
            label.seen = Unknown::Known(true);
        }
        match config.name.as_str() {
            "leave-unknown" => {}
            "rename" => {
                config.secret = Unknown::Known("s".into());
                config.name = "renamed".into();
            }
            _ => config.secret = Unknown::Known(format!("secret-of-{}", config.name)),
        }
        let private = LeaseId {
            id: format!("lease-{}", config.name),
            renewals: 0,
        };
        let at = SystemTime::UNIX_EPOCH + Duration::from_secs(2_000_000_000);
        Ok(Opened::new(config, private).renew_at(at))
    }

    async fn renew(
        &self,
        _ctx: &mut Ctx<()>,
        private: &mut LeaseId,
    ) -> Result<Option<SystemTime>, Diagnostics> {
        self.log(format!("renew {} #{}", private.id, private.renewals));
        private.renewals += 1;
        if private.renewals >= 3 {
            return Ok(None);
        }
        Ok(Some(
            SystemTime::UNIX_EPOCH + Duration::from_secs(2_000_000_000 + 60),
        ))
    }

    async fn close(&self, _ctx: &mut Ctx<()>, private: LeaseId) -> Result<(), Diagnostics> {
        self.log(format!("close {} after {}", private.id, private.renewals));
        Ok(())
    }
}

/// An ephemeral resource with no private data and the default renew and
/// close.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(ephemeral)]
struct Nonce {
    #[tf(computed)]
    value: Unknown<String>,
}

struct Nonces;

impl EphemeralResource for Nonces {
    type Client = ();
    type Model = Nonce;
    type Private = NoPrivate;

    async fn open(
        &self,
        _ctx: &mut Ctx<()>,
        mut config: Nonce,
    ) -> Result<Opened<Nonce, NoPrivate>, Diagnostics> {
        config.value = Unknown::Known("n-1".into());
        Ok(Opened::new(config, NoPrivate))
    }
}

struct P;

impl Provider for P {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn provider(log: &Log) -> TypedProvider<P> {
    TypedProvider::new(P)
        .ephemeral_resource("test_lease", Leases(log.clone()))
        .ephemeral_resource("test_nonce", Nonces)
}

fn harnesses(log: &Log) -> Vec<(u32, Harness<TypedProvider<P>>)> {
    vec![
        (6, Harness::new(provider(log))),
        (5, Harness::new(provider(log)).protocol_5()),
    ]
}

fn lines(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d| {
            let sev = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            format!("{sev}|{}|{}", d.path_string(), d.summary)
        })
        .collect()
}

fn taken(log: &Log) -> Vec<String> {
    std::mem::take(&mut *log.lock().expect("log"))
}

fn lease(name: &str, ttl: Option<i64>, labels: &[&str]) -> Value {
    Value::object([
        ("name", Value::from(name)),
        (
            "ttl",
            ttl.map_or(Value::Null(Type::Number), |t| Value::from(t)),
        ),
        ("secret", Value::Null(Type::String)),
        (
            "label",
            Value::list(
                Type::object([("key", Type::String), ("seen", Type::Bool)]),
                labels
                    .iter()
                    .map(|k| {
                        Value::object([("key", Value::from(*k)), ("seen", Value::Null(Type::Bool))])
                    })
                    .collect(),
            ),
        ),
    ])
}

fn attr<'v>(value: &'v Value, name: &str) -> &'v Value {
    match value {
        Value::Object(attrs) => &attrs[name],
        other => panic!("{name} of {other:?}"),
    }
}

#[tokio::test]
async fn open_renew_close_on_both_protocols() {
    let log = Log::default();
    for (protocol, h) in harnesses(&log) {
        assert!(h
            .configure(Value::object(Vec::<(String, Value)>::new()))
            .await
            .is_empty());
        let config = lease("db", None, &["a"]);
        assert!(h.validate_ephemeral("test_lease", &config).await.is_empty());

        let opened = h.open_ephemeral("test_lease", &config).await;
        assert_eq!(
            lines(&opened.diagnostics),
            ["warning||Opened"],
            "protocol {protocol}"
        );
        assert_eq!(attr(&opened.result, "secret"), &Value::from("secret-of-db"));
        // Unset optional+computed: unknown in open, filled in the result.
        assert_eq!(attr(&opened.result, "ttl"), &Value::from(60));
        assert_eq!(
            attr(&opened.result, "label"),
            &Value::list(
                Type::object([("key", Type::String), ("seen", Type::Bool)]),
                vec![Value::object([
                    ("key", Value::from("a")),
                    ("seen", Value::from(true))
                ])]
            )
        );
        assert_eq!(
            opened.renew_at,
            Some(SystemTime::UNIX_EPOCH + Duration::from_secs(2_000_000_000))
        );
        assert!(!opened.deferred);
        let open_private = opened.private.clone();
        assert!(open_private.is_some());

        // Terraform renews with the previous call's private data...
        let renewed = h.renew_ephemeral("test_lease", open_private.clone()).await;
        assert!(renewed.diagnostics.is_empty(), "{:?}", renewed.diagnostics);
        assert!(renewed.renew_at.is_some());
        let again = h
            .renew_ephemeral("test_lease", renewed.private.clone())
            .await;
        assert!(again.diagnostics.is_empty());
        let last = h.renew_ephemeral("test_lease", again.private.clone()).await;
        assert_eq!(last.renew_at, None, "the resource stopped renewing");
        // ...and closes with Open's.
        assert!(h
            .close_ephemeral("test_lease", open_private)
            .await
            .is_empty());
        assert_eq!(
            taken(&log),
            [
                "open db ttl=Unknown secret_unknown=true",
                "renew lease-db #0",
                "renew lease-db #1",
                "renew lease-db #2",
                "close lease-db after 0",
            ],
            "protocol {protocol}"
        );
    }
}

#[tokio::test]
async fn a_closed_instance_is_not_renewed_and_closes_once() {
    let log = Log::default();
    let h = Harness::new(provider(&log));
    let opened = h
        .open_ephemeral("test_lease", &lease("x", Some(5), &[]))
        .await;
    assert_eq!(attr(&opened.result, "ttl"), &Value::from(5));
    assert!(h
        .close_ephemeral("test_lease", opened.private.clone())
        .await
        .is_empty());
    let renewed = h
        .renew_ephemeral("test_lease", opened.private.clone())
        .await;
    assert_eq!(
        lines(&renewed.diagnostics),
        ["error||Ephemeral resource closed"]
    );
    assert_eq!(renewed.renew_at, None);
    assert_eq!(renewed.private, None);
    // A second close is done already: no error, the resource is not asked.
    assert!(h
        .close_ephemeral("test_lease", opened.private.clone())
        .await
        .is_empty());
    assert_eq!(
        taken(&log),
        [
            "open x ttl=Known(Some(5)) secret_unknown=true",
            "close lease-x after 0"
        ]
    );
    // Another instance of the same type is unaffected.
    let other = h.open_ephemeral("test_lease", &lease("y", None, &[])).await;
    let renewed = h.renew_ephemeral("test_lease", other.private).await;
    assert!(renewed.diagnostics.is_empty());
}

#[tokio::test]
async fn validation_runs_the_derived_validators_and_the_hook() {
    let log = Log::default();
    let h = Harness::new(provider(&log));
    let d = h
        .validate_ephemeral("test_lease", &lease("", None, &[]))
        .await;
    assert_eq!(lines(&d), ["error|.name|Invalid Attribute Value Length"]);
    let d = h
        .validate_ephemeral("test_lease", &lease("forbidden", None, &[]))
        .await;
    assert_eq!(lines(&d), ["error|.name|Forbidden name"]);
    // Validation may see unknowns.
    let mut unknown = lease("x", None, &[]);
    if let Value::Object(attrs) = &mut unknown {
        attrs.insert("name".into(), Value::unknown(Type::String));
    }
    assert!(h
        .validate_ephemeral("test_lease", &unknown)
        .await
        .is_empty());
    assert!(taken(&log).is_empty());
}

#[tokio::test]
async fn unknown_and_undecodable_configurations_are_not_opened() {
    let log = Log::default();
    let h = Harness::new(provider(&log));
    let mut unknown = lease("x", None, &[]);
    if let Value::Object(attrs) = &mut unknown {
        attrs.insert("name".into(), Value::unknown(Type::String));
    }
    let opened = h.open_ephemeral("test_lease", &unknown).await;
    assert_eq!(lines(&opened.diagnostics), ["error||Configuration unknown"]);
    assert_eq!(
        opened.result,
        Value::Null(h.ephemeral_resource_type("test_lease"))
    );
    assert_eq!(opened.private, None);

    // A number where the schema says string: bytes the model cannot read.
    let ty = h.ephemeral_resource_type("test_lease");
    let bad = Value::object([
        ("name", Value::from(1)),
        ("ttl", Value::Null(Type::Number)),
        ("secret", Value::Null(Type::String)),
        (
            "label",
            Value::Null(Type::list(Type::object([
                ("key", Type::String),
                ("seen", Type::Bool),
            ]))),
        ),
    ]);
    let bad_type = Type::object([
        ("name", Type::Number),
        ("ttl", Type::Number),
        ("secret", Type::String),
        (
            "label",
            Type::list(Type::object([("key", Type::String), ("seen", Type::Bool)])),
        ),
    ]);
    let bytes = tfschema::msgpack::value_to_vec(&bad, &bad_type).expect("encode");
    let request = pb6::open_ephemeral_resource::Request {
        type_name: "test_lease".into(),
        config: Some(pb6::DynamicValue {
            msgpack: bytes.clone(),
            json: Vec::new(),
        }),
        client_capabilities: None,
    };
    let response = h
        .grpc()
        .v6()
        .open_ephemeral_resource(tonic::Request::new(request))
        .await
        .expect("rpc")
        .into_inner();
    assert_eq!(response.diagnostics.len(), 1, "{:?}", response.diagnostics);
    assert_eq!(response.diagnostics[0].summary, "Invalid configuration");
    assert!(response.result.is_none() && response.private.is_none());
    let validate = pb6::validate_ephemeral_resource_config::Request {
        type_name: "test_lease".into(),
        config: Some(pb6::DynamicValue {
            msgpack: bytes,
            json: Vec::new(),
        }),
    };
    let response = h
        .grpc()
        .v6()
        .validate_ephemeral_resource_config(tonic::Request::new(validate))
        .await
        .expect("rpc")
        .into_inner();
    assert_eq!(response.diagnostics[0].summary, "Invalid configuration");
    let _ = ty;
    assert!(taken(&log).is_empty(), "the resource was not called");
}

#[tokio::test]
async fn a_result_that_breaks_the_rules_is_refused_and_closed() {
    let log = Log::default();
    let h = Harness::new(provider(&log));
    let opened = h
        .open_ephemeral("test_lease", &lease("leave-unknown", None, &[]))
        .await;
    assert_eq!(
        lines(&opened.diagnostics),
        [
            "warning||Opened",
            "error|.secret|Provider returned an unknown value"
        ]
    );
    assert_eq!(opened.private, None);
    let opened = h
        .open_ephemeral("test_lease", &lease("rename", None, &[]))
        .await;
    assert_eq!(
        lines(&opened.diagnostics),
        [
            "warning||Opened",
            "error|.name|Provider changed a configured value"
        ]
    );
    // Terraform would not close them: the typed layer did.
    assert_eq!(
        taken(&log),
        [
            "open leave-unknown ttl=Unknown secret_unknown=true",
            "close lease-leave-unknown after 0",
            "open rename ttl=Unknown secret_unknown=true",
            "close lease-renamed after 0",
        ]
    );
    let failed = h
        .open_ephemeral("test_lease", &lease("fail", None, &[]))
        .await;
    assert_eq!(lines(&failed.diagnostics), ["error||Open failed"]);
    assert_eq!(taken(&log), ["open fail ttl=Unknown secret_unknown=true"]);
}

#[tokio::test]
async fn damaged_or_missing_private_data_is_an_error() {
    let log = Log::default();
    let h = Harness::new(provider(&log));
    for private in [None, Some(Vec::new()), Some(b"garbage".to_vec())] {
        let renewed = h.renew_ephemeral("test_lease", private.clone()).await;
        assert_eq!(lines(&renewed.diagnostics), ["error||Invalid private data"]);
        let closed = h.close_ephemeral("test_lease", private).await;
        assert_eq!(lines(&closed), ["error||Invalid private data"]);
    }
    // The right format, the wrong private type (another resource's).
    let nonce = h
        .open_ephemeral(
            "test_nonce",
            &Value::object([("value", Value::Null(Type::String))]),
        )
        .await;
    assert!(nonce.diagnostics.is_empty(), "{:?}", nonce.diagnostics);
    let renewed = h.renew_ephemeral("test_lease", nonce.private.clone()).await;
    assert_eq!(lines(&renewed.diagnostics), ["error||Invalid private data"]);
    assert!(taken(&log).is_empty(), "the resource was not called");
}

#[tokio::test]
async fn no_private_data_and_default_renew_and_close() {
    let log = Log::default();
    let h = Harness::new(provider(&log)).protocol_5();
    let opened = h
        .open_ephemeral(
            "test_nonce",
            &Value::object([("value", Value::Null(Type::String))]),
        )
        .await;
    assert!(opened.diagnostics.is_empty());
    assert_eq!(attr(&opened.result, "value"), &Value::from("n-1"));
    assert_eq!(opened.renew_at, None);
    let renewed = h
        .renew_ephemeral("test_nonce", opened.private.clone())
        .await;
    assert!(renewed.diagnostics.is_empty());
    assert_eq!(renewed.renew_at, None, "the default renew stops renewing");
    assert!(h
        .close_ephemeral("test_nonce", opened.private)
        .await
        .is_empty());
}

#[tokio::test]
async fn unknown_types_are_refused_on_both_protocols() {
    let log = Log::default();
    for (protocol, h) in harnesses(&log) {
        let config = Value::object([("name", Value::from("x"))]);
        let want = ["error||Ephemeral Resource Type Not Found"];
        assert_eq!(
            lines(&h.validate_ephemeral("test_nope", &config).await),
            want
        );
        let opened = h.open_ephemeral("test_nope", &config).await;
        assert_eq!(lines(&opened.diagnostics), want, "protocol {protocol}");
        let renewed = h.renew_ephemeral("test_nope", Some(vec![1])).await;
        assert_eq!(lines(&renewed.diagnostics), want);
        assert_eq!(
            lines(&h.close_ephemeral("test_nope", Some(vec![1])).await),
            want
        );
    }
    // Below the gRPC layer, the typed provider answers the same way.
    let raw = provider(&log);
    let d = raw
        .close_ephemeral_resource(
            tfschema::server::raw::CloseEphemeralResourceRequest {
                type_name: "test_nope".into(),
                private: None,
            },
            tfschema::server::raw::StopSignal::never(),
        )
        .await;
    assert_eq!(lines(&d), ["error||Ephemeral Resource Type Not Found"]);
    assert!(taken(&log).is_empty());
}

#[tokio::test]
async fn get_provider_schema_lists_ephemeral_resources() {
    let log = Log::default();
    let h = Harness::new(provider(&log));
    let schema = &h.schema().ephemeral_resources;
    assert_eq!(
        schema.keys().collect::<Vec<_>>(),
        ["test_lease", "test_nonce"]
    );
    let lease = &schema["test_lease"];
    assert_eq!(lease.version, 0);
    let names: Vec<_> = lease
        .block
        .attributes
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["name", "secret", "ttl"]);
    assert!(lease.block.attributes[1].sensitive && lease.block.attributes[1].computed);

    let v6 = h
        .grpc()
        .v6()
        .get_provider_schema(tonic::Request::new(
            pb6::get_provider_schema::Request::default(),
        ))
        .await
        .expect("rpc")
        .into_inner();
    let mut names: Vec<_> = v6.ephemeral_resource_schemas.keys().cloned().collect();
    names.sort();
    assert_eq!(names, ["test_lease", "test_nonce"]);
    let block = v6.ephemeral_resource_schemas["test_lease"]
        .block
        .as_ref()
        .expect("block");
    assert_eq!(block.block_types[0].type_name, "label");
    let v5 = h
        .grpc()
        .v5()
        .get_schema(tonic::Request::new(
            pb5::get_provider_schema::Request::default(),
        ))
        .await
        .expect("rpc")
        .into_inner();
    assert_eq!(v5.ephemeral_resource_schemas.len(), 2);
    let metadata = h
        .grpc()
        .v6()
        .get_metadata(tonic::Request::new(pb6::get_metadata::Request::default()))
        .await
        .expect("rpc")
        .into_inner();
    assert_eq!(metadata.ephemeral_resources.len(), 2);
}

#[test]
fn reserved_names_are_refused_for_ephemeral_resources_too() {
    /// `count` is a meta-argument of an `ephemeral` block.
    #[derive(TfSchema, TfValue)]
    #[tf(ephemeral)]
    struct Counted {
        count: i64,
    }
    struct Counts;
    impl EphemeralResource for Counts {
        type Client = ();
        type Model = Counted;
        type Private = NoPrivate;
        async fn open(
            &self,
            _: &mut Ctx<()>,
            config: Counted,
        ) -> Result<Opened<Counted, NoPrivate>, Diagnostics> {
            Ok(Opened::new(config, NoPrivate))
        }
    }
    let schema = TypedProvider::new(P)
        .ephemeral_resource("test_counted", Counts)
        .schema();
    let problems: Vec<_> = schema.problems().iter().map(|d| d.detail.clone()).collect();
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].contains(
            r#"ephemeral resource "test_counted" has an attribute or block named "count""#
        ),
        "{problems:?}"
    );
}
