//! The provider's name, checked as Terraform checks a provider type
//! (`addrs.ParseProviderPart` in hashicorp/terraform: letters, digits and
//! dashes, no leading or trailing dash, no `--`, no dots), and narrowed to
//! what every file of the crate can use: ASCII lowercase letters (Terraform
//! case-folds the name; a crate and its binary keep it as written), and a
//! letter first, because resource types start with the name and an HCL
//! identifier cannot start with a digit.

use anyhow::{bail, Result};

/// What a name may be, as the error says it.
const RULE: &str = "a provider name is lowercase ASCII letters, digits and dashes, starting with a letter and not ending with a dash, with no `--` (Terraform's rule for provider types, less its Unicode letters and leading digits), e.g. `acme` or `acme-cloud`";

/// A valid provider type name, such as `acme` (of `terraform-provider-acme`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderName(String);

impl ProviderName {
    /// Checks `given`; `terraform-provider-acme` is taken as `acme`.
    pub fn parse(given: &str) -> Result<ProviderName> {
        let name = given.strip_prefix("terraform-provider-").unwrap_or(given);
        let lower = name.to_lowercase();
        let problem = if name.is_empty() {
            Some("it is empty".to_owned())
        } else if name != lower {
            Some(format!(
                "it has uppercase letters (Terraform reads it as {lower:?}: write that)"
            ))
        } else if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
            Some("it does not start with a lowercase letter".to_owned())
        } else if name.ends_with('-') {
            Some("it ends with a dash".to_owned())
        } else if name.contains("--") {
            Some("it has two dashes in a row".to_owned())
        } else if !name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            Some("it has characters other than a-z, 0-9 and -".to_owned())
        } else {
            None
        };
        if let Some(problem) = problem {
            bail!("{given:?} is not a valid provider name: {problem}; {RULE}");
        }
        Ok(ProviderName(name.to_owned()))
    }

    /// The name, e.g. `acme-cloud`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The crate's library name: `terraform_provider_acme_cloud`.
    pub fn crate_ident(&self) -> String {
        format!("terraform_provider_{}", self.0.replace('-', "_"))
    }

    /// The name in Rust type names: `AcmeCloud`.
    pub fn camel_case(&self) -> String {
        self.0
            .split('-')
            .map(|part| {
                let mut chars = part.chars();
                chars
                    .next()
                    .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                    .unwrap_or_default()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::ProviderName;

    #[test]
    fn valid_names() {
        for (given, name, ident, camel) in [
            ("acme", "acme", "terraform_provider_acme", "Acme"),
            (
                "acme-cloud",
                "acme-cloud",
                "terraform_provider_acme_cloud",
                "AcmeCloud",
            ),
            ("k8s", "k8s", "terraform_provider_k8s", "K8s"),
            (
                "terraform-provider-acme",
                "acme",
                "terraform_provider_acme",
                "Acme",
            ),
            ("a-1-b", "a-1-b", "terraform_provider_a_1_b", "A1B"),
        ] {
            let parsed = ProviderName::parse(given).expect(given);
            assert_eq!(parsed.as_str(), name);
            assert_eq!(parsed.crate_ident(), ident);
            assert_eq!(parsed.camel_case(), camel);
        }
    }

    #[test]
    fn invalid_names_say_why() {
        for (given, why) in [
            ("", "it is empty"),
            ("terraform-provider-", "it is empty"),
            ("1password", "does not start with a lowercase letter"),
            ("-acme", "does not start with a lowercase letter"),
            ("acme-", "ends with a dash"),
            ("ac--me", "two dashes in a row"),
            (
                "Acme",
                "uppercase letters (Terraform reads it as \"acme\": write that)",
            ),
            ("aCme", "uppercase"),
            ("acme_cloud", "other than a-z, 0-9 and -"),
            ("acme.cloud", "other than a-z, 0-9 and -"),
            ("acmé", "other than a-z, 0-9 and -"),
        ] {
            let err = ProviderName::parse(given).expect_err(given).to_string();
            assert!(err.contains(why), "{given}: {err}");
            assert!(
                err.contains("a provider name is lowercase ASCII letters"),
                "{err}"
            );
        }
    }
}
