//! The calls that read a schema, `GetProviderSchema` and
//! `GetResourceIdentitySchemas` as Terraform makes them, over the channel
//! of the runtime's plugin client.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use tfschema::server::proto::{tfplugin5, tfplugin6};
use tonic::transport::Channel;
use tonic::Code;

use super::v5;

/// The largest schema answer accepted: Terraform's own limit (64 MiB).
const MAX_SCHEMA_BYTES: usize = 64 << 20;
/// How long one call may take (a large provider builds its schema in
/// seconds, not minutes).
const CALL_TIMEOUT: Duration = Duration::from_secs(120);

/// What Terraform asks a provider for to print its schema, in protocol 6's
/// messages (protocol 5's answers are moved into them).
#[derive(Debug, Default)]
pub(super) struct Answer {
    pub(super) schema: tfplugin6::get_provider_schema::Response,
    /// `GetResourceIdentitySchemas`; empty when the provider does not
    /// implement it (Terraform tolerates that).
    pub(super) identities: tfplugin6::get_resource_identity_schemas::Response,
}

/// `GetProviderSchema` (protocol 6) or `GetSchema` (protocol 5), then
/// `GetResourceIdentitySchemas`.
///
/// # Errors
/// A failed call, or an answer with error diagnostics (Terraform stops on
/// them too).
pub(super) async fn provider_schema(channel: &Channel, protocol: u32) -> Result<Answer> {
    let answer = match protocol {
        6 => {
            let mut client = tfplugin6::provider_client::ProviderClient::new(channel.clone())
                .max_decoding_message_size(MAX_SCHEMA_BYTES);
            let schema = call(
                "GetProviderSchema",
                client.get_provider_schema(tfplugin6::get_provider_schema::Request {}),
            )
            .await?
            .context("GetProviderSchema failed")?;
            let identities = call(
                "GetResourceIdentitySchemas",
                client.get_resource_identity_schemas(
                    tfplugin6::get_resource_identity_schemas::Request {},
                ),
            )
            .await?;
            Answer {
                schema,
                identities: tolerate_unimplemented(identities)?,
            }
        }
        5 => {
            let mut client = tfplugin5::provider_client::ProviderClient::new(channel.clone())
                .max_decoding_message_size(MAX_SCHEMA_BYTES);
            let schema = call(
                "GetSchema",
                client.get_schema(tfplugin5::get_provider_schema::Request {}),
            )
            .await?
            .context("GetSchema failed")?;
            let identities = call(
                "GetResourceIdentitySchemas",
                client.get_resource_identity_schemas(
                    tfplugin5::get_resource_identity_schemas::Request {},
                ),
            )
            .await?;
            Answer {
                schema: v5::schema_response(schema),
                identities: v5::identity_response(tolerate_unimplemented(identities)?),
            }
        }
        other => bail!("plugin protocol {other} is neither 5 nor 6"),
    };
    let diagnostics = answer
        .schema
        .diagnostics
        .iter()
        .chain(&answer.identities.diagnostics)
        .filter(|d| d.severity == tfplugin6::diagnostic::Severity::Error as i32)
        .map(|d| format!("{}: {}", d.summary, d.detail))
        .collect::<Vec<_>>();
    if !diagnostics.is_empty() {
        bail!(
            "the provider reported errors in its schema:\n  {}",
            diagnostics.join("\n  ")
        );
    }
    Ok(answer)
}

/// Runs one call with [`CALL_TIMEOUT`]; the inner result is the call's.
async fn call<T>(
    name: &str,
    call: impl std::future::Future<Output = Result<tonic::Response<T>, tonic::Status>>,
) -> Result<Result<T, tonic::Status>> {
    match tokio::time::timeout(CALL_TIMEOUT, call).await {
        Ok(result) => Ok(result.map(tonic::Response::into_inner)),
        Err(_) => bail!("{name} did not answer within {} s", CALL_TIMEOUT.as_secs()),
    }
}

/// An answer, or nothing when the provider predates the call.
fn tolerate_unimplemented<T: Default>(result: Result<T, tonic::Status>) -> Result<T> {
    match result {
        Ok(answer) => Ok(answer),
        Err(status) if status.code() == Code::Unimplemented => Ok(T::default()),
        Err(status) => Err(status).context("GetResourceIdentitySchemas failed"),
    }
}
