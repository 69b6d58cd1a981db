//! `server::translate`: protocol 5 messages through protocol 6 and back,
//! and protocol 6 through 5 and back, equal to what they were; `Downgrade`
//! refusing nested attributes with terraform-plugin-mux's text; `Upgrade`
//! and `Downgrade` serving a provider.
//!
//! The fixtures are written by hand with every field of every message set
//! to a value that is not its default, except the fields that only one
//! protocol has (tested on their own below).

#![cfg(feature = "server")]
#![allow(clippy::panic)] // a test fails by panicking

use std::collections::BTreeMap;
use std::fmt::Debug;

use tfschema::diag::Diagnostics;
use tfschema::server::proto::tfplugin5::provider_server::Provider as _;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::server::proto::{tfplugin5 as v5, tfplugin6 as v6, GrpcProvider};
use tfschema::server::translate::nested_attribute_error;
use tfschema::server::translate::{Downgrade, Translate, Upgrade};
use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
use tfschema::{TfSchema, TfValue};
use tonic::Request;

/// `a` through the other protocol and back is `a`, and the other protocol's
/// message is not empty.
fn round_trip<A, B>(a: A)
where
    A: Translate<B> + Clone + PartialEq + Debug,
    B: Translate<A> + Default + PartialEq + Debug,
{
    let there: B = a.clone().translate();
    assert_ne!(there, B::default(), "nothing reached the other protocol");
    let back: A = there.translate();
    assert_eq!(back, a);
}

/// The messages without a protocol 6 only field, in either protocol.
macro_rules! common {
    ($pb:ident) => {{
        use $pb as pb;
        let dynamic = |n: u8| pb::DynamicValue {
            msgpack: vec![0x81, n],
            json: format!("{{\"n\":{n}}}").into_bytes(),
        };
        let path = pb::AttributePath {
            steps: vec![
                pb::attribute_path::Step {
                    selector: Some(pb::attribute_path::step::Selector::AttributeName(
                        "tags".into(),
                    )),
                },
                pb::attribute_path::Step {
                    selector: Some(pb::attribute_path::step::Selector::ElementKeyString(
                        "k".into(),
                    )),
                },
                pb::attribute_path::Step {
                    selector: Some(pb::attribute_path::step::Selector::ElementKeyInt(3)),
                },
            ],
        };
        let diagnostic = pb::Diagnostic {
            severity: pb::diagnostic::Severity::Warning as i32,
            summary: "Careful".into(),
            detail: "The tag is odd.".into(),
            attribute: Some(path),
        };
        let identity = move |n| pb::ResourceIdentityData {
            identity_data: Some(dynamic(n)),
        };
        let deferred = pb::Deferred {
            reason: pb::deferred::Reason::AbsentPrereq as i32,
        };
        let function = pb::Function {
            parameters: vec![pb::function::Parameter {
                name: "input".into(),
                r#type: b"\"string\"".to_vec(),
                allow_null_value: true,
                allow_unknown_values: true,
                description: "The input.".into(),
                description_kind: pb::StringKind::Markdown as i32,
            }],
            variadic_parameter: Some(pb::function::Parameter {
                name: "rest".into(),
                r#type: b"\"number\"".to_vec(),
                allow_null_value: true,
                allow_unknown_values: false,
                description: "More.".into(),
                description_kind: pb::StringKind::Plain as i32,
            }),
            r#return: Some(pb::function::Return {
                r#type: b"\"bool\"".to_vec(),
            }),
            summary: "Checks".into(),
            description: "Checks the input.".into(),
            description_kind: pb::StringKind::Markdown as i32,
            deprecation_message: "Use check2.".into(),
        };
        let timestamp = prost_types::Timestamp {
            seconds: 1_700_000_000,
            nanos: 5,
        };
        (dynamic, diagnostic, identity, deferred, function, timestamp)
    }};
}

