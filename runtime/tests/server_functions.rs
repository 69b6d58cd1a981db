//! Provider-defined functions of the typed layer (`#[tfschema::function]`),
//! driven through the real gRPC handlers by the public test harness, on
//! protocols 6 and 5: the signatures in GetProviderSchema and GetFunctions,
//! calls with good arguments, errors naming the argument, arguments
//! Terraform would not send (other types, bytes that are not msgpack, null
//! and unknown where the parameter allows neither, OpenTofu's empty null),
//! and a prelude-shadowing module with warnings denied.
//!
//! Expected values are written out by hand.

#![cfg(feature = "server")]

use std::sync::atomic::{AtomicUsize, Ordering};

use tfschema::diag::Diagnostics;
use tfschema::server::proto::{tfplugin5, tfplugin6};
use tfschema::server::raw::FunctionError;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{PlanView, Provider, TypedProvider};
use tfschema::{Number, Refinements, TfSchema, TfValue, Type, Unknown, Value};
use tonic::Request;

#[derive(TfSchema, TfValue)]
struct Config {}

struct Plain;

impl Provider for Plain {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// Repeats a text.
///
/// `repeat("ab", 3)` is `"ababab"`.
#[tfschema::function]
fn repeat(text: &str, #[tf(description = "How many times.")] times: u8) -> String {
    text.repeat(times.into())
}

static NEVER_CALLS: AtomicUsize = AtomicUsize::new(0);

/// `repeat`'s signature, for calls that must not reach the fn: it counts
/// its calls (the tests never call it with good arguments).
#[tfschema::function]
fn never(text: &str, times: u8) -> String {
    NEVER_CALLS.fetch_add(1, Ordering::SeqCst);
    text.repeat(times.into())
}

/// Greets someone, or no one.
#[tfschema::function]
fn greet(name: Option<String>) -> String {
    match name {
        Some(n) => format!("hello {n}"),
        None => "hello nobody".into(),
    }
}

/// The length of a text that may not be known yet.
#[tfschema::function]
fn maybe_len(text: Unknown<String>) -> Unknown<i64> {
    match text {
        Unknown::Known(t) => Unknown::Known(i64::try_from(t.chars().count()).unwrap_or(i64::MAX)),
        Unknown::Unknown => Unknown::Unknown,
    }
}

/// What a dynamic argument holds.
#[tfschema::function(name = "describe")]
fn describe_value(#[tf(allow_null, allow_unknown)] value: Value) -> String {
    if value.is_null() {
        format!("null {}", value.ty().to_json())
    } else if !value.is_known() {
        format!("unknown {}", value.ty().to_json())
    } else {
        value.ty().to_json()
    }
}

/// Returns its argument.
#[tfschema::function]
fn echo(value: Value) -> Value {
    value
}

/// A point on a grid.
#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct Point {
    x: i64,
    y: i64,
}

/// Swaps the coordinates.
#[tfschema::function]
fn swap(point: Point) -> Point {
    Point {
        x: point.y,
        y: point.x,
    }
}

/// Adds numbers: the error names the argument at which the sum overflows.
#[tfschema::function]
fn sum(#[tf(variadic)] numbers: Vec<i64>) -> Result<i64, FunctionError> {
    let mut total: i64 = 0;
    for (i, n) in numbers.into_iter().enumerate() {
        total = total
            .checked_add(n)
            .ok_or_else(|| FunctionError::argument(i, "the sum overflows"))?;
    }
    Ok(total)
}

/// The first of a list.
#[deprecated = "use element(list, 0)"]
#[tfschema::function(markdown)]
fn first(items: Vec<String>) -> Result<String, FunctionError> {
    items
        .into_iter()
        .next()
        .ok_or_else(|| FunctionError::new("the list is empty"))
}

/// A number after a prefix, printed as Terraform wrote it.
#[tfschema::function]
fn label(prefix: String, value: Number) -> String {
    format!("{prefix}{value}")
}

