//! The grammar of `#[tfschema::function(...)]` and of the `#[tf(...)]`
//! attributes on the function's parameters, read with darling receivers.

use darling::util::{Flag, SpannedValue};
use darling::{FromAttributes, FromMeta};

/// The attribute's own arguments:
/// `#[tfschema::function(name = "...", summary = "...", description = "...",
/// markdown, deprecated = "...", crate = "...")]`.
#[derive(Debug, Default, FromMeta)]
pub struct FunctionAttr {
    /// The Terraform name (default: the `fn`'s name).
    #[darling(default)]
    pub name: Option<SpannedValue<String>>,
    /// The summary (default: the doc comment's first paragraph).
    #[darling(default)]
    pub summary: Option<String>,
    /// The description (default: the doc comment after its first
    /// paragraph, or all of it when `summary` is given).
    #[darling(default)]
    pub description: Option<String>,
    /// The descriptions are Markdown.
    #[darling(default)]
    pub markdown: Flag,
    /// The deprecation message (or Rust's `#[deprecated]` on the `fn`).
    #[darling(default)]
    pub deprecated: Option<SpannedValue<String>>,
    /// The path of tfschema when it is re-exported under another name.
    #[darling(default, rename = "crate")]
    pub krate: Option<syn::Path>,
}

/// A parameter's attribute: `#[tf(variadic, allow_null, allow_unknown,
/// description = "...")]`.
#[derive(Debug, Default, FromAttributes)]
#[darling(attributes(tf))]
pub struct ParamAttr {
    /// The trailing parameter that takes any number of arguments (a
    /// `Vec<T>`, each argument a `T`).
    #[darling(default)]
    pub variadic: Flag,
    /// Null arguments reach the function although the type does not say
    /// so (for `Value`).
    #[darling(default)]
    pub allow_null: Flag,
    /// Unknown arguments reach the function although the type does not say
    /// so (for `Value`).
    #[darling(default)]
    pub allow_unknown: Flag,
    /// What the parameter is for (doc comments cannot go on parameters).
    #[darling(default)]
    pub description: Option<String>,
}

/// Rust's `#[deprecated]` on the `fn`: `Some(note)` when present (the note
/// may be empty), with the span of its name.
pub fn rust_deprecated(attrs: &[syn::Attribute]) -> Option<(String, proc_macro2::Span)> {
    use syn::spanned::Spanned;
    let attr = attrs.iter().find(|a| a.path().is_ident("deprecated"))?;
    let note = match &attr.meta {
        syn::Meta::NameValue(nv) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s.value(),
            _ => String::new(),
        },
        syn::Meta::List(_) => {
            let mut note = String::new();
            let _ = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("note") {
                    let lit: syn::LitStr = meta.value()?.parse()?;
                    note = lit.value();
                } else if meta.input.peek(syn::Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                }
                Ok(())
            });
            note
        }
        syn::Meta::Path(_) => String::new(),
    };
    Some((note, attr.path().span()))
}

/// A doc comment's text split as Go's `Summary` and `Description`: its
/// first paragraph on one line, and the paragraphs after it (empty when
/// there are none), so that the description does not repeat the summary.
pub fn split_summary(text: &str) -> (String, String) {
    let mut lines = text.lines();
    let summary: Vec<&str> = lines
        .by_ref()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let rest: Vec<&str> = lines.collect();
    (summary.join(" "), rest.join("\n").trim().to_owned())
}
