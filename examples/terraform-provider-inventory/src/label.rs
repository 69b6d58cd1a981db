//! `inventory_label`: the successor of `inventory_tag`, over the same
//! `tags` rows with other words (`name` for the key, `text` for the
//! value). It takes over tags with `moved { from = inventory_tag.a  to =
//! inventory_label.a }` ([`Resource::move_state`]), without touching the
//! row. Its identity is the item and the name (`{ item_id, name }`).

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, MoveSource, Resource, ResourceIdentity};
use tfschema::{TfSchema, TfValue, Unknown};

use crate::store::{Store, TagRow};
use crate::tag::{find_one, Tag};

/// A label in the inventory (a row of `tags`).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Label {
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<String>,
    /// The label's name (a tag's key); changing it replaces the label.
    #[tf(
        requires_replace,
        validate(length(min = 1, max = 63), regex = "^[a-z][a-z0-9_.-]*$")
    )]
    pub name: String,
    /// The label's text (a tag's value).
    pub text: Option<String>,
    /// The id of the `inventory_item` the label belongs to, if any; part
    /// of the label's identity, so changing it replaces the label.
    #[tf(requires_replace)]
    pub item_id: Option<String>,
    #[tf(computed, use_state_for_unknown)]
    pub created_at: Unknown<String>,
}

impl Label {
    fn from_row(row: TagRow) -> Label {
        Label {
            id: Unknown::Known(row.id),
            name: row.key,
            text: row.value,
            item_id: row.item_id,
            created_at: Unknown::Known(row.created_at),
        }
    }

    fn id(&self) -> &str {
        self.id.known().map_or("", String::as_str)
    }
}

/// The identity of a label (Terraform 1.12+): its item and its name.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(identity)]
pub struct LabelIdentity {
    /// The id of the item the label is on; null for a label on no item.
    pub item_id: Option<String>,
    /// The label's name.
    pub name: String,
}

/// The `inventory_label` resource.
#[derive(Debug, Clone, Copy, Default)]
pub struct LabelResource;

fn gone(id: &str) -> Diagnostics {
    Diagnostics::with_error(
        "Label deleted outside Terraform",
        format!("The inventory label {id:?} no longer exists; refresh to recreate it."),
    )
}

impl Resource for LabelResource {
    type Client = Store;
    type Model = Label;

    async fn create(&self, ctx: &mut Ctx<Store>, planned: Label) -> Result<Label, Diagnostics> {
        let row = ctx.client()?.insert_tag(TagRow {
            key: planned.name,
            value: planned.text,
            item_id: planned.item_id,
            ..TagRow::default()
        })?;
        Ok(Label::from_row(row))
    }

    async fn read(
        &self,
        ctx: &mut Ctx<Store>,
        current: Label,
    ) -> Result<Option<Label>, Diagnostics> {
        Ok(ctx.client()?.get_tag(current.id())?.map(Label::from_row))
    }

    async fn update(
        &self,
        ctx: &mut Ctx<Store>,
        prior: Label,
        planned: Label,
    ) -> Result<Label, Diagnostics> {
        let store = ctx.client()?;
        let id = prior.id();
        let mut row = store.get_tag(id)?.ok_or_else(|| gone(id))?;
        row.key = planned.name;
        row.value = planned.text;
        row.item_id = planned.item_id;
        let row = store.update_tag(row)?.ok_or_else(|| gone(id))?;
        Ok(Label::from_row(row))
    }

    async fn delete(&self, ctx: &mut Ctx<Store>, prior: Label) -> Result<(), Diagnostics> {
        ctx.client()?.delete_tag(prior.id())
    }

    async fn read_by_id(
        &self,
        ctx: &mut Ctx<Store>,
        id: &str,
    ) -> Result<Option<Label>, Diagnostics> {
        Ok(ctx.client()?.get_tag(id)?.map(Label::from_row))
    }

    /// From `inventory_tag` of this provider: the same row, `key` and
    /// `value` renamed `name` and `text`. Any other source is declined.
    fn move_state(&self, source: MoveSource<'_>) -> Option<Result<Label, Diagnostics>> {
        if source.type_name != "inventory_tag" || source.provider_type() != "inventory" {
            return None;
        }
        Some(source.decode::<Tag>().map(|tag| Label {
            id: tag.id,
            name: tag.key,
            text: tag.value,
            item_id: tag.item_id,
            created_at: tag.created_at,
        }))
    }
}

impl ResourceIdentity for LabelResource {
    type Identity = LabelIdentity;

    fn identity(&self, label: &Label) -> Option<LabelIdentity> {
        Some(LabelIdentity {
            item_id: label.item_id.clone(),
            name: label.name.clone(),
        })
    }

    async fn import_by_identity(
        &self,
        ctx: &mut Ctx<Store>,
        identity: LabelIdentity,
    ) -> Result<Label, Diagnostics> {
        let row = find_one(
            ctx.client()?,
            "label",
            identity.item_id.as_deref(),
            &identity.name,
        )?;
        Ok(Label::from_row(row))
    }
}
