//! terraform-provider-{{name}}: the provider, its configuration and what it
//! serves (the Go scaffold's `internal/provider/provider.go`). Each type
//! has a file of its own, as in the Go scaffold.
{{#examples}}
//!
//! | Terraform | Rust | Go scaffold |
//! |---|---|---|
//! | `resource "{{name}}_example"` | `resource.rs` | `example_resource.go` |
//! | `data "{{name}}_example"` | `data_source.rs` | `example_data_source.go` |
//! | `provider::{{name}}::example()` | `function.rs` | `example_function.go` |
//! | `ephemeral "{{name}}_example"` | `ephemeral.rs` | `example_ephemeral_resource.go` |
{{/examples}}
{{#bare}}
//! Add one to `src/`, declare it below and register it in [`provider`].
{{/bare}}

pub mod client;
{{#examples}}
pub mod data_source;
pub mod ephemeral;
pub mod function;
pub mod resource;
{{/examples}}

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{PlanView, Provider, TypedProvider};
use tfschema::{PathStep, TfSchema, TfValue, Unknown};

use crate::client::Client;
{{#examples}}
use crate::data_source::ExampleDataSource;
use crate::ephemeral::ExampleEphemeralResource;
use crate::resource::ExampleResource;
{{/examples}}

// The provider block, `provider "{{name}}" { ... }`. The doc comments of
// the struct and its fields are the schema's descriptions, which Terraform
// and `docs/index.md` show.
/// The {{name}} provider.
#[derive(TfSchema, TfValue, Debug)]
pub struct Config {
    /// Example provider attribute: the address of the API.
    pub endpoint: Option<String>,
}

/// The provider: `configure` makes the client every resource, data source
/// and ephemeral resource gets through `Ctx::client`.
#[derive(Debug)]
pub struct {{camel}}Provider;

impl Provider for {{camel}}Provider {
    type Config = Config;
    type Client = Client;

    async fn configure(
        &self,
        config: PlanView<Config>,
        _diagnostics: &mut Diagnostics,
    ) -> Result<Client, Diagnostics> {
        match config.endpoint {
            Unknown::Known(endpoint) => Ok(Client::new(endpoint)),
            // The provider block may refer to something not created yet.
            Unknown::Unknown => {
                let mut d = Diagnostics::new();
                d.error(
                    &[PathStep::Attr("endpoint".into())],
                    "Unknown endpoint",
                    "endpoint must be known when the provider is configured.",
                );
                Err(d)
            }
        }
    }
}

{{#examples}}
/// The type name of the example resource, data source and ephemeral
/// resource: a type name starts with the provider's name.
const EXAMPLE: &str = "{{name}}_example";

/// The provider with everything it serves: what `main` runs and the tests
/// drive, on protocol {{protocol}}.
pub fn provider() -> TypedProvider<{{camel}}Provider> {
    TypedProvider::new({{camel}}Provider)
        .resource(EXAMPLE, ExampleResource)
        .data_source(EXAMPLE, ExampleDataSource)
        .function(function::example {})
        .ephemeral_resource(EXAMPLE, ExampleEphemeralResource)
        .max_protocol({{protocol}})
}
{{/examples}}
{{#bare}}
/// The provider with everything it serves: what `main` runs and the tests
/// drive, on protocol {{protocol}}. Register each type here (a type name
/// starts with the provider's name, `{{name}}_...`): `.resource(name, ...)`,
/// `.data_source(...)`, `.function(...)`, `.ephemeral_resource(...)`.
pub fn provider() -> TypedProvider<{{camel}}Provider> {
    let provider = TypedProvider::new({{camel}}Provider);
    provider.max_protocol({{protocol}})
}
{{/bare}}
