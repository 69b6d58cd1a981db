//! tfschema: Terraform and OpenTofu providers in Rust.
//!
//! This crate holds the wire format of the plugin protocol's `DynamicValue`
//! exactly as go-cty (the codec inside Terraform and OpenTofu) writes and
//! reads it: type constraints ([`Type`]), numbers ([`Number`]), dynamic
//! values ([`Value`]) with null, unknown and refined unknowns
//! ([`Refinements`]), and the msgpack and JSON codecs ([`msgpack`], [`json`]).
//! `#[derive(TfSchema, TfValue)]` (feature `derive`, on by default) makes a
//! struct a model: its schema block, codecs and plan view. The plugin
//! server that runs a provider is the module `server` (feature `server`).
//!
//! # Where to read
//!
//! - the derives: [`TfSchema`](derive@TfSchema) holds the reference of
//!   both, every `#[tf(...)]` attribute and the Rust types they map;
//! - provider-defined functions: `#[function]` (features `derive` and
//!   `server`);
//! - the plugin server (feature `server`): the module `server`, with its
//!   typed layer (`server::typed`, a table of which trait serves which
//!   Terraform feature), its raw layer (`server::raw`), the test harness
//!   (`server::testing`), and `retry` for calls to flaky APIs;
//! - acceptance tests against real Terraform (feature `acceptance`): the
//!   module `testing::acceptance`, terraform-plugin-testing's steps and
//!   checks with the provider served in process;
//! - values and the wire format: [`Value`], [`Type`], [`Number`],
//!   [`msgpack`], [`json`];
//! - the types Go providers import from the framework's companion modules
//!   (JSON documents, IP addresses and prefixes, RFC 3339 times, Go
//!   durations): [`jsontypes`], [`nettypes`], [`timetypes`], and Go's
//!   duration syntax in [`duration`].
//!
//! To write a provider, start with the tutorial: the first chapter of the
//! tfschema book (`book/` in the tfschema repository, built with mdBook),
//! a small provider from `cargo new` to `terraform apply` with a plan hook,
//! an import and tests. The book then takes each part in turn.
//!
//! # Features
//!
//! | feature | what it adds |
//! |---|---|
//! | `derive` (default) | `#[derive(TfSchema, TfValue)]`, re-exported from `tfschema-derive` |
//! | `server` | the plugin server (tonic, tokio, rustls), `retry`, and with `derive` `#[function]` |
//! | `client` | `server::client`: a provider binary launched as Terraform launches it (or attached to), and proxies serving it in process (implies `server`) |
//! | `acceptance` | `testing::acceptance`: terraform-plugin-testing's acceptance tests, real Terraform against the provider served in process (implies `server`; a dev-dependency feature) |
//! | `compact_str` | `compact_str::CompactString` as a model string type: strings of up to 24 bytes decoded without allocating |
//!
//! ```
//! use tfschema::{Type, Value};
//!
//! let ty: Type = r#"["object",{"ami":"string","count":"number"}]"#.parse()?;
//! let value = Value::object([("ami", Value::from("ami-123")), ("count", Value::from(2))]);
//! let bytes = tfschema::msgpack::value_to_vec(&value, &ty)?;
//! assert_eq!(tfschema::msgpack::value_from_slice(&bytes, &ty)?, value);
//! assert_eq!(
//!     tfschema::json::value_to_string(&value, &ty)?,
//!     r#"{"ami":"ami-123","count":2}"#
//! );
//! # Ok::<(), tfschema::Error>(())
//! ```
//!
//! # How the crate is built
//!
//! In floors, each importing only from itself and the floors below
//! (`tools/import_graph.py --layers` checks it), bottom up:
//!
//! 1. base: the [`Error`] and its attribute paths, [`diag`]nostics,
//!    [`limits`], NFC and quoting, [`Number`], Go's [`duration`] syntax;
//! 2. values: [`Type`], [`Refinements`], [`Value`] with its checks, go-cty's
//!    set order of values, [`show`];
//! 3. [`schema`] blocks and the validators the derive calls;
//! 4. wire: msgpack's [`Encoder`](msgpack::Encoder) and
//!    [`Decoder`](msgpack::Decoder) (with the refinement payload), JSON's
//!    [`Reader`](json::Reader) and [`JsonSink`](json::JsonSink), and each
//!    format's dynamic `Value` codec;
//! 5. [`model`]: [`TfEncode`] with its [`Sink`](model::Sink), [`TfDecode`]
//!    with its [`Source`](model::Source), the other traits, their impls for
//!    the standard types, the typed set order;
//! 6. codecs: each format's `Sink` and `Source` and its typed entry points
//!    ([`msgpack::to_vec`], [`json::from_slice`], ...);
//! 7. the plugin server (feature `server`), [`timeouts`], a derived
//!    model, and the Go framework's custom types for `#[tf(with)]` fields:
//!    [`jsontypes`], [`nettypes`], [`timetypes`].