fn v5_schema(n: i64) -> v5::Schema {
    let attribute = |name: &str| v5::schema::Attribute {
        name: name.into(),
        r#type: b"[\"map\",\"string\"]".to_vec(),
        description: "An attribute.".into(),
        required: false,
        optional: true,
        computed: true,
        sensitive: true,
        description_kind: v5::StringKind::Markdown as i32,
        deprecated: true,
        write_only: true,
        deprecation_message: "Going away.".into(),
    };
    let inner = v5::schema::Block {
        version: 2,
        attributes: vec![attribute("inner")],
        block_types: vec![],
        description: "Inner.".into(),
        description_kind: v5::StringKind::Markdown as i32,
        deprecated: true,
        deprecation_message: "Old block.".into(),
    };
    v5::Schema {
        version: n,
        block: Some(v5::schema::Block {
            version: n,
            attributes: vec![attribute("tags"), attribute("name")],
            block_types: vec![v5::schema::NestedBlock {
                type_name: "rule".into(),
                block: Some(inner),
                nesting: v5::schema::nested_block::NestingMode::Group as i32,
                min_items: 1,
                max_items: 4,
            }],
            description: "A thing.".into(),
            description_kind: v5::StringKind::Plain as i32,
            deprecated: true,
            deprecation_message: "Use other.".into(),
        }),
    }
}

/// The protocol 6 twin of [`v5_schema`], written out (the protocol 6 only
/// `computed` and `nested_type` at their defaults).
fn v6_schema(n: i64) -> v6::Schema {
    let attribute = |name: &str| v6::schema::Attribute {
        name: name.into(),
        r#type: b"[\"map\",\"string\"]".to_vec(),
        description: "An attribute.".into(),
        required: false,
        optional: true,
        computed: true,
        sensitive: true,
        description_kind: v6::StringKind::Markdown as i32,
        deprecated: true,
        nested_type: None,
        write_only: true,
        deprecation_message: "Going away.".into(),
    };
    let inner = v6::schema::Block {
        version: 2,
        attributes: vec![attribute("inner")],
        block_types: vec![],
        description: "Inner.".into(),
        description_kind: v6::StringKind::Markdown as i32,
        deprecated: true,
        deprecation_message: "Old block.".into(),
        computed: false,
    };
    v6::Schema {
        version: n,
        block: Some(v6::schema::Block {
            version: n,
            attributes: vec![attribute("tags"), attribute("name")],
            block_types: vec![v6::schema::NestedBlock {
                type_name: "rule".into(),
                block: Some(inner),
                nesting: v6::schema::nested_block::NestingMode::Group as i32,
                min_items: 1,
                max_items: 4,
            }],
            description: "A thing.".into(),
            description_kind: v6::StringKind::Plain as i32,
            deprecated: true,
            deprecation_message: "Use other.".into(),
            computed: false,
        }),
    }
}

