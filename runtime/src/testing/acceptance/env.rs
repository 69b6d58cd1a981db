//! The environment variables that steer acceptance tests, as Go reads them,
//! plus `TF_ACC_TERRAFORM_PATHS` for a version matrix in one `cargo test`.

use std::env;
use std::ffi::OsString;
use std::path::PathBuf;

/// Set (to anything but empty) to run acceptance tests (Go's `TF_ACC`).
pub const TF_ACC: &str = "TF_ACC";
/// The Terraform binary (Go's `TF_ACC_TERRAFORM_PATH`); else `terraform`
/// on `PATH`.
pub const TF_ACC_TERRAFORM_PATH: &str = "TF_ACC_TERRAFORM_PATH";
/// Several Terraform binaries, separated as `PATH` is: every test runs once
/// per binary (beyond Go).
pub const TF_ACC_TERRAFORM_PATHS: &str = "TF_ACC_TERRAFORM_PATHS";
/// The provider addresses' host (default `registry.terraform.io`).
pub const TF_ACC_PROVIDER_HOST: &str = "TF_ACC_PROVIDER_HOST";
/// The provider addresses' namespace (default `hashicorp`).
pub const TF_ACC_PROVIDER_NAMESPACE: &str = "TF_ACC_PROVIDER_NAMESPACE";
/// Set to keep each test's working directory (Go's
/// `TF_ACC_PERSIST_WORKING_DIR`); its path is printed.
pub const TF_ACC_PERSIST_WORKING_DIR: &str = "TF_ACC_PERSIST_WORKING_DIR";
/// Terraform's trace log goes to this file (Go's `TF_ACC_LOG_PATH`).
pub const TF_ACC_LOG_PATH: &str = "TF_ACC_LOG_PATH";
/// Where working directories are made (Go's `TF_ACC_TEMP_DIR`); else the
/// system's temporary directory.
pub const TF_ACC_TEMP_DIR: &str = "TF_ACC_TEMP_DIR";

/// Go's message when `TF_ACC` is not set.
pub(crate) fn skip_message() -> String {
    format!("Acceptance tests skipped unless env '{TF_ACC}' set")
}

fn set(name: &str) -> Option<OsString> {
    env::var_os(name).filter(|v| !v.is_empty())
}

/// Whether `TF_ACC` is set.
pub(crate) fn enabled() -> bool {
    set(TF_ACC).is_some()
}

/// The Terraform binaries to run each test with.
pub(crate) fn terraform_paths() -> Result<Vec<PathBuf>, String> {
    if let Some(list) = set(TF_ACC_TERRAFORM_PATHS) {
        let paths: Vec<PathBuf> = env::split_paths(&list)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        if paths.is_empty() {
            return Err(format!(
                "{TF_ACC_TERRAFORM_PATHS} is set but names no binary"
            ));
        }
        return Ok(paths);
    }
    if let Some(path) = set(TF_ACC_TERRAFORM_PATH) {
        return Ok(vec![PathBuf::from(path)]);
    }
    let on_path = set("PATH")
        .map(|p| {
            env::split_paths(&p)
                .map(|dir| dir.join("terraform"))
                .find(|c| c.is_file())
        })
        .unwrap_or_default();
    on_path.map(|p| vec![p]).ok_or_else(|| {
        format!(
            "no Terraform CLI: set {TF_ACC_TERRAFORM_PATH} (or {TF_ACC_TERRAFORM_PATHS}) \
             to a terraform binary, or put `terraform` on PATH"
        )
    })
}

/// `<host>/<namespace>/<name>`.
pub(crate) fn provider_address(name: &str) -> String {
    let host = env::var(TF_ACC_PROVIDER_HOST)
        .ok()
        .filter(|s| !s.is_empty());
    let namespace = env::var(TF_ACC_PROVIDER_NAMESPACE)
        .ok()
        .filter(|s| !s.is_empty());
    format!(
        "{}/{}/{name}",
        host.as_deref().unwrap_or("registry.terraform.io"),
        namespace.as_deref().unwrap_or("hashicorp")
    )
}

/// Whether to keep working directories.
pub(crate) fn persist_working_dir() -> bool {
    set(TF_ACC_PERSIST_WORKING_DIR).is_some()
}

/// Terraform's log file, if any.
pub(crate) fn log_path() -> Option<PathBuf> {
    set(TF_ACC_LOG_PATH).map(PathBuf::from)
}

/// Where to make working directories.
pub(crate) fn temp_dir() -> PathBuf {
    set(TF_ACC_TEMP_DIR).map_or_else(env::temp_dir, PathBuf::from)
}
