//! The RPCs answered by every server at once, their answers merged:
//! `GetMetadata`, `GetProviderSchema`, `GetResourceIdentitySchemas`,
//! `GetFunctions` (as `tf6muxserver`'s files of those names).

use std::collections::BTreeMap;
use std::sync::Arc;

use tonic::{Request, Status};

use super::boxed::DynProvider;
use super::combined::Mux;
use super::diagnostics::{identity_duplicate, schema_difference, Kind};
use super::join::join_all;
use super::restrict::Restrict;
use super::routes::Table;
use super::schema_diff::{schema_diff, schema_equals};
use crate::server::proto::tfplugin6 as v6;

/// The mux's own capabilities, whatever its servers say
/// (`tf6muxserver/server_capabilities.go`): each is handled per RPC, so
/// that a server without it is never sent what it did not ask for (destroy
/// plans are answered by the mux for a server without `plan_destroy`).
pub(super) fn capabilities() -> v6::ServerCapabilities {
    v6::ServerCapabilities {
        plan_destroy: true,
        get_provider_schema_optional: true,
        move_resource_state: true,
        generate_resource_config: true,
    }
}

/// Moves the entries of `from` into `into`, each claimed in `table` by
/// `server`; a name already there is a duplicate (the first server keeps
/// it).
pub(super) fn merge_map<T>(
    into: &mut BTreeMap<String, T>,
    from: BTreeMap<String, T>,
    claim: Option<(Kind, &mut Table, usize)>,
    duplicate: impl Fn(&str) -> v6::Diagnostic,
    diagnostics: &mut Vec<v6::Diagnostic>,
) {
    let mut claim = claim;
    for (name, value) in from {
        if into.contains_key(&name) {
            diagnostics.push(duplicate(&name));
            continue;
        }
        if let Some((kind, table, server)) = claim.as_mut() {
            table.claim(*kind, &name, *server, &mut Vec::new());
        }
        into.insert(name, value);
    }
}

impl Mux {
    /// Asks every server at once, each answer restricted to the names its
    /// server serves; a server's failure fails the call with
    /// `what` and the server's name (`error calling GetMetadata for ...`).
    async fn ask_all<T, F>(
        &self,
        what: &str,
        call: impl Fn(Arc<DynProvider>) -> F,
    ) -> Result<Vec<T>, Status>
    where
        T: Restrict,
        F: std::future::Future<Output = Result<tonic::Response<T>, Status>>,
    {
        let calls = self
            .inner
            .servers
            .iter()
            .map(|s| call(Arc::clone(&s.provider)));
        let answers = join_all(calls).await;
        answers
            .into_iter()
            .zip(&self.inner.servers)
            .map(|(answer, server)| match answer {
                Ok(answer) => Ok(server.restricted(answer.into_inner())),
                Err(status) => Err(server.failed(&format!("error calling {what} for"), "", status)),
            })
            .collect()
    }

    pub(super) async fn merged_metadata(&self) -> Result<v6::get_metadata::Response, Status> {
        let answers = self
            .ask_all("GetMetadata", |p| async move {
                p.get_metadata(Request::new(Default::default())).await
            })
            .await?;
        let mut merged = v6::get_metadata::Response {
            server_capabilities: Some(capabilities()),
            ..Default::default()
        };
        let mut table = Table::default();
        let diags = &mut merged.diagnostics;
        for (index, answer) in answers.into_iter().enumerate() {
            diags.extend(answer.diagnostics);
            for action in answer.actions {
                if table.claim(Kind::Action, &action.type_name, index, diags) {
                    merged.actions.push(action);
                }
            }
            for data_source in answer.data_sources {
                if table.claim(Kind::DataSource, &data_source.type_name, index, diags) {
                    merged.data_sources.push(data_source);
                }
            }
            for ephemeral in answer.ephemeral_resources {
                if table.claim(Kind::EphemeralResource, &ephemeral.type_name, index, diags) {
                    merged.ephemeral_resources.push(ephemeral);
                }
            }
            for list in answer.list_resources {
                if table.claim(Kind::ListResource, &list.type_name, index, diags) {
                    merged.list_resources.push(list);
                }
            }
            for function in answer.functions {
                if table.claim(Kind::Function, &function.name, index, diags) {
                    merged.functions.push(function);
                }
            }
            for resource in answer.resources {
                if table.claim(Kind::Resource, &resource.type_name, index, diags) {
                    table.capabilities(&resource.type_name, answer.server_capabilities);
                    merged.resources.push(resource);
                }
            }
        }
        self.inner.store(table, false);
        Ok(merged)
    }

