//! Resource identity in the typed layer: [`ResourceIdentity`], the trait a
//! resource implements beside [`Resource`] to have one, and what the
//! adapter does with it.
//!
//! The identity is computed from the model after every create, read,
//! update, import and move, and checked against the stored one: it must
//! not change after create (Terraform core stopped checking in 1.12; the
//! SDKs do). Terraform without identities (before 1.12, OpenTofu before
//! 1.11) never sends one, and nothing then depends on it.

use std::future::Future;

use super::future::BoxFuture;
use super::state_upgrade::decode_stored;
use super::{Ctx, Model, Resource};
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::json::JsonOptions;
use crate::model::{TfDecode, TfIdentity, TfSchema, TfType};
use crate::schema::AttributeType;
use crate::server::raw::{DynamicValue, IdentityAttribute, IdentitySchema};
use crate::value::Value;

/// A derived identity model the typed layer can use: a [`Model`] declared
/// `#[tf(identity)]` ([`TfIdentity`]).
pub trait IdentityModel: Model + TfIdentity {}

impl<T: Model + TfIdentity> IdentityModel for T {}

/// An identity stored by an older identity version, handed to
/// [`ResourceIdentity::upgrade_identity`].
#[derive(Debug, Clone, Copy)]
pub struct IdentityUpgrade<'a> {
    /// The identity version that wrote it.
    pub version: i64,
    /// The identity as Terraform stored it (JSON).
    pub json: &'a [u8],
}

impl IdentityUpgrade<'_> {
    /// Decodes the identity with an older identity model; attributes that
    /// model no longer has are ignored.
    ///
    /// # Errors
    /// JSON that does not fit `Old`, as an error diagnostic with its path.
    pub fn decode<Old: for<'de> TfDecode<'de>>(&self) -> Result<Old, Diagnostics> {
        decode_stored(self.json)
    }
}

/// A resource type with an identity: a small versioned object (its own
/// model struct, `#[tf(identity)]`) that Terraform 1.12+ stores beside the
/// state to name the remote object, and that an `import` block can name
/// the object by. Register it with
/// [`TypedProvider::resource_with_identity`](super::TypedProvider::resource_with_identity).
///
/// ```no_run
/// # use tfschema::{TfSchema, TfValue, Unknown};
/// # use tfschema::diag::Diagnostics;
/// # use tfschema::server::typed::{Ctx, Resource, ResourceIdentity};
/// #[derive(TfSchema, TfValue)]
/// struct Thing {
///     #[tf(computed, use_state_for_unknown)]
///     id: Unknown<String>,
///     name: String,
/// }
///
/// /// Names one thing.
/// #[derive(TfSchema, TfValue)]
/// #[tf(identity)]
/// struct ThingIdentity {
///     /// The thing's id.
///     id: String,
/// }
///
/// struct Things;
/// # impl Resource for Things {
/// #     type Client = ();
/// #     type Model = Thing;
/// #     async fn create(&self, _: &mut Ctx<()>, t: Thing) -> Result<Thing, Diagnostics> { Ok(t) }
/// #     async fn read(&self, _: &mut Ctx<()>, t: Thing) -> Result<Option<Thing>, Diagnostics> { Ok(Some(t)) }
/// #     async fn update(&self, _: &mut Ctx<()>, _: Thing, t: Thing) -> Result<Thing, Diagnostics> { Ok(t) }
/// #     async fn delete(&self, _: &mut Ctx<()>, _: Thing) -> Result<(), Diagnostics> { Ok(()) }
/// #     async fn read_by_id(&self, _: &mut Ctx<()>, id: &str) -> Result<Option<Thing>, Diagnostics> {
/// #         Ok(Some(Thing { id: Unknown::Known(id.into()), name: String::new() }))
/// #     }
/// # }
/// impl ResourceIdentity for Things {
///     type Identity = ThingIdentity;
///
///     fn identity(&self, thing: &Thing) -> Option<ThingIdentity> {
///         Some(ThingIdentity { id: thing.id.known()?.clone() })
///     }
///
///     async fn import_by_identity(
///         &self,
///         ctx: &mut Ctx<()>,
///         identity: ThingIdentity,
///     ) -> Result<Thing, Diagnostics> {
///         self.import(ctx, &identity.id).await
///     }
/// }
/// ```
pub trait ResourceIdentity: Resource {
    /// The identity model (`#[tf(identity)]`): its attributes are the
    /// identity schema's (`T` required for import, `Option<T>` optional for
    /// import), its `#[tf(version = N)]` the identity version.
    type Identity: IdentityModel;

    /// The identity of the object a state describes. Called after create,
    /// read, update, import and a move, on a state whose computed
    /// attributes are known; `None` when it cannot be told (an error
    /// diagnostic then says so).
    fn identity(&self, model: &Self::Model) -> Option<Self::Identity>;

