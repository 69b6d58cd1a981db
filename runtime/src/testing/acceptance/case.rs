//! What a test says: a [`TestCase`] of [`TestStep`]s, as Go's
//! `resource.TestCase` and `resource.TestStep`, built with methods.

use std::path::PathBuf;

use serde_json::{Map, Value as Json};

use super::flatmap::InstanceState;
use super::json::State;
use super::plancheck::BoxPlanCheck;
use super::providers::{ExternalProvider, InProcessProvider, ProviderSet};
use super::querycheck::BoxQueryCheck;
use super::statecheck::BoxStateCheck;
use super::tfversion::{self, BoxVersionCheck};
use super::version::Version;
use crate::server::ProviderServices;

/// A check closure over the state, as Go's `TestCheckFunc`.
pub type CheckFn = Box<dyn Fn(&State) -> Result<(), String>>;

/// What a case's [`error_check`](TestCase::error_check) makes of a step's
/// error; Go's `ErrorCheckFunc` returns the error, `nil`, or calls
/// `t.Skip`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorCheckResult {
    /// The step fails with this message (return the error unchanged to
    /// keep Go's default).
    Fail(String),
    /// The error is dropped and the case goes on with the next step (Go's
    /// `return nil`).
    Ignore,
    /// The case stops here and counts as skipped with this reason, after
    /// the usual destroy (Go's `t.Skipf`: "not available in this region").
    Skip(String),
}

/// A case's error check: gets each unexpected step error, as Go's
/// `ErrorCheck`.
pub type ErrorCheckFn = Box<dyn Fn(&str) -> ErrorCheckResult>;

/// An import step's check of the imported instances (Go's
/// `ImportStateCheckFunc`).
pub type ImportStateCheckFn = Box<dyn Fn(&[InstanceState]) -> Result<(), String>>;

/// A test: providers, steps and the check after the final destroy; Go's
/// `resource.TestCase`.
#[derive(Default)]
pub struct TestCase {
    pub(crate) providers: ProviderSet,
    pub(crate) pre_check: Option<Box<dyn Fn()>>,
    pub(crate) check_destroy: Option<CheckFn>,
    pub(crate) steps: Vec<TestStep>,
    pub(crate) version_checks: Vec<BoxVersionCheck>,
    pub(crate) error_check: Option<ErrorCheckFn>,
    pub(crate) unit_test: bool,
}

impl std::fmt::Debug for TestCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestCase")
            .field("providers", &self.providers.names())
            .field("steps", &self.steps)
            .field("version_checks", &self.version_checks.len())
            .finish_non_exhaustive()
    }
}

impl TestCase {
    /// A case with no provider and no step.
    pub fn new() -> TestCase {
        TestCase::default()
    }

    /// Serves a provider from the test process under the local name `name`
    /// (Go's `ProtoV6ProviderFactories` / `ProtoV5ProviderFactories`): typed,
    /// `|| TypedProvider::new(p).into_services()`; raw,
    /// `|| ProviderServices::from_raw(p)`. Each Terraform command gets a new
    /// one.
    pub fn provider(
        mut self,
        name: impl Into<String>,
        factory: impl Fn() -> ProviderServices + Send + Sync + 'static,
    ) -> TestCase {
        self.providers
            .in_process
            .push(InProcessProvider::new(name.into(), factory));
        self
    }

    /// A provider Terraform installs itself, under the local name `name`,
    /// from the filesystem mirror `mirror` (a directory laid out as
    /// `<host>/<namespace>/<type>/<version>/<os>_<arch>/terraform-provider-<type>_v<version>`)
    /// and nowhere else; `source` is `namespace/type` or
    /// `host/namespace/type`. Go's `ExternalProviders`, without the
    /// network: a built provider binary, another provider the tests need.
    pub fn external_provider(
        self,
        name: impl Into<String>,
        source: impl Into<String>,
        mirror: impl Into<PathBuf>,
    ) -> TestCase {
        self.external(name, ExternalProvider::mirror(source, mirror))
    }

