//! [`DataSource`]: a data source type.

use std::future::Future;
use std::time::Duration;

use super::{Ctx, Model, PlanView};
use crate::diag::Diagnostics;

/// A data source type: what `data "<type>" "<name>" {}` blocks read.
///
/// Terraform checks the configuration ([`validate`](Self::validate), after
/// the derived validators, as for a resource) and then asks for the data
/// ([`read`](Self::read)): while planning when the configuration is
/// known, else during apply, once the values it refers to are.
///
/// `read` gets the model filled from the configuration, with every
/// computed attribute the configuration leaves unset *unknown* (not null):
/// they are the data source's to fill, so declare them `Unknown<T>` (or
/// `Refined<T>`), and fill every one; the result may not hold unknowns.
///
/// ```
/// # use tfschema::diag::Diagnostics;
/// # use tfschema::server::typed::{PlanView, Provider, TypedProvider};
/// # #[derive(tfschema::TfSchema, tfschema::TfValue)]
/// # struct Config {}
/// # struct P;
/// # impl Provider for P {
/// #     type Config = Config;
/// #     type Client = ();
/// #     async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
/// #         Ok(())
/// #     }
/// # }
/// use tfschema::server::typed::{Ctx, DataSource};
/// use tfschema::{PathStep, TfSchema, TfValue, Unknown};
///
/// /// A user, by login.
/// #[derive(TfSchema, TfValue)]
/// struct User {
///     login: String,
///     #[tf(computed)]
///     name: Unknown<String>,
///     #[tf(computed)]
///     groups: Unknown<Vec<String>>,
/// }
///
/// struct Users;
///
/// impl DataSource for Users {
///     type Client = ();
///     type Model = User;
///
///     async fn read(&self, _ctx: &mut Ctx<()>, config: User) -> Result<User, Diagnostics> {
///         // `name` and `groups` arrive unknown.
///         if config.login != "ada" {
///             let mut d = Diagnostics::new();
///             d.error(
///                 &[PathStep::Attr("login".into())],
///                 "No such user",
///                 format!("No user has the login {:?}.", config.login),
///             );
///             return Err(d);
///         }
///         Ok(User {
///             name: Unknown::Known("Ada Lovelace".into()),
///             groups: Unknown::Known(vec!["admins".into()]),
///             ..config
///         })
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tfschema::server::testing::Harness;
/// use tfschema::{Type, Value};
///
/// let h = Harness::new(TypedProvider::new(P).data_source("x_user", Users));
/// let config = Value::object([
///     ("login", Value::from("ada")),
///     ("name", Value::Null(Type::String)),
///     ("groups", Value::Null(Type::list(Type::String))),
/// ]);
/// let read = h.read_data_source("x_user", &config).await;
/// let Value::Object(user) = &read.state else { unreachable!() };
/// assert_eq!(user["name"], Value::from("Ada Lovelace"));
/// # }
/// ```
pub trait DataSource: Send + Sync + 'static {
    /// The provider's client type.
    type Client: Send + Sync + 'static;
    /// The model struct: configured attributes in, computed ones filled.
    type Model: Model;

    /// Extra checks of a configuration, after the derived validators; as
    /// [`Resource::validate`](crate::server::typed::Resource::validate), it
    /// always runs, and a value a custom type refused is unknown in
    /// `config`. The default finds nothing.
    fn validate(&self, config: &PlanView<Self::Model>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// The data source's configuration validators (Go's `ConfigValidators()`,
    /// e.g. `ConfigValidator::conflicting(...)`), run on the whole
    /// configuration after the model's own (`#[tf(config_validators(...))]`)
    /// and before [`validate`](Self::validate). The default has none.
    fn config_validators(&self) -> Vec<crate::rules::ConfigValidator> {
        Vec::new()
    }

    /// Reads the data: `config` with its computed attributes filled.
    ///
    /// # Errors
    /// Return `Err` when the data cannot be read (nothing matches, the
    /// API failed): Terraform stops with the diagnostics.
    fn read(
        &self,
        ctx: &mut Ctx<Self::Client>,
        config: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;

    /// The time limit of a read of `config`, as [`Resource::timeout`](crate::server::typed::Resource::timeout)
    /// has it for a resource's calls: the typed layer races the read
    /// against it and Stop, and a read still running then fails with a
    /// "Timeout" error within 100 ms, whatever it does; the read is
    /// abandoned (dropped at its next await, or left to go on detached
    /// while it blocks its thread). [`Ctx::deadline`] tells the read when
    /// that is; [`Ctx::cancellation`] gives a token to tie work to. The default is `Ok(None)`: no limit (Stop still ends the
    /// read).
    ///
    /// With a `#[tf(block)] timeouts: Option<DataSourceTimeouts>` field in
    /// the model the configuration decides:
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use tfschema::diag::Diagnostics;
    /// # use tfschema::server::typed::{Ctx, DataSource};
    /// use tfschema::timeouts::DataSourceTimeouts;
    /// # use tfschema::{TfSchema, TfValue};
    /// # #[derive(TfSchema, TfValue)]
    /// # struct Images { name: String, #[tf(block)] timeouts: Option<DataSourceTimeouts> }
    /// # struct ImageLookup;
    /// impl DataSource for ImageLookup {
    /// #   type Client = ();
    /// #   type Model = Images;
    ///     fn timeout(&self, config: &Images) -> Result<Option<Duration>, Diagnostics> {
    ///         let default = Duration::from_secs(20 * 60);
    ///         DataSourceTimeouts::duration(config.timeouts.as_ref(), default).map(Some)
    ///     }
    ///     // read ...
    /// #   async fn read(&self, _: &mut Ctx<()>, c: Images) -> Result<Images, Diagnostics> { Ok(c) }
    /// }
    /// ```
    ///
    /// # Errors
    /// A time limit that cannot be read (a duration that does not parse):
    /// the read fails with these diagnostics without running.
    fn timeout(&self, config: &Self::Model) -> Result<Option<Duration>, Diagnostics> {
        let _ = config;
        Ok(None)
    }
}
