//! A configuration read into a plan view for the validate hooks, past the
//! values custom types refuse: each refusal becomes a diagnostic and its
//! value reads as unknown, so the hooks still run and see the rest.
//!
//! The view keeps its one decode: a refusal fails it at the refused value's
//! path, which is then made unknown in the `Value` and the read repeated.
//! Every field of a plan view can be unknown, so each round turns one more
//! refused value unknown and the read ends. The loop ([`past_refusals`]) is
//! compiled once; the typed server reads a configuration's view through the
//! msgpack decode every request needs ([`read_past_refusals`]), and a
//! struct's `validate_with` hook through the `Value` source
//! (`__private::hook_view`).

use crate::diag::{Diagnostic, Diagnostics};
use crate::error::PathStep;
use crate::value::Value;
#[cfg(feature = "server")]
use crate::{model::TfDecode, msgpack::decode_value_as};

/// How many refused values [`read_past_refusals`] turns unknown before it
/// gives up: each one costs a read of the whole value, so without a bound a
/// configuration refused everywhere would cost its size squared.
pub(crate) const MAX_REFUSALS: usize = 32;

/// Reads `value` as `T`, each value a custom type's conversion refuses
/// read as unknown and reported in the diagnostics (summary `summary`
/// unless the refusal gave its own; the path stops at a set element, which
/// Terraform cannot address).
///
/// # Errors
/// Any other decode failure, a refusal whose value cannot be made unknown
/// (a view that cannot hold an unknown there), or more than
/// [`MAX_REFUSALS`] refusals: the diagnostics of the refusals found so far
/// and of the failure.
#[cfg(feature = "server")]
pub(crate) fn read_past_refusals<T: for<'de> TfDecode<'de>>(
    value: &Value,
    summary: &str,
) -> Result<(T, Diagnostics), Diagnostics> {
    let mut view = None;
    let refusals = past_refusals(value, summary, &mut |current| {
        view = Some(decode_value_as::<T>(current)?);
        Ok(())
    })?;
    match view {
        Some(view) => Ok((view, refusals)),
        // `past_refusals` ends well only after a read that succeeded.
        None => Err(Diagnostics::with_error(
            "Internal error in tfschema",
            "A view was read without a result; please report this.",
        )),
    }
}

/// The loop of [`read_past_refusals`], compiled once: `read` reads the
/// value as it is patched so far, until it succeeds; the refusals found on
/// the way.
///
/// # Errors
/// As [`read_past_refusals`].
pub(crate) fn past_refusals(
    value: &Value,
    summary: &str,
    read: &mut dyn FnMut(&Value) -> Result<(), crate::error::Error>,
) -> Result<Diagnostics, Diagnostics> {
    let mut refusals = Diagnostics::new();
    // The value with the refused values made unknown, copied at the first
    // refusal: a value nothing refuses is read from one copy.
    let mut patched: Option<Value> = None;
    loop {
        let current = patched.as_ref().unwrap_or(value);
        let err = match read(current) {
            Ok(()) => return Ok(refusals),
            Err(err) => err,
        };
        let path: Vec<PathStep> = err.path().cloned().collect();
        let shown = if err.is_refusal() && refusals.len() < MAX_REFUSALS {
            make_unknown(patched.get_or_insert_with(|| value.clone()), &path)
        } else {
            None
        };
        let own = err.summary().map(str::to_owned);
        let mut diagnostic = Diagnostic::from(err);
        if let Some(shown) = &shown {
            diagnostic = diagnostic.at(shown);
        }
        diagnostic.summary = own.unwrap_or_else(|| summary.to_owned());
        refusals.push(diagnostic);
        if shown.is_none() {
            return Err(refusals);
        }
    }
}

/// Makes the known value at `path` unknown (of its type); returns the path
/// as a diagnostic shows it (up to the first set), or `None` when there is
/// no known value there.
fn make_unknown(value: &mut Value, path: &[PathStep]) -> Option<Vec<PathStep>> {
    let mut at = value;
    let mut shown = Vec::with_capacity(path.len());
    let mut in_set = false;
    for step in path {
        in_set |= matches!(at, Value::Set(..));
        if !in_set {
            shown.push(step.clone());
        }
        at = match (at, step) {
            (Value::Object(attrs), PathStep::Attr(name)) => attrs.get_mut(name)?,
            (Value::Map(_, items) | Value::Object(items), PathStep::Key(key)) => {
                items.get_mut(key)?
            }
            (
                Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items),
                PathStep::Index(i),
            ) => items.get_mut(usize::try_from(*i).ok()?)?,
            _ => return None,
        };
    }
    if matches!(at, Value::Unknown(..)) {
        return None;
    }
    *at = Value::unknown(at.ty());
    Some(shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Type;

    #[test]
    fn the_value_at_the_path_turns_unknown_and_sets_end_the_shown_path() {
        let mut value = Value::object([(
            "rule",
            Value::Set(
                Type::object([("mode", Type::String)]),
                vec![Value::object([("mode", Value::from("x"))])],
            ),
        )]);
        let path = [
            PathStep::Attr("rule".into()),
            PathStep::Index(0),
            PathStep::Attr("mode".into()),
        ];
        assert_eq!(
            make_unknown(&mut value, &path),
            Some(vec![PathStep::Attr("rule".into())])
        );
        let expected = Value::object([(
            "rule",
            Value::Set(
                Type::object([("mode", Type::String)]),
                vec![Value::object([("mode", Value::unknown(Type::String))])],
            ),
        )]);
        assert_eq!(value, expected);
        // Already unknown: no progress, so no second round.
        assert_eq!(make_unknown(&mut value, &path), None);
    }
}
