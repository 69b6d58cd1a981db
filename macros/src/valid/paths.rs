//! The path expressions of the cross-attribute rules and configuration
//! validators, checked at compile time: their syntax (the grammar of the
//! runtime's `tfschema::path::Expression::parse`, which reads them again),
//! and the first attribute they name where the struct's position is known:
//! a rule's sibling attribute, a configuration validator's root attribute.
//! Names beyond the first live in other structs, whose position only the
//! configuration shows: those are checked when it is validated.

use darling::error::Accumulator;
use darling::util::SpannedValue;

use super::report::err_at;

/// What the derive needs of an expression: where it starts and the first
/// attribute it names.
pub struct Parsed {
    /// Starts at the root (`/a`).
    pub root: bool,
    /// Climbs out of the struct (`../a`).
    pub climbs: bool,
    /// The first attribute name.
    pub first: String,
    /// Nothing follows the first name.
    pub single: bool,
}

/// Parses an expression's text as the runtime does; the error is the
/// runtime's reason.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let mut rest = text;
    let mut root = false;
    let mut climbs = false;
    if let Some(after) = rest.strip_prefix('/') {
        root = true;
        rest = after;
    } else {
        while let Some(after) = rest.strip_prefix("..") {
            climbs = true;
            rest = after.strip_prefix('/').ok_or("`..` is followed by `/`")?;
        }
    }
    if rest.is_empty() {
        return Err("it names no attribute".into());
    }
    let (mut first, mut steps) = (None, 0usize);
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('[') {
            if first.is_none() {
                return Err("it starts with an element step; start with an attribute name".into());
            }
            let end = after.find(']').ok_or("a `[` is not closed")?;
            element(&after[..end])?;
            rest = &after[end + 1..];
            steps += 1;
            continue;
        }
        if first.is_some() {
            rest = rest
                .strip_prefix('.')
                .ok_or("steps are joined by `.` (names) or written `[*]`, `[0]`, `[\"key\"]`")?;
        }
        let end = rest.find(['.', '[', '/']).unwrap_or(rest.len());
        let name = &rest[..end];
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(format!("{name:?} is not an attribute name"));
        }
        first.get_or_insert_with(|| name.to_owned());
        steps += 1;
        rest = &rest[end..];
        if rest.starts_with('/') {
            return Err("`/` only starts an expression, and `..` only at the start".into());
        }
    }
    Ok(Parsed {
        root,
        climbs,
        first: first.unwrap_or_default(),
        single: steps == 1,
    })
}

fn element(inner: &str) -> Result<(), String> {
    let key = inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"');
    if inner == "*" || key || inner.parse::<u64>().is_ok() {
        Ok(())
    } else {
        Err(format!(
            "`[{inner}]` is not `[*]`, a list index or a quoted map key"
        ))
    }
}

/// The syntax of an expression written in `key`, reported at it.
pub fn parsed(key: &str, text: &SpannedValue<String>, errors: &mut Accumulator) -> Option<Parsed> {
    match parse(text.as_str()) {
        Ok(p) => Some(p),
        Err(reason) => {
            errors.push(err_at(
                text.span(),
                format!(
                    "`{key}`: {:?} is not a path expression: {reason} (write `\"name\"` for an attribute beside this one, `\"/name\"` from the root, `\"../name\"` in the block holding this one, `\"block[*].name\"` in each element)",
                    text.as_str()
                ),
            ));
            None
        }
    }
}

/// A configuration validator's expressions: each names an attribute of
/// the struct (the configuration's root) first.
pub fn config_names(
    key: &str,
    texts: &[SpannedValue<String>],
    names: &[&str],
    errors: &mut Accumulator,
) {
    if texts.len() < 2 {
        let span = texts
            .first()
            .map_or_else(proc_macro2::Span::call_site, |t| t.span());
        errors.push(err_at(
            span,
            format!("`{key}` compares attributes: name at least two (for one alone, make it `required`)"),
        ));
    }
    for text in texts {
        let Some(p) = parsed(key, text, errors) else {
            continue;
        };
        if p.climbs {
            errors.push(err_at(
                text.span(),
                format!("`{key}`: a configuration validator reads from the root, which has no parent: remove the `../`"),
            ));
        } else if !names.contains(&p.first.as_str()) {
            errors.push(err_at(
                text.span(),
                format!(
                    "`{key}` names `{}`, which is not an attribute of this struct (attributes: {})",
                    p.first,
                    names.join(", ")
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn reads_where_an_expression_starts_and_its_first_name() {
        let p = parse("../../b.c[*]").expect("parses");
        assert!(p.climbs && !p.root && !p.single);
        assert_eq!(p.first, "b");
        let p = parse("/a").expect("parses");
        assert!(p.root && p.single);
        let p = parse("m[\"k\"].x").expect("parses");
        assert_eq!(p.first, "m");
    }

    /// The same texts and reasons as the runtime parser's test
    /// (`runtime/src/path.rs`), which reads the expressions again.
    #[test]
    fn refuses_what_the_runtime_refuses() {
        for (text, reason) in [
            ("", "it names no attribute"),
            ("..", "`..` is followed by `/`"),
            ("../", "it names no attribute"),
            ("a..b", "\"\" is not an attribute name"),
            (
                "a/b",
                "`/` only starts an expression, and `..` only at the start",
            ),
            (
                "a[x]",
                "`[x]` is not `[*]`, a list index or a quoted map key",
            ),
            ("a[*", "a `[` is not closed"),
            (
                "[*]",
                "it starts with an element step; start with an attribute name",
            ),
            ("A b", "\"A b\" is not an attribute name"),
        ] {
            assert_eq!(parse(text).err().as_deref(), Some(reason), "{text}");
        }
    }
}
