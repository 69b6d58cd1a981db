//! Go's `tfversion` checks: skip a case, or fail it, by the version of the
//! Terraform running it. Give them to
//! [`TestCase::terraform_version_checks`](super::TestCase::terraform_version_checks);
//! with several binaries (`TF_ACC_TERRAFORM_PATHS`) each binary is checked
//! on its own, and a skipped binary is left out of the run.
//!
//! As in Go, a bound without a pre-release is compared with the CLI's
//! version without its pre-release (`SkipBelow(1.14.0)` runs on
//! `1.14.0-beta1`), and a bound with one against the full version
//! (`SkipBelow(1.14.0-rc1)` skips `1.14.0-beta1`). The skip and error texts
//! are Go's.

use super::version::Version;

/// What a check says about one Terraform version; Go's
/// `CheckTerraformVersionResponse`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionVerdict {
    /// Run the case.
    Run,
    /// Skip it, saying why (Go's `Skip`).
    Skip(String),
    /// Fail it, saying why (Go's `Error`).
    Fail(String),
}

/// A check of the Terraform version; Go's `tfversion.TerraformVersionCheck`.
pub trait TerraformVersionCheck: Send + Sync {
    /// The verdict for `version`.
    fn check_terraform_version(&self, version: &Version) -> VersionVerdict;
}

/// A boxed [`TerraformVersionCheck`], as the constructors here return.
pub type BoxVersionCheck = Box<dyn TerraformVersionCheck>;

struct Fn<F>(F);

impl<F: std::ops::Fn(&Version) -> VersionVerdict + Send + Sync> TerraformVersionCheck for Fn<F> {
    fn check_terraform_version(&self, version: &Version) -> VersionVerdict {
        (self.0)(version)
    }
}

fn check(
    f: impl std::ops::Fn(&Version) -> VersionVerdict + Send + Sync + 'static,
) -> BoxVersionCheck {
    Box::new(Fn(f))
}

/// The CLI's version as Go compares it with `bound`: in full when the
/// bound is a pre-release, else without its pre-release.
fn compared(tf: &Version, bound: &Version) -> Version {
    if bound.prerelease().is_empty() {
        tf.core()
    } else {
        tf.clone()
    }
}

