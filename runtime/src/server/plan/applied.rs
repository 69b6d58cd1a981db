//! The checks made on the state an apply returns, against the plan.

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::refinement::Refinements;
use crate::server::walk::Counterpart;
use crate::value::Value;

/// Checks the state an apply returned against the plan: no unknown values
/// may remain, and unknowns planned with refinements must have become values
/// that satisfy them. Errors name the attribute path.
pub fn check_applied(planned: &Value, applied: &Value, diagnostics: &mut Diagnostics) {
    let mut path = Vec::new();
    check(Some(planned), applied, &mut path, diagnostics);
}

/// Checks `applied` against its planned counterpart, if any, element by
/// element. The walk follows the values, not the schema: `dynamic`
/// attributes are looked into too. Set elements have no path: an unknown
/// in a set is reported at the set.
fn check(
    planned: Option<&Value>,
    applied: &Value,
    path: &mut Vec<PathStep>,
    diags: &mut Diagnostics,
) {
    if let Value::Unknown(..) = applied {
        return unknown_after_apply(path, diags);
    }
    if let Some(Value::Unknown(_, refinements)) = planned {
        if let Some(broken) = violated(refinements, applied) {
            diags.error(
                path,
                "Provider broke a planned refinement",
                format!(
                    "The plan promised that this value would be {broken}, but the applied value is not; \
                     this is a bug in the provider."
                ),
            );
        }
        return;
    }
    // A planned value of another shape holds nothing to compare with.
    let planned = planned.filter(|p| std::mem::discriminant(*p) == std::mem::discriminant(applied));
    if planned.is_none() && applied.is_wholly_known() {
        return;
    }
    match applied {
        Value::Object(attrs) => {
            for (name, v) in attrs {
                path.push(PathStep::Attr(name.clone()));
                check(planned.attr(name), v, path, diags);
                path.pop();
            }
        }
        Value::List(_, items) | Value::Tuple(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(PathStep::Index(i as u64));
                check(planned.index(i), v, path, diags);
                path.pop();
            }
        }
        Value::Map(_, items) => {
            for (k, v) in items {
                path.push(PathStep::Key(k.clone()));
                check(planned.key(k), v, path, diags);
                path.pop();
            }
        }
        _ if applied.is_wholly_known() => {}
        _ => unknown_after_apply(path, diags),
    }
}

fn unknown_after_apply(path: &[PathStep], diags: &mut Diagnostics) {
    diags.error(
        path,
        "Provider returned an unknown value after apply",
        "Every attribute must be known once the change is applied; this is a bug in the provider.",
    );
}

/// The first refinement `actual` violates, described for a message.
fn violated(r: &Refinements, actual: &Value) -> Option<String> {
    if actual.is_null() {
        return r.not_null.then(|| "not null".to_owned());
    }
    match actual {
        Value::String(s) if !r.string_prefix.is_empty() && !s.starts_with(&r.string_prefix) => {
            Some(format!("a string starting with {:?}", r.string_prefix))
        }
        Value::Number(n) => {
            if let Some(lo) = &r.number_lower {
                let ok = if lo.inclusive {
                    *n >= lo.value
                } else {
                    *n > lo.value
                };
                if !ok {
                    let op = if lo.inclusive { ">=" } else { ">" };
                    return Some(format!("a number {op} {}", lo.value));
                }
            }
            if let Some(hi) = &r.number_upper {
                let ok = if hi.inclusive {
                    *n <= hi.value
                } else {
                    *n < hi.value
                };
                if !ok {
                    let op = if hi.inclusive { "<=" } else { "<" };
                    return Some(format!("a number {op} {}", hi.value));
                }
            }
            None
        }
        Value::List(_, items) | Value::Set(_, items) => length_violated(r, items.len()),
        Value::Map(_, items) => length_violated(r, items.len()),
        _ => None,
    }
}

fn length_violated(r: &Refinements, len: usize) -> Option<String> {
    let len = len as u64;
    if len < r.length_min {
        return Some(format!(
            "a collection of at least {} elements",
            r.length_min
        ));
    }
    match r.length_max {
        Some(max) if len > max => Some(format!("a collection of at most {max} elements")),
        _ => None,
    }
}
