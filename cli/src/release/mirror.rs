//! `--mirror DIR`: the release's zips laid out as Terraform's packed
//! filesystem mirror, `HOST/NAMESPACE/TYPE/terraform-provider-TYPE_V_OS_ARCH.zip`,
//! with the JSON indexes `terraform providers mirror` writes beside them
//! (`index.json` listing the versions, `<V>.json` each version's archives
//! and `h1:` hashes), so the same directory also serves as a network
//! mirror's document root. As Terraform does, the indexes are rebuilt from
//! every package in the directory, so releases add up.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde_json::{json, Map, Value};

use super::package;
use super::platform::Platform;

/// A provider's source address, `HOST/NAMESPACE/TYPE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub host: String,
    pub namespace: String,
    pub r#type: String,
}

impl Address {
    /// Parses `HOST/NAMESPACE/TYPE`, lower-cased as Terraform normalises
    /// it; the type must be the provider's name.
    ///
    /// # Errors
    /// Not three non-empty parts, or a type other than `name`.
    pub fn parse(text: &str, name: &str) -> Result<Address> {
        let parts: Vec<String> = text.split('/').map(str::to_ascii_lowercase).collect();
        let [host, namespace, r#type] = parts.as_slice() else {
            bail!("--provider-address {text:?}: expected HOST/NAMESPACE/TYPE");
        };
        if [host, namespace, r#type].iter().any(|p| p.is_empty()) {
            bail!("--provider-address {text:?}: expected HOST/NAMESPACE/TYPE");
        }
        if r#type != name {
            bail!(
                "--provider-address {text:?}: its type {type:?} is not the provider's name {name:?}"
            );
        }
        Ok(Address {
            host: host.clone(),
            namespace: namespace.clone(),
            r#type: r#type.clone(),
        })
    }

    /// `registry.terraform.io/hashicorp/<name>`, Terraform's default for
    /// a bare provider name.
    pub fn default_for(name: &str) -> Address {
        Address {
            host: "registry.terraform.io".into(),
            namespace: "hashicorp".into(),
            r#type: name.into(),
        }
    }
}

/// Copies each `(platform, zip)` of version `version` into the mirror and
/// rewrites its indexes; every file is written beside its place and renamed
/// into it, so a reader never sees half a file.
///
/// # Errors
/// A file that cannot be copied, read or written.
pub fn write(
    mirror: &Path,
    address: &Address,
    version: &str,
    zips: &[(Platform, PathBuf)],
) -> Result<PathBuf> {
    let dir = mirror
        .join(&address.host)
        .join(&address.namespace)
        .join(&address.r#type);
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("{}: cannot create it", dir.display()))?;
    for (platform, zip) in zips {
        let name = format!(
            "terraform-provider-{}_{version}_{platform}.zip",
            address.r#type
        );
        let staged = dir.join(format!(".{name}.tmp"));
        std::fs::copy(zip, &staged)
            .with_context(|| format!("{}: cannot write it", staged.display()))?;
        place(&staged, &dir.join(&name))?;
    }
    let packages = scan(&dir, &address.r#type)?;
    let mut versions = Map::new();
    for v in packages.keys() {
        versions.insert(v.clone(), json!({}));
    }
    write_json(&dir.join("index.json"), &json!({ "versions": versions }))?;
    for (v, archives) in &packages {
        let mut by_platform = Map::new();
        for (platform, file) in archives {
            let h1 = package::h1_hash(&dir.join(file))?;
            // Keys in sorted order, as Go's encoding/json writes a map.
            by_platform.insert(platform.clone(), json!({ "hashes": [h1], "url": file }));
        }
        write_json(
            &dir.join(format!("{v}.json")),
            &json!({ "archives": by_platform }),
        )?;
    }
    Ok(dir)
}

/// The packages in `dir`: version -> (os_arch -> file name), from names
/// `terraform-provider-TYPE_VERSION_OS_ARCH.zip`.
fn scan(dir: &Path, r#type: &str) -> Result<BTreeMap<String, BTreeMap<String, String>>> {
    let prefix = format!("terraform-provider-{}_", r#type);
    let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("{}: cannot list it", dir.display()))?;
    for entry in entries {
        let entry = entry.with_context(|| format!("{}: cannot list it", dir.display()))?;
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file
            .strip_prefix(&prefix)
            .and_then(|r| r.strip_suffix(".zip"))
        else {
            continue;
        };
        let mut parts = rest.rsplitn(3, '_');
        if let (Some(arch), Some(os), Some(version)) = (parts.next(), parts.next(), parts.next()) {
            out.entry(version.to_owned())
                .or_default()
                .insert(format!("{os}_{arch}"), file.clone());
        }
    }
    Ok(out)
}

/// `json.MarshalIndent(v, "", "  ")`: two-space indent, no final newline.
fn write_json(path: &Path, value: &Value) -> Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    let staged = path.with_file_name(format!(
        ".{}.tmp",
        path.file_name()
            .map(|f| f.to_string_lossy())
            .unwrap_or_default()
    ));
    std::fs::write(&staged, text)
        .with_context(|| format!("{}: cannot write it", staged.display()))?;
    place(&staged, path)
}

fn place(staged: &Path, path: &Path) -> Result<()> {
    std::fs::rename(staged, path).with_context(|| {
        let _ = std::fs::remove_file(staged);
        format!("{}: cannot write it", path.display())
    })
}
