//! Terraform's version, read once per binary, compared as hashicorp's
//! go-version compares them (what Go's `tfversion` checks use): numbers
//! first, then a release above any of its pre-releases
//! (`1.15.0-alpha20250101 < 1.15.0-beta1 < 1.15.0`).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

/// A Terraform CLI version: `major.minor.patch` and an optional
/// pre-release (`1.14.0-beta1`); build metadata (`+abc`) is dropped, as
/// go-version leaves it out of comparisons.
#[derive(Debug, Clone)]
pub struct Version {
    /// The major number.
    pub major: u64,
    /// The minor number.
    pub minor: u64,
    /// The patch number.
    pub patch: u64,
    pre: String,
}

impl Version {
    /// `major.minor.patch`, a release.
    pub const fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
            pre: String::new(),
        }
    }

    /// This version with the pre-release `pre` (`alpha20250101`, `beta1`,
    /// `rc1`; empty for a release).
    pub fn with_prerelease(mut self, pre: impl Into<String>) -> Version {
        self.pre = pre.into();
        self
    }

    /// The pre-release, empty for a release (go-version's `Prerelease`).
    pub fn prerelease(&self) -> &str {
        &self.pre
    }

    /// The version without its pre-release (go-version's `Core`).
    pub fn core(&self) -> Version {
        Version::new(self.major, self.minor, self.patch)
    }
}

/// go-version's `comparePart`: numeric parts numerically and below
/// alphanumeric ones, an absent part decided by the other's kind.
fn compare_part(a: &str, b: &str) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (na, nb) = (a.parse::<i64>().ok(), b.parse::<i64>().ok());
    if a.is_empty() {
        return if nb.is_some() {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    if b.is_empty() {
        return if na.is_some() {
            Ordering::Greater
        } else {
            Ordering::Less
        };
    }
    match (na, nb) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.cmp(b),
    }
}

/// go-version's `comparePrereleases`, part by part on the dots.
fn compare_prereleases(a: &str, b: &str) -> Ordering {
    let (pa, pb): (Vec<&str>, Vec<&str>) = (a.split('.').collect(), b.split('.').collect());
    for i in 0..pa.len().max(pb.len()) {
        let order = compare_part(
            pa.get(i).copied().unwrap_or_default(),
            pb.get(i).copied().unwrap_or_default(),
        );
        if order != Ordering::Equal {
            return order;
        }
    }
    Ordering::Equal
}

impl Ord for Version {
    fn cmp(&self, other: &Version) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| match (self.pre.is_empty(), other.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => compare_prereleases(&self.pre, &other.pre),
            })
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Version) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Version {}

impl Hash for Version {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Equal versions have equal pre-releases part by part; numeric
        // parts may differ in leading zeros, so hash the numbers only.
        (self.major, self.minor, self.patch).hash(state);
    }
}

impl FromStr for Version {
    type Err = String;

    fn from_str(s: &str) -> Result<Version, String> {
        let trimmed = s.trim().trim_start_matches('v');
        let without_meta = trimmed.split('+').next().unwrap_or_default();
        let (core, pre) = without_meta.split_once('-').unwrap_or((without_meta, ""));
        if without_meta.contains('-') && pre.is_empty() {
            return Err(format!("{s:?} is not a version: empty pre-release"));
        }
        let mut parts = core.split('.');
        let mut next = |what: &str| -> Result<u64, String> {
            match parts.next() {
                None => Ok(0),
                Some(p) => p.parse().map_err(|_| {
                    format!("{s:?} is not a version: its {what} number {p:?} is not a number")
                }),
            }
        };
        let version = Version::new(next("major")?, next("minor")?, next("patch")?);
        if parts.next().is_some() {
            return Err(format!("{s:?} is not a version: more than three numbers"));
        }
        Ok(version.with_prerelease(pre))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::Version;

    fn v(s: &str) -> Version {
        s.parse().unwrap()
    }

    #[test]
    fn parses_and_orders() {
        let beta = v("1.14.0-beta1");
        assert_eq!(beta.core(), Version::new(1, 14, 0));
        assert_eq!(beta.prerelease(), "beta1");
        assert_eq!(beta.to_string(), "1.14.0-beta1");
        assert!(v("1.0.3") < v("1.5.0"));
        assert!(v("1.15.5") > v("1.14.9"));
        assert_eq!(v("v1.2"), Version::new(1, 2, 0));
        assert_eq!(v("1.2.0+abc"), Version::new(1, 2, 0));
        assert!("1.x.0".parse::<Version>().unwrap_err().contains("minor"));
        assert!("1.2.3.4".parse::<Version>().is_err());
    }

    /// go-version's `TestComparePreReleases` table (version_test.go), as
    /// written there, and the case the brief names.
    #[test]
    fn prereleases_as_go_version() {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let cases = [
            ("1.2-beta.2", "1.2-beta.2", Equal),
            ("1.2-beta.1", "1.2-beta.2", Less),
            ("1.2-beta.2", "1.2-beta.11", Less),
            ("3.2-alpha.1", "3.2-alpha", Greater),
            ("1.2-beta.2", "1.2-beta.1", Greater),
            ("1.2-beta.11", "1.2-beta.2", Greater),
            ("1.2-beta", "1.2-beta.3", Less),
            ("1.2-alpha", "1.2-beta.3", Less),
            ("1.2-beta", "1.2-alpha.3", Greater),
            ("3.0-alpha.3", "3.0-rc.1", Less),
            ("3.0-alpha3", "3.0-rc1", Less),
            ("3.0-alpha.1", "3.0-alpha.beta", Less),
            ("5.4-alpha", "5.4-alpha.beta", Greater),
            ("v1.2-beta.2", "v1.2-beta.2", Equal),
            ("v1.2-beta.1", "v1.2-beta.2", Less),
            ("v3.2-alpha.1", "v3.2-alpha", Greater),
            ("v3.2-rc.1-1-g123", "v3.2-rc.2", Greater),
            ("1.15.0-alpha20250101", "1.15.0", Less),
        ];
        for (a, b, want) in cases {
            assert_eq!(v(a).cmp(&v(b)), want, "{a} vs {b}");
        }
    }
}
