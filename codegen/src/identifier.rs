//! Conversion of OpenAPI property and parameter names into Terraform identifiers.
//!
//! The rules are the generator's documented ones (drop characters outside
//! `[A-Za-z0-9_]`, drop leading digits, split `aB` with an underscore, lowercase);
//! they run after mapping, merging, aliases and overrides, so merges compare the
//! original OpenAPI names.

/// Converts an OpenAPI name into a Terraform identifier (`^[a-z_][a-z0-9_]*$` or empty).
///
/// An empty result means the name cannot be represented; callers report that.
pub fn terraform_identifier(original: &str) -> String {
    // Only ASCII letters, digits and `_` survive, so byte-wise work below is safe.
    let kept: Vec<u8> = original
        .bytes()
        .filter(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .collect();
    let start = kept.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = &kept[start..];

    let mut out = String::with_capacity(rest.len() + 4);
    let mut i = 0;
    while i < rest.len() {
        let c = rest[i];
        // Matches are non-overlapping and scanned left to right: `aBC` -> `a_bc`.
        if c.is_ascii_lowercase() && i + 1 < rest.len() && rest[i + 1].is_ascii_uppercase() {
            out.push(c as char);
            out.push('_');
            out.push(rest[i + 1].to_ascii_lowercase() as char);
            i += 2;
        } else {
            out.push(c.to_ascii_lowercase() as char);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::terraform_identifier;

    #[test]
    fn examples_from_the_rules() {
        assert_eq!(terraform_identifier("Fake_Thing"), "fake_thing");
        assert_eq!(terraform_identifier("fakeThing"), "fake_thing");
        assert_eq!(terraform_identifier("123fakeThing"), "fake_thing");
        assert_eq!(terraform_identifier("aBCd"), "a_bcd");
        assert_eq!(terraform_identifier("ünïcode"), "ncode");
        assert_eq!(terraform_identifier("123"), "");
    }
}
