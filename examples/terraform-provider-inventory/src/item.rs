//! `inventory_item`: an inventory record using every feature of the derive.
//!
//! [`Item`] is the current model (schema version 1); [`ItemV0`] is the
//! model release 0.1.0 served (schema version 0: `stock` instead of
//! `quantity`, `tags` as one comma-separated string, fewer attributes).
//! Both map to the same `items` row, so one database serves both builds,
//! and [`Item`] upgrades state written by [`ItemV0`].

use std::collections::BTreeMap;
use std::marker::PhantomData;

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, Model, PlanView, Resource, ResourceIdentity, StateUpgrade};
use tfschema::{json, Number, Set, TfDecode, TfEncode, TfSchema, TfValue, Unknown};

use crate::store::{Created, ItemRow, Store};

/// The outer size of an item (a single block).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Dimensions {
    #[tf(validate(range(min = 0)))]
    pub length_cm: f64,
    #[tf(validate(range(min = 0)))]
    pub width_cm: f64,
    #[tf(validate(range(min = 0)))]
    pub height_cm: f64,
}

/// Who looks after the item (a group block: always present, its
/// attributes null when the block is left out).
#[derive(TfSchema, TfValue, Debug, Clone, Default, PartialEq)]
pub struct Audit {
    pub owner: Option<String>,
    pub reviewed: Option<bool>,
}

/// Where units are stored (a list block).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Location {
    #[tf(validate(length(min = 1, max = 32)))]
    pub warehouse: String,
    pub shelf: Option<String>,
    #[tf(validate(range(min = 0)))]
    pub units: Option<i64>,
}

/// A supplier (a set block).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Supplier {
    pub name: String,
    #[tf(validate(regex = "^https?://"))]
    pub url: Option<String>,
}

/// A variant of the item, by variant name (a map block).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Variant {
    pub color: Option<String>,
    #[tf(validate(one_of("XS", "S", "M", "L", "XL")))]
    pub size: Option<String>,
    pub extra_price: Option<Number>,
}

/// A part the item is assembled from (nested attributes: protocol 6).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Component {
    pub part: String,
    #[tf(validate(range(min = 1)))]
    pub qty: i64,
}

/// An item in the inventory.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(version = 1)]
pub struct Item {
    /// The item's id, assigned when it is created.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<String>,
    /// Display name.
    #[tf(validate(length(min = 1, max = 64)))]
    pub name: String,
    /// Stock keeping unit; changing it replaces the item.
    #[tf(
        requires_replace,
        validate(regex = "^[A-Z0-9][A-Z0-9-]*$", length(max = 32))
    )]
    pub sku: String,
    /// Units in stock (default 1). Called `stock` in schema version 0.
    #[tf(
        optional,
        computed,
        default = 1,
        validate(range(min = 0, max = 1000000))
    )]
    pub quantity: Unknown<Option<i64>>,
    /// Lifecycle status (default "active").
    #[tf(
        optional,
        computed,
        default = "active",
        validate(one_of("active", "draft", "discontinued"))
    )]
    pub status: Unknown<Option<String>>,
    /// Unit price, kept as exact decimal text.
    #[tf(validate(range(min = 0)))]
    pub price: Option<Number>,
    /// Currency of `price`; needs `price`.
    #[tf(required_with = ["price"], validate(one_of("EUR", "USD", "GBP")))]
    pub currency: Option<String>,
    /// Shipping weight. An `f64`: use values exact in binary (2.5, not
    /// 0.1). Terraform reads `0.1` as a 512-bit decimal, which the stored
    /// `f64` never equals, so every plan would update the item; `price`
    /// shows the exact alternative, `tfschema::Number`.
    pub weight_kg: Option<f64>,
    pub in_stock: Option<bool>,
    #[tf(validate(items(max = 10), unique, length(min = 1, max = 32)))]
    pub tags: Option<Vec<String>>,
    #[tf(validate(items(max = 10)))]
    pub categories: Option<Set<String>>,
    /// Free-form attributes; keys are lower-case identifiers.
    #[tf(validate(keys(regex = "^[a-z][a-z0-9_]*$")))]
    pub attributes: Option<BTreeMap<String, String>>,
    #[tf(deprecated = "use `notes` instead", conflicts_with = ["notes"])]
    pub description: Option<String>,
    pub notes: Option<String>,
    /// An internal code, hidden in plans and output.
    #[tf(sensitive)]
    pub internal_code: Option<String>,
    /// A secret for the item's API; write-only (Terraform 1.11+): never in
    /// plan or state, and only a fingerprint reaches the database. Set at
    /// create and whenever other attributes change.
    #[tf(write_only, sensitive)]
    pub api_secret: Option<String>,
    /// A label, often built from other resources' ids; must start with
    /// "abc-".
    #[tf(validate(regex = "^abc-"))]
    pub label: Option<String>,
    /// When the item was created (RFC 3339).
    #[tf(computed, use_state_for_unknown)]
    pub created_at: Unknown<String>,
    /// When the item last changed (RFC 3339).
    #[tf(computed)]
    pub updated_at: Unknown<String>,
    #[tf(block)]
    pub dimensions: Option<Dimensions>,
    #[tf(block, nesting = "group")]
    pub audit: Audit,
    #[tf(block, min_items = 1, max_items = 5)]
    pub location: Vec<Location>,
    #[tf(block, min_items = 0, max_items = 3)]
    pub supplier: Set<Supplier>,
    #[tf(block)]
    pub variant: BTreeMap<String, Variant>,
    #[tf(nested)]
    pub components: Option<Vec<Component>>,
}

