//! The provider's functions (Terraform 1.8 and later):
//! `provider::inventory::<name>(...)`. Each is a plain Rust `fn`;
//! `#[tfschema::function]` makes its signature from the parameters and the
//! return type, and its summary and description from the doc comment.

use bigdecimal::BigDecimal;
use tfschema::server::typed::FunctionError;
use tfschema::{Number, TfSchema, TfValue};

/// Trims a SKU and upper-cases it.
///
/// Fails unless the result is an uppercase letter or a digit followed by
/// uppercase letters, digits and dashes (`^[A-Z0-9][A-Z0-9-]*$`).
#[tfschema::function]
pub fn sku_normalize(
    #[tf(description = "The SKU as written.")] sku: &str,
) -> Result<String, FunctionError> {
    let normalized = sku.trim().to_uppercase();
    if is_sku(&normalized) {
        Ok(normalized)
    } else {
        Err(FunctionError::argument(
            0,
            format!("{normalized:?} is not a SKU: once trimmed and upper-cased it must match ^[A-Z0-9][A-Z0-9-]*$"),
        ))
    }
}

/// `^[A-Z0-9][A-Z0-9-]*$`.
fn is_sku(s: &str) -> bool {
    let upper_or_digit = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit();
    let mut chars = s.chars();
    chars.next().is_some_and(upper_or_digit) && chars.all(|c| upper_or_digit(c) || c == '-')
}

/// A price with tax added, in exact decimal arithmetic.
///
/// `price_with_tax(9.99, 20)` is exactly `11.988`: the numbers are read as
/// the decimals Terraform wrote, never through a binary float.
#[tfschema::function]
pub fn price_with_tax(
    #[tf(description = "The price before tax.")] price: Number,
    #[tf(description = "The tax rate in percent, e.g. 20 for 20%.")] rate_percent: Number,
) -> Result<Number, FunctionError> {
    let price = decimal(&price).map_err(|e| FunctionError::argument(0, e))?;
    let rate = decimal(&rate_percent).map_err(|e| FunctionError::argument(1, e))?;
    // price × (100 + rate) ÷ 100: the product is exact, and dividing by
    // 100 is moving the decimal point.
    let (digits, scale) = (price * (BigDecimal::from(100) + rate)).into_bigint_and_exponent();
    let total = BigDecimal::new(digits, scale + 2).normalized();
    Number::parse(&total.to_plain_string())
        .map_err(|e| FunctionError::new(format!("the price with tax is out of range: {e}")))
}

/// A finite number as a decimal, through its decimal text.
fn decimal(n: &Number) -> Result<BigDecimal, String> {
    let text = n
        .to_decimal_string()
        .map_err(|_| "must be a finite number".to_owned())?;
    text.parse()
        .map_err(|e| format!("{text} is not a decimal number: {e}"))
}

/// Where an item is kept: a warehouse and a shelf in it.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The warehouse.
    pub warehouse: String,
    /// The shelf in the warehouse.
    pub shelf: String,
}

/// Splits a location written `warehouse/shelf`.
///
/// `"north/A3"` is `{ warehouse = "north", shelf = "A3" }`; both parts
/// must be non-empty.
#[tfschema::function]
pub fn parse_location(
    #[tf(description = "The location, as `warehouse/shelf`.")] text: &str,
) -> Result<Location, FunctionError> {
    match text.split_once('/') {
        Some((warehouse, shelf))
            if !warehouse.is_empty() && !shelf.is_empty() && !shelf.contains('/') =>
        {
            Ok(Location {
                warehouse: warehouse.to_owned(),
                shelf: shelf.to_owned(),
            })
        }
        _ => Err(FunctionError::argument(
            0,
            format!("{text:?} is not a location: write it as \"warehouse/shelf\""),
        )),
    }
}

/// Joins tags with a separator.
///
/// `join_tags("-", "a", "b")` is `"a-b"`; with no tags, `""`.
#[tfschema::function]
pub fn join_tags(
    #[tf(description = "What goes between two tags.")] separator: &str,
    #[tf(variadic, description = "The tags, in order.")] tags: Vec<String>,
) -> String {
    tags.join(separator)
}
