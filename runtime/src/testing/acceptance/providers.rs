//! The providers a case and its steps name, as terraform-plugin-testing
//! merges them: a step that names providers (in process or external) runs
//! with the case's providers overridden by its own, after a `terraform
//! init`, and the steps after it keep that set until another step names
//! providers (Go's `TestStep.ProtoV6ProviderFactories`, `ExternalProviders`).
//!
//! External providers come from files, never the network: a filesystem
//! mirror as Terraform lays one out, or a directory of provider binaries
//! (`terraform-provider-<type>_v<version>[_x<N>]`), which is turned into an
//! unpacked mirror of links in the working directory.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::server::ProviderServices;

/// Makes a provider's services; called once per Terraform command, as Go's
/// provider factories are.
pub type ProviderFactory = Arc<dyn Fn() -> ProviderServices + Send + Sync>;

/// A provider served from the test process.
#[derive(Clone)]
pub(crate) struct InProcessProvider {
    /// The local name (`inventory`): the address is
    /// `<TF_ACC_PROVIDER_HOST>/<TF_ACC_PROVIDER_NAMESPACE>/<name>`.
    pub name: String,
    pub factory: ProviderFactory,
}

impl InProcessProvider {
    pub(crate) fn new(
        name: String,
        factory: impl Fn() -> ProviderServices + Send + Sync + 'static,
    ) -> InProcessProvider {
        InProcessProvider {
            name,
            factory: Arc::new(factory),
        }
    }
}

/// Where Terraform installs an external provider from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Location {
    /// A filesystem mirror (Terraform's packed or unpacked layout).
    Mirror(PathBuf),
    /// A directory holding `terraform-provider-<type>_v<version>...` binaries.
    Binaries(PathBuf),
}

/// A provider Terraform installs itself, as Go's `resource.ExternalProvider`
/// (`Source` and `VersionConstraint`), from files instead of the registry:
/// the last released build of the provider under test in an upgrade test,
/// or another provider the configuration needs.
///
/// ```
/// use tfschema::testing::acceptance::ExternalProvider;
///
/// let released = ExternalProvider::binaries("hashicorp/null", "target/e2e-tools/null2.1.2")
///     .version_constraint("2.1.2");
/// # let _ = released;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalProvider {
    /// `host/namespace/type`.
    pub(crate) source: String,
    pub(crate) version_constraint: Option<String>,
    location: Location,
}

impl ExternalProvider {
    fn new(source: String, location: Location) -> ExternalProvider {
        let source = if source.matches('/').count() == 1 {
            format!("registry.terraform.io/{source}")
        } else {
            source
        };
        ExternalProvider {
            source,
            version_constraint: None,
            location,
        }
    }

    /// `source` (`namespace/type` or `host/namespace/type`, Go's `Source`)
    /// from the filesystem mirror `dir`, laid out as
    /// `<host>/<namespace>/<type>/<version>/<os>_<arch>/terraform-provider-<type>_v<version>`
    /// (unpacked) or with the release zips (packed), and nowhere else.
    pub fn mirror(source: impl Into<String>, dir: impl Into<PathBuf>) -> ExternalProvider {
        ExternalProvider::new(source.into(), Location::Mirror(dir.into()))
    }

    /// `source` from the provider binaries in `dir`, each named as a
    /// release names it (`terraform-provider-null_v2.1.2_x4`): every
    /// version found there is offered to Terraform, and the
    /// [`version_constraint`](Self::version_constraint) picks one.
    pub fn binaries(source: impl Into<String>, dir: impl Into<PathBuf>) -> ExternalProvider {
        ExternalProvider::new(source.into(), Location::Binaries(dir.into()))
    }

    /// The `version` constraint written into `required_providers` (Go's
    /// `VersionConstraint`: `"2.1.2"`, `"~> 2.1"`).
    pub fn version_constraint(mut self, constraint: impl Into<String>) -> ExternalProvider {
        self.version_constraint = Some(constraint.into());
        self
    }

    /// The `(source, mirror directory)` Terraform installs this provider
    /// from; a directory of binaries first becomes a mirror under `scratch`.
    pub(crate) fn mirror_dir(&self, scratch: &Path) -> Result<(String, PathBuf), String> {
        match &self.location {
            Location::Mirror(dir) => Ok((self.source.clone(), dir.clone())),
            Location::Binaries(dir) => {
                link_binaries(&self.source, dir, scratch).map(|m| (self.source.clone(), m))
            }
        }
    }
}

/// The providers a step runs with.
#[derive(Clone, Default)]
pub(crate) struct ProviderSet {
    pub in_process: Vec<InProcessProvider>,
    pub external: Vec<(String, ExternalProvider)>,
}

impl ProviderSet {
    /// The local names, for `Debug`.
    pub fn names(&self) -> Vec<&str> {
        self.in_process
            .iter()
            .map(|p| p.name.as_str())
            .chain(self.external.iter().map(|(n, _)| n.as_str()))
            .collect()
    }

