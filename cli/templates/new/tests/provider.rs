//! Unit tests: the provider driven as Terraform drives it, through its
//! gRPC handlers (msgpack in and out), without Terraform, by
//! `tfschema::server::testing::Harness` (the Go framework's
//! `providerserver` with `resource.UnitTest`, run in-process).

use {{crate_ident}}::provider;
use {{crate_ident}}::{{camel}}Provider;
use tfschema::server::testing::Harness;
use tfschema::server::typed::TypedProvider;
{{#examples}}
use tfschema::{Type, Value};

/// The type name of the resource, the data source and the ephemeral
/// resource.
const EXAMPLE: &str = "{{name}}_example";
{{/examples}}
{{#bare}}
use tfschema::Value;
{{/bare}}

/// The harness, with `provider "{{name}}" { endpoint = "..." }` configured.
async fn configured() -> Harness<TypedProvider<{{camel}}Provider>> {
    let h = Harness::new(provider());
    let config = Value::object([("endpoint", Value::from("https://api.example.com"))]);
    let diagnostics = h.configure(config).await;
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    h
}

{{#bare}}
#[tokio::test]
async fn configures() {
    configured().await;
}

/// An endpoint not known yet (the provider block refers to something not
/// created yet) is an error saying so.
#[tokio::test]
async fn an_unknown_endpoint_is_an_error() {
    let h = Harness::new(provider());
    let config = Value::object([("endpoint", Value::unknown(tfschema::Type::String))]);
    let diagnostics = h.configure(config).await;
    let text = format!("{diagnostics:?}");
    assert!(text.contains("Unknown endpoint"), "{text}");
}
{{/bare}}
{{#examples}}
/// An attribute of an object value.
fn attr(value: &Value, name: &str) -> Option<Value> {
    match value {
        Value::Object(attrs) => attrs.get(name).cloned(),
        _ => None,
    }
}

/// `resource "{{name}}_example" "..." { configurable_attribute = ... }`:
/// Terraform sends every attribute, null where the configuration sets none.
fn example(configurable_attribute: &str) -> Value {
    Value::object([
        (
            "configurable_attribute",
            Value::from(configurable_attribute),
        ),
        ("defaulted", Value::Null(Type::String)),
        ("id", Value::Null(Type::String)),
    ])
}

#[tokio::test]
async fn resource_create_update_delete() {
    let h = configured().await;
    let nothing = Value::Null(h.resource_type(EXAMPLE));

    let (plan, created) = h.plan_and_apply(EXAMPLE, &nothing, &example("one")).await;
    // The default is planned; the id is known only after apply.
    assert_eq!(
        attr(&plan.planned_state, "defaulted"),
        Some(Value::from("example value"))
    );
    assert!(created.diagnostics.is_empty(), "{:?}", created.diagnostics);
    assert_eq!(attr(&created.state, "id"), Some(Value::from("example-id")));

    // A new value: an update in place, which keeps the id.
    let (plan, updated) = h
        .plan_and_apply(EXAMPLE, &created.state, &example("two"))
        .await;
    assert!(plan.requires_replace.is_empty());
    assert_eq!(
        attr(&updated.state, "configurable_attribute"),
        Some(Value::from("two"))
    );
    assert_eq!(attr(&updated.state, "id"), Some(Value::from("example-id")));

    // Destroy: a null configuration.
    let (_, deleted) = h.plan_and_apply(EXAMPLE, &updated.state, &nothing).await;
    assert!(deleted.state.is_null());
}

#[tokio::test]
async fn resource_import() {
    let h = configured().await;
    let imported = h.import(EXAMPLE, "some-id").await;
    assert!(
        imported.diagnostics.is_empty(),
        "{:?}",
        imported.diagnostics
    );
    assert_eq!(attr(&imported.state, "id"), Some(Value::from("some-id")));
}

#[tokio::test]
async fn data_source_read() {
    let h = configured().await;
    let config = Value::object([
        ("configurable_attribute", Value::from("some value")),
        ("id", Value::Null(Type::String)),
    ]);
    let read = h.read_data_source(EXAMPLE, &config).await;
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    assert_eq!(attr(&read.state, "id"), Some(Value::from("example-id")));
}

#[tokio::test]
async fn function_call() {
    // Terraform calls functions without configuring the provider.
    let h = Harness::new(provider());
    let echoed = h.call_function("example", &[Value::from("hello")]).await;
    assert_eq!(echoed, Ok(Value::from("hello")));

    let error = h
        .call_function("example", &[Value::from("")])
        .await
        .expect_err("an empty input is refused");
    assert_eq!(error.argument, Some(0));
}

#[tokio::test]
async fn ephemeral_resource_open() {
    let h = configured().await;
    let config = Value::object([
        ("configurable_attribute", Value::from("abc")),
        ("value", Value::Null(Type::String)),
    ]);
    let opened = h.open_ephemeral(EXAMPLE, &config).await;
    assert!(opened.diagnostics.is_empty(), "{:?}", opened.diagnostics);
    assert_eq!(
        attr(&opened.result, "value"),
        Some(Value::from("token-abc"))
    );
}
{{/examples}}
