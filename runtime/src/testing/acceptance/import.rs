//! `import_state` steps, as Go's `testStepNewImportState`: the ID, a fresh
//! working directory with the step's (or the last applied) configuration,
//! then `terraform import` and a comparison of attributes, or a planned
//! `import` block (by ID or by identity) that must import with no change.

use std::collections::BTreeMap;

use serde_json::Value as Json;

use super::case::{ImportSpec, ImportStateKind, TestStep};
use super::engine::{Engine, Files};
use super::flatmap::{flatmap, InstanceState};
use super::json::{Resource, State};
use super::plancheck::go_actions;
use super::terraform::WorkingDir;
use super::version::Version;

const VERSION_CHECKS: &str = "https://developer.hashicorp.com/terraform/plugin/testing/acceptance-tests/tfversion-checks#skip-version-checks";

impl Engine<'_> {
    pub(crate) fn import_step(
        &self,
        step: &TestStep,
        n: usize,
        files: Option<Files>,
    ) -> Result<(), String> {
        let Some(spec) = &step.import else {
            return Err("not an import step".to_owned());
        };
        self.import_preconditions(spec)?;
        if spec.resource_name.is_empty() {
            return Err("ResourceName is required for an import state test".to_owned());
        }
        let state = self
            .state(&self.wd)
            .map_err(|e| format!("Error getting state: {e}"))?;
        let id = format!("{}{}", spec.id_prefix, import_id(spec, &state)?);
        let plannable = spec.kind != ImportStateKind::CommandWithId;
        let identity = if spec.kind == ImportStateKind::BlockWithResourceIdentity {
            let identity = state
                .resource(&spec.resource_name)
                .and_then(|r| r.identity.clone());
            match identity {
                Some(Json::Object(map)) if !map.is_empty() => Some(Json::Object(map)),
                _ => {
                    return Err(format!(
                        "importing resource {}: expected prior state to have resource identity values, got none",
                        spec.resource_name
                    ))
                }
            }
        } else {
            None
        };
        let mut files = files
            .or_else(|| self.applied.clone())
            .ok_or_else(|| "Cannot import state with no specified config".to_owned())?;
        if plannable {
            files.push((
                "terraform_plugin_test_import.tf".to_owned(),
                import_block(spec, &id, identity.as_ref()).into_bytes(),
            ));
        }
        // Go imports into the case's own directory with ImportStatePersist,
        // else into a fresh one.
        let fresh;
        let wd = if spec.persist {
            &self.wd
        } else {
            fresh = WorkingDir::create("import")
                .map_err(|e| format!("Error creating working directory: {e}"))?;
            &fresh
        };
        wd.set_config(&self.with_provider_block(files), &step.variables)
            .map_err(|e| format!("Error setting test config: {e}"))?;
        if !spec.persist {
            self.init(wd)
                .map_err(|e| format!("Error running init: {e}"))?;
        }
        if plannable && n > 1 {
            wd.copy_state_from(&self.wd)
                .map_err(|e| format!("copying state: {e}"))?;
            self.command(wd, &["state", "rm", &spec.resource_name])
                .map_err(|e| {
                    format!(
                        "removing resource {} from copied state: {e}",
                        spec.resource_name
                    )
                })?;
        }
        if plannable {
            self.import_block(wd, step, spec, identity.as_ref())
        } else {
            self.import_command(wd, spec, &id, &state)
        }
    }

    fn import_preconditions(&self, spec: &ImportSpec) -> Result<(), String> {
        let v = &self.tf.version;
        match spec.kind {
            ImportStateKind::BlockWithResourceIdentity if *v < Version::new(1, 12, 0) => Err(format!(
                "ImportState steps using resource identity require Terraform 1.12.0 or later. Either upgrade \
                 the Terraform version running the test or add a `TerraformVersionChecks` to the test case to \
                 skip this test.\n\n{VERSION_CHECKS}"
            )),
            ImportStateKind::BlockWithId | ImportStateKind::BlockWithResourceIdentity if *v < Version::new(1, 5, 0) => {
                Err(format!(
                    "ImportState steps using plannable import blocks require Terraform 1.5.0 or later. Either \
                     upgrade the Terraform version running the test or add a `TerraformVersionChecks` to the \
                     test case to skip this test.\n\n{VERSION_CHECKS}"
                ))
            }
            _ if spec.persist && spec.kind != ImportStateKind::CommandWithId => {
                Err("ImportStatePersist is not supported with plannable import blocks".to_owned())
            }
            _ => Ok(()),
        }
    }

    fn import_block(
        &self,
        wd: &WorkingDir,
        step: &TestStep,
        spec: &ImportSpec,
        identity: Option<&Json>,
    ) -> Result<(), String> {
        let name = &spec.resource_name;
        self.create_plan(wd, true, false)
            .map_err(|e| format!("generating plan with import config: {e}"))?;
        let plan = self
            .saved_plan(wd)
            .map_err(|e| format!("reading generated plan with import config: {e}"))?;
        let no_change =
            || format!("importing resource {name}: expected a resource change, got no changes");
        let rc = plan.resource_change(name).ok_or_else(no_change)?;
        let text = || self.saved_plan_text(wd).unwrap_or_else(|e| e);
        if rc.change.importing.is_none() {
            return Err(format!(
                "importing resource {}: expected an import operation, got {:?} action with plan \nstdout:\n\n{}",
                rc.address,
                go_actions(&rc.change.actions),
                text()
            ));
        }
        if !step.expect_non_empty_plan && !rc.change.is_no_op() {
            return Err(format!(
                "importing resource {}: expected a no-op import operation, got {:?} action with plan \nstdout:\n\n{}",
                rc.address,
                go_actions(&rc.change.actions),
                text()
            ));
        }
        if let Some(prior) = identity {
            let planned = plan
                .planned_values
                .as_ref()
                .and_then(|v| {
                    v.root_module
                        .all_resources()
                        .into_iter()
                        .find(|r| &r.address == name)
                })
                .and_then(|r| r.identity.clone());
            if planned.as_ref() != Some(prior) {
                return Err(format!(
                    "importing resource {name}: expected identity values {prior}, got {}",
                    planned.unwrap_or(Json::Null)
                ));
            }
        }
        Ok(())
    }

    fn import_command(
        &self,
        wd: &WorkingDir,
        spec: &ImportSpec,
        id: &str,
        prior: &State,
    ) -> Result<(), String> {
        self.command(
            wd,
            &[
                "import",
                "-input=false",
                "-no-color",
                &spec.resource_name,
                id,
            ],
        )
        .map_err(|e| e.to_string())?;
        let imported = self
            .state(wd)
            .map_err(|e| format!("Error getting state: {e}"))?;
        if let Some(check) = &spec.check {
            let states: Vec<InstanceState> = imported
                .resources()
                .into_iter()
                .filter(|r| r.mode != "data")
                .map(InstanceState::of)
                .collect();
            check(&states)?;
        }
        if spec.verify {
            verify(spec, &imported, prior)?;
        }
        Ok(())
    }
}

