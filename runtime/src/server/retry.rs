//! Retries for API-backed providers: bounded exponential backoff with
//! jitter that stops at the call's deadline and at Stop, and retries only
//! the errors the caller marks retryable ([`RetryError`]), waiting as long
//! as a `Retry-After` asks.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use std::time::Duration;
//! use tfschema::server::retry::{Backoff, RetryError};
//! use tfschema::server::raw::StopSignal;
//!
//! let mut answers = vec![Err(503), Err(429), Ok("pet")].into_iter();
//! let backoff = Backoff::default().initial(Duration::from_millis(1));
//! let got = backoff
//!     .retry(None, &StopSignal::never(), |_attempt| {
//!         let answer = answers.next().unwrap_or(Err(500));
//!         async move {
//!             match answer {
//!                 Ok(pet) => Ok(pet),
//!                 // Overloaded: the server says when to come back.
//!                 Err(429) => Err(RetryError::After(Duration::from_millis(2), 429)),
//!                 Err(status) if status >= 500 => Err(RetryError::Transient(status)),
//!                 Err(status) => Err(RetryError::Permanent(status)),
//!             }
//!         }
//!     })
//!     .await;
//! assert_eq!(got.ok(), Some("pet"));
//! # }
//! ```
//!
//! In a resource, pass [`Ctx::deadline`] and [`Ctx::stop_signal`]: the
//! retries end before the call's time limit instead of being cut off by
//! it. The backoff is written here rather than taken from a crate: the
//! arithmetic is a few lines, and what matters (the deadline, Stop and
//! `Retry-After`) is the loop around it.
//!
//! [`Ctx::deadline`]: crate::server::typed::Ctx::deadline
//! [`Ctx::stop_signal`]: crate::server::typed::Ctx::stop_signal

use std::fmt;
use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

use tokio::time::Instant;

use super::raw::StopSignal;

/// How an attempt failed: whether to try again, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RetryError<E> {
    /// A failure that may pass (a 5xx answer, a timeout, a reset
    /// connection): try again after the backoff's delay.
    Transient(E),
    /// The server said when to come back (`429` or `503` with
    /// `Retry-After`): try again after this long (never sooner).
    After(Duration, E),
    /// A failure that will not pass by itself (a `400`, a `404` where
    /// something must exist): do not try again.
    Permanent(E),
}

impl<E> RetryError<E> {
    /// The error, whatever its kind.
    pub fn into_inner(self) -> E {
        match self {
            RetryError::Transient(e) | RetryError::After(_, e) | RetryError::Permanent(e) => e,
        }
    }
}

/// Why [`Backoff::retry`] gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GaveUpReason {
    /// The error was [`RetryError::Permanent`].
    Permanent,
    /// Every attempt ([`Backoff::max_attempts`]) failed.
    Attempts,
    /// The next wait would end past the deadline.
    Deadline,
    /// Stop arrived.
    Stopped,
}

/// The last error of [`Backoff::retry`], with how many attempts were made
/// and why there was no other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GaveUp<E> {
    /// The last attempt's error.
    pub error: E,
    /// How many attempts were made (1 when the first was permanent).
    pub attempts: u32,
    /// Why no further attempt was made.
    pub reason: GaveUpReason,
}

impl<E: fmt::Display> fmt::Display for GaveUp<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            GaveUpReason::Permanent => return write!(f, "{}", self.error),
            GaveUpReason::Attempts => "no attempts left",
            GaveUpReason::Deadline => "the next try would pass the deadline",
            GaveUpReason::Stopped => "Terraform stopped the provider",
        };
        let s = if self.attempts == 1 { "" } else { "s" };
        write!(
            f,
            "{} (gave up after {} attempt{s}: {why})",
            self.error, self.attempts
        )
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for GaveUp<E> {}

/// A retry policy: up to [`max_attempts`](Self::max_attempts) attempts,
/// waiting `initial`, `2 × initial`, `4 × initial`, ... (at most
/// [`max_delay`](Self::max_delay)) between them, each wait drawn at
/// random between half and all of that ("equal jitter", so that many
/// clients failing together do not retry together).
///
/// The default: 5 attempts, waits from 250 ms up to 10 s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backoff {
    initial: Duration,
    max_delay: Duration,
    max_attempts: u32,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            initial: Duration::from_millis(250),
            max_delay: Duration::from_secs(10),
            max_attempts: 5,
        }
    }
}

