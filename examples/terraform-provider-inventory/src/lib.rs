//! terraform-provider-inventory: an example Terraform provider built with
//! tfschema's typed layer, keeping inventory records in a SQLite database.
//!
//! [`provider`] assembles it; `main.rs` serves it. The resources live in
//! [`item`] (`inventory_item`, every feature of the derive), [`tag`]
//! (`inventory_tag`, a plain one) and [`label`] (`inventory_label`, the
//! tag's successor, which takes tags over with `moved` blocks), the data
//! sources in [`data`], the ephemeral resource in [`token`]
//! (`inventory_token`), the provider-defined functions in [`functions`],
//! the action in [`restock`] (`inventory_restock`), the list resource in
//! [`list`] (`list "inventory_item"`, Terraform 1.14+), the database in
//! [`store`]. Release 0.2.0 gives the three resources identities
//! (Terraform 1.12+). See README.md for the configuration and the database
//! schema.

pub mod data;
pub mod functions;
pub mod item;
pub mod label;
pub mod list;
pub mod provider;
pub mod restock;
pub mod store;
pub mod tag;
pub mod token;

use tfschema::server::typed::TypedProvider;

use crate::data::{ItemDataSource, ItemsDataSource};
use crate::item::{Item, ItemModel, ItemResource, ItemV0};
use crate::label::LabelResource;
use crate::list::ItemListResource;
use crate::provider::Inventory;
use crate::restock::RestockAction;
use crate::tag::TagResource;
use crate::token::TokenResource;

/// Environment variable: `1` serves only the types whose schemas protocol 5
/// can describe (no nested attributes), on protocol 5 only.
pub const PROTOCOL5_ONLY_ENV: &str = "INVENTORY_PROTOCOL5_ONLY";

/// How to assemble the provider.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// The provider as release 0.1.0 served it: `inventory_item` at schema
    /// version 0, no identities, no `inventory_label`.
    pub schema_v0: bool,
    /// Leave out the types that use nested attributes (protocol 6 only).
    pub protocol5_only: bool,
}

impl Options {
    /// This build's options: `schema_v0` from the cargo feature of that
    /// name, `protocol5_only` from [`PROTOCOL5_ONLY_ENV`].
    pub fn from_env() -> Options {
        Options {
            schema_v0: cfg!(feature = "schema-v0"),
            protocol5_only: std::env::var(PROTOCOL5_ONLY_ENV).is_ok_and(|v| v.trim() == "1"),
        }
    }
}

/// The provider with its resources, data sources and functions.
pub fn provider(options: Options) -> TypedProvider<Inventory> {
    let provider = TypedProvider::new(Inventory)
        .data_source("inventory_item", ItemDataSource)
        .data_source("inventory_items", ItemsDataSource)
        .ephemeral_resource("inventory_token", TokenResource)
        .action("inventory_restock", RestockAction)
        .function(functions::sku_normalize {})
        .function(functions::price_with_tax {})
        .function(functions::parse_location {})
        .function(functions::join_tags {});
    let provider = if options.schema_v0 {
        with_item::<ItemV0>(provider, options).resource("inventory_tag", TagResource)
    } else {
        let provider = with_item::<Item>(provider, options)
            .resource_with_identity("inventory_tag", TagResource)
            .resource_with_identity("inventory_label", LabelResource);
        // Listed items are named by their identity: only with the
        // identities of 0.2.0, and only where `inventory_item` is served.
        if serves_item::<Item>(options) {
            provider.list_resource("inventory_item", ItemListResource)
        } else {
            provider
        }
    };
    // Terraform offers protocols 5 and 6 and the handshake prefers 6; this
    // mode exists to exercise 5.
    if options.protocol5_only {
        provider.max_protocol(5)
    } else {
        provider
    }
}

/// Whether `inventory_item` with model `M` is served: not when it needs
/// protocol 6 and only protocol 5 is wanted.
fn serves_item<M: ItemModel>(options: Options) -> bool {
    !(options.protocol5_only && M::requires_protocol_6())
}

/// Adds `inventory_item` with model `M`, unless it needs protocol 6 and
/// only protocol 5 is wanted.
fn with_item<M: ItemModel>(
    provider: TypedProvider<Inventory>,
    options: Options,
) -> TypedProvider<Inventory> {
    if !serves_item::<M>(options) {
        return provider;
    }
    if options.schema_v0 {
        provider.resource("inventory_item", ItemResource::<M>::new())
    } else {
        provider.resource_with_identity("inventory_item", ItemResource::<M>::new())
    }
}
