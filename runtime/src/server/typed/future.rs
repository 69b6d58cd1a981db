//! The future a type-erased adapter returns.

use std::future::Future;
use std::pin::Pin;

/// A boxed future, for the adapters' `dyn` traits.
pub(super) type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
