//! The child's stderr, relayed line by line into our own `tracing` log
//! under the child's name, as go-plugin's client relays a plugin's into
//! Terraform's log (`logStderr`): an hclog JSON line keeps its level, its
//! message and its other fields; a plain line takes its level from a
//! `[TRACE]`…`[ERROR]` prefix, a Go panic and everything after it is an
//! error, anything else is debug. The last few KiB are kept for error
//! messages.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, BufReader};

/// How much of the child's stderr an error message quotes.
const TAIL_BYTES: usize = 4096;
/// The longest line parsed as one (go-plugin's default
/// `PluginLogBufferSize`, 64 KiB); a longer one is logged in pieces at
/// debug, as go-plugin does.
const MAX_LINE: u64 = 64 * 1024;

/// The level of a relayed line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
}

/// One stderr line, understood.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Line {
    pub(crate) level: Level,
    pub(crate) message: String,
    /// hclog's `@module`, when the line is hclog JSON.
    pub(crate) module: Option<String>,
    /// The other fields of an hclog line, as `key=value` (JSON values),
    /// sorted by key; `@timestamp` and `@caller` included.
    pub(crate) fields: String,
}

/// hclog's level names (`hclog.LevelFromString`).
fn hclog_level(name: &str) -> Option<Level> {
    match name.trim().to_ascii_lowercase().as_str() {
        "trace" => Some(Level::Trace),
        "debug" => Some(Level::Debug),
        "info" => Some(Level::Info),
        "warn" | "warning" => Some(Level::Warn),
        "error" => Some(Level::Error),
        _ => None,
    }
}

/// Reads a line as go-plugin does. `in_panic` carries the state between
/// lines: once a line starts a Go panic, every later plain line is an
/// error.
pub(crate) fn parse_line(line: &str, in_panic: &mut bool) -> Line {
    if let Ok(Value::Object(mut map)) = serde_json::from_str::<Value>(line) {
        let level = match map.remove("@level") {
            Some(Value::String(l)) => hclog_level(&l),
            _ => None,
        };
        // JSON that is not hclog's (no level) is logged as it is, at debug.
        if let Some(level) = level {
            let message = match map.remove("@message") {
                Some(Value::String(m)) => m,
                Some(other) => other.to_string(),
                None => String::new(),
            };
            let module = match map.remove("@module") {
                Some(Value::String(m)) => Some(m),
                _ => None,
            };
            let mut fields: Vec<String> = map.iter().map(|(k, v)| format!("{k}={v}")).collect();
            fields.sort();
            let fields = fields.join(" ");
            return Line {
                level,
                message,
                module,
                fields,
            };
        }
    }
    let level = if line.starts_with("[TRACE]") {
        Level::Trace
    } else if line.starts_with("[DEBUG]") {
        Level::Debug
    } else if line.starts_with("[INFO]") {
        Level::Info
    } else if line.starts_with("[WARN]") {
        Level::Warn
    } else if line.starts_with("[ERROR]") {
        Level::Error
    } else if line.starts_with("panic: ") || line.starts_with("fatal error: ") {
        *in_panic = true;
        Level::Error
    } else if *in_panic {
        Level::Error
    } else {
        Level::Debug
    };
    Line {
        level,
        message: line.to_owned(),
        module: None,
        fields: String::new(),
    }
}

/// The last [`TAIL_BYTES`] of the child's stderr, shared with the reader.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tail(Arc<Mutex<VecDeque<u8>>>);

impl Tail {
    fn push(&self, bytes: &[u8]) {
        if let Ok(mut tail) = self.0.lock() {
            tail.extend(bytes);
            let excess = tail.len().saturating_sub(TAIL_BYTES);
            tail.drain(..excess);
        }
    }

    /// The tail as text, trailing whitespace trimmed.
    pub(crate) fn text(&self) -> String {
        self.0
            .lock()
            .map(|t| {
                let (a, b) = t.as_slices();
                let mut bytes = a.to_vec();
                bytes.extend_from_slice(b);
                String::from_utf8_lossy(&bytes).trim_end().to_owned()
            })
            .unwrap_or_default()
    }
}

/// Emits one line as a `tracing` event from the child `name`.
fn emit(name: &str, line: &Line) {
    let module = line.module.as_deref().unwrap_or("");
    let (message, fields) = (&line.message, &line.fields);
    macro_rules! at {
        ($level:ident) => {
            tracing::event!(
                tracing::Level::$level,
                plugin = %name,
                module = %module,
                fields = %fields,
                "{message}"
            )
        };
    }
    match line.level {
        Level::Trace => at!(TRACE),
        Level::Debug => at!(DEBUG),
        Level::Info => at!(INFO),
        Level::Warn => at!(WARN),
        Level::Error => at!(ERROR),
    }
}

