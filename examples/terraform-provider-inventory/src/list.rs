//! Listing `inventory_item`s (`terraform query`, Terraform 1.14+):
//!
//! ```hcl
//! # main.tfquery.hcl
//! list "inventory_item" "active" {
//!   provider = inventory
//!   config {
//!     status = "active"
//!   }
//! }
//! ```
//!
//! Each row matching the `config` block is a result named by its identity
//! (`{ id }`), shown as `<name> (<sku>)`. With
//! `terraform query -generate-config-out=FILE` Terraform asks for each
//! item's state and writes a `resource` and an `import` block for it; the
//! configuration comes from the state ([`ItemResource`]'s
//! `generate_config` leaves the defaults out).

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, ListItem, ListResource, ListResults};
use tfschema::{TfSchema, TfValue};

use crate::item::{Item, ItemIdentity, ItemModel, ItemResource};
use crate::store::{ItemFilter, Store};

/// The `config` block of `list "inventory_item"`: which items to list
/// (all when nothing is set).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct ItemQuery {
    /// Only items with this status.
    #[tf(validate(one_of("active", "draft", "discontinued")))]
    pub status: Option<String>,
    /// Only items whose name starts with this text.
    #[tf(validate(length(min = 1)))]
    pub name_prefix: Option<String>,
}

/// The `inventory_item` list resource.
#[derive(Debug, Clone, Copy, Default)]
pub struct ItemListResource;

impl ListResource for ItemListResource {
    type Resource = ItemResource<Item>;
    type Config = ItemQuery;

    async fn list(
        &self,
        ctx: &mut Ctx<Store>,
        config: ItemQuery,
        results: &mut ListResults<ItemResource<Item>>,
    ) -> Result<(), Diagnostics> {
        let rows = ctx.client()?.list_items(&ItemFilter {
            status: config.status.as_deref(),
            name_prefix: config.name_prefix.as_deref(),
            // Terraform reads no more than that.
            limit: Some(results.limit()),
        })?;
        for row in rows {
            let identity = ItemIdentity { id: row.id.clone() };
            let mut item = ListItem::new(identity, format!("{} ({})", row.name, row.sku));
            if results.include_resource() {
                match Item::from_row(&row) {
                    Ok(model) => item = item.with_resource(model),
                    // Shown at this item; Terraform stops the list there.
                    Err(d) => item.diagnostics.extend(d),
                }
            }
            if !results.send(item).await {
                break;
            }
        }
        Ok(())
    }
}
