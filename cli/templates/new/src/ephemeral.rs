//! `{{name}}_example`: an ephemeral resource (Terraform 1.10+), a value
//! opened for one run (a short-lived credential, say) that never enters a
//! plan or a state.

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, EphemeralResource, NoPrivate, Opened};
use tfschema::{TfSchema, TfValue, Unknown};

use crate::client::Client;

/// Example ephemeral resource.
#[derive(TfSchema, TfValue, Clone, PartialEq)]
// `debug`: a `Debug` that prints the sensitive `value` as `(sensitive)`.
#[tf(ephemeral, debug)]
pub struct ExampleEphemeral {
    /// Example configurable attribute.
    pub configurable_attribute: String,
    /// Example value, opened for this run only.
    #[tf(computed, sensitive)]
    pub value: Unknown<String>,
}

/// The `{{name}}_example` ephemeral resource.
#[derive(Debug)]
pub struct ExampleEphemeralResource;

impl EphemeralResource for ExampleEphemeralResource {
    type Client = Client;
    type Model = ExampleEphemeral;
    type Private = NoPrivate;

    async fn open(
        &self,
        ctx: &mut Ctx<Client>,
        config: ExampleEphemeral,
    ) -> Result<Opened<ExampleEphemeral, NoPrivate>, Diagnostics> {
        // Ask the API for the value here (and keep in `Private` what
        // `renew` and `close` need to find it again).
        let _client = ctx.client()?;
        let value = format!("token-{}", config.configurable_attribute);
        Ok(Opened::new(
            ExampleEphemeral {
                value: Unknown::Known(value),
                ..config
            },
            NoPrivate,
        ))
    }
}