macro_rules! messages {
    ($pb:ident, $schema:ident, $caps:expr, $plan:expr $(,)?) => {{
        use $pb as pb;
        let (dynamic, diagnostic, identity, deferred, function, timestamp) = common!($pb);
        let schemas = |n| {
            BTreeMap::from([
                ("x_a".to_owned(), $schema(n)),
                ("x_b".into(), $schema(n + 1)),
            ])
        };
        let get_schema = pb::get_provider_schema::Response {
            provider: Some($schema(1)),
            resource_schemas: schemas(2),
            data_source_schemas: schemas(4),
            diagnostics: vec![diagnostic.clone()],
            provider_meta: Some($schema(6)),
            server_capabilities: Some(pb::ServerCapabilities {
                plan_destroy: true,
                get_provider_schema_optional: true,
                move_resource_state: true,
                generate_resource_config: true,
            }),
            functions: BTreeMap::from([("check".to_owned(), function.clone())]),
            ephemeral_resource_schemas: schemas(7),
            list_resource_schemas: schemas(9),
            action_schemas: BTreeMap::from([(
                "x_act".to_owned(),
                pb::ActionSchema {
                    schema: Some($schema(11)),
                },
            )]),
        };
        let metadata = pb::get_metadata::Response {
            server_capabilities: Some(pb::ServerCapabilities {
                plan_destroy: true,
                get_provider_schema_optional: false,
                move_resource_state: true,
                generate_resource_config: false,
            }),
            diagnostics: vec![diagnostic.clone()],
            data_sources: vec![pb::get_metadata::DataSourceMetadata {
                type_name: "x_d".into(),
            }],
            resources: vec![pb::get_metadata::ResourceMetadata {
                type_name: "x_r".into(),
            }],
            functions: vec![pb::get_metadata::FunctionMetadata { name: "f".into() }],
            ephemeral_resources: vec![pb::get_metadata::EphemeralMetadata {
                type_name: "x_e".into(),
            }],
            list_resources: vec![pb::get_metadata::ListResourceMetadata {
                type_name: "x_l".into(),
            }],
            actions: vec![pb::get_metadata::ActionMetadata {
                type_name: "x_act".into(),
            }],
        };
        let identity_schemas = pb::get_resource_identity_schemas::Response {
            identity_schemas: BTreeMap::from([(
                "x_r".to_owned(),
                pb::ResourceIdentitySchema {
                    version: 3,
                    identity_attributes: vec![pb::resource_identity_schema::IdentityAttribute {
                        name: "id".into(),
                        r#type: b"\"string\"".to_vec(),
                        required_for_import: true,
                        optional_for_import: true,
                        description: "The id.".into(),
                    }],
                },
            )]),
            diagnostics: vec![diagnostic.clone()],
        };
        let upgrade = pb::upgrade_resource_state::Request {
            type_name: "x_r".into(),
            version: 4,
            raw_state: Some(pb::RawState {
                json: b"{}".to_vec(),
                flatmap: BTreeMap::from([("a.#".to_owned(), "1".to_owned())]),
            }),
        };
        let read = pb::read_resource::Response {
            new_state: Some(dynamic(1)),
            diagnostics: vec![diagnostic.clone()],
            private: b"p".to_vec(),
            deferred: Some(deferred.clone()),
            new_identity: Some(identity(2)),
        };
        let import = pb::import_resource_state::Response {
            imported_resources: vec![pb::import_resource_state::ImportedResource {
                type_name: "x_r".into(),
                state: Some(dynamic(3)),
                private: b"q".to_vec(),
                identity: Some(identity(4)),
            }],
            diagnostics: vec![diagnostic.clone()],
            deferred: Some(deferred.clone()),
        };
        let moved = pb::move_resource_state::Request {
            source_provider_address: "registry.terraform.io/x/old".into(),
            source_type_name: "old_r".into(),
            source_schema_version: 2,
            source_state: Some(pb::RawState {
                json: b"{\"a\":1}".to_vec(),
                flatmap: BTreeMap::new(),
            }),
            target_type_name: "x_r".into(),
            source_private: b"s".to_vec(),
            source_identity: Some(pb::RawState {
                json: b"{\"id\":1}".to_vec(),
                flatmap: BTreeMap::new(),
            }),
            source_identity_schema_version: 1,
        };
        let open = pb::open_ephemeral_resource::Response {
            diagnostics: vec![diagnostic.clone()],
            renew_at: Some(timestamp),
            result: Some(dynamic(5)),
            private: Some(b"e".to_vec()),
            deferred: Some(deferred.clone()),
        };
        let called = pb::call_function::Response {
            result: Some(dynamic(6)),
            error: Some(pb::FunctionError {
                text: "bad".into(),
                function_argument: Some(1),
            }),
        };
        let listed = pb::list_resource::Event {
            identity: Some(identity(7)),
            display_name: "thing 7".into(),
            resource_object: Some(dynamic(7)),
            diagnostic: vec![diagnostic.clone()],
        };
        let progress = pb::invoke_action::Event {
            r#type: Some(pb::invoke_action::event::Type::Progress(
                pb::invoke_action::event::Progress {
                    message: "half".into(),
                },
            )),
        };
        let completed = pb::invoke_action::Event {
            r#type: Some(pb::invoke_action::event::Type::Completed(
                pb::invoke_action::event::Completed {
                    diagnostics: vec![diagnostic.clone()],
                },
            )),
        };
        let plan = $plan(dynamic, identity);
        let configured = (Some(dynamic(8)), Some($caps));
        (
            get_schema,
            metadata,
            identity_schemas,
            upgrade,
            read,
            import,
            moved,
            open,
            called,
            listed,
            progress,
            completed,
            configured,
            plan,
        )
    }};
}

