//! [`HclogLayer`]: each `tracing` event as one hclog JSON line, with the
//! fields of the spans it happened in, its subsystem's `@module` and level,
//! and the masks applied.

use std::collections::BTreeMap;
use std::io::Write as _;

use tracing::field::{Field, Visit};
use tracing::level_filters::LevelFilter;
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::Interest;
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::registry::LookupSpan;

use super::level::level_from_tf_log;
use super::mask::{with_process_masks, FieldValue, Masks};
use super::rpc::{RPC_SPAN, RPC_TARGET};
use super::subsystems::{SUBSYSTEM_SPAN, SUBSYSTEM_TARGET};
use crate::text::Quoting;

/// A `tracing` layer writing each event as one hclog JSON line to stderr,
/// the format Terraform reads from a provider.
///
/// A line carries `@level`, `@message`, `@module`, `@timestamp`, `@caller`,
/// then the fields of every span the event is in (outermost first: the
/// call's `tf_req_id`, `tf_rpc`, `tf_resource_type`, ... and the provider's
/// own spans), then the event's own; a later field of the same key wins, as
/// in Go's `tflog.SetField`. Inside a [`subsystem`](super::subsystem) span
/// the `@module` is `<module>.<subsystem>` and the subsystem's level
/// applies.
#[derive(Debug, Clone)]
pub struct HclogLayer {
    level: LevelFilter,
    module: String,
    provider_address: Option<String>,
    subsystems: BTreeMap<String, LevelFilter>,
    subsystem_env_prefix: String,
    sdk_proto_level: LevelFilter,
    // The highest subsystem level the environment sets, read once.
    env_hint: LevelFilter,
    masks: Masks,
    #[cfg(test)]
    pub(super) capture: Option<std::sync::Arc<std::sync::Mutex<Vec<String>>>>,
}

/// The span extension of a [`subsystem`](super::subsystem) span.
struct SubsystemExt {
    module: String,
    level: LevelFilter,
}

/// The span extension holding a span's fields.
struct SpanFields(Vec<(String, FieldValue)>);

/// The span extension marking a call's span.
struct RpcExt;

impl HclogLayer {
    /// A layer with the given level and `@module` (e.g. `provider`), no
    /// provider address, subsystems at the same level.
    pub fn new(level: LevelFilter, module: impl Into<String>) -> Self {
        HclogLayer {
            level,
            module: module.into(),
            provider_address: None,
            subsystems: BTreeMap::new(),
            subsystem_env_prefix: "TF_LOG_PROVIDER".to_owned(),
            sdk_proto_level: level,
            env_hint: LevelFilter::OFF,
            masks: Masks::new(),
            #[cfg(test)]
            capture: None,
        }
    }

    /// The layer [`init`](super::init) installs: the `@module` is the
    /// provider's type, from the binary's name (`terraform-provider-<type>`,
    /// as Terraform installs it), as terraform-plugin-go names the
    /// provider's logger (`@module=null` for `hashicorp/null`); the level
    /// from `TF_LOG_PROVIDER_<TYPE>`, else `TF_LOG_PROVIDER`, else `TF_LOG`.
    /// The binary's name does not tell the namespace, so no
    /// `tf_provider_addr` is written: give it with
    /// [`from_env_for`](Self::from_env_for) and [`init_with`](super::init_with).
    pub fn from_env() -> Self {
        let logger = std::env::current_exe()
            .ok()
            .and_then(|exe| crate::server::default_address(&exe).ok())
            .and_then(|address| provider_logger_name(&address));
        Self::with_logger(logger)
    }

    /// [`from_env`](Self::from_env) for the provider at `address`
    /// (`registry.terraform.io/<namespace>/<type>`), written as
    /// `tf_provider_addr` on every line of a call; `None` leaves the
    /// `@module` `provider` and reads no `TF_LOG_PROVIDER_<TYPE>`.
    pub fn from_env_for(address: Option<&str>) -> Self {
        let mut layer = Self::with_logger(address.and_then(provider_logger_name));
        layer.provider_address = address.map(str::to_owned);
        layer
    }

