//! Shared pieces of the fuzz targets: the representative types the first
//! input byte selects from, and value helpers.

pub mod grpc;

use tfschema::{Type, Value};

/// Type-constraint JSON of the types a fuzz input can select (first byte
/// modulo the count). Covers every kind, nesting, dynamic slots and sets of
/// non-primitive elements.
pub const TYPES: &[&str] = &[
    r#""string""#,
    r#""number""#,
    r#""bool""#,
    r#""dynamic""#,
    r#"["list","string"]"#,
    r#"["set","string"]"#,
    r#"["set","number"]"#,
    r#"["set","bool"]"#,
    r#"["map","number"]"#,
    r#"["list","dynamic"]"#,
    r#"["map","dynamic"]"#,
    r#"["set","dynamic"]"#,
    r#"["list",["list","number"]]"#,
    r#"["object",{}]"#,
    r#"["tuple",[]]"#,
    r#"["object",{"a":"string","b":"number","c":"bool"}]"#,
    r#"["object",{"rule":["list",["object",{"cidr":["set","string"],"port":"number"}]]}]"#,
    r#"["tuple",["string","number","bool"]]"#,
    r#"["set",["object",{"n":"number","s":"string"}]]"#,
    r#"["set",["list","string"]]"#,
    r#"["set",["map","number"]]"#,
    r#"["set",["tuple",["number","dynamic"]]]"#,
    r#"["map",["list","bool"]]"#,
    r#"["object",{"d":"dynamic","t":["tuple",["dynamic",["set","bool"]]]},["d"]]"#,
    r#"["list",["object",{"id":"string","tags":["map","string"]}]]"#,
];

/// Splits a fuzz input into the selected type and the rest.
pub fn split(data: &[u8]) -> Option<(Type, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let text = TYPES[usize::from(first) % TYPES.len()];
    let ty = Type::from_json(text.as_bytes()).expect("fixed type list parses");
    Some((ty, rest))
}

/// Whether an infinite number appears anywhere in `value` (JSON cannot
/// write those).
pub fn has_infinity(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_infinite(),
        Value::Null(_) | Value::Unknown(..) | Value::Bool(_) | Value::String(_) => false,
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().any(has_infinity)
        }
        Value::Map(_, items) | Value::Object(items) => items.values().any(has_infinity),
    }
}
