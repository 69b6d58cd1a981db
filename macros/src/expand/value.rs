//! `#[derive(TfValue)]`: the codec impls of the struct and of its plan
//! view (one generator, `codec`: they have the same attributes in the same
//! order and differ only in the fields' types), the plan view itself and
//! `impl TfPlan`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::codec::Target;
use super::keys::object_shape;
use super::plan_view::{self, PlanWhere};
use super::tokens::private;
use super::with;
use crate::valid::{Model, ObjectOptional};

pub fn expand(model: &Model) -> TokenStream {
    let p = private(model);
    let ident = &model.ident;
    let plan_ident = format_ident!("{}Plan", ident);
    let (_, ty_generics, _) = model.generics.split_for_impl();

    let own_types: Vec<TokenStream> = model
        .fields
        .iter()
        .map(|f| {
            let ty = &f.ty;
            quote!(#ty)
        })
        .collect();
    let plan_types = plan_view::field_types(model, &p);
    let markers = with::markers(model);
    let marker_impls = with::marker_impls(model, &markers, &p);
    let own_shapes = with::shapes(model, &markers, &p, false);
    let plan_shapes = with::shapes(model, &markers, &p, true);
    let plan_where = PlanWhere {
        model,
        plan_types: &plan_types,
        p: &p,
    };

    let shape = object_shape(model);
    let decode_fn = super::decode::function(model, &p);
    let own_type = quote!(#ident #ty_generics);
    let plan_type = quote!(#plan_ident #ty_generics);
    let own = Target {
        model,
        p: &p,
        target: own_type.clone(),
        types: &own_types,
        shapes: &own_shapes,
        tf_type: match &model.optional_attributes {
            Some(ObjectOptional::Optional) => {
                quote!(#p::object_with_optional(<#own_type as #p::TfSchema>::block()))
            }
            Some(ObjectOptional::Named(names)) => quote! {
                #p::object_with_named_optional(<#own_type as #p::TfSchema>::block(), &[#(#names),*])
            },
            None => quote!(<#own_type as #p::TfSchema>::block().implied_type()),
        },
        own: true,
        where_clause: &|_| TokenStream::new(),
    }
    .impls();
    let plan = Target {
        model,
        p: &p,
        target: plan_type,
        types: &plan_types,
        shapes: &plan_shapes,
        tf_type: quote!(<#own_type as #p::TfType>::tf_type()),
        own: false,
        where_clause: &|t| plan_where.clause(t, false),
    }
    .impls();
    let own_debug = plan_view::own_debug(model);
    let definition = plan_view::definition(model, &plan_types, &plan_where);
    let plan_std_impls = plan_view::std_impls(model, &plan_where);
    let tf_plan = plan_view::tf_plan(model, &plan_where);

    quote! {
        #own_debug

        #definition

        #plan_std_impls

        #[automatically_derived]
        const _: () = {
            #shape
            #decode_fn
            #(#marker_impls)*
            #own
            #plan

            #tf_plan
        };
    }
}
