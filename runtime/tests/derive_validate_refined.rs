//! `#[tf(validate(...))]` on refined unknowns (Terraform 1.6+): a check
//! fails at plan time when the refinements already rule out every value
//! that could follow, and stays silent when they cannot decide. The
//! expected messages are written by hand.

use std::collections::BTreeMap;

use tfschema::{
    msgpack, Number, NumberBound, Refinements, TfEncode, TfSchema, TfValue, Type, Value,
};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Deployment {
    #[tf(validate(prefix = "abc-"))]
    label: String,
    #[tf(validate(regex = "^ami-[a-f0-9]{8}$"))]
    image: String,
    /// Two literal prefixes of different lengths.
    #[tf(validate(regex = "^(?:prod|stage)-[a-z]+$"))]
    stage: Option<String>,
    /// Not anchored: a prefix never decides it.
    #[tf(validate(regex = "[a-z]+-prod$"))]
    env: Option<String>,
    #[tf(validate(length(min = 3, max = 8)))]
    name: String,
    #[tf(validate(one_of("tcp", "udp", "tls")))]
    protocol: String,
    #[tf(validate(one_of(1, 2, 3)))]
    replicas: Option<i64>,
    #[tf(validate(range(min = 1, max = 65535)))]
    port: i64,
    #[tf(validate(items(min = 1, max = 3)))]
    zones: Vec<String>,
    #[tf(validate(prefix = "arn:"))]
    roles: Option<Vec<String>>,
    #[tf(sensitive, validate(prefix = "sk-"))]
    token: Option<String>,
    #[tf(validate(items(min = 2)))]
    peers: Option<BTreeMap<String, String>>,
    #[tf(validate(utf8_length(min = 3, max = 8)))]
    title: Option<String>,
    #[tf(validate(one_of_case_insensitive("Linux", "Windows")))]
    os: Option<String>,
    #[tf(validate(none_of("admin", "root"), none_of_case_insensitive("guest")))]
    user: Option<String>,
    #[tf(validate(regex("^sg-", message = "value must be a security group ID")))]
    group: Option<String>,
    #[tf(validate(any(prefix = "arn:", prefix = "id-")))]
    owner: Option<String>,
}

fn valid() -> Value {
    Deployment {
        label: "abc-1".into(),
        image: "ami-0123abcd".into(),
        env: None,
        stage: None,
        name: "web".into(),
        protocol: "tcp".into(),
        replicas: Some(2),
        port: 443,
        zones: vec!["a".into()],
        roles: None,
        token: None,
        peers: None,
        title: None,
        os: None,
        user: None,
        group: None,
        owner: None,
    }
    .to_value()
}

/// The valid deployment with `attr` set to `value`.
fn with(attr: &str, value: Value) -> Value {
    let mut v = valid();
    if let Value::Object(attrs) = &mut v {
        attrs.insert(attr.to_owned(), value);
    }
    v
}

fn diags_of(v: &Value) -> Vec<String> {
    Deployment::validate_value(v)
        .iter()
        .map(|d| format!("{}|{}|{}", d.path_string(), d.summary, d.detail))
        .collect()
}

fn check(attr: &str, value: Value) -> Vec<String> {
    diags_of(&with(attr, value))
}

/// An unknown string, not null, known to start with `prefix`.
fn starting(prefix: &str) -> Value {
    Value::unknown_refined(
        Type::String,
        Refinements {
            not_null: true,
            string_prefix: prefix.into(),
            ..Refinements::default()
        },
    )
}

fn bound(value: i64, inclusive: bool) -> NumberBound {
    NumberBound {
        value: Number::from_i64(value),
        inclusive,
    }
}

/// An unknown number, not null, within the given bounds.
fn between(lower: Option<NumberBound>, upper: Option<NumberBound>) -> Value {
    Value::unknown_refined(
        Type::Number,
        Refinements {
            not_null: true,
            number_lower: lower,
            number_upper: upper,
            ..Refinements::default()
        },
    )
}

/// An unknown list of strings, not null, with the given length bounds.
fn list_of_length(min: u64, max: Option<u64>) -> Value {
    Value::unknown_refined(
        Type::List(Box::new(Type::String)),
        Refinements {
            not_null: true,
            length_min: min,
            length_max: max,
            ..Refinements::default()
        },
    )
}

const NONE: [String; 0] = [];

#[test]
fn the_valid_deployment_passes() {
    assert_eq!(diags_of(&valid()), NONE);
}

