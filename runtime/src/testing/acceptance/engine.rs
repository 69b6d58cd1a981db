//! The step sequence, as terraform-plugin-testing runs it (`runNewTest`,
//! `testStepNewConfig`, `testStepNewRefreshState`): for a configuration
//! step `plan -out`, `apply` of that plan, the checks, then a plan without
//! refresh and a plan with refresh that must both be empty; after the last
//! step `destroy` and the destroy check. Error texts are Go's, so that an
//! `expect_error` pattern written for Go matches here too.

use std::fs;

use regex::Regex;
use tokio::runtime::Runtime;

use super::case::{ConfigSource, ErrorCheckResult, TestCase, TestStep};
use super::env;
use super::json::{parse_plan, parse_state, Plan, State};
use super::providers::ProviderSet;
use super::terraform::{CommandError, Terraform, WorkingDir};
use super::{plancheck, querycheck, serve, statecheck};

/// A configuration as files: (name, contents).
pub(crate) type Files = Vec<(String, Vec<u8>)>;

/// One run of a case with one Terraform binary.
pub(crate) struct Engine<'c> {
    pub case: &'c TestCase,
    pub tf: Terraform,
    pub rt: Runtime,
    pub wd: WorkingDir,
    /// The last configuration a step applied, for import steps without one.
    pub applied: Option<Files>,
    /// The CLI configuration file naming the mirrors of external providers.
    pub cli_config: Option<std::path::PathBuf>,
    /// The last configuration (with its variables) a step applied without
    /// error: the post-test destroy falls back on it when the working
    /// directory's configuration does not load.
    pub last_good: Option<(Files, serde_json::Map<String, serde_json::Value>)>,
    /// Why the case's error check skipped the case, if it did.
    pub skipped: Option<String>,
    /// The providers of the current step: the case's, with those of the
    /// last step that named providers in place of theirs.
    pub providers: ProviderSet,
}

/// What the sequence does after a step.
pub(crate) enum Flow {
    /// The next step.
    Next,
    /// Stop, the case skipped by its error check, with the reason.
    Skip(String),
}

/// How a step went wrong, with what the failure message needs.
pub(crate) struct StepFailure {
    pub number: usize,
    pub message: String,
}

impl<'c> Engine<'c> {
    /// Runs `terraform <args>` in `wd` with the case's providers served for
    /// the command's duration.
    pub fn command(&self, wd: &WorkingDir, args: &[&str]) -> Result<Vec<u8>, CommandError> {
        let served =
            serve::start(&self.rt, &self.providers.in_process).map_err(|e| CommandError {
                command: format!("terraform {}", args.join(" ")),
                status: e,
                stdout: String::new(),
                stderr: String::new(),
            })?;
        let out = wd.run(&self.tf, args, &served.reattach, self.cli_config.as_deref());
        served.stop(&self.rt);
        out
    }

    /// `terraform show -json`.
    pub fn state(&self, wd: &WorkingDir) -> Result<State, String> {
        let out = self
            .command(wd, &["show", "-json", "-no-color"])
            .map_err(|e| e.to_string())?;
        parse_state(&out)
    }

    /// `terraform plan -out=tfplan`, with `-refresh=false` and `-destroy`
    /// as asked.
    pub fn create_plan(&self, wd: &WorkingDir, refresh: bool, destroy: bool) -> Result<(), String> {
        let mut args = vec!["plan", "-input=false", "-no-color", "-out=tfplan"];
        if !refresh {
            args.push("-refresh=false");
        }
        if destroy {
            args.push("-destroy");
        }
        self.command(wd, &args).map(drop).map_err(|e| e.to_string())
    }

    /// `terraform show -json tfplan`.
    pub fn saved_plan(&self, wd: &WorkingDir) -> Result<Plan, String> {
        let out = self
            .command(wd, &["show", "-json", "-no-color", "tfplan"])
            .map_err(|e| e.to_string())?;
        parse_plan(&out)
    }