/// Round-trips each of the messages `messages!` wrote.
macro_rules! round_trip_all {
    ($messages:expr) => {{
        let (
            schema,
            metadata,
            identities,
            upgrade,
            read,
            import,
            moved,
            open,
            called,
            listed,
            progress,
            completed,
            _,
            plan,
        ) = $messages;
        round_trip::<_, _>(schema);
        round_trip::<_, _>(metadata);
        round_trip::<_, _>(identities);
        round_trip::<_, _>(upgrade);
        round_trip::<_, _>(read);
        round_trip::<_, _>(import);
        round_trip::<_, _>(moved);
        round_trip::<_, _>(open);
        round_trip::<_, _>(called);
        round_trip::<_, _>(listed);
        round_trip::<_, _>(progress);
        round_trip::<_, _>(completed);
        round_trip::<_, _>(plan);
    }};
}

fn v5_plan(
    dynamic: impl Fn(u8) -> v5::DynamicValue,
    identity: impl Fn(u8) -> v5::ResourceIdentityData,
) -> v5::plan_resource_change::Request {
    v5::plan_resource_change::Request {
        type_name: "x_r".into(),
        prior_state: Some(dynamic(1)),
        proposed_new_state: Some(dynamic(2)),
        config: Some(dynamic(3)),
        prior_private: b"pp".to_vec(),
        provider_meta: Some(dynamic(4)),
        client_capabilities: Some(v5::ClientCapabilities {
            deferral_allowed: true,
            write_only_attributes_allowed: true,
        }),
        prior_identity: Some(identity(5)),
    }
}

fn v6_plan(
    dynamic: impl Fn(u8) -> v6::DynamicValue,
    identity: impl Fn(u8) -> v6::ResourceIdentityData,
) -> v6::plan_resource_change::Request {
    v6::plan_resource_change::Request {
        type_name: "x_r".into(),
        prior_state: Some(dynamic(1)),
        proposed_new_state: Some(dynamic(2)),
        config: Some(dynamic(3)),
        prior_private: b"pp".to_vec(),
        provider_meta: Some(dynamic(4)),
        client_capabilities: Some(v6_caps()),
        prior_identity: Some(identity(5)),
        planned_private: Vec::new(),
    }
}

fn v6_caps() -> v6::ClientCapabilities {
    v6::ClientCapabilities {
        deferral_allowed: true,
        write_only_attributes_allowed: true,
        store_planned_private: false,
        computed_blocks_allowed: false,
    }
}

fn v5_caps() -> v5::ClientCapabilities {
    v5::ClientCapabilities {
        deferral_allowed: true,
        write_only_attributes_allowed: true,
    }
}

#[test]
fn protocol_5_messages_through_protocol_6_and_back_are_unchanged() {
    let messages = messages!(v5, v5_schema, v5_caps(), v5_plan);
    let (dynamic, caps) = messages.12.clone();
    round_trip::<_, v6::configure_provider::Request>(v5::configure::Request {
        terraform_version: "1.15.5".into(),
        config: dynamic,
        client_capabilities: caps,
    });
    round_trip::<_, v6::stop_provider::Response>(v5::stop::Response {
        error: "busy".into(),
    });
    round_trip_all!(messages);
}