#![warn(missing_docs)]
// docs.rs builds with `--cfg docsrs` (Cargo.toml's
// `[package.metadata.docs.rs]`): items behind a feature say which.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod diag;
pub mod duration;
mod error;
pub mod json;
pub mod jsontypes;
pub mod limits;
pub mod model;
pub mod msgpack;
pub mod nettypes;
mod number;
pub mod path;
mod refinement;
pub mod rules;
pub mod schema;
#[cfg(feature = "server")]
#[cfg_attr(docsrs, doc(cfg(feature = "server")))]
pub mod server;
mod set;
pub mod show;
#[cfg(feature = "acceptance")]
#[cfg_attr(docsrs, doc(cfg(feature = "acceptance")))]
pub mod testing;
mod text;
pub mod timeouts;
pub mod timetypes;
mod tolerant;
mod types;
mod validate;
mod value;

pub use error::{Error, ErrorKind, PathStep, Result, WireError};
pub use model::decode::{FromValue, TfDecode};
pub use model::encode::TfEncode;
pub use model::ephemeral::EphemeralSchema;
pub use model::identity::TfIdentity;
pub use model::plan::TfPlan;
pub use model::schema::TfSchema;
pub use model::tf_type::TfType;
pub use model::wrappers::{Refined, Sensitive, Set, Unknown};
pub use number::{Number, NumberError};
pub use refinement::{NumberBound, RefineKind, Refinements};
pub use types::{ObjectType, Type};
pub use value::Value;

/// The `tracing` crate the plugin server logs with, re-exported so that a
/// provider logs through the same one without a dependency of its own that
/// must match tfschema's. [`server::run`] installs the subscriber
/// ([`server::log`]): each event becomes an hclog JSON line on stderr, which
/// Terraform shows with `TF_LOG_PROVIDER=debug` (the level comes from
/// `TF_LOG_PROVIDER_<TYPE>`, else `TF_LOG_PROVIDER`, else `TF_LOG`; warnings
/// and errors otherwise), with the call's `tf_req_id`, `tf_rpc` and type
/// name on every line logged while serving it.
///
/// ```
/// use tfschema::tracing;
///
/// fn create(name: &str) {
///     tracing::debug!(name, "creating the note");
///     let span = tracing::info_span!("api_call", endpoint = "/notes");
///     let _entered = span.enter();
///     tracing::warn!(attempt = 2, "retrying");
/// }
/// # create("todo");
/// ```
#[cfg(feature = "server")]
#[cfg_attr(docsrs, doc(cfg(feature = "server")))]
pub use tracing;