    /// A provider Terraform installs itself under the local name `name`
    /// (Go's `ExternalProviders`), from a mirror or a directory of
    /// binaries, with a version constraint or not.
    pub fn external(mut self, name: impl Into<String>, provider: ExternalProvider) -> TestCase {
        self.providers.external.push((name.into(), provider));
        self
    }

    /// Runs before anything else (Go's `PreCheck`): check credentials and
    /// the like here, and panic with the reason when they are missing. With
    /// several Terraform binaries (`TF_ACC_TERRAFORM_PATHS`) the case runs
    /// once per binary, and this before each run: reset what a run left
    /// behind here.
    pub fn pre_check(mut self, f: impl Fn() + 'static) -> TestCase {
        self.pre_check = Some(Box::new(f));
        self
    }

    /// Runs after the final destroy with the state from before it (Go's
    /// `CheckDestroy`): check that the remote objects are gone.
    pub fn check_destroy(mut self, f: impl Fn(&State) -> Result<(), String> + 'static) -> TestCase {
        self.check_destroy = Some(Box::new(f));
        self
    }

    /// Appends a step.
    pub fn step(mut self, step: TestStep) -> TestCase {
        self.steps.push(step);
        self
    }

    /// Skips the whole case, with Go's message, on a Terraform older than
    /// `version`: short for
    /// `.terraform_version_checks(vec![tfversion::skip_below(version)])`.
    pub fn skip_below(mut self, version: Version) -> TestCase {
        self.version_checks.push(tfversion::skip_below(version));
        self
    }

    /// Checks of the Terraform version that skip or fail the case, run
    /// after [`pre_check`](Self::pre_check) for each binary (Go's
    /// `TerraformVersionChecks`; see [`tfversion`](super::tfversion)).
    pub fn terraform_version_checks(mut self, checks: Vec<BoxVersionCheck>) -> TestCase {
        self.version_checks.extend(checks);
        self
    }

    /// Runs without `TF_ACC` (Go's `IsUnitTest`, which
    /// [`unit_test`](super::unit_test) sets): for a provider with no remote
    /// side, whose tests need no credentials. Terraform is still needed.
    pub fn is_unit_test(mut self) -> TestCase {
        self.unit_test = true;
        self
    }

    /// Sees every step error not expected by `expect_error` and may fail
    /// with another message, drop it, or skip the case (Go's
    /// `ErrorCheck`).
    pub fn error_check(mut self, f: impl Fn(&str) -> ErrorCheckResult + 'static) -> TestCase {
        self.error_check = Some(Box::new(f));
        self
    }
}

/// Where a step's configuration comes from.
#[derive(Debug, Clone)]
pub(crate) enum ConfigSource {
    Raw(String),
    File(PathBuf),
    Directory(PathBuf),
}

/// The three ways Go imports in an `import_state` step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ImportStateKind {
    /// `terraform import <address> <id>` (Go's `ImportCommandWithID`, the
    /// default).
    #[default]
    CommandWithId,
    /// An `import` block with `id`, planned (Terraform 1.5+; Go's
    /// `ImportBlockWithID`).
    BlockWithId,
    /// An `import` block with the resource's `identity`, planned (Terraform
    /// 1.12+; Go's `ImportBlockWithResourceIdentity`).
    BlockWithResourceIdentity,
}

/// Finds the ID to import in the state (Go's `ImportStateIdFunc`).
pub(crate) type IdFn = Box<dyn Fn(&State) -> Result<String, String>>;

/// What an `import_state` step imports and verifies.
pub(crate) struct ImportSpec {
    pub resource_name: String,
    pub kind: ImportStateKind,
    pub id: Option<String>,
    pub id_func: Option<IdFn>,
    pub id_prefix: String,
    pub verify: bool,
    pub verify_ignore: Vec<String>,
    pub verify_identifier_attribute: String,
    pub persist: bool,
    pub check: Option<ImportStateCheckFn>,
}

