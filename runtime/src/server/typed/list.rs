//! List resources over a derived configuration model: [`ListResource`],
//! what a provider author implements, the results it sends
//! ([`ListItem`] into [`ListResults`]), and the adapter that serves it to
//! the raw layer.
//!
//! A `list` block in a `.tfquery.hcl` file (Terraform 1.14+,
//! `terraform query`) asks for the objects of a managed resource type that
//! match its `config` block. Each result names the object by the
//! resource's identity, which Terraform requires, so a list resource lists
//! a resource type registered with an identity
//! ([`ResourceIdentity`]), under the same type name.

use std::any::TypeId;
use std::future::Future;
use std::marker::PhantomData;
use std::sync::Arc;

use super::future::BoxFuture;
use super::read::validate_model;
use super::shape::Shape;
use super::state::state_of;
use super::{Ctx, Model, PlanView, Resource, ResourceIdentity};
use crate::diag::Diagnostics;
use crate::model::TfSchema;
use crate::schema::Schema;
use crate::server::raw::{self, DynamicValue, ListResourceEvent, ListSink};

/// The provider's client type of a list resource: its resource's.
pub type ListClient<L> = <<L as ListResource>::Resource as Resource>::Client;

/// A list resource type: `list "<type>" "<name>" { provider = ...
/// config { ... } }` in a `.tfquery.hcl` file lists the objects of the
/// managed resource type of the same name.
///
/// The list sends one [`ListItem`] per object found: its identity (the
/// resource's identity model, so no result can lack one), the name
/// Terraform shows beside it, and the object's state when Terraform asks
/// for it ([`ListResults::include_resource`]: `include_resource = true`
/// in the block, or `terraform query -generate-config-out=FILE`).
/// Terraform reads at most `limit` results (100 unless the block says):
/// [`ListResults::send`] says when to stop. Register it with
/// [`TypedProvider::list_resource`](super::TypedProvider::list_resource),
/// under the name of a resource type registered with
/// [`resource_with_identity`](super::TypedProvider::resource_with_identity).
///
/// ```
/// use tfschema::diag::Diagnostics;
/// use tfschema::server::typed::{Ctx, ListItem, ListResource, ListResults, Resource, ResourceIdentity};
/// use tfschema::{TfSchema, TfValue, Unknown};
/// # #[derive(TfSchema, TfValue, Clone)]
/// # struct Thing {
/// #     #[tf(computed, use_state_for_unknown)]
/// #     id: Unknown<String>,
/// #     name: String,
/// # }
/// # #[derive(TfSchema, TfValue)]
/// # #[tf(identity)]
/// # struct ThingIdentity { id: String }
/// # struct Things;
/// # impl Resource for Things {
/// #     type Client = Vec<Thing>;
/// #     type Model = Thing;
/// #     async fn create(&self, _: &mut Ctx<Vec<Thing>>, t: Thing) -> Result<Thing, Diagnostics> { Ok(t) }
/// #     async fn read(&self, _: &mut Ctx<Vec<Thing>>, t: Thing) -> Result<Option<Thing>, Diagnostics> { Ok(Some(t)) }
/// #     async fn update(&self, _: &mut Ctx<Vec<Thing>>, _: Thing, t: Thing) -> Result<Thing, Diagnostics> { Ok(t) }
/// #     async fn delete(&self, _: &mut Ctx<Vec<Thing>>, _: Thing) -> Result<(), Diagnostics> { Ok(()) }
/// # }
/// # impl ResourceIdentity for Things {
/// #     type Identity = ThingIdentity;
/// #     fn identity(&self, t: &Thing) -> Option<ThingIdentity> { Some(ThingIdentity { id: t.id.known()?.clone() }) }
/// # }
///
/// /// The `config` block: which things to list.
/// #[derive(TfSchema, TfValue)]
/// struct ThingFilter {
///     /// Only things whose name starts with this.
///     name_prefix: Option<String>,
/// }
///
/// struct ThingList;
///
/// impl ListResource for ThingList {
///     type Resource = Things;
///     type Config = ThingFilter;
///
///     async fn list(
///         &self,
///         ctx: &mut Ctx<Vec<Thing>>,
///         config: ThingFilter,
///         results: &mut ListResults<Things>,
///     ) -> Result<(), Diagnostics> {
///         let prefix = config.name_prefix.unwrap_or_default();
///         for thing in ctx.client()?.iter().filter(|t| t.name.starts_with(&prefix)) {
///             let Some(id) = thing.id.known() else { continue };
///             let item = ListItem::new(ThingIdentity { id: id.clone() }, &thing.name)
///                 .with_resource(thing.clone());
///             if !results.send(item).await {
///                 break; // the limit is reached, or Terraform stopped reading
///             }
///         }
///         Ok(())
///     }
/// }
/// # let _ = ThingList;
/// ```
pub trait ListResource: Send + Sync + 'static {
    /// The resource type listed: results carry its identity model, and its
    /// model as the object's state.
    type Resource: ResourceIdentity;
    /// The `config` block's model (its plan view is what
    /// [`validate`](Self::validate) sees).
    type Config: Model;

    /// Extra configuration checks, after the derived validators; the
    /// configuration may hold unknowns, and a value a custom type refused
    /// reads as unknown (as for
    /// [`Resource::validate`](crate::server::typed::Resource::validate)).
    /// Terraform validates the `config` block alone (`limit` and
    /// `include_resource` are its own).
    fn validate(&self, config: &PlanView<Self::Config>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// Finds the objects matching `config`, sending each into `results`
    /// until [`send`](ListResults::send) returns `false`. Errors returned
    /// (with paths into the `config` block) end the list after the
    /// results sent; warnings added to `ctx` follow the results.
    fn list(
        &self,
        ctx: &mut Ctx<ListClient<Self>>,
        config: Self::Config,
        results: &mut ListResults<Self::Resource>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;
}

/// One object a list found.
///
/// Its identity is required: a result without one cannot be built (and
/// Terraform would refuse it).
///
/// ```compile_fail
/// # use tfschema::server::typed::{ListItem, ResourceIdentity};
/// fn item<R: ResourceIdentity>() -> ListItem<R> {
///     ListItem { display_name: "no identity".into(), resource: None, diagnostics: Default::default() }
/// }
/// ```
pub struct ListItem<R: ResourceIdentity> {
    /// The object's identity.
    pub identity: R::Identity,
    /// The name Terraform shows beside the identity.
    pub display_name: String,
    /// The object's state: sent when Terraform asked for it
    /// ([`ListResults::include_resource`]), dropped otherwise.
    pub resource: Option<R::Model>,
    /// Warnings about this object (an error ends the list: Terraform stops
    /// at it).
    pub diagnostics: Diagnostics,
}

impl<R: ResourceIdentity> ListItem<R> {
    /// A result with its identity and display name, without the state.
    pub fn new(identity: R::Identity, display_name: impl Into<String>) -> Self {
        ListItem {
            identity,
            display_name: display_name.into(),
            resource: None,
            diagnostics: Diagnostics::new(),
        }
    }

    /// The result with the object's state.
    #[must_use]
    pub fn with_resource(mut self, resource: R::Model) -> Self {
        self.resource = Some(resource);
        self
    }
}

impl<R: ResourceIdentity> std::fmt::Debug for ListItem<R> {
    /// The identity and state are left out (the state may hold sensitive
    /// attributes).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ListItem")
            .field("display_name", &self.display_name)
            .field("resource", &self.resource.is_some())
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

/// Where a list's results go: at most `limit` of them reach Terraform.
pub struct ListResults<R: ResourceIdentity> {
    sink: ListSink,
    shape: Arc<Shape>,
    include_resource: bool,
    limit: usize,
    /// How many more results Terraform reads: 0 once the limit is
    /// reached, Terraform stopped reading or a result ended the list.
    remaining: usize,
    resource: PhantomData<fn(R)>,
}

impl<R: ResourceIdentity> std::fmt::Debug for ListResults<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ListResults")
            .field("include_resource", &self.include_resource)
            .field("limit", &self.limit)
            .field("remaining", &self.remaining)
            .finish_non_exhaustive()
    }
}

