//! Platforms in Go's `os_arch` names, which the Registry, OpenTofu's
//! registry and Terraform's installer use in file and directory names:
//! from a Rust target triple, for the machine this runs on, and checked
//! against the header of a binary that cannot be launched here.

use std::fmt;
use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};

/// A platform in Go's names (`linux`, `amd64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Platform {
    /// `GOOS`: linux, darwin, windows, freebsd.
    pub os: &'static str,
    /// `GOARCH`: amd64, 386, arm64, arm.
    pub arch: &'static str,
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}_{}", self.os, self.arch)
    }
}

/// The Rust targets a provider is released for, with their Go platform
/// (the platforms HashiCorp's scaffolding releases, as Rust names them).
/// A triple not listed is refused rather than guessed.
const TRIPLES: &[(&str, &str, &str)] = &[
    ("x86_64-unknown-linux-gnu", "linux", "amd64"),
    ("x86_64-unknown-linux-musl", "linux", "amd64"),
    ("aarch64-unknown-linux-gnu", "linux", "arm64"),
    ("aarch64-unknown-linux-musl", "linux", "arm64"),
    ("i686-unknown-linux-gnu", "linux", "386"),
    ("i686-unknown-linux-musl", "linux", "386"),
    ("armv7-unknown-linux-gnueabihf", "linux", "arm"),
    ("armv7-unknown-linux-musleabihf", "linux", "arm"),
    ("arm-unknown-linux-gnueabihf", "linux", "arm"),
    ("arm-unknown-linux-musleabihf", "linux", "arm"),
    ("x86_64-apple-darwin", "darwin", "amd64"),
    ("aarch64-apple-darwin", "darwin", "arm64"),
    ("x86_64-pc-windows-msvc", "windows", "amd64"),
    ("x86_64-pc-windows-gnu", "windows", "amd64"),
    ("i686-pc-windows-msvc", "windows", "386"),
    ("i686-pc-windows-gnu", "windows", "386"),
    ("aarch64-pc-windows-msvc", "windows", "arm64"),
    ("x86_64-unknown-freebsd", "freebsd", "amd64"),
    ("i686-unknown-freebsd", "freebsd", "386"),
    ("aarch64-unknown-freebsd", "freebsd", "arm64"),
];

/// The Go platform of a Rust target triple.
///
/// # Errors
/// A triple this table does not know.
pub fn of_triple(triple: &str) -> Result<Platform> {
    TRIPLES
        .iter()
        .find(|(t, _, _)| *t == triple)
        .map(|&(_, os, arch)| Platform { os, arch })
        .with_context(|| {
            let known: Vec<&str> = TRIPLES.iter().map(|(t, _, _)| *t).collect();
            format!(
                "--target {triple}: not a target a provider is released for (known: {})",
                known.join(", ")
            )
        })
}

/// A Go platform name (`linux_amd64`) one of the known triples maps to.
///
/// # Errors
/// Any other name.
pub fn parse(name: &str) -> Result<Platform> {
    TRIPLES
        .iter()
        .map(|&(_, os, arch)| Platform { os, arch })
        .find(|p| p.to_string() == name)
        .with_context(|| {
            let mut known: Vec<String> = TRIPLES
                .iter()
                .map(|&(_, os, arch)| Platform { os, arch }.to_string())
                .collect();
            known.sort();
            known.dedup();
            format!(
                "{name:?} is not a platform in Go's os_arch names (known: {})",
                known.join(", ")
            )
        })
}

/// The platform this command runs on, when it is one providers are
/// released for.
pub fn host() -> Option<Platform> {
    let os = match std::env::consts::OS {
        "linux" => "linux",
        "macos" => "darwin",
        "windows" => "windows",
        "freebsd" => "freebsd",
        _ => return None,
    };
    let arch = match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        "x86" => "386",
        "arm" => "arm",
        _ => return None,
    };
    Some(Platform { os, arch })
}

