//! `#[tf(with = module)]`: fields of custom types converted through a
//! module's wire type. The expected bytes come from the dynamic codec
//! (`value_to_vec`/`value_to_string`) applied to values written out by hand.

use std::net::Ipv4Addr;
use std::time::Duration;

use tfschema::schema::{AttributeType, Block, PlanPolicy};
use tfschema::{
    json, msgpack, ErrorKind, FromValue, PathStep, Refined, Refinements, Sensitive, TfEncode,
    TfSchema, TfValue, Type, Unknown, Value,
};

/// An IPv4 address (a std type: the module needs no trait impl on it).
mod ipv4 {
    use std::net::Ipv4Addr;

    pub type Wire = String;

    pub fn to_wire(addr: &Ipv4Addr) -> Result<String, std::convert::Infallible> {
        Ok(addr.to_string())
    }

    pub fn from_wire(text: String) -> Result<Ipv4Addr, String> {
        text.parse()
            .map_err(|_| format!("{text:?} is not an IPv4 address"))
    }
}

/// A duration in whole seconds, as a number.
mod seconds {
    use std::time::Duration;

    pub type Wire = i64;

    pub fn to_wire(d: &Duration) -> Result<i64, &'static str> {
        i64::try_from(d.as_secs()).map_err(|_| "too many seconds for a Terraform number here")
    }

    pub fn from_wire(secs: i64) -> Result<Duration, String> {
        u64::try_from(secs)
            .map(Duration::from_secs)
            .map_err(|_| format!("a duration cannot be negative ({secs})"))
    }
}

/// A JSON document as a string; two spellings of one document are
/// semantically equal.
#[derive(Debug, Clone, PartialEq)]
pub struct JsonDoc(serde_json::Value);

mod json_doc {
    use super::JsonDoc;

    pub type Wire = String;

    pub fn to_wire(doc: &JsonDoc) -> Result<String, serde_json::Error> {
        serde_json::to_string(&doc.0)
    }

    pub fn from_wire(text: String) -> Result<JsonDoc, serde_json::Error> {
        serde_json::from_str(&text).map(JsonDoc)
    }

    pub fn semantically_equal(prior: &JsonDoc, new: &JsonDoc) -> bool {
        prior.0 == new.0
    }
}

/// A port range travelling as a list of two numbers (a collection wire
/// type, which can be partly unknown in a plan).
#[derive(Debug, Clone, PartialEq)]
pub struct PortRange {
    pub first: u16,
    pub last: u16,
}

mod port_range {
    use super::PortRange;

    pub type Wire = Vec<u16>;

    pub fn to_wire(r: &PortRange) -> Result<Vec<u16>, String> {
        Ok(vec![r.first, r.last])
    }

    pub fn from_wire(v: Vec<u16>) -> Result<PortRange, String> {
        match v[..] {
            [first, last] if first <= last => Ok(PortRange { first, last }),
            _ => Err(format!("a port range is [first, last], got {v:?}")),
        }
    }
}

fn default_idle() -> Duration {
    Duration::from_secs(30)
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Server {
    #[tf(with = ipv4)]
    address: Ipv4Addr,
    #[tf(with = ipv4)]
    gateway: Option<Ipv4Addr>,
    #[tf(computed, with = ipv4)]
    public_address: Unknown<Ipv4Addr>,
    #[tf(computed, with = ipv4)]
    private_address: Refined<Ipv4Addr>,
    #[tf(sensitive, with = ipv4)]
    admin_address: Sensitive<Ipv4Addr>,
    #[tf(optional, computed, with = json_doc, semantic_equal)]
    policy: Unknown<Option<JsonDoc>>,
    #[tf(with = seconds)]
    timeout: Duration,
    #[tf(optional, computed, with = seconds, default = default_idle)]
    idle: Unknown<Option<Duration>>,
    #[tf(with = port_range)]
    ports: PortRange,
    name: String,
}

/// The object type, written out.
fn server_type() -> Type {
    r#"["object",{"address":"string","admin_address":"string","gateway":"string",
        "idle":"number","name":"string","policy":"string","ports":["list","number"],
        "private_address":"string","public_address":"string","timeout":"number"}]"#
        .parse()
        .expect("type")
}

