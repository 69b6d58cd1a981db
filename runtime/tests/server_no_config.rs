//! A provider without settings (`NoConfig`), and one model struct that
//! serves as both a data source and an ephemeral resource: what a port of
//! a Go provider that runs local work needs, without boilerplate.

use tfschema::diag::Diagnostics;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{
    Ctx, DataSource, EphemeralResource, NoConfig, NoPrivate, Opened, TypedProvider,
};
use tfschema::{TfSchema, TfValue, Type, Unknown, Value};

/// A file's text, read by a data source or (without keeping it in state)
/// by an ephemeral resource.
#[derive(Debug, TfSchema, TfValue)]
#[tf(ephemeral)]
struct LocalText {
    /// The file to read.
    path: String,
    /// What it holds.
    #[tf(computed)]
    content: Unknown<String>,
}

fn fill(mut text: LocalText) -> LocalText {
    text.content = Unknown::Known(format!("text of {}", text.path));
    text
}

struct ReadText;

impl DataSource for ReadText {
    type Client = ();
    type Model = LocalText;
    async fn read(&self, _: &mut Ctx<()>, config: LocalText) -> Result<LocalText, Diagnostics> {
        Ok(fill(config))
    }
}

struct OpenText;

impl EphemeralResource for OpenText {
    type Client = ();
    type Model = LocalText;
    type Private = NoPrivate;
    async fn open(
        &self,
        _: &mut Ctx<()>,
        config: LocalText,
    ) -> Result<Opened<LocalText, NoPrivate>, Diagnostics> {
        Ok(Opened::new(fill(config), NoPrivate))
    }
}

fn harness() -> Harness<TypedProvider<NoConfig>> {
    Harness::new(
        TypedProvider::without_config()
            .data_source("local_text", ReadText)
            .ephemeral_resource("local_text", OpenText),
    )
}

fn config() -> Value {
    Value::object([
        ("path", Value::from("a.txt")),
        ("content", Value::Null(Type::String)),
    ])
}

#[tokio::test]
async fn a_provider_without_settings_has_an_empty_block_and_configures() {
    let h = harness();
    let provider = &h.schema().provider.block;
    assert!(provider.attributes.is_empty(), "{provider:?}");
    assert!(provider.block_types.is_empty(), "{provider:?}");
    let empty = Value::object(Vec::<(String, Value)>::new());
    assert!(h.configure(empty.clone()).await.is_empty());
    // An attribute the empty block does not have is refused, as Terraform
    // would refuse it before asking.
    let extra = Value::object([("region", Value::from("x"))]);
    assert!(h.configure(extra).await.has_errors());
}

#[tokio::test]
async fn one_struct_is_both_a_data_source_and_an_ephemeral_resource() {
    let h = harness();
    assert!(h
        .configure(Value::object(Vec::<(String, Value)>::new()))
        .await
        .is_empty());
    let schema = h.schema();
    assert_eq!(
        schema.data_sources["local_text"].block,
        schema.ephemeral_resources["local_text"].block
    );
    let expected = Value::object([
        ("path", Value::from("a.txt")),
        ("content", Value::from("text of a.txt")),
    ]);

    assert!(h
        .validate_data_source("local_text", &config())
        .await
        .is_empty());
    let read = h.read_data_source("local_text", &config()).await;
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    assert_eq!(read.state, expected);

    assert!(h
        .validate_ephemeral("local_text", &config())
        .await
        .is_empty());
    let opened = h.open_ephemeral("local_text", &config()).await;
    assert!(opened.diagnostics.is_empty(), "{:?}", opened.diagnostics);
    assert_eq!(opened.result, expected);
}
