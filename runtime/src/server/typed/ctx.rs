//! [`Ctx`]: what a resource or data source call receives besides its
//! values.

use std::sync::{Arc, Mutex, PoisonError};

use super::Cancellation;
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::model::{TfDecode, TfEncode};
use crate::server::raw::{Deferred, DynamicValue, StopSignal};

/// What a resource or data source call receives besides its values: the
/// configured client, a place for warnings, the Stop signal, the
/// resource's private state and, where Terraform allows it, a way to defer
/// the call ([`defer`](Self::defer)).
///
/// Each call gets a fresh one; what it gathers (diagnostics, private and
/// partial state) goes back with that call's answer. A call that Stop or
/// its deadline ends while it blocks its thread is answered without
/// waiting for it: with the private and partial state it recorded so far,
/// not its diagnostics.
///
/// ```
/// # use tfschema::server::typed::{PlanView, Provider, TypedProvider};
/// # #[derive(tfschema::TfSchema, tfschema::TfValue)]
/// # struct Config {}
/// # struct P;
/// # impl Provider for P {
/// #     type Config = Config;
/// #     type Client = Api;
/// #     async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<Api, Diagnostics> {
/// #         Ok(Api)
/// #     }
/// # }
/// use tfschema::diag::Diagnostics;
/// use tfschema::server::typed::{Ctx, Resource};
/// use tfschema::{PathStep, TfSchema, TfValue, Unknown};
///
/// #[derive(TfSchema, TfValue)]
/// struct Server {
///     name: String,
///     #[tf(computed)]
///     id: Unknown<String>,
///     /// Assigned once the server has booted.
///     #[tf(computed)]
///     address: Unknown<Option<String>>,
/// }
///
/// /// The API client the provider configured.
/// struct Api;
///
/// impl Api {
///     fn create_server(&self, name: &str) -> Result<String, Diagnostics> {
///         Ok(format!("srv-{name}"))
///     }
///     fn wait_for_address(&self, _id: &str) -> Result<String, Diagnostics> {
///         Err(Diagnostics::with_error("Server did not boot", "No address after 5 minutes."))
///     }
/// }
///
/// struct Servers;
///
/// impl Resource for Servers {
///     type Client = Api;
///     type Model = Server;
///
///     async fn create(&self, ctx: &mut Ctx<Api>, mut planned: Server) -> Result<Server, Diagnostics> {
///         if planned.name.contains('_') {
///             ctx.warning(
///                 &[PathStep::Attr("name".into())],
///                 "Underscore in name",
///                 "Host names cannot hold '_'; the server's host name will not match.",
///             );
///         }
///         let api = ctx.client()?;
///         let id = api.create_server(&planned.name)?;
///         planned.id = Unknown::Known(id.clone());
///         match api.wait_for_address(&id) {
///             Ok(address) => {
///                 planned.address = Unknown::Known(Some(address));
///                 Ok(planned)
///             }
///             Err(e) => {
///                 // The server exists: Terraform keeps it, tainted, and
///                 // replaces it on the next apply.
///                 planned.address = Unknown::Known(None);
///                 ctx.set_partial_state(&planned);
///                 Err(e)
///             }
///         }
///     }
///
///     // read, update, delete ...
/// #     async fn read(&self, _: &mut Ctx<Api>, current: Server) -> Result<Option<Server>, Diagnostics> { Ok(Some(current)) }
/// #     async fn update(&self, _: &mut Ctx<Api>, _: Server, planned: Server) -> Result<Server, Diagnostics> { Ok(planned) }
/// #     async fn delete(&self, _: &mut Ctx<Api>, _: Server) -> Result<(), Diagnostics> { Ok(()) }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tfschema::server::testing::Harness;
/// use tfschema::{Type, Value};
///
/// let h = Harness::new(TypedProvider::new(P).resource("x_server", Servers));
/// # assert!(h.configure(Value::object(Vec::<(String, Value)>::new())).await.is_empty());
/// let config = Value::object([
///     ("name", Value::from("web_1")),
///     ("id", Value::Null(Type::String)),
///     ("address", Value::Null(Type::String)),
/// ]);
/// let nothing = Value::Null(h.resource_type("x_server"));
/// let (_, applied) = h.plan_and_apply("x_server", &nothing, &config).await;
/// let summaries: Vec<&str> = applied.diagnostics.iter().map(|d| d.summary.as_str()).collect();
/// assert_eq!(summaries, ["Underscore in name", "Server did not boot"]);
/// let Value::Object(state) = &applied.state else { unreachable!() };
/// assert_eq!(state["id"], Value::from("srv-web_1"));
/// # }
/// ```
pub struct Ctx<C> {
    client: Option<Arc<C>>,
    stop: StopSignal,
    pub(super) diagnostics: Diagnostics,
    pub(super) private: Vec<u8>,
    pub(super) partial: Option<DynamicValue>,
    deferral: Deferral,
    deferred: Option<Deferred>,
    deadline: Option<tokio::time::Instant>,
    /// The module's `provider_meta` block, when the provider declares one.
    provider_meta: Option<DynamicValue>,
    /// Set while a hook runs on a thread of its own ([`Ctx::hand_over`]):
    /// the private and partial state it records, kept for an answer made
    /// without it.
    recorded: Option<Arc<Mutex<Recorded>>>,
}