    /// `import { to = ...  identity = { ... } }`: finds the object an
    /// identity names. Attributes required for import are set (checked
    /// before this is called); optional ones may be `None`. The identity
    /// of the object found must have the values the import block gave.
    fn import_by_identity(
        &self,
        ctx: &mut Ctx<Self::Client>,
        identity: Self::Identity,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = (ctx, identity);
        async {
            Err(Diagnostics::with_error(
                "Import by identity not supported",
                "This resource type cannot be imported by identity; import it by id instead.",
            ))
        }
    }

    /// Brings an identity stored by an older identity version to the
    /// current model ([`TfSchema::VERSION`] of [`Self::Identity`]).
    /// Terraform asks only when the stored version differs.
    fn upgrade_identity(
        &self,
        identity: IdentityUpgrade<'_>,
    ) -> Result<Self::Identity, Diagnostics> {
        Err(Diagnostics::with_error(
            "Unsupported identity version",
            format!(
                "The identity was written by identity version {}; this resource cannot upgrade it to version {}.",
                identity.version,
                <Self::Identity as TfSchema>::VERSION
            ),
        ))
    }
}

/// The identity schema of an identity model: its attributes with their
/// types; required ones are required for import, optional ones optional.
pub(super) fn identity_schema<I: TfIdentity>() -> IdentitySchema {
    let attributes = I::block()
        .attributes
        .into_iter()
        .map(|a| IdentityAttribute {
            ty: match a.ty {
                AttributeType::Type(ty) => ty,
                // The derive allows no nested attributes in an identity.
                nested @ AttributeType::Nested(_) => nested.implied_type(),
            },
            name: a.name,
            required_for_import: a.required,
            optional_for_import: a.optional,
            description: a.description,
        })
        .collect();
    IdentitySchema {
        version: I::VERSION,
        attributes,
    }
}

/// What the adapter asks of a resource's identity, with or without one.
pub(super) trait Identities<R: Resource>: Send + Sync + 'static {
    /// The identity schema, for a resource that has one.
    fn schema(&self) -> Option<IdentitySchema>;

    /// The identity of `model`, written to send (`None` for a resource
    /// without identity, or when it cannot be told: an error in `d`).
    fn of(&self, resource: &R, model: &R::Model, d: &mut Diagnostics) -> Option<DynamicValue>;

    /// Import by identity: the object the identity names.
    fn import<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a mut Ctx<R::Client>,
        identity: &'a DynamicValue,
    ) -> BoxFuture<'a, Result<R::Model, Diagnostics>>;

    /// A stored identity of identity version `version`, in the current
    /// identity's type (`None` when nothing was stored).
    fn upgrade(
        &self,
        resource: &R,
        version: i64,
        json: &[u8],
    ) -> Result<Option<DynamicValue>, Diagnostics>;
}

/// A resource without identity.
pub(super) struct NoIdentity;

impl<R: Resource> Identities<R> for NoIdentity {
    fn schema(&self) -> Option<IdentitySchema> {
        None
    }

    fn of(&self, _: &R, _: &R::Model, _: &mut Diagnostics) -> Option<DynamicValue> {
        None
    }

    fn import<'a>(
        &'a self,
        _: &'a R,
        _: &'a mut Ctx<R::Client>,
        _: &'a DynamicValue,
    ) -> BoxFuture<'a, Result<R::Model, Diagnostics>> {
        Box::pin(async { Err(no_identity()) })
    }

    fn upgrade(&self, _: &R, _: i64, _: &[u8]) -> Result<Option<DynamicValue>, Diagnostics> {
        Err(no_identity())
    }
}

fn no_identity() -> Diagnostics {
    Diagnostics::with_error(
        "Resource type has no identity",
        "This resource type has no identity schema.",
    )
}

/// A resource with an identity ([`ResourceIdentity`]).
pub(super) struct Identified;

impl<R: ResourceIdentity> Identities<R> for Identified {
    fn schema(&self) -> Option<IdentitySchema> {
        Some(identity_schema::<R::Identity>())
    }

    fn of(&self, resource: &R, model: &R::Model, d: &mut Diagnostics) -> Option<DynamicValue> {
        let Some(identity) = resource.identity(model) else {
            d.error(
                &[],
                "Missing resource identity",
                "The provider could not tell the identity of this object from its state (a value it needs is unknown or null); \
                 this is a bug in the provider.",
            );
            return None;
        };
        match DynamicValue::from_model(&identity) {
            Ok(identity) => Some(identity),
            Err(err) => {
                let mut diagnostic = crate::diag::Diagnostic::from(err);
                diagnostic.summary = "Provider returned an invalid identity".into();
                d.push(diagnostic);
                None
            }
        }
    }

