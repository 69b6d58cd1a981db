//! `tfschema release`: the assets of a provider release as the Terraform
//! Registry and OpenTofu's registry read them (what goreleaser writes for a
//! Go provider), from binaries already built or built here per target:
//!
//! - `terraform-provider-<name>_<V>_<os>_<arch>.zip`, a flat zip holding
//!   only `terraform-provider-<name>_v<V>` (`.exe` on Windows);
//! - `terraform-provider-<name>_<V>_manifest.json`, the plugin protocol
//!   versions read from the binary by launching it;
//! - `terraform-provider-<name>_<V>_SHA256SUMS` over both, and with
//!   `--gpg-key` its binary detached signature `..._SHA256SUMS.sig`;
//! - with `--mirror`, the zips as Terraform's packed filesystem mirror.
//!
//! Everything is checked before anything is written (each binary for this
//! machine is launched and its schema read, the others' headers must match
//! their platform), and `--out` appears complete or not at all: the files
//! are written in a temporary directory beside it, then renamed.

mod build;
mod mirror;
mod package;
mod platform;
mod sign;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::plugin;
use platform::Platform;
use tfschema::server::client::{DEFAULT_PROTOCOL_VERSIONS, PROXIED_DIR_ENV};

#[derive(Debug, clap::Args)]
pub struct ReleaseArgs {
    /// The version released, in semver without a `v` (1.2.0, 1.3.0-rc.1).
    #[arg(long, value_name = "V")]
    version: String,
    /// A binary already built for a platform in Go's names (linux_amd64,
    /// darwin_arm64, windows_amd64, ...); repeat for each platform.
    #[arg(long = "provider-binary", value_name = "OS_ARCH=PATH")]
    provider_binaries: Vec<String>,
    /// A Rust target triple to build with `cargo build --release --target
    /// TRIPLE` in the current directory; repeat for each target.
    #[arg(long = "target", value_name = "TRIPLE")]
    targets: Vec<String>,
    /// Where the release's files go; it must not exist or be empty.
    #[arg(long, value_name = "DIR", default_value = "dist")]
    out: PathBuf,
    /// Sign SHA256SUMS with this GnuPG key (`gpg --local-user ID`).
    #[arg(long, value_name = "ID")]
    gpg_key: Option<String>,
    /// Also lay the zips out as a packed filesystem mirror in DIR, with
    /// the JSON indexes `terraform providers mirror` writes.
    #[arg(long, value_name = "DIR")]
    mirror: Option<PathBuf>,
    /// The provider's address in the mirror (default:
    /// registry.terraform.io/hashicorp/<name>).
    #[arg(long, value_name = "HOST/NAMESPACE/TYPE", requires = "mirror")]
    provider_address: Option<String>,
    /// A provider binary the released one serves types of through its mux
    /// (a Go provider moving to Rust one type at a time), for a platform in
    /// Go's names: packed beside it in that platform's zip as
    /// `proxied/<file name>`, where `LaunchOptions::beside_executable`
    /// finds it. Repeat for each platform released.
    #[arg(long = "proxied", value_name = "OS_ARCH=PATH")]
    proxied: Vec<String>,
    /// How long a provider has to print its handshake line.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout: f64,
}

/// A binary to release, for one platform.
#[derive(Debug)]
struct Input {
    platform: Platform,
    binary: PathBuf,
    /// The provider binary packed beside it as `proxied/<file name>`.
    proxied: Option<PathBuf>,
}

/// One platform's zip, once written.
struct Zip {
    platform: Platform,
    file: String,
    h1: String,
    zh: String,
}

