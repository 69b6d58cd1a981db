//! How a rule reports a mistake: an error at a span, and the two common
//! shapes of a rule that refuses a key outright. The bottom floor of the
//! checks, shared with the function macro's.

use darling::error::Accumulator;
use darling::util::{Flag, SpannedValue};
use darling::Error;
use proc_macro2::Span;

/// An error at `span`: the one constructor of the derives' and the
/// function macro's compile errors.
pub(crate) fn err_at(span: Span, msg: impl std::fmt::Display) -> Error {
    Error::custom(msg).with_span(&span)
}

/// Refuses a flag that was written, at the flag.
pub(crate) fn refuse_flag(flag: &Flag, msg: &str, errors: &mut Accumulator) {
    if flag.is_present() {
        errors.push(err_at(flag.span(), msg));
    }
}

/// Refuses a key that was written (`key = ...`), at the key.
pub(crate) fn refuse_key<T>(value: &Option<SpannedValue<T>>, msg: &str, errors: &mut Accumulator) {
    if let Some(v) = value {
        errors.push(err_at(v.span(), msg));
    }
}

/// The flag's span when it was written, else `fallback`.
pub(crate) fn flag_span(flag: &Flag, fallback: Span) -> Span {
    if flag.is_present() {
        flag.span()
    } else {
        fallback
    }
}