#[test]
fn protocol_6_messages_through_protocol_5_and_back_are_unchanged() {
    let messages = messages!(v6, v6_schema, v6_caps(), v6_plan);
    let (dynamic, caps) = messages.12.clone();
    round_trip::<_, v5::configure::Request>(v6::configure_provider::Request {
        terraform_version: "1.15.5".into(),
        config: dynamic,
        client_capabilities: caps,
    });
    round_trip::<_, v5::stop::Response>(v6::stop_provider::Response {
        error: "busy".into(),
    });
    round_trip_all!(messages);
}

#[test]
fn the_two_protocols_number_their_enums_alike() {
    // The translations pass enums as their numbers; tfplugin5.proto and
    // tfplugin6.proto give the same numbers.
    use v5::schema::nested_block::NestingMode as N5;
    use v6::schema::nested_block::NestingMode as N6;
    assert_eq!(N5::Group as i32, N6::Group as i32);
    assert_eq!(N5::Map as i32, N6::Map as i32);
    assert_eq!(
        v5::StringKind::Markdown as i32,
        v6::StringKind::Markdown as i32
    );
    assert_eq!(
        v5::diagnostic::Severity::Warning as i32,
        v6::diagnostic::Severity::Warning as i32
    );
    assert_eq!(
        v5::deferred::Reason::AbsentPrereq as i32,
        v6::deferred::Reason::AbsentPrereq as i32
    );
}

#[test]
fn fields_only_protocol_6_has_are_dropped_on_the_way_to_5() {
    let mut block = v6_schema(1).block.unwrap_or_default();
    block.computed = true;
    let through: v6::schema::Block =
        Translate::<v5::schema::Block>::translate(block.clone()).translate();
    assert!(!through.computed);
    let caps = v6::ClientCapabilities {
        store_planned_private: true,
        computed_blocks_allowed: true,
        ..v6_caps()
    };
    let through: v6::ClientCapabilities =
        Translate::<v5::ClientCapabilities>::translate(caps).translate();
    assert_eq!(through, v6_caps());
    // And PrepareProviderConfig's prepared_config has no place in protocol 6.
    let answer = v5::prepare_provider_config::Response {
        prepared_config: Some(v5::DynamicValue {
            msgpack: vec![0xc0],
            json: vec![],
        }),
        diagnostics: vec![],
    };
    let v6: v6::validate_provider_config::Response = answer.translate();
    let back: v5::prepare_provider_config::Response = v6.translate();
    assert_eq!(back.prepared_config, None);
}