impl Backoff {
    /// The wait before the second attempt (before jitter).
    pub fn initial(mut self, delay: Duration) -> Self {
        self.initial = delay;
        self
    }

    /// The longest wait between attempts (before jitter); a `Retry-After`
    /// may ask for longer.
    pub fn max_delay(mut self, delay: Duration) -> Self {
        self.max_delay = delay;
        self
    }

    /// How many attempts in all, the first included (at least 1).
    pub fn max_attempts(mut self, attempts: u32) -> Self {
        self.max_attempts = attempts.max(1);
        self
    }

    /// The wait after failed attempt `attempt` (1 for the first), with
    /// `unit` in `[0, 1)` picking where between half and all of the
    /// exponential delay it falls.
    pub fn delay(&self, attempt: u32, unit: f64) -> Duration {
        let doublings = attempt.saturating_sub(1).min(31);
        let full = self
            .initial
            .checked_mul(1 << doublings)
            .map_or(self.max_delay, |d| d.min(self.max_delay));
        let half = full / 2;
        half + half.mul_f64(unit.clamp(0.0, 1.0))
    }

    /// Runs `attempt` (given its number, from 1) until it succeeds, fails
    /// permanently, runs out of attempts, or would have to wait past
    /// `deadline` or through Stop. The attempts themselves are not cut
    /// short: give each request its own timeout (the typed layer answers
    /// for the whole call at its deadline anyway).
    ///
    /// # Errors
    /// The last error, as [`GaveUp`].
    pub async fn retry<T, E, F, Fut>(
        &self,
        deadline: Option<Instant>,
        stop: &StopSignal,
        mut attempt: F,
    ) -> Result<T, GaveUp<E>>
    where
        F: FnMut(u32) -> Fut,
        Fut: Future<Output = Result<T, RetryError<E>>>,
    {
        let mut jitter = Jitter::new();
        let mut stop = stop.clone();
        let mut n = 1;
        loop {
            let (wait, error) = match attempt(n).await {
                Ok(value) => return Ok(value),
                Err(RetryError::Permanent(error)) => {
                    return Err(gave_up(error, n, GaveUpReason::Permanent))
                }
                Err(RetryError::Transient(error)) => (self.delay(n, jitter.next()), error),
                Err(RetryError::After(after, error)) => (after, error),
            };
            if n >= self.max_attempts {
                return Err(gave_up(error, n, GaveUpReason::Attempts));
            }
            if stop.is_stopped() {
                return Err(gave_up(error, n, GaveUpReason::Stopped));
            }
            let wake = Instant::now().checked_add(wait);
            if let (Some(deadline), Some(wake)) = (deadline, wake) {
                if wake >= deadline {
                    return Err(gave_up(error, n, GaveUpReason::Deadline));
                }
            }
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = stop.stopped() => return Err(gave_up(error, n, GaveUpReason::Stopped)),
            }
            n += 1;
        }
    }
}

fn gave_up<E>(error: E, attempts: u32, reason: GaveUpReason) -> GaveUp<E> {
    GaveUp {
        error,
        attempts,
        reason,
    }
}

/// Numbers in `[0, 1)` for jitter: xorshift64* seeded from the standard
/// library's per-process random hash keys (jitter needs spread, not
/// secrecy).
struct Jitter(u64);

impl Jitter {
    fn new() -> Jitter {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(0x9e37_79b9_7f4a_7c15);
        Jitter(hasher.finish() | 1)
    }

