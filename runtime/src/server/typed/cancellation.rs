//! [`Cancellation`]: what ends a call (Terraform's Stop, the call's
//! deadline) as one token a hook can tie work to, as Go's
//! `context.Context` does, with a way to run a child process that is
//! killed when the call is cancelled (Go's `exec.CommandContext`).

use std::io;
use std::process::Output;

use tokio::process::Command;
use tokio::time::Instant;

use crate::server::raw::StopSignal;

/// What cancels a call: Terraform's Stop and the call's deadline
/// ([`Ctx::deadline`](super::Ctx::deadline)), as one token
/// ([`Ctx::cancellation`](super::Ctx::cancellation)). Go's `ctx.Done()`
/// is [`cancelled`](Self::cancelled); Go's `exec.CommandContext(ctx,
/// ...).Output()` is [`output`](Self::output).
///
/// The typed layer answers a cancelled call at once whatever its hook
/// does, and abandons the hook: it is dropped at its next await, or, when
/// it blocks its thread, goes on detached until it gives the thread back.
/// Work the hook started elsewhere goes on unless it is tied to this
/// token: a task that selects on [`cancelled`](Self::cancelled), a child
/// process run through [`output`](Self::output) (or spawned with
/// `kill_on_drop(true)` and awaited in the hook). A clone is cheap and can
/// move into a spawned task.
///
/// ```
/// # #[cfg(unix)]
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use std::time::{Duration, Instant};
/// use tfschema::server::raw::StopSignal;
/// use tfschema::server::tokio::process::Command;
/// use tfschema::server::typed::Cancellation;
///
/// // In a hook: `let cancellation = ctx.cancellation();`. Here, a call
/// // whose deadline is 50 ms away.
/// let deadline = tfschema::server::tokio::time::Instant::now() + Duration::from_millis(50);
/// let cancellation = Cancellation::new(StopSignal::never(), Some(deadline));
///
/// let started = Instant::now();
/// let error = cancellation
///     .output(Command::new("sleep").arg("30"))
///     .await
///     .unwrap_err();
/// // `sleep` was killed at the deadline.
/// assert!(started.elapsed() < Duration::from_secs(5));
/// assert_eq!(error.kind(), std::io::ErrorKind::Interrupted);
/// assert!(cancellation.is_cancelled());
/// # }
/// # #[cfg(not(unix))] fn main() {}
/// ```
#[derive(Debug, Clone)]
pub struct Cancellation {
    stop: StopSignal,
    deadline: Option<Instant>,
}

impl Cancellation {
    /// A token that fires on `stop` and at `deadline` (never without one).
    /// The typed layer makes one per call
    /// ([`Ctx::cancellation`](super::Ctx::cancellation)); a raw provider
    /// makes its own from the [`StopSignal`] its calls get.
    pub fn new(stop: StopSignal, deadline: Option<Instant>) -> Self {
        Cancellation { stop, deadline }
    }

    /// Whether Stop was called or the deadline has passed.
    pub fn is_cancelled(&self) -> bool {
        self.stop.is_stopped() || self.deadline.is_some_and(|at| Instant::now() >= at)
    }

    /// Completes when Stop is called or the deadline passes (at once if
    /// either happened already).
    pub async fn cancelled(&self) {
        let mut stop = self.stop.clone();
        let expired = async {
            match self.deadline {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            () = stop.stopped() => {}
            () = expired => {}
        }
    }

    /// Runs `command` to its end and collects its output, as
    /// [`Command::output`] does (stdout and stderr captured, no stdin),
    /// and kills the child when the call is cancelled first: then the
    /// answer is an [`io::ErrorKind::Interrupted`] error saying why. The
    /// child is also killed when the hook is dropped while it waits
    /// (`command` is set to [`kill_on_drop`](Command::kill_on_drop)).
    /// Processes the child started itself are not killed (as in Go):
    /// `exec` the long-running program (`sh -c '...; exec prog'`) rather
    /// than leave it a grandchild.
    ///
    /// # Errors
    /// The command could not be started (not found, not executable), or
    /// the call was cancelled first. A command that ran and failed is not
    /// an error here: its status is in the [`Output`].
    pub async fn output(&self, command: &mut Command) -> io::Result<Output> {
        let output = command.kill_on_drop(true).output();
        tokio::select! {
            biased;
            output = output => output,
            () = self.cancelled() => Err(io::Error::new(io::ErrorKind::Interrupted, self.why())),
        }
    }

    /// Why the call was cancelled, for the error of a killed command.
    fn why(&self) -> &'static str {
        if self.stop.is_stopped() {
            "Terraform stopped the provider: the command was killed"
        } else {
            "the call's deadline passed: the command was killed"
        }
    }
}