#[test]
fn prefix_on_known_values() {
    assert_eq!(
        check("label", Value::from("xyz-1")),
        [".label|Invalid Attribute Value Match|Attribute label value must start with \"abc-\", got: \"xyz-1\""]
    );
    assert_eq!(check("label", Value::from("abc-")), NONE);
}

#[test]
fn prefix_on_the_unknowns_terraform_sends_for_a_template() {
    // `label = "abc-${random_id.x.hex}"` and `"xyz-${random_id.x.hex}"`:
    // unknown, not null, a string prefix, as go-cty writes them (msgpack
    // extension 12, keys 1 then 2).
    let abc = [
        0xc7, 0x09, 0x0c, 0x82, 0x01, 0xc2, 0x02, 0xa4, b'a', b'b', b'c', b'-',
    ];
    let xyz = [
        0xc7, 0x09, 0x0c, 0x82, 0x01, 0xc2, 0x02, 0xa4, b'x', b'y', b'z', b'-',
    ];
    let abc = msgpack::value_from_slice(&abc, &Type::String).expect("abc");
    let xyz = msgpack::value_from_slice(&xyz, &Type::String).expect("xyz");
    assert_eq!(abc, starting("abc-"));
    assert_eq!(check("label", abc), NONE);
    assert_eq!(
        check("label", xyz),
        [".label|Invalid Attribute Value Match|Attribute label value must start with \"abc-\", got: an unknown value that will start with \"xyz-\""]
    );
}

#[test]
fn prefix_undecidable_and_plain_unknowns_pass() {
    // Shorter than the rule's prefix, or longer and starting with it.
    assert_eq!(check("label", starting("ab")), NONE);
    assert_eq!(check("label", starting("abc-12")), NONE);
    assert_eq!(check("label", Value::unknown(Type::String)), NONE);
    assert_eq!(
        check(
            "label",
            Value::Unknown(Type::String, Box::new(Refinements::not_null()))
        ),
        NONE
    );
}

#[test]
fn an_unknown_that_may_be_null_decides_nothing() {
    // Prefixes and bounds do not imply not-null, and a null passes every
    // validator: without not-null nothing is certain.
    let maybe_null = Value::unknown_refined(
        Type::String,
        Refinements {
            string_prefix: "xyz-".into(),
            ..Refinements::default()
        },
    );
    assert_eq!(check("label", maybe_null), NONE);
    let maybe_null = Value::unknown_refined(
        Type::Number,
        Refinements {
            number_lower: Some(bound(70000, true)),
            ..Refinements::default()
        },
    );
    assert_eq!(check("port", maybe_null), NONE);
    let maybe_null = Value::unknown_refined(
        Type::List(Box::new(Type::String)),
        Refinements {
            length_min: 4,
            ..Refinements::default()
        },
    );
    assert_eq!(check("zones", maybe_null), NONE);
}

#[test]
fn prefix_checks_list_elements_at_their_path() {
    let roles = Value::list(
        Type::String,
        vec![Value::from("arn:aws:iam::1:role/a"), starting("role/")],
    );
    assert_eq!(
        check("roles", roles),
        [".roles[1]|Invalid Attribute Value Match|Attribute roles[1] value must start with \"arn:\", got: an unknown value that will start with \"role/\""]
    );
    let roles = Value::list(Type::String, vec![starting("arn:aws:")]);
    assert_eq!(check("roles", roles), NONE);
}

#[test]
fn a_sensitive_prefix_is_not_echoed() {
    assert_eq!(
        check("token", starting("pk-live-")),
        [".token|Invalid Attribute Value Match|Attribute token value must start with \"sk-\", got: an unknown value that cannot satisfy this"]
    );
    assert_eq!(
        check("token", Value::from("pk-live-1")),
        [".token|Invalid Attribute Value Match|Attribute token value must start with \"sk-\""]
    );
    assert_eq!(check("token", starting("sk-live-")), NONE);
}

#[test]
fn regex_compares_the_anchored_literal_prefix() {
    assert_eq!(
        check("image", starting("img-")),
        [".image|Invalid Attribute Value Match|Attribute image value must match regular expression '^ami-[a-f0-9]{8}$', got: an unknown value that will start with \"img-\""]
    );
    assert_eq!(check("image", starting("am")), NONE);
    assert_eq!(check("image", starting("ami-0a")), NONE);
    // Only the literal part is compared: "ami-zz" can never match either,
    // but deciding that would need the whole pattern, so it waits.
    assert_eq!(check("image", starting("ami-zz")), NONE);
    assert_eq!(check("image", Value::unknown(Type::String)), NONE);
}