impl<R: ResourceIdentity> ListResults<R> {
    /// Whether Terraform wants each object's state
    /// ([`ListItem::resource`]): `include_resource = true`, or
    /// `-generate-config-out`. A result without it is then an error.
    pub fn include_resource(&self) -> bool {
        self.include_resource
    }

    /// How many results Terraform reads in all (the block's `limit`, 100
    /// unless set): a query can ask the backend for no more.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// How many more results Terraform reads.
    pub fn remaining(&self) -> usize {
        self.remaining
    }

    /// Sends a result; whether to go on: `false` once the limit is reached
    /// (this result was the last one read), the result ended the list with
    /// an error (its own, or one found writing it), or Terraform stopped
    /// reading; the list should then return. Results sent after that are
    /// dropped.
    pub async fn send(&mut self, item: ListItem<R>) -> bool {
        if self.remaining == 0 {
            return false;
        }
        let event = self.event(item);
        let ends = event.diagnostics.has_errors();
        let delivered = self.sink.send(event).await;
        if !delivered || ends {
            self.remaining = 0;
            return false;
        }
        self.remaining -= 1;
        self.remaining > 0
    }

    /// A result as the raw layer's event: the identity and the state
    /// written, problems with them as errors of the event.
    fn event(&self, item: ListItem<R>) -> ListResourceEvent {
        let ListItem {
            identity,
            display_name,
            resource,
            mut diagnostics,
        } = item;
        let identity = match DynamicValue::from_model(&identity) {
            Ok(identity) => Some(identity),
            Err(err) => {
                let mut d = crate::diag::Diagnostic::from(err);
                d.summary = "Provider returned an invalid identity".into();
                diagnostics.push(d);
                None
            }
        };
        let resource_object = match (self.include_resource, resource) {
            (false, _) => None,
            (true, Some(model)) => {
                Some(state_of(&self.shape, &model, None, None, &mut diagnostics))
            }
            (true, None) => {
                diagnostics.error(
                    &[],
                    "Missing resource object",
                    format!(
                        "Terraform asked for the state of each object listed (include_resource, or \
                         -generate-config-out), but the provider sent none for {display_name:?}; \
                         this is a bug in the provider."
                    ),
                );
                None
            }
        };
        ListResourceEvent {
            identity,
            display_name,
            resource_object,
            diagnostics,
        }
    }
}

