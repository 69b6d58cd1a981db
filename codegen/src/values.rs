//! Reading OpenAPI keyword values (enum entries, defaults, counts) the way
//! the Go tool's YAML decoding does.
//!
//! A string attribute accepts any scalar's text (`1`, `true`); integer ones
//! accept integral numbers only (the Go tool truncates fractions, which we
//! treat as a bug, see the README).

use serde_json::Value;

/// -2^63, exactly representable; integral floats in [-2^63, 2^63) fit an i64.
const I64_MIN_F: f64 = i64::MIN as f64;

/// A scalar's text as YAML would decode it into a Go string.
pub(crate) fn scalar_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// An integral JSON number as i64 (`5` or `5.0`; not `5.5`).
pub(crate) fn integral(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| {
        v.as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= I64_MIN_F && *f < -I64_MIN_F)
            .map(|f| f as i64)
    })
}