/// The identity of an item (Terraform 1.12+): `import { to = ...
/// identity = { id = "itm-..." } }` names one by it.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(identity)]
pub struct ItemIdentity {
    /// The item's id.
    pub id: String,
}

/// An item as schema version 0 (release 0.1.0) described it.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct ItemV0 {
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<String>,
    pub name: String,
    #[tf(requires_replace)]
    pub sku: String,
    /// Units in stock (`quantity` since version 1).
    pub stock: i64,
    /// Comma-separated tags (a list since version 1).
    pub tags: Option<String>,
    pub price: Option<Number>,
    #[tf(computed, use_state_for_unknown)]
    pub created_at: Unknown<String>,
    #[tf(computed)]
    pub updated_at: Unknown<String>,
    #[tf(block, min_items = 1, max_items = 5)]
    pub location: Vec<Location>,
}

impl From<ItemV0> for Item {
    fn from(old: ItemV0) -> Item {
        Item {
            id: old.id,
            name: old.name,
            sku: old.sku,
            quantity: Unknown::Known(Some(old.stock)),
            // What version 0 stored; the next refresh reads the row anyway.
            status: Unknown::Known(Some("active".into())),
            price: old.price,
            currency: None,
            weight_kg: None,
            in_stock: None,
            tags: old.tags.as_deref().map(split_tags),
            categories: None,
            attributes: None,
            description: None,
            notes: None,
            internal_code: None,
            api_secret: None,
            label: None,
            created_at: old.created_at,
            updated_at: old.updated_at,
            dimensions: None,
            audit: Audit::default(),
            location: old.location,
            supplier: Set::new(),
            variant: BTreeMap::new(),
            components: None,
        }
    }
}

/// A model of `inventory_item`: how it maps to an `items` row.
pub trait ItemModel: Model + Clone + Sync {
    /// The id, once assigned.
    fn id(&self) -> Option<&str>;

    /// Copies the model into `row`, leaving the columns it does not know.
    ///
    /// # Errors
    /// A value that cannot be stored.
    fn write_row(&self, row: &mut ItemRow) -> Result<(), Diagnostics>;

