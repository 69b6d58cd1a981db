//! Refinements of unknown values: what is already known about a value that
//! will only be decided at apply time (not null, a string prefix, number
//! bounds, collection length bounds). Their msgpack payload is the msgpack
//! codec's (`msgpack/refinement.rs`).

use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::number::Number;
use crate::types::Type;

/// Which refinements a type admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefineKind {
    /// Nullness and a string prefix.
    String,
    /// Nullness and number bounds.
    Number,
    /// Nullness and length bounds (list, set, map).
    Collection,
    /// Nullness only (bool, object, tuple).
    Other,
    /// None: refinements of `dynamic` are ignored, as go-cty does.
    Dynamic,
}

impl RefineKind {
    /// The refinements `ty` admits.
    pub fn of(ty: &Type) -> RefineKind {
        match ty {
            Type::String => RefineKind::String,
            Type::Number => RefineKind::Number,
            Type::List(_) | Type::Set(_) | Type::Map(_) => RefineKind::Collection,
            Type::Dynamic => RefineKind::Dynamic,
            Type::Bool | Type::Object(_) | Type::Tuple(_) => RefineKind::Other,
        }
    }
}

/// One end of a number range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberBound {
    /// Where the range ends.
    pub value: Number,
    /// Whether `value` itself is in the range.
    pub inclusive: bool,
}

/// What is known about an unknown value. The default knows nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Refinements {
    /// The value will definitely not be null.
    pub not_null: bool,
    /// Strings only: the value starts with this (empty: no prefix known).
    pub string_prefix: String,
    /// Numbers only: lower bound.
    pub number_lower: Option<NumberBound>,
    /// Numbers only: upper bound.
    pub number_upper: Option<NumberBound>,
    /// Collections only: inclusive lower bound of the length (0: none).
    pub length_min: u64,
    /// Collections only: inclusive upper bound of the length.
    pub length_max: Option<u64>,
}

impl Refinements {
    /// Knows only that the value is not null.
    pub fn not_null() -> Self {
        Refinements {
            not_null: true,
            ..Refinements::default()
        }
    }

    /// Whether nothing is known, i.e. the value encodes as `d4 00 00`.
    pub fn is_empty(&self) -> bool {
        *self == Refinements::default()
    }

    /// Only the refinements `kind` admits (what go-cty would encode).
    pub fn restricted_to(&self, kind: RefineKind) -> Refinements {
        let mut out = Refinements::default();
        if kind == RefineKind::Dynamic {
            return out;
        }
        out.not_null = self.not_null;
        match kind {
            RefineKind::String => out.string_prefix = self.string_prefix.clone(),
            RefineKind::Number => {
                out.number_lower = self.number_lower.clone();
                out.number_upper = self.number_upper.clone();
            }
            RefineKind::Collection => {
                out.length_min = self.length_min;
                out.length_max = self.length_max;
            }
            RefineKind::Other | RefineKind::Dynamic => {}
        }
        out
    }

    /// Checks that every refinement fits `kind` and the bounds are consistent.
    ///
    /// # Errors
    /// A refinement for another kind of type, or bounds that exclude every value.
    pub fn check(&self, kind: RefineKind) -> Result<()> {
        if kind == RefineKind::Dynamic {
            return Ok(());
        }
        if !self.string_prefix.is_empty() && kind != RefineKind::String {
            return Err(misfit("string prefix", "non-string"));
        }
        if (self.number_lower.is_some() || self.number_upper.is_some())
            && kind != RefineKind::Number
        {
            return Err(misfit("number bound", "non-number"));
        }
        if (self.length_min != 0 || self.length_max.is_some()) && kind != RefineKind::Collection {
            return Err(misfit("length bound", "non-collection"));
        }
        if let (Some(lo), Some(hi)) = (&self.number_lower, &self.number_upper) {
            let ok = if lo.inclusive && hi.inclusive {
                lo.value <= hi.value
            } else {
                lo.value < hi.value
            };
            if !ok {
                return Err(Error::invalid(format!(
                    "number lower bound {} is greater than upper bound {}",
                    lo.value, hi.value
                )));
            }
        }
        if let Some(max) = self.length_max {
            if max < self.length_min {
                return Err(Error::invalid(format!(
                    "collection length upper bound {max} is less than lower bound {}",
                    self.length_min
                )));
            }
        }
        Ok(())
    }
}

#[cold]
pub(crate) fn misfit(what: &str, for_type: &str) -> Error {
    Error::new(
        ErrorKind::Invalid,
        format!("{what} refinement for a {for_type} type"),
    )
}

impl fmt::Display for Refinements {
    /// Spelled out as in a plan: `not null, starts with "ami-"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.not_null {
            parts.push("not null".into());
        }
        if !self.string_prefix.is_empty() {
            parts.push(format!("starts with {:?}", self.string_prefix));
        }
        if let Some(lo) = &self.number_lower {
            parts.push(format!(
                "{} {}",
                if lo.inclusive { ">=" } else { ">" },
                lo.value
            ));
        }
        if let Some(hi) = &self.number_upper {
            parts.push(format!(
                "{} {}",
                if hi.inclusive { "<=" } else { "<" },
                hi.value
            ));
        }
        match (self.length_min, self.length_max) {
            (0, None) => {}
            (min, Some(max)) if min == max => parts.push(format!("length {min}")),
            (0, Some(max)) => parts.push(format!("length <= {max}")),
            (min, None) => parts.push(format!("length >= {min}")),
            (min, Some(max)) => parts.push(format!("length {min} to {max}")),
        }
        f.write_str(&parts.join(", "))
    }
}
