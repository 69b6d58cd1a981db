//! Path expressions in the derive's cross-attribute rules (siblings, the
//! root, the parent, elements), the integer sums and
//! `#[tf(config_validators(...))]`, with terraform-plugin-framework-validators'
//! texts (each expected text written from the Go file named beside it).

use tfschema::path::Expression;
use tfschema::rules::{ConfigRule, ConfigValidator};
use tfschema::{TfEncode, TfSchema, TfValue, Value};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Disk {
    /// Cannot be set with the root's `image` (`/image`) nor with the
    /// `encrypted` flag of the object holding this block (`../encrypted`).
    #[tf(conflicts_with = ["/image", "../encrypted"])]
    snapshot: Option<String>,
    #[tf(required_with = ["size"])]
    kind: Option<String>,
    size: Option<i64>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(config_validators(
    conflicting("image", "disk[*].snapshot"),
    at_least_one_of("image", "template"),
    required_together("user", "password"),
))]
struct Server {
    image: Option<String>,
    template: Option<String>,
    user: Option<String>,
    password: Option<String>,
    encrypted: Option<bool>,
    #[tf(at_most_sum_of = ["disk[*].size"])]
    quota: Option<i64>,
    #[tf(block)]
    disk: Vec<Disk>,
}

fn server() -> Server {
    Server {
        image: None,
        template: Some("t".into()),
        user: None,
        password: None,
        encrypted: None,
        quota: None,
        disk: vec![disk(None, 10), disk(None, 20)],
    }
}

fn disk(snapshot: Option<&str>, size: i64) -> Disk {
    Disk {
        snapshot: snapshot.map(str::to_owned),
        kind: None,
        size: Some(size),
    }
}

fn diags_of(v: &Value) -> Vec<String> {
    Server::validate_value(v)
        .iter()
        .map(|d| format!("{}|{}|{}", d.path_string(), d.summary, d.detail))
        .collect()
}

#[test]
fn a_valid_configuration_passes() {
    assert_eq!(diags_of(&server().to_value()), Vec::<String>::new());
}

#[test]
fn root_and_parent_expressions_from_a_block_element() {
    let mut s = server();
    s.template = None;
    s.image = Some("ami".into());
    s.encrypted = Some(true);
    s.disk[1].snapshot = Some("snap".into());
    let got = diags_of(&s.to_value());
    // internal/schemavalidator/conflicts_with.go, then
    // internal/configvalidator/conflicting.go at the first configured path.
    assert_eq!(
        got,
        [
            ".disk[1].snapshot|Invalid Attribute Combination|Attribute \"image\" cannot be specified when \"disk[1].snapshot\" is specified",
            ".disk[1].snapshot|Invalid Attribute Combination|Attribute \"encrypted\" cannot be specified when \"disk[1].snapshot\" is specified",
            ".image|Invalid Attribute Combination|These attributes cannot be configured together: [image,disk[*].snapshot]",
        ]
    );
}

#[test]
fn sibling_rules_in_elements_name_full_paths() {
    let mut s = server();
    s.disk[0].kind = Some("ssd".into());
    s.disk[0].size = None;
    // internal/schemavalidator/also_requires.go
    assert_eq!(
        diags_of(&s.to_value()),
        [".disk[0].kind|Invalid Attribute Combination|Attribute \"disk[0].size\" must be specified when \"disk[0].kind\" is specified"]
    );
}

#[test]
fn config_validators_report_missing_and_partial_configuration() {
    let mut s = server();
    s.template = None;
    s.user = Some("root".into());
    // internal/configvalidator/at_least_one_of.go, required_together.go
    assert_eq!(
        diags_of(&s.to_value()),
        [
            "|Missing Attribute Configuration|At least one of these attributes must be configured: [image,template]",
            ".user|Invalid Attribute Combination|These attributes must be configured together: [user,password]",
        ]
    );
    let declared = Server::config_validators();
    assert_eq!(declared.len(), 3);
    assert_eq!(
        declared[1],
        ConfigValidator::new(
            ConfigRule::AtLeastOneOf,
            [
                Expression::relative().name("image"),
                Expression::relative().name("template")
            ]
        )
    );
}

#[test]
fn sums_over_block_elements() {
    let mut s = server();
    s.quota = Some(31);
    // int64validator/at_most_sum_of.go with validatordiag's
    // "Attribute %s %s, got: %s".
    assert_eq!(
        diags_of(&s.to_value()),
        [".quota|Invalid Attribute Value|Attribute quota value must be at most sum of disk[*].size, got: 31"]
    );
    s.quota = Some(30);
    assert!(diags_of(&s.to_value()).is_empty());
}

#[test]
fn unknowns_make_the_rules_wait() {
    let mut s = server();
    s.template = None;
    s.quota = Some(31);
    let mut v = s.to_value();
    let Value::Object(attrs) = &mut v else {
        unreachable!()
    };
    attrs.insert("image".into(), Value::unknown(tfschema::Type::String));
    let Value::List(_, disks) = attrs.get_mut("disk").expect("disk") else {
        unreachable!()
    };
    let Value::Object(d0) = &mut disks[0] else {
        unreachable!()
    };
    d0.insert("size".into(), Value::unknown(tfschema::Type::Number));
    assert_eq!(diags_of(&v), Vec::<String>::new());
}