/// A disk of a machine, as nested attributes (protocol 6 only).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Disk {
    size: i64,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Machine {
    name: String,
    #[tf(nested)]
    disks: Option<Vec<Disk>>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Plain {
    name: String,
}

/// A resource type that stores what it is given.
macro_rules! stored {
    ($name:ident, $model:ty) => {
        struct $name;

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
stored!(Machines, Machine);
stored!(Plains, Plain);

// terraform-plugin-mux, internal/tfprotov6tov5/tfprotov6tov5.go:
// ErrSchemaAttributeNestedTypeNotImplemented, and the wrapping of Schema,
// SchemaAttribute, SchemaNestedBlock and GetProviderSchemaResponse.
const NESTED: &str = "SchemaAttribute NestedType is not implemented in protocol version 5";

#[tokio::test]
async fn downgrade_refuses_a_schema_with_nested_attributes_naming_the_type_and_attribute() {
    let provider = TypedProvider::<NoConfig>::without_config().resource("x_machine", Machines);
    let v5 = Downgrade::new(GrpcProvider::new(provider).v6());
    let answer = v5
        .get_schema(Request::new(Default::default()))
        .await
        .map(|r| r.into_inner());
    let answer = answer.unwrap_or_else(|status| panic!("GetSchema failed: {status}"));
    assert!(answer.resource_schemas.is_empty());
    assert_eq!(answer.diagnostics.len(), 1);
    let diagnostic = &answer.diagnostics[0];
    assert_eq!(diagnostic.severity, v5::diagnostic::Severity::Error as i32);
    let expected = format!(
        "unable to convert resource \"x_machine\" schema: unable to convert attribute \"disks\" \
         schema: {NESTED}"
    );
    assert!(
        diagnostic.detail.starts_with(&expected),
        "{:?} does not start with {expected:?}",
        diagnostic.detail
    );
}

#[test]
fn the_nested_attribute_error_names_the_blocks_on_the_way() {
    let mut schema = v6_schema(1);
    let nested = v6::schema::Object {
        attributes: vec![],
        nesting: v6::schema::object::NestingMode::List as i32,
        ..Default::default()
    };
    if let Some(rule) = schema
        .block
        .as_mut()
        .and_then(|b| b.block_types.first_mut())
    {
        if let Some(inner) = rule.block.as_mut() {
            inner.attributes[0].nested_type = Some(nested);
        }
    }
    let answer = v6::get_provider_schema::Response {
        provider: Some(v6_schema(1)),
        resource_schemas: BTreeMap::from([("x_r".to_owned(), schema.clone())]),
        ..Default::default()
    };
    assert_eq!(
        nested_attribute_error(&answer).as_deref(),
        Some(&*format!(
            "unable to convert resource \"x_r\" schema: unable to convert block \"rule\" schema: \
             unable to convert attribute \"inner\" schema: {NESTED}"
        ))
    );
    let provider = v6::get_provider_schema::Response {
        provider: Some(schema),
        ..Default::default()
    };
    assert_eq!(
        nested_attribute_error(&provider).as_deref(),
        Some(&*format!(
            "unable to convert provider schema: unable to convert block \"rule\" schema: unable \
             to convert attribute \"inner\" schema: {NESTED}"
        ))
    );
    assert_eq!(
        nested_attribute_error(&v6::get_provider_schema::Response::default()),
        None
    );
}

#[tokio::test]
async fn upgrade_serves_the_protocol_5_face_as_the_protocol_6_face_serves_it() {
    let provider = TypedProvider::<NoConfig>::without_config().resource("x_plain", Plains);
    let grpc = GrpcProvider::new(provider);
    let upgraded = Upgrade::new(grpc.v5());
    let via_5 = upgraded
        .get_provider_schema(Request::new(Default::default()))
        .await;
    let direct = grpc
        .v6()
        .get_provider_schema(Request::new(Default::default()))
        .await;
    let (via_5, direct) = match (via_5, direct) {
        (Ok(a), Ok(b)) => (a.into_inner(), b.into_inner()),
        (a, b) => panic!("GetProviderSchema failed: {:?} {:?}", a.err(), b.err()),
    };
    assert!(via_5.resource_schemas.contains_key("x_plain"));
    assert_eq!(via_5, direct);
}

#[tokio::test]
async fn downgrade_answers_prepare_provider_config_with_the_config_it_was_sent() {
    let provider = TypedProvider::<NoConfig>::without_config().resource("x_plain", Plains);
    let v5 = Downgrade::new(GrpcProvider::new(provider).v6());
    // An empty object, as msgpack: what NoConfig's configuration is.
    let config = v5::DynamicValue {
        msgpack: vec![0x80],
        json: vec![],
    };
    let request = v5::prepare_provider_config::Request {
        config: Some(config.clone()),
    };
    let answer = v5.prepare_provider_config(Request::new(request)).await;
    let answer = answer
        .unwrap_or_else(|status| panic!("{status}"))
        .into_inner();
    assert_eq!(answer.diagnostics, vec![]);
    assert_eq!(answer.prepared_config, Some(config));
}
