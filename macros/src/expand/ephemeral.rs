//! What `#[tf(ephemeral)]` adds to `impl TfSchema`: the `EphemeralSchema`
//! marker, and assertions that the structs of its blocks and nested
//! attributes (separate derives, whose keys the derive cannot see) hold no
//! plan policy and no write-only attribute. `HAS_PLAN_POLICY`, which those
//! assertions read, is written for every struct.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::{elem_struct, static_lifetimes};
use crate::valid::{FieldModel, Kind, Model};

/// `TfSchema::HAS_PLAN_POLICY`: a field's own policy, or one in the struct
/// of a block or nested attribute.
pub(super) fn has_plan_policy(model: &Model, p: &TokenStream) -> TokenStream {
    let mut terms = vec![quote!(false)];
    for field in &model.fields {
        if field.plan.is_set() {
            terms.push(quote!(true));
        }
        if let Some(elem) = nested_struct(field, p) {
            terms.push(quote!(<#elem as #p::TfSchema>::HAS_PLAN_POLICY));
        }
    }
    quote!(#(#terms)||*)
}

/// The struct of a block or nested attribute field.
fn nested_struct(field: &FieldModel, p: &TokenStream) -> Option<syn::Type> {
    match &field.kind {
        Kind::Block { elem, opaque, .. } | Kind::Nested { elem, opaque, .. } => {
            Some(elem_struct(elem, *opaque, p))
        }
        Kind::Attribute(_) => None,
    }
}

/// The marker impl and the assertions on nested structs, for an ephemeral
/// model (nothing otherwise).
pub(super) fn items(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    if !model.ephemeral {
        return Vec::new();
    }
    let ident = &model.ident;
    let (impl_generics, ty_generics, _) = model.generics.split_for_impl();
    let mut out = vec![quote! {
        impl #impl_generics #p::EphemeralSchema for #ident #ty_generics {}
    }];
    for field in &model.fields {
        let Some(elem) = nested_struct(field, p) else {
            continue;
        };
        let name = &field.name;
        let policy = format!(
            "`{name}`: an ephemeral resource is never planned, and this struct has attributes with a plan policy (`requires_replace`, `requires_replace_if`, `use_state_for_unknown`, `default`, `semantic_equal`), which would mean nothing here; remove them"
        );
        let write_only = format!(
            "`{name}`: an ephemeral resource keeps none of its values, and this struct has a `write_only` attribute, which would mean nothing here; remove `write_only`"
        );
        let elem = static_lifetimes(&elem, model);
        out.push(quote_spanned! {elem.span()=>
            const _: () = ::core::assert!(!<#elem as #p::TfSchema>::HAS_PLAN_POLICY, #policy);
            const _: () = ::core::assert!(!<#elem as #p::TfSchema>::HAS_WRITE_ONLY, #write_only);
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::expand::{derive, Which};

    fn expand(src: &str) -> String {
        let input: syn::DeriveInput = syn::parse_str(src).expect("parse");
        derive(&input, Which::Schema).to_string()
    }

    #[test]
    fn an_ephemeral_model_is_marked_and_its_nested_structs_asserted() {
        let out = expand(
            "#[tf(ephemeral)] struct Token { scope: String, #[tf(block)] grant: Vec<Grant> }",
        );
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("EphemeralSchema for Token"), "{out}");
        assert!(
            out.contains("! < Grant as :: tfschema :: __private :: TfSchema > :: HAS_PLAN_POLICY"),
            "{out}"
        );
        assert!(
            out.contains("! < Grant as :: tfschema :: __private :: TfSchema > :: HAS_WRITE_ONLY"),
            "{out}"
        );
    }

    #[test]
    fn other_models_are_not_marked_and_say_whether_they_hold_a_plan_policy() {
        let out = expand(
            "struct Disk { #[tf(requires_replace)] size: i64, #[tf(block)] part: Vec<Part> }",
        );
        assert!(!out.contains("EphemeralSchema"), "{out}");
        assert!(
            out.contains("HAS_PLAN_POLICY : :: core :: primitive :: bool = false || < Part as :: tfschema :: __private :: TfSchema > :: HAS_PLAN_POLICY || true ;"),
            "{out}"
        );
        let out = expand("struct Plain { size: i64 }");
        assert!(
            out.contains("HAS_PLAN_POLICY : :: core :: primitive :: bool = false ;"),
            "{out}"
        );
    }

    #[test]
    fn the_stub_beside_errors_keeps_the_mark() {
        let out = expand("#[tf(ephemeral, version = 1)] struct Token { #[tf(write_only)] secret: Option<String> }");
        assert_eq!(out.matches("compile_error").count(), 2, "{out}");
        assert!(out.contains("EphemeralSchema for Token"), "{out}");
    }
}