pub fn run(args: ReleaseArgs) -> Result<ExitCode> {
    let version = parse_version(&args.version)?;
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        bail!("--timeout must be a positive number of seconds");
    }
    let timeout = Duration::from_secs_f64(args.timeout);
    check_out_dir(&args.out)?;
    let inputs = inputs(&args)?;
    let name = provider_name(&inputs)?;
    let address = match &args.provider_address {
        Some(text) => mirror::Address::parse(text, &name)?,
        None => mirror::Address::default_for(&name),
    };
    let protocols = check_binaries(&inputs, timeout)?;

    let parent = match args.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("{}: cannot create it", parent.display()))?;
    // Dropped (and removed) on any error below.
    let staging = tempfile::Builder::new()
        .prefix(".tfschema-release-")
        .tempdir_in(&parent)
        .with_context(|| format!("{}: cannot create a directory in it", parent.display()))?;
    let zips = write_release(staging.path(), &inputs, &name, &version, &protocols, &args)?;
    publish(staging, &args.out)?;

    for zip in &zips {
        println!("{} {} {}", zip.file, zip.h1, zip.zh);
    }
    eprintln!(
        "tfschema: {}: terraform-provider-{name} {version} for {} (plugin protocol {})",
        args.out.display(),
        zips.iter()
            .map(|z| z.platform.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        protocols
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    if let Some(dir) = &args.mirror {
        let files: Vec<(Platform, PathBuf)> = zips
            .iter()
            .map(|z| (z.platform, args.out.join(&z.file)))
            .collect();
        let at = mirror::write(dir, &address, &version, &files)?;
        eprintln!("tfschema: mirror {}", at.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// `--version`, checked as semver and written as Terraform writes it.
fn parse_version(text: &str) -> Result<String> {
    if let Some(bare) = text.strip_prefix('v') {
        bail!(
            "--version {text:?}: give the version without its `v` ({bare:?}), as the \
             registries' file names carry it (the tag keeps its `v`)"
        );
    }
    let version = semver::Version::parse(text).with_context(|| {
        format!("--version {text:?}: not a semantic version (MAJOR.MINOR.PATCH)")
    })?;
    if !version.build.is_empty() {
        bail!(
            "--version {text:?}: build metadata (+{}) has no place in a release's file names",
            version.build
        );
    }
    Ok(version.to_string())
}

/// `--out` must not hold anything: the release replaces nothing.
fn check_out_dir(out: &Path) -> Result<()> {
    match std::fs::read_dir(out) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                bail!(
                    "{}: the output directory is not empty (remove it, or choose another with --out)",
                    out.display()
                );
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("{}: cannot read it (--out)", out.display())),
    }
}

/// The binaries given with `--provider-binary` and those built for each
/// `--target`, one per platform.
fn inputs(args: &ReleaseArgs) -> Result<Vec<Input>> {
    if args.provider_binaries.is_empty() && args.targets.is_empty() {
        bail!("nothing to release: give --provider-binary OS_ARCH=PATH or --target TRIPLE");
    }
    let mut inputs: Vec<Input> = Vec::new();
    for given in &args.provider_binaries {
        let Some((os_arch, path)) = given.split_once('=') else {
            bail!("--provider-binary {given:?}: expected OS_ARCH=PATH (linux_amd64=target/release/terraform-provider-x)");
        };
        let platform =
            platform::parse(os_arch).with_context(|| format!("--provider-binary {given:?}"))?;
        let binary = PathBuf::from(path);
        if !binary.is_file() {
            bail!(
                "{}: no such file (--provider-binary {os_arch})",
                binary.display()
            );
        }
        inputs.push(Input {
            platform,
            binary,
            proxied: None,
        });
    }
    // Every triple is checked before the first (long) build starts.
    let targets: Vec<(&String, Platform)> = args
        .targets
        .iter()
        .map(|t| platform::of_triple(t).map(|p| (t, p)))
        .collect::<Result<_>>()?;
    let mut all: Vec<Platform> = inputs.iter().map(|i| i.platform).collect();
    all.extend(targets.iter().map(|(_, p)| *p));
    for (i, p) in all.iter().enumerate() {
        if all[..i].contains(p) {
            bail!("two binaries for {p}: give one per platform");
        }
    }
    for (triple, platform) in targets {
        let binary = build::cargo_build(triple)?;
        inputs.push(Input {
            platform,
            binary,
            proxied: None,
        });
    }
    inputs.sort_by_key(|i| i.platform);
    add_proxied(&mut inputs, &args.proxied)?;
    Ok(inputs)
}

/// `--proxied OS_ARCH=PATH`: each platform's proxied binary, for a platform
/// being released, at most one each.
fn add_proxied(inputs: &mut [Input], given: &[String]) -> Result<()> {
    for given in given {
        let Some((os_arch, path)) = given.split_once('=') else {
            bail!("--proxied {given:?}: expected OS_ARCH=PATH (linux_amd64=go/terraform-provider-x_v1.2.3_x5)");
        };
        let platform = platform::parse(os_arch).with_context(|| format!("--proxied {given:?}"))?;
        let binary = PathBuf::from(path);
        if !binary.is_file() {
            bail!("{}: no such file (--proxied {os_arch})", binary.display());
        }
        if binary.file_name().is_none() {
            bail!("--proxied {given:?}: the path names no file");
        }
        let Some(input) = inputs.iter_mut().find(|i| i.platform == platform) else {
            bail!("--proxied {given:?}: no binary for {platform} is released (--provider-binary or --target)");
        };
        if input.proxied.is_some() {
            bail!("--proxied {given:?}: a second proxied binary for {platform}: give one per platform");
        }
        input.proxied = Some(binary);
    }
    Ok(())
}

/// The provider's name, from its binaries' names
/// (`terraform-provider-<name>`, with or without `_v<V>` or `.exe`).
fn provider_name(inputs: &[Input]) -> Result<String> {
    let mut name: Option<(String, &Path)> = None;
    for input in inputs {
        let address = plugin::default_address(&input.binary)
            .with_context(|| input.binary.display().to_string())?;
        let this = address.rsplit('/').next().unwrap_or_default().to_owned();
        match &name {
            Some((first, from)) if *first != this => bail!(
                "{}: provider {this:?}, but {} is provider {first:?}: release one provider at a time",
                input.binary.display(),
                from.display()
            ),
            Some(_) => {}
            None => name = Some((this, &input.binary)),
        }
    }
    name.map(|(n, _)| n).context("no binary to release")
}

/// Launches each binary built for this machine and reads its schema over
/// every protocol it serves (a broken binary is never released); checks
/// the others' headers. Returns the protocol versions served, which every
/// launched binary must agree on.
fn check_binaries(inputs: &[Input], timeout: Duration) -> Result<Vec<u32>> {
    let host = platform::host();
    let mut protocols: Option<(Vec<u32>, &Path)> = None;
    for input in inputs {
        if Some(input.platform) != host {
            platform::check_header(&input.binary, input.platform)?;
            continue;
        }
        let served = served_protocols(input, timeout)?;
        match &protocols {
            Some((first, from)) if *first != served => bail!(
                "{}: serves plugin protocols {served:?}, but {} serves {first:?}",
                input.binary.display(),
                from.display()
            ),
            Some(_) => {}
            None => protocols = Some((served, &input.binary)),
        }
    }
    match protocols {
        Some((served, _)) => Ok(served),
        None => bail!(
            "no binary for this machine ({}) among {}: the manifest's protocol versions are read \
             by launching the provider, so include one (--provider-binary or --target)",
            host.map(|h| h.to_string())
                .unwrap_or_else(|| "a platform providers are not released for".into()),
            inputs
                .iter()
                .map(|i| i.platform.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The plugin protocols `binary` serves: launched as Terraform 1.x
/// launches it (offering 5 and 6, it picks the highest it serves), its
/// schema read; then, when it chose 6, offered 5 alone to learn whether it
/// serves 5 too (a provider that does not either fails the handshake or,
/// as go-plugin does, answers with a version not offered).
///
/// A binary with a proxied one is launched with the proxied binary where
/// it looks for it: `proxied/<file name>` in a temporary directory that
/// `TFSCHEMA_PROXIED_DIR` names.
fn served_protocols(input: &Input, timeout: Duration) -> Result<Vec<u32>> {
    let binary = input.binary.as_path();
    let beside = match &input.proxied {
        Some(proxied) => Some(proxied_dir(proxied)?),
        None => None,
    };
    let env: Vec<(&str, &Path)> = beside
        .iter()
        .map(|dir| (PROXIED_DIR_ENV, dir.path()))
        .collect();
    let first = plugin::read_schema_with(binary, timeout, DEFAULT_PROTOCOL_VERSIONS, &env)?;
    let mut served = vec![first.protocol];
    if first.protocol == 6 {
        if let Ok(d) = plugin::read_schema_with(binary, timeout, "5", &env) {
            if d.protocol == 5 {
                served.insert(0, 5);
            }
        }
    }
    let schema = &first.schema;
    eprintln!(
        "tfschema: {}: a provider with {} resources, {} data sources, {} functions; plugin \
         protocol {}",
        binary.display(),
        schema.resource_schemas.len(),
        schema.data_source_schemas.len(),
        schema.functions.len(),
        served
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" and ")
    );
    Ok(served)
}

/// A temporary directory holding `proxied/<file name of proxied>`, a copy
/// of it.
fn proxied_dir(proxied: &Path) -> Result<tempfile::TempDir> {
    let dir = tempfile::tempdir().context("creating a temporary directory")?;
    let name = proxied
        .file_name()
        .with_context(|| format!("{}: names no file", proxied.display()))?;
    let into = dir.path().join("proxied");
    std::fs::create_dir(&into).with_context(|| format!("{}: cannot create it", into.display()))?;
    std::fs::copy(proxied, into.join(name))
        .with_context(|| format!("{}: cannot copy it", proxied.display()))?;
    Ok(dir)
}

/// Writes the zips, the manifest, SHA256SUMS and its signature in `dir`.
fn write_release(
    dir: &Path,
    inputs: &[Input],
    name: &str,
    version: &str,
    protocols: &[u32],
    args: &ReleaseArgs,
) -> Result<Vec<Zip>> {
    let prefix = format!("terraform-provider-{name}_{version}");
    let mut zips = Vec::new();
    let mut sums: Vec<(String, [u8; 32])> = Vec::new();
    for input in inputs {
        let exe = if input.platform.os == "windows" {
            ".exe"
        } else {
            ""
        };
        let entry = format!("terraform-provider-{name}_v{version}{exe}");
        let file = format!("{prefix}_{}.zip", input.platform);
        let path = dir.join(&file);
        match &input.proxied {
            None => package::zip_binary(&input.binary, &entry, &path)?,
            Some(proxied) => {
                let name = proxied
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                let beside = format!("proxied/{name}");
                package::zip_files(&[(&input.binary, &entry), (proxied, &beside)], &path)?;
            }
        }
        let digest = package::sha256_file(&path)?;
        sums.push((file.clone(), digest));
        zips.push(Zip {
            platform: input.platform,
            h1: package::h1_hash(&path)?,
            zh: format!("zh:{}", hex::encode(digest)),
            file,
        });
    }
    let manifest = format!("{prefix}_manifest.json");
    write(
        &dir.join(&manifest),
        package::manifest(protocols).as_bytes(),
    )?;
    let digest = package::sha256_file(&dir.join(&manifest))?;
    sums.push((manifest, digest));
    let sums_file = dir.join(format!("{prefix}_SHA256SUMS"));
    write(&sums_file, package::sha256sums(&sums).as_bytes())?;
    if let Some(key) = &args.gpg_key {
        sign::detach_sign(
            key,
            &sums_file,
            &dir.join(format!("{prefix}_SHA256SUMS.sig")),
        )?;
    }
    Ok(zips)
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("{}: cannot write it", path.display()))
}

/// Renames the finished staging directory to `out` (an empty `out` is
/// removed first: a rename cannot replace a directory).
fn publish(staging: tempfile::TempDir, out: &Path) -> Result<()> {
    if out.is_dir() {
        std::fs::remove_dir(out)
            .with_context(|| format!("{}: cannot replace it", out.display()))?;
    }
    std::fs::rename(staging.path(), out)
        .with_context(|| format!("{}: cannot move the release there", out.display()))?;
    // Renamed away: nothing left for the guard to remove.
    let _ = staging.keep();
    Ok(())
}