/// Reads `stderr` to its end: every line relayed as [`emit`] logs it and
/// kept in `tail`.
pub(crate) async fn relay(name: String, stderr: impl AsyncRead + Unpin, tail: Tail) {
    let mut reader = BufReader::new(stderr);
    let mut buf = Vec::new();
    let (mut in_panic, mut continuation) = (false, false);
    loop {
        buf.clear();
        match (&mut reader)
            .take(MAX_LINE)
            .read_until(b'\n', &mut buf)
            .await
        {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) => {
                tracing::error!(plugin = %name, "reading plugin stderr: {e}");
                return;
            }
        }
        tail.push(&buf);
        let complete = buf.last() == Some(&b'\n');
        let text = String::from_utf8_lossy(&buf);
        let text = text.trim_end_matches(['\n', '\r']);
        // A piece of an over-long line will not parse: debug, as go-plugin.
        if !complete || continuation {
            let piece = Line {
                level: Level::Debug,
                message: text.to_owned(),
                module: None,
                fields: String::new(),
            };
            emit(&name, &piece);
            continuation = !complete;
            continue;
        }
        emit(&name, &parse_line(text, &mut in_panic));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hclog_json_keeps_level_message_module_and_fields() {
        // A line as terraform-plugin-go's tflog writes it (go-hclog's JSON
        // format: `@level`, `@message`, `@module`, `@timestamp`, then the
        // key/value pairs).
        let line = r#"{"@caller":"/src/provider.go:42","@level":"info","@message":"configuring client","@module":"provider","@timestamp":"2024-01-02T03:04:05.000000Z","region":"us-east-1","retries":3}"#;
        let mut panic = false;
        let parsed = parse_line(line, &mut panic);
        assert_eq!(parsed.level, Level::Info);
        assert_eq!(parsed.message, "configuring client");
        assert_eq!(parsed.module.as_deref(), Some("provider"));
        assert_eq!(
            parsed.fields,
            r#"@caller="/src/provider.go:42" @timestamp="2024-01-02T03:04:05.000000Z" region="us-east-1" retries=3"#
        );
        for (name, level) in [
            ("trace", Level::Trace),
            ("debug", Level::Debug),
            ("warn", Level::Warn),
            ("WARNING", Level::Warn),
            ("error", Level::Error),
        ] {
            let line = format!(r#"{{"@level":"{name}","@message":"m"}}"#);
            assert_eq!(parse_line(&line, &mut panic).level, level, "{name}");
        }
        assert!(!panic);
    }

    #[test]
    fn json_without_an_hclog_level_is_a_plain_debug_line() {
        let mut panic = false;
        for line in [
            r#"{"msg":"hi"}"#,
            r#"{"@level":"loud","@message":"m"}"#,
            "[1,2]",
        ] {
            let parsed = parse_line(line, &mut panic);
            assert_eq!(parsed.level, Level::Debug, "{line}");
            assert_eq!(parsed.message, line);
            assert_eq!(parsed.module, None);
        }
    }

    #[test]
    fn plain_lines_by_prefix_and_panics_as_go_plugin_reads_them() {
        let mut panic = false;
        for (line, level) in [
            ("[TRACE] x", Level::Trace),
            ("[DEBUG] x", Level::Debug),
            ("[INFO] x", Level::Info),
            ("[WARN] x", Level::Warn),
            ("[ERROR] x", Level::Error),
            ("2024/01/02 03:04:05 starting", Level::Debug),
        ] {
            assert_eq!(parse_line(line, &mut panic).level, level, "{line}");
        }
        assert!(!panic);
        let first = parse_line("panic: runtime error: index out of range", &mut panic);
        assert_eq!(first.level, Level::Error);
        assert!(panic);
        // The goroutine dump that follows is part of the panic.
        assert_eq!(
            parse_line("goroutine 1 [running]:", &mut panic).level,
            Level::Error
        );
        let mut fatal = false;
        parse_line("fatal error: concurrent map writes", &mut fatal);
        assert!(fatal);
    }

    #[test]
    fn the_tail_keeps_the_last_bytes() {
        let tail = Tail::default();
        tail.push(&vec![b'a'; TAIL_BYTES]);
        tail.push(b"end\n");
        let text = tail.text();
        assert_eq!(text.len(), TAIL_BYTES - 1);
        assert!(text.ends_with("aend"));
    }
}