/// The private and partial state a hook recorded, shared with the
/// stand-in its call answers from when the hook does not give back its
/// `Ctx` in time ([`Ctx::recover`]).
#[derive(Default)]
struct Recorded {
    private: Option<Vec<u8>>,
    partial: Option<DynamicValue>,
}

/// Whether a call may be deferred ([`Ctx::defer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Deferral {
    /// The call cannot be deferred at all (apply, ephemeral resources,
    /// actions).
    Unsupported,
    /// The call could be, but Terraform did not allow deferrals.
    NotAllowed,
    /// Terraform allowed deferrals for this call.
    Allowed,
}

impl<C> std::fmt::Debug for Ctx<C> {
    /// The private and partial states are left out (they may hold secrets).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ctx")
            .field("configured", &self.client.is_some())
            .field("stopped", &self.stop.is_stopped())
            .field("deadline", &self.deadline)
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

impl<C> Ctx<C> {
    pub(super) fn new(client: Option<Arc<C>>, stop: StopSignal, private: Vec<u8>) -> Self {
        Ctx {
            client,
            stop,
            diagnostics: Diagnostics::new(),
            private,
            partial: None,
            deferral: Deferral::Unsupported,
            deferred: None,
            deadline: None,
            provider_meta: None,
            recorded: None,
        }
    }

    /// The `provider_meta` block the call carries (read, plan and apply of
    /// a resource, read of a data source).
    pub(super) fn with_provider_meta(mut self, meta: Option<DynamicValue>) -> Self {
        self.provider_meta = meta;
        self
    }

    /// Moves this `Ctx` out for a hook that runs on a thread of its own,
    /// leaving in its place a stand-in with the same client, Stop signal,
    /// deadline and deferral, the diagnostics gathered so far, and a view
    /// of the private and partial state the hook records. Give the hook's
    /// `Ctx` back with [`take_back`](Self::take_back), or, when it does not
    /// come back, keep what it recorded with [`recover`](Self::recover).
    pub(super) fn hand_over(&mut self) -> Ctx<C> {
        let recorded = Arc::new(Mutex::new(Recorded::default()));
        let stand_in = Ctx {
            client: self.client.clone(),
            stop: self.stop.clone(),
            diagnostics: std::mem::take(&mut self.diagnostics),
            private: self.private.clone(),
            partial: self.partial.clone(),
            deferral: self.deferral,
            deferred: self.deferred,
            deadline: self.deadline,
            provider_meta: self.provider_meta.clone(),
            recorded: Some(Arc::clone(&recorded)),
        };
        let mut handed = std::mem::replace(self, stand_in);
        handed.recorded = Some(recorded);
        handed
    }

    /// Takes back the `Ctx` handed to a hook: what it holds replaces the
    /// stand-in, after the diagnostics gathered before the hook ran.
    pub(super) fn take_back(&mut self, mut back: Ctx<C>) {
        let mut diagnostics = std::mem::take(&mut self.diagnostics);
        diagnostics.extend(std::mem::take(&mut back.diagnostics));
        back.diagnostics = diagnostics;
        back.recorded = None;
        *self = back;
    }

    /// For a hook that did not give its `Ctx` back (it blocks its thread
    /// past Stop or its deadline): the stand-in takes the private and
    /// partial state the hook recorded so far. Its diagnostics stay with
    /// it.
    pub(super) fn recover(&mut self) {
        let Some(recorded) = self.recorded.take() else {
            return;
        };
        let mut recorded = recorded.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(private) = recorded.private.take() {
            self.private = private;
        }
        if let Some(partial) = recorded.partial.take() {
            self.partial = Some(partial);
        }
    }

