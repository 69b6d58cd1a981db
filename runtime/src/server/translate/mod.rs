//! Protocol 5 and protocol 6 of the plugin protocol, each served as the
//! other, as terraform-plugin-mux's `tf5to6server` and `tf6to5server` do.
//!
//! - [`Upgrade`] serves a `tfplugin5.Provider` implementation as
//!   `tfplugin6.Provider` (`tf5to6server.UpgradeServer`): every protocol 5
//!   schema is a valid protocol 6 one.
//! - [`Downgrade`] serves a `tfplugin6.Provider` implementation as
//!   `tfplugin5.Provider` (`tf6to5server.DowngradeServer`), refusing what
//!   protocol 5 cannot carry: a schema with nested attributes is answered
//!   with an error diagnostic naming the type and the attribute.
//! - [`Translate`] moves any protocol 5 message into its protocol 6 twin and
//!   back, every field of it; the fields only one protocol has are listed
//!   with the value the other side's message gets (dropped on the way out).
//!
//! Both servers move the request's metadata (the deadline, headers) along
//! with its message, and the answer's back. The streaming RPCs
//! (`ListResource`, `InvokeAction`) answer with a [`BoxStream`] that moves
//! each event as it comes.
//!
//! ```
//! use tfschema::server::proto::GrpcProvider;
//! use tfschema::server::translate::{Downgrade, Upgrade};
//! # struct MyProvider;
//! # impl tfschema::server::raw::RawProvider for MyProvider {
//! #     fn schema(&self) -> tfschema::server::raw::ProviderSchema { Default::default() }
//! # }
//! // A protocol 6 server seen as protocol 5, and that seen as 6 again.
//! let v5 = Downgrade::new(GrpcProvider::new(MyProvider).v6());
//! let v6 = Upgrade::new(v5);
//! # let _ = v6;
//! ```

mod core;
mod downgrade;
pub(crate) mod forward;
mod messages;
mod upgrade;

pub use self::core::{BoxStream, Translate};
pub use downgrade::{nested_attribute_error, Downgrade};
pub use upgrade::Upgrade;