fn provider() -> TypedProvider<Plain> {
    TypedProvider::new(Plain)
        .function(repeat {})
        .function(never {})
        .function(greet {})
        .function(maybe_len {})
        .function(describe_value {})
        .function(echo {})
        .function(swap {})
        .function(sum {})
        .function(first {})
        .function(label {})
}

/// A harness on each protocol.
fn harnesses() -> [(u32, Harness<TypedProvider<Plain>>); 2] {
    [
        (6, Harness::new(provider())),
        (5, Harness::new(provider()).protocol_5()),
    ]
}

fn s(text: &str) -> Value {
    Value::from(text)
}

fn msgpack(value: &Value, ty: &Type) -> Vec<u8> {
    tfschema::msgpack::value_to_vec(value, ty).expect("encode")
}

#[tokio::test]
async fn signatures_come_from_the_fn() {
    let h = Harness::new(provider());
    let f = &h.schema().functions;
    assert_eq!(
        f.keys().map(String::as_str).collect::<Vec<_>>(),
        [
            "describe",
            "echo",
            "first",
            "greet",
            "label",
            "maybe_len",
            "never",
            "repeat",
            "sum",
            "swap"
        ]
    );
    let repeat = &f["repeat"];
    assert_eq!(repeat.summary, "Repeats a text.");
    // As Go's Summary and Description: the description does not repeat
    // the summary.
    assert_eq!(repeat.description, "`repeat(\"ab\", 3)` is `\"ababab\"`.");
    assert_eq!(repeat.return_type, Type::String);
    let names: Vec<_> = repeat
        .parameters
        .iter()
        .map(|p| (p.name.as_str(), p.ty.clone()))
        .collect();
    assert_eq!(names, [("text", Type::String), ("times", Type::Number)]);
    assert_eq!(repeat.parameters[1].description, "How many times.");
    assert!(repeat
        .parameters
        .iter()
        .all(|p| !p.allow_null && !p.allow_unknown));
    assert!(repeat.variadic.is_none());
    assert_eq!(repeat.deprecation_message, "");

    assert!(f["greet"].parameters[0].allow_null);
    assert!(!f["greet"].parameters[0].allow_unknown);
    assert!(f["maybe_len"].parameters[0].allow_unknown);
    let describe = &f["describe"].parameters[0];
    assert_eq!(
        (
            describe.ty.clone(),
            describe.allow_null,
            describe.allow_unknown
        ),
        (Type::Dynamic, true, true)
    );
    let echo = &f["echo"];
    assert_eq!(
        (echo.parameters[0].allow_null, echo.return_type.clone()),
        (false, Type::Dynamic)
    );
    let point = Type::object([("x", Type::Number), ("y", Type::Number)]);
    assert_eq!(f["swap"].parameters[0].ty, point);
    assert_eq!(f["swap"].return_type, point);
    let sum = &f["sum"];
    assert!(sum.parameters.is_empty());
    let numbers = sum.variadic.as_ref().expect("variadic");
    assert_eq!(
        (numbers.name.as_str(), numbers.ty.clone()),
        ("numbers", Type::Number)
    );
    assert_eq!(f["first"].deprecation_message, "use element(list, 0)");
    assert_eq!(f["first"].parameters[0].ty, Type::list(Type::String));
    assert_eq!(
        f["first"].description_kind,
        tfschema::schema::StringKind::Markdown
    );
}

