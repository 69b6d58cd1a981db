//! `server::mux`: several servers served as one, following
//! terraform-plugin-mux's `tf6muxserver`. The servers are canned
//! `tfplugin6.Provider` implementations that record the calls they get (as
//! mux's `internal/tf6testserver`), and typed providers for the end to end
//! case. Expected texts are terraform-plugin-mux's
//! (`tf6muxserver/diagnostics.go`, `mux_server_GetProviderSchema.go`,
//! `mux_server_CallFunction.go`).

#![cfg(feature = "server")]
#![allow(clippy::panic)] // a test fails by panicking

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tfschema::server::mux::Mux;
use tfschema::server::proto::tfplugin5::provider_server::Provider as _;
use tfschema::server::proto::tfplugin6::provider_server::Provider;
use tfschema::server::proto::{tfplugin6 as v6, GrpcProvider};
use tfschema::server::translate::{BoxStream, Downgrade};
use tokio::sync::Notify;
use tokio_stream::StreamExt as _;
use tonic::{Request, Response, Status};

type Log = Arc<Mutex<Vec<(&'static str, &'static str)>>>;

/// A server with canned answers that records each call as (its name, the
/// RPC).
#[derive(Clone, Default)]
struct Canned {
    name: &'static str,
    log: Log,
    schema: v6::get_provider_schema::Response,
    /// Whether it implements GetMetadata (else `Unimplemented`).
    metadata: bool,
    configure: Vec<v6::Diagnostic>,
    stop_error: String,
    /// ReadResource waits for this.
    gate: Option<Arc<Notify>>,
}

impl Canned {
    fn record(&self, rpc: &'static str) {
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((self.name, rpc));
    }
}

fn calls(log: &Log) -> Vec<(&'static str, &'static str)> {
    std::mem::take(&mut *log.lock().unwrap_or_else(PoisonError::into_inner))
}

type Reply<T> = Result<Response<T>, Status>;

/// The canned impl: each listed RPC records itself and answers its default
/// response; the items after `;` are written as they are.
macro_rules! canned_impl {
    ($($method:ident($rpc:ident);)* ; $($rest:tt)*) => {
        #[tonic::async_trait]
        impl Provider for Canned {
            $(
                async fn $method(&self, _: Request<v6::$rpc::Request>) -> Reply<v6::$rpc::Response> {
                    self.record(stringify!($method));
                    Ok(Response::new(Default::default()))
                }
            )*
            $($rest)*
        }
    };
}

