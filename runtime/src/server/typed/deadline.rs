//! A resource call or a data source's read raced against its time limit
//! ([`Resource::timeout`](super::Resource::timeout),
//! [`DataSource::timeout`](super::DataSource::timeout)) and Stop: whichever
//! ends first decides the answer, so a call that ignores both, even one
//! that blocks its thread, is still answered in time, and what it recorded
//! in its [`Ctx`] (diagnostics, a partial state) still goes back to
//! Terraform.
//!
//! The hook runs on a thread of its own with the call's `Ctx`
//! ([`detach`]), the race on the caller's. When Stop or the deadline comes
//! first, a hook that awaits is dropped there and gives its `Ctx` back at
//! once; one that blocks its thread gets [`HAND_BACK`] to do so, then the
//! call answers with the private and partial state it recorded so far
//! ([`Ctx::recover`]) and the hook goes on detached until it gives its
//! thread back.

use std::any::Any;
use std::time::Duration;

use super::future::BoxFuture;
use super::{Cancellation, Ctx};
use crate::diag::Diagnostics;
use crate::server::detached::detach;
use crate::server::raw::{cancelled_diagnostics, StopSignal};
use crate::timeouts::Operation;

/// How long a hook still running at Stop or its deadline has to give its
/// `Ctx` back (one that awaits does so at once) before the call answers
/// without it: short enough that Stop and deadlines are answered within
/// 100 ms, long enough for a loaded machine to wake a thread. The gRPC
/// layer's grace for answering Stop is longer.
pub(super) const HAND_BACK: Duration = Duration::from_millis(40);

/// A hook with its output boxed, as [`Race::run_erased`] takes it.
type ErasedHook<C> = Box<
    dyn for<'c> FnOnce(&'c mut Ctx<C>) -> BoxFuture<'c, Result<Box<dyn Any + Send>, Diagnostics>>
        + Send,
>;

/// What a call is raced against, taken from its [`Ctx`] before it starts.
pub(super) struct Race {
    operation: Operation,
    type_name: String,
    timeout: Option<(Duration, tokio::time::Instant)>,
    stop: StopSignal,
}

impl Race {
    /// The race of `operation` on `type_name` with this time limit; the
    /// deadline is set on `ctx` for the call to see.
    pub(super) fn start<C>(
        ctx: &mut Ctx<C>,
        operation: Operation,
        type_name: &str,
        timeout: Option<Duration>,
    ) -> Race {
        let timeout = timeout.map(|t| (t, deadline_after(t)));
        ctx.set_deadline(timeout.map(|(_, at)| at));
        Race {
            operation,
            type_name: type_name.to_owned(),
            timeout,
            stop: ctx.stop_signal().clone(),
        }
    }

