//! The decode body of a struct, written once for the struct and its plan
//! view: a function generic over the fields' types (`__tf_decode`), which
//! each `TfDecode` impl calls with its fields' decode functions. The
//! compiler checks the loop once per struct, not once per impl.
//!
//! go-cty writes an object's attributes sorted by name, the order of the
//! fields, so the name expected next (after the previous one) is first
//! compared with its pre-encoded bytes; only when that fails is the name
//! read and looked up among the names (`attr_index`, compiled once in the
//! library). Duplicates are caught either way.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::keys::msgpack_str;
use crate::valid::Model;

/// `__tf_decode`: reads an object of the model's attributes into a tuple,
/// one element per attribute, through the decode functions it is given
/// (`__decode`, and `__null` for an attribute the input does not have).
pub fn function(model: &Model, p: &TokenStream) -> TokenStream {
    let n = model.fields.len();
    let types: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__T{}", i)).collect();
    let indices: Vec<syn::Index> = (0..n).map(syn::Index::from).collect();
    let key_consts: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__KEY{}", i)).collect();
    let names: Vec<&str> = model.fields.iter().map(|f| f.name.as_str()).collect();
    let key_defs = key_defs(model, p);
    let values: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__field{}", i)).collect();
    quote! {
        #[allow(unreachable_code, unused_assignments, clippy::type_complexity)]
        #[inline]
        fn __tf_decode<'__de, __S: #p::Source<'__de>, #(#types),*>(
            __src: &mut __S,
            __decode: (#(fn(&mut __S) -> #p::Result<#types, #p::Error>,)*),
            __null: (#(fn(&mut #p::Decoder<'__de>) -> #p::Result<#types, #p::Error>,)*),
        ) -> #p::Result<(#(#types,)*), #p::Error> {
            #(#key_defs)*
            let mut __object = __src.begin_object(#n)?;
            // One `Option` per attribute, all in one tuple: an early
            // return (`?`) then drops one local, not each slot in turn.
            let mut __slots: (#(#p::Option<#types>,)*) = (#(#p::None::<#types>,)*);
            let mut __next: ::core::primitive::usize = 0;
            loop {
                let __index: ::core::primitive::usize = match __next {
                    #(#indices if __src.take_key(&mut __object, &#key_consts) => #indices,)*
                    _ => match __src.next_key(&mut __object)? {
                        #p::Some(__key) => match #p::attr_index(&__TF_SHAPE, &__key) {
                            #p::Some(__index) => __index,
                            #p::None => {
                                __src.unknown_attribute(&__key)?;
                                continue;
                            }
                        },
                        #p::None => break,
                    },
                };
                match __index {
                    #(#indices => #p::decode_attr(__src, &mut __slots.#indices, #names, __decode.#indices)?,)*
                    _ => {}
                }
                __next = __index + 1;
            }
            __src.end_object(__object);
            // Attributes the input did not have get what the source makes
            // of a missing attribute, in field order (the first that cannot
            // be missing is the error); then every slot is filled.
            #(#p::fill_attr(__src, &mut __slots.#indices, #names, __null.#indices)?;)*
            match __slots {
                (#(#p::Some(#values),)*) => #p::Ok((#(#values,)*)),
                #[allow(unreachable_patterns)]
                _ => #p::Err(#p::unfilled_attribute()),
            }
        }
    }
}

/// Each name as msgpack and JSON spell it, as arrays of known size so that
/// comparing the name expected next is a few word compares.
fn key_defs(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    model
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let name = &f.name;
            let ident = format_ident!("__KEY{}", i);
            let key = msgpack_str(name);
            let json = syn::LitByteStr::new(format!("\"{name}\"").as_bytes(), key.span());
            let (m, j) = (key.value().len(), name.len() + 2);
            quote! {
                const #ident: #p::AttrKey<#m, #j> = #p::AttrKey {
                    name: #name,
                    msgpack: *#key,
                    json: *#json,
                };
            }
        })
        .collect()
}
