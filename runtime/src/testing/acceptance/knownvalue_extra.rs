//! The rest of Go's `knownvalue`: tuples (exact, partial, by size),
//! `Int32Exact` and `Float32Exact`, and the `*Func` checks that hand the
//! value to a closure.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::Value as Json;

use super::{exact_elements, go_type, partial_elements, sizes, BoxCheck, Check};

enum Tuple {
    Exact(Vec<BoxCheck>),
    Partial(BTreeMap<usize, BoxCheck>),
    Size(usize),
}

impl fmt::Debug for Tuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl Tuple {
    fn name(&self) -> &'static str {
        match self {
            Tuple::Exact(_) => "TupleExact",
            Tuple::Partial(_) => "TuplePartial",
            Tuple::Size(_) => "TupleSizeExact",
        }
    }
}

impl Check for Tuple {
    fn check_value(&self, value: &Json) -> Result<(), String> {
        let name = self.name();
        let Json::Array(items) = value else {
            return Err(format!(
                "expected []any value for {name} check, got: {}",
                go_type(value)
            ));
        };
        match self {
            Tuple::Size(n) if items.len() != *n => Err(sizes(name, *n, items.len())),
            Tuple::Size(_) => Ok(()),
            Tuple::Exact(checks) => exact_elements(name, "tuple", checks, items),
            Tuple::Partial(checks) => partial_elements(name, "tuple", checks, items),
        }
    }

    fn describe(&self) -> String {
        match self {
            Tuple::Exact(checks) => {
                let inner: Vec<String> = checks.iter().map(|c| c.describe()).collect();
                format!("[{}]", inner.join(" "))
            }
            Tuple::Partial(checks) => {
                let inner: Vec<String> = checks
                    .iter()
                    .map(|(i, c)| format!("{i}:{}", c.describe()))
                    .collect();
                format!("[{}]", inner.join(" "))
            }
            Tuple::Size(n) => n.to_string(),
        }
    }
}

/// A tuple of exactly these elements, in order (Go's `TupleExact`).
pub fn tuple_exact(elements: Vec<BoxCheck>) -> BoxCheck {
    Box::new(Tuple::Exact(elements))
}

/// A tuple whose elements at these indexes match (Go's `TuplePartial`).
pub fn tuple_partial(elements: impl IntoIterator<Item = (usize, BoxCheck)>) -> BoxCheck {
    Box::new(Tuple::Partial(elements.into_iter().collect()))
}

/// A tuple of `size` elements (Go's `TupleSizeExact`).
pub fn tuple_size_exact(size: usize) -> BoxCheck {
    Box::new(Tuple::Size(size))
}

/// The number Terraform wrote, for the checks that parse it.
fn number(value: &Json, name: &str) -> Result<String, String> {
    match value {
        Json::Number(n) => Ok(n.to_string()),
        other => Err(format!(
            "expected json.Number value for {name} check, got: {}",
            go_type(other)
        )),
    }
}

#[derive(Debug)]
struct Int32(i32);

impl Check for Int32 {
    fn check_value(&self, value: &Json) -> Result<(), String> {
        let text = number(value, "Int32Exact")?;
        let got: i32 = text.parse().map_err(|_| {
            format!("expected json.Number to be parseable as int32 value for Int32Exact check: strconv.ParseInt: parsing {}: {}", super::super::gofmt::q(&text), range_or_syntax(&text))
        })?;
        if got == self.0 {
            Ok(())
        } else {
            Err(format!(
                "expected value {} for Int32Exact check, got: {got}",
                self.0
            ))
        }
    }

    fn describe(&self) -> String {
        self.0.to_string()
    }
}

/// Go's `strconv` error kind for an integer that does not parse.
fn range_or_syntax(text: &str) -> &'static str {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        "value out of range"
    } else {
        "invalid syntax"
    }
}

/// The whole number `value`, which must fit an `int32` (Go's
/// `Int32Exact`).
pub fn int32_exact(value: i32) -> BoxCheck {
    Box::new(Int32(value))
}

#[derive(Debug)]
struct Float32(f32);

impl Check for Float32 {
    fn check_value(&self, value: &Json) -> Result<(), String> {
        let text = number(value, "Float32Exact")?;
        let got: f32 = text.parse().map_err(|_| {
            format!("expected json.Number to be parseable as float32 value for Float32Exact check: strconv.ParseFloat: parsing {}: invalid syntax", super::super::gofmt::q(&text))
        })?;
        if got == self.0 {
            Ok(())
        } else {
            Err(format!(
                "expected value {} for Float32Exact check, got: {got}",
                self.0
            ))
        }
    }

    fn describe(&self) -> String {
        self.0.to_string()
    }
}

/// The number `value`, compared as an `f32` (Go's `Float32Exact`).
pub fn float32_exact(value: f32) -> BoxCheck {
    Box::new(Float32(value))
}

/// A check's body, given the value.
type ValueFn = Box<dyn Fn(&Json) -> Result<(), String> + Send + Sync>;

struct FuncCheck {
    name: &'static str,
    run: ValueFn,
}

impl fmt::Debug for FuncCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl Check for FuncCheck {
    fn check_value(&self, value: &Json) -> Result<(), String> {
        (self.run)(value)
    }

    fn describe(&self) -> String {
        self.name.to_owned()
    }
}