    /// Runs `record` on the state shared with the stand-in, if any.
    fn record(&self, record: impl FnOnce(&mut Recorded)) {
        if let Some(recorded) = &self.recorded {
            record(&mut recorded.lock().unwrap_or_else(PoisonError::into_inner));
        }
    }

    /// Sets the deadline of the call ([`Ctx::deadline`]).
    pub(super) fn set_deadline(&mut self, deadline: Option<tokio::time::Instant>) {
        self.deadline = deadline;
    }

    /// Makes the call one that can be deferred (a resource's plan, read or
    /// import, a data source's read): `allowed` is what Terraform said
    /// ([`ClientCapabilities::deferral_allowed`]), `provider` the provider's
    /// own deferral, which then already applies ([`Ctx::deferred`]).
    ///
    /// [`ClientCapabilities::deferral_allowed`]: crate::server::raw::ClientCapabilities::deferral_allowed
    pub(super) fn deferrable(mut self, allowed: bool, provider: Option<Deferred>) -> Self {
        if allowed {
            self.deferral = Deferral::Allowed;
            self.deferred = provider;
        } else {
            self.deferral = Deferral::NotAllowed;
        }
        self
    }

    /// The deferral to answer with: the provider's (when its configuration
    /// was deferred) or the one the call asked for with [`Ctx::defer`];
    /// only ever set when Terraform allowed deferrals.
    pub(super) fn deferred(&self) -> Option<Deferred> {
        self.deferred
    }

    /// The `provider_meta` block of the module the resource or data source
    /// is in (`terraform { provider_meta "<provider>" { ... } }`), read as
    /// `M`, the model declared with
    /// [`TypedProvider::provider_meta`](super::TypedProvider::provider_meta)
    /// (Go's `req.ProviderMeta.Get`). `Ok(None)` when the provider declares
    /// none, the call carries none (import, upgrades, ephemeral resources,
    /// actions), or the module writes no such block. Set in the calls
    /// that read, plan and apply a resource and read a data source.
    ///
    /// # Errors
    /// When the value does not fit `M`, a diagnostic naming the attribute.
    pub fn provider_meta<M: for<'de> TfDecode<'de>>(&self) -> Result<Option<M>, Diagnostics> {
        match &self.provider_meta {
            Some(meta) if !meta.is_null() => meta.read().map(Some),
            _ => Ok(None),
        }
    }

    /// The client [`Provider::configure`](super::Provider::configure) built.
    /// Terraform configures the provider before it plans, applies, reads or
    /// imports, so this fails only when configuring did.
    ///
    /// # Errors
    /// The provider was not configured (or its configuration failed): an
    /// error diagnostic "Provider not configured", for `?`.
    pub fn client(&self) -> Result<&C, Diagnostics> {
        self.client.as_deref().ok_or_else(|| {
            let mut d = Diagnostics::new();
            d.error(
                &[],
                "Provider not configured",
                "This operation needs the provider's client, but the provider has not been configured.",
            );
            d
        })
    }

    /// Adds a warning, shown even when the operation succeeds. `path` is
    /// the attribute it is about (`&[PathStep::Attr("name".into())]`), or
    /// `&[]` for the whole resource.
    ///
    /// [`PathStep::Attr`]: crate::PathStep::Attr
    pub fn warning(
        &mut self,
        path: &[PathStep],
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) {
        self.diagnostics.warning(path, summary, detail);
    }

    /// The diagnostics gathered so far. An error added here fails the call
    /// as Terraform sees it, even when the method returns `Ok`; returning
    /// `Err` says so more plainly.
    pub fn diagnostics_mut(&mut self) -> &mut Diagnostics {
        &mut self.diagnostics
    }

    /// Whether Terraform allows this call to be deferred
    /// ([`defer`](Self::defer)): it must say so in the request
    /// (`client_capabilities.deferral_allowed`), which release builds of
    /// Terraform never do, and the call must be a resource's
    /// [`modify_plan`](super::Resource::modify_plan), `read` or `import`
    /// or a data source's `read`.
    pub fn deferral_allowed(&self) -> bool {
        self.deferral == Deferral::Allowed
    }

