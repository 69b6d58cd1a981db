//! [`Resource`]: a managed resource type.

use std::future::Future;
use std::time::Duration;

use super::{Ctx, Model, MoveSource, PlanView, ResourcePlan, StateUpgrade};
use crate::diag::Diagnostics;
use crate::model::TfSchema;
use crate::timeouts::Operation;

/// A managed resource type: what `resource "<type>" "<name>" {}` blocks
/// create, and Terraform keeps in its state.
///
/// Each protocol call becomes a call on this trait with the resource's
/// model struct: the *apply view*, where only computed attributes may be
/// unknown, or its *plan view* [`PlanView`], where any attribute may be.
///
/// | Terraform | calls | with |
/// |---|---|---|
/// | validates a configuration | [`validate`](Self::validate), after the derived validators | the configuration (plan view) |
/// | plans a create or update | default planning, then [`modify_plan`](Self::modify_plan) | a [`ResourcePlan`] |
/// | plans a destroy | nothing: the plan is null | |
/// | applies a create, update, destroy | [`create`](Self::create), [`update`](Self::update), [`delete`](Self::delete) | the planned and prior models |
/// | refreshes | [`read`](Self::read) | the state |
/// | imports (`terraform import`, `import` blocks) | [`import`](Self::import) (by default [`read_by_id`](Self::read_by_id)), then `read` | the id |
/// | finds state of an older schema version | [`upgrade_state`](Self::upgrade_state) | a [`StateUpgrade`] |
///
/// A replacement is a `delete` and a `create` (in the order the
/// configuration's `lifecycle` asks for). Calls of one resource type run
/// concurrently (Terraform works on many instances at once), so the
/// resource is shared through `&self`. Every call but `validate` and
/// `upgrade_state` gets a [`Ctx`]: the provider's client, warnings, the
/// private state. A call fails by returning `Err(diagnostics)`; warnings
/// added to the `Ctx` are sent either way.
///
/// The [module documentation](super) has a whole resource; the methods
/// below show each hook.
pub trait Resource: Send + Sync + 'static {
    /// The provider's client type.
    type Client: Send + Sync + 'static;
    /// The model struct (apply view); its plan view is [`PlanView`].
    type Model: Model;

    /// Extra checks of a configuration, after the derived validators
    /// (`#[tf(validate(...))]`, cross-attribute rules, deprecations); it
    /// runs even when those found errors, and even when a custom type's
    /// `from_wire` (a `#[tf(with = module)]` field) refused a value: the
    /// refusal is an error at its attribute, and the refused attribute is
    /// `Unknown::Unknown` in `config` (in a block or list element, that
    /// attribute only). The default finds nothing.
    ///
    /// `config` is the plan view of the configuration as written: an
    /// attribute it leaves unset is null (`Unknown::Known(None)` for an
    /// optional one), one that refers to a value not known until apply (or
    /// that a custom type refused) is `Unknown::Unknown`. Check only what
    /// is known. There is no [`Ctx`],
    /// so no client: Terraform validates before it configures the
    /// provider. A check written once for the model can also be a
    /// `#[tf(validate_with = path)]` on the struct, run with the derived
    /// validators.
    ///
    /// ```
    /// use tfschema::diag::Diagnostics;
    /// use tfschema::server::typed::{Ctx, Resource};
    /// use tfschema::{PathStep, TfSchema, TfValue, Unknown};
    ///
    /// #[derive(TfSchema, TfValue)]
    /// struct PortRange {
    ///     from: i64,
    ///     to: i64,
    /// }
    ///
    /// struct PortRanges;
    ///
    /// impl Resource for PortRanges {
    ///     type Client = ();
    ///     type Model = PortRange;
    ///
    ///     fn validate(&self, config: &PortRangePlan) -> Diagnostics {
    ///         let mut diagnostics = Diagnostics::new();
    ///         if let (Unknown::Known(from), Unknown::Known(to)) = (&config.from, &config.to) {
    ///             if to < from {
    ///                 diagnostics.error(
    ///                     &[PathStep::Attr("to".into())],
    ///                     "Invalid port range",
    ///                     format!("to ({to}) is below from ({from})."),
    ///                 );
    ///             }
    ///         }
    ///         diagnostics
    ///     }
    ///
    ///     // create, read, update, delete ...
    /// #     async fn create(&self, _: &mut Ctx<Self::Client>, planned: PortRange) -> Result<PortRange, Diagnostics> { Ok(planned) }
    /// #     async fn read(&self, _: &mut Ctx<Self::Client>, current: PortRange) -> Result<Option<PortRange>, Diagnostics> { Ok(Some(current)) }
    /// #     async fn update(&self, _: &mut Ctx<Self::Client>, _: PortRange, planned: PortRange) -> Result<PortRange, Diagnostics> { Ok(planned) }
    /// #     async fn delete(&self, _: &mut Ctx<Self::Client>, _: PortRange) -> Result<(), Diagnostics> { Ok(()) }
    /// }
    ///
    /// let config = PortRangePlan { from: Unknown::Known(8080), to: Unknown::Known(80) };
    /// assert!(PortRanges.validate(&config).has_errors());
    /// // `from` refers to a value not known yet: nothing to say.
    /// let config = PortRangePlan { from: Unknown::Unknown, to: Unknown::Known(80) };
    /// assert!(PortRanges.validate(&config).is_empty());
    /// ```
    fn validate(&self, config: &PlanView<Self::Model>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// The resource's configuration validators (Go's `ConfigValidators()`,
    /// e.g. `ConfigValidator::conflicting(...)`), run on the whole
    /// configuration after the model's own (`#[tf(config_validators(...))]`)
    /// and before [`validate`](Self::validate). The default has none.
    fn config_validators(&self) -> Vec<crate::rules::ConfigValidator> {
        Vec::new()
    }

    /// Adjusts the default plan of a create or an update; not called on
    /// destroy. Terraform asks for a plan whenever the configuration or the
    /// refreshed state may have changed, so this also runs for plans that
    /// change nothing. The default keeps the default plan.
    ///
    /// `plan` holds the prior state, the configuration and the default
    /// plan ([`ResourcePlan`]). The hook may:
    ///
    /// - change [`plan.planned`](ResourcePlan::planned): decide a computed
    ///   attribute the provider can already tell (rather than "known after
    ///   apply"), or a default that depends on other attributes. Only
    ///   computed attributes the configuration leaves unset may change:
    ///   Terraform refuses a plan that differs from a configured value;
    /// - force replacement with [`ResourcePlan::require_replace`].
    ///   `requires_replace` and `requires_replace_if` attributes are judged
    ///   again on the final plan, so a changed planned value needs nothing
    ///   more;
    /// - add warnings ([`Ctx::warning`]) and use the client
    ///   ([`Ctx::client`]), which Terraform has configured by now unless
    ///   configuring failed;
    /// - set the private state handed to apply ([`Ctx::set_private`]; it
    ///   starts as the prior one).
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
    /// use tfschema::server::typed::{Ctx, Resource, ResourcePlan};
    /// use tfschema::{PathStep, TfSchema, TfValue, Unknown};
    ///
    /// #[derive(TfSchema, TfValue)]
    /// struct File {
    ///     path: String,
    ///     content: String,
    ///     /// Bytes in `content`.
    ///     #[tf(computed)]
    ///     size: Unknown<i64>,
    ///     /// Replace the file rather than rewrite it when `content` changes.
    ///     recreate: Option<bool>,
    /// }
    ///
    /// struct Files;
    ///
    /// impl Resource for Files {
    ///     type Client = ();
    ///     type Model = File;
    ///
    ///     async fn modify_plan(
    ///         &self,
    ///         ctx: &mut Ctx<()>,
    ///         plan: &mut ResourcePlan<File>,
    ///     ) -> Result<(), Diagnostics> {
    ///         // Known as soon as the content is: the plan shows the size.
    ///         plan.planned.size = match &plan.planned.content {
    ///             Unknown::Known(content) => Unknown::Known(Some(content.len() as i64)),
    ///             Unknown::Unknown => Unknown::Unknown,
    ///         };
    ///         if plan.planned.content == Unknown::Known(String::new()) {
    ///             ctx.warning(
    ///                 &[PathStep::Attr("content".into())],
    ///                 "Empty file",
    ///                 "The file will be created empty.",
    ///             );
    ///         }
    ///         // A replacement the schema cannot say: it depends on `recreate`.
    ///         if let Some(prior) = &plan.prior {
    ///             let changed = plan.planned.content != Unknown::Known(prior.content.clone());
    ///             if changed && plan.config.recreate == Unknown::Known(Some(true)) {
    ///                 plan.require_replace(vec![PathStep::Attr("content".into())]);
    ///             }
    ///         }
    ///         Ok(())
    ///     }
    ///
    ///     async fn create(&self, _: &mut Ctx<()>, mut planned: File) -> Result<File, Diagnostics> {
    ///         // ... write the file ...
    ///         planned.size = Unknown::Known(planned.content.len() as i64);
    ///         Ok(planned)
    ///     }
    ///
    ///     // read, update, delete ...
    /// #     async fn read(&self, _: &mut Ctx<Self::Client>, current: File) -> Result<Option<File>, Diagnostics> { Ok(Some(current)) }
    /// #     async fn update(&self, _: &mut Ctx<Self::Client>, _: File, planned: File) -> Result<File, Diagnostics> { Ok(planned) }
    /// #     async fn delete(&self, _: &mut Ctx<Self::Client>, _: File) -> Result<(), Diagnostics> { Ok(()) }
    /// }
    ///
    /// // Planned as Terraform would, through the test harness:
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tfschema::server::testing::Harness;
    /// use tfschema::{Type, Value};
    ///
    /// let h = Harness::new(TypedProvider::new(P).resource("x_file", Files));
    /// let config = |content: &str| {
    ///     Value::object([
    ///         ("path", Value::from("motd")),
    ///         ("content", Value::from(content)),
    ///         ("size", Value::Null(Type::Number)),
    ///         ("recreate", Value::from(true)),
    ///     ])
    /// };
    /// let nothing = Value::Null(h.resource_type("x_file"));
    /// let (plan, created) = h.plan_and_apply("x_file", &nothing, &config("hello")).await;
    /// let Value::Object(planned) = &plan.planned_state else { unreachable!() };
    /// assert_eq!(planned["size"], Value::from(5));
    ///
    /// let plan = h.plan("x_file", &created.state, &config("hello, world")).await;
    /// assert_eq!(plan.requires_replace, vec![vec![PathStep::Attr("content".into())]]);
    /// # }
    /// ```
    ///
    /// # Errors
    /// Return `Err` to fail the plan: Terraform stops with the
    /// diagnostics and changes nothing.
    fn modify_plan(
        &self,
        ctx: &mut Ctx<Self::Client>,
        plan: &mut ResourcePlan<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, plan);
        async { Ok(()) }
    }

    /// Creates the object; `planned` holds unknowns only in computed
    /// attributes, which the result must fill. The result becomes the
    /// state: it may not hold unknowns, must keep the values the plan
    /// knew, and must keep the planned refinements of those it did not.
    ///
    /// # Errors
    /// Return `Err` when the object could not be created: Terraform
    /// stores nothing, unless a partial state was recorded
    /// ([`Ctx::set_partial_state`]): then it keeps that as a tainted
    /// object, replaced on the next apply.
    fn create(
        &self,
        ctx: &mut Ctx<Self::Client>,
        planned: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;

    /// Refreshes the object: `current` is the state Terraform holds (upgraded
    /// to the current schema version first), the result what exists now.
    /// Differences show as drift in the next plan. `Ok(None)` when the object
    /// no longer exists: Terraform drops it from the state and plans to
    /// create it again.
    ///
    /// # Errors
    /// Return `Err` when the object cannot be read (the API failed):
    /// Terraform stops, keeping the state as it was.
    fn read(
        &self,
        ctx: &mut Ctx<Self::Client>,
        current: Self::Model,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send;

    /// Updates the object in place, from `prior` (the state) to `planned`
    /// (the plan, holding unknowns only in computed attributes). The
    /// result must fit the plan as [`create`](Self::create)'s does.
    ///
    /// # Errors
    /// Return `Err` when the update failed: the prior state stands, or
    /// the partial state recorded with [`Ctx::set_partial_state`].
    fn update(
        &self,
        ctx: &mut Ctx<Self::Client>,
        prior: Self::Model,
        planned: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;

    /// Deletes the object; `prior` is its state. An object already gone
    /// is no error: return `Ok`.
    ///
    /// # Errors
    /// Return `Err` when the object could not be deleted: Terraform keeps
    /// it in the state.
    fn delete(
        &self,
        ctx: &mut Ctx<Self::Client>,
        prior: Self::Model,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// The time limit of a `create`, `read`, `update` or `delete` of
    /// `model` (the plan for create and update, the state for read and
    /// delete): the typed layer races the call against it, and a call
    /// still running then fails with a "Timeout" error within 100 ms,
    /// whatever it does (keeping the partial state it recorded,
    /// [`Ctx::set_partial_state`]). The call is abandoned: dropped at its
    /// next await, or, when it blocks its thread
    /// (`std::thread::sleep`, `std::process::Command::output()`), left to
    /// go on detached until it gives the thread back; tie work that must
    /// not outlive it to [`Ctx::cancellation`]. [`Ctx::deadline`] tells
    /// the call when that is, for retries that should stop before it. Stop
    /// cancels a call the same way, whatever this returns. The default is
    /// `Ok(None)`: no limit.
    ///
    /// With a `#[tf(block)] timeouts: Option<Timeouts>` field in the model
    /// the configuration decides, with the resource's defaults:
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use tfschema::diag::Diagnostics;
    /// # use tfschema::server::typed::{Ctx, Resource};
    /// use tfschema::timeouts::{Operation, Timeouts};
    /// # use tfschema::{TfSchema, TfValue};
    /// # #[derive(TfSchema, TfValue)]
    /// # struct Volume { name: String, #[tf(block)] timeouts: Option<Timeouts> }
    /// # struct Volumes;
    /// impl Resource for Volumes {
    /// #   type Client = ();
    /// #   type Model = Volume;
    ///     fn timeout(&self, operation: Operation, model: &Volume) -> Result<Option<Duration>, Diagnostics> {
    ///         let default = match operation {
    ///             Operation::Create | Operation::Delete => Duration::from_secs(30 * 60),
    ///             Operation::Read | Operation::Update => Duration::from_secs(5 * 60),
    ///         };
    ///         Timeouts::duration(model.timeouts.as_ref(), operation, default).map(Some)
    ///     }
    ///     // create, read, update, delete ...
    /// #   async fn create(&self, _: &mut Ctx<()>, v: Volume) -> Result<Volume, Diagnostics> { Ok(v) }
    /// #   async fn read(&self, _: &mut Ctx<()>, v: Volume) -> Result<Option<Volume>, Diagnostics> { Ok(Some(v)) }
    /// #   async fn update(&self, _: &mut Ctx<()>, _: Volume, v: Volume) -> Result<Volume, Diagnostics> { Ok(v) }
    /// #   async fn delete(&self, _: &mut Ctx<()>, _: Volume) -> Result<(), Diagnostics> { Ok(()) }
    /// }
    /// ```
    ///
    /// # Errors
    /// A time limit that cannot be read (a duration that does not parse):
    /// the call fails with these diagnostics without running.
    fn timeout(
        &self,
        operation: Operation,
        model: &Self::Model,
    ) -> Result<Option<Duration>, Diagnostics> {
        let _ = (operation, model);
        Ok(None)
    }

    /// Looks an object up by the id `terraform import` was given: the
    /// import-by-id helper. Implement it and [`import`](Self::import) works;
    /// `Ok(None)` when nothing has that id. For ids of another shape
    /// (several parts, a name to look up), override `import` instead.
    ///
    /// # Errors
    /// Return `Err` when the lookup failed. The default fails with
    /// "Import not supported".
    fn read_by_id(
        &self,
        ctx: &mut Ctx<Self::Client>,
        id: &str,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send {
        let _ = (ctx, id);
        async {
            Err(Diagnostics::with_error(
                "Import not supported",
                "This resource type cannot be imported.",
            ))
        }
    }

    /// `terraform import` (and `import` blocks): the object with this id.
    /// By default [`read_by_id`](Self::read_by_id), with an error when
    /// nothing has that id.
    ///
    /// Terraform calls [`read`](Self::read) on the result before it keeps
    /// it, so the result needs only what `read` uses to find the object;
    /// but a state holds no unknowns, so computed attributes must be known.
    /// Override `import` for ids made of several parts:
    ///
    /// ```
    /// # use tfschema::diag::Diagnostics;
    /// # use tfschema::server::typed::{PlanView, Provider, TypedProvider};
    /// # #[derive(tfschema::TfSchema, tfschema::TfValue)]
    /// # struct Config {}
    /// # struct P;
    /// # impl Provider for P {
    /// #     type Config = Config;
    /// #     type Client = Api;
    /// #     async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<Api, Diagnostics> {
    /// #         Ok(Api { tags: BTreeMap::from([(("i-1".to_owned(), "color".to_owned()), "red".to_owned())]) })
    /// #     }
    /// # }
    /// use std::collections::BTreeMap;
    ///
    /// use tfschema::server::typed::{Ctx, Resource};
    /// use tfschema::{TfSchema, TfValue};
    ///
    /// /// A tag of an item: `item_id` and `key` identify it.
    /// #[derive(TfSchema, TfValue)]
    /// struct Tag {
    ///     #[tf(requires_replace)]
    ///     item_id: String,
    ///     #[tf(requires_replace)]
    ///     key: String,
    ///     value: String,
    /// }
    ///
    /// /// The client: tag values by item and key.
    /// struct Api {
    ///     tags: BTreeMap<(String, String), String>,
    /// }
    ///
    /// struct Tags;
    ///
    /// impl Resource for Tags {
    ///     type Client = Api;
    ///     type Model = Tag;
    ///
    ///     /// `terraform import x_tag.a <item_id>/<key>`; releases before 2.0
    ///     /// wrote `<item_id>:<key>`, still accepted with a warning.
    ///     async fn import(&self, ctx: &mut Ctx<Api>, id: &str) -> Result<Tag, Diagnostics> {
    ///         let (item_id, key) = match id.split_once('/') {
    ///             Some(parts) => parts,
    ///             None => {
    ///                 let Some((item_id, key)) = id.split_once(':') else {
    ///                     return Err(Diagnostics::with_error(
    ///                         "Invalid import id",
    ///                         format!("Expected <item_id>/<key>, got {id:?}."),
    ///                     ));
    ///                 };
    ///                 ctx.warning(
    ///                     &[],
    ///                     "Deprecated import id",
    ///                     format!("Write the id as \"{item_id}/{key}\"."),
    ///                 );
    ///                 (item_id, key)
    ///             }
    ///         };
    ///         let api = ctx.client()?;
    ///         let Some(value) = api.tags.get(&(item_id.to_owned(), key.to_owned())) else {
    ///             return Err(Diagnostics::with_error(
    ///                 "Cannot import non-existent remote object",
    ///                 format!("Item {item_id:?} has no tag {key:?}."),
    ///             ));
    ///         };
    ///         Ok(Tag { item_id: item_id.into(), key: key.into(), value: value.clone() })
    ///     }
    ///
    ///     // create, read, update, delete ...
    /// #     async fn create(&self, _: &mut Ctx<Self::Client>, planned: Tag) -> Result<Tag, Diagnostics> { Ok(planned) }
    /// #     async fn read(&self, _: &mut Ctx<Self::Client>, current: Tag) -> Result<Option<Tag>, Diagnostics> { Ok(Some(current)) }
    /// #     async fn update(&self, _: &mut Ctx<Self::Client>, _: Tag, planned: Tag) -> Result<Tag, Diagnostics> { Ok(planned) }
    /// #     async fn delete(&self, _: &mut Ctx<Self::Client>, _: Tag) -> Result<(), Diagnostics> { Ok(()) }
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tfschema::server::testing::Harness;
    /// use tfschema::Value;
    ///
    /// let h = Harness::new(TypedProvider::new(P).resource("x_tag", Tags));
    /// # assert!(h.configure(Value::object(Vec::<(String, Value)>::new())).await.is_empty());
    /// let imported = h.import("x_tag", "i-1/color").await;
    /// assert!(imported.diagnostics.is_empty());
    /// let imported = h.import("x_tag", "i-1:color").await;
    /// assert_eq!(imported.diagnostics.iter().next().unwrap().summary, "Deprecated import id");
    /// let Value::Object(tag) = &imported.state else { unreachable!() };
    /// assert_eq!(tag["value"], Value::from("red"));
    /// # }
    /// ```
    ///
    /// # Errors
    /// Return `Err` when the id is malformed or names nothing: Terraform
    /// imports nothing.
    fn import(
        &self,
        ctx: &mut Ctx<Self::Client>,
        id: &str,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        async move {
            match self.read_by_id(ctx, id).await? {
                Some(model) => Ok(model),
                None => Err(Diagnostics::with_error(
                    "Cannot import non-existent remote object",
                    format!("No object with id {id:?} exists."),
                )),
            }
        }
    }

    /// Brings state written by an older schema version to the current
    /// model ([`TfSchema::VERSION`], `#[tf(version = N)]`). State of the
    /// current version never comes here (it is read as is, ignoring
    /// attributes the schema no longer has); state of a newer version is
    /// refused (it needs the provider release that wrote it). The result is
    /// the state Terraform goes on with, so it may not hold unknowns.
    ///
    /// Decode the old state with the model struct of its version
    /// ([`StateUpgrade::decode`], which skips attributes that model lacks),
    /// then convert:
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
    /// use tfschema::server::typed::{Ctx, Resource, StateUpgrade};
    /// use tfschema::{TfSchema, TfValue};
    ///
    /// /// Schema version 0 kept the size as text ("20GB").
    /// #[derive(TfSchema, TfValue)]
    /// struct DiskV0 {
    ///     name: String,
    ///     size: String,
    /// }
    ///
    /// #[derive(TfSchema, TfValue)]
    /// #[tf(version = 1)]
    /// struct Disk {
    ///     name: String,
    ///     size_gb: i64,
    /// }
    ///
    /// struct Disks;
    ///
    /// impl Resource for Disks {
    ///     type Client = ();
    ///     type Model = Disk;
    ///
    ///     fn upgrade_state(&self, state: StateUpgrade<'_>) -> Result<Disk, Diagnostics> {
    ///         if state.version != 0 {
    ///             return Err(Diagnostics::with_error(
    ///                 "Unsupported state version",
    ///                 format!("Disk state of schema version {} cannot be upgraded.", state.version),
    ///             ));
    ///         }
    ///         let old: DiskV0 = state.decode()?;
    ///         let size_gb = old.size.trim_end_matches("GB").parse().map_err(|_| {
    ///             Diagnostics::with_error("Unreadable state", format!("size {:?} is not in GB.", old.size))
    ///         })?;
    ///         Ok(Disk { name: old.name, size_gb })
    ///     }
    ///
    ///     // create, read, update, delete ...
    /// #     async fn create(&self, _: &mut Ctx<Self::Client>, planned: Disk) -> Result<Disk, Diagnostics> { Ok(planned) }
    /// #     async fn read(&self, _: &mut Ctx<Self::Client>, current: Disk) -> Result<Option<Disk>, Diagnostics> { Ok(Some(current)) }
    /// #     async fn update(&self, _: &mut Ctx<Self::Client>, _: Disk, planned: Disk) -> Result<Disk, Diagnostics> { Ok(planned) }
    /// #     async fn delete(&self, _: &mut Ctx<Self::Client>, _: Disk) -> Result<(), Diagnostics> { Ok(()) }
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tfschema::server::testing::Harness;
    /// use tfschema::Value;
    ///
    /// let h = Harness::new(TypedProvider::new(P).resource("x_disk", Disks));
    /// let upgraded = h.upgrade("x_disk", 0, r#"{"name":"data","size":"20GB"}"#).await;
    /// assert_eq!(
    ///     upgraded.state,
    ///     Value::object([("name", Value::from("data")), ("size_gb", Value::from(20))])
    /// );
    /// # }
    /// ```
    ///
    /// # Errors
    /// Return `Err` for state this resource cannot upgrade: Terraform
    /// stops before planning. The default refuses every older version.
    fn upgrade_state(&self, state: StateUpgrade<'_>) -> Result<Self::Model, Diagnostics> {
        Err(Diagnostics::with_error(
            "Unsupported state version",
            format!(
                "The state was written by schema version {}; this resource cannot upgrade it to version {}.",
                state.version,
                Self::Model::VERSION
            ),
        ))
    }

    /// A `moved` block from another resource type (or another provider's)
    /// to this one: the source's stored state, to be read into this
    /// resource's model. `None` (the default) declines the source, and
    /// Terraform reports that this resource does not accept it.
    ///
    /// Terraform asks while planning, on a provider instance it has not
    /// configured, so no client is at hand: convert the stored values,
    /// and let the refresh that follows the move read the object. Decode
    /// the source with its own model ([`MoveSource::decode`]), picking the
    /// source by [`MoveSource::type_name`] (and the provider, when another
    /// provider's type could have the same name).
    fn move_state(&self, source: MoveSource<'_>) -> Option<Result<Self::Model, Diagnostics>> {
        let _ = source;
        None
    }

    /// Adjusts the configuration Terraform writes for an existing object
    /// (`terraform query -generate-config-out=FILE` for listed objects,
    /// `terraform plan -generate-config-out=FILE` for `import` blocks).
    ///
    /// `config` starts as the object's `state` with null where a
    /// configuration sets nothing: computed-only attributes, and
    /// deprecated attributes and blocks. Optional+computed attributes and
    /// attributes equal to their default keep the state's value. Terraform
    /// leaves null attributes out of the file; the written configuration,
    /// applied, should plan no changes. By default nothing is adjusted.
    ///
    /// ```
    /// # use tfschema::diag::Diagnostics;
    /// # use tfschema::server::typed::{Ctx, Resource};
    /// use tfschema::{TfSchema, TfValue, Unknown};
    ///
    /// #[derive(TfSchema, TfValue)]
    /// struct Bucket {
    ///     name: String,
    ///     /// "private" unless set.
    ///     #[tf(optional, computed, default = "private")]
    ///     acl: Unknown<Option<String>>,
    /// }
    ///
    /// struct Buckets;
    ///
    /// impl Resource for Buckets {
    ///     type Client = ();
    ///     type Model = Bucket;
    ///
    ///     // Leave the default ACL out of generated configuration.
    ///     fn generate_config(&self, state: &Bucket, config: &mut BucketPlan) -> Result<(), Diagnostics> {
    ///         if state.acl == Unknown::Known(Some("private".into())) {
    ///             config.acl = Unknown::Known(None);
    ///         }
    ///         Ok(())
    ///     }
    ///     // create, read, update, delete ...
    /// #     async fn create(&self, _: &mut Ctx<()>, b: Bucket) -> Result<Bucket, Diagnostics> { Ok(b) }
    /// #     async fn read(&self, _: &mut Ctx<()>, b: Bucket) -> Result<Option<Bucket>, Diagnostics> { Ok(Some(b)) }
    /// #     async fn update(&self, _: &mut Ctx<()>, _: Bucket, b: Bucket) -> Result<Bucket, Diagnostics> { Ok(b) }
    /// #     async fn delete(&self, _: &mut Ctx<()>, _: Bucket) -> Result<(), Diagnostics> { Ok(()) }
    /// }
    /// # let _ = Buckets;
    /// ```
    ///
    /// # Errors
    /// Return `Err` when no configuration can be written for the object;
    /// Terraform reports it and writes none.
    fn generate_config(
        &self,
        state: &Self::Model,
        config: &mut PlanView<Self::Model>,
    ) -> Result<(), Diagnostics> {
        let _ = (state, config);
        Ok(())
    }
}
