//! Logs as hclog JSON lines on stderr, the format Terraform's plugin client
//! reads from a plugin (`@level`, `@message`, `@timestamp`, `@module`, plus
//! the event's fields), through a small `tracing_subscriber` layer.
//!
//! The level comes from `TF_LOG_PROVIDER`, else `TF_LOG` (as in
//! terraform-plugin-log); without either only warnings and errors are written,
//! which Terraform drops unless its own logging is on. The HTTP/2, gRPC and
//! TLS crates only contribute warnings and errors.

use std::fmt::Write as _;
use std::io::Write as _;

use tracing::field::{Field, Visit};
use tracing::level_filters::LevelFilter;
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, Layer};

use crate::text::Quoting;

/// A `tracing` layer writing each event as one hclog JSON line to stderr.
#[derive(Debug, Clone)]
pub struct HclogLayer {
    max_level: LevelFilter,
    module: String,
}

impl HclogLayer {
    /// A layer with the given maximum level and `@module` (e.g. `provider`).
    pub fn new(max_level: LevelFilter, module: impl Into<String>) -> Self {
        HclogLayer {
            max_level,
            module: module.into(),
        }
    }

    /// The level from `TF_LOG_PROVIDER` or `TF_LOG`, module `provider`.
    pub fn from_env() -> Self {
        let level = std::env::var("TF_LOG_PROVIDER")
            .ok()
            .filter(|v| !v.is_empty())
            .or_else(|| std::env::var("TF_LOG").ok().filter(|v| !v.is_empty()));
        HclogLayer::new(level_from_tf_log(level.as_deref()), "provider")
    }

    /// Whether an event is written: up to the level, and for the transport
    /// crates (HTTP/2, gRPC, TLS, tokio) warnings and errors only, since their
    /// debug and trace events describe every frame.
    fn wants(&self, meta: &Metadata<'_>) -> bool {
        let level = *meta.level();
        if self.max_level < level {
            return false;
        }
        let krate = meta.target().split("::").next().unwrap_or_default();
        !(TRANSPORT_CRATES.contains(&krate) && level > Level::WARN)
    }

    /// Formats one event (without the newline).
    fn format_event(&self, event: &Event<'_>, now: std::time::SystemTime) -> String {
        let meta = event.metadata();
        let mut visitor = JsonFields::default();
        event.record(&mut visitor);
        let mut line = String::with_capacity(128);
        line.push_str("{\"@level\":");
        push_json_string(&mut line, hclog_level(meta.level()));
        line.push_str(",\"@message\":");
        push_json_string(&mut line, &visitor.message);
        line.push_str(",\"@module\":");
        push_json_string(&mut line, &self.module);
        line.push_str(",\"@timestamp\":");
        push_json_string(&mut line, &timestamp(now));
        if let (Some(file), Some(lineno)) = (meta.file(), meta.line()) {
            line.push_str(",\"@caller\":");
            push_json_string(&mut line, &format!("{file}:{lineno}"));
        }
        line.push_str(&visitor.fields);
        line.push('}');
        line
    }
}

impl<S: Subscriber> Layer<S> for HclogLayer {
    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(self.max_level)
    }

    fn enabled(&self, metadata: &Metadata<'_>, _ctx: Context<'_, S>) -> bool {
        self.wants(metadata)
    }

    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        if !self.wants(event.metadata()) {
            return;
        }
        let mut line = self.format_event(event, std::time::SystemTime::now());
        line.push('\n');
        // One write per line, so concurrent events do not interleave; a
        // closed stderr is not worth failing for.
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
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

/// Installs [`HclogLayer::from_env`] as the global subscriber, unless one is
/// already set (then the existing one is kept).
pub fn init() {
    use tracing_subscriber::layer::SubscriberExt as _;
    let subscriber = tracing_subscriber::registry().with(HclogLayer::from_env());
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

fn hclog_level(level: &Level) -> &'static str {
    match *level {
        Level::ERROR => "error",
        Level::WARN => "warn",
        Level::INFO => "info",
        Level::DEBUG => "debug",
        Level::TRACE => "trace",
    }
}

/// Collects the `message` field and the others as `,"key":value` JSON.
#[derive(Default)]
struct JsonFields {
    message: String,
    fields: String,
}

impl JsonFields {
    fn key(&mut self, field: &Field) {
        self.fields.push(',');
        push_json_string(&mut self.fields, field.name());
        self.fields.push(':');
    }
}