/// GetProviderSchema carries the functions (where Terraform reads them,
/// always with a return type), and GetFunctions the same ones (where
/// OpenTofu falls back to), on both protocols.
#[tokio::test]
async fn schema_and_get_functions_agree_on_both_protocols() {
    use tfplugin5::provider_server::Provider as _;
    use tfplugin6::provider_server::Provider as _;
    let grpc = tfschema::server::proto::GrpcProvider::new(provider());
    let v6 = grpc.v6();
    let schema = v6
        .get_provider_schema(Request::new(Default::default()))
        .await
        .expect("v6 schema")
        .into_inner();
    let functions = v6
        .get_functions(Request::new(Default::default()))
        .await
        .expect("v6 functions")
        .into_inner();
    assert_eq!(schema.functions, functions.functions);
    assert_eq!(schema.functions.len(), 10);
    let sum = &schema.functions["sum"];
    assert_eq!(sum.r#return.as_ref().expect("return").r#type, b"\"number\"");
    let numbers = sum.variadic_parameter.as_ref().expect("variadic");
    assert_eq!(
        (numbers.name.as_str(), &numbers.r#type[..]),
        ("numbers", &b"\"number\""[..])
    );
    let swap = &schema.functions["swap"];
    assert_eq!(
        swap.parameters[0].r#type,
        br#"["object",{"x":"number","y":"number"}]"#
    );
    assert_eq!(
        schema.functions["first"].deprecation_message,
        "use element(list, 0)"
    );
    let greet = &schema.functions["greet"].parameters[0];
    assert!(greet.allow_null_value && !greet.allow_unknown_values);

    let v5 = grpc.v5();
    let schema5 = v5
        .get_schema(Request::new(Default::default()))
        .await
        .expect("v5 schema")
        .into_inner();
    let functions5 = v5
        .get_functions(Request::new(Default::default()))
        .await
        .expect("v5 functions")
        .into_inner();
    assert_eq!(schema5.functions, functions5.functions);
    assert_eq!(schema5.functions["sum"].summary, sum.summary);
    assert_eq!(
        schema5.functions["swap"].parameters[0].r#type,
        swap.parameters[0].r#type
    );
}

#[tokio::test]
async fn calls_with_good_arguments() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        assert_eq!(
            h.call_function("repeat", &[s("ab"), Value::from(3)]).await,
            Ok(s("ababab")),
            "{at}"
        );
        assert_eq!(
            h.call_function("greet", &[s("x")]).await,
            Ok(s("hello x")),
            "{at}"
        );
        let point = Value::object([("x", Value::from(1)), ("y", Value::from(2))]);
        let swapped = Value::object([("x", Value::from(2)), ("y", Value::from(1))]);
        assert_eq!(h.call_function("swap", &[point]).await, Ok(swapped), "{at}");
        assert_eq!(
            h.call_function("sum", &[]).await,
            Ok(Value::from(0)),
            "{at}"
        );
        let several = [Value::from(1), Value::from(2), Value::from(39)];
        assert_eq!(
            h.call_function("sum", &several).await,
            Ok(Value::from(42)),
            "{at}"
        );
        let list = Value::list(Type::String, vec![s("a"), s("b")]);
        assert_eq!(h.call_function("first", &[list]).await, Ok(s("a")), "{at}");
        // Numbers arrive as Terraform wrote them: 9.99 is decimal text,
        // not the nearest binary float.
        let price = Value::Number(Number::parse("9.99").expect("number"));
        assert_eq!(
            h.call_function("label", &[s("$"), price]).await,
            Ok(s("$9.99")),
            "{at}"
        );
        // dynamic: `[type, value]` both ways.
        let obj = Value::object([("a", Value::from(1)), ("b", s("x"))]);
        assert_eq!(
            h.call_function("echo", std::slice::from_ref(&obj)).await,
            Ok(obj.clone()),
            "{at}"
        );
        assert_eq!(
            h.call_function("describe", &[obj]).await,
            Ok(s(r#"["object",{"a":"number","b":"string"}]"#)),
            "{at}"
        );
    }
}

#[tokio::test]
async fn errors_name_the_argument() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        let err = h
            .call_function("sum", &[Value::from(1), Value::from(i64::MAX)])
            .await
            .expect_err("overflow");
        assert_eq!(err, FunctionError::argument(1, "the sum overflows"), "{at}");
        let empty = Value::list(Type::String, vec![]);
        let err = h.call_function("first", &[empty]).await.expect_err("empty");
        assert_eq!(err, FunctionError::new("the list is empty"), "{at}");
        // 300 does not fit the u8 parameter: the fn is not called.
        let err = h
            .call_function("repeat", &[s("a"), Value::from(300)])
            .await
            .expect_err("range");
        assert_eq!(
            err,
            FunctionError::argument(1, "300 does not fit u8"),
            "{at}"
        );
        let err = h
            .call_function("nope", &[])
            .await
            .expect_err("no such function");
        assert_eq!(err.argument, None, "{at}");
        assert!(err.text.contains("\"nope\""), "{at}: {err}");
    }
}

