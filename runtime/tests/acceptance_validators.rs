//! The validators a Go port needs, through real Terraform: a provider
//! served in process whose resource (`accv_account`) carries `none_of`,
//! `one_of_case_insensitive`, `regex(pattern, message)`, `no_null_values`,
//! `any` and `prefer_write_only_attribute`, each step a configuration that
//! one of them refuses with Go's text (terraform-plugin-framework-validators,
//! written here by hand). Terraform wraps long details in its output, so
//! each expected text matches across line breaks.
//!
//! The acceptance framework, like Go's, cannot see warnings: the
//! provider records what each `ValidateResourceConfig` answered, and the
//! test checks that the write-only warning came exactly when Terraform
//! said it allows write-only attributes (1.11+: 1.15.5 does, 1.0.3 does
//! not).
//!
//! They need `TF_ACC` (and Terraform, from `TF_ACC_TERRAFORM_PATH(S)` or
//! `PATH`); without it the test returns at once and passes.

use std::sync::{Arc, Mutex, PoisonError};

use tfschema::diag::{Diagnostics, Severity};
use tfschema::server::raw::{self, ProviderSchema, RawProvider, StopSignal};
use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
use tfschema::server::ProviderServices;
use tfschema::testing::acceptance::{self, Outcome, TestCase, TestStep};
use tfschema::{TfSchema, TfValue, Unknown};

/// An account; creating one is never reached (every step fails validation).
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Account {
    /// The user name.
    #[tf(validate(none_of("root", "admin")))]
    user: String,
    /// The plan, in any case.
    #[tf(validate(one_of_case_insensitive("standard", "premium")))]
    tier: Option<String>,
    /// A URL-safe name.
    #[tf(validate(regex(
        "^[a-z0-9-]+$",
        message = "must be lowercase letters, digits and dashes"
    )))]
    slug: Option<String>,
    /// The zones, none left null.
    #[tf(validate(no_null_values))]
    zones: Option<Vec<Option<String>>>,
    /// A subnet ID or a CIDR block.
    #[tf(validate(any(prefix = "subnet-", regex = "^[0-9.]+/[0-9]+$")))]
    network: Option<String>,
    /// The password, kept in state.
    #[tf(sensitive, validate(prefer_write_only_attribute = "password_wo"))]
    password: Option<String>,
    /// The password, never stored.
    #[tf(sensitive, write_only)]
    password_wo: Option<String>,
    /// Assigned on create.
    #[tf(computed)]
    id: Unknown<String>,
}

struct Accounts;

fn refused() -> Diagnostics {
    Diagnostics::with_error("Not reached", "every step of this test fails validation")
}

impl Resource for Accounts {
    type Client = ();
    type Model = Account;

    async fn create(&self, _: &mut Ctx<()>, _: Account) -> Result<Account, Diagnostics> {
        Err(refused())
    }

    async fn read(&self, _: &mut Ctx<()>, _: Account) -> Result<Option<Account>, Diagnostics> {
        Ok(None)
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        _: Account,
        _: Account,
    ) -> Result<Account, Diagnostics> {
        Err(refused())
    }

    async fn delete(&self, _: &mut Ctx<()>, _: Account) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// What one `ValidateResourceConfig` said: whether Terraform allowed
/// write-only attributes, and whether the answer held the write-only
/// warning.
type Seen = Arc<Mutex<Vec<(bool, bool)>>>;

/// The typed provider, recording its `ValidateResourceConfig` answers.
struct Recording {
    typed: TypedProvider<NoConfig>,
    seen: Seen,
}

impl RawProvider for Recording {
    fn schema(&self) -> ProviderSchema {
        self.typed.schema()
    }

    async fn validate_provider_config(
        &self,
        request: raw::ValidateProviderConfigRequest,
        stop: StopSignal,
    ) -> Diagnostics {
        self.typed.validate_provider_config(request, stop).await
    }

    async fn configure_provider(
        &self,
        request: raw::ConfigureProviderRequest,
        stop: StopSignal,
    ) -> Diagnostics {
        self.typed.configure_provider(request, stop).await
    }