impl Visit for JsonFields {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            self.key(field);
            push_json_string(&mut self.fields, value);
        }
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.key(field);
        let _ = write!(self.fields, "{value}");
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.key(field);
        let _ = write!(self.fields, "{value}");
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.key(field);
        self.fields.push_str(if value { "true" } else { "false" });
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let text = format!("{value:?}");
        if field.name() == "message" {
            self.message.push_str(&text);
        } else {
            self.key(field);
            push_json_string(&mut self.fields, &text);
        }
    }
}

/// A JSON string literal, escaped as the wire JSON is.
fn push_json_string(out: &mut String, s: &str) {
    Quoting::JSON.write(out, s);
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
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn timestamps() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000000Z");
        // 2026-11-22T00:33:18.123456Z
        let t = UNIX_EPOCH + Duration::new(1_795_307_598, 123_456_000);
        assert_eq!(timestamp(t), "2026-11-22T00:33:18.123456Z");
        // A leap day.
        let t = UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(timestamp(t), "2000-02-29T00:00:00.000000Z");
    }

    #[test]
    fn transport_noise_is_left_out() {
        use tracing::metadata::Kind;
        use tracing::{callsite::Identifier, field::FieldSet};
        struct Cs;
        impl tracing::callsite::Callsite for Cs {
            fn set_interest(&self, _: tracing::subscriber::Interest) {}
            fn metadata(&self) -> &Metadata<'_> {
                &H2_TRACE
            }
        }
        static CS: Cs = Cs;
        static H2_TRACE: Metadata<'static> = Metadata::new(
            "frame",
            "h2::codec::framed_write",
            Level::TRACE,
            None,
            None,
            None,
            FieldSet::new(&[], Identifier(&CS)),
            Kind::EVENT,
        );
        static H2_WARN: Metadata<'static> = Metadata::new(
            "frame",
            "h2::codec",
            Level::WARN,
            None,
            None,
            None,
            FieldSet::new(&[], Identifier(&CS)),
            Kind::EVENT,
        );
        static OURS: Metadata<'static> = Metadata::new(
            "event",
            "tfschema::server::serve",
            Level::TRACE,
            None,
            None,
            None,
            FieldSet::new(&[], Identifier(&CS)),
            Kind::EVENT,
        );
        let layer = HclogLayer::new(LevelFilter::TRACE, "provider");
        assert!(!layer.wants(&H2_TRACE));
        assert!(layer.wants(&H2_WARN));
        assert!(layer.wants(&OURS));
        assert!(!HclogLayer::new(LevelFilter::INFO, "provider").wants(&OURS));
    }

    #[test]
    fn levels() {
        assert_eq!(level_from_tf_log(None), LevelFilter::WARN);
        assert_eq!(level_from_tf_log(Some("debug")), LevelFilter::DEBUG);
        assert_eq!(level_from_tf_log(Some("JSON")), LevelFilter::TRACE);
        assert_eq!(level_from_tf_log(Some("off")), LevelFilter::OFF);
    }

    /// Captures formatted lines instead of writing to stderr.
    struct Capture {
        layer: HclogLayer,
        lines: Arc<Mutex<Vec<String>>>,
    }

    impl<S: Subscriber> Layer<S> for Capture {
        fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
            let line = self.layer.format_event(event, UNIX_EPOCH);
            if let Ok(mut lines) = self.lines.lock() {
                lines.push(line);
            }
        }
    }

    #[test]
    fn json_lines() {
        use tracing_subscriber::layer::SubscriberExt as _;
        let lines = Arc::new(Mutex::new(Vec::new()));
        let subscriber = tracing_subscriber::registry().with(Capture {
            layer: HclogLayer::new(LevelFilter::TRACE, "provider"),
            lines: lines.clone(),
        });
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(
                protocol = 6,
                tls = true,
                addr = "x\"y",
                "serving \"plugin\""
            );
        });
        let lines = lines.lock().expect("lock");
        assert_eq!(lines.len(), 1);
        let v: serde_json::Value = serde_json::from_str(&lines[0]).expect("valid JSON");
        assert_eq!(v["@level"], "info");
        assert_eq!(v["@message"], "serving \"plugin\"");
        assert_eq!(v["@module"], "provider");
        assert_eq!(v["@timestamp"], "1970-01-01T00:00:00.000000Z");
        assert_eq!(v["protocol"], 6);
        assert_eq!(v["tls"], true);
        assert_eq!(v["addr"], "x\"y");
        assert!(v["@caller"].as_str().is_some_and(|c| c.contains("log.rs")));
    }
}
