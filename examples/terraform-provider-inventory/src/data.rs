//! The data sources: `inventory_item` (one item by id) and
//! `inventory_items` (a filtered list). Neither uses nested attributes, so
//! both are served on protocol 5 too.

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, DataSource};
use tfschema::{Number, TfSchema, TfValue, Unknown};

use crate::store::{ItemFilter, ItemRow, Store};

/// One inventory item, looked up by id.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct ItemLookup {
    /// The id of the item.
    #[tf(validate(length(min = 1)))]
    pub id: String,
    #[tf(computed)]
    pub name: Unknown<String>,
    #[tf(computed)]
    pub sku: Unknown<String>,
    #[tf(computed)]
    pub quantity: Unknown<i64>,
    #[tf(computed)]
    pub status: Unknown<String>,
    #[tf(computed)]
    pub price: Unknown<Option<Number>>,
    #[tf(computed)]
    pub tags: Unknown<Option<Vec<String>>>,
    #[tf(computed)]
    pub label: Unknown<Option<String>>,
    #[tf(computed)]
    pub created_at: Unknown<String>,
    #[tf(computed)]
    pub updated_at: Unknown<String>,
}

/// An item in the `items` list of `inventory_items`.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct ItemSummary {
    pub id: String,
    pub name: String,
    pub sku: String,
    pub quantity: i64,
    pub status: String,
}

/// The inventory items matching the filters (all when none is set).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct ItemList {
    /// Only items with this status.
    #[tf(validate(one_of("active", "draft", "discontinued")))]
    pub status: Option<String>,
    /// Only items whose name starts with this text.
    #[tf(validate(length(min = 1)))]
    pub name_prefix: Option<String>,
    /// The ids of the matching items, by name.
    #[tf(computed)]
    pub ids: Unknown<Vec<String>>,
    /// The matching items, by name.
    #[tf(computed)]
    pub items: Unknown<Vec<ItemSummary>>,
}

fn decode_error(e: impl std::fmt::Display) -> Diagnostics {
    Diagnostics::with_error("Unreadable inventory record", e.to_string())
}

/// The `inventory_item` data source.
#[derive(Debug, Clone, Copy, Default)]
pub struct ItemDataSource;

impl DataSource for ItemDataSource {
    type Client = Store;
    type Model = ItemLookup;

    async fn read(
        &self,
        ctx: &mut Ctx<Store>,
        config: ItemLookup,
    ) -> Result<ItemLookup, Diagnostics> {
        let Some(row) = ctx.client()?.get_item(&config.id)? else {
            let mut d = Diagnostics::new();
            d.error(
                &[tfschema::PathStep::Attr("id".into())],
                "Inventory item not found",
                format!("No inventory item has the id {:?}.", config.id),
            );
            return Err(d);
        };
        let tags = row
            .tags
            .as_deref()
            .map(|t| tfschema::json::from_slice::<Vec<String>>(t.as_bytes()))
            .transpose()
            .map_err(decode_error)?;
        let price = row
            .price
            .as_deref()
            .map(Number::parse)
            .transpose()
            .map_err(decode_error)?;
        Ok(ItemLookup {
            id: row.id,
            name: Unknown::Known(row.name),
            sku: Unknown::Known(row.sku),
            quantity: Unknown::Known(row.quantity),
            status: Unknown::Known(row.status),
            price: Unknown::Known(price),
            tags: Unknown::Known(tags),
            label: Unknown::Known(row.label),
            created_at: Unknown::Known(row.created_at),
            updated_at: Unknown::Known(row.updated_at),
        })
    }
}

/// The `inventory_items` data source.
#[derive(Debug, Clone, Copy, Default)]
pub struct ItemsDataSource;

impl DataSource for ItemsDataSource {
    type Client = Store;
    type Model = ItemList;

    async fn read(&self, ctx: &mut Ctx<Store>, config: ItemList) -> Result<ItemList, Diagnostics> {
        let rows = ctx.client()?.list_items(&ItemFilter {
            status: config.status.as_deref(),
            name_prefix: config.name_prefix.as_deref(),
            limit: None,
        })?;
        let items: Vec<ItemSummary> = rows
            .into_iter()
            .map(|r: ItemRow| ItemSummary {
                id: r.id,
                name: r.name,
                sku: r.sku,
                quantity: r.quantity,
                status: r.status,
            })
            .collect();
        Ok(ItemList {
            ids: Unknown::Known(items.iter().map(|i| i.id.clone()).collect()),
            items: Unknown::Known(items),
            ..config
        })
    }
}
