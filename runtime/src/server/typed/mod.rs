//! The typed provider layer: a provider written as a [`Provider`] with
//! [`Resource`]s, [`DataSource`]s and [`EphemeralResource`]s over derived
//! model structs, [`Function`]s over Rust `fn`s (`#[tfschema::function]`),
//! [`Action`]s and [`ListResource`]s.
//!
//! The model struct (`#[derive(TfSchema, TfValue)]`) is the *apply view*:
//! what create, read, update, delete and import see, where only computed
//! attributes (declared `Unknown<T>` or `Refined<T>`) can still be unknown.
//! Its companion `<Name>Plan` struct is the *plan view* ([`PlanView`] lists
//! its field types), where every attribute may be unknown: validation,
//! planning and provider configuration see that one, because Terraform can
//! send unknowns for any attribute there.
//!
//! Planning is done for you on Terraform's proposed new state
//! ([`super::plan`]): computed attributes, defaults, write-only attributes
//! and replacement follow the schema's plan policy; a resource can adjust
//! the result in [`Resource::modify_plan`]. After apply, the new state is
//! checked against the plan: no unknowns left, planned refinements kept.
//! [`TypedProvider`] serves the whole as a [`RawProvider`](super::raw::RawProvider),
//! which a raw provider of your own can wrap.
//!
//! # What goes where
//!
//! | Terraform feature | implement | register with [`TypedProvider`] |
//! |---|---|---|
//! | the provider block | [`Provider`] (`configure` builds the client every call gets through [`Ctx::client`]) | [`TypedProvider::new`] |
//! | a managed resource: create, read, update, delete, plan hook, import ([`Resource::read_by_id`] or [`Resource::import`]), state upgrades | [`Resource`] | [`TypedProvider::resource`] |
//! | resource identity and import by identity (Terraform 1.12+) | [`ResourceIdentity`] beside [`Resource`] | [`TypedProvider::resource_with_identity`] |
//! | `moved` blocks from other resource types (1.8+) | [`Resource::move_state`] | |
//! | a data source | [`DataSource`] | [`TypedProvider::data_source`] |
//! | a provider-defined function (1.8+) | a `fn` with `#[tfschema::function]` ([`Function`]) | [`TypedProvider::function`] |
//! | an ephemeral resource (1.10+) | [`EphemeralResource`] | [`TypedProvider::ephemeral_resource`] |
//! | a list resource, `terraform query` (1.14+) | [`ListResource`] | [`TypedProvider::list_resource`] |
//! | an action (1.14+) | [`Action`] | [`TypedProvider::action`] |
//! | deferred actions (experimental builds) | [`Ctx::defer`] when [`Ctx::deferral_allowed`] | [`TypedProvider::defer_when_config_unknown`] |
//! | timeouts and cancellation | [`Resource::timeout`], [`Ctx::deadline`], [`Ctx::stop_signal`]; retries with [`crate::retry`] | |
//! | warnings, partial state after a failed apply | [`Ctx::warning`], [`Ctx::set_partial_state`] | |
//!
//! Below this layer is [`super::raw`]; [`super::testing`] drives a typed
//! provider without Terraform. The tfschema book (`book/` in the repository)
//! has a chapter on each row, and its tutorial builds a small provider with
//! this layer, from `cargo new` to `terraform apply`.
//!
//! # Example
//!
//! ```no_run
//! # use tfschema::{TfSchema, TfValue, Unknown};
//! # use tfschema::server::typed::{Ctx, Provider, Resource, TypedProvider, PlanView};
//! # use tfschema::diag::Diagnostics;
//! #[derive(TfSchema, TfValue)]
//! struct Config { endpoint: Option<String> }
//!
//! #[derive(TfSchema, TfValue)]
//! struct Thing {
//!     #[tf(computed, use_state_for_unknown)]
//!     id: Unknown<String>,
//!     name: String,
//! }
//!
//! struct MyProvider;
//! impl Provider for MyProvider {
//!     type Config = Config;
//!     type Client = String;
//!     async fn configure(&self, config: PlanView<Config>, _d: &mut Diagnostics) -> Result<String, Diagnostics> {
//!         Ok(config.endpoint.known().cloned().flatten().unwrap_or_default())
//!     }
//! }
//!
//! struct Things;
//! impl Resource for Things {
//!     type Client = String;
//!     type Model = Thing;
//!     async fn create(&self, _ctx: &mut Ctx<String>, mut planned: Thing) -> Result<Thing, Diagnostics> {
//!         planned.id = Unknown::Known(format!("thing-{}", planned.name));
//!         Ok(planned)
//!     }
//!     async fn read(&self, _ctx: &mut Ctx<String>, current: Thing) -> Result<Option<Thing>, Diagnostics> {
//!         Ok(Some(current))
//!     }
//!     async fn update(&self, _ctx: &mut Ctx<String>, _prior: Thing, planned: Thing) -> Result<Thing, Diagnostics> {
//!         Ok(planned)
//!     }
//!     async fn delete(&self, _ctx: &mut Ctx<String>, _prior: Thing) -> Result<(), Diagnostics> {
//!         Ok(())
//!     }
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     TypedProvider::new(MyProvider).resource("example_thing", Things).run()
//! }
//! ```