/// What Terraform would not send: a value of another type, bytes that are
/// not msgpack, too many or too few arguments. Each is a function error;
/// the fn is not called.
#[tokio::test]
async fn arguments_that_do_not_fit() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        let number = msgpack(&Value::from(1), &Type::Number);
        let three = msgpack(&Value::from(3), &Type::Number);
        let err = h
            .call_function_msgpack("never", vec![number, three.clone()])
            .await
            .expect_err("number for a string");
        assert_eq!(
            err,
            FunctionError::argument(0, "string required, found integer"),
            "{at}"
        );
        let err = h
            .call_function_msgpack("never", vec![vec![0xc1], three.clone()])
            .await
            .expect_err("not msgpack");
        assert_eq!(err.argument, Some(0), "{at}: {err}");
        // An object missing an attribute, inside a struct parameter.
        let half = msgpack(
            &Value::object([("x", Value::from(1))]),
            &Type::object([("x", Type::Number)]),
        );
        let err = h
            .call_function_msgpack("swap", vec![half])
            .await
            .expect_err("missing y");
        let text = "an object with 2 attributes is required (1 given)";
        assert_eq!(err, FunctionError::argument(0, text), "{at}");
        // A null attribute where the struct has no `Option`.
        let null_y = Value::object([("x", Value::from(1)), ("y", Value::Null(Type::Number))]);
        let err = h
            .call_function("swap", &[null_y])
            .await
            .expect_err("null y");
        assert_eq!(err.argument, Some(0), "{at}");
        assert!(
            err.text
                .starts_with("at .y: null where a value is required"),
            "{at}: {err}"
        );
        let err = h
            .call_function_msgpack("never", vec![msgpack(&s("a"), &Type::String)])
            .await
            .expect_err("too few");
        assert_eq!(err.argument, None, "{at}: {err}");
        let a = msgpack(&s("a"), &Type::String);
        let err = h
            .call_function_msgpack("never", vec![a.clone(), three.clone(), three.clone()])
            .await
            .expect_err("too many");
        assert_eq!(err.argument, None, "{at}: {err}");
        // An argument that is not a wire value of its type at all.
        let err = h
            .call_function("never", &[Value::from(true), Value::from(1)])
            .await
            .expect_err("harness refuses a bool for a string");
        assert_eq!(err.argument, Some(0), "{at}: {err}");
        assert_eq!(
            NEVER_CALLS.load(Ordering::SeqCst),
            0,
            "{at}: never was called"
        );
    }
}

/// Null: refused at the argument where the parameter does not allow it
/// (Terraform's own text), passed as `None` where it does, also when sent
/// as an empty value (OpenTofu).
#[tokio::test]
async fn null_arguments() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        let err = h
            .call_function("never", &[Value::Null(Type::String), Value::from(1)])
            .await
            .expect_err("null text");
        assert_eq!(
            err,
            FunctionError::argument(0, "argument must not be null"),
            "{at}"
        );
        let err = h
            .call_function("sum", &[Value::from(1), Value::Null(Type::Number)])
            .await;
        assert_eq!(
            err,
            Err(FunctionError::argument(1, "argument must not be null")),
            "{at}"
        );
        let nobody = Ok(s("hello nobody"));
        assert_eq!(
            h.call_function("greet", &[Value::Null(Type::String)]).await,
            nobody,
            "{at}"
        );
        assert_eq!(
            h.call_function_msgpack("greet", vec![Vec::new()]).await,
            nobody,
            "{at}"
        );
        let null = Value::Null(Type::Dynamic);
        assert_eq!(
            h.call_function("describe", &[null]).await,
            Ok(s("null \"dynamic\"")),
            "{at}"
        );
        let err = h.call_function_msgpack("echo", vec![Vec::new()]).await;
        assert_eq!(
            err,
            Err(FunctionError::argument(0, "argument must not be null")),
            "{at}"
        );
    }
}

