//! The files of a release: a flat zip per platform holding only the
//! binary, the registry manifest, `SHA256SUMS`, and the two hashes
//! Terraform records for a package in `.terraform.lock.hcl`.
//!
//! The zips are deterministic (one deflated entry, the zip format's
//! earliest timestamp, mode 0755), so the same binary always gives the
//! same `zh:` hash. `h1:` is Go's `dirhash.Hash1` over the zip's entries,
//! as Terraform's `getproviders.PackageHashV1` computes it with
//! `dirhash.HashZip`: the SHA-256 of the lines `<hex sha256>  <name>\n`,
//! one per file, sorted by name, in standard base64.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use anyhow::{bail, Context, Result};
use base64::Engine as _;
use sha2::{Digest, Sha256};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

/// Writes `zip`, holding `binary` as its one entry `entry` (mode 0755).
///
/// # Errors
/// `binary` cannot be read or `zip` written (the message names the file).
pub fn zip_binary(binary: &Path, entry: &str, zip: &Path) -> Result<()> {
    zip_files(&[(binary, entry)], zip)
}

/// Writes `zip` with each file as its entry (mode 0755), in order. A name
/// with a directory (`proxied/terraform-provider-x_v1`) gets no entry of its
/// own for the directory: Terraform hashes an installed package's files,
/// not its directories, and a zip's h1 hash lists every entry.
///
/// # Errors
/// A file cannot be read or `zip` written (the message names the file).
pub fn zip_files(files: &[(&Path, &str)], zip: &Path) -> Result<()> {
    let output =
        File::create(zip).with_context(|| format!("{}: cannot create it", zip.display()))?;
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(DateTime::default())
        .unix_permissions(0o755);
    let mut writer = ZipWriter::new(output);
    for (file, entry) in files {
        let mut input =
            File::open(file).with_context(|| format!("{}: cannot read it", file.display()))?;
        let written = (|| -> Result<()> {
            writer.start_file(*entry, options)?;
            io::copy(&mut input, &mut writer)?;
            Ok(())
        })();
        written.with_context(|| format!("{}: cannot write it", zip.display()))?;
    }
    let finished = (|| -> Result<()> {
        writer.finish()?.sync_all()?;
        Ok(())
    })();
    finished.with_context(|| format!("{}: cannot write it", zip.display()))
}

/// The SHA-256 of a file's bytes.
///
/// # Errors
/// The file cannot be read.
pub fn sha256_file(path: &Path) -> Result<[u8; 32]> {
    let file = File::open(path).with_context(|| format!("{}: cannot read it", path.display()))?;
    sha256_reader(file).with_context(|| format!("{}: cannot read it", path.display()))
}

fn sha256_reader(mut reader: impl Read) -> io::Result<[u8; 32]> {
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => hasher.update(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(hasher.finalize().into())
}

/// `h1:<base64>`: Go's `dirhash.Hash1` over the files of `zip`.
///
/// # Errors
/// The zip cannot be read, or an entry's name holds a newline (Go's
/// dirhash refuses those too).
pub fn h1_hash(zip: &Path) -> Result<String> {
    let context = || format!("{}: cannot read it as a zip", zip.display());
    let file = File::open(zip).with_context(context)?;
    let mut archive = ZipArchive::new(file).with_context(context)?;
    let mut files: Vec<(String, usize)> = Vec::with_capacity(archive.len());
    for i in 0..archive.len() {
        let entry = archive.by_index(i).with_context(context)?;
        // dirhash.HashZip lists every entry of the zip, directories too.
        files.push((entry.name().with_context(context)?.into_owned(), i));
    }
    // sort.Strings: byte order, as `str`'s ordering is.
    files.sort();
    let mut summary = Vec::new();
    for (name, i) in files {
        if name.contains('\n') {
            bail!(
                "{}: an entry's name holds a newline: {name:?}",
                zip.display()
            );
        }
        let entry = archive.by_index(i).with_context(context)?;
        let digest = sha256_reader(entry).with_context(context)?;
        writeln!(summary, "{}  {name}", hex::encode(digest))?;
    }
    let digest: [u8; 32] = Sha256::digest(&summary).into();
    Ok(format!(
        "h1:{}",
        base64::engine::general_purpose::STANDARD.encode(digest)
    ))
}

/// The registry manifest: the plugin protocol versions the provider
/// serves, as `terraform-registry-manifest.json` holds them.
pub fn manifest(protocols: &[u32]) -> String {
    let versions: Vec<String> = protocols.iter().map(|v| format!("\"{v}.0\"")).collect();
    format!(
        "{{\n  \"version\": 1,\n  \"metadata\": {{\n    \"protocol_versions\": [{}]\n  }}\n}}\n",
        versions.join(", ")
    )
}

/// `SHA256SUMS` as goreleaser and `sha256sum` write it: `<hex>  <file>`
/// per line, sorted by file name.
pub fn sha256sums(files: &[(String, [u8; 32])]) -> String {
    let mut sorted: Vec<&(String, [u8; 32])> = files.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    sorted
        .into_iter()
        .map(|(name, digest)| format!("{}  {name}\n", hex::encode(digest)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zip_with(dir: &Path, files: &[(&str, &[u8])]) -> std::path::PathBuf {
        let path = dir.join("t.zip");
        let mut w = ZipWriter::new(File::create(&path).expect("create"));
        for (name, bytes) in files {
            w.start_file(*name, SimpleFileOptions::default())
                .expect("entry");
            w.write_all(bytes).expect("write");
        }
        w.finish().expect("finish");
        path
    }

    /// Expected values computed with coreutils, following dirhash.Hash1's
    /// doc comment step by step:
    /// `printf '%s  %s\n' "$(printf 'hello\n' | sha256sum | cut -d' ' -f1)"
    /// terraform-provider-shelf_v1.0.0 | sha256sum | cut -d' ' -f1 | xxd -r -p | base64`.
    #[test]
    fn h1_as_go_computes_it() {
        let dir = std::env::temp_dir().join(format!("tfschema-h1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let one = zip_with(&dir, &[("terraform-provider-shelf_v1.0.0", b"hello\n")]);
        assert_eq!(
            h1_hash(&one).expect("h1"),
            "h1:GDf0wUU+/maoDpKgKhR/NPbdOop7pEWPvgPWaSOesjg="
        );
        // Two files, stored out of order: sorted by name before hashing.
        let two = zip_with(&dir, &[("b", b"x"), ("a", b"hello\n")]);
        assert_eq!(
            h1_hash(&two).expect("h1"),
            "h1:+tZZAl9jp0P5q20ypp1EejBpVYFLBCOdcwKug4t8OUw="
        );
        let bad = zip_with(&dir, &[("a\nb", b"x")]);
        assert!(h1_hash(&bad).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn manifest_and_sums() {
        assert_eq!(
            manifest(&[5, 6]),
            "{\n  \"version\": 1,\n  \"metadata\": {\n    \"protocol_versions\": [\"5.0\", \"6.0\"]\n  }\n}\n"
        );
        let sums = sha256sums(&[("b.zip".into(), [0xab; 32]), ("a.json".into(), [1; 32])]);
        assert_eq!(
            sums,
            format!("{}  a.json\n{}  b.zip\n", "01".repeat(32), "ab".repeat(32))
        );
    }
}
