//! The Go framework's `terraform-plugin-framework-jsontypes` for
//! `#[tf(with = ...)]` fields: [`Normalized`] (module [`normalized`]), a
//! JSON document whose spellings are semantically equal when they decode
//! to the same document, and [`Exact`] (module [`exact`]), one compared
//! byte for byte. Both keep the text as written and refuse text Go's
//! `json.Valid` refuses, with Go's diagnostic.
//!
//! ```
//! use tfschema::jsontypes::{self, Normalized};
//! use tfschema::{TfSchema, TfValue};
//!
//! #[derive(TfSchema, TfValue)]
//! struct Policy {
//!     #[tf(with = jsontypes::normalized, semantic_equal)]
//!     document: Normalized,
//! }
//!
//! let a = Normalized::new(r#"{"b": [1, 2], "a": "x"}"#)?;
//! let b = Normalized::new(r#"{"a":"x","b":[1,2]}"#)?;
//! assert!(jsontypes::normalized::semantically_equal(&a, &b));
//! assert_eq!(a.as_str(), r#"{"b": [1, 2], "a": "x"}"#);
//! assert_eq!(a.unmarshal().map_err(|e| e.detail().to_owned())?["b"][1], 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod scan;

use std::fmt;

use crate::WireError;

/// Text that is not JSON, as Go's `json.Valid` sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidJsonError {
    text: String,
}

impl fmt::Display for InvalidJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not valid JSON (RFC 7159)", self.text)
    }
}

impl std::error::Error for InvalidJsonError {}

/// Go's refusal of a string that is not JSON, the same for both types.
#[cold]
fn invalid(text: &str) -> WireError {
    WireError::new(
        "Invalid JSON String Value",
        format!(
            "A string value was provided that is not valid JSON string format (RFC 7159).\n\n\
             Given Value: {text}\n"
        ),
    )
}

/// The text decoded into a `serde_json::Value`, refused in Go's words.
fn unmarshal(text: &str, summary: &str) -> Result<serde_json::Value, WireError> {
    serde_json::from_str(text).map_err(|e| WireError::new(summary, e.to_string()))
}

macro_rules! json_type {
    ($(#[$doc:meta])* $name:ident, $summary:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            text: String,
        }

        impl $name {
            /// The text, when Go's `json.Valid` accepts it.
            ///
            /// # Errors
            /// Text that is not one JSON value (whitespace around it
            /// allowed).
            pub fn new(text: impl Into<String>) -> Result<Self, InvalidJsonError> {
                let text = text.into();
                if scan::valid(&text) {
                    Ok($name { text })
                } else {
                    Err(InvalidJsonError { text })
                }
            }

            /// The text as written.
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The text as written, owned.
            pub fn into_string(self) -> String {
                self.text
            }

            /// The document as a `serde_json::Value` (Go's `Unmarshal`).
            ///
            /// # Errors
            #[doc = concat!("A document serde_json cannot hold (nested deeper than 128, or a lone surrogate escape): summary \"", $summary, "\".")]
            pub fn unmarshal(&self) -> Result<serde_json::Value, WireError> {
                unmarshal(&self.text, $summary)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text)
            }
        }

        impl std::str::FromStr for $name {
            type Err = InvalidJsonError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $name::new(text)
            }
        }
    };
}

json_type!(
    /// Go's `jsontypes.Normalized`: a JSON document kept as written, equal
    /// in meaning to another spelling of the same document
    /// ([`normalized::semantically_equal`]): whitespace and the order of
    /// keys do not count, numbers are compared as written (`1` and `1.0`
    /// differ, as they do in Go, which decodes them as `json.Number`).
    Normalized,
    "Normalized JSON Unmarshal Error"
);

json_type!(
    /// Go's `jsontypes.Exact`: a JSON document kept and compared as
    /// written; Go gives it no semantic equality, so neither does its
    /// module.
    Exact,
    "Exact JSON Unmarshal Error"
);

impl Normalized {
    /// Go's normalised form: the document decoded with `UseNumber` and
    /// written by `json.Marshal` (keys sorted, no whitespace, the last of
    /// duplicate keys kept, `<`, `>` and `&` escaped).
    pub fn normalize(&self) -> String {
        // Every Normalized holds valid JSON, so there is a normal form.
        scan::normalize(&self.text).unwrap_or_else(|| self.text.clone())
    }
}

/// The `#[tf(with = ...)]` module of [`Normalized`]: a string attribute.
pub mod normalized {
    use super::Normalized;
    use crate::WireError;

    /// The attribute's Terraform type: a string.
    pub type Wire = String;

    /// The text as written.
    ///
    /// # Errors
    /// None.
    pub fn to_wire(value: &Normalized) -> Result<String, std::convert::Infallible> {
        Ok(value.text.clone())
    }

    /// The text, refused as Go refuses it ("Invalid JSON String Value")
    /// when it is not JSON.
    ///
    /// # Errors
    /// Text Go's `json.Valid` refuses.
    pub fn from_wire(text: String) -> Result<Normalized, WireError> {
        if super::scan::valid(&text) {
            Ok(Normalized { text })
        } else {
            Err(super::invalid(&text))
        }
    }

    /// Go's `StringSemanticEquals`: the same normalised document.
    pub fn semantically_equal(prior: &Normalized, new: &Normalized) -> bool {
        semantic_key(prior) == semantic_key(new)
    }

    /// The canonical form semantic equality compares:
    /// [`Normalized::normalize`].
    pub fn semantic_key(value: &Normalized) -> String {
        value.normalize()
    }
}

/// The `#[tf(with = ...)]` module of [`Exact`]: a string attribute, with no
/// semantic equality (as in Go).
pub mod exact {
    use super::Exact;
    use crate::WireError;

    /// The attribute's Terraform type: a string.
    pub type Wire = String;

    /// The text as written.
    ///
    /// # Errors
    /// None.
    pub fn to_wire(value: &Exact) -> Result<String, std::convert::Infallible> {
        Ok(value.text.clone())
    }

    /// The text, refused as Go refuses it ("Invalid JSON String Value")
    /// when it is not JSON.
    ///
    /// # Errors
    /// Text Go's `json.Valid` refuses.
    pub fn from_wire(text: String) -> Result<Exact, WireError> {
        if super::scan::valid(&text) {
            Ok(Exact { text })
        } else {
            Err(super::invalid(&text))
        }
    }
}
