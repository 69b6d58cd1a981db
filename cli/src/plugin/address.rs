//! The provider address Terraform gives a binary by its file name.

use std::path::Path;

use anyhow::{anyhow, Result};

/// The address Terraform gives a provider installed as `binary`:
/// `registry.terraform.io/hashicorp/<type>` for a file named
/// `terraform-provider-<type>` (with or without Terraform's `_v<version>`
/// suffix).
///
/// # Errors
/// A file name that does not start with `terraform-provider-`, or whose
/// type part is not a provider type name (`[a-z0-9-]`).
pub fn default_address(binary: &Path) -> Result<String> {
    let file = binary
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = file.strip_suffix(".exe").unwrap_or(&file);
    let name = stem
        .strip_prefix("terraform-provider-")
        .map(|rest| rest.split('_').next().unwrap_or(rest))
        .filter(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
        .ok_or_else(|| {
            anyhow!(
                "cannot tell the provider's type from the file name {file:?} (Terraform's \
                 name is terraform-provider-<type>[_v<version>]): pass --provider-address"
            )
        })?;
    Ok(format!("registry.terraform.io/hashicorp/{name}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_address_from_the_file_name() {
        for (file, want) in [
            (
                "terraform-provider-null_v2.1.2_x4",
                "registry.terraform.io/hashicorp/null",
            ),
            (
                "/x/terraform-provider-inventory",
                "registry.terraform.io/hashicorp/inventory",
            ),
            (
                "terraform-provider-azure-devops.exe",
                "registry.terraform.io/hashicorp/azure-devops",
            ),
        ] {
            assert_eq!(default_address(Path::new(file)).expect(file), want);
        }
        for file in [
            "inventory",
            "terraform-provider-",
            "terraform-provider-inventory-0.2.0",
            "terraform-provider-Big",
        ] {
            let err = default_address(Path::new(file))
                .expect_err(file)
                .to_string();
            assert!(err.contains("--provider-address"), "{file}: {err}");
        }
    }
}