impl ImportSpec {
    fn new(resource_name: String) -> ImportSpec {
        ImportSpec {
            resource_name,
            kind: ImportStateKind::default(),
            id: None,
            id_func: None,
            id_prefix: String::new(),
            verify: false,
            verify_ignore: Vec::new(),
            verify_identifier_attribute: "id".to_owned(),
            persist: false,
            check: None,
        }
    }
}

/// The plan checks of a configuration step, by when they run; Go's
/// `resource.ConfigPlanChecks`.
#[derive(Default)]
pub struct ConfigPlanChecks {
    /// On the plan that is then applied.
    pub pre_apply: Vec<BoxPlanCheck>,
    /// On the plan after apply, without refresh.
    pub post_apply_pre_refresh: Vec<BoxPlanCheck>,
    /// On the plan after apply, with refresh.
    pub post_apply_post_refresh: Vec<BoxPlanCheck>,
}

impl std::fmt::Debug for ConfigPlanChecks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConfigPlanChecks")
            .field("pre_apply", &self.pre_apply.len())
            .field("post_apply_pre_refresh", &self.post_apply_pre_refresh.len())
            .field(
                "post_apply_post_refresh",
                &self.post_apply_post_refresh.len(),
            )
            .finish()
    }
}

/// One step: a configuration to plan and apply, a refresh, or an import;
/// Go's `resource.TestStep`.
#[derive(Default)]
pub struct TestStep {
    pub(crate) config: Option<ConfigSource>,
    pub(crate) variables: Map<String, Json>,
    pub(crate) pre_config: Option<Box<dyn Fn()>>,
    pub(crate) skip_func: Option<Box<dyn Fn() -> bool>>,
    pub(crate) min_version: Option<Version>,
    pub(crate) check: Option<CheckFn>,
    pub(crate) plan_checks: ConfigPlanChecks,
    pub(crate) state_checks: Vec<BoxStateCheck>,
    pub(crate) expect_error: Option<String>,
    pub(crate) expect_non_empty_plan: bool,
    pub(crate) plan_only: bool,
    pub(crate) destroy: bool,
    pub(crate) prevent_post_destroy_refresh: bool,
    pub(crate) refresh_state: bool,
    pub(crate) import: Option<ImportSpec>,
    pub(crate) query: Option<String>,
    pub(crate) query_checks: Vec<BoxQueryCheck>,
    pub(crate) taint: Vec<String>,
    pub(crate) providers: ProviderSet,
}

impl std::fmt::Debug for TestStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestStep")
            .field("config", &self.config)
            .field("plan_only", &self.plan_only)
            .field("refresh_state", &self.refresh_state)
            .field(
                "import",
                &self.import.as_ref().map(|i| (&i.resource_name, i.kind)),
            )
            .finish_non_exhaustive()
    }
}

impl TestStep {
    /// A step with no configuration of its own: a `refresh_state` step, or
    /// an `import_state` step that reuses the last applied configuration.
    pub fn new() -> TestStep {
        TestStep::default()
    }

    /// A step applying `hcl` (Go's `Config`).
    pub fn config(hcl: impl Into<String>) -> TestStep {
        TestStep {
            config: Some(ConfigSource::Raw(hcl.into())),
            ..TestStep::default()
        }
    }

    /// A step applying the configuration file at `path` (Go's `ConfigFile`).
    pub fn config_file(path: impl Into<PathBuf>) -> TestStep {
        TestStep {
            config: Some(ConfigSource::File(path.into())),
            ..TestStep::default()
        }
    }

    /// A step applying every file of the directory `path` (Go's
    /// `ConfigDirectory`).
    pub fn config_directory(path: impl Into<PathBuf>) -> TestStep {
        TestStep {
            config: Some(ConfigSource::Directory(path.into())),
            ..TestStep::default()
        }
    }

    /// A step running `terraform query -json` (Terraform 1.14+) with `hcl`
    /// as a `.tfquery.hcl` file beside the last applied configuration, then
    /// the [`query_checks`](Self::query_checks) (Go's `Query: true`).
    pub fn query(hcl: impl Into<String>) -> TestStep {
        TestStep {
            query: Some(hcl.into()),
            ..TestStep::default()
        }
    }

