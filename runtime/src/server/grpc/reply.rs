//! What a protocol face's RPC method returns.

use tonic::{Response, Status};

/// What a face's RPC method returns.
pub(super) type Reply<T> = Result<Response<T>, Status>;

pub(super) fn reply<T>(message: T) -> Reply<T> {
    Ok(Response::new(message))
}