/// A list resource behind dynamic values.
pub(super) trait ErasedList<C>: Send + Sync {
    fn schema(&self) -> Schema;
    /// The Rust type of the resource it lists, to match the resource
    /// registered under its name.
    fn resource_type(&self) -> TypeId;
    /// The name of that type, for messages.
    fn resource_type_name(&self) -> &'static str;
    fn validate(&self, config: &DynamicValue) -> Diagnostics;
    fn list<'a>(
        &'a self,
        ctx: Ctx<C>,
        request: raw::ListResourceRequest,
        sink: ListSink,
    ) -> BoxFuture<'a, Diagnostics>;
}

/// A [`ListResource`] behind dynamic values, with its resource's schema
/// block and value type (for the states it sends).
pub(super) struct ListAdapter<L> {
    list: L,
    shape: Arc<Shape>,
}

impl<L: ListResource> ListAdapter<L> {
    pub(super) fn new(list: L) -> Self {
        ListAdapter {
            list,
            shape: Arc::new(Shape::of::<<L::Resource as Resource>::Model>()),
        }
    }
}

impl<L: ListResource> ErasedList<ListClient<L>> for ListAdapter<L> {
    fn schema(&self) -> Schema {
        <L::Config as TfSchema>::schema()
    }

    fn resource_type(&self) -> TypeId {
        TypeId::of::<L::Resource>()
    }

    fn resource_type_name(&self) -> &'static str {
        std::any::type_name::<L::Resource>()
    }

    fn validate(&self, config: &DynamicValue) -> Diagnostics {
        validate_model::<L::Config>(config, Vec::new(), |view| self.list.validate(view))
    }

    fn list<'a>(
        &'a self,
        mut ctx: Ctx<ListClient<L>>,
        request: raw::ListResourceRequest,
        sink: ListSink,
    ) -> BoxFuture<'a, Diagnostics> {
        Box::pin(async move {
            // Terraform reads nothing at all for `limit = 0` (the gRPC layer
            // answers that itself; this is for direct callers).
            let limit = usize::try_from(request.limit).unwrap_or(0);
            if limit == 0 {
                return Diagnostics::new();
            }
            let config = match request.config.read::<L::Config>() {
                Ok(config) => config,
                Err(d) => return d,
            };
            let mut results = ListResults {
                sink,
                shape: Arc::clone(&self.shape),
                include_resource: request.include_resource_object,
                limit,
                remaining: limit,
                resource: PhantomData,
            };
            let result = self.list.list(&mut ctx, config, &mut results).await;
            let mut diagnostics = std::mem::take(&mut ctx.diagnostics);
            if let Err(d) = result {
                diagnostics.extend(d);
            }
            diagnostics
        })
    }
}
