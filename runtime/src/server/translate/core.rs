//! The translation trait and the stream type of translated answers.

use std::pin::Pin;

use tokio_stream::{Stream, StreamExt as _};
use tonic::Status;

/// A message of one protocol as the other protocol's twin.
///
/// Implemented both ways for every message of `tfplugin5` and its
/// `tfplugin6` twin (and for `Option`, `Vec` and maps of them): for instance
/// `tfplugin5::read_resource::Request` is `Translate<tfplugin6::read_resource::Request>`
/// and the other way round. A field only one protocol has is dropped when
/// leaving it and gets its default when entering it, except
/// `tfplugin6::schema::Attribute::nested_type`, which is dropped on the way
/// to protocol 5: check a schema with [`nested_attribute_error`](super::nested_attribute_error) first, as
/// [`Downgrade`](super::Downgrade) does.
pub trait Translate<T> {
    /// The message as the other protocol's.
    fn translate(self) -> T;
}

/// The stream of a streaming RPC's answer (`ListResource`, `InvokeAction`)
/// once translated: any stream of the messages, boxed.
pub type BoxStream<T> = Pin<Box<dyn Stream<Item = Result<T, Status>> + Send + 'static>>;

/// `stream` with each message translated, boxed.
pub(crate) fn translate_stream<S, A, B>(stream: S) -> BoxStream<B>
where
    S: Stream<Item = Result<A, Status>> + Send + 'static,
    A: Translate<B>,
{
    Box::pin(stream.map(|item| item.map(Translate::translate)))
}
