//! Running a provider's call on a thread of its own, so that Stop and
//! deadlines can answer for it whatever it does, even when it blocks its
//! thread (`std::thread::sleep`, `std::process::Command::output()`, a
//! synchronous client): the race between the call and them runs on
//! another thread, which the call cannot hold up.
//!
//! The thread is one of tokio's blocking pool, running the call's future
//! with [`Handle::block_on`](tokio::runtime::Handle::block_on); timers, I/O
//! and `tokio::spawn` inside the call work as on the runtime's own threads.
//! A call that blocks its thread holds only that one, so the runtime's
//! workers stay free to serve other calls and Stop.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A future running on a thread of its own ([`detach`]). Awaiting it gives
/// the future's output. Dropping it abandons the future: it is dropped at
/// its next await, or, when it blocks its thread, once it gives the
/// thread back, as work given to `spawn_blocking` goes on after its
/// caller stops waiting.
pub(crate) struct Detached<T> {
    thread: JoinHandle<Option<T>>,
    // Dropped with the handle: the thread sees it and drops the future.
    _abandon: oneshot::Sender<()>,
}

impl<T> std::fmt::Debug for Detached<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Detached")
            .field("finished", &self.thread.is_finished())
            .finish()
    }
}

/// Starts `future` on a thread of the current runtime's blocking pool.
///
/// # Panics
/// Outside a tokio runtime, as `tokio::spawn` does.
pub(crate) fn detach<F>(future: F) -> Detached<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let (abandon, abandoned) = oneshot::channel::<()>();
    let runtime = tokio::runtime::Handle::current();
    let thread = tokio::task::spawn_blocking(move || {
        runtime.block_on(async move {
            tokio::select! {
                biased;
                output = future => Some(output),
                _ = abandoned => None,
            }
        })
    });
    Detached {
        thread,
        _abandon: abandon,
    }
}

impl<T> Future for Detached<T> {
    type Output = T;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<T> {
        match Pin::new(&mut self.thread).poll(cx) {
            Poll::Ready(Ok(Some(output))) => Poll::Ready(output),
            // The call panicked: so does its caller, as when the call ran
            // in the caller's task.
            Poll::Ready(Err(e)) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            // Never abandoned while this handle lives; the pool cancels
            // work only when the runtime shuts down, and then nothing is
            // left to answer.
            Poll::Ready(_) | Poll::Pending => Poll::Pending,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    use super::detach;

    #[tokio::test]
    async fn a_detached_future_answers_from_its_own_thread() {
        let caller = std::thread::current().id();
        let ran_on = detach(async { std::thread::current().id() }).await;
        assert_ne!(ran_on, caller);
    }

    #[tokio::test]
    async fn a_future_that_blocks_its_thread_does_not_block_the_caller() {
        let blocked = detach(async {
            std::thread::sleep(Duration::from_millis(300));
        });
        // The caller's (only) thread is free: its timer fires first.
        let blocked_first = tokio::select! {
            () = blocked => true,
            () = tokio::time::sleep(Duration::from_millis(20)) => false,
        };
        assert!(!blocked_first);
    }

    #[tokio::test]
    async fn an_abandoned_future_is_dropped_at_its_next_await() {
        struct Flag(Arc<AtomicBool>);
        impl Drop for Flag {
            fn drop(&mut self) {
                self.0.store(true, Ordering::SeqCst);
            }
        }
        let dropped = Arc::new(AtomicBool::new(false));
        let flag = Flag(dropped.clone());
        let pending = detach(async move {
            let _flag = flag;
            std::future::pending::<()>().await;
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!dropped.load(Ordering::SeqCst));
        drop(pending);
        for _ in 0..200 {
            if dropped.load(Ordering::SeqCst) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(
            dropped.load(Ordering::SeqCst),
            "the abandoned future was not dropped"
        );
    }
}
