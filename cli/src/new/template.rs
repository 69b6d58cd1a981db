//! The templates' one substitution: `{{key}}`, where `key` is lowercase
//! letters and `_`, is replaced by the key's value; an unknown key is an
//! error (a typo in a template must not reach a user's crate). Anything
//! else is left as written, so GitHub Actions' expressions, which are
//! spelt with spaces (`${{ matrix.os }}`), pass through untouched.

use anyhow::{bail, Result};

/// `template` with every `{{key}}` replaced by its value in `vars`.
pub fn render(template: &str, vars: &[(&str, &str)]) -> Result<String> {
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
    fn an_unknown_key_is_an_error() {
        let err = render("x {{nmae}} y", VARS).expect_err("a typo");
        assert_eq!(err.to_string(), "unknown template variable {{nmae}}");
    }
}
