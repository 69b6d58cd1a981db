//! [`Provider`]: the provider's configuration and the client it builds.

use std::future::Future;

use super::{Model, PlanView};
use crate::diag::Diagnostics;

/// A provider: its configuration model and the client it builds from it.
/// (A provider with neither needs no implementation:
/// [`TypedProvider::without_config`](super::TypedProvider::without_config).)
///
/// Terraform checks the `provider` block with [`validate`](Self::validate),
/// then calls [`configure`](Self::configure) before it plans, applies,
/// refreshes or imports anything. The client `configure` returns is shared
/// by every resource and data source call of the process (through
/// [`Ctx::client`](crate::server::typed::Ctx::client)), and calls run concurrently: a client with state of its
/// own keeps it behind a lock. Both methods see the configuration as a
/// plan view ([`PlanView`]), where any attribute may be unknown: a
/// provider block can refer to resources that do not exist yet.
///
/// ```
/// use tfschema::diag::Diagnostics;
/// use tfschema::server::typed::{PlanView, Provider};
/// use tfschema::{PathStep, TfSchema, TfValue, Unknown};
///
/// /// The `provider "example" {}` block.
/// #[derive(TfSchema, TfValue)]
/// struct Config {
///     /// Base URL of the API.
///     endpoint: String,
///     /// Seconds to wait for an answer; 30 unless set.
///     timeout: Option<i64>,
/// }
///
/// /// What resources get from `ctx.client()`.
/// struct Client {
///     endpoint: String,
///     timeout: i64,
/// }
///
/// struct Example;
///
/// impl Provider for Example {
///     type Config = Config;
///     type Client = Client;
///
///     fn validate(&self, config: &PlanView<Config>) -> Diagnostics {
///         let mut diagnostics = Diagnostics::new();
///         // Unset is `Known(None)`, not known yet is `Unknown`: nothing to check.
///         if let Unknown::Known(Some(timeout)) = config.timeout {
///             if timeout < 1 {
///                 diagnostics.error(
///                     &[PathStep::Attr("timeout".into())],
///                     "Invalid timeout",
///                     "timeout must be at least 1 second.",
///                 );
///             }
///         }
///         diagnostics
///     }
///
///     async fn configure(
///         &self,
///         config: PlanView<Config>,
///         diagnostics: &mut Diagnostics,
///     ) -> Result<Client, Diagnostics> {
///         let Unknown::Known(endpoint) = config.endpoint else {
///             return Err(Diagnostics::with_error(
///                 "Unknown endpoint",
///                 "endpoint must be known when the provider is configured; \
///                  it cannot depend on a resource that is not created yet.",
///             ));
///         };
///         if endpoint.starts_with("http://") {
///             diagnostics.warning(
///                 &[PathStep::Attr("endpoint".into())],
///                 "Unencrypted endpoint",
///                 "Requests to the API are sent over plain HTTP.",
///             );
///         }
///         let timeout = config.timeout.into_known().flatten().unwrap_or(30);
///         Ok(Client { endpoint, timeout })
///     }
/// }
///
/// // In a test, through the gRPC handlers Terraform calls:
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tfschema::server::{testing::Harness, typed::TypedProvider};
/// use tfschema::{Type, Value};
///
/// let h = Harness::new(TypedProvider::new(Example));
/// let config = |endpoint: &str, timeout: Value| {
///     Value::object([("endpoint", Value::from(endpoint)), ("timeout", timeout)])
/// };
/// let diagnostics = h.validate_provider(config("https://api", Value::from(0))).await;
/// assert_eq!(diagnostics.iter().next().unwrap().summary, "Invalid timeout");
/// let diagnostics = h.configure(config("http://api", Value::Null(Type::Number))).await;
/// assert!(!diagnostics.has_errors());
/// assert_eq!(diagnostics.iter().next().unwrap().summary, "Unencrypted endpoint");
/// # }
/// ```
pub trait Provider: Send + Sync + 'static {
    /// The `provider "..." {}` block.
    type Config: Model;
    /// What [`configure`](Self::configure) builds and every resource and data
    /// source receives (an API client, a database handle).
    type Client: Send + Sync + 'static;

    /// Extra checks of the configuration, after the derived validators
    /// (`#[tf(validate(...))]`, cross-attribute rules, deprecations); it runs
    /// even when those found errors or a custom type's `from_wire` refused a
    /// value. Check only what is known: an unset attribute is null, and one
    /// that refers to a value not known yet (or that a custom type refused)
    /// is unknown. The default finds nothing.
    fn validate(&self, config: &PlanView<Self::Config>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// The provider's configuration validators (Go's `ConfigValidators()`,
    /// e.g. `ConfigValidator::conflicting(...)`), run on the whole
    /// configuration after the model's own (`#[tf(config_validators(...))]`)
    /// and before [`validate`](Self::validate). The default has none.
    fn config_validators(&self) -> Vec<crate::rules::ConfigValidator> {
        Vec::new()
    }

    /// Builds the client. The configuration may still hold unknowns (it can
    /// depend on resources not yet created). Warnings go to `diagnostics`,
    /// and reach Terraform whether or not configuring succeeds.
    ///
    /// # Errors
    /// Return `Err` when no client can be built (an unknown or invalid
    /// setting, an unreachable API): Terraform stops with those
    /// diagnostics. (A test that goes on regardless finds that every
    /// [`Ctx::client`](crate::server::typed::Ctx::client) fails with "Provider not configured".)
    fn configure(
        &self,
        config: PlanView<Self::Config>,
        diagnostics: &mut Diagnostics,
    ) -> impl Future<Output = Result<Self::Client, Diagnostics>> + Send;
}

/// A provider that has no `provider` block settings and no client: the
/// whole of its [`Provider`] implementation, for providers that only run
/// local work (files, commands, functions).
///
/// It is its own configuration model (an empty block) and its client is
/// `()`, so its resources and data sources declare `type Client = ();`.
/// [`TypedProvider::without_config`](super::TypedProvider::without_config) starts from it.
///
/// ```
/// use tfschema::server::typed::{NoConfig, TypedProvider};
///
/// let provider: TypedProvider<NoConfig> = TypedProvider::without_config();
/// # let _ = provider;
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, crate::TfSchema, crate::TfValue)]
#[tf(crate = "crate")]
pub struct NoConfig {}

#[cfg(feature = "derive")]
impl Provider for NoConfig {
    type Config = NoConfig;
    type Client = ();

    async fn configure(
        &self,
        _config: PlanView<NoConfig>,
        _diagnostics: &mut Diagnostics,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}