/// The Rust examples of the READMEs (the repository's, this crate's and
/// tfschema-derive's) and of the book's chapters, compiled and run as
/// doctests. The tutorial's code is the crate
/// `book/terraform-provider-notes`, tested there; the chapter on model
/// structs includes `derive.md`, the doctests of `TfSchema`'s
/// documentation; `book/terraform-provider-notes/tests/book.rs` checks that
/// every other chapter with Rust code is listed here.
#[cfg(doctest)]
mod book {
    /// The README's provider needs the plugin server, and shows no hidden
    /// `#[cfg(feature = "server")]` lines (GitHub would print them).
    #[cfg(feature = "server")]
    #[doc = include_str!("../../README.md")]
    struct Readme;
    #[doc = include_str!("../README.md")]
    struct CrateReadme;
    #[doc = include_str!("../../macros/README.md")]
    struct DeriveReadme;
    #[doc = include_str!("../../book/src/porting.md")]
    struct Porting;
    #[cfg(feature = "client")]
    #[doc = include_str!("../../book/src/migrating.md")]
    struct Migrating;
    #[doc = include_str!("../../book/src/runtime.md")]
    struct Runtime;
    #[doc = include_str!("../../book/src/server/identity.md")]
    struct Identity;
    #[doc = include_str!("../../book/src/server/functions.md")]
    struct Functions;
    #[doc = include_str!("../../book/src/server/list.md")]
    struct List;
    #[doc = include_str!("../../book/src/server/actions.md")]
    struct Actions;
    #[doc = include_str!("../../book/src/server/deferral.md")]
    struct Deferral;
    #[doc = include_str!("../../book/src/server/timeouts.md")]
    struct Timeouts;
    #[cfg(feature = "acceptance")]
    #[doc = include_str!("../../book/src/server/acceptance.md")]
    struct Acceptance;
}

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

/// `#[derive(TfSchema)]`: the schema block of a model struct (with
/// [`TfValue`](derive@TfValue), its codecs and plan view).
///
#[doc = include_str!("derive.md")]
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
pub use tfschema_derive::TfSchema;
/// `#[derive(TfValue)]`: the msgpack and JSON codecs ([`TfType`],
/// [`TfEncode`], [`TfDecode`], [`FromValue`]) and the plan view ([`TfPlan`]
/// and a companion `<Name>Plan` struct) of a model struct.
///
/// Derived beside [`TfSchema`](derive@TfSchema), whose documentation is the
/// reference of both derives: the Rust types and the Terraform types they
/// map to, the plan view, validation, every `#[tf(...)]` attribute, and
/// custom types (`#[tf(with = module)]`).
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
pub use tfschema_derive::TfValue;