    /// The layer for the provider's logger `logger` (its type), levels from
    /// the environment.
    fn with_logger(logger: Option<String>) -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let own_var = logger
            .as_deref()
            .map(|l| format!("TF_LOG_PROVIDER_{}", l.to_ascii_uppercase()));
        let level = own_var
            .as_deref()
            .and_then(var)
            .or_else(|| var("TF_LOG_PROVIDER"))
            .or_else(|| var("TF_LOG"));
        let level = level_from_tf_log(level.as_deref());
        let mut layer = HclogLayer::new(level, logger.as_deref().unwrap_or("provider"));
        layer.subsystem_env_prefix = own_var.unwrap_or_else(|| "TF_LOG_PROVIDER".to_owned());
        let prefix = format!("{}_", layer.subsystem_env_prefix);
        layer.env_hint = std::env::vars()
            .filter(|(k, v)| k.starts_with(&prefix) && !v.is_empty())
            .map(|(_, v)| level_from_tf_log(Some(&v)))
            .max()
            .unwrap_or(LevelFilter::OFF);
        layer.sdk_proto_level = var("TF_LOG_SDK_PROTO")
            .or_else(|| var("TF_LOG_SDK"))
            .map_or(level, |v| level_from_tf_log(Some(&v)));
        layer
    }

    /// The provider's address, written as `tf_provider_addr` on every line
    /// of a call (Go's `ProviderAddressContext`).
    pub fn provider_address(mut self, address: impl Into<String>) -> Self {
        self.provider_address = Some(address.into());
        self
    }

    /// The level of subsystem `name`, over the environment
    /// (`<TF_LOG_PROVIDER_TYPE>_<NAME>`) and the layer's level (Go's
    /// `tflog.NewSubsystem(ctx, name, tflog.WithLevel(...))`).
    pub fn subsystem(mut self, name: impl Into<String>, level: LevelFilter) -> Self {
        self.subsystems.insert(name.into(), level);
        self
    }

    /// Masks applied to every line this layer writes, besides the
    /// process's ([`mask`](super::mask)).
    pub fn masks(mut self, masks: Masks) -> Self {
        self.masks = masks;
        self
    }

    /// The highest level any line can have: the layer's, a subsystem's (set
    /// here or in the environment) or the protocol lines'.
    fn hint(&self) -> LevelFilter {
        self.subsystems
            .values()
            .copied()
            .chain([self.level, self.sdk_proto_level, self.env_hint])
            .max()
            .unwrap_or(self.level)
    }

    /// The level of subsystem `name`: set on the layer, else from
    /// `<prefix>_<NAME>` (dashes as underscores), else the layer's.
    fn subsystem_level(&self, name: &str) -> LevelFilter {
        if let Some(level) = self.subsystems.get(name) {
            return *level;
        }
        let var = format!(
            "{}_{}",
            self.subsystem_env_prefix,
            name.replace('-', "_").to_ascii_uppercase()
        );
        match std::env::var(var).ok().filter(|v| !v.is_empty()) {
            Some(v) => level_from_tf_log(Some(&v)),
            None => self.level,
        }
    }

    /// The level in force for an event: its subsystem's, the protocol
    /// lines' or the layer's.
    fn level_for<S>(&self, meta: &Metadata<'_>, ctx: &Context<'_, S>) -> LevelFilter
    where
        S: Subscriber + for<'a> LookupSpan<'a>,
    {
        if meta.target() == RPC_TARGET {
            return self.sdk_proto_level;
        }
        if let Some(span) = ctx.lookup_current() {
            for s in span.scope() {
                if let Some(sub) = s.extensions().get::<SubsystemExt>() {
                    return sub.level;
                }
            }
        }
        self.level
    }

    /// Formats one event (without the newline).
    fn format_event<S>(
        &self,
        event: &Event<'_>,
        ctx: &Context<'_, S>,
        now: std::time::SystemTime,
    ) -> String
    where
        S: Subscriber + for<'a> LookupSpan<'a>,
    {
        let meta = event.metadata();
        let mut fields = Fields::default();
        let mut module = if meta.target() == RPC_TARGET {
            "sdk.proto".to_owned()
        } else {
            self.module.clone()
        };
        if let Some(scope) = ctx.event_scope(event) {
            for span in scope.from_root() {
                let ext = span.extensions();
                if ext.get::<RpcExt>().is_some() {
                    if let Some(addr) = &self.provider_address {
                        fields.set("tf_provider_addr", FieldValue::Str(addr.clone()));
                    }
                }
                if let Some(sub) = ext.get::<SubsystemExt>() {
                    if meta.target() != RPC_TARGET {
                        module.clone_from(&sub.module);
                    }
                }
                if let Some(SpanFields(span_fields)) = ext.get::<SpanFields>() {
                    for (k, v) in span_fields {
                        fields.set(k, v.clone());
                    }
                }
            }
        }
        event.record(&mut fields);
        let Fields {
            mut message,
            mut list,
        } = fields;
        let apply = |masks: &Masks, message: &mut String, list: &mut Vec<(String, FieldValue)>| {
            masks.message(message);
            for (k, v) in list.iter_mut() {
                masks.field(k, v);
            }
        };
        apply(&self.masks, &mut message, &mut list);
        with_process_masks(|m| apply(m, &mut message, &mut list));

        let mut line = String::with_capacity(128);
        line.push_str("{\"@level\":");
        push_json_string(&mut line, hclog_level(meta.level()));
        line.push_str(",\"@message\":");
        push_json_string(&mut line, &message);
        line.push_str(",\"@module\":");
        push_json_string(&mut line, &module);
        line.push_str(",\"@timestamp\":");
        push_json_string(&mut line, &timestamp(now));
        if let (Some(file), Some(lineno)) = (meta.file(), meta.line()) {
            line.push_str(",\"@caller\":");
            push_json_string(&mut line, &format!("{file}:{lineno}"));
        }
        for (k, v) in &list {
            line.push(',');
            push_json_string(&mut line, k);
            line.push(':');
            match v {
                FieldValue::Str(s) => push_json_string(&mut line, s),
                FieldValue::Json(j) => line.push_str(j),
            }
        }
        line.push('}');
        line
    }

    fn write_line(&self, mut line: String) {
        #[cfg(test)]
        if let Some(capture) = &self.capture {
            if let Ok(mut lines) = capture.lock() {
                lines.push(line);
            }
            return;
        }
        line.push('\n');
        // One write per line, so concurrent events do not interleave; a
        // closed stderr is not worth failing for.
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }

    fn now(&self) -> std::time::SystemTime {
        #[cfg(test)]
        if self.capture.is_some() {
            return std::time::UNIX_EPOCH;
        }
        std::time::SystemTime::now()
    }
}

