//! `inventory_restock`: an action that adds units to an item's stock
//! (`terraform apply -invoke=action.inventory_restock.r`, or an
//! `action_trigger` in an item's `lifecycle`).
//!
//! The item's `quantity` then differs from its configuration: the next plan
//! of that item shows the change, as any change made outside Terraform.

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Action, Ctx, PlanView, Progress};
use tfschema::{PathStep, TfSchema, TfValue, Unknown};

use crate::store::Store;

/// The `config` block of `inventory_restock`.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Restock {
    /// The id of the `inventory_item` to restock.
    #[tf(validate(length(min = 1)))]
    pub item_id: String,
    /// How many units to add.
    #[tf(validate(range(min = 1, max = 100000)))]
    pub units: i64,
}

/// The `inventory_restock` action.
#[derive(Debug, Clone, Copy, Default)]
pub struct RestockAction;

/// The error for an item that does not exist, at `item_id`.
fn no_such_item(id: &str) -> Diagnostics {
    let mut d = Diagnostics::new();
    d.error(
        &[PathStep::Attr("item_id".into())],
        "No such item",
        format!("The inventory has no item {id:?}."),
    );
    d
}

impl Action for RestockAction {
    type Client = Store;
    type Config = Restock;

    /// A known item id must name an item, checked while Terraform plans:
    /// Terraform shows plan errors at the configuration's line, and
    /// invocation errors only as text (1.15).
    async fn plan(
        &self,
        ctx: &mut Ctx<Store>,
        config: PlanView<Restock>,
    ) -> Result<(), Diagnostics> {
        if let Unknown::Known(id) = &config.item_id {
            if ctx.client()?.get_item(id)?.is_none() {
                return Err(no_such_item(id));
            }
        }
        Ok(())
    }

    async fn invoke(
        &self,
        ctx: &mut Ctx<Store>,
        config: Restock,
        progress: &Progress,
    ) -> Result<(), Diagnostics> {
        let store = ctx.client()?;
        progress
            .send(format!(
                "restocking {}: adding {} units",
                config.item_id, config.units
            ))
            .await;
        let Some(mut row) = store.get_item(&config.item_id)? else {
            return Err(no_such_item(&config.item_id));
        };
        row.quantity += config.units;
        let quantity = row.quantity;
        if store.update_item(row)?.is_none() {
            return Err(Diagnostics::with_error(
                "Item deleted while restocking",
                format!(
                    "The inventory item {:?} was deleted meanwhile.",
                    config.item_id
                ),
            ));
        }
        progress
            .send(format!("{} now holds {quantity} units", config.item_id))
            .await;
        Ok(())
    }
}
