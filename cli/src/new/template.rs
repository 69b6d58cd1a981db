//! The templates' one substitution: `{{key}}`, where `key` is lowercase
//! letters and `_`, is replaced by the key's value; an unknown key is an
//! error (a typo in a template must not reach a user's crate). Anything
//! else is left as written, so GitHub Actions' expressions, which are
//! spelt with spaces (`${{ matrix.os }}`), pass through untouched.
//!
//! A line that is `{{#key}}` alone opens a section and `{{/key}}` alone
//! closes it: the lines between are written only when `key`'s value is not
//! empty (`tfschema new --bare` leaves out the examples so). Sections nest;
//! one left open or closed out of turn is an error.

use anyhow::{bail, Result};

/// `template` with its sections kept or left out and every `{{key}}`
/// replaced by its value in `vars`.
pub fn render(template: &str, vars: &[(&str, &str)]) -> Result<String> {
    substitute(&sections(template, vars)?, vars)
}

/// The section tag a line is, if it is one: `(opens, key)`.
fn section_tag(line: &str) -> Option<(bool, &str)> {
    let inner = line.trim().strip_prefix("{{")?.strip_suffix("}}")?;
    let (opens, key) = match inner.as_bytes().first()? {
        b'#' => (true, &inner[1..]),
        b'/' => (false, &inner[1..]),
        _ => return None,
    };
    let is_key = !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
    is_key.then_some((opens, key))
}

/// `template` without its section tags, and without the lines of the
/// sections whose key is empty.
fn sections(template: &str, vars: &[(&str, &str)]) -> Result<String> {
    let mut out = String::with_capacity(template.len());
    // The open sections, and whether each one is kept.
    let mut open: Vec<(&str, bool)> = Vec::new();
    for line in template.split_inclusive('\n') {
        match section_tag(line) {
            Some((true, key)) => {
                let Some((_, value)) = vars.iter().find(|(k, _)| *k == key) else {
                    bail!("unknown template section {{{{#{key}}}}}");
                };
                open.push((key, !value.is_empty()));
            }
            Some((false, key)) => match open.pop() {
                Some((opened, _)) if opened == key => {}
                Some((opened, _)) => bail!("{{{{/{key}}}}} closes {{{{#{opened}}}}}"),
                None => bail!("{{{{/{key}}}}} closes no section"),
            },
            None if open.iter().all(|(_, kept)| *kept) => out.push_str(line),
            None => {}
        }
    }
    if let Some((key, _)) = open.pop() {
        bail!("section {{{{#{key}}}}} is not closed");
    }
    Ok(out)
}

/// `template` with every `{{key}}` replaced by its value in `vars`.
fn substitute(template: &str, vars: &[(&str, &str)]) -> Result<String> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let key_len = after
            .bytes()
            .take_while(|b| b.is_ascii_lowercase() || *b == b'_')
            .count();
        if key_len > 0 && after[key_len..].starts_with("}}") {
            let key = &after[..key_len];
            let Some((_, value)) = vars.iter().find(|(k, _)| *k == key) else {
                bail!("unknown template variable {{{{{key}}}}}");
            };
            out.push_str(value);
            rest = &after[key_len + 2..];
        } else {
            // Not a key: keep one brace and look again from the next one
            // (`{{{name}}}` is a brace around a key).
            out.push('{');
            rest = &rest[start + 1..];
        }
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::render;

    const VARS: &[(&str, &str)] = &[("name", "acme"), ("crate_ident", "terraform_provider_acme")];

    #[test]
    fn replaces_each_key() {
        let text = render("{{name}}_example in {{crate_ident}}; {{name}}", VARS).expect("renders");
        assert_eq!(text, "acme_example in terraform_provider_acme; acme");
    }

    #[test]
    fn leaves_other_braces_alone() {
        for text in [
            "${{ matrix.os }}",
            "{{ name }}",
            "{{Name}}",
            "{{",
            "}}",
            "{{name",
            "{{{name}}}",
            "a {{}} b",
        ] {
            let expected = text.replace("{{name}}", "acme");
            assert_eq!(render(text, VARS).expect(text), expected, "{text}");
        }
    }

    #[test]
    fn sections_keep_or_leave_out_their_lines() {
        let vars = [("on", "yes"), ("off", ""), ("name", "acme")];
        let text = "a\n{{#on}}\nb {{name}}\n  {{#off}}\nc\n  {{/off}}\n{{/on}}\n{{#off}}\nd\n{{/off}}\ne\n";
        assert_eq!(render(text, &vars).expect("renders"), "a\nb acme\ne\n");
        // A tag inside a line is no tag.
        assert_eq!(
            render("x {{#on}} y\n", &vars).expect("renders"),
            "x {{#on}} y\n"
        );
    }

    #[test]
    fn sections_out_of_turn_are_errors() {
        let vars = [("a", "yes"), ("b", "yes")];
        let err = |t: &str| render(t, &vars).expect_err(t).to_string();
        assert_eq!(err("{{#a}}\n"), "section {{#a}} is not closed");
        assert_eq!(err("{{/a}}\n"), "{{/a}} closes no section");
        assert_eq!(err("{{#a}}\n{{#b}}\n{{/a}}\n"), "{{/a}} closes {{#b}}");
        assert_eq!(err("{{#c}}\n{{/c}}\n"), "unknown template section {{#c}}");
    }

    #[test]
    fn an_unknown_key_is_an_error() {
        let err = render("x {{nmae}} y", VARS).expect_err("a typo");
        assert_eq!(err.to_string(), "unknown template variable {{nmae}}");
    }
}