    /// Defers this call to a later run, for `reason`: Terraform plans the
    /// rest of the configuration and comes back to this object once what
    /// it waits for is known (experimental Terraform builds only, with
    /// `-allow-deferral`). What the answer holds then:
    ///
    /// - `modify_plan`: the plan as the hook leaves it;
    /// - `read`: the state Terraform holds, unchanged (whatever `read`
    ///   returns);
    /// - `import` and a data source's `read`: an unknown object (a data
    ///   source's configured attributes kept), whatever the method returns.
    ///
    /// Defer only when [`deferral_allowed`](Self::deferral_allowed): when
    /// Terraform did not allow it, or in a call that cannot be deferred
    /// (`create`, `update`, `delete`, ephemeral resources, actions), this
    /// adds an error diagnostic saying so instead, and the call fails.
    pub fn defer(&mut self, reason: Deferred) {
        match self.deferral {
            Deferral::Allowed => self.deferred = Some(reason),
            Deferral::NotAllowed => self.diagnostics.error(
                &[],
                "Deferral not allowed",
                format!(
                    "The provider asked to defer this call ({}), but Terraform did not allow \
                     deferrals for it (only experimental builds of Terraform do, with \
                     -allow-deferral). This is a bug in the provider: it must check \
                     Ctx::deferral_allowed before it defers.",
                    reason
                ),
            ),
            Deferral::Unsupported => self.diagnostics.error(
                &[],
                "Deferral not supported",
                format!(
                    "The provider asked to defer this call ({}), but only planning, reading and \
                     importing a resource and reading a data source can be deferred. This is a \
                     bug in the provider.",
                    reason
                ),
            ),
        }
    }

    /// The Stop signal. When Terraform calls Stop the call is answered at
    /// once ("Operation cancelled") whatever it does, and the operation is
    /// abandoned: dropped at its next await, or, when it blocks its
    /// thread, left to go on detached until it gives the thread back. Long
    /// operations can also check it; [`cancellation`](Self::cancellation)
    /// covers the deadline too.
    pub fn stop_signal(&self) -> &StopSignal {
        &self.stop
    }

    /// When this call's time limit ends ([`Resource::timeout`],
    /// [`DataSource::timeout`]), if it has one: the typed layer answers
    /// then with a "Timeout" error, whatever the call does, and abandons
    /// it as Stop does ([`stop_signal`](Self::stop_signal)). Waits and
    /// retries inside the call can stop before it
    /// ([`crate::server::retry`]).
    ///
    /// [`Resource::timeout`]: super::Resource::timeout
    /// [`DataSource::timeout`]: super::DataSource::timeout
    pub fn deadline(&self) -> Option<tokio::time::Instant> {
        self.deadline
    }

    /// What cancels this call, Stop and its deadline, as one token to tie
    /// work to: a task that selects on [`Cancellation::cancelled`], a child
    /// process killed when the call is cancelled
    /// ([`Cancellation::output`], Go's `exec.CommandContext`).
    pub fn cancellation(&self) -> Cancellation {
        Cancellation::new(self.stop.clone(), self.deadline)
    }

    /// The resource's private state: opaque bytes Terraform keeps with the
    /// state and never shows. In `read` the stored bytes, in
    /// [`modify_plan`](super::Resource::modify_plan) the prior state's, in
    /// `create`, `update` and `delete` the plan's; empty in `import` and in
    /// data sources.
    pub fn private(&self) -> &[u8] {
        &self.private
    }

    /// Replaces the private state handed back to Terraform (by `read`,
    /// `modify_plan`, the apply calls and `import`; a data source has
    /// none).
    pub fn set_private(&mut self, private: Vec<u8>) {
        self.record(|r| r.private = Some(private.clone()));
        self.private = private;
    }

    /// Records what exists so far, for an apply that fails half-way:
    /// Terraform stores it (the object is tainted) together with the error.
    /// Only `create`, `update` and `delete` use it, and only when they
    /// return `Err`; write-only attributes are left out as in any state.
    /// Like any state it should hold no unknowns.
    ///
    /// It is kept even when Stop or the deadline ends the call while it
    /// blocks its thread. A state with no wire form (a NaN) is not
    /// recorded; an error diagnostic says so.
    pub fn set_partial_state<M: TfEncode>(&mut self, state: &M) {
        match DynamicValue::from_model(state) {
            Ok(state) => {
                self.record(|r| r.partial = Some(state.clone()));
                self.partial = Some(state);
            }
            Err(err) => {
                let mut d = crate::diag::Diagnostic::from(err);
                d.summary = "Invalid partial state".into();
                self.diagnostics.push(d);
            }
        }
    }
}
