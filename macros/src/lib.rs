//! `#[derive(TfSchema, TfValue)]` and `#[function]` for tfschema.
//!
//! A thin shim: each macro parses its input, hands it to `expand` or
//! `function` (which work on `proc_macro2` so they are unit-testable) and
//! turns errors into `compile_error!`s beside stub impls. Use them through
//! `tfschema`, which re-exports them: the attribute reference is the
//! documentation of `tfschema::TfSchema` (both derives) and
//! `tfschema::function`.

#![warn(missing_docs)]

use proc_macro::TokenStream;

mod ast;
mod expand;
mod function;
mod tyinfo;
mod valid;

/// Implements `tfschema::TfSchema`: the struct's schema block.
///
/// # Descriptions from doc comments
///
/// Without `#[tf(description = "...")]`, the doc comment of a struct (a
/// resource's or a block's) or of a field (an attribute's) is the
/// description, read as Markdown reads it: the lines of a paragraph are
/// joined into one line, so a sentence wrapped over several `///` lines
/// reads as one in `terraform providers schema -json` and in generated
/// docs. Blank lines between paragraphs stay; so does every line of a list
/// (`-`, `*`, `+`, `1.`), a quote (`>`) or a table (`|`), of a fenced or
/// indented code block, and a heading, a rule or a hard break (two trailing
/// spaces or `\`) ends its line. `#[tfschema::function]` reads the doc
/// comment of a `fn` the same way. A description that must keep every line
/// break goes in `description = "..."`.
#[proc_macro_derive(TfSchema, attributes(tf))]
pub fn derive_tf_schema(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input, expand::Which::Schema).into()
}

/// Implements the codecs (`TfType`, `TfEncode`, `TfDecode`, `FromValue`) and
/// the plan view (`TfPlan` and a companion `<Name>Plan` struct).
///
/// # Custom field types: `#[tf(with = path::to::module)]`
///
/// The module converts the field's custom type `T` (the type inside any
/// `Option`/`Unknown`/`Refined`/`Sensitive` written in the field, which
/// compose as usual) to and from a Terraform value type:
///
/// ```ignore
/// pub type Wire = String; // any owned Terraform value type
/// pub fn to_wire(value: &T) -> Result<Wire, E>;   // E: Display
/// pub fn from_wire(wire: Wire) -> Result<T, E>;   // E: Display
/// // Only with `#[tf(with = module, semantic_equal)]`:
/// pub fn semantically_equal(prior: &T, new: &T) -> bool;
/// ```
///
/// The schema type is `Wire`'s; a conversion error is an `Invalid` error at
/// the attribute's path. The plan view holds `Unknown<T>` (known only when
/// the whole wire value is). `semantic_equal` records the module's function
/// in the attribute's `PlanPolicy::semantic_equal` for the planner.
/// Collections are converted whole by the module; `validate(...)` and
/// literal defaults are compile errors on a `with` field (`default = fn`
/// returns `T`). `tfschema::TfSchema`'s documentation has the details.
#[proc_macro_derive(TfValue, attributes(tf))]
pub fn derive_tf_value(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input, expand::Which::Value).into()
}

/// A provider-defined function from a `fn`: keeps the `fn` and adds a
/// struct of the same name implementing `tfschema::server::typed::Function`.
/// See `tfschema::function` for the reference.
#[proc_macro_attribute]
pub fn function(attr: TokenStream, item: TokenStream) -> TokenStream {
    function::expand(attr.into(), item.into()).into()
}