    /// The model of a stored row.
    ///
    /// # Errors
    /// A column that does not decode (the row was edited by hand).
    fn from_row(row: &ItemRow) -> Result<Self, Diagnostics>;

    /// Leaves out of `config`, the configuration generated from this
    /// state (`-generate-config-out`), what a configuration need not say.
    fn generate_config(&self, config: &mut PlanView<Self>) {
        let _ = config;
    }

    /// State of an older schema version, brought to this one.
    ///
    /// # Errors
    /// A version this model cannot read.
    fn upgrade(state: StateUpgrade<'_>) -> Result<Self, Diagnostics> {
        Err(Diagnostics::with_error(
            "Unsupported state version",
            format!(
                "inventory_item state of schema version {} cannot be upgraded to version {}.",
                state.version,
                Self::VERSION
            ),
        ))
    }
}

impl ItemModel for Item {
    fn id(&self) -> Option<&str> {
        self.id.known().map(String::as_str)
    }

    fn write_row(&self, row: &mut ItemRow) -> Result<(), Diagnostics> {
        row.name.clone_from(&self.name);
        row.sku.clone_from(&self.sku);
        if let Some(Some(q)) = self.quantity.known() {
            row.quantity = *q;
        }
        if let Some(Some(s)) = self.status.known() {
            row.status.clone_from(s);
        }
        row.price = self.price.as_ref().map(decimal).transpose()?;
        row.currency.clone_from(&self.currency);
        row.weight_kg = self.weight_kg;
        row.in_stock = self.in_stock;
        row.tags = self.tags.as_ref().map(to_json).transpose()?;
        row.categories = self.categories.as_ref().map(to_json).transpose()?;
        row.attributes = self.attributes.as_ref().map(to_json).transpose()?;
        row.description.clone_from(&self.description);
        row.notes.clone_from(&self.notes);
        row.internal_code.clone_from(&self.internal_code);
        if let Some(secret) = &self.api_secret {
            row.secret_fingerprint = Some(fingerprint(secret));
        }
        row.label.clone_from(&self.label);
        row.dimensions = self.dimensions.as_ref().map(to_json).transpose()?;
        row.audit = Some(to_json(&self.audit)?);
        row.locations = Some(to_json(&self.location)?);
        row.suppliers = Some(to_json(&self.supplier)?);
        row.variants = Some(to_json(&self.variant)?);
        row.components = self.components.as_ref().map(to_json).transpose()?;
        Ok(())
    }

    fn from_row(row: &ItemRow) -> Result<Item, Diagnostics> {
        Ok(Item {
            id: Unknown::Known(row.id.clone()),
            name: row.name.clone(),
            sku: row.sku.clone(),
            quantity: Unknown::Known(Some(row.quantity)),
            status: Unknown::Known(Some(row.status.clone())),
            price: row.price.as_deref().map(parse_decimal).transpose()?,
            currency: row.currency.clone(),
            weight_kg: row.weight_kg,
            in_stock: row.in_stock,
            tags: from_json_opt(&row.tags)?,
            categories: from_json_opt(&row.categories)?,
            attributes: from_json_opt(&row.attributes)?,
            description: row.description.clone(),
            notes: row.notes.clone(),
            internal_code: row.internal_code.clone(),
            api_secret: None,
            label: row.label.clone(),
            created_at: Unknown::Known(row.created_at.clone()),
            updated_at: Unknown::Known(row.updated_at.clone()),
            dimensions: from_json_opt(&row.dimensions)?,
            audit: from_json_opt(&row.audit)?.unwrap_or_default(),
            location: from_json_opt(&row.locations)?.unwrap_or_default(),
            supplier: from_json_opt(&row.suppliers)?.unwrap_or_default(),
            variant: from_json_opt(&row.variants)?.unwrap_or_default(),
            components: from_json_opt(&row.components)?,
        })
    }

