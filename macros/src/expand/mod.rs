//! Code generation from a validated [`Model`](crate::valid::Model).
//!
//! Everything generated names items through `#krate::__private`, sits in a
//! `const _: () = { ... };` block (except the plan-view struct, which users
//! name) and is marked `#[automatically_derived]`.
//!
//! `schema` writes `impl TfSchema` (with `validate`, `validators`,
//! `plan_policy`, the compile-time `checks` and the `ephemeral` marker),
//! `value` the codecs (`codec`, `with`), the plan view (`plan_view`) and
//! `impl TfPlan`; `dummy` the stubs beside compile errors. `tokens` and
//! `keys` are the helpers they share.

mod checks;
mod codec;
mod decode;
mod dummy;
mod ephemeral;
mod keys;
mod plan_policy;
mod plan_view;
mod schema;
mod tokens;
mod validate;
mod validators;
mod value;
mod with;

use proc_macro2::TokenStream;

use crate::valid;

pub enum Which {
    Schema,
    Value,
}

pub fn derive(input: &syn::DeriveInput, which: Which) -> TokenStream {
    match (valid::validate(input), which) {
        (Ok(model), Which::Schema) => schema::expand(&model),
        (Ok(model), Which::Value) => value::expand(&model),
        (Err(errors), which) => {
            let mut out = errors.write_errors();
            out.extend(match which {
                Which::Schema => dummy::schema(input),
                Which::Value => dummy::value(input),
            });
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::keys::{msgpack_map_header, msgpack_str};
    use super::*;

    fn expand_str(src: &str, which: Which) -> String {
        let input: syn::DeriveInput = syn::parse_str(src).expect("parse");
        derive(&input, which).to_string()
    }

    #[test]
    fn schema_lists_fields_in_name_order_with_flags() {
        let out = expand_str(
            "struct Foo { #[tf(rename = \"b_name\")] x: String, a: Option<i64>, #[tf(computed)] id: Unknown<String> }",
            Which::Schema,
        );
        let a = out.find("\"a\"").expect("a");
        let b = out.find("\"b_name\"").expect("b_name");
        let id = out.find("\"id\"").expect("id");
        assert!(a < b && b < id, "{out}");
        assert!(!out.contains("compile_error"), "{out}");
    }

    #[test]
    fn errors_are_reported_together_with_a_stub() {
        let out = expand_str(
            "struct Foo { #[tf(required, optional)] a: Option<String>, #[tf(computed)] b: String, #[tf(rename = \"Bad\")] c: bool }",
            Which::Value,
        );
        assert_eq!(out.matches("compile_error").count(), 3, "{out}");
        assert!(out.contains("TfEncode"), "stub impl present: {out}");
    }

    #[test]
    fn codec_uses_absolute_paths_and_precomputed_keys() {
        let out = expand_str("struct Foo { name: String }", Which::Value);
        assert!(out.contains(":: tfschema :: __private"), "{out}");
        assert!(out.contains("b\"\\xA4name\""), "{out}");
        let stripped = out.replace(":: Option <", "").replace(":: Result <", "");
        assert!(
            !stripped.contains("Option <") && !stripped.contains("Result <"),
            "bare prelude name: {out}"
        );
    }

    #[test]
    fn types_from_macro_fragments_are_seen_through_their_group() {
        // `$t:ty` in a macro_rules! macro reaches the derive as a Type::Group.
        let mut input: syn::DeriveInput = syn::parse_str(
            "struct Foo { #[tf(optional, computed)] a: X, #[tf(block)] b: X, m: X }",
        )
        .expect("parse");
        let types: [syn::Type; 3] = [
            syn::parse_quote!(Unknown<Option<String>>),
            syn::parse_quote!(Vec<Inner>),
            syn::parse_quote!(BTreeMap<u16, String>),
        ];
        let syn::Data::Struct(data) = &mut input.data else {
            unreachable!()
        };
        for (field, ty) in data.fields.iter_mut().zip(types) {
            field.ty = syn::Type::Group(syn::TypeGroup {
                group_token: Default::default(),
                elem: Box::new(ty),
            });
        }
        let out = derive(&input, Which::Schema).to_string();
        // Only the map key is wrong: the wrappers and the Vec were seen.
        assert_eq!(out.matches("compile_error").count(), 1, "{out}");
        assert!(out.contains("map keys are strings"), "{out}");
    }

    #[test]
    fn crate_path_can_be_overridden() {
        let out = expand_str(
            "#[tf(crate = \"my::tf\")] struct Foo { name: String }",
            Which::Schema,
        );
        assert!(out.contains("my :: tf :: __private"), "{out}");
    }

    #[test]
    fn with_fields_go_through_their_module_inside_the_wrappers() {
        let src = "struct Foo { #[tf(with = a::m)] x: Option<X>, #[tf(computed, with = a::m, semantic_equal)] y: Unknown<X> }";
        let value = expand_str(src, Which::Value);
        assert!(!value.contains("compile_error"), "{value}");
        assert!(value.contains("WithOption < __TfWith0 >"), "{value}");
        assert!(value.contains("WithUnknown < __TfWith1 >"), "{value}");
        // The plan view: `Option<X>` may be unknown there, `Unknown<X>` is as is.
        assert!(
            value.contains("x : :: tfschema :: __private :: Unknown < :: tfschema :: __private :: Option < X > >"),
            "{value}"
        );
        assert!(value.contains("type Wire = a :: m :: Wire"), "{value}");
        let schema = expand_str(src, Which::Schema);
        assert!(
            schema
                .contains("AttrTy :: Type (< a :: m :: Wire as :: tfschema :: __private :: TfType > :: tf_type)"),
            "{schema}"
        );
        assert!(schema.contains("a :: m :: semantically_equal"), "{schema}");
        assert_eq!(schema.matches("SemanticEqual").count(), 1, "{schema}");
    }

    #[test]
    fn what_the_written_type_does_not_show_is_asked_of_the_compiler() {
        let out = expand_str(
            "struct Foo { keepers: Keepers, #[tf(optional)] k: Keepers, #[tf(computed)] id: Unknown<String>, #[tf(block)] net: Net, name: String }",
            Which::Schema,
        );
        assert!(!out.contains("compile_error"), "{out}");
        // No flag written: optional exactly when the type can be null.
        assert!(
            out.contains(
                "AttrFlags :: of (! < Keepers as :: tfschema :: __private :: TfType > :: CAN_BE_NULL , < Keepers as :: tfschema :: __private :: TfType > :: CAN_BE_NULL ,"
            ),
            "{out}"
        );
        // The written type shows it: decided by the derive.
        assert!(
            !out.contains("< String as :: tfschema :: __private :: TfType > :: CAN_BE_NULL"),
            "{out}"
        );
        // `optional` on a name: asserted, with the attribute's name.
        assert!(
            out.contains("assert ! (< Keepers as :: tfschema :: __private :: TfType > :: CAN_BE_NULL , \"`k`: an `optional` attribute"),
            "{out}"
        );
        // `computed` on a written `Unknown`: decided, nothing asserted.
        assert!(!out.contains("CAN_BE_UNKNOWN"), "{out}");
        // A single block's struct: read through `BlockElem`, and asserted.
        assert!(
            out.contains("< Net as :: tfschema :: __private :: BlockElem > :: Elem"),
            "{out}"
        );
        assert!(out.contains("ElemKind > :: STRUCT"), "{out}");
    }

    #[test]
    fn what_the_written_type_shows_is_decided_by_the_derive() {
        let out = expand_str(
            "struct Foo { #[tf(optional)] a: String, #[tf(required)] b: Option<X>, #[tf(computed)] c: Option<String> }",
            Which::Schema,
        );
        assert_eq!(out.matches("compile_error").count(), 3, "{out}");
    }

    #[test]
    fn types_in_messages_read_as_written() {
        let ty: syn::Type = syn::parse_quote!(std::collections::BTreeMap<String, Vec<&'a str>>);
        assert_eq!(
            crate::tyinfo::text(&ty),
            "std::collections::BTreeMap<String, Vec<&'a str>>"
        );
    }

    #[test]
    fn identity_models_assert_their_attribute_types() {
        let out = expand_str(
            "#[tf(identity, version = 2)] struct Id { id: String, region: Option<String> }",
            Which::Schema,
        );
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("TfIdentity for Id"), "{out}");
        assert!(out.contains("identity_attr :: < String > ()"), "{out}");
        assert!(
            out.contains("identity_attr :: < Option < String > > ()"),
            "{out}"
        );
        let plain = expand_str("struct Id { id: String }", Which::Schema);
        assert!(
            !plain.contains("TfIdentity") && !plain.contains("identity_attr"),
            "{plain}"
        );
    }

    #[test]
    fn an_identity_key_is_reported_once_without_contrary_advice() {
        // `default` alone would also say it "needs `optional, computed`",
        // which an identity cannot be.
        let out = expand_str(
            "#[tf(identity)] struct Id { #[tf(default = \"x\")] region: Option<String>, #[tf(computed)] id: String }",
            Which::Schema,
        );
        assert_eq!(out.matches("compile_error").count(), 2, "{out}");
        assert!(out.contains("plan policy"), "{out}");
        assert!(out.contains("never `computed`"), "{out}");
    }

    #[test]
    fn msgpack_headers() {
        assert_eq!(msgpack_str("name").value(), b"\xa4name");
        assert_eq!(msgpack_map_header(3).value(), b"\x83");
        assert_eq!(msgpack_map_header(16).value(), b"\xde\x00\x10");
    }
}
