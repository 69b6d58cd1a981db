//! The typed provider layer: a provider written as a [`Provider`] with
//! [`Resource`]s, [`DataSource`]s and [`EphemeralResource`]s over derived
//! model structs.
//!
//! The model struct (`#[derive(TfSchema, TfValue)]`) is the *apply view*:
//! what create, read, update, delete and import see, where only computed
//! attributes (declared `Unknown<T>` or `Refined<T>`) can still be unknown.
//! Its companion `<Name>Plan` struct is the *plan view*, where every
//! attribute may be unknown: validation, planning and provider
//! configuration see that one, because Terraform can send unknowns for any
//! attribute there.
//!
//! Planning is done for you on Terraform's proposed new state
//! ([`super::plan`]): computed attributes, defaults, write-only attributes
//! and replacement follow the schema's plan policy; a resource can adjust
//! the result in [`Resource::modify_plan`]. After apply, the new state is
//! checked against the plan: no unknowns left, planned refinements kept.
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

mod ctx;
mod data_source_adapter;
mod ephemeral;
mod ephemeral_adapter;
mod ephemeral_result;
mod provider;
mod resource_adapter;
mod traits;
mod views;

use std::future::Future;
use std::pin::Pin;

use crate::model::{TfDecode, TfEncode, TfPlan, TfSchema};

pub use ctx::Ctx;
pub use ephemeral::{EphemeralResource, NoPrivate, Opened};
pub use provider::TypedProvider;
pub use traits::{DataSource, Provider, Resource, ResourcePlan, StateUpgrade};

/// A derived model struct the typed layer can use: schema, codecs and a
/// plan view that converts both ways.
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
pub type PlanView<M> = <M as TfPlan>::PlanInner;

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
