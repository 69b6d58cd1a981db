//! Validators over validators: `any` and `any_with_all_warnings` (Go's
//! `stringvalidator.Any`, `AnyWithAllWarnings` and their twins for every
//! type) and `warn`, which reports another validator's failures as
//! warnings. (`all` needs nothing at run time: its validators run one after
//! the other, as if written out.)
//!
//! Each alternative reports into diagnostics of its own, at the same path,
//! so that its errors can be kept or dropped as a whole.

use super::Ctx;
use crate::diag::{Diagnostics, Severity};
use crate::value::Value;

/// One alternative of an `any`: validators run on a value.
pub type Branch<'a> = &'a dyn Fn(&Value, &mut Ctx<'_>);

/// Runs `branch` on `value` at `ctx`'s path, into diagnostics of its own.
fn run(branch: Branch<'_>, value: &Value, ctx: &Ctx<'_>) -> Diagnostics {
    let mut found = Diagnostics::new();
    branch(
        value,
        &mut Ctx::new(ctx.path.clone(), ctx.sensitive, &mut found),
    );
    found
}

/// Runs `once` on `value`, or on each element when `each` (the branches
/// check elements, and the value may be a collection of them).
fn per_value(value: &Value, each: bool, ctx: &mut Ctx<'_>, once: &dyn Fn(&Value, &mut Ctx<'_>)) {
    if each {
        ctx.each(value, &mut |ctx, v| once(v, ctx));
    } else {
        once(value, ctx);
    }
}

/// Passes when one of `branches` passes (reports no error), with that
/// branch's warnings; otherwise reports every branch's diagnostics, in
/// order (stringvalidator/any.go). Branches after the first that passes do
/// not run.
pub fn any(value: &Value, each: bool, branches: &[Branch<'_>], ctx: &mut Ctx<'_>) {
    per_value(value, each, ctx, &|v, ctx| {
        let mut failed = Diagnostics::new();
        for branch in branches {
            let found = run(*branch, v, ctx);
            if !found.has_errors() {
                ctx.diags.extend(found);
                return;
            }
            failed.extend(found);
        }
        ctx.diags.extend(failed);
    });
}

/// As [`any`], but every branch runs, and when one passes the warnings of
/// all of them are kept (stringvalidator/any_with_all_warnings.go).
pub fn any_with_all_warnings(
    value: &Value,
    each: bool,
    branches: &[Branch<'_>],
    ctx: &mut Ctx<'_>,
) {
    per_value(value, each, ctx, &|v, ctx| {
        let mut all = Diagnostics::new();
        let mut passed = false;
        for branch in branches {
            let found = run(*branch, v, ctx);
            passed |= !found.has_errors();
            all.extend(found);
        }
        if passed {
            ctx.diags
                .extend(all.into_iter().filter(|d| d.severity == Severity::Warning));
        } else {
            ctx.diags.extend(all);
        }
    });
}

/// Runs `inner` and reports its errors as warnings, with the same summary,
/// detail and path (the `resp.Diagnostics.AddAttributeWarning` of a Go
/// provider's own validator).
pub fn warn(value: &Value, inner: Branch<'_>, ctx: &mut Ctx<'_>) {
    let found = run(inner, value, ctx);
    ctx.diags.extend(found.into_iter().map(|mut d| {
        d.severity = Severity::Warning;
        d
    }));
}