    async fn validate_resource_config(
        &self,
        request: raw::ValidateResourceConfigRequest,
        stop: StopSignal,
    ) -> Diagnostics {
        let allowed = request.client_capabilities.write_only_attributes_allowed;
        let diagnostics = self.typed.validate_resource_config(request, stop).await;
        let warned = diagnostics.iter().any(|d| {
            d.severity == Severity::Warning
                && d.summary == "Available Write-Only Attribute Alternative"
        });
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((allowed, warned));
        diagnostics
    }
}

fn services(seen: &Seen) -> impl Fn() -> ProviderServices + Send + Sync + 'static {
    let seen = seen.clone();
    move || {
        ProviderServices::from_raw(Recording {
            typed: TypedProvider::<NoConfig>::without_config().resource("accv_account", Accounts),
            seen: seen.clone(),
        })
    }
}

/// `text` as a regex that matches it however Terraform wraps its lines.
fn wrapped(text: &str) -> String {
    let words: Vec<String> = text.split_whitespace().map(regex::escape).collect();
    words.join(r"\s+")
}

/// An account configuration with `extra` lines.
fn account(extra: &str) -> String {
    format!("resource \"accv_account\" \"a\" {{\n{extra}\n}}\n")
}

#[test]
fn the_new_validators_refuse_with_gos_texts_through_terraform() {
    let seen = Seen::default();
    let case = TestCase::new()
        .provider("accv", services(&seen))
        .step(
            // stringvalidator/none_of.go; the password is set, so a
            // Terraform that allows write-only attributes also gets the
            // warning of prefer_write_only_attribute.go.
            TestStep::config(account("  user = \"root\"\n  password = \"hunter2\""))
                .expect_error(wrapped(
                    r#"Attribute user value must be none of: ["root" "admin"], got: "root""#,
                )),
        )
        .step(
            // stringvalidator/one_of_case_insensitive.go.
            TestStep::config(account("  user = \"ann\"\n  tier = \"Gold\"")).expect_error(
                wrapped(
                    r#"Attribute tier value must be one of: ["standard" "premium"], got: "Gold""#,
                ),
            ),
        )
        .step(
            // stringvalidator/regex_matches.go: the message, and the
            // value unquoted.
            TestStep::config(account("  user = \"ann\"\n  slug = \"My Slug\"")).expect_error(
                wrapped(
                    "Attribute slug must be lowercase letters, digits and dashes, got: My Slug",
                ),
            ),
        )
        .step(
            // listvalidator/no_null_values.go.
            TestStep::config(account("  user = \"ann\"\n  zones = [\"a\", null]"))
                .expect_error(wrapped("Null List Value")),
        )
        .step(
            // stringvalidator/any.go: every alternative's error.
            TestStep::config(account("  user = \"ann\"\n  network = \"vpc-1\"")).expect_error(
                wrapped(
                    "Attribute network value must match regular expression '^[0-9.]+/[0-9]+$', got: vpc-1",
                ),
            ),
        );
    match acceptance::run(&case) {
        Ok(Outcome::Skipped(_)) => return,
        Ok(Outcome::Ran(_)) => {}
        Err(f) => panic!("{f}"),
    }
    let seen = seen.lock().unwrap_or_else(PoisonError::into_inner);
    assert!(
        !seen.is_empty(),
        "no ValidateResourceConfig reached the provider"
    );
    // The first step's configuration sets the password: the warning came
    // exactly when write-only attributes were allowed; the others' never.
    for (allowed, warned) in seen.iter() {
        assert!(
            !warned || *allowed,
            "a warning without the capability: {seen:?}"
        );
    }
    let warned_when_allowed = seen.iter().any(|(allowed, warned)| *allowed && *warned);
    let allowed_ever = seen.iter().any(|(allowed, _)| *allowed);
    assert_eq!(warned_when_allowed, allowed_ever, "{seen:?}");
    eprintln!("ValidateResourceConfig (write-only allowed, warned): {seen:?}");
}