/// Checks that `binary`, which cannot be launched here, is an executable
/// for `platform` by its header (ELF, Mach-O or PE, and the machine it
/// names), so a binary given for the wrong platform is not released.
///
/// # Errors
/// The file cannot be read, or its header is not an executable for
/// `platform`.
pub fn check_header(binary: &Path, platform: Platform) -> Result<()> {
    let mut header = Vec::with_capacity(4096);
    std::fs::File::open(binary)
        .and_then(|f| f.take(4096).read_to_end(&mut header))
        .with_context(|| format!("{}: cannot read it", binary.display()))?;
    let found = identify(&header);
    let want = (platform.os, platform.arch);
    let matches = match found {
        // ELF serves linux and freebsd alike.
        Some(("elf", arch)) => matches!(platform.os, "linux" | "freebsd") && arch == platform.arch,
        Some(("macho", arch)) => platform.os == "darwin" && arch == platform.arch,
        Some(("pe", arch)) => platform.os == "windows" && arch == platform.arch,
        _ => false,
    };
    if !matches {
        let what = match found {
            Some((format, arch)) => format!("a {format} executable for {arch}"),
            None => "not an executable this command recognises".to_owned(),
        };
        bail!(
            "{}: given for {}_{}, but it is {what}",
            binary.display(),
            want.0,
            want.1
        );
    }
    Ok(())
}

/// The executable format and Go architecture a header names.
fn identify(h: &[u8]) -> Option<(&'static str, &'static str)> {
    let u16le = |at: usize| Some(u16::from_le_bytes([*h.get(at)?, *h.get(at + 1)?]));
    let u32le = |at: usize| {
        Some(u32::from_le_bytes([
            *h.get(at)?,
            *h.get(at + 1)?,
            *h.get(at + 2)?,
            *h.get(at + 3)?,
        ]))
    };
    if h.starts_with(b"\x7fELF") {
        // e_machine, little-endian on every platform listed.
        let arch = match u16le(18)? {
            62 => "amd64",
            183 => "arm64",
            3 => "386",
            40 => "arm",
            _ => "another architecture",
        };
        return Some(("elf", arch));
    }
    if matches!(u32le(0)?, 0xfeed_facf | 0xfeed_face) {
        let arch = match u32le(4)? {
            0x0100_0007 => "amd64",
            0x0100_000c => "arm64",
            _ => "another architecture",
        };
        return Some(("macho", arch));
    }
    if h.starts_with(b"MZ") {
        let pe = usize::try_from(u32le(0x3c)?).ok()?;
        if h.get(pe..pe.checked_add(4)?)? != b"PE\0\0" {
            return None;
        }
        let arch = match u16le(pe + 4)? {
            0x8664 => "amd64",
            0x014c => "386",
            0xaa64 => "arm64",
            _ => "another architecture",
        };
        return Some(("pe", arch));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triples_in_go_names() {
        for (triple, want) in [
            ("x86_64-unknown-linux-gnu", "linux_amd64"),
            ("aarch64-unknown-linux-musl", "linux_arm64"),
            ("aarch64-apple-darwin", "darwin_arm64"),
            ("x86_64-apple-darwin", "darwin_amd64"),
            ("x86_64-pc-windows-msvc", "windows_amd64"),
            ("i686-pc-windows-gnu", "windows_386"),
            ("armv7-unknown-linux-gnueabihf", "linux_arm"),
        ] {
            assert_eq!(of_triple(triple).expect(triple).to_string(), want);
        }
        let err = of_triple("wasm32-unknown-unknown").expect_err("unknown");
        assert!(err.to_string().contains("--target wasm32-unknown-unknown"));
        assert_eq!(parse("darwin_arm64").expect("known").arch, "arm64");
        assert!(parse("plan9_amd64").is_err());
        assert!(parse("linux-amd64").is_err());
    }

    #[test]
    fn headers() {
        let mut elf = vec![0u8; 64];
        elf[..4].copy_from_slice(b"\x7fELF");
        elf[18] = 183;
        assert_eq!(identify(&elf), Some(("elf", "arm64")));
        let mut macho = vec![0u8; 64];
        macho[..4].copy_from_slice(&0xfeed_facfu32.to_le_bytes());
        macho[4..8].copy_from_slice(&0x0100_000cu32.to_le_bytes());
        assert_eq!(identify(&macho), Some(("macho", "arm64")));
        let mut pe = vec![0u8; 256];
        pe[..2].copy_from_slice(b"MZ");
        pe[0x3c] = 0x80;
        pe[0x80..0x84].copy_from_slice(b"PE\0\0");
        pe[0x84..0x86].copy_from_slice(&0x8664u16.to_le_bytes());
        assert_eq!(identify(&pe), Some(("pe", "amd64")));
        assert_eq!(identify(b"#!/bin/sh\n"), None);
        // A PE offset past the end is no PE, not a panic.
        let mut short = b"MZ".to_vec();
        short.resize(0x40, 0xff);
        assert_eq!(identify(&short), None);
    }
}
