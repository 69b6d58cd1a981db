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
//! Planning is done for you on Terraform's proposed new state:
//! computed attributes, defaults, write-only attributes
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
//! | timeouts and cancellation (even of hooks that block their thread) | [`Resource::timeout`], [`Ctx::deadline`], [`Ctx::cancellation`] (child processes killed on Stop: [`Cancellation::output`]); retries with [`super::retry`] | |
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
mod applying;
mod cancellation;
mod ctx;
mod data_source;
mod data_source_adapter;
mod deadline;
mod ephemeral;
mod ephemeral_adapter;
mod ephemeral_result;
pub(crate) mod function;
mod future;
mod generate_config;
mod identity;
mod list;
mod model;
mod move_source;
mod move_state;
mod planning;
mod provider;
mod read;
mod resource;
mod resource_adapter;
mod resource_plan;
mod shape;
mod state;
mod state_upgrade;
mod typed_provider;
mod write_only;

/// The error of a provider function: `Result<T, FunctionError>` from a
/// `#[tfschema::function]` `fn` or a hand-written [`Function::call`]. It is
/// the protocol's `FunctionError`, defined in [`super::raw`] (which the
/// `CallFunction` response carries) and named here too, so that a typed
/// function imports everything it needs from this module.
///
/// ```
/// use tfschema::server::typed::FunctionError;
///
/// /// Halves an even number.
/// #[tfschema::function]
/// fn half(n: i64) -> Result<i64, FunctionError> {
///     if n % 2 != 0 {
///         return Err(FunctionError::argument(0, format!("{n} is odd")));
///     }
///     Ok(n / 2)
/// }
///
/// let error = FunctionError::argument(0, "3 is odd");
/// assert_eq!(error.argument, Some(0));
/// ```
pub use crate::server::raw::FunctionError;
pub use action::{Action, Progress};
pub use cancellation::Cancellation;
pub use ctx::Ctx;
pub use data_source::DataSource;
pub use ephemeral::{EphemeralResource, NoPrivate, Opened};
pub use function::{Function, FunctionArgs, FunctionReturn};
pub use identity::{IdentityModel, IdentityUpgrade, ResourceIdentity};
pub use list::{ListClient, ListItem, ListResource, ListResults};
pub use model::{Model, PlanView};
pub use move_source::MoveSource;
#[cfg(feature = "derive")]
pub use provider::NoConfig;
pub use provider::Provider;
pub use resource::Resource;
pub use resource_plan::ResourcePlan;
pub use state_upgrade::StateUpgrade;
pub use typed_provider::TypedProvider;