    /// Runs `hook` with `ctx` on a thread of its own to its end, or until
    /// the deadline or Stop, which answer with an error. `ctx` then holds
    /// what the hook recorded.
    ///
    /// Only the hook is generic: its output goes through a `Box<dyn Any>`,
    /// so the race, the thread and tokio's task machinery under it are
    /// compiled once per client type rather than once per hook (four per
    /// resource, one per data source), which is most of what a provider
    /// with hundreds of resources would otherwise compile for them.
    pub(super) async fn run<C, T, H>(self, ctx: &mut Ctx<C>, hook: H) -> Result<T, Diagnostics>
    where
        C: Send + Sync + 'static,
        T: Send + 'static,
        H: for<'c> FnOnce(&'c mut Ctx<C>) -> BoxFuture<'c, Result<T, Diagnostics>> + Send + 'static,
    {
        let erased: ErasedHook<C> = Box::new(move |ctx| {
            Box::pin(async move {
                let output = hook(ctx).await?;
                Ok(Box::new(output) as Box<dyn Any + Send>)
            })
        });
        let output = self.run_erased(ctx, erased).await?;
        match output.downcast::<T>() {
            Ok(output) => Ok(*output),
            // The hook above boxed a `T`: not reached.
            Err(_) => Err(Diagnostics::with_error(
                "Internal error in tfschema",
                "A hook's result came back as another type; please report this.",
            )),
        }
    }

    /// [`Race::run`] for a hook whose output is boxed.
    async fn run_erased<C>(
        self,
        ctx: &mut Ctx<C>,
        hook: ErasedHook<C>,
    ) -> Result<Box<dyn Any + Send>, Diagnostics>
    where
        C: Send + Sync + 'static,
    {
        let cancellation = Cancellation::new(self.stop.clone(), self.timeout.map(|(_, at)| at));
        let mut handed = ctx.hand_over();
        let on_thread = cancellation.clone();
        let mut thread = detach(async move {
            // The hook first: an answer ready together with the deadline
            // or Stop is kept.
            let result = tokio::select! {
                biased;
                result = hook(&mut handed) => Some(result),
                () = on_thread.cancelled() => None,
            };
            (handed, result)
        });
        let came_back = tokio::select! {
            biased;
            back = &mut thread => Some(back),
            () = cancellation.cancelled() => tokio::time::timeout(HAND_BACK, &mut thread).await.ok(),
        };
        match came_back {
            Some((back, result)) => {
                ctx.take_back(back);
                result.unwrap_or_else(|| Err(self.error()))
            }
            None => {
                ctx.recover();
                Err(self.error())
            }
        }
    }

    /// The error of a call that Stop or its deadline ended.
    fn error(&self) -> Diagnostics {
        if self.stop.is_stopped() {
            cancelled_diagnostics()
        } else {
            timed_out(self.operation, &self.type_name, self.timeout)
        }
    }
}

/// `now + timeout`, or far in the future when that does not fit an
/// `Instant` (a limit of centuries).
fn deadline_after(timeout: Duration) -> tokio::time::Instant {
    let now = tokio::time::Instant::now();
    now.checked_add(timeout)
        .unwrap_or_else(|| now + Duration::from_secs(100 * 365 * 24 * 3600))
}

/// The error of a call that passed its deadline.
fn timed_out(
    operation: Operation,
    type_name: &str,
    timeout: Option<(Duration, tokio::time::Instant)>,
) -> Diagnostics {
    let limit = timeout.map_or_else(String::new, |(t, _)| format_duration(t));
    Diagnostics::with_error(
        "Timeout",
        format!(
            "The {operation} of {type_name} did not finish within {limit}; it was abandoned and \
             may have been left incomplete. A longer limit can be set in its timeouts block \
             ({operation} = \"...\") if it has one."
        ),
    )
}

/// A duration as Go prints it, without the zero parts: `30m`, `1h30m`,
/// `45s`, `1.5s`, `250ms`.
pub(super) fn format_duration(d: Duration) -> String {
    let nanos = d.subsec_nanos();
    let secs = d.as_secs();
    if secs == 0 && nanos == 0 {
        return "0s".into();
    }
    if secs == 0 {
        return if nanos.is_multiple_of(1_000_000) {
            format!("{}ms", nanos / 1_000_000)
        } else {
            format!("{}us", nanos / 1_000)
        };
    }
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if m > 0 {
        out.push_str(&format!("{m}m"));
    }
    if s > 0 || nanos > 0 {
        if nanos > 0 {
            let frac = format!("{:09}", nanos);
            out.push_str(&format!("{s}.{}s", frac.trim_end_matches('0')));
        } else {
            out.push_str(&format!("{s}s"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::format_duration;
    use std::time::Duration;

    #[test]
    fn durations_print_as_written() {
        for (d, text) in [
            (Duration::from_secs(1800), "30m"),
            (Duration::from_secs(5400), "1h30m"),
            (Duration::from_secs(45), "45s"),
            (Duration::from_millis(1500), "1.5s"),
            (Duration::from_millis(250), "250ms"),
            (Duration::from_micros(7), "7us"),
            (Duration::ZERO, "0s"),
        ] {
            assert_eq!(format_duration(d), text);
        }
    }
}
