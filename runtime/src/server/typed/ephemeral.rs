//! What a provider author implements for an ephemeral resource
//! ([`EphemeralResource`]), what its `open` returns ([`Opened`]), and
//! [`NoPrivate`] for one whose renew and close need nothing.

use std::future::Future;
use std::time::SystemTime;

use super::{Ctx, Model, PlanView};
use crate::diag::Diagnostics;
use crate::error::Result;
use crate::model::{EphemeralSchema, SeqKind, Sink, Source, TfDecode, TfEncode, TfType};
use crate::refinement::RefineKind;
use crate::types::Type;

/// An ephemeral resource type (Terraform 1.10+): a value opened for one
/// Terraform run, such as a short-lived credential, that never enters a
/// plan or a state.
///
/// Terraform validates the configuration, then in every run that uses the
/// resource (plan and apply alike, each with its own instance) calls
/// [`open`](Self::open), [`renew`](Self::renew) at each `renew_at` while it
/// still needs the value, and [`close`](Self::close) when its last user is
/// done. What Renew and Close need travels through Terraform as
/// [`Private`](Self::Private) data, written with its own codec: `close`
/// gets what `open` returned (Terraform keeps Open's, not the renewed
/// ones), and Terraform does not close an instance when the apply fails,
/// so an instance should also expire by itself. The model struct must be
/// declared `#[tf(ephemeral)]` ([`EphemeralSchema`]).
///
/// Once the typed layer has closed an instance it refuses to renew it (an
/// error diagnostic, "Ephemeral resource closed") and takes a second close
/// as done, without calling the resource. (It knows the instances closed
/// by its own process; a provider process serves one Terraform command.)
///
/// ```
/// # use std::time::{Duration, SystemTime};
/// # use tfschema::{TfSchema, TfValue, Unknown};
/// # use tfschema::diag::Diagnostics;
/// # use tfschema::server::typed::{Ctx, EphemeralResource, Opened};
/// /// A one-hour session.
/// #[derive(TfSchema, TfValue)]
/// #[tf(ephemeral)]
/// struct Session {
///     user: String,
///     #[tf(computed, sensitive)]
///     token: Unknown<String>,
/// }
///
/// /// What renew and close need: the session's id.
/// #[derive(TfSchema, TfValue)]
/// struct SessionId {
///     id: String,
/// }
///
/// struct Sessions;
/// impl EphemeralResource for Sessions {
///     type Client = ();
///     type Model = Session;
///     type Private = SessionId;
///     async fn open(&self, _ctx: &mut Ctx<()>, mut config: Session) -> Result<Opened<Session, SessionId>, Diagnostics> {
///         config.token = Unknown::Known(format!("token-for-{}", config.user));
///         let private = SessionId { id: config.user.clone() };
///         Ok(Opened::new(config, private).renew_at(SystemTime::now() + Duration::from_secs(3000)))
///     }
///     async fn renew(&self, _ctx: &mut Ctx<()>, _private: &mut SessionId) -> Result<Option<SystemTime>, Diagnostics> {
///         Ok(Some(SystemTime::now() + Duration::from_secs(3000)))
///     }
///     async fn close(&self, _ctx: &mut Ctx<()>, _private: SessionId) -> Result<(), Diagnostics> {
///         Ok(())
///     }
/// }
/// ```
pub trait EphemeralResource: Send + Sync + 'static {
    /// The provider's client type.
    type Client: Send + Sync + 'static;
    /// The model struct, declared `#[tf(ephemeral)]`: configured
    /// attributes in, computed ones filled by [`open`](Self::open).
    type Model: Model + EphemeralSchema;
    /// What [`renew`](Self::renew) and [`close`](Self::close) need from
    /// [`open`](Self::open): a struct deriving `TfSchema, TfValue` (or any
    /// type with tfschema's codecs; [`NoPrivate`] for nothing). Terraform
    /// holds it between the calls, in memory only.
    type Private: TfEncode + for<'de> TfDecode<'de> + Send + 'static;

    /// Extra configuration checks, after the derived validators (the
    /// configuration may hold unknowns); as
    /// [`Resource::validate`](crate::server::typed::Resource::validate), it
    /// always runs, and a value a custom type refused is unknown in
    /// `config`.
    fn validate(&self, config: &PlanView<Self::Model>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// The ephemeral resource's configuration validators (Go's `ConfigValidators()`,
    /// e.g. `ConfigValidator::conflicting(...)`), run on the whole
    /// configuration after the model's own (`#[tf(config_validators(...))]`)
    /// and before [`validate`](Self::validate). The default has none.
    fn config_validators(&self) -> Vec<crate::rules::ConfigValidator> {
        Vec::new()
    }

    /// Opens an instance. `config` is the configuration, wholly known
    /// (Terraform does not open an instance whose configuration is not),
    /// where computed attributes the configuration leaves unset read as
    /// unknown: the result must fill them, and keep the configured values.
    /// [`Ctx::private`] is not used: the private data is the
    /// [`Opened::private`] returned.
    fn open(
        &self,
        ctx: &mut Ctx<Self::Client>,
        config: Self::Model,
    ) -> impl Future<Output = std::result::Result<Opened<Self::Model, Self::Private>, Diagnostics>> + Send;

    /// Renews the instance at the `renew_at` of the previous open or renew;
    /// returns when to renew next (`None`: no more). `private` is what the
    /// previous call left; changes to it reach the next renew, but not
    /// [`close`](Self::close). By default nothing is done and renewing
    /// stops.
    fn renew(
        &self,
        ctx: &mut Ctx<Self::Client>,
        private: &mut Self::Private,
    ) -> impl Future<Output = std::result::Result<Option<SystemTime>, Diagnostics>> + Send {
        let _ = (ctx, private);
        async { Ok(None) }
    }

    /// Closes the instance, given the private data [`open`](Self::open)
    /// returned. By default nothing is done.
    fn close(
        &self,
        ctx: &mut Ctx<Self::Client>,
        private: Self::Private,
    ) -> impl Future<Output = std::result::Result<(), Diagnostics>> + Send {
        let _ = (ctx, private);
        async { Ok(()) }
    }
}

