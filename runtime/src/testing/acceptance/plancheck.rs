//! Checks of a saved plan, as Go's `plancheck` package: run before apply,
//! after apply before the refresh, and after the refresh
//! ([`ConfigPlanChecks`](super::ConfigPlanChecks)). Their messages are Go's.

use std::fmt;

use serde_json::Value as Json;

use super::gofmt;
use super::json::{Change, Plan, ResourceChange};
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

fn output_change<'p>(plan: &'p Plan, address: &str, suffix: &str) -> Result<&'p Change, String> {
    plan.output_changes
        .get(address)
        .ok_or_else(|| format!("{address} - Output not found in plan{suffix}"))
}

/// `path` of `root`, or `root` itself (Go's `tfjsonpath.Path{}`).
fn at<'a>(root: &'a Json, path: Option<&Path>) -> Result<&'a Json, String> {
    match path {
        Some(path) => path.traverse(root),
        None => Ok(root),
    }
}

fn known_output(address: String, path: Option<Path>, value: BoxCheck) -> BoxPlanCheck {
    check(move |plan| {
        let change = output_change(plan, &address, "")?;
        let got = at(&change.after, path.as_ref())?;
        value.check_value(got).map_err(|e| match &path {
            Some(path) => {
                format!("error checking value for output at path: {address}.{path}, err: {e}")
            }
            None => format!("error checking value for output at path: {address}, err: {e}"),
        })
    })
}

/// The planned value of the root output `address` matches `value` (Go's
/// `ExpectKnownOutputValue`).
pub fn expect_known_output_value(address: impl Into<String>, value: BoxCheck) -> BoxPlanCheck {
    known_output(address.into(), None, value)
}

/// The planned value at `path` of the root output `address` matches
/// `value` (Go's `ExpectKnownOutputValueAtPath`).
pub fn expect_known_output_value_at_path(
    address: impl Into<String>,
    path: Path,
    value: BoxCheck,
) -> BoxPlanCheck {
    known_output(address.into(), Some(path), value)
}

fn unknown_output(address: String, path: Option<Path>) -> BoxPlanCheck {
    check(move |plan| {
        let change = output_change(plan, &address, " OutputChanges")?;
        let where_ = match &path {
            Some(p) => format!(
                "output {} path {}",
                gofmt::q(&address),
                gofmt::q(&p.to_string())
            ),
            None => format!("output {}", gofmt::q(&address)),
        };
        let known = || at(&change.after, path.as_ref()).ok();
        let found_known = |known: Option<&Json>| match known {
            Some(v) => format!(
                "Expected unknown value at {where_}, but found known value: \"{}\"",
                gofmt::v(v)
            ),
            None => format!("Expected unknown value at {where_}, but found known value"),
        };
        match at(&change.after_unknown, path.as_ref()) {
            Err(e) => match known() {
                Some(v) => Err(found_known(Some(v))),
                None => Err(e),
            },
            Ok(Json::Bool(true)) => Ok(()),
            Ok(Json::Bool(false)) => Err(found_known(known())),
            Ok(_) => Err("invalid path: the path value cannot be asserted as bool".to_owned()),
        }
    })
}

/// The planned value of the root output `address` is unknown (Go's
/// `ExpectUnknownOutputValue`).
pub fn expect_unknown_output_value(address: impl Into<String>) -> BoxPlanCheck {
    unknown_output(address.into(), None)
}

/// The planned value at `path` of the root output `address` is unknown
/// (Go's `ExpectUnknownOutputValueAtPath`).
pub fn expect_unknown_output_value_at_path(address: impl Into<String>, path: Path) -> BoxPlanCheck {
    unknown_output(address.into(), Some(path))
}

