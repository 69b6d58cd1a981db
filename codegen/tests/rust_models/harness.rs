//! Copied into the crate `tests/rust_models.rs` builds: reports what the
//! compiled models derive, as JSON lines, for the test to compare with the
//! code specs they were generated from. Uses only tfschema's public API.

use std::collections::BTreeMap;

use tfschema::diag::Severity;
use tfschema::schema::{AttributeType, Block, NestingMode, ObjectNesting};
use tfschema::{FromValue, Number, TfEncode, TfSchema, Type, Value};

/// A JSON string literal.
pub fn q(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn block_json(b: &Block) -> String {
    let attrs: Vec<String> = b
        .attributes
        .iter()
        .map(|a| {
            let ty = match &a.ty {
                AttributeType::Type(t) => format!("\"type\":{}", t.to_json()),
                AttributeType::Nested(n) => {
                    let nesting = match n.nesting {
                        ObjectNesting::Single => "single",
                        ObjectNesting::List => "list",
                        ObjectNesting::Set => "set",
                        ObjectNesting::Map => "map",
                    };
                    let inner = Block {
                        attributes: n.attributes.clone(),
                        ..Block::default()
                    };
                    format!("\"nested\":{{\"nesting\":\"{nesting}\",\"block\":{}}}", block_json(&inner))
                }
            };
            let default = match &a.plan.default {
                Some(v) => {
                    let t = match &a.ty {
                        AttributeType::Type(t) => t.clone(),
                        AttributeType::Nested(_) => Type::Dynamic,
                    };
                    tfschema::json::value_to_string(v, &t).unwrap_or_else(|e| q(&e.to_string()))
                }
                None => "null".into(),
            };
            format!(
                "{{\"name\":{},{ty},\"description\":{},\"required\":{},\"optional\":{},\"computed\":{},\"sensitive\":{},\"deprecated\":{},\"deprecation_message\":{},\"default\":{default}}}",
                q(&a.name),
                q(&a.description),
                a.required,
                a.optional,
                a.computed,
                a.sensitive,
                a.deprecated,
                q(&a.deprecation_message)
            )
        })
        .collect();
    let blocks: Vec<String> = b
        .block_types
        .iter()
        .map(|n| {
            let nesting = match n.nesting {
                NestingMode::Single => "single",
                NestingMode::List => "list",
                NestingMode::Set => "set",
                NestingMode::Map => "map",
                NestingMode::Group => "group",
            };
            format!(
                "{{\"name\":{},\"nesting\":\"{nesting}\",\"min_items\":{},\"max_items\":{},\"block\":{}}}",
                q(&n.type_name),
                n.min_items,
                n.max_items,
                block_json(&n.block)
            )
        })
        .collect();
    format!(
        "{{\"attributes\":[{}],\"block_types\":[{}],\"description\":{}}}",
        attrs.join(","),
        blocks.join(","),
        q(&b.description)
    )
}

/// A known value of `ty` with every attribute set and one element in
/// every collection, so each number position exists.
fn sample(ty: &Type) -> Value {
    match ty {
        Type::String => Value::from("a"),
        Type::Number => Value::number(1i64),
        Type::Bool => Value::Bool(true),
        Type::List(e) => Value::list((**e).clone(), vec![sample(e)]),
        Type::Set(e) => Value::set((**e).clone(), vec![sample(e)]),
        Type::Map(e) => Value::map((**e).clone(), [("k".to_owned(), sample(e))]),
        Type::Object(o) => Value::object(o.attrs().iter().map(|(k, t)| (k.clone(), sample(t)))),
        Type::Tuple(ts) => Value::Tuple(ts.iter().map(sample).collect()),
        Type::Dynamic => Value::from("a"),
    }
}

/// Replaces the value at `path` (attribute names and `[]` for the one
/// element of a collection), building null-filled objects on the way
/// when `fill` is a null object of the right type.
fn set_at(v: &mut Value, path: &[String], leaf: Value) {
    let Some((first, rest)) = path.split_first() else {
        *v = leaf;
        return;
    };
    let child = match v {
        Value::Object(attrs) => attrs.get_mut(first.as_str()),
        Value::List(_, items) | Value::Set(_, items) if first == "[]" => items.first_mut(),
        Value::Map(_, items) if first == "[]" => items.values_mut().next(),
        _ => None,
    };
    if let Some(c) = child {
        set_at(c, rest, leaf);
    }
}

fn leaf_type(ty: &Type, path: &[String]) -> Option<Type> {
    let Some((first, rest)) = path.split_first() else {
        return Some(ty.clone());
    };
    match ty {
        Type::Object(o) => leaf_type(o.attr(first)?, rest),
        Type::List(e) | Type::Set(e) | Type::Map(e) if first == "[]" => leaf_type(e, rest),
        _ => None,
    }
}

fn get_at<'a>(v: &'a Value, path: &[String]) -> Option<&'a Value> {
    let Some((first, rest)) = path.split_first() else {
        return Some(v);
    };
    match v {
        Value::Object(attrs) => get_at(attrs.get(first.as_str())?, rest),
        Value::List(_, items) | Value::Set(_, items) if first == "[]" => {
            get_at(items.first()?, rest)
        }
        Value::Map(_, items) if first == "[]" => get_at(items.values().next()?, rest),
        _ => None,
    }
}