mod action;
mod ctx;
mod data_source_adapter;
mod deadline;
mod ephemeral;
mod ephemeral_adapter;
mod ephemeral_result;
pub(crate) mod function;
mod generate_config;
mod identity;
mod list;
mod move_state;
mod provider;
mod resource_adapter;
mod traits;
mod views;

use std::future::Future;
use std::pin::Pin;

use crate::model::{TfDecode, TfEncode, TfPlan, TfSchema};

pub use action::{Action, Progress};
pub use ctx::Ctx;
pub use ephemeral::{EphemeralResource, NoPrivate, Opened};
pub use function::{Function, FunctionArgs, FunctionReturn};
pub use identity::{IdentityModel, IdentityUpgrade, ResourceIdentity};
pub use list::{ListClient, ListItem, ListResource, ListResults};
pub use move_state::MoveSource;
pub use provider::TypedProvider;
pub use traits::{DataSource, Provider, Resource, ResourcePlan, StateUpgrade};

/// The error of a provider-defined function (from the raw layer).
pub use crate::server::raw::FunctionError;

/// Why a call is deferred ([`Ctx::defer`]; from the raw layer).
pub use crate::server::raw::Deferred;

/// A derived model struct the typed layer can use: schema, codecs and a
/// plan view that converts both ways.
///
/// Every struct with `#[derive(TfSchema, TfValue)]` that owns its data
/// (no borrowed `&str` fields) is one; there is nothing to implement.
pub trait Model:
    TfSchema
    + TfEncode
    + for<'de> TfDecode<'de>
    + TfPlan<PlanInner: for<'de> TfDecode<'de> + TfEncode + Send>
    + Send
    + 'static
{
}

impl<T> Model for T where
    T: TfSchema
        + TfEncode
        + for<'de> TfDecode<'de>
        + TfPlan<PlanInner: for<'de> TfDecode<'de> + TfEncode + Send>
        + Send
        + 'static
{
}

/// The plan view of a model struct (`<Name>Plan`): every attribute may be
/// unknown.
///
/// `#[derive(TfValue)]` writes the struct next to the model, with the same
/// field names and visibility. A field of type `T` has the type
/// `<T as TfPlan>::Plan` there ([`TfPlan`]), or `<T as TfPlan>::PlanOrNull`
/// when the attribute is computed, since a configuration that leaves a
/// computed attribute unset holds null for it. In practice:
///
/// | model field | plan view field |
/// |---|---|
/// | `name: String` | `Unknown<String>` |
/// | `tags: Option<Vec<String>>` | `Unknown<Option<Vec<Unknown<String>>>>` |
/// | `#[tf(computed)] id: Unknown<String>` | `Unknown<Option<String>>` |
/// | `#[tf(optional, computed)] size: Unknown<Option<i64>>` | `Unknown<Option<i64>>` |
/// | `#[tf(computed)] arn: Refined<String>` | `Refined<Option<String>>` |
/// | `#[tf(block)] disk: Vec<Disk>` | `Unknown<Vec<Unknown<DiskPlan>>>` |
/// | `#[tf(block)] boot: Option<Disk>` | `Unknown<Option<DiskPlan>>` |
///
/// Collection elements can be unknown too, and nested model structs
/// become their own plan views. A `BTreeSet` or `HashSet` becomes a
/// [`Set`](crate::Set), which can hold unknown elements.
///
/// ```
/// use tfschema::server::typed::PlanView;
/// use tfschema::{Refined, TfSchema, TfValue, Unknown};
///
/// #[derive(TfSchema, TfValue)]
/// struct Disk {
///     size_gb: i64,
/// }
///
/// #[derive(TfSchema, TfValue)]
/// struct Server {
///     name: String,
///     tags: Option<Vec<String>>,
///     #[tf(computed)]
///     id: Unknown<String>,
///     #[tf(optional, computed)]
///     size: Unknown<Option<i64>>,
///     #[tf(computed)]
///     arn: Refined<String>,
///     #[tf(block)]
///     disk: Vec<Disk>,
///     #[tf(block)]
///     boot: Option<Disk>,
/// }
///
/// // `PlanView<Server>` is `ServerPlan`.
/// fn fields(plan: PlanView<Server>) {
///     let ServerPlan { name, tags, id, size, arn, disk, boot } = plan;
///     let _: Unknown<String> = name;
///     let _: Unknown<Option<Vec<Unknown<String>>>> = tags;
///     let _: Unknown<Option<String>> = id;
///     let _: Unknown<Option<i64>> = size;
///     let _: Refined<Option<String>> = arn;
///     let _: Unknown<Vec<Unknown<DiskPlan>>> = disk;
///     let _: Unknown<Option<DiskPlan>> = boot;
/// }
/// # let _ = fields;
/// ```
pub type PlanView<M> = <M as TfPlan>::PlanInner;

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