canned_impl! {
    get_resource_identity_schemas(get_resource_identity_schemas);
    validate_resource_config(validate_resource_config);
    validate_data_resource_config(validate_data_resource_config);
    upgrade_resource_state(upgrade_resource_state);
    upgrade_resource_identity(upgrade_resource_identity);
    plan_resource_change(plan_resource_change);
    apply_resource_change(apply_resource_change);
    import_resource_state(import_resource_state);
    move_resource_state(move_resource_state);
    read_data_source(read_data_source);
    generate_resource_config(generate_resource_config);
    validate_ephemeral_resource_config(validate_ephemeral_resource_config);
    open_ephemeral_resource(open_ephemeral_resource);
    renew_ephemeral_resource(renew_ephemeral_resource);
    close_ephemeral_resource(close_ephemeral_resource);
    validate_list_resource_config(validate_list_resource_config);
    get_functions(get_functions);
    call_function(call_function);
    validate_action_config(validate_action_config);
    plan_action(plan_action);
    ;

    async fn get_metadata(&self, _: Request<v6::get_metadata::Request>) -> Reply<v6::get_metadata::Response> {
        self.record("get_metadata");
        if !self.metadata {
            return Err(Status::unimplemented("GetMetadata"));
        }
        let s = &self.schema;
        let names = |m: &BTreeMap<String, v6::Schema>| m.keys().cloned().collect::<Vec<_>>();
        use v6::get_metadata as m;
        Ok(Response::new(m::Response {
            server_capabilities: s.server_capabilities,
            diagnostics: vec![],
            data_sources: names(&s.data_source_schemas).into_iter().map(|type_name| m::DataSourceMetadata { type_name }).collect(),
            resources: names(&s.resource_schemas).into_iter().map(|type_name| m::ResourceMetadata { type_name }).collect(),
            functions: s.functions.keys().cloned().map(|name| m::FunctionMetadata { name }).collect(),
            ephemeral_resources: names(&s.ephemeral_resource_schemas).into_iter().map(|type_name| m::EphemeralMetadata { type_name }).collect(),
            list_resources: names(&s.list_resource_schemas).into_iter().map(|type_name| m::ListResourceMetadata { type_name }).collect(),
            actions: s.action_schemas.keys().cloned().map(|type_name| m::ActionMetadata { type_name }).collect(),
        }))
    }

    async fn get_provider_schema(&self, _: Request<v6::get_provider_schema::Request>) -> Reply<v6::get_provider_schema::Response> {
        self.record("get_provider_schema");
        Ok(Response::new(self.schema.clone()))
    }

    async fn validate_provider_config(&self, _: Request<v6::validate_provider_config::Request>) -> Reply<v6::validate_provider_config::Response> {
        self.record("validate_provider_config");
        Ok(Response::new(v6::validate_provider_config::Response { diagnostics: self.configure.clone() }))
    }

    async fn configure_provider(&self, _: Request<v6::configure_provider::Request>) -> Reply<v6::configure_provider::Response> {
        self.record("configure_provider");
        Ok(Response::new(v6::configure_provider::Response { diagnostics: self.configure.clone() }))
    }

    async fn read_resource(&self, _: Request<v6::read_resource::Request>) -> Reply<v6::read_resource::Response> {
        self.record("read_resource");
        if let Some(gate) = &self.gate {
            gate.notified().await;
        }
        Ok(Response::new(Default::default()))
    }

    async fn stop_provider(&self, _: Request<v6::stop_provider::Request>) -> Reply<v6::stop_provider::Response> {
        self.record("stop_provider");
        Ok(Response::new(v6::stop_provider::Response { error: self.stop_error.clone() }))
    }

    type ListResourceStream = BoxStream<v6::list_resource::Event>;

    async fn list_resource(&self, _: Request<v6::list_resource::Request>) -> Reply<Self::ListResourceStream> {
        self.record("list_resource");
        Ok(Response::new(Box::pin(tokio_stream::empty())))
    }

    type InvokeActionStream = BoxStream<v6::invoke_action::Event>;

    async fn invoke_action(&self, _: Request<v6::invoke_action::Request>) -> Reply<Self::InvokeActionStream> {
        self.record("invoke_action");
        Ok(Response::new(Box::pin(tokio_stream::empty())))
    }
}

fn attribute(name: &str, optional: bool) -> v6::schema::Attribute {
    v6::schema::Attribute {
        name: name.into(),
        r#type: b"\"string\"".to_vec(),
        optional,
        required: !optional,
        ..Default::default()
    }
}

fn schema(attributes: Vec<v6::schema::Attribute>) -> v6::Schema {
    v6::Schema {
        version: 0,
        block: Some(v6::schema::Block {
            attributes,
            ..Default::default()
        }),
    }
}

