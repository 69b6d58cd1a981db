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
mod mask;
mod rpc;

pub use layer::HclogLayer;
pub use mask::{mask, Masks, MASK};
pub(crate) use rpc::Logged;

use tracing::level_filters::LevelFilter;

/// The target of the runtime's call spans and protocol lines.
const RPC_TARGET: &str = "tfschema::server::log::rpc";
/// The name of a call's span.
const RPC_SPAN: &str = "tf_rpc";
/// The target of [`subsystem`] spans.
const SUBSYSTEM_TARGET: &str = "tfschema::server::log::subsystem";
/// The name of a [`subsystem`] span.
const SUBSYSTEM_SPAN: &str = "tf_subsystem";

/// A span whose lines belong to subsystem `name` (Go's
/// `tflog.NewSubsystem(ctx, name)` then `tflog.Subsystem*(ctx, name, ...)`):
/// enter it (`.entered()`, `.in_scope(...)`) or instrument a future with it
/// (`tracing::Instrument::instrument`). The lines keep the call's fields;
/// their `@module` is `<module>.<name>` and the subsystem's level applies
/// ([`HclogLayer::subsystem`], else `TF_LOG_PROVIDER_<TYPE>_<NAME>`, dashes
/// as underscores, else the provider's level). The innermost subsystem wins.
pub fn subsystem(name: &str) -> tracing::Span {
    // At ERROR so that it exists whenever a line can be written.
    tracing::error_span!(target: SUBSYSTEM_TARGET, SUBSYSTEM_SPAN, tf_subsystem = name)
}

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

/// Maps `TF_LOG` values to a level; unknown values mean `trace`, as Terraform
/// treats them. Unset means warnings and errors only.
pub(crate) fn level_from_tf_log(value: Option<&str>) -> LevelFilter {
    match value.map(str::to_ascii_uppercase).as_deref() {
        None => LevelFilter::WARN,
        Some("OFF") => LevelFilter::OFF,
        Some("ERROR") => LevelFilter::ERROR,
        Some("WARN") => LevelFilter::WARN,
        Some("INFO") => LevelFilter::INFO,
        Some("DEBUG") => LevelFilter::DEBUG,
        Some(_) => LevelFilter::TRACE,
    }
}

/// hclog's JSON time format: `2006-01-02T15:04:05.000000Z` (UTC).
fn timestamp(now: std::time::SystemTime) -> String {
    let since = now
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = since.as_secs();
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:06}Z",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60,
        since.subsec_micros()
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian
/// (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests;
