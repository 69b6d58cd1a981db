//! Validators, as the framework validators package each came from.
//!
//! A code spec carries validators as Go source (`stringvalidator.OneOf(...)`);
//! here they are structured: the OpenAPI mapper builds them from the schema's
//! constraints, the code spec reader parses the Go source back into them
//! (`codespec::parse_go`), [`Validator::to_custom`] writes the Go form again
//! (the strings of [`crate::validators`]), and the Rust emitter turns the
//! list into one `#[tf(validate(...))]`.

use crate::validators::{self as v, CustomValidator};

/// Which collection a size validator applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    /// `listvalidator`.
    List,
    /// `setvalidator`.
    Set,
    /// `mapvalidator`.
    Map,
}

/// One validator, as the framework validators package it came from.
#[derive(Debug, Clone, PartialEq)]
pub enum Validator {
    /// `stringvalidator.LengthAtLeast/AtMost/Between`.
    Length { min: Option<i64>, max: Option<i64> },
    /// `stringvalidator.OneOf`.
    OneOfString(Vec<String>),
    /// `stringvalidator.RegexMatches(regexp.MustCompile(pattern), message)`.
    Regex { pattern: String, message: String },
    /// `int64validator.AtLeast/AtMost/Between` (inclusive).
    Int64Range { min: Option<i64>, max: Option<i64> },
    /// `int64validator.OneOf`.
    OneOfInt64(Vec<i64>),
    /// `float64validator.OneOf`.
    OneOfFloat64(Vec<f64>),
    /// `listvalidator/setvalidator/mapvalidator.SizeAtLeast/AtMost/Between`.
    Size {
        collection: Collection,
        min: Option<i64>,
        max: Option<i64>,
    },
    /// `listvalidator.UniqueValues()`.
    UniqueValues,
}

fn bounds(
    min: Option<i64>,
    max: Option<i64>,
    least: fn(i64) -> CustomValidator,
    most: fn(i64) -> CustomValidator,
    between: fn(i64, i64) -> CustomValidator,
) -> CustomValidator {
    match (min, max) {
        (Some(a), Some(b)) => between(a, b),
        (Some(a), None) => least(a),
        (None, Some(b)) => most(b),
        // Not produced by the parser or the constraint mapping.
        (None, None) => least(0),
    }
}

impl Validator {
    /// The Go source and imports the OpenAPI tool writes for this validator.
    pub fn to_custom(&self) -> CustomValidator {
        match self {
            Validator::Length { min, max } => bounds(
                *min,
                *max,
                v::string_length_at_least,
                v::string_length_at_most,
                v::string_length_between,
            ),
            Validator::OneOfString(values) => {
                v::string_one_of(values).unwrap_or_else(|| one_of_empty("stringvalidator"))
            }
            Validator::Regex { pattern, message } => v::string_regex_matches(pattern, message),
            Validator::Int64Range { min, max } => bounds(
                *min,
                *max,
                v::int64_at_least,
                v::int64_at_most,
                v::int64_between,
            ),
            Validator::OneOfInt64(values) => {
                v::int64_one_of(values).unwrap_or_else(|| one_of_empty("int64validator"))
            }
            Validator::OneOfFloat64(values) => {
                v::float64_one_of(values).unwrap_or_else(|| one_of_empty("float64validator"))
            }
            Validator::Size {
                collection,
                min,
                max,
            } => match collection {
                Collection::List => bounds(
                    *min,
                    *max,
                    v::list_size_at_least,
                    v::list_size_at_most,
                    v::list_size_between,
                ),
                Collection::Set => bounds(
                    *min,
                    *max,
                    v::set_size_at_least,
                    v::set_size_at_most,
                    v::set_size_between,
                ),
                Collection::Map => bounds(
                    *min,
                    *max,
                    v::map_size_at_least,
                    v::map_size_at_most,
                    v::map_size_between,
                ),
            },
            Validator::UniqueValues => v::list_unique_values(),
        }
    }
}

fn one_of_empty(package: &str) -> CustomValidator {
    CustomValidator {
        imports: vec![format!(
            "github.com/hashicorp/terraform-plugin-framework-validators/{package}"
        )],
        schema_definition: format!("{package}.OneOf()"),
    }
}
