//! Generated code names everything by absolute path: it must compile next
//! to user types that shadow the prelude, with warnings denied.
#![deny(warnings)]
#![allow(non_camel_case_types, dead_code)]

struct Option;
struct Some;
struct None;
struct Result;
struct Ok;
struct Err;
struct Vec;
struct String;
struct Box;
struct Default;
struct Debug;
struct Clone;
struct PartialEq;
struct bool;
struct i64;
struct u8;

mod tf {
    pub use ::tfschema::*;
}

#[derive(::tfschema::TfSchema, ::tfschema::TfValue)]
#[tf(
    crate = "tf",
    version = 2,
    config_validators(conflicting("name", "count"))
)]
struct Shadowed {
    #[tf(requires_replace_if = moved)]
    name: ::std::string::String,
    #[tf(
        requires_replace_if_configured,
        at_most_sum_of = ["inner[*].size"],
        conflicts_with = ["/name"]
    )]
    count: ::core::option::Option<::core::primitive::i64>,
    #[tf(computed, use_non_null_state_for_unknown)]
    id: ::tfschema::Unknown<::std::string::String>,
    #[tf(block)]
    inner: ::std::vec::Vec<Inner>,
}

/// A `requires_replace_if` function in Go's shape.
fn moved(
    _: &::tfschema::schema::ReplaceIfRequest<'_>,
    response: &mut ::tfschema::schema::ReplaceIfResponse,
) {
    response.requires_replace = true;
}

#[derive(::tfschema::TfSchema, ::tfschema::TfValue)]
#[tf(crate = "tf")]
struct Inner {
    flag: ::core::primitive::bool,
    #[tf(required_with = ["../name"])]
    size: ::core::option::Option<::core::primitive::i64>,
}

/// Every validator, so that their generated calls name nothing bare.
#[derive(::tfschema::TfSchema, ::tfschema::TfValue)]
#[tf(crate = "tf")]
struct Validated {
    #[tf(validate(
        length(max = 8),
        utf8_length(min = 1),
        prefix = "a",
        regex("^a", message = "starts with a"),
        none_of("b"),
        one_of_case_insensitive("abc"),
        none_of_case_insensitive("ab"),
        any(prefix = "ab", all(regex = "^a", length(max = 2))),
        any_with_all_warnings(prefix = "a", warn(prefix = "ab")),
        warn(one_of("abc")),
        prefer_write_only_attribute = "secret"
    ))]
    name: ::std::string::String,
    #[tf(write_only)]
    secret: ::core::option::Option<::std::string::String>,
    #[tf(validate(no_null_values, items(max = 3), none_of(4), keys(any(regex = "^k"))))]
    counts: ::core::option::Option<
        ::std::collections::BTreeMap<
            ::std::string::String,
            ::core::option::Option<::core::primitive::i64>,
        >,
    >,
}

/// An identity model: its attribute type checks name nothing bare either.
#[derive(::tfschema::TfSchema, ::tfschema::TfValue)]
#[tf(crate = "tf", identity, version = 1)]
struct ShadowedIdentity {
    id: ::std::string::String,
    zones: ::core::option::Option<::std::vec::Vec<::std::string::String>>,
}

fn identity_version<I: ::tfschema::TfIdentity>() -> ::core::primitive::i64 {
    I::VERSION
}

#[test]
fn derives_next_to_shadowed_prelude_names() {
    ::core::assert_eq!(identity_version::<ShadowedIdentity>(), 1);
    use ::tfschema::TfSchema as _;
    let schema = Shadowed::schema();
    ::core::assert_eq!(schema.version, 2);
    let value = Shadowed {
        name: "x".into(),
        count: ::core::option::Option::None,
        id: ::tfschema::Unknown::Unknown,
        inner: ::std::vec![Inner {
            flag: true,
            size: ::core::option::Option::Some(1),
        }],
    };
    use ::tfschema::TfEncode as _;
    ::core::assert!(Shadowed::validate_value(&value.to_value()).is_empty());
    ::core::assert_eq!(Shadowed::config_validators().len(), 1);
    let bytes = ::tfschema::msgpack::to_vec(&value).expect("encode");
    let back: ShadowedPlan = ::tfschema::msgpack::from_slice(&bytes).expect("decode");
    ::core::assert_eq!(back.name, ::tfschema::Unknown::Known("x".into()));
}
