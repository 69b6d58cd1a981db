//! What happened with each Terraform binary of a run: the summary every
//! failure carries and every test prints at its end, so that a failure
//! with `TF_ACC_TERRAFORM_PATHS` says which versions passed, which were
//! skipped and why, and which failed.

use std::fmt;
use std::path::PathBuf;

use super::version::Version;

/// How a case went with one Terraform binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionOutcome {
    /// Every step ran and passed.
    Ran,
    /// The case was skipped with this binary, for this reason (a version
    /// check, the error check).
    Skipped(String),
    /// The case failed with this binary (its message is in the
    /// [`Failure`](super::Failure)).
    Failed,
}

/// One Terraform binary's line of a [`Summary`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionReport {
    /// The binary.
    pub path: PathBuf,
    /// Its version; `None` when it could not be asked.
    pub version: Option<Version>,
    /// How the case went with it.
    pub outcome: VersionOutcome,
}

/// The run of a case per Terraform binary, in the order they ran.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// One line per binary.
    pub versions: Vec<VersionReport>,
}

impl Summary {
    pub(crate) fn push(
        &mut self,
        path: PathBuf,
        version: Option<Version>,
        outcome: VersionOutcome,
    ) {
        self.versions.push(VersionReport {
            path,
            version,
            outcome,
        });
    }

    fn count(&self, f: impl Fn(&VersionOutcome) -> bool) -> usize {
        self.versions.iter().filter(|v| f(&v.outcome)).count()
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Terraform versions: {} ran, {} skipped, {} failed",
            self.count(|o| *o == VersionOutcome::Ran),
            self.count(|o| matches!(o, VersionOutcome::Skipped(_))),
            self.count(|o| *o == VersionOutcome::Failed),
        )?;
        for line in &self.versions {
            let version = line
                .version
                .as_ref()
                .map_or_else(|| "unknown version".to_owned(), Version::to_string);
            write!(f, "\n  {version} ({}): ", line.path.display())?;
            match &line.outcome {
                VersionOutcome::Ran => f.write_str("ran")?,
                VersionOutcome::Skipped(reason) => write!(f, "skipped: {reason}")?,
                VersionOutcome::Failed => f.write_str("failed")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_and_lists_every_binary() {
        let mut summary = Summary::default();
        summary.push(
            "/tf/1.0.3".into(),
            "1.0.3".parse().ok(),
            VersionOutcome::Skipped("needs 1.5".into()),
        );
        summary.push(
            "/tf/1.15.5".into(),
            "1.15.5".parse().ok(),
            VersionOutcome::Ran,
        );
        summary.push("/nowhere".into(), None, VersionOutcome::Failed);
        assert_eq!(
            summary.to_string(),
            "Terraform versions: 1 ran, 1 skipped, 1 failed\n  \
             1.0.3 (/tf/1.0.3): skipped: needs 1.5\n  \
             1.15.5 (/tf/1.15.5): ran\n  \
             unknown version (/nowhere): failed"
        );
    }
}