/// A server named `name` serving the types of `prefix` (`<prefix>_thing`
/// resource, data source, ephemeral and list resource, `<prefix>_act`
/// action, `<prefix>_fn` function), with the provider schema `region`.
fn server(name: &'static str, prefix: &str, log: &Log) -> Canned {
    let thing = format!("{prefix}_thing");
    let one = |s| BTreeMap::from([(thing.clone(), s)]);
    Canned {
        name,
        log: Arc::clone(log),
        metadata: true,
        schema: v6::get_provider_schema::Response {
            provider: Some(schema(vec![attribute("region", true)])),
            resource_schemas: one(schema(vec![attribute("id", true)])),
            data_source_schemas: one(schema(vec![])),
            ephemeral_resource_schemas: one(schema(vec![])),
            list_resource_schemas: one(schema(vec![])),
            action_schemas: BTreeMap::from([(
                format!("{prefix}_act"),
                v6::ActionSchema {
                    schema: Some(schema(vec![])),
                },
            )]),
            functions: BTreeMap::from([(format!("{prefix}_fn"), v6::Function::default())]),
            server_capabilities: Some(v6::ServerCapabilities {
                plan_destroy: true,
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn mux(servers: Vec<Canned>) -> Mux {
    servers
        .into_iter()
        .fold(Mux::builder(), |b, s| b.protocol_6(s))
        .build()
}

async fn ok<T>(reply: Reply<T>) -> T {
    reply
        .unwrap_or_else(|status| panic!("the call failed: {status}"))
        .into_inner()
}

fn error(summary: &str, detail: &str) -> v6::Diagnostic {
    v6::Diagnostic {
        severity: v6::diagnostic::Severity::Error as i32,
        summary: summary.into(),
        detail: detail.into(),
        attribute: None,
    }
}

const BUG: &str = "This is always an issue in the provider implementation and should be reported to the provider developers.";

#[tokio::test]
async fn schemas_and_metadata_are_merged_with_the_mux_capabilities() {
    let log = Log::default();
    let mux = mux(vec![server("a", "a", &log), server("b", "b", &log)]);
    let merged = ok(mux
        .get_provider_schema(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(merged.diagnostics, vec![]);
    assert_eq!(
        merged.provider,
        Some(schema(vec![attribute("region", true)]))
    );
    let keys = |m: &BTreeMap<String, v6::Schema>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&merged.resource_schemas), ["a_thing", "b_thing"]);
    assert_eq!(keys(&merged.data_source_schemas), ["a_thing", "b_thing"]);
    assert_eq!(
        keys(&merged.ephemeral_resource_schemas),
        ["a_thing", "b_thing"]
    );
    assert_eq!(keys(&merged.list_resource_schemas), ["a_thing", "b_thing"]);
    assert_eq!(
        merged.action_schemas.keys().collect::<Vec<_>>(),
        ["a_act", "b_act"]
    );
    assert_eq!(
        merged.functions.keys().collect::<Vec<_>>(),
        ["a_fn", "b_fn"]
    );
    // tf6muxserver/server_capabilities.go: every capability, whatever the
    // servers say.
    let all = v6::ServerCapabilities {
        plan_destroy: true,
        get_provider_schema_optional: true,
        move_resource_state: true,
        generate_resource_config: true,
    };
    assert_eq!(merged.server_capabilities, Some(all));

    let metadata = ok(mux.get_metadata(Request::new(Default::default())).await).await;
    assert_eq!(metadata.server_capabilities, Some(all));
    let names: Vec<&str> = metadata
        .resources
        .iter()
        .map(|r| r.type_name.as_str())
        .collect();
    assert_eq!(names, ["a_thing", "b_thing"]);
    let names: Vec<&str> = metadata.functions.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["a_fn", "b_fn"]);
}

#[tokio::test]
async fn a_type_or_function_served_twice_is_an_error_naming_it() {
    let log = Log::default();
    let mux = mux(vec![server("a", "x", &log), server("b", "x", &log)]);
    let merged = ok(mux
        .get_provider_schema(Request::new(Default::default()))
        .await)
    .await;
    let duplicate = |what: &str, rule: &str, label: &str, name: &str| {
        error(
            "Invalid Provider Server Combination",
            &format!(
                "The combined provider has multiple implementations of the same {what} across underlying providers. {rule} must be implemented by only one underlying provider. {BUG}\n\nDuplicate {label}: {name}"
            ),
        )
    };
    let expected = [
        duplicate("action type", "Actions", "action", "x_act"),
        duplicate(
            "resource type",
            "Resource types",
            "resource type",
            "x_thing",
        ),
        duplicate(
            "data source type",
            "Data source types",
            "data source type",
            "x_thing",
        ),
        duplicate(
            "ephemeral resource type",
            "Ephemeral resource types",
            "ephemeral resource type",
            "x_thing",
        ),
        duplicate(
            "list resource type",
            "List resource types",
            "list resource type",
            "x_thing",
        ),
        duplicate("function name", "Functions", "function", "x_fn"),
    ];
    for diagnostic in &expected {
        assert!(
            merged.diagnostics.contains(diagnostic),
            "{diagnostic:?} not in {:?}",
            merged.diagnostics
        );
    }
    assert_eq!(merged.diagnostics.len(), expected.len());
    // A per-type call after the discovery found the duplicates answers them.
    let read = v6::read_resource::Request {
        type_name: "x_thing".into(),
        ..Default::default()
    };
    let mux2 = self::mux(vec![server("a", "x", &log), server("b", "x", &log)]);
    let answer = ok(mux2.read_resource(Request::new(read)).await).await;
    assert!(
        answer.diagnostics.contains(&expected[1]),
        "{:?}",
        answer.diagnostics
    );
}

#[tokio::test]
async fn differing_provider_schemas_are_an_error_saying_where() {
    let log = Log::default();
    let mut b = server("b", "b", &log);
    b.schema.provider = Some(schema(vec![
        attribute("region", false),
        attribute("zone", true),
    ]));
    let mux = Mux::builder()
        .protocol_6(server("a", "a", &log))
        .server("the b server", Arc::new(b))
        .build();
    let merged = ok(mux
        .get_provider_schema(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(merged.diagnostics.len(), 1, "{:?}", merged.diagnostics);
    let diagnostic = &merged.diagnostics[0];
    assert_eq!(diagnostic.summary, "Invalid Provider Server Combination");
    let text = format!(
        "The combined provider has differing provider schema implementations across providers. Provider schemas must be identical across providers. {BUG}\n\nProvider schema difference: "
    );
    let Some(difference) = diagnostic.detail.strip_prefix(&text) else {
        panic!("{:?} does not start with mux's text", diagnostic.detail);
    };
    let a = std::any::type_name::<Canned>();
    assert_eq!(
        difference,
        format!(
            "schema.attribute \"region\": required is true in the b server but false in {a}\n\
             schema.attribute \"region\": optional is false in the b server but true in {a}\n\
             schema.attribute \"zone\": only in the b server"
        )
    );
    // The first server's schema is kept.
    assert_eq!(
        merged.provider,
        Some(schema(vec![attribute("region", true)]))
    );
}

#[tokio::test]
async fn the_order_of_attributes_and_blocks_does_not_make_schemas_differ() {
    let log = Log::default();
    let block = |min_items| v6::schema::NestedBlock {
        type_name: "rule".into(),
        block: Some(v6::schema::Block::default()),
        nesting: v6::schema::nested_block::NestingMode::List as i32,
        min_items,
        max_items: 0,
    };
    let mut a = server("a", "a", &log);
    let mut b = server("b", "b", &log);
    let mut first = schema(vec![attribute("region", true), attribute("zone", true)]);
    let mut second = schema(vec![attribute("zone", true), attribute("region", true)]);
    if let (Some(x), Some(y)) = (first.block.as_mut(), second.block.as_mut()) {
        // mux ignores a nested block's min_items and max_items too.
        x.block_types = vec![block(0)];
        y.block_types = vec![block(1)];
    }
    a.schema.provider = Some(first);
    b.schema.provider = Some(second);
    let mux = mux(vec![a, b]);
    let merged = ok(mux
        .get_provider_schema(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(merged.diagnostics, vec![]);
}

/// Calls every per-type RPC of the mux for the types of `prefix`.
async fn call_every_per_type_rpc(mux: &Mux, prefix: &str) -> Vec<&'static str> {
    let thing = format!("{prefix}_thing");
    let act = format!("{prefix}_act");
    macro_rules! call {
        ($method:ident, $rpc:ident { $($field:ident: $value:expr),* }) => {{
            let request = v6::$rpc::Request { $($field: $value,)* ..Default::default() };
            let answer = mux.$method(Request::new(request)).await;
            assert!(answer.is_ok(), "{}: {:?}", stringify!($method), answer.err());
            stringify!($method)
        }};
    }
    let proposed = Some(v6::DynamicValue {
        msgpack: vec![0x80],
        json: vec![],
    });
    let mut called = vec![
        call!(
            validate_resource_config,
            validate_resource_config {
                type_name: thing.clone()
            }
        ),
        call!(
            validate_data_resource_config,
            validate_data_resource_config {
                type_name: thing.clone()
            }
        ),
        call!(
            upgrade_resource_state,
            upgrade_resource_state {
                type_name: thing.clone()
            }
        ),
        call!(
            upgrade_resource_identity,
            upgrade_resource_identity {
                type_name: thing.clone()
            }
        ),
        call!(
            read_resource,
            read_resource {
                type_name: thing.clone()
            }
        ),
        call!(
            plan_resource_change,
            plan_resource_change {
                type_name: thing.clone(),
                proposed_new_state: proposed
            }
        ),
        call!(
            apply_resource_change,
            apply_resource_change {
                type_name: thing.clone()
            }
        ),
        call!(
            import_resource_state,
            import_resource_state {
                type_name: thing.clone()
            }
        ),
        call!(
            move_resource_state,
            move_resource_state {
                target_type_name: thing.clone()
            }
        ),
        call!(
            read_data_source,
            read_data_source {
                type_name: thing.clone()
            }
        ),
        call!(
            generate_resource_config,
            generate_resource_config {
                type_name: thing.clone()
            }
        ),
        call!(
            validate_ephemeral_resource_config,
            validate_ephemeral_resource_config {
                type_name: thing.clone()
            }
        ),
        call!(
            open_ephemeral_resource,
            open_ephemeral_resource {
                type_name: thing.clone()
            }
        ),
        call!(
            renew_ephemeral_resource,
            renew_ephemeral_resource {
                type_name: thing.clone()
            }
        ),
        call!(
            close_ephemeral_resource,
            close_ephemeral_resource {
                type_name: thing.clone()
            }
        ),
        call!(
            validate_list_resource_config,
            validate_list_resource_config {
                type_name: thing.clone()
            }
        ),
        call!(
            validate_action_config,
            validate_action_config {
                type_name: act.clone()
            }
        ),
        call!(
            plan_action,
            plan_action {
                action_type: act.clone()
            }
        ),
        call!(
            call_function,
            call_function {
                name: format!("{prefix}_fn")
            }
        ),
    ];
    let list = v6::list_resource::Request {
        type_name: thing.clone(),
        ..Default::default()
    };
    assert!(mux.list_resource(Request::new(list)).await.is_ok());
    called.push("list_resource");
    let invoke = v6::invoke_action::Request {
        action_type: act,
        ..Default::default()
    };
    assert!(mux.invoke_action(Request::new(invoke)).await.is_ok());
    called.push("invoke_action");
    called
}

#[tokio::test]
async fn every_per_type_rpc_goes_to_the_server_owning_the_type() {
    let log = Log::default();
    let mut a = server("a", "a", &log);
    a.metadata = false; // discovered through GetProviderSchema instead
    let mux = mux(vec![a, server("b", "b", &log)]);
    // The first call discovers the servers' types, lazily.
    let called = call_every_per_type_rpc(&mux, "b").await;
    let mut seen = calls(&log);
    let mut discovery: Vec<_> = seen.drain(..3).collect();
    discovery.sort();
    assert_eq!(
        discovery,
        [
            ("a", "get_metadata"),
            ("a", "get_provider_schema"),
            ("b", "get_metadata")
        ]
    );
    let expected: Vec<_> = called.iter().map(|rpc| ("b", *rpc)).collect();
    assert_eq!(seen, expected);
    let called = call_every_per_type_rpc(&mux, "a").await;
    let expected: Vec<_> = called.iter().map(|rpc| ("a", *rpc)).collect();
    assert_eq!(
        calls(&log),
        expected,
        "no second discovery, and every call to a"
    );
}

#[tokio::test]
async fn a_type_no_server_serves_gets_mux_not_implemented_texts() {
    let log = Log::default();
    let mux = mux(vec![server("a", "a", &log)]);
    let read = v6::read_resource::Request {
        type_name: "z_thing".into(),
        ..Default::default()
    };
    let answer = ok(mux.read_resource(Request::new(read)).await).await;
    let missing = format!(
        "The combined provider does not implement the requested resource type. {BUG}\n\nMissing resource type: z_thing"
    );
    assert_eq!(
        answer.diagnostics,
        [error("Resource Not Implemented", &missing)]
    );

    let read = v6::read_data_source::Request {
        type_name: "z_thing".into(),
        ..Default::default()
    };
    let answer = ok(mux.read_data_source(Request::new(read)).await).await;
    let missing = format!(
        "The combined provider does not implement the requested data source type. {BUG}\n\nMissing data source type: z_thing"
    );
    assert_eq!(
        answer.diagnostics,
        [error("Data Source Not Implemented", &missing)]
    );

    let call = v6::call_function::Request {
        name: "z_fn".into(),
        ..Default::default()
    };
    let answer = ok(mux.call_function(Request::new(call)).await).await;
    let text = format!(
        "Function Not Implemented: The combined provider does not implement the requested function. {BUG}\n\nMissing function: z_fn"
    );
    assert_eq!(
        answer.error,
        Some(v6::FunctionError {
            text,
            function_argument: None
        })
    );

    let list = v6::list_resource::Request {
        type_name: "z_thing".into(),
        ..Default::default()
    };
    let stream = ok(mux.list_resource(Request::new(list)).await).await;
    let events: Vec<_> = stream.collect().await;
    let missing = format!(
        "The combined provider does not implement the requested list resource type. {BUG}\n\nMissing list resource type: z_thing"
    );
    let expected = v6::list_resource::Event {
        diagnostic: vec![error("List Resource Not Implemented", &missing)],
        ..Default::default()
    };
    assert_eq!(
        events.into_iter().map(Result::ok).collect::<Vec<_>>(),
        [Some(expected)]
    );

    let invoke = v6::invoke_action::Request {
        action_type: "z_act".into(),
        ..Default::default()
    };
    let stream = ok(mux.invoke_action(Request::new(invoke)).await).await;
    let events: Vec<_> = stream.collect().await;
    let missing = format!(
        "The combined provider does not implement the requested action. {BUG}\n\nMissing action: z_act"
    );
    use v6::invoke_action::event::{Completed, Type};
    let expected = v6::invoke_action::Event {
        r#type: Some(Type::Completed(Completed {
            diagnostics: vec![error("Action Not Implemented", &missing)],
        })),
    };
    assert_eq!(
        events.into_iter().map(Result::ok).collect::<Vec<_>>(),
        [Some(expected)]
    );
}

fn warning(summary: &str) -> v6::Diagnostic {
    v6::Diagnostic {
        severity: v6::diagnostic::Severity::Warning as i32,
        summary: summary.into(),
        ..Default::default()
    }
}

#[tokio::test]
async fn configure_validate_and_stop_reach_every_server_and_join_what_they_say() {
    let log = Log::default();
    let (mut a, mut b) = (server("a", "a", &log), server("b", "b", &log));
    a.configure = vec![warning("from a")];
    b.configure = vec![warning("from b")];
    a.stop_error = "a is busy".into();
    b.stop_error = "b is busy".into();
    let mux = mux(vec![a, b]);

    let answer = ok(mux
        .configure_provider(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(answer.diagnostics, [warning("from a"), warning("from b")]);
    assert_eq!(
        calls(&log),
        [("a", "configure_provider"), ("b", "configure_provider")]
    );

    let answer = ok(mux
        .validate_provider_config(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(answer.diagnostics, [warning("from a"), warning("from b")]);
    let mut seen = calls(&log);
    seen.sort();
    assert_eq!(
        seen,
        [
            ("a", "validate_provider_config"),
            ("b", "validate_provider_config")
        ]
    );

    let answer = ok(mux.stop_provider(Request::new(Default::default())).await).await;
    // mux_server_StopProvider.go joins the errors with newlines.
    assert_eq!(answer.error, "a is busy\nb is busy");
    let mut seen = calls(&log);
    seen.sort();
    assert_eq!(seen, [("a", "stop_provider"), ("b", "stop_provider")]);
}

#[tokio::test]
async fn configure_stops_at_the_first_server_that_answers_an_error() {
    let log = Log::default();
    let mut a = server("a", "a", &log);
    a.configure = vec![warning("first"), error("Bad credentials", "")];
    let mux = mux(vec![a, server("b", "b", &log)]);
    let answer = ok(mux
        .configure_provider(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(
        answer.diagnostics,
        [warning("first"), error("Bad credentials", "")]
    );
    assert_eq!(calls(&log), [("a", "configure_provider")]);
}

#[tokio::test]
async fn a_server_failing_a_call_to_every_server_is_named() {
    let log = Log::default();
    let mut a = server("a", "a", &log);
    a.metadata = false;
    let mux = mux(vec![a]);
    // GetMetadata through the mux passes the server's failure on, named
    // (mux_server_GetMetadata.go: "error calling GetMetadata for %T: %w").
    let status = match mux.get_metadata(Request::new(Default::default())).await {
        Ok(_) => panic!("GetMetadata of a server without it succeeded"),
        Err(status) => status,
    };
    assert_eq!(status.code(), tonic::Code::Unimplemented);
    assert_eq!(
        status.message(),
        format!(
            "error calling GetMetadata for {}: GetMetadata",
            std::any::type_name::<Canned>()
        )
    );
}

#[tokio::test]
async fn destroy_plans_of_a_server_without_plan_destroy_are_answered_by_the_mux() {
    let log = Log::default();
    let mut a = server("a", "a", &log);
    a.schema.server_capabilities = Some(v6::ServerCapabilities::default());
    let mux = mux(vec![a]);
    let null = v6::DynamicValue {
        msgpack: vec![0xc0],
        json: vec![],
    };
    let plan = v6::plan_resource_change::Request {
        type_name: "a_thing".into(),
        proposed_new_state: Some(null.clone()),
        prior_private: b"kept".to_vec(),
        ..Default::default()
    };
    let answer = ok(mux.plan_resource_change(Request::new(plan)).await).await;
    assert_eq!(answer.planned_state, Some(null));
    assert_eq!(answer.planned_private, b"kept");
    assert_eq!(
        calls(&log),
        [("a", "get_metadata")],
        "the server planned a destroy"
    );
    // Not a destroy: the server plans it.
    let plan = v6::plan_resource_change::Request {
        type_name: "a_thing".into(),
        proposed_new_state: Some(v6::DynamicValue {
            msgpack: vec![0x80],
            json: vec![],
        }),
        ..Default::default()
    };
    ok(mux.plan_resource_change(Request::new(plan)).await).await;
    assert_eq!(calls(&log), [("a", "plan_resource_change")]);
}

#[tokio::test]
async fn a_slow_server_does_not_hold_up_calls_to_another() {
    let log = Log::default();
    let gate = Arc::new(Notify::new());
    let mut a = server("a", "a", &log);
    a.gate = Some(Arc::clone(&gate));
    let mux = mux(vec![a, server("b", "b", &log)]);
    ok(mux
        .get_provider_schema(Request::new(Default::default()))
        .await)
    .await;
    let slow = {
        let mux = mux.clone();
        tokio::spawn(async move {
            let read = v6::read_resource::Request {
                type_name: "a_thing".into(),
                ..Default::default()
            };
            mux.read_resource(Request::new(read)).await.is_ok()
        })
    };
    let read = v6::read_resource::Request {
        type_name: "b_thing".into(),
        ..Default::default()
    };
    let fast = tokio::time::timeout(
        Duration::from_secs(5),
        mux.read_resource(Request::new(read)),
    )
    .await;
    assert!(matches!(fast, Ok(Ok(_))), "the call to b waited for a");
    assert!(!slow.is_finished());
    gate.notify_one();
    assert!(matches!(slow.await, Ok(true)));
}

mod typed {
    //! Typed providers, one in process on protocol 6 and one on protocol 5.

    use tfschema::diag::Diagnostics;
    use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
    use tfschema::{TfSchema, TfValue};

    #[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
    pub struct Plain {
        pub name: String,
    }

    #[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
    pub struct Part {
        pub size: i64,
    }

    #[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
    pub struct Nested {
        #[tf(nested)]
        pub parts: Option<Vec<Part>>,
    }

    macro_rules! stored {
        ($name:ident, $model:ty) => {
            pub struct $name;

            impl Resource for $name {
                type Client = ();
                type Model = $model;

                async fn create(
                    &self,
                    _: &mut Ctx<()>,
                    planned: $model,
                ) -> Result<$model, Diagnostics> {
                    Ok(planned)
                }

                async fn read(
                    &self,
                    _: &mut Ctx<()>,
                    current: $model,
                ) -> Result<Option<$model>, Diagnostics> {
                    Ok(Some(current))
                }

                async fn update(
                    &self,
                    _: &mut Ctx<()>,
                    _: $model,
                    planned: $model,
                ) -> Result<$model, Diagnostics> {
                    Ok(planned)
                }

                async fn delete(&self, _: &mut Ctx<()>, _: $model) -> Result<(), Diagnostics> {
                    Ok(())
                }
            }
        };
    }
    stored!(Plains, Plain);
    stored!(Nesteds, Nested);

    pub fn plain(name: &str) -> TypedProvider<NoConfig> {
        TypedProvider::without_config().resource(name, Plains)
    }

    pub fn nested(name: &str) -> TypedProvider<NoConfig> {
        TypedProvider::without_config().resource(name, Nesteds)
    }
}

#[tokio::test]
async fn typed_providers_on_both_protocols_make_one_provider() {
    let mux = Mux::builder()
        .provider(typed::plain("x_ported"))
        .protocol_5(GrpcProvider::new(typed::plain("x_legacy")).v5())
        .build();
    let merged = ok(mux
        .get_provider_schema(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(merged.diagnostics, vec![]);
    assert_eq!(
        merged.resource_schemas.keys().collect::<Vec<_>>(),
        ["x_legacy", "x_ported"]
    );
    assert!(!mux.services().await.served().requires_v6);

    // A plan of each type reaches its provider and is planned there.
    for type_name in ["x_ported", "x_legacy"] {
        let config = v6::DynamicValue {
            // {"name": "n"} as msgpack
            msgpack: vec![0x81, 0xa4, b'n', b'a', b'm', b'e', 0xa1, b'n'],
            json: vec![],
        };
        let plan = v6::plan_resource_change::Request {
            type_name: type_name.into(),
            prior_state: Some(v6::DynamicValue {
                msgpack: vec![0xc0],
                json: vec![],
            }),
            proposed_new_state: Some(config.clone()),
            config: Some(config.clone()),
            ..Default::default()
        };
        let answer = ok(mux.plan_resource_change(Request::new(plan)).await).await;
        assert_eq!(answer.diagnostics, vec![], "{type_name}");
        assert_eq!(answer.planned_state, Some(config), "{type_name}");
    }
}

#[tokio::test]
async fn a_mux_with_nested_attributes_is_refused_on_protocol_5() {
    let mux = Mux::builder()
        .provider(typed::plain("x_plain"))
        .provider(typed::nested("x_nested"))
        .build();
    assert!(mux.services().await.served().requires_v6);
    let v5 = Downgrade::new(mux);
    let answer = v5.get_schema(Request::new(Default::default())).await;
    let answer = answer
        .unwrap_or_else(|status| panic!("{status}"))
        .into_inner();
    assert_eq!(answer.diagnostics.len(), 1);
    // internal/tfprotov6tov5/tfprotov6tov5.go's wrapping.
    assert!(answer.diagnostics[0].detail.starts_with(
        "unable to convert resource \"x_nested\" schema: unable to convert attribute \"parts\" schema: SchemaAttribute NestedType is not implemented in protocol version 5"
    ));
}

#[tokio::test]
async fn a_server_restricted_with_only_serves_just_the_names_given() {
    // Two servers with the same types: unrestricted they collide (the test
    // above); each restricted to its share, they make one provider, and
    // each call goes to the server keeping its type.
    let log = Log::default();
    let mux = Mux::builder()
        .protocol_6_only(server("a", "x", &log), ["x_thing", "x_fn"])
        .protocol_6_only(server("b", "x", &log), ["x_act"])
        .build();
    let merged = ok(mux
        .get_provider_schema(Request::new(Default::default()))
        .await)
    .await;
    assert_eq!(merged.diagnostics, vec![]);
    assert_eq!(
        merged.resource_schemas.keys().collect::<Vec<_>>(),
        ["x_thing"]
    );
    assert_eq!(merged.action_schemas.keys().collect::<Vec<_>>(), ["x_act"]);
    assert_eq!(merged.functions.keys().collect::<Vec<_>>(), ["x_fn"]);
    let metadata = ok(mux.get_metadata(Request::new(Default::default())).await).await;
    assert_eq!(metadata.diagnostics, vec![]);
    let actions: Vec<&str> = metadata
        .actions
        .iter()
        .map(|a| a.type_name.as_str())
        .collect();
    assert_eq!(actions, ["x_act"]);
    log.lock().unwrap_or_else(PoisonError::into_inner).clear();

    let read = v6::read_resource::Request {
        type_name: "x_thing".into(),
        ..Default::default()
    };
    ok(mux.read_resource(Request::new(read)).await).await;
    let plan = v6::plan_action::Request {
        action_type: "x_act".into(),
        ..Default::default()
    };
    ok(mux.plan_action(Request::new(plan)).await).await;
    assert_eq!(calls(&log), [("a", "read_resource"), ("b", "plan_action")]);
}

#[tokio::test]
async fn discovery_reads_a_restricted_server_s_names_only() {
    // No merged call first: the first per-type call discovers the servers
    // (GetMetadata), and the restriction holds there too.
    let log = Log::default();
    let mux = Mux::builder()
        .protocol_6_only(server("a", "x", &log), ["x_thing", "x_fn"])
        .protocol_6_only(server("b", "x", &log), ["x_act"])
        .build();
    let plan = v6::plan_action::Request {
        action_type: "x_act".into(),
        ..Default::default()
    };
    let answer = ok(mux.plan_action(Request::new(plan)).await).await;
    assert_eq!(answer.diagnostics, vec![], "no type served twice");
    let read = v6::read_resource::Request {
        type_name: "x_thing".into(),
        ..Default::default()
    };
    ok(mux.read_resource(Request::new(read)).await).await;
    let routed: Vec<_> = calls(&log)
        .into_iter()
        .filter(|(_, rpc)| *rpc != "get_metadata")
        .collect();
    assert_eq!(routed, [("b", "plan_action"), ("a", "read_resource")]);
}
