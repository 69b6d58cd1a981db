//! Checks of a saved plan, as Go's `plancheck` package: run before apply,
//! after apply before the refresh, and after the refresh
//! ([`ConfigPlanChecks`](super::ConfigPlanChecks)). Their messages are Go's.

use std::fmt;

use super::json::{Plan, ResourceChange};
use super::knownvalue::BoxCheck;
use super::path::Path;

/// A check of a plan; Go's `plancheck.PlanCheck`.
pub trait PlanCheck: Send + Sync {
    /// `Ok` when the plan passes, else why not.
    fn check_plan(&self, plan: &Plan) -> Result<(), String>;
}

/// A boxed [`PlanCheck`], as the constructors here return.
pub type BoxPlanCheck = Box<dyn PlanCheck>;

/// The action a resource change is expected to plan; Go's
/// `plancheck.ResourceActionType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceAction {
    /// `no-op`.
    NoOp,
    /// `create`.
    Create,
    /// `read` (a data source read during apply).
    Read,
    /// `update` in place.
    Update,
    /// `delete`.
    Destroy,
    /// Replace, destroying first (`delete`, `create`).
    DestroyBeforeCreate,
    /// Replace, creating first (`create`, `delete`).
    CreateBeforeDestroy,
    /// Replace in either order.
    Replace,
}

impl fmt::Display for ResourceAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ResourceAction::NoOp => "NoOp",
            ResourceAction::Create => "Create",
            ResourceAction::Read => "Read",
            ResourceAction::Update => "Update",
            ResourceAction::Destroy => "Destroy",
            ResourceAction::DestroyBeforeCreate => "DestroyBeforeCreate",
            ResourceAction::CreateBeforeDestroy => "CreateBeforeDestroy",
            ResourceAction::Replace => "Replace",
        })
    }
}

impl ResourceAction {
    fn matches(self, actions: &[String]) -> bool {
        let a: Vec<&str> = actions.iter().map(String::as_str).collect();
        match self {
            ResourceAction::NoOp => a == ["no-op"],
            ResourceAction::Create => a == ["create"],
            ResourceAction::Read => a == ["read"],
            ResourceAction::Update => a == ["update"],
            ResourceAction::Destroy => a == ["delete"],
            ResourceAction::DestroyBeforeCreate => a == ["delete", "create"],
            ResourceAction::CreateBeforeDestroy => a == ["create", "delete"],
            ResourceAction::Replace => a == ["delete", "create"] || a == ["create", "delete"],
        }
    }
}

/// Actions as Go prints a `tfjson.Actions` with `%v`: `[delete create]`.
pub(crate) fn go_actions(actions: &[String]) -> String {
    format!("[{}]", actions.join(" "))
}

struct Fn<F>(F);

impl<F: std::ops::Fn(&Plan) -> Result<(), String> + Send + Sync> PlanCheck for Fn<F> {
    fn check_plan(&self, plan: &Plan) -> Result<(), String> {
        (self.0)(plan)
    }
}

fn check(
    f: impl std::ops::Fn(&Plan) -> Result<(), String> + Send + Sync + 'static,
) -> BoxPlanCheck {
    Box::new(Fn(f))
}

fn change<'p>(plan: &'p Plan, address: &str) -> Result<&'p ResourceChange, String> {
    plan.resource_change(address)
        .ok_or_else(|| format!("{address} - Resource not found in plan ResourceChanges"))
}

/// No resource change other than no-op.
pub fn expect_empty_plan() -> BoxPlanCheck {
    check(|plan| {
        let errors: Vec<String> = plan
            .resource_changes
            .iter()
            .filter(|rc| !rc.change.is_no_op())
            .map(|rc| {
                format!(
                    "expected empty plan, but {} has planned action(s): {}",
                    rc.address,
                    go_actions(&rc.change.actions)
                )
            })
            .collect();
        super::failures::joined(errors)
    })
}

/// At least one resource or output change other than no-op.
pub fn expect_non_empty_plan() -> BoxPlanCheck {
    check(|plan| {
        if plan.is_empty() {
            Err("expected a non-empty plan, but got an empty plan".to_owned())
        } else {
            Ok(())
        }
    })
}

/// The instance at `address` plans `action`.
pub fn expect_resource_action(address: impl Into<String>, action: ResourceAction) -> BoxPlanCheck {
    let address = address.into();
    check(move |plan| {
        let rc = change(plan, &address)?;
        if action.matches(&rc.change.actions) {
            Ok(())
        } else {
            Err(format!(
                "'{}' - expected {action}, got action(s): {}",
                rc.address,
                go_actions(&rc.change.actions)
            ))
        }
    })
}

/// The planned value at `path` of `address` is unknown.
pub fn expect_unknown_value(address: impl Into<String>, path: Path) -> BoxPlanCheck {
    let address = address.into();
    check(move |plan| {
        let rc = change(plan, &address)?;
        match path.traverse(&rc.change.after_unknown)? {
            serde_json::Value::Bool(true) => Ok(()),
            serde_json::Value::Bool(false) => Err("attribute at path is known".to_owned()),
            _ => Err("invalid path: the path value cannot be asserted as bool".to_owned()),
        }
    })
}

/// The planned value at `path` of `address` is known and matches `value`.
pub fn expect_known_value(address: impl Into<String>, path: Path, value: BoxCheck) -> BoxPlanCheck {
    let address = address.into();
    check(move |plan| {
        let rc = change(plan, &address)?;
        let got = path.traverse(&rc.change.after)?;
        value.check_value(got)
    })
}

/// The planned value at `path` of `address` is sensitive.
pub fn expect_sensitive_value(address: impl Into<String>, path: Path) -> BoxPlanCheck {
    let address = address.into();
    check(move |plan| {
        let rc = change(plan, &address)?;
        match path.traverse(&rc.change.after_sensitive)? {
            serde_json::Value::Bool(true) => Ok(()),
            serde_json::Value::Bool(false) => Err("attribute at path is not sensitive".to_owned()),
            _ => Err("invalid path: the path value cannot be asserted as bool".to_owned()),
        }
    })
}

/// Runs `checks` on `plan`; every failure, one per line (Go's
/// `errors.Join`).
pub(crate) fn run(plan: &Plan, checks: &[BoxPlanCheck]) -> Result<(), String> {
    let errors: Vec<String> = checks
        .iter()
        .filter_map(|c| c.check_plan(plan).err())
        .collect();
    super::failures::joined(errors)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn replace_takes_either_order() {
        let of = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert!(ResourceAction::Replace.matches(&of(&["delete", "create"])));
        assert!(ResourceAction::Replace.matches(&of(&["create", "delete"])));
        assert!(!ResourceAction::Replace.matches(&of(&["update"])));
        assert!(!ResourceAction::DestroyBeforeCreate.matches(&of(&["create", "delete"])));
        assert!(ResourceAction::CreateBeforeDestroy.matches(&of(&["create", "delete"])));
        assert!(!ResourceAction::Destroy.matches(&of(&["delete", "create"])));
        assert_eq!(go_actions(&of(&["delete", "create"])), "[delete create]");
    }
}