/// Skips below `minimum` (Go's `SkipBelow`).
pub fn skip_below(minimum: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &minimum) < minimum {
            VersionVerdict::Skip(format!(
                "Terraform CLI version {tf} is below minimum version {minimum}: skipping test"
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Skips above `maximum` (Go's `SkipAbove`).
pub fn skip_above(maximum: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &maximum) > maximum {
            VersionVerdict::Skip(format!(
                "Terraform CLI version {tf} is above maximum version {maximum}: skipping test"
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Skips from `minimum` up to but not including `maximum` (Go's
/// `SkipBetween`).
pub fn skip_between(minimum: Version, maximum: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &minimum) >= minimum && compared(tf, &maximum) < maximum {
            VersionVerdict::Skip(format!(
                "Terraform CLI version {tf} is between {minimum} and {maximum}: skipping test."
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Skips on exactly `version` (Go's `SkipIf`).
pub fn skip_if(version: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &version) == version {
            VersionVerdict::Skip(format!(
                "Terraform CLI version is {version}: skipping test."
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Skips unless the CLI is an alpha build (Go's `SkipIfNotAlpha`).
pub fn skip_if_not_alpha() -> BoxVersionCheck {
    check(|tf| {
        if tf.prerelease().contains("alpha") {
            VersionVerdict::Run
        } else {
            VersionVerdict::Skip(format!(
                "Terraform CLI version {tf} is not an alpha build: skipping test."
            ))
        }
    })
}

/// Skips unless the CLI is a pre-release (Go's `SkipIfNotPrerelease`).
pub fn skip_if_not_prerelease() -> BoxVersionCheck {
    check(|tf| {
        if tf.prerelease().is_empty() {
            VersionVerdict::Skip(format!(
                "Terraform CLI version {tf} is not a prerelease build: skipping test."
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Fails below `minimum` (Go's `RequireAbove`: `minimum` itself passes).
pub fn require_above(minimum: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &minimum) < minimum {
            VersionVerdict::Fail(format!(
                "expected Terraform CLI version above {minimum} but detected version is {tf}"
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Fails from `maximum` up (Go's `RequireBelow`).
pub fn require_below(maximum: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &maximum) >= maximum {
            VersionVerdict::Fail(format!(
                "expected Terraform CLI version below {maximum} but detected version is {tf}"
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Fails outside `minimum` up to but not including `maximum` (Go's
/// `RequireBetween`).
pub fn require_between(minimum: Version, maximum: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &minimum) < minimum || compared(tf, &maximum) >= maximum {
            VersionVerdict::Fail(format!(
                "expected Terraform CLI version between {minimum} and {maximum} but detected version is {tf}"
            ))
        } else {
            VersionVerdict::Run
        }
    })
}

/// Fails on exactly `version` (Go's `RequireNot`).
pub fn require_not(version: Version) -> BoxVersionCheck {
    check(move |tf| {
        if compared(tf, &version) == version {
            VersionVerdict::Fail(format!("unexpected Terraform CLI version: {version}"))
        } else {
            VersionVerdict::Run
        }
    })
}

/// The first of `checks` that skips or fails decides (Go's `All`).
pub fn all(checks: Vec<BoxVersionCheck>) -> BoxVersionCheck {
    check(move |tf| {
        checks
            .iter()
            .map(|c| c.check_terraform_version(tf))
            .find(|v| *v != VersionVerdict::Run)
            .unwrap_or(VersionVerdict::Run)
    })
}

/// Runs when any of `checks` runs; else fails with every failure, or skips
/// with every skip (Go's `Any`).
pub fn any(checks: Vec<BoxVersionCheck>) -> BoxVersionCheck {
    check(move |tf| {
        let mut errors = Vec::new();
        let mut skips = Vec::new();
        for c in &checks {
            match c.check_terraform_version(tf) {
                VersionVerdict::Run => return VersionVerdict::Run,
                VersionVerdict::Skip(s) => skips.push(s),
                VersionVerdict::Fail(e) => errors.push(e),
            }
        }
        if errors.is_empty() {
            VersionVerdict::Skip(skips.join("\n"))
        } else {
            VersionVerdict::Fail(errors.join("\n"))
        }
    })
}

/// Go's `runTFVersionChecks`: the first check that fails or skips decides.
pub(crate) fn run(checks: &[BoxVersionCheck], version: &Version) -> VersionVerdict {
    checks
        .iter()
        .map(|c| c.check_terraform_version(version))
        .find(|v| *v != VersionVerdict::Run)
        .unwrap_or(VersionVerdict::Run)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        s.parse().unwrap()
    }

    fn verdict(c: &BoxVersionCheck, tf: &str) -> VersionVerdict {
        c.check_terraform_version(&v(tf))
    }

    fn skip(s: &str) -> VersionVerdict {
        VersionVerdict::Skip(s.to_owned())
    }

    fn fail(s: &str) -> VersionVerdict {
        VersionVerdict::Fail(s.to_owned())
    }

    #[test]
    fn skips_with_gos_texts() {
        let below = skip_below(v("1.5.0"));
        assert_eq!(verdict(&below, "1.5.0"), VersionVerdict::Run);
        // A pre-release of the bound counts as the bound...
        assert_eq!(verdict(&below, "1.5.0-beta1"), VersionVerdict::Run);
        assert_eq!(
            verdict(&below, "1.0.3"),
            skip("Terraform CLI version 1.0.3 is below minimum version 1.5.0: skipping test")
        );
        // ...unless the bound is a pre-release itself.
        assert_eq!(
            verdict(&skip_below(v("1.15.0-beta1")), "1.15.0-alpha20250101"),
            skip("Terraform CLI version 1.15.0-alpha20250101 is below minimum version 1.15.0-beta1: skipping test")
        );
        assert_eq!(
            verdict(&skip_above(v("1.5.0")), "1.15.5"),
            skip("Terraform CLI version 1.15.5 is above maximum version 1.5.0: skipping test")
        );
        assert_eq!(
            verdict(&skip_above(v("1.5.0")), "1.5.0"),
            VersionVerdict::Run
        );
        let between = skip_between(v("1.0.0"), v("1.5.0"));
        assert_eq!(
            verdict(&between, "1.0.3"),
            skip("Terraform CLI version 1.0.3 is between 1.0.0 and 1.5.0: skipping test.")
        );
        assert_eq!(verdict(&between, "1.5.0"), VersionVerdict::Run);
        assert_eq!(
            verdict(&skip_if(v("1.0.3")), "1.0.3"),
            skip("Terraform CLI version is 1.0.3: skipping test.")
        );
        assert_eq!(
            verdict(&skip_if_not_alpha(), "1.15.5"),
            skip("Terraform CLI version 1.15.5 is not an alpha build: skipping test.")
        );
        assert_eq!(
            verdict(&skip_if_not_alpha(), "1.15.0-alpha20250101"),
            VersionVerdict::Run
        );
        assert_eq!(
            verdict(&skip_if_not_prerelease(), "1.15.5"),
            skip("Terraform CLI version 1.15.5 is not a prerelease build: skipping test.")
        );
    }

    #[test]
    fn requirements_with_gos_texts() {
        assert_eq!(
            verdict(&require_above(v("1.5.0")), "1.0.3"),
            fail("expected Terraform CLI version above 1.5.0 but detected version is 1.0.3")
        );
        assert_eq!(
            verdict(&require_above(v("1.5.0")), "1.5.0"),
            VersionVerdict::Run
        );
        assert_eq!(
            verdict(&require_below(v("1.5.0")), "1.5.0"),
            fail("expected Terraform CLI version below 1.5.0 but detected version is 1.5.0")
        );
        assert_eq!(
            verdict(&require_between(v("1.0.0"), v("1.5.0")), "1.15.5"),
            fail("expected Terraform CLI version between 1.0.0 and 1.5.0 but detected version is 1.15.5")
        );
        assert_eq!(
            verdict(&require_not(v("1.15.5")), "1.15.5"),
            fail("unexpected Terraform CLI version: 1.15.5")
        );
        let either = any(vec![skip_below(v("1.5.0")), require_below(v("1.0.0"))]);
        assert_eq!(
            verdict(&either, "1.0.3"),
            fail("expected Terraform CLI version below 1.0.0 but detected version is 1.0.3")
        );
        assert_eq!(verdict(&either, "1.15.5"), VersionVerdict::Run);
        let both = all(vec![skip_below(v("1.5.0")), require_below(v("1.10.0"))]);
        assert_eq!(
            verdict(&both, "1.15.5"),
            fail("expected Terraform CLI version below 1.10.0 but detected version is 1.15.5")
        );
        assert!(matches!(verdict(&both, "1.0.3"), VersionVerdict::Skip(_)));
    }
}