fn null_output(address: String, path: Option<Path>) -> BoxPlanCheck {
    check(move |plan| {
        let change = output_change(plan, &address, " OutputChanges")?;
        // Go reads the planned value of a created output, else the prior one.
        let value = if change.actions == ["create"] {
            &change.after
        } else {
            &change.before
        };
        if at(value, path.as_ref())?.is_null() {
            Ok(())
        } else {
            Err("attribute at path is not null".to_owned())
        }
    })
}

/// The root output `address` is null (Go's `ExpectNullOutputValue`; it
/// reads the planned value when the output is created, else the prior
/// one, as Go does).
pub fn expect_null_output_value(address: impl Into<String>) -> BoxPlanCheck {
    null_output(address.into(), None)
}

/// The value at `path` of the root output `address` is null (Go's
/// `ExpectNullOutputValueAtPath`).
pub fn expect_null_output_value_at_path(address: impl Into<String>, path: Path) -> BoxPlanCheck {
    null_output(address.into(), Some(path))
}

/// Why a change was deferred; Go's `plancheck.DeferredReason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeferredReason {
    /// `resource_config_unknown`: the resource's configuration is partly
    /// unknown.
    ResourceConfigUnknown,
    /// `provider_config_unknown`: the provider's configuration is partly
    /// unknown.
    ProviderConfigUnknown,
    /// `absent_prereq`: a hard dependency is not there yet.
    AbsentPrereq,
}

impl DeferredReason {
    /// The reason as Terraform's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            DeferredReason::ResourceConfigUnknown => "resource_config_unknown",
            DeferredReason::ProviderConfigUnknown => "provider_config_unknown",
            DeferredReason::AbsentPrereq => "absent_prereq",
        }
    }
}

