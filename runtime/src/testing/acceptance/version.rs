//! Terraform's version, read once per binary, for the steps and cases that
//! need a minimum one (import blocks 1.5, identities 1.12, list queries
//! 1.14), as Go's `tfversion.SkipBelow`.

use std::fmt;
use std::str::FromStr;

/// A Terraform CLI version: `major.minor.patch`, pre-release suffixes
/// dropped (`1.14.0-beta1` counts as 1.14.0, as Go's `Core()` does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    /// The major number.
    pub major: u64,
    /// The minor number.
    pub minor: u64,
    /// The patch number.
    pub patch: u64,
}

impl Version {
    /// `major.minor.patch`.
    pub const fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
        }
    }
}

impl FromStr for Version {
    type Err = String;

    fn from_str(s: &str) -> Result<Version, String> {
        let trimmed = s.trim().trim_start_matches('v');
        let core = trimmed.split(['-', '+']).next().unwrap_or_default();
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
        Ok(version)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::Version;

    #[test]
    fn parses_and_orders() {
        let v: Version = "1.14.0-beta1".parse().unwrap();
        assert_eq!(v, Version::new(1, 14, 0));
        assert!("1.0.3".parse::<Version>().unwrap() < "1.5.0".parse().unwrap());
        assert!("1.15.5".parse::<Version>().unwrap() > "1.14.9".parse().unwrap());
        assert_eq!("v1.2".parse::<Version>().unwrap(), Version::new(1, 2, 0));
        assert!("1.x.0".parse::<Version>().unwrap_err().contains("minor"));
        assert!("1.2.3.4".parse::<Version>().is_err());
    }
}
