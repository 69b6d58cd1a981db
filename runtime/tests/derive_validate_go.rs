//! The validators a Go port reaches for, with the texts of
//! terraform-plugin-framework-validators (HEAD of hashicorp's repository):
//! every expected summary and detail below is written by hand from the Go
//! file named beside it (the common `Attribute <path> <description>, got:
//! <value>` shape is helpers/validatordiag/diag.go's).

use std::collections::BTreeMap;

use tfschema::diag::Severity;
use tfschema::{Set, TfEncode, TfSchema, TfValue, Type, Value};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Cluster {
    #[tf(validate(none_of("default", "system")))]
    namespace: Option<String>,
    #[tf(validate(none_of(0, 22)))]
    port: Option<i64>,
    #[tf(validate(one_of_case_insensitive("Linux", "Windows")))]
    os: Option<String>,
    #[tf(validate(none_of_case_insensitive("admin")))]
    user: Option<String>,
    #[tf(validate(no_null_values))]
    zones: Option<Vec<Option<String>>>,
    #[tf(validate(no_null_values))]
    groups: Option<Set<Option<String>>>,
    #[tf(validate(no_null_values))]
    labels: Option<BTreeMap<String, Option<String>>>,
    #[tf(validate(regex(
        "^[a-z0-9-]+$",
        message = "must be lowercase letters, digits and dashes"
    )))]
    slug: Option<String>,
    #[tf(
        sensitive,
        validate(regex("^[0-9]{6}$", message = "must be six digits"), none_of("123456"))
    )]
    pin: Option<String>,
    #[tf(validate(length(max = 4)))]
    code: Option<String>,
    #[tf(validate(utf8_length(max = 4)))]
    glyphs: Option<String>,
    /// A subnet ID or a CIDR block.
    #[tf(validate(any(prefix = "subnet-", regex = "^[0-9.]+/[0-9]+$")))]
    network: Option<String>,
    /// Each element: an ARN, or a short name of 3 to 8 bytes.
    #[tf(validate(any(prefix = "arn:", all(length(min = 3, max = 8), regex = "^[a-z]+$"))))]
    roles: Option<Vec<String>>,
    #[tf(validate(any_with_all_warnings(one_of("gp3", "io2"), warn(prefix = "gp"))))]
    volume: Option<String>,
    #[tf(validate(any(one_of("gp3", "io2"), warn(prefix = "gp"))))]
    disk: Option<String>,
    #[tf(validate(any_with_all_warnings(
        all(one_of("gold"), warn(prefix = "g")),
        one_of("silver")
    )))]
    tier: Option<String>,
    #[tf(validate(warn(regex = "^[a-z]+$")))]
    nickname: Option<String>,
    #[tf(validate(items(min = 1, max = 2)))]
    peers: Option<Vec<String>>,
    #[tf(validate(prefer_write_only_attribute = "password_wo"))]
    password: Option<String>,
    #[tf(write_only)]
    password_wo: Option<String>,
    #[tf(nested)]
    login: Option<Login>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Login {
    #[tf(validate(prefer_write_only_attribute = "secret_wo"))]
    secret: Option<String>,
    #[tf(write_only)]
    secret_wo: Option<String>,
}

fn empty() -> Value {
    Cluster {
        namespace: None,
        port: None,
        os: None,
        user: None,
        zones: None,
        groups: None,
        labels: None,
        slug: None,
        pin: None,
        code: None,
        glyphs: None,
        network: None,
        roles: None,
        volume: None,
        disk: None,
        tier: None,
        nickname: None,
        peers: None,
        password: None,
        password_wo: None,
        login: None,
    }
    .to_value()
}

/// The empty cluster with `attr` set to `value`.
fn with(attr: &str, value: Value) -> Value {
    let mut v = empty();
    if let Value::Object(attrs) = &mut v {
        attrs.insert(attr.to_owned(), value);
    }
    v
}

fn show(d: tfschema::diag::Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d| {
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            format!("{severity}|{}|{}|{}", d.path_string(), d.summary, d.detail)
        })
        .collect()
}

fn check(attr: &str, value: Value) -> Vec<String> {
    show(Cluster::validate_value(&with(attr, value)))
}

fn strings(items: &[&str]) -> Value {
    Value::list(
        Type::String,
        items.iter().map(|s| Value::from(*s)).collect(),
    )
}

const NONE: [String; 0] = [];

#[test]
fn nothing_set_is_valid() {
    assert_eq!(show(Cluster::validate_value(&empty())), NONE);
}

