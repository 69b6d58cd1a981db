//! `--gpg-key ID`: the detached signature of `SHA256SUMS` the Registry
//! checks against the namespace's public key. It must be binary (the
//! Registry rejects an ASCII-armoured one), so `--no-armor` overrides an
//! `armor` line in the user's gpg.conf, and the result is checked.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

/// Signs `sums` into `signature` with `gpg --detach-sign`.
///
/// # Errors
/// gpg cannot be run or fails (an unknown key, a key that needs a
/// passphrase in batch mode), or writes something other than a binary
/// OpenPGP packet.
pub fn detach_sign(key: &str, sums: &Path, signature: &Path) -> Result<()> {
    let out = Command::new("gpg")
        .args(["--batch", "--yes", "--no-armor", "--local-user", key])
        .arg("--output")
        .arg(signature)
        .arg("--detach-sign")
        .arg(sums)
        .stdin(Stdio::null())
        .output()
        .with_context(|| {
            format!(
                "{}: cannot run gpg to sign it (is GnuPG installed?)",
                sums.display()
            )
        })?;
    if !out.status.success() {
        bail!(
            "{}: gpg could not sign it with key {key:?} ({}):\n{}",
            sums.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        );
    }
    let bytes = std::fs::read(signature)
        .with_context(|| format!("{}: gpg wrote no signature", signature.display()))?;
    // A binary OpenPGP packet's first byte has its top bit set; armour
    // starts with "-----BEGIN".
    if bytes.first().is_none_or(|b| b & 0x80 == 0) {
        bail!(
            "{}: gpg did not write a binary signature (the Registry needs one)",
            signature.display()
        );
    }
    Ok(())
}
