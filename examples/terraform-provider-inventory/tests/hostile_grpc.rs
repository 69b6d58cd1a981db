//! Hostile requests at the gRPC boundary, as `fuzz/`'s `grpc_request` target
//! sends them, kept as regular tests: the provider served by `GrpcProvider`
//! (protocol 6), called with type names it does not have, values of the
//! wrong type, JSON where Terraform sends msgpack, private state that is not
//! its own and lengths no request could hold. Each gets an answer with a
//! diagnostic that says what is wrong, never a panic.

mod common;

use common::{msgpack_dv, served, Served, TempDir};
use tfschema::server::proto::tfplugin6 as pb;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::{msgpack, Value};
use tonic::Request;

fn json_dv(text: &str) -> pb::DynamicValue {
    pb::DynamicValue {
        msgpack: Vec::new(),
        json: text.as_bytes().to_vec(),
    }
}

/// Each error as `summary | detail | path`, the path's steps joined by dots.
fn errors(diagnostics: &[pb::Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .filter(|d| d.severity == pb::diagnostic::Severity::Error as i32)
        .map(|d| {
            let path: Vec<String> = d
                .attribute
                .iter()
                .flat_map(|p| &p.steps)
                .map(|s| match &s.selector {
                    Some(pb::attribute_path::step::Selector::AttributeName(n)) => n.clone(),
                    Some(pb::attribute_path::step::Selector::ElementKeyString(k)) => {
                        format!("[{k:?}]")
                    }
                    Some(pb::attribute_path::step::Selector::ElementKeyInt(i)) => {
                        format!("[{i}]")
                    }
                    None => "?".into(),
                })
                .collect();
            format!("{} | {} | {}", d.summary, d.detail, path.join("."))
        })
        .collect()
}

/// msgpack of an `inventory_tag` configuration whose `key` is `key` (raw
/// msgpack, written last) and whose other attributes are null.
fn tag_with_key(key: &[u8]) -> pb::DynamicValue {
    let mut bytes = vec![0x85];
    for name in ["id", "value", "item_id", "created_at"] {
        bytes.push(0xa0 | u8::try_from(name.len()).expect("fixstr"));
        bytes.extend_from_slice(name.as_bytes());
        bytes.push(0xc0);
    }
    bytes.extend_from_slice(&[0xa3, b'k', b'e', b'y']);
    bytes.extend_from_slice(key);
    msgpack_dv(bytes)
}

async fn validate_tag(grpc: &Served, config: pb::DynamicValue) -> Vec<String> {
    let answer = grpc
        .validate_resource_config(Request::new(pb::validate_resource_config::Request {
            type_name: "inventory_tag".into(),
            config: Some(config),
            client_capabilities: None,
        }))
        .await
        .expect("answered")
        .into_inner();
    errors(&answer.diagnostics)
}

#[tokio::test]
async fn type_names_the_provider_does_not_have() {
    let dir = TempDir::new();
    let grpc = served(&dir).await;
    let config = Some(msgpack_dv(vec![0xc0]));
    let plan = grpc
        .plan_resource_change(Request::new(pb::plan_resource_change::Request {
            type_name: "inventory_nope".into(),
            prior_state: config.clone(),
            proposed_new_state: config.clone(),
            config: config.clone(),
            ..Default::default()
        }))
        .await
        .expect("answered")
        .into_inner();
    assert_eq!(
        errors(&plan.diagnostics),
        ["Resource Type Not Found | No resource type named \"inventory_nope\" was found in the provider. | "]
    );
    let read = grpc
        .read_data_source(Request::new(pb::read_data_source::Request {
            type_name: "inventory_item_".into(),
            config: config.clone(),
            ..Default::default()
        }))
        .await
        .expect("answered")
        .into_inner();
    assert_eq!(
        errors(&read.diagnostics),
        ["Data Source Type Not Found | No data source type named \"inventory_item_\" was found in the provider. | "]
    );
    let call = grpc
        .call_function(Request::new(pb::call_function::Request {
            name: "no_such_function".into(),
            arguments: Vec::new(),
        }))
        .await
        .expect("answered")
        .into_inner();
    let error = call.error.expect("an unknown function is an error");
    assert!(error.text.contains("no_such_function"), "{error:?}");
}

#[tokio::test]
async fn json_is_read_where_terraform_sends_msgpack() {
    let dir = TempDir::new();
    let grpc = served(&dir).await;
    // Both encodings of one valid configuration validate alike.
    let value = Value::object([
        ("id", Value::Null(tfschema::Type::String)),
        ("key", Value::string("env")),
        ("value", Value::string("prod")),
        ("item_id", Value::Null(tfschema::Type::String)),
        ("created_at", Value::Null(tfschema::Type::String)),
    ]);
    let bytes = msgpack::value_to_vec(&value, &value.ty()).expect("encodes");
    assert_eq!(
        validate_tag(&grpc, msgpack_dv(bytes)).await,
        Vec::<String>::new()
    );
    assert_eq!(
        validate_tag(&grpc, json_dv(r#"{"key":"env","value":"prod"}"#)).await,
        Vec::<String>::new()
    );
    // JSON that is not the schema's type is an error at the attribute.
    let wrong = validate_tag(&grpc, json_dv(r#"{"key":["env"]}"#)).await;
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(wrong[0].ends_with("| key"), "{wrong:?}");
    // Neither encoding: an error, not a null configuration.
    let empty = validate_tag(&grpc, msgpack_dv(Vec::new())).await;
    assert_eq!(empty.len(), 1, "{empty:?}");
}

#[tokio::test]
async fn values_of_the_wrong_type_name_the_attribute() {
    let dir = TempDir::new();
    let grpc = served(&dir).await;
    // A string where the object is.
    let top = validate_tag(&grpc, msgpack_dv(vec![0xa1, b'x'])).await;
    assert_eq!(top.len(), 1, "{top:?}");
    // All attributes are needed (as go-cty reads msgpack).
    let missing = validate_tag(
        &grpc,
        msgpack_dv(vec![0x81, 0xa3, b'k', b'e', b'y', 0xa1, b'x']),
    )
    .await;
    assert_eq!(
        missing,
        ["Invalid configuration | an object with 5 attributes is required (1 given) | "]
    );
    // `key` = 5, a number where a string is.
    let key = validate_tag(&grpc, tag_with_key(&[0x05])).await;
    assert_eq!(key.len(), 1, "{key:?}");
    assert!(key[0].ends_with("| key"), "{key:?}");
    // Invalid UTF-8 in a string.
    let utf8 = validate_tag(&grpc, tag_with_key(&[0xa2, 0xff, 0xfe])).await;
    assert_eq!(utf8.len(), 1, "{utf8:?}");
    assert!(utf8[0].ends_with("| key"), "{utf8:?}");
}

#[tokio::test]
async fn lengths_no_request_could_hold() {
    let dir = TempDir::new();
    let grpc = served(&dir).await;
    // `key` = a string claiming 4 GiB, a map claiming 4 billion entries, a
    // list claiming as many elements: each is refused when the bytes run
    // out, without reserving what the header claims.
    for claim in [
        &[0xdb, 0xff, 0xff, 0xff, 0xff, b'a'][..],
        &[0xdf, 0xff, 0xff, 0xff, 0xff, 0xa1, b'a'],
        &[0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0],
    ] {
        let refused = validate_tag(&grpc, tag_with_key(claim)).await;
        assert_eq!(refused.len(), 1, "{claim:02x?}: {refused:?}");
        assert!(refused[0].ends_with("| key"), "{claim:02x?}: {refused:?}");
    }
    // The object itself claiming 4 billion attributes.
    let refused = validate_tag(&grpc, msgpack_dv(vec![0xdf, 0xff, 0xff, 0xff, 0xff])).await;
    assert_eq!(refused.len(), 1, "{refused:?}");
}

#[tokio::test]
async fn private_state_that_is_not_ours() {
    let dir = TempDir::new();
    let grpc = served(&dir).await;
    let state = Value::object([
        ("id", Value::string("tag-1")),
        ("key", Value::string("env")),
        ("value", Value::string("prod")),
        ("item_id", Value::Null(tfschema::Type::String)),
        ("created_at", Value::string("2026-11-25T10:00:00Z")),
    ]);
    let state = msgpack::value_to_vec(&state, &state.ty()).expect("encodes");
    for private in [
        &b"\xff\xfe not JSON"[..],
        b"{\"tfschema\": 7}",
        b"[1, 2, 3]",
        b"{\"schema_version\": \"1\"}",
    ] {
        let answer = grpc
            .read_resource(Request::new(pb::read_resource::Request {
                type_name: "inventory_tag".into(),
                current_state: Some(msgpack_dv(state.clone())),
                private: private.to_vec(),
                ..Default::default()
            }))
            .await
            .expect("answered")
            .into_inner();
        // Private state is the resource's own opaque bytes: the typed
        // layer neither reads nor refuses it, and hands it back as it came
        // (the tag does not use it).
        assert_eq!(errors(&answer.diagnostics), Vec::<String>::new());
        assert_eq!(answer.private, private);
    }
    // The ephemeral resource's private state is wrapped by the typed layer
    // (which instance it is); bytes that are not its own are an error.
    for private in [&b"\xff\xfe not JSON"[..], b"{}", b""] {
        let renew = grpc
            .renew_ephemeral_resource(Request::new(pb::renew_ephemeral_resource::Request {
                type_name: "inventory_token".into(),
                private: Some(private.to_vec()),
            }))
            .await
            .expect("answered")
            .into_inner();
        let close = grpc
            .close_ephemeral_resource(Request::new(pb::close_ephemeral_resource::Request {
                type_name: "inventory_token".into(),
                private: Some(private.to_vec()),
            }))
            .await
            .expect("answered")
            .into_inner();
        for answer in [errors(&renew.diagnostics), errors(&close.diagnostics)] {
            assert_eq!(answer.len(), 1, "{private:?}: {answer:?}");
            assert!(
                answer[0].starts_with("Invalid private data | "),
                "{answer:?}"
            );
        }
    }
}