fn number_paths(ty: &Type, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match ty {
        Type::Number => out.push(path.clone()),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            path.push("[]".into());
            number_paths(e, path, out);
            path.pop();
        }
        Type::Object(o) => {
            for (k, t) in o.attrs() {
                path.push(k.clone());
                number_paths(t, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// int64, float64 or number for each number position, told apart by what
/// the model accepts (`i64` rejects 0.5) and keeps (`f64` rounds).
fn number_kinds<M: TfSchema + FromValue + TfEncode>() -> BTreeMap<String, &'static str> {
    let ty = M::block().implied_type();
    let mut paths = Vec::new();
    number_paths(&ty, &mut Vec::new(), &mut paths);
    let precise = Value::Number(Number::parse("0.1000000000000000000000000001").expect("number"));
    let mut out = BTreeMap::new();
    for p in paths {
        let mut v = sample(&ty);
        set_at(
            &mut v,
            &p,
            Value::Number(Number::parse("0.5").expect("number")),
        );
        let kind = if M::from_value(v).is_err() {
            "int64"
        } else {
            let mut v = sample(&ty);
            set_at(&mut v, &p, precise.clone());
            match M::from_value(v) {
                Ok(m) if get_at(&m.to_value(), &p) == Some(&precise) => "number",
                _ => "float64",
            }
        };
        out.insert(p.join("."), kind);
    }
    out
}

/// The deprecation message of each deprecated attribute: the warning
/// `validate_value` gives when it is set.
fn deprecations<M: TfSchema>() -> BTreeMap<String, String> {
    let ty = M::block().implied_type();
    let diags = M::validate_value(&sample(&ty));
    diags
        .iter()
        .filter(|d| d.severity == Severity::Warning && d.summary == "Attribute Deprecated")
        .map(|d| (d.path_string(), d.detail.clone()))
        .collect()
}

/// One model's report line.
pub fn report<M: TfSchema + FromValue + TfEncode>(id: &str) {
    let numbers: Vec<String> = number_kinds::<M>()
        .into_iter()
        .map(|(k, v)| format!("{}:{}", q(&k), q(v)))
        .collect();
    let deps: Vec<String> = deprecations::<M>()
        .into_iter()
        .map(|(k, v)| format!("{}:{}", q(&k), q(&v)))
        .collect();
    println!(
        "{{\"id\":{},\"block\":{},\"numbers\":{{{}}},\"deprecations\":{{{}}}}}",
        q(id),
        block_json(&M::block()),
        numbers.join(","),
        deps.join(",")
    );
}

/// A validator probe: the model's attributes all null except `path`, set
/// to `leaf` (JSON of the leaf's type; objects on the way null-filled);
/// prints whether validation reported an error.
pub fn probe<M: TfSchema>(id: &str, n: usize, path: &[&str], leaf: &str) {
    let ty = M::block().implied_type();
    let path: Vec<String> = path.iter().map(|s| (*s).to_owned()).collect();
    let mut v = nulls_along(&ty, &path);
    let leaf_ty = leaf_type(&ty, &path).expect("probe path exists");
    let leaf = tfschema::json::value_from_slice(leaf.as_bytes(), &leaf_ty).expect("probe leaf");
    set_at(&mut v, &path, leaf);
    let diagnostics = M::validate_value(&v);
    let errors: Vec<&str> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.detail.as_str())
        .collect();
    let error = !errors.is_empty();
    let details: Vec<String> = errors.iter().map(|d| q(d)).collect();
    println!(
        "{{\"probe\":{},\"n\":{n},\"error\":{error},\"details\":[{}]}}",
        q(id),
        details.join(",")
    );
}

/// Null attributes, except the objects and one-element collections on
/// the way to `path`.
fn nulls_along(ty: &Type, path: &[String]) -> Value {
    let Some((first, rest)) = path.split_first() else {
        return Value::Null(ty.clone());
    };
    match ty {
        Type::Object(o) => Value::object(o.attrs().iter().map(|(k, t)| {
            let v = if k == first {
                nulls_along(t, rest)
            } else {
                Value::Null(t.clone())
            };
            (k.clone(), v)
        })),
        Type::List(e) => Value::list((**e).clone(), vec![nulls_along(e, rest)]),
        Type::Set(e) => Value::set((**e).clone(), vec![nulls_along(e, rest)]),
        Type::Map(e) => Value::map((**e).clone(), [("k".to_owned(), nulls_along(e, rest))]),
        other => Value::Null(other.clone()),
    }
}
