//! `#[tfschema::function]`: a provider-defined function from a Rust `fn`.
//!
//! Parse ([`ast`]: the attribute's arguments and the parameters'
//! `#[tf(...)]`), check ([`valid`]), expand ([`expand`]); all on
//! `proc_macro2`, so the whole path is unit-tested here.

mod ast;
mod expand;
mod valid;

use proc_macro2::TokenStream;
use quote::quote;

/// The attribute's expansion: the `fn`, its struct and the `Function`
/// impl; or the errors, with the `fn` and a stub beside them.
pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(item_fn) => item_fn,
        Err(_) => {
            let error = darling::Error::custom(
                "`#[tfschema::function]` goes on a free `fn` with a body: the function's parameters and return type become its Terraform signature",
            )
            .with_span(&first_token_span(&item))
            .write_errors();
            return quote!(#error #item);
        }
    };
    match valid::validate(attr, item_fn) {
        Ok(model) => expand::function(&model),
        Err(failed) => {
            let mut out = failed.errors.write_errors();
            out.extend(expand::fallback(&failed.item, &failed.krate));
            out
        }
    }
}

fn first_token_span(tokens: &TokenStream) -> proc_macro2::Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(proc_macro2::Span::call_site, |t| t.span())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand_str(attr: &str, item: &str) -> String {
        let attr: TokenStream = attr.parse().expect("attr tokens");
        let item: TokenStream = item.parse().expect("item tokens");
        expand(attr, item).to_string()
    }

    #[test]
    fn signature_call_and_struct() {
        let out = expand_str(
            "",
            "/// Joins tags.\n///\n/// With a separator.\npub fn join_tags(separator: String, #[tf(variadic, description = \"the tags\")] tags: Vec<String>) -> String { tags.join(&separator) }",
        );
        assert!(!out.contains("compile_error"), "{out}");
        // The fn is kept, without the helper attribute.
        assert!(
            out.contains("pub fn join_tags (separator : String , tags : Vec < String >)"),
            "{out}"
        );
        assert!(!out.contains("# [tf"), "{out}");
        // The struct in the type namespace, braced.
        assert!(out.contains("pub struct join_tags { }"), "{out}");
        assert!(
            out.contains("impl :: tfschema :: __private :: Function for join_tags"),
            "{out}"
        );
        assert!(
            out.contains("fn name (& self) -> & :: core :: primitive :: str { \"join_tags\" }"),
            "{out}"
        );
        // Positional parameter, variadic element type, texts.
        assert!(
            out.contains(
                "function_parameter :: < String > (\"separator\" , \"\" , false , false , false)"
            ),
            "{out}"
        );
        assert!(out.contains(":: Some (:: tfschema :: __private :: function_parameter :: < String > (\"tags\" , \"the tags\""), "{out}");
        assert!(
            out.contains("\"Joins tags.\" , \"With a separator.\""),
            "{out}"
        );
        // Arguments read by index, the variadic rest from 1.
        assert!(
            out.contains("__tf_args . get :: < String > (0usize) ?"),
            "{out}"
        );
        assert!(
            out.contains("__tf_args . rest :: < String > (1usize) ?"),
            "{out}"
        );
        assert!(out.contains("join_tags (__tf_arg0 , __tf_rest)"), "{out}");
    }

    #[test]
    fn names_flags_and_deprecation() {
        let out = expand_str(
            "name = \"echo_any\", markdown, crate = \"my::tf\"",
            "#[deprecated(note = \"use echo\")] fn echo(#[tf(allow_null, allow_unknown)] v: Value) -> Value { v }",
        );
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("\"echo_any\""), "{out}");
        assert!(out.contains("my :: tf :: __private :: function_parameter :: < Value > (\"v\" , \"\" , true , true , true)"), "{out}");
        assert!(out.contains("\"use echo\""), "{out}");
        assert!(out.contains("holds_null :: < Value >"), "{out}");
        assert!(out.contains("holds_unknown :: < Value >"), "{out}");
        assert!(out.contains("# [allow (deprecated)]"), "{out}");
    }

    #[test]
    fn every_mistake_is_reported_with_a_stub() {
        let out = expand_str(
            "nme = \"x\"",
            "async fn BadName<T>(#[tf(variadic)] a: Vec<String>, (b, c): (i64, i64), #[tf(variadic)] d: String) { }",
        );
        // nme, async, generic, name, variadic not last, pattern, variadic
        // not a Vec, no return type.
        assert_eq!(out.matches("compile_error").count(), 8, "{out}");
        assert!(out.contains("struct BadName { }"), "{out}");
        assert!(out.contains("unreachable"), "{out}");
        assert!(!out.contains("# [tf"), "{out}");
    }

    #[test]
    fn a_method_is_emitted_alone() {
        let out = expand_str("", "fn lookup(&self, sku: String) -> String { sku }");
        assert_eq!(out.matches("compile_error").count(), 1, "{out}");
        assert!(out.contains("without `self`"), "{out}");
        assert!(!out.contains("struct"), "{out}");
    }

    #[test]
    fn not_a_fn() {
        let out = expand_str("", "struct S;");
        assert!(out.contains("goes on a free `fn`"), "{out}");
        assert!(out.contains("struct S ;"), "{out}");
    }

    #[test]
    fn summary_is_the_first_paragraph() {
        let out = expand_str(
            "",
            "/// One\n/// line.\n///\n/// More.\nfn f() -> bool { true }",
        );
        assert!(out.contains("\"One line.\" , \"More.\""), "{out}");
    }

    #[test]
    fn one_paragraph_has_no_description() {
        let out = expand_str("", "/// Only this.\nfn f() -> bool { true }");
        assert!(out.contains("\"Only this.\" , \"\""), "{out}");
    }

    #[test]
    fn an_explicit_summary_leaves_the_whole_comment_to_the_description() {
        let out = expand_str(
            "summary = \"Short.\"",
            "/// One\n/// line.\n///\n/// More.\nfn f() -> bool { true }",
        );
        assert!(
            out.contains("\"Short.\" , \"One line.\\n\\nMore.\""),
            "{out}"
        );
    }

    #[test]
    fn generated_paths_are_absolute() {
        let out = expand_str(
            "",
            "fn f(a: ::std::string::String, #[tf(variadic)] b: ::std::vec::Vec<bool>) -> bool { true }",
        );
        let tokens: Vec<&str> = out.split_whitespace().collect();
        for (i, t) in tokens.iter().enumerate() {
            if [
                "Result", "Option", "Some", "None", "Ok", "Err", "Vec", "vec", "String", "Box",
            ]
            .contains(t)
            {
                assert_eq!(tokens[i - 1], "::", "bare `{t}` at token {i}: {out}");
            }
        }
    }
}