/// A string that `f` accepts (Go's `StringFunc`).
pub fn string_func(f: impl Fn(&str) -> Result<(), String> + Send + Sync + 'static) -> BoxCheck {
    Box::new(FuncCheck {
        name: "StringFunc",
        run: Box::new(move |value| match value {
            Json::String(s) => f(s),
            other => Err(format!(
                "expected string value for StringFunc check, got: {}",
                go_type(other)
            )),
        }),
    })
}

/// A bool that `f` accepts (Go's `BoolFunc`).
pub fn bool_func(f: impl Fn(bool) -> Result<(), String> + Send + Sync + 'static) -> BoxCheck {
    Box::new(FuncCheck {
        name: "BoolFunc",
        run: Box::new(move |value| match value {
            Json::Bool(b) => f(*b),
            other => Err(format!(
                "expected bool value for BoolFunc check, got: {}",
                go_type(other)
            )),
        }),
    })
}

/// A whole number (fitting an `i64`) that `f` accepts (Go's `Int64Func`).
pub fn int64_func(f: impl Fn(i64) -> Result<(), String> + Send + Sync + 'static) -> BoxCheck {
    Box::new(FuncCheck {
        name: "Int64Func",
        run: Box::new(move |value| {
            let text = number(value, "Int64Func")?;
            let n: i64 = text.parse().map_err(|_| {
                format!("expected json.Number to be parseable as int64 value for Int64Func check: strconv.ParseInt: parsing {}: {}", super::super::gofmt::q(&text), range_or_syntax(&text))
            })?;
            f(n)
        }),
    })
}

/// A number, as an `f64`, that `f` accepts (Go's `Float64Func`).
pub fn float64_func(f: impl Fn(f64) -> Result<(), String> + Send + Sync + 'static) -> BoxCheck {
    Box::new(FuncCheck {
        name: "Float64Func",
        run: Box::new(move |value| {
            let text = number(value, "Float64Func")?;
            let n: f64 = text.parse().map_err(|_| {
                format!("expected json.Number to be parseable as float64 value for Float64Func check: strconv.ParseFloat: parsing {}: invalid syntax", super::super::gofmt::q(&text))
            })?;
            f(n)
        }),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::string_exact;
    use super::*;
    use serde_json::json;

    #[test]
    fn tuples_with_gos_texts() {
        let t = json!(["a", 1]);
        assert!(tuple_exact(vec![string_exact("a"), int32_exact(1)])
            .check_value(&t)
            .is_ok());
        assert_eq!(
            tuple_exact(vec![string_exact("b"), int32_exact(1)])
                .check_value(&t)
                .unwrap_err(),
            "tuple element index 0: expected value b for StringExact check, got: a"
        );
        assert_eq!(
            tuple_exact(vec![string_exact("a")])
                .check_value(&t)
                .unwrap_err(),
            "expected 1 element for TupleExact check, got 2 elements"
        );
        assert!(tuple_partial([(1, int32_exact(1))]).check_value(&t).is_ok());
        assert_eq!(
            tuple_partial([(1, int32_exact(2))])
                .check_value(&t)
                .unwrap_err(),
            "tuple element 1: expected value 2 for Int32Exact check, got: 1"
        );
        assert_eq!(
            tuple_partial([(5, int32_exact(2))])
                .check_value(&t)
                .unwrap_err(),
            "missing element index 5 for TuplePartial check"
        );
        assert_eq!(
            tuple_size_exact(3).check_value(&t).unwrap_err(),
            "expected 3 elements for TupleSizeExact check, got 2 elements"
        );
        assert_eq!(
            tuple_size_exact(1).check_value(&json!("x")).unwrap_err(),
            "expected []any value for TupleSizeExact check, got: string"
        );
    }

    #[test]
    fn numbers_and_funcs() {
        assert_eq!(
            int32_exact(1).check_value(&json!(3000000000u64)).unwrap_err(),
            "expected json.Number to be parseable as int32 value for Int32Exact check: strconv.ParseInt: parsing \"3000000000\": value out of range"
        );
        assert!(float32_exact(1.5).check_value(&json!(1.5)).is_ok());
        assert_eq!(
            float32_exact(1.5).check_value(&json!(2.5)).unwrap_err(),
            "expected value 1.5 for Float32Exact check, got: 2.5"
        );
        let even = int64_func(|n| {
            if n % 2 == 0 {
                Ok(())
            } else {
                Err(format!("{n} is odd"))
            }
        });
        assert!(even.check_value(&json!(4)).is_ok());
        assert_eq!(even.check_value(&json!(3)).unwrap_err(), "3 is odd");
        assert_eq!(
            even.check_value(&json!("4")).unwrap_err(),
            "expected json.Number value for Int64Func check, got: string"
        );
        let short = string_func(|s| {
            if s.len() < 3 {
                Ok(())
            } else {
                Err("too long".to_owned())
            }
        });
        assert_eq!(short.check_value(&json!("abcd")).unwrap_err(), "too long");
        assert_eq!(
            bool_func(|_| Ok(())).check_value(&json!(1)).unwrap_err(),
            "expected bool value for BoolFunc check, got: json.Number"
        );
        assert!(float64_func(|f| if f > 1.0 {
            Ok(())
        } else {
            Err("small".to_owned())
        })
        .check_value(&json!(0.5))
        .is_err());
    }
}