    fn import<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a mut Ctx<R::Client>,
        identity: &'a DynamicValue,
    ) -> BoxFuture<'a, Result<R::Model, Diagnostics>> {
        Box::pin(async move {
            let identity = import_identity::<R::Identity>(identity)?;
            resource.import_by_identity(ctx, identity).await
        })
    }

    fn upgrade(
        &self,
        resource: &R,
        version: i64,
        json: &[u8],
    ) -> Result<Option<DynamicValue>, Diagnostics> {
        let current = <R::Identity as TfSchema>::VERSION;
        let text = json.trim_ascii();
        if text.is_empty() || text == b"null" {
            return Ok(None);
        }
        if version == current {
            // Read as the state of the current version is: through a
            // `Value`, attributes the model no longer has ignored.
            let ty = R::Identity::tf_type();
            let value =
                crate::json::decode_value(json, &ty, &JsonOptions::ignoring_unknown_attributes())?;
            return Ok(Some(DynamicValue::from(value)));
        }
        if version > current {
            return Err(Diagnostics::with_error(
                "Identity from a newer provider",
                format!(
                    "The identity was written by identity version {version}, newer than this provider's {current}; \
                     use the provider version that wrote it."
                ),
            ));
        }
        let identity = resource.upgrade_identity(IdentityUpgrade { version, json })?;
        match DynamicValue::from_model(&identity) {
            Ok(identity) => Ok(Some(identity)),
            Err(err) => Err(Diagnostics::from(err)),
        }
    }
}

/// An import block's identity read into the identity model, after
/// checking that it sets every attribute required for import.
fn import_identity<I: IdentityModel>(identity: &DynamicValue) -> Result<I, Diagnostics> {
    let Value::Object(given) = identity.read_value()? else {
        return Err(Diagnostics::with_error(
            "Invalid import identity",
            "The import identity is null; set the identity's attributes in the import block.",
        ));
    };
    let schema = identity_schema::<I>();
    let mut diagnostics = Diagnostics::new();
    for attribute in schema.attributes.iter().filter(|a| a.required_for_import) {
        if given.get(&attribute.name).is_none_or(Value::is_null) {
            let names: Vec<&str> = schema.attributes.iter().map(|a| a.name.as_str()).collect();
            diagnostics.error(
                &[PathStep::Attr(attribute.name.clone())],
                "Missing required import identity attribute",
                format!(
                    "The import identity must set {:?}, which is required for import (the identity's attributes: {}).",
                    attribute.name,
                    names.join(", ")
                ),
            );
        }
    }
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    identity.read()
}

/// Whether `new` is the identity `prior` stored (trivially so when there
/// is none, or it is null in every attribute, as Terraform holds it for
/// an object that had none); otherwise an "Unexpected Identity Change"
/// error in `d`, as terraform-plugin-framework words it.
pub(super) fn unchanged(
    operation: &str,
    prior: Option<&DynamicValue>,
    new: &DynamicValue,
    d: &mut Diagnostics,
) -> bool {
    let Some(prior) = prior else {
        return true;
    };
    if prior.as_msgpack().is_some() && prior.as_msgpack() == new.as_msgpack() {
        return true;
    }
    let (Ok(prior), Ok(new)) = (prior.to_value(), new.to_value()) else {
        // Undecodable values were reported where they were read.
        return true;
    };
    if all_null(&prior) || prior.equals(&new) == Some(true) {
        return true;
    }
    d.error(
        &[],
        "Unexpected Identity Change",
        format!(
            "During the {operation} operation, the Terraform Provider unexpectedly returned a different identity \
             than the previously stored one.\n\nThis is always a problem with the provider and should be reported \
             to the provider developer.\n\nCurrent Identity: {}\n\nNew Identity: {}",
            text(&prior),
            text(&new)
        ),
    );
    false
}

/// Whether the identity of an imported object has the values its import
/// block gave (attributes it left null are the provider's to fill).
pub(super) fn import_matches(
    given: &DynamicValue,
    new: &DynamicValue,
    d: &mut Diagnostics,
) -> bool {
    let (Ok(Value::Object(given_attrs)), Ok(new_value)) = (given.to_value(), new.to_value()) else {
        return true;
    };
    let Value::Object(new_attrs) = &new_value else {
        return true;
    };
    let differs = given_attrs.iter().any(|(name, v)| {
        !v.is_null() && new_attrs.get(name).and_then(|n| n.equals(v)) != Some(true)
    });
    if differs {
        d.error(
            &[],
            "Unexpected Identity Change",
            format!(
                "During the import operation, the Terraform Provider returned an object whose identity differs \
                 from the one the import block gave.\n\nThis is always a problem with the provider and should be \
                 reported to the provider developer.\n\nImport Identity: {}\n\nNew Identity: {}",
                text(&Value::Object(given_attrs)),
                text(&new_value)
            ),
        );
    }
    !differs
}

fn all_null(value: &Value) -> bool {
    match value {
        Value::Null(_) => true,
        Value::Object(attrs) => attrs.values().all(Value::is_null),
        _ => false,
    }
}

/// An identity as JSON, for messages (identities hold no secrets: the
/// derive refuses `sensitive` in them).
fn text(value: &Value) -> String {
    crate::json::value_to_string(value, &value.ty()).unwrap_or_else(|_| "(unprintable)".into())
}
