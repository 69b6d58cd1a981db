//! Path-expression rules and configuration validators against real
//! Terraform: a small resource (`acc_server`) served in process, whose
//! configurations break a rule reaching the root and the parent from a
//! block element, the model's `config_validators` and the resource's
//! `config_validators` hook; each step expects Go's text
//! (terraform-plugin-framework-validators: internal/schemavalidator/
//! conflicts_with.go, internal/configvalidator/exactly_one_of.go and
//! required_together.go). They need `TF_ACC` (and a Terraform, from
//! `TF_ACC_TERRAFORM_PATH(S)` or `PATH`); without it they pass at once.
//!
//! Terraform wraps a diagnostic's detail at about 76 columns, so the
//! patterns match any whitespace between words.

use tfschema::diag::Diagnostics;
use tfschema::path::Expression;
use tfschema::rules::ConfigValidator;
use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
use tfschema::server::ProviderServices;
use tfschema::testing::acceptance::{self, TestCase, TestStep};
use tfschema::{TfSchema, TfValue, Unknown};

/// A disk of a server.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Disk {
    /// The snapshot to start from: not with the server's `image` (from the
    /// root) nor its `encrypted` flag (from the parent).
    #[tf(conflicts_with = ["/image", "../encrypted"])]
    snapshot: Option<String>,
}

/// A server.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(config_validators(exactly_one_of("image", "template")))]
struct Server {
    image: Option<String>,
    template: Option<String>,
    encrypted: Option<bool>,
    user: Option<String>,
    password: Option<String>,
    #[tf(block)]
    disk: Vec<Disk>,
    #[tf(computed)]
    id: Unknown<String>,
}

struct Servers;

impl Resource for Servers {
    type Client = ();
    type Model = Server;

    fn config_validators(&self) -> Vec<ConfigValidator> {
        vec![ConfigValidator::required_together([
            Expression::root("user"),
            Expression::root("password"),
        ])]
    }

    async fn create(&self, _: &mut Ctx<()>, mut planned: Server) -> Result<Server, Diagnostics> {
        planned.id = Unknown::Known("s-1".into());
        Ok(planned)
    }

    async fn read(&self, _: &mut Ctx<()>, current: Server) -> Result<Option<Server>, Diagnostics> {
        Ok(Some(current))
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        _: Server,
        planned: Server,
    ) -> Result<Server, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<()>, _: Server) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn services() -> ProviderServices {
    TypedProvider::<NoConfig>::without_config()
        .resource("acc_server", Servers)
        .into_services()
}

fn case() -> TestCase {
    TestCase::new().provider("acc", services)
}

/// A pattern for `words` with any whitespace between them, the rest
/// escaped.
fn words(text: &str) -> String {
    let parts: Vec<String> = text.split(' ').map(regex_escape).collect();
    parts.join(r"\s+")
}

fn regex_escape(word: &str) -> String {
    let mut out = String::new();
    for c in word.chars() {
        if r"\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[test]
fn a_rule_reaching_the_root_and_the_parent_gives_gos_text() {
    let config = r#"
resource "acc_server" "a" {
  image     = "ami-1"
  encrypted = true
  disk {
    snapshot = "snap-1"
  }
}
"#;
    acceptance::test(
        case()
            .step(TestStep::config(config).expect_error(words(
                r#"Attribute "image" cannot be specified when "disk[0].snapshot" is specified"#,
            )))
            .step(TestStep::config(config).expect_error(words(
                r#"Attribute "encrypted" cannot be specified when "disk[0].snapshot" is specified"#,
            ))),
    );
}

#[test]
fn the_models_config_validator_gives_gos_text() {
    let config = r#"
resource "acc_server" "a" {
  image    = "ami-1"
  template = "t-1"
}
"#;
    acceptance::test(case().step(TestStep::config(config).expect_error(words(
        "Exactly one of these attributes must be configured: [image,template]",
    ))));
    let neither = r#"
resource "acc_server" "a" {
}
"#;
    acceptance::test(case().step(TestStep::config(neither).expect_error(format!(
        "Missing Attribute Configuration(.|\\n)*{}",
        words("Exactly one of these attributes must be configured: [image,template]")
    ))));
}

#[test]
fn the_resources_config_validator_hook_gives_gos_text() {
    let config = r#"
resource "acc_server" "a" {
  template = "t-1"
  user     = "root"
}
"#;
    acceptance::test(case().step(TestStep::config(config).expect_error(format!(
        "Invalid Attribute Combination(.|\\n)*{}",
        words("These attributes must be configured together: [user,password]")
    ))));
}

#[test]
fn a_configuration_that_keeps_the_rules_applies() {
    let config = r#"
resource "acc_server" "a" {
  template = "t-1"
  user     = "root"
  password = "hunter2"
  disk {
    snapshot = "snap-1"
  }
}
"#;
    acceptance::test(case().step(TestStep::config(config)));
}
