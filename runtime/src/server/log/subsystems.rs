//! [`subsystem`]: Go's `tflog.NewSubsystem`, as a span.

/// The target of [`subsystem`] spans.
pub(super) const SUBSYSTEM_TARGET: &str = "tfschema::server::log::subsystem";
/// The name of a [`subsystem`] span.
pub(super) const SUBSYSTEM_SPAN: &str = "tf_subsystem";

/// A span whose lines belong to subsystem `name` (Go's
/// `tflog.NewSubsystem(ctx, name)` then `tflog.Subsystem*(ctx, name, ...)`):
/// enter it (`.entered()`, `.in_scope(...)`) or instrument a future with it
/// (`tracing::Instrument::instrument`). The lines keep the call's fields;
/// their `@module` is `<module>.<name>` and the subsystem's level applies
/// ([`HclogLayer::subsystem`](super::HclogLayer::subsystem), else `TF_LOG_PROVIDER_<TYPE>_<NAME>`, dashes
/// as underscores, else the provider's level). The innermost subsystem wins.
pub fn subsystem(name: &str) -> tracing::Span {
    // At ERROR so that it exists whenever a line can be written.
    tracing::error_span!(target: SUBSYSTEM_TARGET, SUBSYSTEM_SPAN, tf_subsystem = name)
}