    /// The saved plan as Terraform renders it.
    pub fn saved_plan_text(&self, wd: &WorkingDir) -> Result<String, String> {
        let out = self
            .command(wd, &["show", "-no-color", "tfplan"])
            .map_err(|e| e.to_string())?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// `terraform init`, once per working directory.
    pub fn init(&self, wd: &WorkingDir) -> Result<(), String> {
        self.command(wd, &["init", "-input=false", "-no-color"])
            .map(drop)
            .map_err(|e| e.to_string())
    }

    /// A `terraform { required_providers }` file naming the in-process
    /// providers' addresses, unless the configuration has its own.
    pub fn with_provider_block(&self, mut files: Files) -> Files {
        let declares = files
            .iter()
            .any(|(_, c)| String::from_utf8_lossy(c).contains("required_providers"));
        let sources =
            self.providers
                .in_process
                .iter()
                .map(|p| (p.name.clone(), env::provider_address(&p.name), None))
                .chain(self.providers.external.iter().map(|(name, p)| {
                    (name.clone(), p.source.clone(), p.version_constraint.clone())
                }));
        let sources: Vec<(String, String, Option<String>)> = sources.collect();
        if !declares && !sources.is_empty() {
            let mut block = String::from("terraform {\n  required_providers {\n");
            for (name, source, version) in &sources {
                block.push_str(&format!(
                    "    {name} = {{\n      source = {}\n",
                    serde_json::Value::from(source.as_str())
                ));
                if let Some(version) = version {
                    block.push_str(&format!(
                        "      version = {}\n",
                        serde_json::Value::from(version.as_str())
                    ));
                }
                block.push_str("    }\n");
            }
            block.push_str("  }\n}\n");
            files.push((
                "terraform_plugin_test_providers.tf".to_owned(),
                block.into_bytes(),
            ));
        }
        files
    }

    /// Runs every step, then the post-test destroy whatever happened.
    pub fn run(&mut self) -> Result<(), String> {
        let steps = self.run_steps();
        let destroy = self.post_test_destroy();
        match (steps, destroy) {
            (Ok(()), Ok(())) => Ok(()),
            (Err(step), Ok(())) => Err(self.describe(&step)),
            (Ok(()), Err(d)) => Err(d),
            (Err(step), Err(d)) => Err(format!("{}\n\n{d}", self.describe(&step))),
        }
    }

    /// The failure with its context: the step's first configuration line,
    /// the Terraform binary and the working directory.
    fn describe(&self, failure: &StepFailure) -> String {
        let step = self.case.steps.get(failure.number.saturating_sub(1));
        let first_line = step
            .and_then(|s| match &s.config {
                Some(ConfigSource::Raw(hcl)) => hcl
                    .lines()
                    .map(str::trim)
                    .find(|l| !l.is_empty())
                    .map(str::to_owned),
                Some(ConfigSource::File(p)) => Some(format!("(file {})", p.display())),
                Some(ConfigSource::Directory(p)) => Some(format!("(directory {})", p.display())),
                None => None,
            })
            .unwrap_or_else(|| "(no configuration)".to_owned());
        format!(
            "{}\n\n(step {} of {}, configuration beginning `{first_line}`; Terraform {} at {}; working directory {})",
            failure.message,
            failure.number,
            self.case.steps.len(),
            self.tf.version,
            self.tf.path.display(),
            self.wd.path().display()
        )
    }

    fn run_steps(&mut self) -> Result<(), StepFailure> {
        let total = self.case.steps.len();
        let fail = |number: usize, message: String| StepFailure { number, message };
        let providers_only = self.with_provider_block(Vec::new());
        self.wd
            .set_config(&providers_only, &serde_json::Map::new())
            .map_err(|e| {
                fail(
                    1,
                    format!("TestCase error setting provider configuration: {e}"),
                )
            })?;
        self.init(&self.wd)
            .map_err(|e| fail(1, format!("TestCase error running init: {e}")))?;
        for (index, step) in self.case.steps.iter().enumerate() {
            let n = index + 1;
            if let Some(pre) = &step.pre_config {
                pre();
            }
            if step.skip_func.as_ref().is_some_and(|f| f()) {
                eprintln!("Skipping step {n}/{total} due to SkipFunc");
                continue;
            }
            if let Some(min) = step
                .min_version
                .as_ref()
                .filter(|min| self.tf.version.core() < **min)
            {
                eprintln!(
                    "Skipping step {n}/{total}: it needs Terraform {min} or later, and {} is {}",
                    self.tf.path.display(),
                    self.tf.version
                );
                continue;
            }
            let files = match step.config.as_ref().map(config_files).transpose() {
                Ok(files) => files,
                Err(e) => {
                    return Err(fail(
                        n,
                        format!("Step {n}/{total} error: Error creating config: {e}"),
                    ))
                }
            };
            if !step.providers.is_empty() {
                self.step_providers(step, files.as_ref())
                    .map_err(|e| fail(n, format!("TestStep {n}/{total} running init: {e}")))?;
            }
            if files.is_some() && !step.destroy {
                for address in &step.taint {
                    self.command(&self.wd, &["taint", "-no-color", address])
                        .map_err(|e| {
                            fail(n, format!("TestStep {n}/{total} error tainting resources: error tainting resource: {e}"))
                        })?;
                }
            }
            match self.run_step(step, n, files) {
                Ok(Flow::Next) => {}
                Ok(Flow::Skip(reason)) => {
                    self.skipped = Some(reason);
                    break;
                }
                Err(message) => return Err(fail(n, message)),
            }
        }
        Ok(())
    }

    /// Go's switch to a step's own providers: the case's merged with the
    /// step's, its configuration with their `required_providers`, `init`.
    fn step_providers(&mut self, step: &TestStep, files: Option<&Files>) -> Result<(), String> {
        self.providers = self.case.providers.merged(&step.providers);
        let files = self.with_provider_block(files.cloned().unwrap_or_default());
        self.wd
            .set_config(&files, &step.variables)
            .map_err(|e| format!("setting the step's provider configuration: {e}"))?;
        self.init(&self.wd)
    }

    fn run_step(
        &mut self,
        step: &TestStep,
        n: usize,
        files: Option<Files>,
    ) -> Result<Flow, String> {
        let total = self.case.steps.len();
        let (what, result) = if let Some(hcl) = &step.query {
            ("query", self.query_step(step, hcl))
        } else if step.import.is_some() {
            ("import", self.import_step(step, n, files.clone()))
        } else if step.refresh_state {
            ("refresh", self.refresh_step(step))
        } else if let Some(files) = &files {
            let result = self.config_step(step, files.clone());
            self.applied = Some(files.clone());
            if result.is_ok() && step.expect_error.is_none() && !step.plan_only && !step.destroy {
                self.last_good = Some((files.clone(), step.variables.clone()));
            }
            ("", result)
        } else {
            return Err(format!(
                "Step {n}/{total} error: the step has no configuration, import_state or refresh_state"
            ));
        };
        let result = match (&self.case.error_check, result) {
            (Some(check), Err(e)) if step.expect_error.is_none() => match check(&e) {
                ErrorCheckResult::Fail(m) => Err(m),
                ErrorCheckResult::Ignore => Ok(()),
                ErrorCheckResult::Skip(reason) => return Ok(Flow::Skip(reason)),
            },
            (_, result) => result,
        };
        expect_error(step, n, total, what, result).map(|()| Flow::Next)
    }

    fn config_step(&self, step: &TestStep, files: Files) -> Result<(), String> {
        let wd = &self.wd;
        wd.set_config(&self.with_provider_block(files), &step.variables)
            .map_err(|e| format!("Error setting config: {e}"))?;
        if !step.plan_only {
            self.plan_and_apply(step)?;
        }
        self.perpetual_diff_plans(step)
    }

    fn plan_and_apply(&self, step: &TestStep) -> Result<(), String> {
        let wd = &self.wd;
        let checks = &step.plan_checks;
        self.create_plan(wd, true, step.destroy)
            .map_err(|e| format!("Error running pre-apply plan: {e}"))?;
        if !checks.pre_apply.is_empty() {
            let plan = self
                .saved_plan(wd)
                .map_err(|e| format!("Error retrieving pre-apply plan: {e}"))?;
            plancheck::run(&plan, &checks.pre_apply)
                .map_err(|e| format!("Pre-apply plan check(s) failed:\n{e}"))?;
        }
        // A destroy step's check sees the state from before the destroy.
        let before = if step.check.is_some() && step.destroy {
            self.command(wd, &["refresh", "-input=false", "-no-color"])
                .map_err(|e| format!("Error running pre-apply refresh: {e}"))?;
            Some(
                self.state(wd)
                    .map_err(|e| format!("Error retrieving pre-apply state: {e}"))?,
            )
        } else {
            None
        };
        if let Err(e) = self.command(wd, &["apply", "-input=false", "-no-color", "tfplan"]) {
            return Err(if step.destroy {
                format!("Error running destroy: {e}")
            } else {
                format!("Error running apply: {e}")
            });
        }
        if let Some(check) = &step.check {
            let state = match before {
                Some(state) => state,
                None => self
                    .state(wd)
                    .map_err(|e| format!("Error retrieving state after apply: {e}"))?,
            };
            check(&state).map_err(|e| format!("Check failed: {e}"))?;
        }
        if !step.state_checks.is_empty() {
            let state = self
                .state(wd)
                .map_err(|e| format!("Error retrieving post-apply, post-refresh state: {e}"))?;
            statecheck::run(&state, &step.state_checks)
                .map_err(|e| format!("Post-apply refresh state check(s) failed:\n{e}"))?;
        }
        Ok(())
    }

    fn perpetual_diff_plans(&self, step: &TestStep) -> Result<(), String> {
        let wd = &self.wd;
        let only = step.plan_only;
        let checks = &step.plan_checks;
        self.create_plan(wd, false, step.destroy).map_err(|e| {
            if only {
                format!("Error running non-refresh plan: {e}")
            } else {
                format!("Error running post-apply non-refresh plan: {e}")
            }
        })?;
        let plan = self.saved_plan(wd).map_err(|e| {
            if only {
                format!("Error reading saved non-refresh plan: {e}")
            } else {
                format!("Error reading saved post-apply non-refresh plan: {e}")
            }
        })?;
        if !checks.post_apply_pre_refresh.is_empty() {
            plancheck::run(&plan, &checks.post_apply_pre_refresh).map_err(|e| {
                if only {
                    format!("Non-refresh plan checks(s) failed:\n{e}")
                } else {
                    format!("Post-apply, pre-refresh plan check(s) failed:\n{e}")
                }
            })?;
        }
        if !plan.is_empty() && !step.expect_non_empty_plan {
            let text = self.saved_plan_text(wd).map_err(|e| {
                format!("Error reading saved human-readable non-refresh plan output: {e}")
            })?;
            return Err(if only {
                format!("The non-refresh plan was not empty.\nstdout:\n\n{text}")
            } else {
                format!("After applying this test step, the non-refresh plan was not empty.\nstdout:\n\n{text}")
            });
        }
        let refresh = !(step.destroy && step.prevent_post_destroy_refresh);
        self.create_plan(wd, refresh, step.destroy).map_err(|e| {
            if only {
                format!("Error running refresh plan: {e}")
            } else {
                format!("Error running post-apply refresh plan: {e}")
            }
        })?;
        let plan = self.saved_plan(wd).map_err(|e| {
            if only {
                format!("Error reading refresh plan: {e}")
            } else {
                format!("Error reading post-apply refresh plan: {e}")
            }
        })?;
        if !checks.post_apply_post_refresh.is_empty() {
            plancheck::run(&plan, &checks.post_apply_post_refresh)
                .map_err(|e| format!("Post-apply refresh plan check(s) failed:\n{e}"))?;
        }
        if !plan.is_empty() && !step.expect_non_empty_plan {
            let text = self
                .saved_plan_text(wd)
                .map_err(|e| format!("Error reading human-readable refresh plan output: {e}"))?;
            return Err(if only {
                format!("The refresh plan was not empty.\nstdout\n\n{text}")
            } else {
                format!("After applying this test step, the refresh plan was not empty.\nstdout\n\n{text}")
            });
        }
        if step.expect_non_empty_plan && plan.is_empty() {
            return Err("Expected a non-empty plan, but got an empty refresh plan".to_owned());
        }
        Ok(())
    }

    fn refresh_step(&self, step: &TestStep) -> Result<(), String> {
        let wd = &self.wd;
        self.command(wd, &["refresh", "-input=false", "-no-color"])
            .map_err(|e| e.to_string())?;
        let state = self
            .state(wd)
            .map_err(|e| format!("Error getting state: {e}"))?;
        if let Some(check) = &step.check {
            check(&state)?;
        }
        if !step.state_checks.is_empty() {
            statecheck::run(&state, &step.state_checks)
                .map_err(|e| format!("Post-refresh state check(s) failed:\n{e}"))?;
        }
        self.create_plan(wd, true, false)
            .map_err(|e| format!("Error running post-apply plan: {e}"))?;
        let plan = self
            .saved_plan(wd)
            .map_err(|e| format!("Error retrieving post-apply plan: {e}"))?;
        if !plan.is_empty() && !step.expect_non_empty_plan {
            let text = self
                .saved_plan_text(wd)
                .map_err(|e| format!("Error retrieving formatted plan output: {e}"))?;
            return Err(format!(
                "After refreshing state during this test step, a followup plan was not empty.\nstdout:\n\n{text}"
            ));
        }
        Ok(())
    }

    fn query_step(&self, step: &TestStep, hcl: &str) -> Result<(), String> {
        let wd = &self.wd;
        let file = wd.path().join("terraform_plugin_test.tfquery.hcl");
        fs::write(&file, hcl).map_err(|e| format!("writing {}: {e}", file.display()))?;
        let result = self
            .init(wd)
            .and_then(|()| {
                self.command(wd, &["query", "-json", "-no-color"])
                    .map_err(|e| e.to_string())
            })
            .and_then(|out| querycheck::parse(&out))
            .and_then(|output| querycheck::run(&output, &step.query_checks));
        // The next configuration step plans without it.
        let _ = fs::remove_file(&file);
        result
    }

    fn post_test_destroy(&self) -> Result<(), String> {
        let wd = &self.wd;
        let state = match (self.state(wd), &self.last_good) {
            (Ok(state), _) => Ok(state),
            // A failed step's configuration may not load (Go stops here
            // and leaves the resources behind): destroy with the last one
            // that applied.
            (Err(_), Some((files, variables))) => wd
                .set_config(&self.with_provider_block(files.clone()), variables)
                .map_err(|e| e.to_string())
                .and_then(|()| self.state(wd)),
            (Err(e), None) => Err(e),
        }
        .map_err(|e| format!("Error retrieving state, there may be dangling resources: {e}"))?;
        if state.is_empty() {
            return Ok(());
        }
        let destroyed = self
            .command(
                wd,
                // Go's working directory `Destroy`: without refresh, so a
                // data source that no longer reads does not stop the clean-up.
                &[
                    "destroy",
                    "-input=false",
                    "-no-color",
                    "-auto-approve",
                    "-refresh=false",
                ],
            )
            .map_err(|e| e.to_string())
            .and_then(|_| match &self.case.check_destroy {
                Some(check) => check(&state),
                None => Ok(()),
            });
        destroyed.map_err(|e| {
            format!("Error running post-test destroy, there may be dangling resources: {e}")
        })
    }
}

/// Go's handling of `ExpectError` after a step (`what` is `import`,
/// `refresh` or empty for a configuration step).
fn expect_error(
    step: &TestStep,
    n: usize,
    total: usize,
    what: &str,
    result: Result<(), String>,
) -> Result<(), String> {
    let Some(pattern) = &step.expect_error else {
        return result.map_err(|e| {
            if what.is_empty() {
                format!("Step {n}/{total} error: {e}")
            } else {
                format!("Step {n}/{total} error running {what}: {e}")
            }
        });
    };
    let regex = Regex::new(pattern).map_err(|e| {
        format!("Step {n}/{total} error: expect_error pattern {pattern:?} is not a regex: {e}")
    })?;
    match result {
        Ok(()) if what.is_empty() => Err(format!("Step {n}/{total}, expected an error but got none")),
        Ok(()) => Err(format!("Step {n}/{total} error running {what}: expected an error but got none")),
        Err(e) if regex.is_match(&e) => Ok(()),
        Err(e) if what.is_empty() => Err(format!(
            "Step {n}/{total}, expected an error with pattern, no match on: {e}"
        )),
        Err(e) => Err(format!(
            "Step {n}/{total} error running {what}, expected an error with pattern ({pattern}), no match on: {e}"
        )),
    }
}

/// A step's configuration as files.
pub(crate) fn config_files(source: &ConfigSource) -> Result<Files, String> {
    match source {
        ConfigSource::Raw(hcl) => Ok(vec![(
            "terraform_plugin_test.tf".to_owned(),
            hcl.clone().into_bytes(),
        )]),
        ConfigSource::File(path) => {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .ok_or_else(|| format!("{} names no file", path.display()))?;
            let contents =
                fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            Ok(vec![(name, contents)])
        }
        ConfigSource::Directory(dir) => {
            let entries =
                fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
            let mut files = Vec::new();
            for entry in entries {
                let entry = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?;
                let path = entry.path();
                if path.is_file() {
                    let contents =
                        fs::read(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
                    files.push((entry.file_name().to_string_lossy().into_owned(), contents));
                }
            }
            files.sort();
            Ok(files)
        }
    }
}
