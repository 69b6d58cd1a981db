//! The provider's functions through tfschema's test harness (the real
//! gRPC handlers, msgpack as Terraform sends it), on protocols 6 and 5:
//! good input, errors at the argument, wrong types, null and unknown
//! arguments. No database: functions run on an unconfigured provider, as
//! Terraform calls them.

#![allow(clippy::panic)]

use terraform_provider_inventory::{provider, Options};
use tfschema::server::raw::FunctionError;
use tfschema::server::testing::Harness;
use tfschema::server::typed::TypedProvider;
use tfschema::{Number, Type, Value};

use terraform_provider_inventory::provider::Inventory;

fn harnesses() -> [(u32, Harness<TypedProvider<Inventory>>); 2] {
    let p5 = Options {
        protocol5_only: true,
        ..Options::default()
    };
    [
        (6, Harness::new(provider(Options::default()))),
        (5, Harness::new(provider(p5)).protocol_5()),
    ]
}

fn s(text: &str) -> Value {
    Value::from(text)
}

fn n(text: &str) -> Value {
    Value::Number(Number::parse(text).expect("number"))
}

fn location_type() -> Type {
    Type::object([("shelf", Type::String), ("warehouse", Type::String)])
}

#[tokio::test]
async fn signatures() {
    let h = Harness::new(provider(Options::default()));
    let f = &h.schema().functions;
    let names: Vec<&str> = f.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "join_tags",
            "parse_location",
            "price_with_tax",
            "sku_normalize"
        ]
    );
    let sku = &f["sku_normalize"];
    assert_eq!(sku.summary, "Trims a SKU and upper-cases it.");
    assert!(
        sku.description.ends_with("(`^[A-Z0-9][A-Z0-9-]*$`)."),
        "{}",
        sku.description
    );
    assert_eq!(sku.parameters[0].name, "sku");
    assert_eq!(sku.parameters[0].description, "The SKU as written.");
    assert_eq!(sku.return_type, Type::String);
    let price = &f["price_with_tax"];
    let params: Vec<_> = price
        .parameters
        .iter()
        .map(|p| (p.name.as_str(), p.ty.clone()))
        .collect();
    assert_eq!(
        params,
        [("price", Type::Number), ("rate_percent", Type::Number)]
    );
    assert_eq!(price.return_type, Type::Number);
    assert_eq!(f["parse_location"].return_type, location_type());
    let join = &f["join_tags"];
    assert_eq!(join.parameters.len(), 1);
    let tags = join.variadic.as_ref().expect("variadic");
    assert_eq!(
        (tags.name.as_str(), tags.ty.clone()),
        ("tags", Type::String)
    );
    for signature in f.values() {
        for p in signature.parameters.iter().chain(&signature.variadic) {
            assert!(!p.allow_null && !p.allow_unknown, "{}", p.name);
        }
    }
}

#[tokio::test]
async fn good_input() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        let call = |name: &'static str, args: Vec<Value>| {
            let h = &h;
            async move { h.call_function(name, &args).await }
        };
        assert_eq!(
            call("sku_normalize", vec![s(" ab-1 ")]).await,
            Ok(s("AB-1")),
            "{at}"
        );
        assert_eq!(
            call("sku_normalize", vec![s("x9")]).await,
            Ok(s("X9")),
            "{at}"
        );

        // Exactly 11.988, as Terraform prints it: decimal text on the wire.
        let total = call("price_with_tax", vec![n("9.99"), n("20")]).await;
        assert_eq!(total, Ok(n("11.988")), "{at}");
        let Ok(Value::Number(total)) = total else {
            panic!("{at}")
        };
        assert_eq!(total.to_decimal_string().as_deref(), Ok("11.988"), "{at}");
        let bytes =
            tfschema::msgpack::value_to_vec(&Value::Number(total), &Type::Number).expect("encode");
        assert_eq!(bytes, b"\xa611.988", "{at}: sent as decimal text");
        let cases = [
            (("100", "0"), "100"),
            (("0.1", "0.2"), "0.1002"),
            (("19.99", "7.5"), "21.48925"),
            (("-5", "10"), "-5.5"),
            (
                ("123456789012345678901234567890.01", "19"),
                "146913578924691357892469135789.1119",
            ),
        ];
        for ((price, rate), want) in cases {
            let got = call("price_with_tax", vec![n(price), n(rate)]).await;
            assert_eq!(got, Ok(n(want)), "{at}: {price} + {rate}%");
        }
        // A float from elsewhere (0.5 is exact in binary) reads as its decimal.
        let half = Value::Number(Number::from_f64(0.5).expect("finite"));
        assert_eq!(
            call("price_with_tax", vec![half, n("20")]).await,
            Ok(n("0.6")),
            "{at}"
        );

        let location = Value::object([("shelf", s("A3")), ("warehouse", s("north"))]);
        assert_eq!(
            call("parse_location", vec![s("north/A3")]).await,
            Ok(location),
            "{at}"
        );

        assert_eq!(
            call("join_tags", vec![s(",")]).await,
            Ok(s("")),
            "{at}: no tags"
        );
        let several = vec![s("-"), s("a"), s("b"), s("c")];
        assert_eq!(call("join_tags", several).await, Ok(s("a-b-c")), "{at}");
    }
}

