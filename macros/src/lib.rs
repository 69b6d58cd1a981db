//! `#[derive(TfSchema, TfValue)]` for tfschema.
//!
//! A thin shim: each derive parses its input, hands it to [`expand`] (which
//! works on `proc_macro2` so it is unit-testable) and turns errors into
//! `compile_error!`s beside stub impls. The attribute reference lives on
//! `tfschema`'s re-export of these derives and in the README.

use proc_macro::TokenStream;

mod ast;
mod expand;
mod tyinfo;
mod valid;
mod validators;

/// Implements `tfschema::TfSchema`: the struct's schema block.
#[proc_macro_derive(TfSchema, attributes(tf))]
pub fn derive_tf_schema(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input, expand::Which::Schema).into()
}

/// Implements the codecs (`TfType`, `TfEncode`, `TfDecode`, `FromValue`) and
/// the plan view (`TfPlan` and a companion `<Name>Plan` struct).
#[proc_macro_derive(TfValue, attributes(tf))]
pub fn derive_tf_value(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input, expand::Which::Value).into()
}