/// Whether the transport crates' event is left out: below WARN, their
/// events describe every frame.
fn transport_noise(meta: &Metadata<'_>) -> bool {
    let krate = meta.target().split("::").next().unwrap_or_default();
    TRANSPORT_CRATES.contains(&krate) && *meta.level() > Level::WARN
}

impl<S> Layer<S> for HclogLayer
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn register_callsite(&self, meta: &'static Metadata<'static>) -> Interest {
        if transport_noise(meta) || self.hint() < *meta.level() {
            Interest::never()
        } else {
            // Whether an event is written depends on the subsystem it is
            // in: asked each time.
            Interest::sometimes()
        }
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(self.hint())
    }

    fn enabled(&self, meta: &Metadata<'_>, ctx: Context<'_, S>) -> bool {
        if transport_noise(meta) {
            return false;
        }
        if meta.is_span() {
            // Spans only carry fields: kept whenever a line could be written.
            return *meta.level() <= self.hint();
        }
        *meta.level() <= self.level_for(meta, &ctx)
    }

    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else { return };
        let meta = attrs.metadata();
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        let mut ext = span.extensions_mut();
        if meta.target() == SUBSYSTEM_TARGET && meta.name() == SUBSYSTEM_SPAN {
            // The subsystem's name is its only field, and not written.
            let name = fields
                .list
                .iter()
                .find_map(|(k, v)| match v {
                    FieldValue::Str(s) if k == "tf_subsystem" => Some(s.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            ext.insert(SubsystemExt {
                module: format!("{}.{name}", self.module),
                level: self.subsystem_level(&name),
            });
            return;
        }
        if meta.target() == RPC_TARGET && meta.name() == RPC_SPAN {
            ext.insert(RpcExt);
        }
        ext.insert(SpanFields(fields.list));
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else { return };
        let mut ext = span.extensions_mut();
        if let Some(SpanFields(list)) = ext.get_mut::<SpanFields>() {
            let mut fields = Fields {
                message: String::new(),
                list: std::mem::take(list),
            };
            values.record(&mut fields);
            *list = fields.list;
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        if !self.enabled(event.metadata(), ctx.clone()) {
            return;
        }
        let line = self.format_event(event, &ctx, self.now());
        self.write_line(line);
    }
}

/// Crates whose events below WARN are left out.
const TRANSPORT_CRATES: &[&str] = &[
    "h2",
    "hyper",
    "hyper_util",
    "tonic",
    "tower",
    "rustls",
    "tokio_rustls",
    "tokio",
    "mio",
];

fn hclog_level(level: &Level) -> &'static str {
    match *level {
        Level::ERROR => "error",
        Level::WARN => "warn",
        Level::INFO => "info",
        Level::DEBUG => "debug",
        Level::TRACE => "trace",
    }
}

/// Collects the `message` field, and the others in order, a later value of
/// a key replacing the earlier one in its place.
#[derive(Default)]
struct Fields {
    message: String,
    list: Vec<(String, FieldValue)>,
}

impl Fields {
    fn set(&mut self, key: &str, value: FieldValue) {
        match self.list.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value,
            None => self.list.push((key.to_owned(), value)),
        }
    }
}

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            self.set(field.name(), FieldValue::Str(value.to_owned()));
        }
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.set(field.name(), FieldValue::Json(value.to_string()));
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.set(field.name(), FieldValue::Json(value.to_string()));
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.set(field.name(), FieldValue::Json(value.to_string()));
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let text = format!("{value:?}");
        if field.name() == "message" {
            self.message.push_str(&text);
        } else {
            self.set(field.name(), FieldValue::Str(text));
        }
    }
}

/// A JSON string literal, escaped as the wire JSON is.
fn push_json_string(out: &mut String, s: &str) {
    Quoting::JSON.write(out, s);
}

/// The provider's logger name as terraform-plugin-go makes it from the
/// address: the type, dashes as underscores (`ProviderLoggerName`).
fn provider_logger_name(address: &str) -> Option<String> {
    let ty = address.rsplit('/').next().filter(|t| !t.is_empty())?;
    Some(ty.to_ascii_lowercase().replace('-', "_"))
}

/// hclog's JSON time format: `2006-01-02T15:04:05.000000Z` (UTC).
pub(super) fn timestamp(now: std::time::SystemTime) -> String {
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
mod tests {
    use super::*;

    #[test]
    fn logger_names() {
        assert_eq!(
            provider_logger_name("registry.terraform.io/hashicorp/null").as_deref(),
            Some("null")
        );
        assert_eq!(
            provider_logger_name("registry.terraform.io/x/google-beta").as_deref(),
            Some("google_beta")
        );
    }
}
