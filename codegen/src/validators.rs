//! Rendering of OpenAPI constraints as terraform-plugin-framework-validators calls.
//!
//! The Provider Code Specification carries validators as Go source strings plus
//! the imports they need; these functions produce exactly the strings
//! tfplugingen-openapi writes, so the spec stays byte-identical.

/// A custom validator: Go source for the validator and the packages it imports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomValidator {
    /// Go import paths the definition needs, in the order the Go tool lists them.
    pub imports: Vec<String>,
    /// The Go expression, e.g. `stringvalidator.LengthAtLeast(1)`.
    pub schema_definition: String,
}

const BASE: &str = "github.com/hashicorp/terraform-plugin-framework-validators";

fn simple(package: &str, call: String) -> CustomValidator {
    CustomValidator {
        imports: vec![format!("{BASE}/{package}")],
        schema_definition: format!("{package}.{call}"),
    }
}

fn one_of<T>(
    package: &str,
    values: &[T],
    render: impl Fn(&T) -> String,
) -> Option<CustomValidator> {
    if values.is_empty() {
        return None;
    }
    let mut def = format!("{package}.OneOf(\n");
    for v in values {
        def.push_str(&render(v));
        def.push_str(",\n");
    }
    def.push(')');
    Some(CustomValidator {
        imports: vec![format!("{BASE}/{package}")],
        schema_definition: def,
    })
}

/// `stringvalidator.LengthAtLeast(n)`.
pub fn string_length_at_least(min: i64) -> CustomValidator {
    simple("stringvalidator", format!("LengthAtLeast({min})"))
}
/// `stringvalidator.LengthAtMost(n)`.
pub fn string_length_at_most(max: i64) -> CustomValidator {
    simple("stringvalidator", format!("LengthAtMost({max})"))
}
/// `stringvalidator.LengthBetween(a, b)`.
pub fn string_length_between(min: i64, max: i64) -> CustomValidator {
    simple("stringvalidator", format!("LengthBetween({min}, {max})"))
}
/// `stringvalidator.OneOf(...)`, or `None` for no values.
pub fn string_one_of(values: &[String]) -> Option<CustomValidator> {
    one_of("stringvalidator", values, |v| go_quote(v))
}
/// `stringvalidator.RegexMatches(regexp.MustCompile(pattern), message)`.
pub fn string_regex_matches(pattern: &str, message: &str) -> CustomValidator {
    CustomValidator {
        imports: vec!["regexp".to_owned(), format!("{BASE}/stringvalidator")],
        schema_definition: format!(
            "stringvalidator.RegexMatches(regexp.MustCompile({}), {})",
            go_quote(pattern),
            go_quote(message)
        ),
    }
}
/// `int64validator.AtLeast(n)`.
pub fn int64_at_least(min: i64) -> CustomValidator {
    simple("int64validator", format!("AtLeast({min})"))
}
/// `int64validator.AtMost(n)`.
pub fn int64_at_most(max: i64) -> CustomValidator {
    simple("int64validator", format!("AtMost({max})"))
}
/// `int64validator.Between(a, b)`.
pub fn int64_between(min: i64, max: i64) -> CustomValidator {
    simple("int64validator", format!("Between({min}, {max})"))
}
/// `int64validator.OneOf(...)`, or `None` for no values.
pub fn int64_one_of(values: &[i64]) -> Option<CustomValidator> {
    one_of("int64validator", values, |v| v.to_string())
}
/// `float64validator.OneOf(...)`, or `None` for no values.
pub fn float64_one_of(values: &[f64]) -> Option<CustomValidator> {
    // Rust's `Display` for f64 is the shortest round-trip form without an
    // exponent, which is what Go's FormatFloat(v, 'f', -1, 64) prints.
    one_of("float64validator", values, |v| format!("{v}"))
}

macro_rules! size_validators {
    ($pkg:literal, $least:ident, $most:ident, $between:ident) => {
        #[doc = concat!("`", $pkg, ".SizeAtLeast(n)`.")]
        pub fn $least(min: i64) -> CustomValidator {
            simple($pkg, format!("SizeAtLeast({min})"))
        }
        #[doc = concat!("`", $pkg, ".SizeAtMost(n)`.")]
        pub fn $most(max: i64) -> CustomValidator {
            simple($pkg, format!("SizeAtMost({max})"))
        }
        #[doc = concat!("`", $pkg, ".SizeBetween(a, b)`.")]
        pub fn $between(min: i64, max: i64) -> CustomValidator {
            simple($pkg, format!("SizeBetween({min}, {max})"))
        }
    };
}
size_validators!(
    "listvalidator",
    list_size_at_least,
    list_size_at_most,
    list_size_between
);
size_validators!(
    "setvalidator",
    set_size_at_least,
    set_size_at_most,
    set_size_between
);
size_validators!(
    "mapvalidator",
    map_size_at_least,
    map_size_at_most,
    map_size_between
);

/// `listvalidator.UniqueValues()`.
pub fn list_unique_values() -> CustomValidator {
    simple("listvalidator", "UniqueValues()".to_owned())
}

/// Quotes a string the way Go's `strconv.Quote` does, so generated Go compiles
/// and the spec text matches the Go tool's: `\a \b \f \n \r \t \v`, `\"` and
/// `\\`, `\xNN` for the other ASCII controls and DEL, `\uXXXX` for the
/// characters Go does not print. Go's `strconv.IsPrint` is approximated:
/// controls, separators other than the ASCII space, common format
/// characters and private use of the BMP are not printable (every character
/// above the BMP counts as printable, so Go's `\UXXXXXXXX` never arises).
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            '\0'..='\u{1f}' | '\u{7f}' => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c if go_printable(c) => out.push(c),
            c => out.push_str(&format!("\\u{:04x}", u32::from(c))),
        }
    }
    out.push('"');
    out
}

/// Whether Go's `strconv.IsPrint` takes `c` (not an ASCII control) as
/// printable, approximately.
fn go_printable(c: char) -> bool {
    !(c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{ad}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{e000}'..='\u{f8ff}'
        ))
}

#[cfg(test)]
mod tests {
    use super::go_quote;

    #[test]
    fn quotes_like_go() {
        assert_eq!(go_quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(go_quote("\u{1}"), "\"\\x01\"");
        assert_eq!(go_quote("é"), "\"é\"");
    }

    #[test]
    fn quotes_like_strconv() {
        let esc = go_quote;
        assert_eq!(esc("a\"b\\c\n"), r#""a\"b\\c\n""#);
        assert_eq!(esc("\u{1}\u{7}\u{7f}"), r#""\x01\a\x7f""#);
        assert_eq!(esc("é ✓ 🎉 <&>"), "\"é ✓ 🎉 <&>\"");
        // Spaces other than U+0020, format characters and private use are
        // not printable to strconv.IsPrint.
        assert_eq!(
            esc("\u{a0}\u{2003}\u{200b}\u{202e}\u{3000}\u{e000}\u{feff}"),
            r#""\u00a0\u2003\u200b\u202e\u3000\ue000\ufeff""#
        );
    }
}
