//! The Stop signal: Terraform's `Stop`/`StopProvider` cancels the calls
//! in flight.

use tokio::sync::watch;

use crate::diag::Diagnostics;

/// A signal raised when Terraform calls `Stop`/`StopProvider`: in-flight
/// calls are answered with an error diagnostic at once, whatever they do,
/// and abandoned (dropped at their next await; a call that blocks its
/// thread goes on detached until it gives the thread back). Long
/// operations can also watch it to clean up first, or tie work to it
/// through a [`Cancellation`](crate::server::typed::Cancellation).
#[derive(Debug, Clone)]
pub struct StopSignal {
    rx: watch::Receiver<u64>,
    generation: u64,
}

impl StopSignal {
    /// A signal that is never raised (for tests and direct calls).
    pub fn never() -> StopSignal {
        let (_tx, rx) = watch::channel(0);
        StopSignal { rx, generation: 0 }
    }

    /// Whether Stop was called since this call began.
    pub fn is_stopped(&self) -> bool {
        *self.rx.borrow() != self.generation
    }

    /// Completes when Stop is called (never, when the server is gone).
    pub async fn stopped(&mut self) {
        let generation = self.generation;
        if self.rx.wait_for(|g| *g != generation).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// The diagnostics of a call Stop cancelled: "Operation cancelled".
pub(crate) fn cancelled_diagnostics() -> Diagnostics {
    Diagnostics::with_error(
        "Operation cancelled",
        "Terraform stopped the provider while this operation was running; \
         it may have been left incomplete.",
    )
}

/// The source of [`StopSignal`]s: one per server.
#[derive(Debug)]
pub(crate) struct Stopper {
    tx: watch::Sender<u64>,
}

impl Stopper {
    pub(crate) fn new() -> Stopper {
        Stopper {
            tx: watch::channel(0).0,
        }
    }

    /// A signal for a call starting now.
    pub(crate) fn signal(&self) -> StopSignal {
        let rx = self.tx.subscribe();
        let generation = *rx.borrow();
        StopSignal { rx, generation }
    }

    /// Raises the signal of every call in flight; later calls get a fresh one.
    pub(crate) fn stop(&self) {
        self.tx.send_modify(|g| *g = g.wrapping_add(1));
    }
}