fn server() -> Server {
    Server {
        address: Ipv4Addr::new(10, 0, 0, 1),
        gateway: None,
        public_address: Unknown::Known(Ipv4Addr::new(203, 0, 113, 7)),
        private_address: Refined::Known(Ipv4Addr::new(192, 168, 0, 2)),
        admin_address: Sensitive(Ipv4Addr::new(10, 9, 9, 9)),
        policy: Unknown::Known(Some(JsonDoc(serde_json::json!({"allow": true})))),
        timeout: Duration::from_secs(90),
        idle: Unknown::Known(None),
        ports: PortRange {
            first: 8000,
            last: 8080,
        },
        name: "web".into(),
    }
}

/// `server()` as the dynamic value the module conversions should give.
fn server_value() -> Value {
    Value::object([
        ("address", Value::from("10.0.0.1")),
        ("admin_address", Value::from("10.9.9.9")),
        ("gateway", Value::Null(Type::String)),
        ("idle", Value::Null(Type::Number)),
        ("name", Value::from("web")),
        ("policy", Value::from(r#"{"allow":true}"#)),
        (
            "ports",
            Value::list(Type::Number, vec![Value::from(8000), Value::from(8080)]),
        ),
        ("private_address", Value::from("192.168.0.2")),
        ("public_address", Value::from("203.0.113.7")),
        ("timeout", Value::from(90)),
    ])
}

fn attr<'a>(block: &'a Block, name: &str) -> &'a tfschema::schema::Attribute {
    block
        .attributes
        .iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("attribute {name}"))
}

fn policy(name: &str) -> PlanPolicy {
    attr(&Server::block(), name).plan.clone()
}

#[test]
fn schema_has_the_wire_types_and_flags() {
    let block = Server::block();
    let ty = |name: &str| match &attr(&block, name).ty {
        AttributeType::Type(t) => t.clone(),
        AttributeType::Nested(_) => panic!("{name} is nested"),
    };
    assert_eq!(ty("address"), Type::String);
    assert_eq!(ty("timeout"), Type::Number);
    assert_eq!(ty("ports"), Type::list(Type::Number));
    assert_eq!(Server::block().implied_type(), server_type());
    let a = attr(&block, "address");
    assert!(a.required && !a.optional && !a.computed);
    let g = attr(&block, "gateway");
    assert!(g.optional && !g.required);
    let p = attr(&block, "policy");
    assert!(p.optional && p.computed);
    assert!(attr(&block, "public_address").computed);
    assert!(attr(&block, "admin_address").sensitive);
}

#[test]
fn msgpack_round_trip_gives_the_dynamic_codecs_bytes() {
    let expected = msgpack::value_to_vec(&server_value(), &server_type()).expect("expected");
    let bytes = msgpack::to_vec(&server()).expect("encode");
    assert_eq!(hex::encode(&bytes), hex::encode(&expected));
    assert_eq!(
        msgpack::from_slice::<Server>(&expected).expect("decode"),
        server()
    );
}

#[test]
fn json_round_trip_gives_the_dynamic_codecs_text() {
    let expected = json::value_to_string(&server_value(), &server_type()).expect("expected");
    let text = json::to_string(&server()).expect("encode");
    assert_eq!(text, expected);
    assert_eq!(
        json::from_slice::<Server>(expected.as_bytes()).expect("decode"),
        server()
    );
}