    /// The checks of a [`query`](Self::query) step (Go's
    /// `QueryResultChecks`).
    pub fn query_checks(mut self, checks: Vec<BoxQueryCheck>) -> TestStep {
        self.query_checks = checks;
        self
    }

    /// Sets the input variable `name` (written to `terraform.tfvars.json`;
    /// Go's `ConfigVariables`).
    pub fn variable(mut self, name: impl Into<String>, value: Json) -> TestStep {
        self.variables.insert(name.into(), value);
        self
    }

    /// Runs before the step (Go's `PreConfig`): change the remote object
    /// behind Terraform's back, for instance.
    pub fn pre_config(mut self, f: impl Fn() + 'static) -> TestStep {
        self.pre_config = Some(Box::new(f));
        self
    }

    /// Skips the step when `f` says so (Go's `SkipFunc`).
    pub fn skip_when(mut self, f: impl Fn() -> bool + 'static) -> TestStep {
        self.skip_func = Some(Box::new(f));
        self
    }

    /// Skips the step, with a message, on a Terraform older than `version`.
    pub fn skip_below(mut self, version: Version) -> TestStep {
        self.min_version = Some(version);
        self
    }

    /// Serves a provider from the test process for this step and the
    /// steps after it, in place of the case's provider of the same name
    /// (Go's `TestStep.ProtoV6ProviderFactories` and
    /// `ProtoV5ProviderFactories`): the step after one run with a released
    /// binary, in an upgrade test. A step naming providers runs `terraform
    /// init` first.
    pub fn provider(
        mut self,
        name: impl Into<String>,
        factory: impl Fn() -> ProviderServices + Send + Sync + 'static,
    ) -> TestStep {
        self.providers
            .in_process
            .push(InProcessProvider::new(name.into(), factory));
        self
    }

    /// A provider Terraform installs for this step and the steps after it,
    /// in place of the case's provider of the same name (Go's
    /// `TestStep.ExternalProviders`): the last release of the provider
    /// under test, in step 1 of an upgrade test.
    pub fn external(mut self, name: impl Into<String>, provider: ExternalProvider) -> TestStep {
        self.providers.external.push((name.into(), provider));
        self
    }

    /// Checks the state after apply (Go's `Check`).
    pub fn check(mut self, f: impl Fn(&State) -> Result<(), String> + 'static) -> TestStep {
        self.check = Some(Box::new(f));
        self
    }

    /// Taints these resource addresses before the step (Go's `Taint`; a
    /// configuration step that is not a destroy).
    pub fn taint<S: Into<String>>(mut self, addresses: impl IntoIterator<Item = S>) -> TestStep {
        self.taint = addresses.into_iter().map(Into::into).collect();
        self
    }

    /// The plan checks (Go's `ConfigPlanChecks`).
    pub fn plan_checks(mut self, checks: ConfigPlanChecks) -> TestStep {
        self.plan_checks = checks;
        self
    }

    /// The state checks after apply (Go's `ConfigStateChecks`).
    pub fn state_checks(mut self, checks: Vec<BoxStateCheck>) -> TestStep {
        self.state_checks = checks;
        self
    }

    /// The step must fail with an error matching the regex `pattern` (Go's
    /// `ExpectError`).
    pub fn expect_error(mut self, pattern: impl Into<String>) -> TestStep {
        self.expect_error = Some(pattern.into());
        self
    }

    /// The plans after apply may be non-empty, and the refresh plan must be
    /// (Go's `ExpectNonEmptyPlan`).
    pub fn expect_non_empty_plan(mut self) -> TestStep {
        self.expect_non_empty_plan = true;
        self
    }

    /// Only plans: no apply (Go's `PlanOnly`).
    pub fn plan_only(mut self) -> TestStep {
        self.plan_only = true;
        self
    }