/// Unknown: where the parameter does not allow it the result is unknown
/// and the fn is not called (as Terraform does itself); where it does, the
/// fn sees it.
#[tokio::test]
async fn unknown_arguments() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        let unknown = h
            .call_function("never", &[Value::unknown(Type::String), Value::from(2)])
            .await;
        assert_eq!(unknown, Ok(Value::unknown(Type::String)), "{at}");
        let refined = Value::unknown_refined(
            Type::String,
            Refinements {
                not_null: true,
                string_prefix: "ab".into(),
                ..Refinements::default()
            },
        );
        let unknown = h.call_function("never", &[refined, Value::from(2)]).await;
        assert_eq!(unknown, Ok(Value::unknown(Type::String)), "{at}");
        // Partly unknown: not wholly known is enough.
        let point = Value::object([("x", Value::from(1)), ("y", Value::unknown(Type::Number))]);
        let point_type = Type::object([("x", Type::Number), ("y", Type::Number)]);
        assert_eq!(
            h.call_function("swap", &[point]).await,
            Ok(Value::unknown(point_type)),
            "{at}"
        );
        assert_eq!(
            NEVER_CALLS.load(Ordering::SeqCst),
            0,
            "{at}: never was called"
        );
        let sum = h
            .call_function("sum", &[Value::from(1), Value::unknown(Type::Number)])
            .await;
        assert_eq!(sum, Ok(Value::unknown(Type::Number)), "{at}");

        assert_eq!(
            h.call_function("maybe_len", &[s("héllo")]).await,
            Ok(Value::from(5)),
            "{at}"
        );
        let len = h
            .call_function("maybe_len", &[Value::unknown(Type::String)])
            .await;
        assert_eq!(len, Ok(Value::unknown(Type::Number)), "{at}");
        let described = h
            .call_function("describe", &[Value::unknown(Type::Dynamic)])
            .await;
        assert_eq!(described, Ok(s("unknown \"dynamic\"")), "{at}");
        let typed = h
            .call_function("describe", &[Value::unknown(Type::Bool)])
            .await;
        assert_eq!(typed, Ok(s("unknown \"bool\"")), "{at}");
        let echoed = h
            .call_function("echo", &[Value::unknown(Type::Dynamic)])
            .await;
        assert_eq!(echoed, Ok(Value::unknown(Type::Dynamic)), "{at}");
    }
}

/// Generated code names everything by absolute path: it compiles next to
/// user types that shadow the prelude, with warnings denied, and with
/// tfschema under another name.
mod shadowed {
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
    struct Copy;
    struct bool;
    struct str;

    mod tf {
        pub use ::tfschema::*;
    }

    /// Joins words.
    #[::tfschema::function(crate = "tf")]
    pub fn join_words(
        separator: &::core::primitive::str,
        #[tf(variadic)] words: ::std::vec::Vec<::std::string::String>,
    ) -> ::core::result::Result<::std::string::String, ::tfschema::server::raw::FunctionError> {
        ::core::result::Result::Ok(words.join(separator))
    }

    #[test]
    fn it_has_a_signature() {
        use ::tfschema::server::typed::Function as _;
        let signature = join_words {}.signature();
        ::core::assert_eq!(signature.summary, "Joins words.");
        ::core::assert!(signature.variadic.is_some());
    }
}