    pub(super) async fn merged_schema(&self) -> Result<v6::get_provider_schema::Response, Status> {
        let answers = self
            .ask_all("GetProviderSchema", |p| async move {
                p.get_provider_schema(Request::new(Default::default()))
                    .await
            })
            .await?;
        let mut merged = v6::get_provider_schema::Response {
            server_capabilities: Some(capabilities()),
            ..Default::default()
        };
        let mut table = Table::default();
        // Which server gave the provider and provider_meta schemas kept.
        let (mut provider_from, mut meta_from) = (0, 0);
        for (index, answer) in answers.into_iter().enumerate() {
            let diags = &mut merged.diagnostics;
            diags.extend(answer.diagnostics);
            let names = (&self.inner.servers[index].name, index);
            if let Some(provider) = answer.provider {
                match &merged.provider {
                    Some(kept) if !schema_equals(&provider, kept) => {
                        let kept_name = &self.inner.servers[provider_from].name;
                        let diff = schema_diff(&provider, names.0, kept, kept_name);
                        diags.push(schema_difference(false, &diff));
                    }
                    _ => (merged.provider, provider_from) = (Some(provider), index),
                }
            }
            if let Some(meta) = answer.provider_meta {
                match &merged.provider_meta {
                    Some(kept) if !schema_equals(&meta, kept) => {
                        let kept_name = &self.inner.servers[meta_from].name;
                        let diff = schema_diff(&meta, names.0, kept, kept_name);
                        diags.push(schema_difference(true, &diff));
                    }
                    _ => (merged.provider_meta, meta_from) = (Some(meta), index),
                }
            }
            merge_map(
                &mut merged.action_schemas,
                answer.action_schemas,
                Some((Kind::Action, &mut table, index)),
                |n| Kind::Action.duplicate(n),
                diags,
            );
            for (name, schema) in answer.resource_schemas {
                if merged.resource_schemas.contains_key(&name) {
                    diags.push(Kind::Resource.duplicate(&name));
                    continue;
                }
                table.claim(Kind::Resource, &name, index, &mut Vec::new());
                table.capabilities(&name, answer.server_capabilities);
                merged.resource_schemas.insert(name, schema);
            }
            let kinds = [
                (
                    Kind::DataSource,
                    &mut merged.data_source_schemas,
                    answer.data_source_schemas,
                ),
                (
                    Kind::EphemeralResource,
                    &mut merged.ephemeral_resource_schemas,
                    answer.ephemeral_resource_schemas,
                ),
                (
                    Kind::ListResource,
                    &mut merged.list_resource_schemas,
                    answer.list_resource_schemas,
                ),
            ];
            for (kind, into, from) in kinds {
                merge_map(
                    into,
                    from,
                    Some((kind, &mut table, index)),
                    |n| kind.duplicate(n),
                    diags,
                );
            }
            merge_map(
                &mut merged.functions,
                answer.functions,
                Some((Kind::Function, &mut table, index)),
                |n| Kind::Function.duplicate(n),
                diags,
            );
        }
        self.inner.store(table, true);
        Ok(merged)
    }

    pub(super) async fn merged_identity_schemas(
        &self,
    ) -> Result<v6::get_resource_identity_schemas::Response, Status> {
        let answers = self
            .ask_all("GetResourceIdentitySchemas", |p| async move {
                p.get_resource_identity_schemas(Request::new(Default::default()))
                    .await
            })
            .await?;
        let mut merged = v6::get_resource_identity_schemas::Response::default();
        for answer in answers {
            merged.diagnostics.extend(answer.diagnostics);
            let diags = &mut merged.diagnostics;
            merge_map(
                &mut merged.identity_schemas,
                answer.identity_schemas,
                None,
                identity_duplicate,
                diags,
            );
        }
        Ok(merged)
    }

    /// `GetFunctions` fills the function table but leaves the tables
    /// incomplete (it says nothing of the types).
    pub(super) async fn merged_functions(&self) -> Result<v6::get_functions::Response, Status> {
        let answers = self
            .ask_all("GetFunctions", |p| async move {
                p.get_functions(Request::new(Default::default())).await
            })
            .await?;
        let mut merged = v6::get_functions::Response::default();
        let mut table = Table::default();
        for (index, answer) in answers.into_iter().enumerate() {
            merged.diagnostics.extend(answer.diagnostics);
            let claim = Some((Kind::Function, &mut table, index));
            let diags = &mut merged.diagnostics;
            merge_map(
                &mut merged.functions,
                answer.functions,
                claim,
                |n| Kind::Function.duplicate(n),
                diags,
            );
        }
        self.inner.store(table, false);
        Ok(merged)
    }
}
