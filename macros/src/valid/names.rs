//! Terraform names: each attribute's (its `rename`, or the field's own
//! name), which must match `^[a-z0-9_]+$` and be unique in the struct.

use darling::error::Accumulator;
use darling::util::SpannedValue;
use proc_macro2::Span;

use super::report::err_at;
use crate::ast::Field;

/// The field's Terraform name: `rename`, or the field's own name without
/// `r#`. A bad name is reported and returned as written.
pub fn terraform_name(field: &Field, ident: &syn::Ident, errors: &mut Accumulator) -> String {
    match &field.rename {
        Some(r) if r.is_empty() => {
            rename_empty(r, errors);
            String::new()
        }
        Some(r) => {
            rename_valid(r, errors);
            r.as_str().to_owned()
        }
        None => {
            let raw = ident.to_string();
            let name = raw.strip_prefix("r#").unwrap_or(&raw).to_owned();
            field_name_valid(&name, ident.span(), errors);
            name
        }
    }
}

fn rename_empty(rename: &SpannedValue<String>, errors: &mut Accumulator) {
    errors.push(err_at(
        rename.span(),
        "a Terraform name cannot be empty: remove `rename` or give a name matching ^[a-z0-9_]+$",
    ));
}

fn rename_valid(rename: &SpannedValue<String>, errors: &mut Accumulator) {
    if !valid_name(rename) {
        errors.push(err_at(
            rename.span(),
            format!(
                "Terraform names must match ^[a-z0-9_]+$; `{}` does not: try #[tf(rename = \"{}\")]",
                rename.as_str(),
                snake_case(rename)
            ),
        ));
    }
}

fn field_name_valid(name: &str, span: Span, errors: &mut Accumulator) {
    if !valid_name(name) {
        errors.push(err_at(
            span,
            format!(
                "Terraform names must match ^[a-z0-9_]+$; name this field with #[tf(rename = \"{}\")]",
                snake_case(name)
            ),
        ));
    }
}

/// Two fields with one Terraform name: reported at the second one's
/// `rename` (or name). `seen` holds the names so far and their fields.
pub fn unique(
    seen: &mut Vec<(String, syn::Ident)>,
    name: &str,
    field: &Field,
    ident: &syn::Ident,
    errors: &mut Accumulator,
) {
    let span = field
        .rename
        .as_ref()
        .map_or_else(|| ident.span(), |r| r.span());
    if let Some((_, first)) = seen.iter().find(|(n, _)| n == name) {
        errors.push(err_at(
            span,
            format!(
                "fields `{first}` and `{ident}` have the same Terraform name `{name}`; rename one with #[tf(rename = \"...\")]"
            ),
        ));
    }
    seen.push((name.to_owned(), ident.clone()));
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// A suggestion for an invalid name: `camelCase`/`kebab-case` ->
/// `camel_case`/`kebab_case`, other characters dropped.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c == '-' || c == ' ' || c == '.' {
            out.push('_');
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            out.push(c);
        }
    }
    out
}
