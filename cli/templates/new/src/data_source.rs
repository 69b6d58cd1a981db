//! `{{name}}_example`: a data source, read at each plan.

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, DataSource};
use tfschema::{TfSchema, TfValue, Unknown};

use crate::client::Client;

/// Example data source.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct ExampleLookup {
    /// Example configurable attribute.
    pub configurable_attribute: Option<String>,
    /// Example identifier.
    #[tf(computed)]
    pub id: Unknown<String>,
}

/// The `{{name}}_example` data source.
#[derive(Debug)]
pub struct ExampleDataSource;

impl DataSource for ExampleDataSource {
    type Client = Client;
    type Model = ExampleLookup;

    async fn read(
        &self,
        ctx: &mut Ctx<Client>,
        config: ExampleLookup,
    ) -> Result<ExampleLookup, Diagnostics> {
        // Look the object up through the client here; the computed
        // attributes arrive unknown and are ours to fill.
        let _client = ctx.client()?;
        Ok(ExampleLookup {
            id: Unknown::Known("example-id".to_owned()),
            ..config
        })
    }
}
