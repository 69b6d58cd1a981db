//! `{{name}}_example`: a managed resource. It creates nothing remote: put
//! your API's calls where the comments say.

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, Resource};
use tfschema::{TfSchema, TfValue, Unknown};

use crate::client::Client;

/// Example resource.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Example {
    /// Example configurable attribute.
    pub configurable_attribute: Option<String>,
    /// Example configurable attribute with a default value.
    #[tf(optional, computed, default = "example value")]
    pub defaulted: Unknown<Option<String>>,
    /// Example identifier, set when the resource is created.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<String>,
}

/// The `{{name}}_example` resource.
#[derive(Debug)]
pub struct ExampleResource;

impl Resource for ExampleResource {
    type Client = Client;
    type Model = Example;

    async fn create(
        &self,
        ctx: &mut Ctx<Client>,
        planned: Example,
    ) -> Result<Example, Diagnostics> {
        // Create the object through the client here, and keep what the API
        // answers (its id, the values it computed).
        let _client = ctx.client()?;
        Ok(Example {
            id: Unknown::Known("example-id".to_owned()),
            ..planned
        })
    }

    async fn read(
        &self,
        ctx: &mut Ctx<Client>,
        current: Example,
    ) -> Result<Option<Example>, Diagnostics> {
        // Read the object back; `None` when it is gone, and Terraform then
        // plans to create it again.
        let _client = ctx.client()?;
        Ok(Some(current))
    }

    async fn update(
        &self,
        ctx: &mut Ctx<Client>,
        _prior: Example,
        planned: Example,
    ) -> Result<Example, Diagnostics> {
        // Change the object in place.
        let _client = ctx.client()?;
        Ok(planned)
    }

    async fn delete(&self, ctx: &mut Ctx<Client>, _prior: Example) -> Result<(), Diagnostics> {
        // Delete the object; one that is gone already is no error.
        let _client = ctx.client()?;
        Ok(())
    }

    /// `terraform import {{name}}_example.<label> <id>`: the object with that
    /// id, read from the API (`None`: no such object).
    async fn read_by_id(
        &self,
        ctx: &mut Ctx<Client>,
        id: &str,
    ) -> Result<Option<Example>, Diagnostics> {
        let _client = ctx.client()?;
        Ok(Some(Example {
            configurable_attribute: None,
            defaulted: Unknown::Known(Some("example value".to_owned())),
            id: Unknown::Known(id.to_owned()),
        }))
    }
}
