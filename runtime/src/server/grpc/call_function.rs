//! `CallFunction`: a provider-defined function called with its arguments,
//! each typed by its parameter.

use std::sync::Arc;

use super::{to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6::{call_function as rpc, FunctionError};
use crate::server::raw::{self, RawProvider};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn call_function(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(name = %request.name, "CallFunction");
        let Some(signature) = self.schema().functions.get(&request.name) else {
            return error(raw::FunctionError::new(format!(
                "This provider has no function named {:?}.",
                request.name
            )));
        };
        let mut arguments = Vec::with_capacity(request.arguments.len());
        for (i, argument) in request.arguments.into_iter().enumerate() {
            let Some(ty) = signature.argument_type(i) else {
                return error(raw::FunctionError::new(format!(
                    "Too many arguments: {:?} takes {}.",
                    request.name,
                    signature.parameters.len()
                )));
            };
            // An argument sent as nothing (OpenTofu's null) reads as null.
            arguments.push(self.decoding().value(
                "argument",
                Some(argument),
                &Arc::new(ty.clone()),
            ));
        }
        if arguments.len() < signature.parameters.len() {
            return error(raw::FunctionError::new(format!(
                "Not enough arguments: {:?} takes {}, {} given.",
                request.name,
                signature.parameters.len(),
                arguments.len()
            )));
        }
        let return_type = signature.return_type.clone();
        let raw_request = raw::CallFunctionRequest {
            name: request.name,
            arguments,
        };
        let response = self
            .guarded_or(
                |p, stop| async move { p.call_function(raw_request, stop).await },
                || {
                    raw::CallFunctionResponse::from_error(raw::FunctionError::new(
                        "Terraform stopped the provider while this function was running.",
                    ))
                },
            )
            .await;
        if let Some(e) = response.error {
            return error(e);
        }
        let mut diagnostics = Diagnostics::new();
        let Some(result) = to_proto::dynamic(response.result, &return_type, &mut diagnostics)
        else {
            let text = match diagnostics.iter().next() {
                Some(d) => format!("The provider returned an invalid result: {}", d.detail),
                None => "The provider returned no result.".to_owned(),
            };
            return error(raw::FunctionError::new(text));
        };
        rpc::Response {
            result: Some(result),
            error: None,
        }
    }
}

/// A response with only `error`.
fn error(e: raw::FunctionError) -> rpc::Response {
    rpc::Response {
        result: None,
        error: Some(FunctionError {
            text: e.text,
            function_argument: e.argument.map(|i| i64::try_from(i).unwrap_or(i64::MAX)),
        }),
    }
}
