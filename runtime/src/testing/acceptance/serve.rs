//! Serving the test's providers from the test process for one Terraform
//! command, as terraform-plugin-testing does: each provider is a
//! [`DebugServer`] on a socket of its own, and Terraform finds them through
//! `TF_REATTACH_PROVIDERS` (with `"Test": true`, so it never tries to stop
//! the process). Nothing is built or installed; a new server per command,
//! as Go starts its factories anew for each one.

use tokio::runtime::Runtime;

use super::env;
use super::providers::InProcessProvider;
use crate::server::{reattach_providers_json, DebugOptions, DebugServer};

/// The providers of one command, serving until [`stop`](Self::stop).
pub(crate) struct Served {
    servers: Vec<DebugServer>,
    /// The value of `TF_REATTACH_PROVIDERS`; empty with no provider.
    pub reattach: String,
}

impl Served {
    /// Stops every server and waits until each has stopped.
    pub fn stop(self, rt: &Runtime) {
        rt.block_on(async {
            for server in self.servers {
                server.shutdown().await;
            }
        });
    }
}

/// Starts every provider on `rt`.
pub(crate) fn start(rt: &Runtime, providers: &[InProcessProvider]) -> Result<Served, String> {
    let mut servers = Vec::new();
    for provider in providers {
        let address = env::provider_address(&provider.name);
        let options = DebugOptions::new().address(address.clone());
        let started = rt.block_on(DebugServer::start((provider.factory)(), options));
        match started {
            Ok(server) => servers.push(server),
            Err(e) => {
                Served {
                    servers,
                    reattach: String::new(),
                }
                .stop(rt);
                return Err(format!("serving provider {address} in process: {e}"));
            }
        }
    }
    let reattach = if servers.is_empty() {
        String::new()
    } else {
        reattach_providers_json(servers.iter().map(DebugServer::reattach_config))
    };
    Ok(Served { servers, reattach })
}
