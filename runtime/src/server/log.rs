//! Logs as hclog JSON lines on stderr, the format Terraform's plugin client
//! reads from a plugin (`@level`, `@message`, `@timestamp`, `@module`, plus
//! the fields), written as terraform-plugin-log's `tflog` writes them for a
//! Go provider, through a `tracing_subscriber` layer ([`HclogLayer`]).
//!
//! - **The call's fields on every line.** Each call is served in a span
//!   carrying terraform-plugin-go's keys: `tf_req_id` (a new UUID per call),
//!   `tf_rpc` (`PlanResourceChange`, ...), `tf_provider_addr`, and the type
//!   the call is about (`tf_resource_type`, `tf_data_source_type`,
//!   `tf_ephemeral_resource_type`, `tf_list_resource_type`,
//!   `tf_action_type`). A `tracing::info!` in a resource's code writes them,
//!   and the fields of the provider's own spans, on its line.
//! - **Levels.** The provider's lines are written up to the level of
//!   `TF_LOG_PROVIDER_<TYPE>` (Go's name for the provider's own variable:
//!   `TF_LOG_PROVIDER_NULL` for `hashicorp/null`), else `TF_LOG_PROVIDER`,
//!   else `TF_LOG`; without any, warnings and errors only. Go's
//!   "Received request" / "Served request" trace lines (`@module`
//!   `sdk.proto`) follow `TF_LOG_SDK_PROTO`, else `TF_LOG_SDK`, else the
//!   provider's level. The HTTP/2, gRPC and TLS crates only contribute
//!   warnings and errors.
//! - **Subsystems** ([`subsystem`], Go's `tflog.NewSubsystem`): lines inside
//!   one have `@module` `<type>.<name>` and their own level, from
//!   [`HclogLayer::subsystem`] or `TF_LOG_PROVIDER_<TYPE>_<NAME>`.
//! - **Masking** ([`Masks`], [`mask`]): Go's `tflog.Mask*` rules, `***` in
//!   place of what they match.
//!
//! ```no_run
//! use tfschema::server::log;
//!
//! // In `configure`: never write the token, whichever field carries it.
//! log::mask(log::Masks::new().field_values_with_field_keys(["token"]));
//!
//! // In a resource: a line with the call's tf_req_id, tf_rpc and
//! // tf_resource_type, and `@module` `<type>.client` at that level.
//! let _client = log::subsystem("client").entered();
//! tracing::debug!(url = "https://api.example.com/things", token = "s3cr3t", "GET");
//! ```

mod layer;
mod level;
mod mask;
mod rpc;
mod subsystems;

pub use layer::HclogLayer;
pub use mask::{mask, Masks, MASK};
pub(crate) use rpc::Logged;
pub use subsystems::subsystem;

/// Installs [`HclogLayer::from_env`] as the global subscriber, unless one is
/// already set (then the existing one is kept).
pub fn init() {
    init_with(HclogLayer::from_env());
}

/// Installs `layer` as the global subscriber, unless one is already set.
/// Call it before [`run`](crate::server::run) to serve with a layer of your
/// own (a provider address, subsystem levels, masks): `run` then keeps it.
pub fn init_with(layer: HclogLayer) {
    use tracing_subscriber::layer::SubscriberExt as _;
    let subscriber = tracing_subscriber::registry().with(layer);
    let _ = tracing::subscriber::set_global_default(subscriber);
}

#[cfg(test)]
mod tests;