#[test]
fn none_of_strings_and_numbers() {
    // stringvalidator/none_of.go: "value must be none of: %s" of
    // []types.String, which prints each quoted; got: value.String().
    assert_eq!(
        check("namespace", Value::from("system")),
        ["error|.namespace|Invalid Attribute Value Match|Attribute namespace value must be none of: [\"default\" \"system\"], got: \"system\""]
    );
    assert_eq!(check("namespace", Value::from("apps")), NONE);
    // int64validator/none_of.go: "%q" of []types.Int64 quotes each
    // number; got: the number as it is.
    assert_eq!(
        check("port", Value::from(22)),
        ["error|.port|Invalid Attribute Value Match|Attribute port value must be none of: [\"0\" \"22\"], got: 22"]
    );
    assert_eq!(check("port", Value::from(2222)), NONE);
}

#[test]
fn case_insensitive_choices() {
    // stringvalidator/one_of_case_insensitive.go: strings.EqualFold, and
    // OneOf's description.
    assert_eq!(check("os", Value::from("LINUX")), NONE);
    assert_eq!(
        check("os", Value::from("macos")),
        ["error|.os|Invalid Attribute Value Match|Attribute os value must be one of: [\"Linux\" \"Windows\"], got: \"macos\""]
    );
    // stringvalidator/none_of_case_insensitive.go.
    assert_eq!(
        check("user", Value::from("Admin")),
        ["error|.user|Invalid Attribute Value Match|Attribute user value must be none of: [\"admin\"], got: \"Admin\""]
    );
    assert_eq!(check("user", Value::from("administrator")), NONE);
}

#[test]
fn no_null_values_in_lists_sets_and_maps() {
    // listvalidator/no_null_values.go and its set and map twins: at the
    // collection's path; unknown elements wait.
    let list = Value::list(
        Type::String,
        vec![
            Value::from("a"),
            Value::Null(Type::String),
            Value::Null(Type::String),
        ],
    );
    assert_eq!(
        check("zones", list),
        ["error|.zones|Null List Value|This attribute contains a null value."]
    );
    let waiting = Value::list(
        Type::String,
        vec![Value::from("a"), Value::unknown(Type::String)],
    );
    assert_eq!(check("zones", waiting), NONE);
    let set = Value::set(Type::String, vec![Value::Null(Type::String)]);
    assert_eq!(
        check("groups", set),
        ["error|.groups|Null Set Value|This attribute contains a null value."]
    );
    let map = Value::map(Type::String, [("k".to_string(), Value::Null(Type::String))]);
    assert_eq!(
        check("labels", map),
        ["error|.labels|Null Map Value|This attribute contains a null value."]
    );
}

#[test]
fn a_regex_with_its_own_message() {
    // stringvalidator/regex_matches.go: the message replaces the
    // description; the value is printed unquoted.
    assert_eq!(
        check("slug", Value::from("My Slug")),
        ["error|.slug|Invalid Attribute Value Match|Attribute slug must be lowercase letters, digits and dashes, got: My Slug"]
    );
    assert_eq!(check("slug", Value::from("my-slug")), NONE);
}

#[test]
fn sensitive_values_are_left_out_of_the_new_messages() {
    assert_eq!(
        check("pin", Value::from("12ab")),
        ["error|.pin|Invalid Attribute Value Match|Attribute pin must be six digits"]
    );
    assert_eq!(
        check("pin", Value::from("123456")),
        ["error|.pin|Invalid Attribute Value Match|Attribute pin value must be none of: [\"123456\"]"]
    );
}

#[test]
fn length_counts_bytes_and_utf8_length_characters() {
    // stringvalidator/length_at_most.go: len(value), bytes; "ñu" is two
    // characters in three bytes, "ññññ" four in eight.
    assert_eq!(
        check("code", Value::from("ññññ")),
        ["error|.code|Invalid Attribute Value Length|Attribute code string length must be at most 4, got: 8"]
    );
    assert_eq!(check("code", Value::from("ñu")), NONE);
    // stringvalidator/utf8_length_at_most.go: utf8.RuneCountInString.
    assert_eq!(check("glyphs", Value::from("ññññ")), NONE);
    assert_eq!(
        check("glyphs", Value::from("ñññññ")),
        ["error|.glyphs|Invalid Attribute Value Length|Attribute glyphs UTF-8 character count must be at most 4, got: 5"]
    );
}

#[test]
fn any_passes_when_one_alternative_does_and_else_reports_them_all() {
    // stringvalidator/any.go.
    assert_eq!(check("network", Value::from("subnet-1")), NONE);
    assert_eq!(check("network", Value::from("10.0.0.0/16")), NONE);
    assert_eq!(
        check("network", Value::from("vpc-1")),
        [
            "error|.network|Invalid Attribute Value Match|Attribute network value must start with \"subnet-\", got: \"vpc-1\"",
            "error|.network|Invalid Attribute Value Match|Attribute network value must match regular expression '^[0-9.]+/[0-9]+$', got: vpc-1",
        ]
    );
}