#[test]
fn regex_with_alternative_prefixes_fails_only_when_none_fits() {
    assert_eq!(
        check("stage", starting("dev-")),
        [".stage|Invalid Attribute Value Match|Attribute stage value must match regular expression '^(?:prod|stage)-[a-z]+$', got: an unknown value that will start with \"dev-\""]
    );
    assert_eq!(check("stage", starting("st")), NONE);
    assert_eq!(check("stage", starting("prod-eu")), NONE);
}

#[test]
fn an_unanchored_regex_never_decides_on_a_prefix() {
    assert_eq!(check("env", starting("ZZZ")), NONE);
    assert_eq!(check("env", Value::unknown(Type::String)), NONE);
}

#[test]
fn length_fails_when_the_prefix_is_already_too_long() {
    assert_eq!(
        check("name", starting("verylongname-")),
        [".name|Invalid Attribute Value Length|Attribute name string length must be between 3 and 8, got: an unknown value that will be at least 13 bytes long"]
    );
    // Bytes (Go's LengthBetween): 5 characters in 10 bytes fail, 4 in 8
    // do not.
    assert_eq!(
        check("name", starting("ééééé")),
        [".name|Invalid Attribute Value Length|Attribute name string length must be between 3 and 8, got: an unknown value that will be at least 10 bytes long"]
    );
    assert_eq!(check("name", starting("éééé")), NONE);
    // Exactly max, or under min (the rest may still come): undecided.
    assert_eq!(check("name", starting("abcdefgh")), NONE);
    assert_eq!(check("name", starting("a")), NONE);
    assert_eq!(check("name", Value::unknown(Type::String)), NONE);
}

#[test]
fn one_of_strings_fails_when_no_allowed_value_starts_with_the_prefix() {
    assert_eq!(
        check("protocol", starting("icmp")),
        [".protocol|Invalid Attribute Value Match|Attribute protocol value must be one of: [\"tcp\" \"udp\" \"tls\"], got: an unknown value that will start with \"icmp\""]
    );
    // "tcp-…" is longer than "tcp": no allowed value.
    assert_eq!(
        check("protocol", starting("tcp-")),
        [".protocol|Invalid Attribute Value Match|Attribute protocol value must be one of: [\"tcp\" \"udp\" \"tls\"], got: an unknown value that will start with \"tcp-\""]
    );
    assert_eq!(check("protocol", starting("t")), NONE);
    assert_eq!(check("protocol", starting("tcp")), NONE);
    assert_eq!(check("protocol", Value::unknown(Type::String)), NONE);
}

#[test]
fn one_of_numbers_fails_when_the_bounds_exclude_every_allowed_number() {
    assert_eq!(
        check("replicas", between(Some(bound(4, true)), None)),
        [".replicas|Invalid Attribute Value Match|Attribute replicas value must be one of: [\"1\" \"2\" \"3\"], got: an unknown value that will be at least 4"]
    );
    assert_eq!(
        check("replicas", between(Some(bound(3, false)), None)),
        [".replicas|Invalid Attribute Value Match|Attribute replicas value must be one of: [\"1\" \"2\" \"3\"], got: an unknown value that will be greater than 3"]
    );
    assert_eq!(check("replicas", between(Some(bound(3, true)), None)), NONE);
    assert_eq!(
        check("replicas", between(Some(bound(0, true)), Some(bound(1, false)))),
        [".replicas|Invalid Attribute Value Match|Attribute replicas value must be one of: [\"1\" \"2\" \"3\"], got: an unknown value that will be at least 0 and less than 1"]
    );
    assert_eq!(
        check(
            "replicas",
            between(Some(bound(0, true)), Some(bound(10, true)))
        ),
        NONE
    );
    assert_eq!(check("replicas", Value::unknown(Type::Number)), NONE);
}

#[test]
fn range_fails_when_the_bounds_lie_outside() {
    let want = |got: &str| {
        vec![format!(
            ".port|Invalid Attribute Value|Attribute port value must be between 1 and 65535, got: an unknown value that will be {got}"
        )]
    };
    assert_eq!(
        check("port", between(Some(bound(65535, false)), None)),
        want("greater than 65535")
    );
    assert_eq!(
        check("port", between(None, Some(bound(1, false)))),
        want("less than 1")
    );
    assert_eq!(
        check("port", between(None, Some(bound(0, true)))),
        want("at most 0")
    );
    assert_eq!(
        check(
            "port",
            between(Some(bound(70000, true)), Some(bound(80000, true)))
        ),
        want("at least 70000 and at most 80000")
    );
    // Touching the range inclusively, or straddling it: undecided.
    assert_eq!(check("port", between(Some(bound(65535, true)), None)), NONE);
    assert_eq!(check("port", between(None, Some(bound(1, true)))), NONE);
    assert_eq!(
        check(
            "port",
            between(Some(bound(0, true)), Some(bound(100000, true)))
        ),
        NONE
    );
    assert_eq!(check("port", Value::unknown(Type::Number)), NONE);
}

