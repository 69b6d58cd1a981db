//! An in-process harness for testing providers without Terraform.
//!
//! [`Harness`] drives a [`RawProvider`](crate::server::raw::RawProvider) (a
//! [`TypedProvider`](super::typed::TypedProvider) or your own) through its
//! real gRPC handlers: values are encoded to msgpack the way Terraform sends
//! them, the protocol 6 (or 5) service methods are called, and the answers
//! are decoded back. Planning calls build Terraform's proposed new state
//! from the prior state and the configuration
//! ([`proposed_new`]), so a test states only what
//! a user would write. Provider-defined functions are called with
//! [`Harness::call_function`]; list resources with
//! [`Harness::list_resource`], which reads the stream as Terraform does.
//!
//! ```no_run
//! # async fn demo<P: tfschema::server::raw::RawProvider>(provider: P) {
//! use tfschema::server::testing::Harness;
//! use tfschema::Value;
//!
//! let h = Harness::new(provider);
//! assert!(h.configure(Value::object([("endpoint", Value::from("x"))])).await.is_empty());
//! let config = Value::object([("name", Value::from("a")), ("id", Value::Null(tfschema::Type::String))]);
//! let plan = h.plan("example_thing", &Value::Null(h.resource_type("example_thing")), &config).await;
//! let state = h.apply("example_thing", &Value::Null(plan.planned_state.ty()), &plan, &config).await;
//! # }
//! ```

mod convert;
mod deferral;
mod ephemeral;
mod harness;
mod identity;
mod list;
mod results;

pub use crate::server::plan::proposed_new;
pub use ephemeral::{OpenResult, RenewResult};
pub use harness::Harness;
pub use identity::{IdentityResult, MoveFrom};
pub use list::{GeneratedConfig, ListEvent, ListOptions, ListResult};
pub use results::{ActionResult, PlanResult, StateResult};