#[test]
fn json_missing_with_attribute_reads_as_null() {
    let mut value = server_value();
    if let Value::Object(attrs) = &mut value {
        attrs.remove("gateway");
    }
    let mut text = json::value_to_string(&server_value(), &server_type()).expect("json");
    text = text.replace(r#""gateway":null,"#, "");
    assert!(!text.contains("gateway"), "{text}");
    let decoded: Server = json::from_slice(text.as_bytes()).expect("decode");
    assert_eq!(decoded.gateway, None);
    assert_eq!(Server::from_value(value).expect("from_value"), server());
}

#[test]
fn to_value_and_from_value_convert_through_the_module() {
    assert_eq!(server().to_value(), server_value());
    assert_eq!(
        Server::from_value(server_value()).expect("decode"),
        server()
    );
}

#[test]
fn unknowns_and_refinements_pass_through_the_wrappers() {
    let mut s = server();
    s.public_address = Unknown::Unknown;
    let refinements = Refinements {
        not_null: true,
        string_prefix: "10.".into(),
        ..Refinements::default()
    };
    s.private_address = Refined::Unknown(refinements.clone());
    s.policy = Unknown::Unknown;
    let mut value = server_value();
    if let Value::Object(attrs) = &mut value {
        attrs.insert("public_address".into(), Value::unknown(Type::String));
        attrs.insert(
            "private_address".into(),
            Value::unknown_refined(Type::String, refinements),
        );
        attrs.insert("policy".into(), Value::unknown(Type::String));
    }
    let expected = msgpack::value_to_vec(&value, &server_type()).expect("expected");
    assert_eq!(
        hex::encode(msgpack::to_vec(&s).expect("encode")),
        hex::encode(&expected)
    );
    assert_eq!(msgpack::from_slice::<Server>(&expected).expect("decode"), s);
    assert_eq!(s.to_value(), value);
    assert_eq!(Server::from_value(value).expect("from_value"), s);
}

/// The path of an error, as steps.
fn path(err: &tfschema::Error) -> Vec<PathStep> {
    err.path().cloned().collect()
}

#[test]
fn a_conversion_failure_is_an_error_at_the_attribute() {
    let mut value = server_value();
    if let Value::Object(attrs) = &mut value {
        attrs.insert("address".into(), Value::from("300.1.1.1"));
    }
    let bytes = msgpack::value_to_vec(&value, &server_type()).expect("bytes");
    let err = msgpack::from_slice::<Server>(&bytes).expect_err("bad address");
    assert_eq!(path(&err), [PathStep::Attr("address".into())]);
    assert_eq!(err.kind(), ErrorKind::Invalid);
    assert_eq!(err.message(), r#""300.1.1.1" is not an IPv4 address"#);

    let text = json::value_to_string(&value, &server_type()).expect("json");
    let err = json::from_slice::<Server>(text.as_bytes()).expect_err("bad address");
    assert_eq!(err.path_string(), ".address");

    let err = Server::from_value(value).expect_err("bad address");
    assert_eq!(err.path_string(), ".address");

    // Through a wrapper too, and for a collection wire type.
    let mut value = server_value();
    if let Value::Object(attrs) = &mut value {
        attrs.insert("gateway".into(), Value::from("nope"));
        attrs.insert(
            "ports".into(),
            Value::list(Type::Number, vec![Value::from(9), Value::from(1)]),
        );
    }
    let bytes = msgpack::value_to_vec(&value, &server_type()).expect("bytes");
    let err = msgpack::from_slice::<Server>(&bytes).expect_err("bad gateway");
    assert_eq!(err.path_string(), ".gateway");
    if let Value::Object(attrs) = &mut value {
        attrs.insert("gateway".into(), Value::Null(Type::String));
    }
    let bytes = msgpack::value_to_vec(&value, &server_type()).expect("bytes");
    let err = msgpack::from_slice::<Server>(&bytes).expect_err("bad ports");
    assert_eq!(err.path_string(), ".ports");
    assert_eq!(err.message(), "a port range is [first, last], got [9, 1]");
}

#[test]
fn an_encoding_failure_is_an_error_at_the_attribute_and_a_null_value() {
    let mut s = server();
    s.timeout = Duration::from_secs(u64::MAX);
    let err = msgpack::to_vec(&s).expect_err("too long");
    assert_eq!(err.path_string(), ".timeout");
    assert_eq!(
        err.message(),
        "too many seconds for a Terraform number here"
    );
    let err = json::to_string(&s).expect_err("too long");
    assert_eq!(err.path_string(), ".timeout");
    // to_value cannot fail: the value it cannot convert is null, as a NaN.
    let Value::Object(attrs) = s.to_value() else {
        panic!("object")
    };
    assert_eq!(attrs["timeout"], Value::Null(Type::Number));
}

#[test]
fn an_unknown_where_the_field_cannot_be_unknown_is_an_error() {
    let mut value = server_value();
    if let Value::Object(attrs) = &mut value {
        attrs.insert("address".into(), Value::unknown(Type::String));
    }
    let bytes = msgpack::value_to_vec(&value, &server_type()).expect("bytes");
    let err = msgpack::from_slice::<Server>(&bytes).expect_err("unknown");
    assert_eq!(err.kind(), ErrorKind::Unknown);
    assert_eq!(err.path_string(), ".address");
}

#[test]
fn the_plan_view_holds_unknown_custom_values() {
    // During planning any attribute may be unknown, and a collection wire
    // value may be unknown in parts: both read as Unknown.
    let mut value = server_value();
    if let Value::Object(attrs) = &mut value {
        attrs.insert("address".into(), Value::unknown(Type::String));
        attrs.insert("timeout".into(), Value::unknown(Type::Number));
        attrs.insert(
            "ports".into(),
            Value::list(
                Type::Number,
                vec![Value::from(8000), Value::unknown(Type::Number)],
            ),
        );
    }
    let bytes = msgpack::value_to_vec(&value, &server_type()).expect("bytes");
    let plan: ServerPlan = msgpack::from_slice(&bytes).expect("plan view");
    let address: &Unknown<Ipv4Addr> = &plan.address;
    assert_eq!(*address, Unknown::Unknown);
    assert_eq!(plan.timeout, Unknown::Unknown);
    assert_eq!(plan.ports, Unknown::Unknown);
    assert_eq!(plan.gateway, Unknown::Known(None));
    assert_eq!(
        plan.admin_address,
        Unknown::Known(Sensitive(Ipv4Addr::new(10, 9, 9, 9)))
    );
    assert_eq!(plan.name, Unknown::Known("web".to_string()));
    // The same from a dynamic value.
    let from_value = ServerPlan::from_value(value.clone()).expect("plan from value");
    assert_eq!(from_value, plan);
    // Written back, the partly unknown list is now wholly unknown.
    if let Value::Object(attrs) = &mut value {
        attrs.insert("ports".into(), Value::unknown(Type::list(Type::Number)));
    }
    let expected = msgpack::value_to_vec(&value, &server_type()).expect("expected");
    assert_eq!(
        hex::encode(msgpack::to_vec(&plan).expect("encode")),
        hex::encode(expected)
    );
    // Known values convert in the plan view as in the struct.
    let known: ServerPlan = msgpack::from_slice(
        &msgpack::value_to_vec(&server_value(), &server_type()).expect("bytes"),
    )
    .expect("plan view");
    assert_eq!(
        known.ports,
        Unknown::Known(PortRange {
            first: 8000,
            last: 8080
        })
    );
}

#[test]
fn semantic_equality_is_reachable_through_the_schema() {
    let equal = policy("policy").semantic_equal.expect("semantic_equal");
    assert!(equal.equal(
        &Value::from(r#"{"a": 1, "b": [true]}"#),
        &Value::from(r#"{"b":[true],"a":1}"#)
    ));
    assert!(!equal.equal(&Value::from(r#"{"a":1}"#), &Value::from(r#"{"a":2}"#)));
    // Null, unknown or unconvertible values are never equal.
    assert!(!equal.equal(&Value::Null(Type::String), &Value::Null(Type::String)));
    assert!(!equal.equal(&Value::unknown(Type::String), &Value::from(r#"{"a":1}"#)));
    assert!(!equal.equal(&Value::from("{"), &Value::from("{")));
    // Only where asked for.
    assert!(policy("address").semantic_equal.is_none());
}

#[test]
fn a_default_function_returns_the_custom_type() {
    assert_eq!(policy("idle").default, Some(Value::from(30)));
}

/// Generated code for `with` fields names everything by absolute path.
mod shadowed {
    #![deny(warnings)]
    #![allow(non_camel_case_types, dead_code)]

    struct Option;
    struct Some;
    struct None;
    struct Result;
    struct Ok;
    struct Err;
    struct String;
    struct Unknown;
    struct Sensitive;
    struct Refined;

    #[derive(::tfschema::TfSchema, ::tfschema::TfValue)]
    struct Shadowed {
        #[tf(with = super::ipv4)]
        a: ::std::net::Ipv4Addr,
        #[tf(computed, with = super::ipv4)]
        b: ::tfschema::Unknown<::core::option::Option<::std::net::Ipv4Addr>>,
        #[tf(with = super::ipv4)]
        c: ::tfschema::Sensitive<::std::net::Ipv4Addr>,
    }
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Listener {
    #[tf(computed, with = port_range)]
    ports: Refined<PortRange>,
}

#[test]
fn a_partly_unknown_refined_value_reads_as_unknown() {
    let ty: Type = r#"["object",{"ports":["list","number"]}]"#.parse().expect("type");
    let value = Value::object([(
        "ports",
        Value::list(
            Type::Number,
            vec![Value::unknown(Type::Number), Value::from(80)],
        ),
    )]);
    let bytes = msgpack::value_to_vec(&value, &ty).expect("bytes");
    let expected = Listener {
        ports: Refined::Unknown(Refinements::default()),
    };
    assert_eq!(
        msgpack::from_slice::<Listener>(&bytes).expect("decode"),
        expected
    );
    assert_eq!(Listener::from_value(value).expect("from_value"), expected);
}

/// A module whose conversions refuse in their own words (`WireError`),
/// and use `?` on a plain error (which converts with no summary).
mod octal {
    use tfschema::WireError;

    pub type Wire = String;

    pub fn to_wire(bits: &u32) -> Result<String, WireError> {
        if *bits > 0o777 {
            return Err(WireError::new(
                "Mode Out Of Range",
                format!("{bits:o} has bits beyond 0777"),
            ));
        }
        Ok(format!("{bits:04o}"))
    }

    pub fn from_wire(text: String) -> Result<u32, WireError> {
        if !text.starts_with('0') {
            return Err(WireError::new(
                "Invalid File Permission String Value",
                format!("bad mode permission: {text:?} does not start with 0"),
            ));
        }
        Ok(u32::from_str_radix(&text, 8)?)
    }
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Perm {
    #[tf(with = octal)]
    mode: u32,
}

#[test]
fn a_refusal_carries_the_modules_summary_through_every_codec() {
    let perm_type = Type::object([("mode", Type::String)]);
    let value = Value::object([("mode", Value::from("755"))]);
    let bytes = msgpack::value_to_vec(&value, &perm_type).expect("bytes");
    let text = json::value_to_string(&value, &perm_type).expect("json");
    for err in [
        msgpack::from_slice::<Perm>(&bytes).expect_err("refused"),
        json::from_slice::<Perm>(text.as_bytes()).expect_err("refused"),
        Perm::from_value(value.clone()).expect_err("refused"),
    ] {
        assert!(err.is_refusal());
        assert_eq!(err.kind(), ErrorKind::Invalid);
        assert_eq!(err.summary(), Some("Invalid File Permission String Value"));
        assert_eq!(
            err.message(),
            r#"bad mode permission: "755" does not start with 0"#
        );
        assert_eq!(err.path_string(), ".mode");
        let d = tfschema::diag::Diagnostic::from(err);
        assert_eq!(d.summary, "Invalid File Permission String Value");
    }

    // `?` on a plain error: a refusal with the message, no summary.
    let err =
        Perm::from_value(Value::object([("mode", Value::from("09"))])).expect_err("not octal");
    assert!(err.is_refusal());
    assert_eq!(err.summary(), None);
    assert_eq!(err.message(), "invalid digit found in string");
    assert_eq!(
        tfschema::diag::Diagnostic::from(err).summary,
        "Invalid value"
    );

    // Encoding refuses in the module's words too.
    let err = msgpack::to_vec(&Perm { mode: 0o1777 }).expect_err("out of range");
    assert_eq!(
        (err.summary(), err.message()),
        (Some("Mode Out Of Range"), "1777 has bits beyond 0777")
    );

    // A value that does not fit the wire type is no refusal.
    let err = Perm::from_value(Value::object([("mode", Value::from(true))])).expect_err("a bool");
    assert!(!err.is_refusal());
    assert_eq!(err.summary(), None);
}
