//! `inventory_tag`: a key/value tag, optionally attached to an item. A
//! plain resource (no blocks, no nested attributes), served on protocol 5
//! too. Its identity is the item and the key (`{ item_id, key }`).

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, Resource, ResourceIdentity};
use tfschema::{TfSchema, TfValue, Unknown};

use crate::store::{Store, TagRow};

/// A tag in the inventory.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Tag {
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<String>,
    /// The tag's key; changing it replaces the tag.
    #[tf(
        requires_replace,
        validate(length(min = 1, max = 63), regex = "^[a-z][a-z0-9_.-]*$")
    )]
    pub key: String,
    pub value: Option<String>,
    /// The id of the `inventory_item` the tag belongs to, if any; part of
    /// the tag's identity, so changing it replaces the tag.
    #[tf(requires_replace)]
    pub item_id: Option<String>,
    #[tf(computed, use_state_for_unknown)]
    pub created_at: Unknown<String>,
}

impl Tag {
    fn from_row(row: TagRow) -> Tag {
        Tag {
            id: Unknown::Known(row.id),
            key: row.key,
            value: row.value,
            item_id: row.item_id,
            created_at: Unknown::Known(row.created_at),
        }
    }

    fn id(&self) -> &str {
        self.id.known().map_or("", String::as_str)
    }
}

/// The identity of a tag (Terraform 1.12+): its item and its key.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(identity)]
pub struct TagIdentity {
    /// The id of the item the tag is on; null for a tag on no item.
    pub item_id: Option<String>,
    /// The tag's key.
    pub key: String,
}

/// The one row of `tags` with this key on this item: what a tag's (or a
/// label's: `what`) identity names. Two such rows make the identity
/// ambiguous.
///
/// # Errors
/// No such row, more than one, or SQLite errors.
pub fn find_one(
    store: &Store,
    what: &str,
    item_id: Option<&str>,
    key: &str,
) -> Result<TagRow, Diagnostics> {
    let mut rows = store.find_tags(item_id, key)?;
    let on = item_id.map_or_else(|| "on no item".to_owned(), |i| format!("on item {i:?}"));
    match rows.len() {
        1 => Ok(rows.remove(0)),
        0 => Err(Diagnostics::with_error(
            "Cannot import non-existent remote object",
            format!("No {what} {key:?} {on} exists."),
        )),
        n => Err(Diagnostics::with_error(
            "Ambiguous import identity",
            format!("{n} {what}s {key:?} exist {on}; import one of them by id instead."),
        )),
    }
}

/// The `inventory_tag` resource.
#[derive(Debug, Clone, Copy, Default)]
pub struct TagResource;

fn gone(id: &str) -> Diagnostics {
    Diagnostics::with_error(
        "Tag deleted outside Terraform",
        format!("The inventory tag {id:?} no longer exists; refresh to recreate it."),
    )
}

impl Resource for TagResource {
    type Client = Store;
    type Model = Tag;

    async fn create(&self, ctx: &mut Ctx<Store>, planned: Tag) -> Result<Tag, Diagnostics> {
        let row = ctx.client()?.insert_tag(TagRow {
            key: planned.key,
            value: planned.value,
            item_id: planned.item_id,
            ..TagRow::default()
        })?;
        Ok(Tag::from_row(row))
    }

    async fn read(&self, ctx: &mut Ctx<Store>, current: Tag) -> Result<Option<Tag>, Diagnostics> {
        Ok(ctx.client()?.get_tag(current.id())?.map(Tag::from_row))
    }

    async fn update(
        &self,
        ctx: &mut Ctx<Store>,
        prior: Tag,
        planned: Tag,
    ) -> Result<Tag, Diagnostics> {
        let store = ctx.client()?;
        let id = prior.id();
        let mut row = store.get_tag(id)?.ok_or_else(|| gone(id))?;
        row.key = planned.key;
        row.value = planned.value;
        row.item_id = planned.item_id;
        let row = store.update_tag(row)?.ok_or_else(|| gone(id))?;
        Ok(Tag::from_row(row))
    }

    async fn delete(&self, ctx: &mut Ctx<Store>, prior: Tag) -> Result<(), Diagnostics> {
        ctx.client()?.delete_tag(prior.id())
    }

    async fn read_by_id(&self, ctx: &mut Ctx<Store>, id: &str) -> Result<Option<Tag>, Diagnostics> {
        Ok(ctx.client()?.get_tag(id)?.map(Tag::from_row))
    }
}

impl ResourceIdentity for TagResource {
    type Identity = TagIdentity;

    fn identity(&self, tag: &Tag) -> Option<TagIdentity> {
        Some(TagIdentity {
            item_id: tag.item_id.clone(),
            key: tag.key.clone(),
        })
    }

    async fn import_by_identity(
        &self,
        ctx: &mut Ctx<Store>,
        identity: TagIdentity,
    ) -> Result<Tag, Diagnostics> {
        let row = find_one(
            ctx.client()?,
            "tag",
            identity.item_id.as_deref(),
            &identity.key,
        )?;
        Ok(Tag::from_row(row))
    }
}