    /// Whether it names no provider.
    pub fn is_empty(&self) -> bool {
        self.in_process.is_empty() && self.external.is_empty()
    }

    /// `self` with `step`'s providers in place of those of the same local
    /// name (Go merges the factories by name; a name is served in process or
    /// installed, not both).
    pub fn merged(&self, step: &ProviderSet) -> ProviderSet {
        let names = step.names();
        let mut merged = ProviderSet {
            in_process: self
                .in_process
                .iter()
                .filter(|p| !names.contains(&p.name.as_str()))
                .cloned()
                .collect(),
            external: self
                .external
                .iter()
                .filter(|(n, _)| !names.contains(&n.as_str()))
                .cloned()
                .collect(),
        };
        merged.in_process.extend(step.in_process.iter().cloned());
        merged.external.extend(step.external.iter().cloned());
        merged
    }
}

/// `amd64`, `arm64`...: Go's `GOARCH` for this machine.
fn go_arch() -> &'static str {
    match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "x86" => "386",
        "aarch64" => "arm64",
        "powerpc64" => "ppc64",
        other => other,
    }
}

/// The version in a release binary's name `terraform-provider-<type>_v<version>[_x<N>]`.
fn binary_version<'n>(name: &'n str, type_name: &str) -> Option<&'n str> {
    let rest = name.strip_prefix(&format!("terraform-provider-{type_name}_v"))?;
    let version = rest.split_once("_x").map_or(rest, |(v, _)| v);
    let version = version.strip_suffix(".exe").unwrap_or(version);
    (!version.is_empty()).then_some(version)
}

/// An unpacked mirror under `scratch` linking every binary of `source`'s
/// type found in `dir`; its path.
fn link_binaries(source: &str, dir: &Path, scratch: &Path) -> Result<PathBuf, String> {
    let type_name = source.rsplit('/').next().unwrap_or(source);
    let entries = fs::read_dir(dir).map_err(|e| {
        format!(
            "reading the provider binaries of {source} in {}: {e}",
            dir.display()
        )
    })?;
    let mirror = scratch.join("terraform_plugin_test_mirror");
    let platform = format!("{}_{}", std::env::consts::OS, go_arch());
    let mut found = false;
    for entry in entries {
        let entry = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(version) = binary_version(&name, type_name) else {
            continue;
        };
        let package = mirror.join(source).join(version).join(&platform);
        fs::create_dir_all(&package)
            .map_err(|e| format!("creating the mirror {}: {e}", package.display()))?;
        let target = fs::canonicalize(entry.path())
            .map_err(|e| format!("resolving {}: {e}", entry.path().display()))?;
        let at = package.join(&name);
        // Several steps may name the same binaries.
        if fs::symlink_metadata(&at).is_err() {
            link(&target, &at)?;
        }
        found = true;
    }
    if found {
        Ok(mirror)
    } else {
        Err(format!(
            "no binary of {source} in {}: expected a file named terraform-provider-{type_name}_v<version> \
             (as releases name them, e.g. terraform-provider-{type_name}_v1.0.0_x5)",
            dir.display()
        ))
    }
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) -> Result<(), String> {
    std::os::unix::fs::symlink(target, at)
        .map_err(|e| format!("linking {} to {}: {e}", at.display(), target.display()))
}

#[cfg(not(unix))]
fn link(target: &Path, at: &Path) -> Result<(), String> {
    fs::copy(target, at)
        .map(drop)
        .map_err(|e| format!("copying {} to {}: {e}", target.display(), at.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_binary_names_give_their_version() {
        assert_eq!(
            binary_version("terraform-provider-null_v2.1.2_x4", "null"),
            Some("2.1.2")
        );
        assert_eq!(
            binary_version("terraform-provider-null_v3.2.0-alpha1", "null"),
            Some("3.2.0-alpha1")
        );
        assert_eq!(
            binary_version("terraform-provider-random_v3.0.0_x5", "null"),
            None
        );
        assert_eq!(binary_version("terraform-provider-null_v", "null"), None);
    }

    #[test]
    fn a_step_overrides_the_case_provider_of_its_name() {
        let case = ProviderSet {
            in_process: vec![InProcessProvider::new("null".into(), ProviderServices::new)],
            external: vec![(
                "time".into(),
                ExternalProvider::mirror("hashicorp/time", "/m"),
            )],
        };
        let step = ProviderSet {
            in_process: Vec::new(),
            external: vec![(
                "null".into(),
                ExternalProvider::binaries("hashicorp/null", "/b"),
            )],
        };
        let merged = case.merged(&step);
        assert!(merged.in_process.is_empty());
        let names: Vec<&str> = merged.external.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["time", "null"]);
        assert_eq!(
            merged.external[1].1.source,
            "registry.terraform.io/hashicorp/null"
        );
    }
}