/// `#[tfschema::function]`: a provider-defined function from a Rust `fn`.
///
/// The `fn` stays as written; beside it comes a braced struct of the same
/// name (in the type namespace, so the two do not clash) implementing
/// [`server::typed::Function`]. Register it with
/// [`TypedProvider::function`](server::typed::TypedProvider::function):
/// `.function(sku_normalize {})`. Terraform calls it as
/// `provider::<provider name>::sku_normalize(...)` (1.8 and later; OpenTofu
/// 1.7 and later).
///
/// ```
/// use tfschema::server::typed::FunctionError;
///
/// /// Normalises a SKU: trimmed and upper-cased.
/// ///
/// /// Fails unless the result is letters, digits and dashes.
/// #[tfschema::function]
/// pub fn sku_normalize(sku: String) -> Result<String, FunctionError> {
///     let sku = sku.trim().to_uppercase();
///     if sku.is_empty() || !sku.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
///         return Err(FunctionError::argument(0, format!("{sku:?} is not a SKU")));
///     }
///     Ok(sku)
/// }
///
/// /// Joins tags with a separator.
/// ///
/// /// The tags are joined in the order given.
/// #[tfschema::function]
/// pub fn join_tags(separator: String, #[tf(variadic)] tags: Vec<String>) -> String {
///     tags.join(&separator)
/// }
///
/// // The fn is still a fn:
/// assert_eq!(sku_normalize(" ab-1 ".into()).unwrap(), "AB-1");
/// // and the struct is what the provider serves:
/// use tfschema::server::typed::Function;
/// let signature = join_tags {}.signature();
/// assert_eq!(signature.parameters[0].name, "separator");
/// assert_eq!(signature.variadic.unwrap().ty, tfschema::Type::String);
/// assert_eq!(signature.summary, "Joins tags with a separator.");
/// assert_eq!(signature.description, "The tags are joined in the order given.");
/// ```
///
/// # The signature comes from the `fn`
///
/// | Rust | Terraform |
/// |---|---|
/// | the `fn`'s name | the function's name (`^[a-z_][a-z0-9_]*$`) |
/// | each parameter `name: T` | a parameter of type `T`'s Terraform type, named `name` (any type of the table in [`TfSchema`](derive@TfSchema)'s reference: `String`, numbers, `Number`, `bool`, `Vec`, `Set`, maps, tuples, derived structs as objects, [`Value`] for `dynamic`) |
/// | `#[tf(variadic)] name: Vec<T>` (the last parameter only) | the variadic parameter, of `T`'s type: each extra argument is one `T` |
/// | `T: TfType::CAN_BE_NULL` (`Option<U>`) | `allow_null_value`: a null argument reaches the function as `None`; otherwise Terraform refuses a null before calling |
/// | `T: TfType::CAN_BE_UNKNOWN` (`Unknown<U>`, `Refined<U>`) | `allow_unknown_values`: an unknown argument reaches the function; otherwise Terraform skips the call and the result is unknown |
/// | `-> T` or `-> Result<T, E>` (`E: Into<FunctionError>`) | the return type, `T`'s Terraform type ([`Value`]: `dynamic`) |
/// | the doc comment | the summary (its first paragraph) and the description (the paragraphs after it, as Go's `Summary` and `Description`: empty for a one-paragraph comment) |
/// | `#[deprecated]` (its note) | the deprecation message |
///
/// Arguments are read with the parameter type's msgpack decode (strings may
/// be borrowed: `sku: &str`); one that does not fit (a value of another
/// type, a null or unknown where the type has no room for it) is a function
/// error naming that argument, and the `fn` is not called. An error the
/// `fn` returns is shown by Terraform as
/// `Invalid value for "sku" parameter: <text>.` when it names an argument
/// ([`FunctionError::argument`](server::typed::FunctionError::argument); the
/// index counts variadic arguments too), as
/// `Call to function "provider::…" failed: <text>.` otherwise: write the
/// text without a final period.
///
/// Functions cannot reach the provider's configuration: Terraform calls
/// them on a provider instance it has not configured.
///
/// # Attribute arguments
///
/// | argument | meaning |
/// |---|---|
/// | `name = "..."` | the Terraform name (default: the `fn`'s name) |
/// | `summary = "..."`, `description = "..."` | instead of the doc comment's (with only `summary`, the description is the whole doc comment) |
/// | `markdown` | the descriptions are Markdown |
/// | `deprecated = "..."` | the deprecation message (or Rust's `#[deprecated]`, not both) |
/// | `crate = "path"` | where tfschema is, when re-exported under another name |
///
/// On a parameter, `#[tf(...)]`:
///
/// | key | meaning |
/// |---|---|
/// | `variadic` | the last parameter, a `Vec<T>`, takes any number of arguments |
/// | `allow_null` | null arguments reach the function although the type does not say so: for [`Value`] (a compile error on a type that cannot hold a null) |
/// | `allow_unknown` | the same for unknown arguments |
/// | `description = "..."` | what the parameter is for (doc comments cannot go on parameters) |
///
/// Compile errors, each at the offending token: a receiver (`self`),
/// `async`, `unsafe`, an `extern` ABI, type or const generics, no return
/// type, `impl Trait` parameters or return type, a parameter that is not a
/// plain name, a variadic parameter that is not last or not a `Vec<T>`, a
/// name Terraform cannot call, a parameter or return type that is not a
/// Terraform value type (at that type).
#[cfg(all(feature = "derive", feature = "server"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "derive", feature = "server"))))]
pub use tfschema_derive::function;