/// The ID: from the function, the step, or the resource's `id`.
fn import_id(spec: &ImportSpec, state: &State) -> Result<String, String> {
    if let Some(f) = &spec.id_func {
        return f(state);
    }
    if let Some(id) = &spec.id {
        return Ok(id.clone());
    }
    let resource = state
        .resource(&spec.resource_name)
        .ok_or_else(|| format!("Not found: {} in [root]", spec.resource_name))?;
    match resource.values.get("id") {
        Some(Json::String(s)) => Ok(s.clone()),
        Some(Json::Number(n)) => Ok(n.to_string()),
        _ => Err(format!(
            "{}: no id in state; set import_state_id or import_state_id_func",
            spec.resource_name
        )),
    }
}

/// Go's appended `import` block, by ID or by identity.
fn import_block(spec: &ImportSpec, id: &str, identity: Option<&Json>) -> String {
    let mut out = format!("\nimport {{\n\tto = {}\n", spec.resource_name);
    match identity {
        Some(Json::Object(map)) => {
            out.push_str("\tidentity = {\n");
            for (k, v) in map {
                if !v.is_null() {
                    out.push_str(&format!("\t\t{} = {v}\n", Json::String(k.clone())));
                }
            }
            out.push_str("\t}\n");
        }
        _ => out.push_str(&format!("\tid = {}\n", Json::String(id.to_owned()))),
    }
    out.push_str("}\n");
    out
}

/// Go's `ImportStateVerify`: the imported instances' attributes, as flatmap
/// keys, against the prior ones of the same type and identifier.
fn verify(spec: &ImportSpec, imported: &State, prior: &State) -> Result<(), String> {
    let attr = &spec.verify_identifier_attribute;
    let managed = |s: &State| -> Vec<Resource> {
        s.resources()
            .into_iter()
            .filter(|r| r.mode != "data")
            .cloned()
            .collect()
    };
    let prior = managed(prior);
    for new in managed(imported) {
        let new_map = flatmap(&new.values);
        let ident = new_map.get(attr).cloned().ok_or_else(|| {
            format!("ImportStateVerify: New resource missing identifier attribute {attr:?}, ensure attribute value is properly set or use ImportStateVerifyIdentifierAttribute to choose different attribute")
        })?;
        let old = prior
            .iter()
            .filter(|r| r.type_name == new.type_name && r.provider_name == new.provider_name)
            .find(|r| flatmap(&r.values).get(attr) == Some(&ident))
            .ok_or_else(|| {
                format!("Failed state verification, resource with ID {ident} not found")
            })?;
        // Go leaves out empty collections' sizes, ignored prefixes and
        // timeouts (only sometimes in state).
        let keep = |k: &String, v: &String| {
            !((k.ends_with(".#") || k.ends_with(".%")) && v == "0")
                && !k.starts_with("timeouts.")
                && k != "timeouts"
                && !spec.verify_ignore.iter().any(|p| k.starts_with(p.as_str()))
        };
        let actual: BTreeMap<String, String> =
            new_map.into_iter().filter(|(k, v)| keep(k, v)).collect();
        let expected: BTreeMap<String, String> = flatmap(&old.values)
            .into_iter()
            .filter(|(k, v)| keep(k, v))
            .collect();
        if actual != expected {
            let mut diff = String::new();
            for (k, v) in &expected {
                if actual.get(k) != Some(v) {
                    diff.push_str(&format!("-\t{k:?}: {v:?},\n"));
                }
            }
            for (k, v) in &actual {
                if expected.get(k) != Some(v) {
                    diff.push_str(&format!("+\t{k:?}: {v:?},\n"));
                }
            }
            return Err(format!(
                "ImportStateVerify attributes not equivalent. Difference is shown below. The - symbol indicates attributes missing after import.\n\n{diff}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn import_block_by_id_and_identity() {
        let spec = ImportSpec::new_for_test("inventory_item.a");
        assert_eq!(
            import_block(&spec, "7", None),
            "\nimport {\n\tto = inventory_item.a\n\tid = \"7\"\n}\n"
        );
        let identity = json!({"id": 7, "skip": null});
        assert_eq!(
            import_block(&spec, "", Some(&identity)),
            "\nimport {\n\tto = inventory_item.a\n\tidentity = {\n\t\t\"id\" = 7\n\t}\n}\n"
        );
    }
}