impl fmt::Display for DeferredReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The change of `address` is deferred for `reason` (Go's
/// `ExpectDeferredChange`).
pub fn expect_deferred_change(address: impl Into<String>, reason: DeferredReason) -> BoxPlanCheck {
    let address = address.into();
    check(move |plan| {
        let found = plan.deferred_changes.iter().find(|dc| {
            dc.resource_change
                .as_ref()
                .is_some_and(|rc| rc.address == address)
        });
        match found {
            None => Err(format!(
                "{address} - No deferred changes found for resource"
            )),
            Some(dc) if dc.reason != reason.as_str() => Err(format!(
                "'{address}' - expected {}, got deferred reason: {}",
                gofmt::q(reason.as_str()),
                gofmt::q(&dc.reason)
            )),
            Some(_) => Ok(()),
        }
    })
}

/// No change is deferred and the plan is complete (Go's
/// `ExpectNoDeferredChanges`; a Terraform older than 1.8 writes no
/// `complete` and fails it, as in Go).
pub fn expect_no_deferred_changes() -> BoxPlanCheck {
    check(|plan| {
        let errors: Vec<String> = plan
            .deferred_changes
            .iter()
            .map(|dc| {
                let address = dc
                    .resource_change
                    .as_ref()
                    .map_or("unknown", |rc| rc.address.as_str());
                format!(
                    "expected no deferred changes, but resource {} is deferred with reason: {}",
                    gofmt::q(address),
                    gofmt::q(&dc.reason)
                )
            })
            .collect();
        super::failures::joined(errors)?;
        match plan.complete {
            None => Err("expected plan to be marked as complete, but complete field was not set in plan (nil). This indicates that the plan was created with a version of Terraform older than 1.8, which does not support the complete field.".to_owned()),
            Some(false) => Err("expected plan to be marked as complete, but complete was \"false\", indicating that at least one more plan/apply round is needed to converge.".to_owned()),
            Some(true) => Ok(()),
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

    use crate::testing::acceptance::json::parse_plan;
    use crate::testing::acceptance::knownvalue;

    /// `terraform show -json` of a plan (trimmed): a created known output,
    /// a created unknown one, an object output with an unknown attribute,
    /// and a deferred change.
    fn plan() -> Plan {
        parse_plan(br#"{"format_version":"1.2","complete":false,
          "output_changes":{
            "name":{"actions":["create"],"before":null,"after":"bolt","after_unknown":false},
            "id":{"actions":["create"],"before":null,"after_unknown":true},
            "obj":{"actions":["update"],"before":{"a":null},"after":{"a":"x"},"after_unknown":{"b":true}},
            "gone":{"actions":["create"],"before":null,"after":null,"after_unknown":false}
          },
          "deferred_changes":[{"reason":"provider_config_unknown",
            "resource_change":{"address":"thing.a","change":{"actions":["create"]}}}]
        }"#).unwrap()
    }

    fn fails(check: BoxPlanCheck) -> String {
        check.check_plan(&plan()).unwrap_err()
    }

    #[test]
    fn output_checks_with_gos_texts() {
        let p = plan();
        assert!(
            expect_known_output_value("name", knownvalue::string_exact("bolt"))
                .check_plan(&p)
                .is_ok()
        );
        assert_eq!(
            fails(expect_known_output_value("name", knownvalue::string_exact("nut"))),
            "error checking value for output at path: name, err: expected value nut for StringExact check, got: bolt"
        );
        assert_eq!(
            fails(expect_known_output_value("nope", knownvalue::null())),
            "nope - Output not found in plan"
        );
        assert_eq!(
            fails(expect_known_output_value_at_path("obj", Path::new("a"), knownvalue::string_exact("y"))),
            "error checking value for output at path: obj.a, err: expected value y for StringExact check, got: x"
        );
        assert!(expect_unknown_output_value("id").check_plan(&p).is_ok());
        assert_eq!(
            fails(expect_unknown_output_value("name")),
            "Expected unknown value at output \"name\", but found known value: \"bolt\""
        );
        assert_eq!(
            fails(expect_unknown_output_value("nope")),
            "nope - Output not found in plan OutputChanges"
        );
        assert!(expect_unknown_output_value_at_path("obj", Path::new("b"))
            .check_plan(&p)
            .is_ok());
        assert_eq!(
            fails(expect_unknown_output_value_at_path("obj", Path::new("a"))),
            "Expected unknown value at output \"obj\" path \"a\", but found known value: \"x\""
        );
        assert!(expect_null_output_value("gone").check_plan(&p).is_ok());
        assert_eq!(
            fails(expect_null_output_value("name")),
            "attribute at path is not null"
        );
        // Not created: Go reads the prior value.
        assert!(expect_null_output_value_at_path("obj", Path::new("a"))
            .check_plan(&p)
            .is_ok());
    }

    #[test]
    fn deferred_checks_with_gos_texts() {
        let p = plan();
        assert!(
            expect_deferred_change("thing.a", DeferredReason::ProviderConfigUnknown)
                .check_plan(&p)
                .is_ok()
        );
        assert_eq!(
            fails(expect_deferred_change("thing.a", DeferredReason::AbsentPrereq)),
            "'thing.a' - expected \"absent_prereq\", got deferred reason: \"provider_config_unknown\""
        );
        assert_eq!(
            fails(expect_deferred_change(
                "thing.b",
                DeferredReason::AbsentPrereq
            )),
            "thing.b - No deferred changes found for resource"
        );
        assert_eq!(
            fails(expect_no_deferred_changes()),
            "expected no deferred changes, but resource \"thing.a\" is deferred with reason: \"provider_config_unknown\""
        );
        let incomplete = parse_plan(br#"{"complete":false}"#).unwrap();
        assert!(expect_no_deferred_changes()
            .check_plan(&incomplete)
            .unwrap_err()
            .contains("complete was \"false\""));
        let old = parse_plan(br#"{}"#).unwrap();
        assert!(expect_no_deferred_changes()
            .check_plan(&old)
            .unwrap_err()
            .contains("older than 1.8"));
        let done = parse_plan(br#"{"complete":true}"#).unwrap();
        assert!(expect_no_deferred_changes().check_plan(&done).is_ok());
    }
}