#[test]
fn any_over_element_checks_is_decided_per_element() {
    // Each element must pass one alternative; `all` inside `any` must pass
    // as a whole.
    assert_eq!(
        check("roles", strings(&["arn:aws:iam::1:role/x", "admin"])),
        NONE
    );
    assert_eq!(
        check("roles", strings(&["admin", "Ops"])),
        [
            "error|.roles[1]|Invalid Attribute Value Match|Attribute roles[1] value must start with \"arn:\", got: \"Ops\"",
            "error|.roles[1]|Invalid Attribute Value Match|Attribute roles[1] value must match regular expression '^[a-z]+$', got: Ops",
        ]
    );
    assert_eq!(
        check("roles", strings(&["ab"])),
        [
            "error|.roles[0]|Invalid Attribute Value Match|Attribute roles[0] value must start with \"arn:\", got: \"ab\"",
            "error|.roles[0]|Invalid Attribute Value Length|Attribute roles[0] string length must be between 3 and 8, got: 2",
        ]
    );
}

#[test]
fn any_with_all_warnings_keeps_the_warnings_of_every_alternative() {
    // stringvalidator/any_with_all_warnings.go: one alternative passes,
    // so the errors go and every warning stays.
    assert_eq!(
        check("volume", Value::from("io2")),
        ["warning|.volume|Invalid Attribute Value Match|Attribute volume value must start with \"gp\", got: \"io2\""]
    );
    // Plain `any` stops at the first alternative that passes, with its
    // own diagnostics only.
    assert_eq!(check("disk", Value::from("io2")), NONE);
    // The first alternative fails, the second passes with a warning.
    assert_eq!(
        check("disk", Value::from("sc1")),
        ["warning|.disk|Invalid Attribute Value Match|Attribute disk value must start with \"gp\", got: \"sc1\""]
    );
    // A `warn` alternative never fails (a warning is no error), so the
    // one_of's error goes even when its value is refused.
    assert_eq!(
        check("volume", Value::from("st1")),
        ["warning|.volume|Invalid Attribute Value Match|Attribute volume value must start with \"gp\", got: \"st1\""]
    );
}

#[test]
fn any_with_all_warnings_reports_everything_when_nothing_passes() {
    assert_eq!(
        check("tier", Value::from("bronze")),
        [
            "error|.tier|Invalid Attribute Value Match|Attribute tier value must be one of: [\"gold\"], got: \"bronze\"",
            "warning|.tier|Invalid Attribute Value Match|Attribute tier value must start with \"g\", got: \"bronze\"",
            "error|.tier|Invalid Attribute Value Match|Attribute tier value must be one of: [\"silver\"], got: \"bronze\"",
        ]
    );
    // The second passes: the first's warning stays, its error goes.
    assert_eq!(
        check("tier", Value::from("silver")),
        ["warning|.tier|Invalid Attribute Value Match|Attribute tier value must start with \"g\", got: \"silver\""]
    );
    assert_eq!(check("tier", Value::from("gold")), NONE);
}

#[test]
fn warn_reports_a_failure_as_a_warning_with_the_same_text() {
    assert_eq!(
        check("nickname", Value::from("Bob")),
        ["warning|.nickname|Invalid Attribute Value Match|Attribute nickname value must match regular expression '^[a-z]+$', got: Bob"]
    );
    assert_eq!(check("nickname", Value::from("bob")), NONE);
}

#[test]
fn items_says_its_bounds_as_size_between() {
    // listvalidator/size_between.go.
    assert_eq!(
        check("peers", strings(&["a", "b", "c"])),
        ["error|.peers|Invalid Attribute Value|Attribute peers list must contain at least 1 elements and at most 2 elements, got: 3"]
    );
}

#[test]
fn prefer_write_only_attribute_warns_only_when_terraform_allows_write_only() {
    let set = with("password", Value::from("hunter2"));
    // internal/schemavalidator/prefer_write_only_attribute.go: nothing
    // unless ClientCapabilities.WriteOnlyAttributesAllowed.
    assert_eq!(show(Cluster::validate_value(&set)), NONE);
    assert_eq!(show(Cluster::validate_config(&set, false)), NONE);
    assert_eq!(
        show(Cluster::validate_config(&set, true)),
        ["warning|.password|Available Write-Only Attribute Alternative|This attribute has a WriteOnly version password_wo available. Use the WriteOnly version of the attribute when possible."]
    );
    // Null or unknown: nothing.
    assert_eq!(show(Cluster::validate_config(&empty(), true)), NONE);
    let unknown = with("password", Value::unknown(Type::String));
    assert_eq!(show(Cluster::validate_config(&unknown, true)), NONE);
    // Nested: the twin is named at its own path. The capability does not
    // outlive the call.
    let login = Login {
        secret: Some("s".into()),
        secret_wo: None,
    };
    let nested = with("login", login.to_value());
    assert_eq!(
        show(Cluster::validate_config(&nested, true)),
        ["warning|.login.secret|Available Write-Only Attribute Alternative|This attribute has a WriteOnly version login.secret_wo available. Use the WriteOnly version of the attribute when possible."]
    );
    assert_eq!(show(Cluster::validate_value(&nested)), NONE);
}
