//! Attribute names as the wire spells them, computed once by the derive:
//! msgpack strings and map headers, JSON keys, and the struct's
//! `ObjectShape` that holds them for the codecs.

use proc_macro2::TokenStream;
use quote::quote;

use super::tokens::private;
use crate::valid::Model;

/// `b"\xa4name"`: the msgpack encoding of an attribute name (names are
/// `[a-z0-9_]`, so already NFC and at most a few dozen bytes).
pub fn msgpack_str(name: &str) -> syn::LitByteStr {
    let mut bytes = Vec::with_capacity(name.len() + 5);
    let len = name.len();
    if len < 32 {
        bytes.push(0xa0 | len as u8);
    } else if len <= 0xff {
        bytes.extend([0xd9, len as u8]);
    } else {
        bytes.push(0xda);
        bytes.extend((len as u16).to_be_bytes());
    }
    bytes.extend_from_slice(name.as_bytes());
    syn::LitByteStr::new(&bytes, proc_macro2::Span::call_site())
}

/// The msgpack map header for `n` entries.
pub fn msgpack_map_header(n: usize) -> syn::LitByteStr {
    let bytes: Vec<u8> = if n < 16 {
        vec![0x80 | n as u8]
    } else {
        let mut v = vec![0xde];
        v.extend((n as u16).to_be_bytes());
        v
    };
    syn::LitByteStr::new(&bytes, proc_macro2::Span::call_site())
}

/// The attributes' names and what precedes each value in msgpack (the
/// name, after the map header for the first) and JSON, computed here once
/// for the struct and its plan view.
pub fn object_shape(model: &Model) -> TokenStream {
    let p = private(model);
    let n = model.fields.len();
    let header = msgpack_map_header(n);
    let names: Vec<&str> = model.fields.iter().map(|f| f.name.as_str()).collect();
    let msgpack: Vec<syn::LitByteStr> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let key = msgpack_str(name);
            let mut bytes = if i == 0 { header.value() } else { Vec::new() };
            bytes.extend(key.value());
            syn::LitByteStr::new(&bytes, key.span())
        })
        .collect();
    // Names match `^[a-z0-9_]+$`: a name's JSON literal is itself in quotes.
    let json: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{}\"{}\":", if i == 0 { '{' } else { ',' }, name))
        .collect();
    quote! {
        static __TF_SHAPE: #p::ObjectShape = #p::ObjectShape {
            names: &[#(#names),*],
            msgpack: &[#(#msgpack),*],
            json: &[#(#json),*],
            msgpack_empty: #header,
        };
    }
}