    fn next(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        // The top 53 bits, as a fraction.
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn delays_double_up_to_the_cap_with_equal_jitter() {
        let b = Backoff::default().initial(100 * MS).max_delay(1000 * MS);
        assert_eq!(b.delay(1, 0.0), 50 * MS);
        assert_eq!(b.delay(1, 1.0), 100 * MS);
        assert_eq!(b.delay(2, 0.5), 150 * MS);
        assert_eq!(b.delay(3, 1.0), 400 * MS);
        assert_eq!(b.delay(5, 1.0), 1000 * MS);
        assert_eq!(b.delay(80, 0.0), 500 * MS);
    }

    #[test]
    fn jitter_spreads_over_the_unit_interval() {
        let mut j = Jitter::new();
        let draws: Vec<f64> = (0..1000).map(|_| j.next()).collect();
        assert!(draws.iter().all(|x| (0.0..1.0).contains(x)));
        assert!(draws.iter().any(|x| *x < 0.1) && draws.iter().any(|x| *x > 0.9));
    }

    /// Runs `body` on a runtime whose clock only moves when every task
    /// waits: sleeps take no real time and elapsed times are exact.
    fn paused<F: Future>(body: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .start_paused(true)
            .build()
            .expect("runtime")
            .block_on(body)
    }

    #[test]
    fn retries_transient_errors_then_succeeds() {
        paused(async {
            let b = Backoff::default().initial(100 * MS);
            let start = Instant::now();
            let got = b
                .retry(None, &StopSignal::never(), |n| async move {
                    if n < 3 {
                        Err(RetryError::Transient(n))
                    } else {
                        Ok(n)
                    }
                })
                .await;
            assert_eq!(got, Ok(3));
            // Two waits: 50..=100 ms, then 100..=200 ms.
            let waited = start.elapsed();
            assert!(waited >= 150 * MS && waited <= 300 * MS, "{waited:?}");
        });
    }

    #[test]
    fn permanent_errors_are_not_retried() {
        paused(async {
            let calls = Cell::new(0);
            let got: Result<(), _> = Backoff::default()
                .retry(None, &StopSignal::never(), |_| {
                    calls.set(calls.get() + 1);
                    async { Err(RetryError::Permanent("bad request")) }
                })
                .await;
            let err = got.expect_err("permanent");
            assert_eq!(err.reason, GaveUpReason::Permanent);
            assert_eq!(err.to_string(), "bad request");
            assert_eq!(calls.get(), 1);
        });
    }

    #[test]
    fn attempts_are_bounded() {
        paused(async {
            let got: Result<(), _> = Backoff::default()
                .max_attempts(4)
                .retry(None, &StopSignal::never(), |n| async move {
                    Err(RetryError::Transient(format!("HTTP 500 on try {n}")))
                })
                .await;
            let err = got.expect_err("exhausted");
            assert_eq!((err.attempts, err.reason), (4, GaveUpReason::Attempts));
            assert_eq!(
                err.to_string(),
                "HTTP 500 on try 4 (gave up after 4 attempts: no attempts left)"
            );
        });
    }

    #[test]
    fn retry_after_is_waited_out_in_full() {
        paused(async {
            let start = Instant::now();
            let got = Backoff::default()
                .initial(MS)
                .retry(None, &StopSignal::never(), |n| async move {
                    if n == 1 {
                        Err(RetryError::After(Duration::from_secs(3), 429))
                    } else {
                        Ok(())
                    }
                })
                .await;
            assert_eq!(got, Ok(()));
            assert!(start.elapsed() >= Duration::from_secs(3));
            assert!(start.elapsed() < Duration::from_secs(4));
        });
    }

    #[test]
    fn no_wait_ends_past_the_deadline() {
        paused(async {
            let start = Instant::now();
            let deadline = start + Duration::from_secs(2);
            let got: Result<(), _> = Backoff::default()
                .initial(Duration::from_millis(400))
                .max_attempts(100)
                .retry(Some(deadline), &StopSignal::never(), |_| async {
                    Err(RetryError::Transient(503))
                })
                .await;
            let err = got.expect_err("deadline");
            assert_eq!(err.reason, GaveUpReason::Deadline);
            assert!(Instant::now() < deadline);
            // A Retry-After past the deadline is not waited for at all.
            let got: Result<(), _> = Backoff::default()
                .retry(
                    Some(Instant::now() + 10 * MS),
                    &StopSignal::never(),
                    |_| async { Err(RetryError::After(Duration::from_secs(60), 429)) },
                )
                .await;
            assert_eq!(got.expect_err("deadline").attempts, 1);
        });
    }

    #[test]
    fn stop_ends_the_wait() {
        paused(async {
            let stopper = crate::server::raw::Stopper::new();
            let signal = stopper.signal();
            let start = Instant::now();
            let backoff = Backoff::default().initial(Duration::from_secs(60));
            let retrying = backoff.retry(None, &signal, |_| async {
                Err::<(), _>(RetryError::Transient(503))
            });
            let stopping = async {
                tokio::time::sleep(Duration::from_secs(1)).await;
                stopper.stop();
            };
            let (got, ()) = tokio::join!(retrying, stopping);
            let err = got.expect_err("stopped");
            assert_eq!((err.attempts, err.reason), (1, GaveUpReason::Stopped));
            assert!(start.elapsed() < Duration::from_secs(2));
        });
    }
}