#[tokio::test]
async fn errors_at_the_argument() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        let err = h.call_function("sku_normalize", &[s(" bad sku! ")]).await;
        assert_eq!(
            err,
            Err(FunctionError::argument(
                0,
                "\"BAD SKU!\" is not a SKU: once trimmed and upper-cased it must match ^[A-Z0-9][A-Z0-9-]*$"
            )),
            "{at}"
        );
        let err = h
            .call_function("sku_normalize", &[s("   ")])
            .await
            .expect_err("empty");
        assert_eq!(err.argument, Some(0), "{at}");
        let err = h
            .call_function("sku_normalize", &[s("-ab")])
            .await
            .expect_err("leading dash");
        assert_eq!(err.argument, Some(0), "{at}");

        for bad in ["north", "/A3", "north/", "a/b/c"] {
            let err = h
                .call_function("parse_location", &[s(bad)])
                .await
                .expect_err(bad);
            let text = format!("{bad:?} is not a location: write it as \"warehouse/shelf\"");
            assert_eq!(err, FunctionError::argument(0, text), "{at}");
        }

        let infinity = Value::Number(Number::infinity(false));
        let err = h.call_function("price_with_tax", &[n("1"), infinity]).await;
        assert_eq!(
            err,
            Err(FunctionError::argument(1, "must be a finite number")),
            "{at}"
        );
    }
}

/// What Terraform itself would refuse or never send: another type (sent
/// as raw msgpack), null, unknown.
#[tokio::test]
async fn wrong_types_null_and_unknown() {
    for (protocol, h) in harnesses() {
        let at = format!("protocol {protocol}");
        let number =
            tfschema::msgpack::value_to_vec(&Value::from(7), &Type::Number).expect("encode");
        let err = h.call_function_msgpack("sku_normalize", vec![number]).await;
        assert_eq!(
            err,
            Err(FunctionError::argument(0, "string required, found integer")),
            "{at}"
        );
        let text = tfschema::msgpack::value_to_vec(&s("x"), &Type::String).expect("encode");
        let err = h
            .call_function_msgpack("price_with_tax", vec![text.clone(), text])
            .await;
        assert_eq!(err.map_err(|e| e.argument), Err(Some(0)), "{at}");

        let err = h
            .call_function("join_tags", &[s(","), s("a"), Value::Null(Type::String)])
            .await;
        assert_eq!(
            err,
            Err(FunctionError::argument(2, "argument must not be null")),
            "{at}"
        );
        let err = h
            .call_function_msgpack("sku_normalize", vec![Vec::new()])
            .await;
        assert_eq!(
            err,
            Err(FunctionError::argument(0, "argument must not be null")),
            "{at}"
        );

        // Unknown: the result is unknown, as Terraform does before calling.
        let unknown = h
            .call_function("sku_normalize", &[Value::unknown(Type::String)])
            .await;
        assert_eq!(unknown, Ok(Value::unknown(Type::String)), "{at}");
        let unknown = h
            .call_function("parse_location", &[Value::unknown(Type::String)])
            .await;
        assert_eq!(unknown, Ok(Value::unknown(location_type())), "{at}");
        let unknown = h
            .call_function("join_tags", &[s(","), s("a"), Value::unknown(Type::String)])
            .await;
        assert_eq!(unknown, Ok(Value::unknown(Type::String)), "{at}");
    }
}