    /// `quantity` and `status` at their defaults (1, "active") are left
    /// out: the configuration plans them anyway.
    fn generate_config(&self, config: &mut ItemPlan) {
        if self.quantity == Unknown::Known(Some(1)) {
            config.quantity = Unknown::Known(None);
        }
        if self.status == Unknown::Known(Some("active".into())) {
            config.status = Unknown::Known(None);
        }
    }

    fn upgrade(state: StateUpgrade<'_>) -> Result<Item, Diagnostics> {
        match state.version {
            0 => Ok(state.decode::<ItemV0>()?.into()),
            v => Err(Diagnostics::with_error(
                "Unsupported state version",
                format!(
                    "inventory_item state of schema version {v} cannot be upgraded to version 1."
                ),
            )),
        }
    }
}

impl ItemModel for ItemV0 {
    fn id(&self) -> Option<&str> {
        self.id.known().map(String::as_str)
    }

    fn write_row(&self, row: &mut ItemRow) -> Result<(), Diagnostics> {
        row.name.clone_from(&self.name);
        row.sku.clone_from(&self.sku);
        row.quantity = self.stock;
        row.tags = self
            .tags
            .as_deref()
            .map(|t| to_json(&split_tags(t)))
            .transpose()?;
        row.price = self.price.as_ref().map(decimal).transpose()?;
        row.locations = Some(to_json(&self.location)?);
        Ok(())
    }

    fn from_row(row: &ItemRow) -> Result<ItemV0, Diagnostics> {
        let tags: Option<Vec<String>> = from_json_opt(&row.tags)?;
        Ok(ItemV0 {
            id: Unknown::Known(row.id.clone()),
            name: row.name.clone(),
            sku: row.sku.clone(),
            stock: row.quantity,
            tags: tags.map(|t| t.join(",")),
            price: row.price.as_deref().map(parse_decimal).transpose()?,
            created_at: Unknown::Known(row.created_at.clone()),
            updated_at: Unknown::Known(row.updated_at.clone()),
            location: from_json_opt(&row.locations)?.unwrap_or_default(),
        })
    }
}

/// Version 0's comma-separated tags as a list (`join(",")` gives them back).
fn split_tags(text: &str) -> Vec<String> {
    text.split(',').map(str::to_owned).collect()
}

/// A non-cryptographic fingerprint (FNV-1a, 64 bits) of a secret, so the
/// database records that, and which, secret was set without holding it. A
/// real provider would hand the secret to its API instead.
pub fn fingerprint(secret: &str) -> String {
    let hash = secret.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("fnv1a64:{hash:016x}")
}

fn decimal(n: &Number) -> Result<String, Diagnostics> {
    n.to_decimal_string()
        .map_err(|e| Diagnostics::with_error("Cannot store number", e.to_string()))
}

fn parse_decimal(text: &str) -> Result<Number, Diagnostics> {
    Number::parse(text).map_err(|e| corrupt("price", &e.to_string()))
}

/// The JSON of a Terraform value, as stored in a text column.
fn to_json<T: TfEncode>(value: &T) -> Result<String, Diagnostics> {
    Ok(json::to_string(value)?)
}

fn from_json_opt<T: for<'de> TfDecode<'de>>(
    column: &Option<String>,
) -> Result<Option<T>, Diagnostics> {
    column
        .as_deref()
        .map(|text| {
            json::from_slice(text.as_bytes()).map_err(|e| corrupt("a JSON column", &e.to_string()))
        })
        .transpose()
}

fn corrupt(what: &str, error: &str) -> Diagnostics {
    Diagnostics::with_error(
        "Unreadable inventory record",
        format!("A stored value does not decode ({what}): {error}"),
    )
}

fn gone(id: &str) -> Diagnostics {
    Diagnostics::with_error(
        "Item deleted outside Terraform",
        format!("The inventory item {id:?} no longer exists; refresh to recreate it."),
    )
}

