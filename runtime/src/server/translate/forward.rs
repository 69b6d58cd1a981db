//! The RPCs that a translating server forwards as they are: the request
//! moved into the other protocol, the inner server's answer moved back.

/// Writes a `#[tonic::async_trait]` impl of a service trait for a wrapper
/// of one field whose methods forward each listed RPC to the same or
/// another method of the wrapped server, moving the request and the answer
/// (message and metadata) through `via`. The items after the list are
/// written into the impl as they are (the RPCs forwarded differently).
macro_rules! forwarding_impl {
    (
        impl<$p:ident: $bound:path> $ty:ty: $service:path {
            via $via:path;
            $($method:ident($req:ty) -> $resp:ty => $inner:ident;)*
        }
        $($rest:tt)*
    ) => {
        #[tonic::async_trait]
        impl<$p: $bound> $service for $ty {
            $(
                async fn $method(
                    &self,
                    request: tonic::Request<$req>,
                ) -> Result<tonic::Response<$resp>, tonic::Status> {
                    let answer = self.0.$inner(request.map($via)).await?;
                    Ok(answer.map($via))
                }
            )*
            $($rest)*
        }
    };
}

pub(crate) use forwarding_impl;