    /// Plans and applies a destroy (Go's `Destroy`).
    pub fn destroy(mut self) -> TestStep {
        self.destroy = true;
        self
    }

    /// With [`destroy`](Self::destroy): the second plan does not refresh
    /// (Go's `PreventPostDestroyRefresh`).
    pub fn prevent_post_destroy_refresh(mut self) -> TestStep {
        self.prevent_post_destroy_refresh = true;
        self
    }

    /// Refreshes the state, checks it, and plans (Go's `RefreshState`).
    pub fn refresh_state(mut self) -> TestStep {
        self.refresh_state = true;
        self
    }

    /// Imports `resource_name` (an address such as `inventory_item.a`) in a
    /// fresh working directory, with the step's configuration or the last
    /// applied one (Go's `ImportState` with `ResourceName`). The ID is the
    /// resource's `id` unless [`import_state_id`](Self::import_state_id) or
    /// [`import_state_id_func`](Self::import_state_id_func) say otherwise.
    pub fn import_state(mut self, resource_name: impl Into<String>) -> TestStep {
        self.import = Some(ImportSpec::new(resource_name.into()));
        self
    }

    fn import_mut(&mut self) -> &mut ImportSpec {
        self.import
            .get_or_insert_with(|| ImportSpec::new(String::new()))
    }

    /// How to import (Go's `ImportStateKind`).
    pub fn import_state_kind(mut self, kind: ImportStateKind) -> TestStep {
        self.import_mut().kind = kind;
        self
    }

    /// The ID to import (Go's `ImportStateId`).
    pub fn import_state_id(mut self, id: impl Into<String>) -> TestStep {
        self.import_mut().id = Some(id.into());
        self
    }

    /// The ID to import, from the state before the step (Go's
    /// `ImportStateIdFunc`).
    pub fn import_state_id_func(
        mut self,
        f: impl Fn(&State) -> Result<String, String> + 'static,
    ) -> TestStep {
        self.import_mut().id_func = Some(Box::new(f));
        self
    }

    /// Prepended to the ID (Go's `ImportStateIdPrefix`).
    pub fn import_state_id_prefix(mut self, prefix: impl Into<String>) -> TestStep {
        self.import_mut().id_prefix = prefix.into();
        self
    }

    /// Compares the imported attributes with the state before the step
    /// (Go's `ImportStateVerify`).
    pub fn import_state_verify(mut self) -> TestStep {
        self.import_mut().verify = true;
        self
    }

    /// Attribute prefixes (Go's flatmap keys: `tags`, `tags.0`) left out of
    /// the comparison (Go's `ImportStateVerifyIgnore`).
    pub fn import_state_verify_ignore<S: Into<String>>(
        mut self,
        prefixes: impl IntoIterator<Item = S>,
    ) -> TestStep {
        self.import_mut().verify_ignore = prefixes.into_iter().map(Into::into).collect();
        self
    }

    /// Imports into the case's own working directory and state, which the
    /// next steps then see (Go's `ImportStatePersist`; not with import
    /// blocks).
    pub fn import_state_persist(mut self) -> TestStep {
        self.import_mut().persist = true;
        self
    }

    /// Checks the imported instances, data sources left out, in the flatmap
    /// view (Go's `ImportStateCheck`; `terraform import` steps only).
    pub fn import_state_check(
        mut self,
        f: impl Fn(&[InstanceState]) -> Result<(), String> + 'static,
    ) -> TestStep {
        self.import_mut().check = Some(Box::new(f));
        self
    }

    /// The attribute that pairs imported and prior instances (default `id`;
    /// Go's `ImportStateVerifyIdentifierAttribute`).
    pub fn import_state_verify_identifier_attribute(mut self, name: impl Into<String>) -> TestStep {
        self.import_mut().verify_identifier_attribute = name.into();
        self
    }
}

#[cfg(test)]
impl ImportSpec {
    pub(crate) fn new_for_test(resource_name: &str) -> ImportSpec {
        ImportSpec::new(resource_name.to_owned())
    }
}
