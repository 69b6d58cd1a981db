//! Reading a validator's Go source (`stringvalidator.OneOf(...)`), as a code
//! spec carries it, back into a [`Validator`]: every form tfplugingen-openapi
//! writes, and nothing else.

use crate::model::{Collection, Validator};

/// A literal argument of a validator call.
#[derive(Debug, Clone, PartialEq)]
enum Arg {
    Int(i64),
    Float(f64),
    Str(String),
    /// `regexp.MustCompile("...")`.
    Regexp(String),
}

/// Reads a validator's Go source. `None` for anything that is not one of
/// the framework validator calls tfplugingen-openapi writes (those are
/// reported by the caller, never dropped silently).
pub fn parse_go(source: &str) -> Option<Validator> {
    let mut p = GoParser {
        s: source.as_bytes(),
        i: 0,
    };
    let package = p.ident()?;
    p.expect(b'.')?;
    let function = p.ident()?;
    let args = p.call_args()?;
    p.ws();
    if p.i != p.s.len() {
        return None;
    }
    let int = |i: usize| match args.get(i) {
        Some(Arg::Int(n)) => Some(*n),
        _ => None,
    };
    let count = |n: usize| (args.len() == n).then_some(());
    let collection = match package.as_str() {
        "listvalidator" => Some(Collection::List),
        "setvalidator" => Some(Collection::Set),
        "mapvalidator" => Some(Collection::Map),
        _ => None,
    };
    match (package.as_str(), function.as_str()) {
        ("stringvalidator", "LengthAtLeast") => {
            count(1)?;
            Some(Validator::Length {
                min: Some(int(0)?),
                max: None,
            })
        }
        ("stringvalidator", "LengthAtMost") => {
            count(1)?;
            Some(Validator::Length {
                min: None,
                max: Some(int(0)?),
            })
        }
        ("stringvalidator", "LengthBetween") => {
            count(2)?;
            Some(Validator::Length {
                min: Some(int(0)?),
                max: Some(int(1)?),
            })
        }
        ("stringvalidator", "OneOf") => args
            .iter()
            .map(|a| match a {
                Arg::Str(s) => Some(s.clone()),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .map(Validator::OneOfString),
        ("stringvalidator", "RegexMatches") => match args.as_slice() {
            [Arg::Regexp(pattern), Arg::Str(message)] => Some(Validator::Regex {
                pattern: pattern.clone(),
                message: message.clone(),
            }),
            _ => None,
        },
        ("int64validator", "AtLeast") => {
            count(1)?;
            Some(Validator::Int64Range {
                min: Some(int(0)?),
                max: None,
            })
        }
        ("int64validator", "AtMost") => {
            count(1)?;
            Some(Validator::Int64Range {
                min: None,
                max: Some(int(0)?),
            })
        }
        ("int64validator", "Between") => {
            count(2)?;
            Some(Validator::Int64Range {
                min: Some(int(0)?),
                max: Some(int(1)?),
            })
        }
        ("int64validator", "OneOf") => args
            .iter()
            .map(|a| match a {
                Arg::Int(n) => Some(*n),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .map(Validator::OneOfInt64),
        ("float64validator", "OneOf") => args
            .iter()
            .map(|a| match a {
                Arg::Int(n) => Some(*n as f64),
                Arg::Float(f) => Some(*f),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .map(Validator::OneOfFloat64),
        ("listvalidator", "UniqueValues") => {
            count(0)?;
            Some(Validator::UniqueValues)
        }
        (_, "SizeAtLeast") => {
            count(1)?;
            Some(Validator::Size {
                collection: collection?,
                min: Some(int(0)?),
                max: None,
            })
        }
        (_, "SizeAtMost") => {
            count(1)?;
            Some(Validator::Size {
                collection: collection?,
                min: None,
                max: Some(int(0)?),
            })
        }
        (_, "SizeBetween") => {
            count(2)?;
            Some(Validator::Size {
                collection: collection?,
                min: Some(int(0)?),
                max: Some(int(1)?),
            })
        }
        _ => None,
    }
}

/// Just enough of Go's expression syntax for validator calls: identifiers,
/// selectors, calls, integer / float / string literals (interpreted and raw).
struct GoParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl GoParser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.i += 1)
    }

    fn ident(&mut self) -> Option<String> {
        self.ws();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_')
        {
            self.i += 1;
        }
        if start == self.i || self.s[start].is_ascii_digit() {
            return None;
        }
        Some(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }

    /// `( arg, arg, )` with an optional trailing comma.
    fn call_args(&mut self) -> Option<Vec<Arg>> {
        self.expect(b'(')?;
        let mut args = Vec::new();
        loop {
            if self.peek()? == b')' {
                self.i += 1;
                return Some(args);
            }
            args.push(self.arg()?);
            match self.peek()? {
                b',' => self.i += 1,
                b')' => {}
                _ => return None,
            }
        }
    }

    fn arg(&mut self) -> Option<Arg> {
        match self.peek()? {
            b'"' | b'`' => self.string().map(Arg::Str),
            b'-' | b'+' | b'0'..=b'9' | b'.' => self.number(),
            _ => {
                let package = self.ident()?;
                self.expect(b'.')?;
                let function = self.ident()?;
                if package != "regexp" || function != "MustCompile" {
                    return None;
                }
                match self.call_args()?.as_slice() {
                    [Arg::Str(pattern)] => Some(Arg::Regexp(pattern.clone())),
                    _ => None,
                }
            }
        }
    }

    fn number(&mut self) -> Option<Arg> {
        self.ws();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || b"+-._".contains(&self.s[self.i]))
        {
            // A sign is only part of the literal at its start or after an exponent.
            if (self.s[self.i] == b'-' || self.s[self.i] == b'+')
                && self.i != start
                && !matches!(self.s[self.i - 1], b'e' | b'E')
            {
                break;
            }
            self.i += 1;
        }
        let text: String = std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .replace('_', "");
        if let Ok(n) = text.parse::<i64>() {
            return Some(Arg::Int(n));
        }
        text.parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Arg::Float)
    }

    fn string(&mut self) -> Option<String> {
        let quote = self.peek()?;
        self.i += 1;
        let rest = std::str::from_utf8(&self.s[self.i..]).ok()?;
        if quote == b'`' {
            let end = rest.find('`')?;
            self.i += end + 1;
            // Go drops carriage returns from raw strings.
            return Some(rest[..end].replace('\r', ""));
        }
        let mut out = Vec::new();
        let mut chars = rest.char_indices();
        while let Some((at, c)) = chars.next() {
            match c {
                '"' => {
                    self.i += at + 1;
                    return String::from_utf8(out).ok();
                }
                '\n' => return None,
                '\\' => {
                    let (_, e) = chars.next()?;
                    let mut hex = |n: usize| -> Option<u32> {
                        let mut v = 0;
                        for _ in 0..n {
                            v = v * 16 + chars.next()?.1.to_digit(16)?;
                        }
                        Some(v)
                    };
                    match e {
                        'a' => out.push(7),
                        'b' => out.push(8),
                        'f' => out.push(12),
                        'n' => out.push(b'\n'),
                        'r' => out.push(b'\r'),
                        't' => out.push(b'\t'),
                        'v' => out.push(11),
                        '\\' => out.push(b'\\'),
                        '"' => out.push(b'"'),
                        '\'' => return None,
                        // `\xNN` is a byte; the whole string must still be UTF-8.
                        'x' => out.push(u8::try_from(hex(2)?).ok()?),
                        'u' => push_char(&mut out, char::from_u32(hex(4)?)?),
                        'U' => push_char(&mut out, char::from_u32(hex(8)?)?),
                        '0'..='7' => {
                            let mut v = e.to_digit(8)?;
                            for _ in 0..2 {
                                v = v * 8 + chars.next()?.1.to_digit(8)?;
                            }
                            out.push(u8::try_from(v).ok()?);
                        }
                        _ => return None,
                    }
                }
                c => push_char(&mut out, c),
            }
        }
        None
    }
}

fn push_char(out: &mut Vec<u8>, c: char) {
    let mut buf = [0; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes() {
        for val in [
            Validator::Length {
                min: Some(1),
                max: None,
            },
            Validator::Length {
                min: Some(-3),
                max: Some(5),
            },
            Validator::OneOfString(vec!["a\"b\\".into(), "é\n".into()]),
            Validator::Regex {
                pattern: "^[a-z]+\\d$".into(),
                message: "lower".into(),
            },
            Validator::Int64Range {
                min: None,
                max: Some(-9),
            },
            Validator::OneOfInt64(vec![1, -2]),
            Validator::OneOfFloat64(vec![1.5, -2.0, 1e21]),
            Validator::Size {
                collection: Collection::Map,
                min: Some(1),
                max: Some(2),
            },
            Validator::UniqueValues,
        ] {
            let go = val.to_custom().schema_definition;
            assert_eq!(parse_go(&go), Some(val), "{go}");
        }
    }

    #[test]
    fn rejects_other_calls() {
        for src in [
            "stringvalidator.NoneOf(\"a\")",
            "myvalidators.Custom()",
            "stringvalidator.LengthAtLeast(1, 2)",
            "stringvalidator.OneOf(1)",
            "stringvalidator.RegexMatches(\"x\", \"\")",
            "listvalidator.SizeAtLeast(1) && true",
            "",
        ] {
            assert_eq!(parse_go(src), None, "{src}");
        }
        assert_eq!(
            parse_go("stringvalidator.OneOf(`a\\b`, \"\\x41\\101\")"),
            Some(Validator::OneOfString(vec!["a\\b".into(), "AA".into()]))
        );
    }
}