fn sku_taken(row: &ItemRow) -> Diagnostics {
    let mut d = Diagnostics::new();
    d.error(
        &[tfschema::PathStep::Attr("sku".into())],
        "Item already exists",
        format!(
            "The inventory already has an item with sku {:?} ({}), with other values. A sku \
             names one item: import it (`terraform import <address> {}`) or choose another sku.",
            row.sku, row.id, row.id
        ),
    );
    d
}

/// The `inventory_item` resource over model `M` ([`Item`] or [`ItemV0`]).
pub struct ItemResource<M>(PhantomData<fn() -> M>);

impl<M> ItemResource<M> {
    pub fn new() -> Self {
        ItemResource(PhantomData)
    }
}

impl<M> Default for ItemResource<M> {
    fn default() -> Self {
        ItemResource::new()
    }
}

impl<M> std::fmt::Debug for ItemResource<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ItemResource")
    }
}

impl<M: ItemModel> Resource for ItemResource<M> {
    type Client = Store;
    type Model = M;

    /// Creates with the sku as client token: when the provider is killed
    /// after the row is written but before Terraform records the item, the
    /// next apply plans the item again and this create adopts the row.
    async fn create(&self, ctx: &mut Ctx<Store>, planned: M) -> Result<M, Diagnostics> {
        let mut row = ItemRow::new();
        planned.write_row(&mut row)?;
        match ctx.client()?.create_item(row)? {
            Created::Inserted(row) => M::from_row(&row),
            Created::Adopted(row) => {
                ctx.warning(
                    &[],
                    "Existing item adopted",
                    format!(
                        "An item with sku {:?} and exactly these values already existed ({}), \
                         most likely written by an earlier apply that was interrupted before \
                         Terraform recorded it. It is now managed by this resource.",
                        row.sku, row.id
                    ),
                );
                M::from_row(&row)
            }
            Created::Conflict(row) => Err(sku_taken(&row)),
        }
    }

    async fn read(&self, ctx: &mut Ctx<Store>, current: M) -> Result<Option<M>, Diagnostics> {
        let Some(id) = current.id() else {
            return Ok(None);
        };
        match ctx.client()?.get_item(id)? {
            Some(row) => M::from_row(&row).map(Some),
            None => Ok(None),
        }
    }

    async fn update(&self, ctx: &mut Ctx<Store>, prior: M, planned: M) -> Result<M, Diagnostics> {
        let id = prior.id().unwrap_or_default();
        let store = ctx.client()?;
        let mut row = store.get_item(id)?.ok_or_else(|| gone(id))?;
        planned.write_row(&mut row)?;
        let row = store.update_item(row)?.ok_or_else(|| gone(id))?;
        M::from_row(&row)
    }

    async fn delete(&self, ctx: &mut Ctx<Store>, prior: M) -> Result<(), Diagnostics> {
        match prior.id() {
            Some(id) => ctx.client()?.delete_item(id),
            None => Ok(()),
        }
    }

    async fn read_by_id(&self, ctx: &mut Ctx<Store>, id: &str) -> Result<Option<M>, Diagnostics> {
        ctx.client()?
            .get_item(id)?
            .map(|row| M::from_row(&row))
            .transpose()
    }

    fn upgrade_state(&self, state: StateUpgrade<'_>) -> Result<M, Diagnostics> {
        M::upgrade(state)
    }

    fn generate_config(&self, state: &M, config: &mut PlanView<M>) -> Result<(), Diagnostics> {
        state.generate_config(config);
        Ok(())
    }
}

impl<M: ItemModel> ResourceIdentity for ItemResource<M> {
    type Identity = ItemIdentity;

    fn identity(&self, item: &M) -> Option<ItemIdentity> {
        Some(ItemIdentity {
            id: item.id()?.to_owned(),
        })
    }

    async fn import_by_identity(
        &self,
        ctx: &mut Ctx<Store>,
        identity: ItemIdentity,
    ) -> Result<M, Diagnostics> {
        self.import(ctx, &identity.id).await
    }
}