/// What [`EphemeralResource::open`] returns: the opened value, the private
/// data for renew and close, and when to renew.
pub struct Opened<M, P> {
    /// The value: the configuration with every computed attribute filled.
    pub result: M,
    /// Handed to [`EphemeralResource::renew`] and
    /// [`EphemeralResource::close`].
    pub private: P,
    /// When Terraform should renew the instance, if it still needs it
    /// then; `None`: never.
    pub renew_at: Option<SystemTime>,
}

impl<M, P> Opened<M, P> {
    /// An opened value that is never renewed.
    pub fn new(result: M, private: P) -> Self {
        Opened {
            result,
            private,
            renew_at: None,
        }
    }

    /// Asks Terraform to renew the instance at `at`.
    #[must_use]
    pub fn renew_at(mut self, at: SystemTime) -> Self {
        self.renew_at = Some(at);
        self
    }
}

impl<M, P> std::fmt::Debug for Opened<M, P> {
    /// The value and the private data are left out (they hold secrets).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened")
            .field("renew_at", &self.renew_at)
            .finish_non_exhaustive()
    }
}

/// No private data: for an ephemeral resource whose renew and close need
/// nothing from open. (It travels as an empty tuple.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoPrivate;

impl TfType for NoPrivate {
    const REFINE_KIND: RefineKind = RefineKind::Other;
    fn tf_type() -> Type {
        Type::Tuple(Vec::new())
    }
}

impl TfEncode for NoPrivate {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        let seq = sink.begin_seq(SeqKind::Tuple, 0, &Self::tf_type)?;
        sink.end_seq(seq)
    }
}

impl<'de> TfDecode<'de> for NoPrivate {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        let mut seq = src.begin_tuple(0)?;
        if src.next_element(&mut seq)? {
            return Err(crate::error::Error::new(
                crate::error::ErrorKind::Type,
                "an empty tuple is required",
            ));
        }
        src.end_seq(seq);
        Ok(NoPrivate)
    }
}