#[test]
fn items_fails_when_the_length_bounds_lie_outside() {
    assert_eq!(
        check("zones", list_of_length(4, None)),
        [".zones|Invalid Attribute Value|Attribute zones list must contain at least 1 elements and at most 3 elements, got: an unknown list that will have at least 4 elements"]
    );
    // Not null with at most 0 elements is the empty list, known.
    assert_eq!(
        check("zones", list_of_length(0, Some(0))),
        [".zones|Invalid Attribute Value|Attribute zones list must contain at least 1 elements and at most 3 elements, got: 0"]
    );
    assert_eq!(check("zones", list_of_length(2, Some(5))), NONE);
    assert_eq!(check("zones", list_of_length(0, Some(3))), NONE);
    assert_eq!(
        check("zones", Value::unknown(Type::List(Box::new(Type::String)))),
        NONE
    );
    let peers = Value::unknown_refined(
        Type::Map(Box::new(Type::String)),
        Refinements {
            not_null: true,
            length_max: Some(1),
            ..Refinements::default()
        },
    );
    assert_eq!(
        check("peers", peers),
        [".peers|Invalid Attribute Value|Attribute peers map must contain at least 2 elements, got: an unknown map that will have at most 1 elements"]
    );
}

#[test]
fn utf8_length_counts_the_known_prefix_in_characters() {
    // 9 characters in 18 bytes fail, 8 in 16 do not.
    assert_eq!(
        check("title", starting("ééééééééé")),
        [".title|Invalid Attribute Value Length|Attribute title UTF-8 character count must be between 3 and 8, got: an unknown value that will be at least 9 characters long"]
    );
    assert_eq!(check("title", starting("éééééééé")), NONE);
    assert_eq!(check("title", Value::unknown(Type::String)), NONE);
}

#[test]
fn one_of_case_insensitive_fails_when_no_allowed_string_starts_so_in_any_case() {
    assert_eq!(check("os", starting("LIN")), NONE);
    assert_eq!(check("os", starting("wInDoWs")), NONE);
    assert_eq!(
        check("os", starting("mac")),
        [".os|Invalid Attribute Value Match|Attribute os value must be one of: [\"Linux\" \"Windows\"], got: an unknown value that will start with \"mac\""]
    );
    // Longer than every allowed string: none can follow.
    assert_eq!(
        check("os", starting("linux-")),
        [".os|Invalid Attribute Value Match|Attribute os value must be one of: [\"Linux\" \"Windows\"], got: an unknown value that will start with \"linux-\""]
    );
}

#[test]
fn none_of_never_decides_on_an_unknown() {
    // Whatever the prefix, a longer string may follow that is not listed.
    assert_eq!(check("user", starting("admin")), NONE);
    assert_eq!(check("user", starting("guest")), NONE);
    assert_eq!(check("user", Value::unknown(Type::String)), NONE);
}

#[test]
fn a_regex_message_stands_for_the_pattern_on_unknowns_too() {
    assert_eq!(check("group", starting("sg-0a")), NONE);
    assert_eq!(
        check("group", starting("vpc-")),
        [".group|Invalid Attribute Value Match|Attribute group value must be a security group ID, got: an unknown value that will start with \"vpc-\""]
    );
}

#[test]
fn any_fails_on_an_unknown_only_when_every_alternative_is_refuted() {
    // "ar" may still become "arn:...": undecided, so `any` passes.
    assert_eq!(check("owner", starting("ar")), NONE);
    assert_eq!(check("owner", starting("id-7")), NONE);
    assert_eq!(
        check("owner", starting("usr-")),
        [
            ".owner|Invalid Attribute Value Match|Attribute owner value must start with \"arn:\", got: an unknown value that will start with \"usr-\"",
            ".owner|Invalid Attribute Value Match|Attribute owner value must start with \"id-\", got: an unknown value that will start with \"usr-\"",
        ]
    );
}
