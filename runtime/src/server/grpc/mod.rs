//! Serving a [`RawProvider`] as `tfplugin5.Provider` and
//! `tfplugin6.Provider`.
//!
//! [`GrpcProvider`] holds the provider, its schemas (asked once) and the
//! Stop signal; [`GrpcProvider::v5`] and [`GrpcProvider::v6`] are the two
//! protocol faces of it, sharing all of that. Values are decoded with the
//! type of the schema they belong to before the provider sees them; what
//! cannot be decoded becomes an error diagnostic at the attribute's path.
//! RPCs tfschema does not offer (ephemeral resources, functions, list
//! resources, actions, identities, moves, config generation) answer
//! `Unimplemented`, except the schema-like ones Terraform asks
//! unconditionally, which answer "nothing".

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::Arc;

use tonic::{Request, Response, Status};

use super::proto::{tfplugin5, tfplugin6};
use super::raw::{self, ProviderSchema, RawProvider, RawResponse, StopSignal, Stopper};
use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::error::{Error, PathStep};
use crate::schema::{
    Attribute, AttributeType, Block, NestedBlock, NestingMode, ObjectNesting, Schema, StringKind,
};
use crate::types::Type;
use crate::value::Value;

/// A [`RawProvider`] ready to be served on both protocols.
#[derive(Debug)]
pub struct GrpcProvider<P> {
    shared: Arc<Shared<P>>,
}

impl<P> Clone for GrpcProvider<P> {
    fn clone(&self) -> Self {
        GrpcProvider {
            shared: Arc::clone(&self.shared),
        }
    }
}

#[derive(Debug)]
struct Shared<P> {
    provider: P,
    schema: ProviderSchema,
    provider_type: Type,
    meta_type: Option<Type>,
    resource_types: BTreeMap<String, Type>,
    data_source_types: BTreeMap<String, Type>,
    stopper: Stopper,
}

/// Which kind of schema a type name is looked up in.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Resource,
    DataSource,
}

impl<P: RawProvider> GrpcProvider<P> {
    /// Asks the provider for its schemas and gets ready to serve it.
    pub fn new(provider: P) -> Self {
        let schema = provider.schema();
        let types = |m: &BTreeMap<String, Schema>| {
            m.iter()
                .map(|(k, s)| (k.clone(), s.block.implied_type()))
                .collect()
        };
        let shared = Shared {
            provider_type: schema.provider.block.implied_type(),
            meta_type: schema
                .provider_meta
                .as_ref()
                .map(|s| s.block.implied_type()),
            resource_types: types(&schema.resources),
            data_source_types: types(&schema.data_sources),
            schema,
            provider,
            stopper: Stopper::new(),
        };
        GrpcProvider {
            shared: Arc::new(shared),
        }
    }

    /// The schemas being served.
    pub fn schema(&self) -> &ProviderSchema {
        &self.shared.schema
    }

    /// The provider being served.
    pub fn provider(&self) -> &P {
        &self.shared.provider
    }

    /// The protocol 5 face.
    pub fn v5(&self) -> Grpc5<P> {
        Grpc5(self.clone())
    }

    /// The protocol 6 face.
    pub fn v6(&self) -> Grpc6<P> {
        Grpc6(self.clone())
    }

    /// What Stop does: cancels the calls in flight.
    pub fn stop(&self) {
        tracing::info!("stop requested: cancelling calls in flight");
        self.shared.stopper.stop();
    }

    fn type_of(&self, kind: Kind, name: &str) -> Option<&Type> {
        match kind {
            Kind::Resource => self.shared.resource_types.get(name),
            Kind::DataSource => self.shared.data_source_types.get(name),
        }
    }

    /// Runs the call unless decoding its request failed (then the answer is
    /// the decoding diagnostics).
    async fn run<'a, R, F, Fut>(&'a self, decoding: Decoding, call: F) -> R
    where
        R: RawResponse,
        F: FnOnce(&'a P, StopSignal) -> Fut,
        Fut: Future<Output = R>,
    {
        if decoding.diagnostics.has_errors() {
            R::from_diagnostics(decoding.diagnostics)
        } else {
            self.guarded(call).await
        }
    }

    /// Runs `call` with a stop signal; if Stop arrives first, the call is
    /// dropped and the answer is an error diagnostic.
    async fn guarded<'a, R, F, Fut>(&'a self, call: F) -> R
    where
        R: RawResponse,
        F: FnOnce(&'a P, StopSignal) -> Fut,
        Fut: Future<Output = R>,
    {
        let signal = self.shared.stopper.signal();
        let mut watch = signal.clone();
        tokio::select! {
            response = call(&self.shared.provider, signal) => response,
            () = watch.stopped() => {
                let mut diagnostics = Diagnostics::new();
                diagnostics.error(
                    &[],
                    "Operation cancelled",
                    "Terraform stopped the provider while this operation was running; \
                     it may have been left incomplete.",
                );
                R::from_diagnostics(diagnostics)
            }
        }
    }
}

/// Decodes the `DynamicValue`s of a request, collecting failures as
/// diagnostics.
struct Decoding {
    diagnostics: Diagnostics,
}

impl Decoding {
    fn new() -> Self {
        Decoding {
            diagnostics: Diagnostics::new(),
        }
    }

    fn value(&mut self, what: &str, (msgpack, json): (&[u8], &[u8]), ty: &Type) -> Value {
        let result = if !msgpack.is_empty() {
            crate::msgpack::value_from_slice(msgpack, ty)
        } else if !json.is_empty() {
            crate::json::value_from_slice(json, ty)
        } else {
            Ok(Value::Null(ty.clone()))
        };
        result.unwrap_or_else(|err| {
            self.fail(what, err);
            Value::Null(ty.clone())
        })
    }

    /// The `provider_meta` value, when the provider has a schema for it.
    fn meta(&mut self, ty: Option<&Type>, bytes: (&[u8], &[u8])) -> Option<Value> {
        ty.map(|ty| self.value("provider_meta", bytes, ty))
    }

    fn fail(&mut self, what: &str, err: Error) {
        let mut diagnostic = Diagnostic::from(err);
        diagnostic.summary = format!("Invalid {what}");
        self.diagnostics.push(diagnostic);
    }

    fn unknown_type<R: RawResponse>(kind: Kind, name: &str) -> R {
        let what = match kind {
            Kind::Resource => "resource type",
            Kind::DataSource => "data source",
        };
        let mut diagnostics = Diagnostics::new();
        diagnostics.error(
            &[],
            format!("Unknown {what}"),
            format!("This provider has no {what} named {name:?}."),
        );
        R::from_diagnostics(diagnostics)
    }
}

/// Encodes a response value; a failure becomes an error diagnostic.
fn encode(value: Option<&Value>, ty: &Type, diagnostics: &mut Diagnostics) -> Option<Vec<u8>> {
    let value = value?;
    match crate::msgpack::value_to_vec(value, ty) {
        Ok(bytes) => Some(bytes),
        Err(err) => {
            let mut diagnostic = Diagnostic::from(err);
            diagnostic.summary = "Provider returned an invalid value".into();
            diagnostics.push(diagnostic);
            None
        }
    }
}

/// The type of the named resource or data source, or (from the enclosing
/// handler) an answer saying the provider has no such type.
macro_rules! type_or_answer {
    ($face:expr, $kind:expr, $name:expr, $response:ty, $conv:ident) => {
        match $face.0.type_of($kind, $name) {
            Some(ty) => ty,
            None => {
                let d: Diagnostics = Decoding::unknown_type($kind, $name);
                let mut response = <$response>::default();
                response.diagnostics = $conv::diagnostics(d);
                return Ok(Response::new(response));
            }
        }
    };
}

fn unimplemented(rpc: &str) -> Status {
    Status::unimplemented(format!("tfschema does not implement {rpc}"))
}

/// The two protocols' messages are generated into separate modules with the
/// same shapes; this writes the conversions and the service once for each.
macro_rules! protocol {
    (
        $pb:ident, $Face:ident,
        get_schema: $get_schema:ident,
        validate_provider: $validate_provider:ident,
        validate_resource: $validate_resource:ident,
        validate_data: $validate_data:ident,
        configure: $configure:ident,
        stop: $stop:ident,
        nested_type: $nested:ident,
    ) => {
        /// One protocol face of a [`GrpcProvider`].
        #[derive(Debug)]
        pub struct $Face<P>(pub(crate) GrpcProvider<P>);

        impl<P> Clone for $Face<P> {
            fn clone(&self) -> Self {
                $Face(self.0.clone())
            }
        }

        impl $pb::DynamicValue {
            fn bytes(v: Option<&Self>) -> (&[u8], &[u8]) {
                v.map_or((&[][..], &[][..]), |v| (&v.msgpack[..], &v.json[..]))
            }
        }

        mod $nested {
            use super::*;
            use $pb as pb;

            pub(super) fn dynamic(
                value: Option<&Value>,
                ty: &Type,
                diagnostics: &mut Diagnostics,
            ) -> Option<pb::DynamicValue> {
                encode(value, ty, diagnostics).map(|msgpack| pb::DynamicValue {
                    msgpack,
                    json: Vec::new(),
                })
            }

            pub(super) fn path(steps: &[PathStep]) -> pb::AttributePath {
                use pb::attribute_path::step::Selector;
                let steps = steps
                    .iter()
                    .map(|s| pb::attribute_path::Step {
                        selector: Some(match s {
                            PathStep::Attr(n) => Selector::AttributeName(n.clone()),
                            PathStep::Key(k) => Selector::ElementKeyString(k.clone()),
                            PathStep::Index(i) => {
                                Selector::ElementKeyInt(i64::try_from(*i).unwrap_or(i64::MAX))
                            }
                        }),
                    })
                    .collect();
                pb::AttributePath { steps }
            }

            pub(super) fn diagnostics(diagnostics: Diagnostics) -> Vec<pb::Diagnostic> {
                diagnostics
                    .into_iter()
                    .map(|d| pb::Diagnostic {
                        severity: match d.severity {
                            Severity::Error => pb::diagnostic::Severity::Error,
                            Severity::Warning => pb::diagnostic::Severity::Warning,
                        } as i32,
                        summary: d.summary,
                        detail: d.detail,
                        attribute: (!d.path.is_empty()).then(|| path(&d.path)),
                    })
                    .collect()
            }

            pub(super) fn capabilities(
                c: Option<&pb::ClientCapabilities>,
            ) -> raw::ClientCapabilities {
                c.map_or_else(raw::ClientCapabilities::default, |c| {
                    raw::ClientCapabilities {
                        deferral_allowed: c.deferral_allowed,
                        write_only_attributes_allowed: c.write_only_attributes_allowed,
                    }
                })
            }

            fn kind(k: StringKind) -> i32 {
                match k {
                    StringKind::Plain => pb::StringKind::Plain as i32,
                    StringKind::Markdown => pb::StringKind::Markdown as i32,
                }
            }

            fn attribute(a: &Attribute) -> pb::schema::Attribute {
                let mut out = pb::schema::Attribute {
                    name: a.name.clone(),
                    description: a.description.clone(),
                    description_kind: kind(a.description_kind),
                    required: a.required,
                    optional: a.optional,
                    computed: a.computed,
                    sensitive: a.sensitive,
                    deprecated: a.deprecated,
                    write_only: a.write_only,
                    ..Default::default()
                };
                set_type(&mut out, &a.ty);
                out
            }

            fn block(b: &Block) -> pb::schema::Block {
                pb::schema::Block {
                    version: 0,
                    attributes: b.attributes.iter().map(attribute).collect(),
                    block_types: b.block_types.iter().map(nested_block).collect(),
                    description: b.description.clone(),
                    description_kind: kind(b.description_kind),
                    deprecated: b.deprecated,
                }
            }

            fn nested_block(n: &NestedBlock) -> pb::schema::NestedBlock {
                use pb::schema::nested_block::NestingMode as M;
                pb::schema::NestedBlock {
                    type_name: n.type_name.clone(),
                    block: Some(block(&n.block)),
                    nesting: match n.nesting {
                        NestingMode::Single => M::Single,
                        NestingMode::List => M::List,
                        NestingMode::Set => M::Set,
                        NestingMode::Map => M::Map,
                        NestingMode::Group => M::Group,
                    } as i32,
                    min_items: i64::try_from(n.min_items).unwrap_or(i64::MAX),
                    max_items: i64::try_from(n.max_items).unwrap_or(i64::MAX),
                }
            }

            pub(super) fn schema(s: &Schema) -> pb::Schema {
                pb::Schema {
                    version: s.version,
                    block: Some(block(&s.block)),
                }
            }

            pub(super) fn schemas(m: &BTreeMap<String, Schema>) -> BTreeMap<String, pb::Schema> {
                m.iter().map(|(k, s)| (k.clone(), schema(s))).collect()
            }

            protocol!(@set_type $pb, $nested);
        }

        #[tonic::async_trait]
        impl<P: RawProvider> $pb::provider_server::Provider for $Face<P> {
            async fn get_metadata(
                &self,
                _request: Request<$pb::get_metadata::Request>,
            ) -> Result<Response<$pb::get_metadata::Response>, Status> {
                let schema = self.0.schema();
                Ok(Response::new($pb::get_metadata::Response {
                    server_capabilities: Some(server_capabilities()),
                    resources: schema
                        .resources
                        .keys()
                        .map(|t| $pb::get_metadata::ResourceMetadata { type_name: t.clone() })
                        .collect(),
                    data_sources: schema
                        .data_sources
                        .keys()
                        .map(|t| $pb::get_metadata::DataSourceMetadata { type_name: t.clone() })
                        .collect(),
                    ..Default::default()
                }))
            }

            async fn $get_schema(
                &self,
                _request: Request<$pb::get_provider_schema::Request>,
            ) -> Result<Response<$pb::get_provider_schema::Response>, Status> {
                tracing::debug!("GetProviderSchema");
                let schema = self.0.schema();
                Ok(Response::new($pb::get_provider_schema::Response {
                    diagnostics: $nested::diagnostics(schema.problems()),
                    provider: Some($nested::schema(&schema.provider)),
                    provider_meta: schema.provider_meta.as_ref().map($nested::schema),
                    resource_schemas: $nested::schemas(&schema.resources),
                    data_source_schemas: $nested::schemas(&schema.data_sources),
                    server_capabilities: Some(server_capabilities()),
                    ..Default::default()
                }))
            }

            async fn get_resource_identity_schemas(
                &self,
                _request: Request<$pb::get_resource_identity_schemas::Request>,
            ) -> Result<Response<$pb::get_resource_identity_schemas::Response>, Status> {
                Ok(Response::new(Default::default()))
            }

            async fn $validate_provider(
                &self,
                request: Request<$pb::$validate_provider::Request>,
            ) -> Result<Response<$pb::$validate_provider::Response>, Status> {
                tracing::debug!("ValidateProviderConfig");
                let request = request.into_inner();
                let ty = &self.0.shared.provider_type;
                let mut decoding = Decoding::new();
                let config = decoding.value("provider configuration", $pb::DynamicValue::bytes(request.config.as_ref()), ty);
                let raw_request = raw::ValidateProviderConfigRequest { config: config.clone() };
                let mut diagnostics: Diagnostics =
                    self.0.run(decoding, |p, stop| p.validate_provider_config(raw_request, stop)).await;
                let mut response = $pb::$validate_provider::Response::default();
                protocol!(@prepared $pb, response, config, ty, diagnostics);
                response.diagnostics = $nested::diagnostics(diagnostics);
                Ok(Response::new(response))
            }

            async fn $validate_resource(
                &self,
                request: Request<$pb::$validate_resource::Request>,
            ) -> Result<Response<$pb::$validate_resource::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, "ValidateResourceConfig");
                let ty = type_or_answer!(self, Kind::Resource, &request.type_name, $pb::$validate_resource::Response, $nested);
                let mut decoding = Decoding::new();
                let config = decoding.value("configuration", $pb::DynamicValue::bytes(request.config.as_ref()), ty);
                let raw_request = raw::ValidateResourceConfigRequest {
                        type_name: request.type_name,
                        config,
                        client_capabilities: $nested::capabilities(request.client_capabilities.as_ref()),
                    };
                let diagnostics: Diagnostics = self.0.run(decoding, |p, stop| p.validate_resource_config(raw_request, stop)).await;
                Ok(Response::new($pb::$validate_resource::Response {
                    diagnostics: $nested::diagnostics(diagnostics),
                }))
            }

            async fn $validate_data(
                &self,
                request: Request<$pb::$validate_data::Request>,
            ) -> Result<Response<$pb::$validate_data::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, "ValidateDataSourceConfig");
                let ty = type_or_answer!(self, Kind::DataSource, &request.type_name, $pb::$validate_data::Response, $nested);
                let mut decoding = Decoding::new();
                let config = decoding.value("configuration", $pb::DynamicValue::bytes(request.config.as_ref()), ty);
                let raw_request = raw::ValidateDataSourceConfigRequest {
                        type_name: request.type_name,
                        config,
                    };
                let diagnostics: Diagnostics = self.0.run(decoding, |p, stop| p.validate_data_source_config(raw_request, stop)).await;
                Ok(Response::new($pb::$validate_data::Response {
                    diagnostics: $nested::diagnostics(diagnostics),
                }))
            }

            async fn upgrade_resource_state(
                &self,
                request: Request<$pb::upgrade_resource_state::Request>,
            ) -> Result<Response<$pb::upgrade_resource_state::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, version = request.version, "UpgradeResourceState");
                let ty = type_or_answer!(self, Kind::Resource, &request.type_name, $pb::upgrade_resource_state::Response, $nested);
                let raw_state_json = request
                    .raw_state
                    .map(|r| r.json)
                    .filter(|j| !j.is_empty());
                let raw_request = raw::UpgradeResourceStateRequest {
                    type_name: request.type_name,
                    version: request.version,
                    raw_state_json,
                };
                let mut response = self
                    .0
                    .guarded(|p, stop| p.upgrade_resource_state(raw_request, stop))
                    .await;
                let upgraded_state =
                    $nested::dynamic(response.upgraded_state.as_ref(), ty, &mut response.diagnostics);
                Ok(Response::new($pb::upgrade_resource_state::Response {
                    upgraded_state,
                    diagnostics: $nested::diagnostics(response.diagnostics),
                }))
            }

            async fn upgrade_resource_identity(
                &self,
                _request: Request<$pb::upgrade_resource_identity::Request>,
            ) -> Result<Response<$pb::upgrade_resource_identity::Response>, Status> {
                Err(unimplemented("UpgradeResourceIdentity"))
            }

            async fn $configure(
                &self,
                request: Request<$pb::$configure::Request>,
            ) -> Result<Response<$pb::$configure::Response>, Status> {
                tracing::debug!("ConfigureProvider");
                let request = request.into_inner();
                let mut decoding = Decoding::new();
                let config = decoding.value("provider configuration", $pb::DynamicValue::bytes(request.config.as_ref()), &self.0.shared.provider_type);
                let raw_request = raw::ConfigureProviderRequest {
                        terraform_version: request.terraform_version,
                        config,
                        client_capabilities: $nested::capabilities(request.client_capabilities.as_ref()),
                    };
                let diagnostics: Diagnostics = self.0.run(decoding, |p, stop| p.configure_provider(raw_request, stop)).await;
                Ok(Response::new($pb::$configure::Response {
                    diagnostics: $nested::diagnostics(diagnostics),
                }))
            }

            async fn read_resource(
                &self,
                request: Request<$pb::read_resource::Request>,
            ) -> Result<Response<$pb::read_resource::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, "ReadResource");
                let ty = type_or_answer!(self, Kind::Resource, &request.type_name, $pb::read_resource::Response, $nested);
                let mut decoding = Decoding::new();
                let current_state = decoding.value("prior state", $pb::DynamicValue::bytes(request.current_state.as_ref()), ty);
                let provider_meta = decoding.meta(self.0.shared.meta_type.as_ref(), $pb::DynamicValue::bytes(request.provider_meta.as_ref()));
                let raw_request = raw::ReadResourceRequest {
                        type_name: request.type_name,
                        current_state,
                        private: request.private,
                        provider_meta,
                        client_capabilities: $nested::capabilities(request.client_capabilities.as_ref()),
                    };
                let mut response = self.0.run(decoding, |p, stop| p.read_resource(raw_request, stop)).await;
                let new_state = $nested::dynamic(response.new_state.as_ref(), ty, &mut response.diagnostics);
                Ok(Response::new($pb::read_resource::Response {
                    new_state,
                    private: response.private,
                    diagnostics: $nested::diagnostics(response.diagnostics),
                    ..Default::default()
                }))
            }

            async fn plan_resource_change(
                &self,
                request: Request<$pb::plan_resource_change::Request>,
            ) -> Result<Response<$pb::plan_resource_change::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, "PlanResourceChange");
                let ty = type_or_answer!(self, Kind::Resource, &request.type_name, $pb::plan_resource_change::Response, $nested);
                let mut decoding = Decoding::new();
                let prior_state = decoding.value("prior state", $pb::DynamicValue::bytes(request.prior_state.as_ref()), ty);
                let proposed_new_state = decoding.value("proposed new state", $pb::DynamicValue::bytes(request.proposed_new_state.as_ref()), ty);
                let config = decoding.value("configuration", $pb::DynamicValue::bytes(request.config.as_ref()), ty);
                let provider_meta = decoding.meta(self.0.shared.meta_type.as_ref(), $pb::DynamicValue::bytes(request.provider_meta.as_ref()));
                let raw_request = raw::PlanResourceChangeRequest {
                        type_name: request.type_name,
                        prior_state,
                        proposed_new_state,
                        config,
                        prior_private: request.prior_private,
                        provider_meta,
                        client_capabilities: $nested::capabilities(request.client_capabilities.as_ref()),
                    };
                let mut response = self.0.run(decoding, |p, stop| p.plan_resource_change(raw_request, stop)).await;
                let planned_state =
                    $nested::dynamic(response.planned_state.as_ref(), ty, &mut response.diagnostics);
                Ok(Response::new($pb::plan_resource_change::Response {
                    planned_state,
                    requires_replace: response.requires_replace.iter().map(|p| $nested::path(p)).collect(),
                    planned_private: response.planned_private,
                    diagnostics: $nested::diagnostics(response.diagnostics),
                    ..Default::default()
                }))
            }

            async fn apply_resource_change(
                &self,
                request: Request<$pb::apply_resource_change::Request>,
            ) -> Result<Response<$pb::apply_resource_change::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, "ApplyResourceChange");
                let ty = type_or_answer!(self, Kind::Resource, &request.type_name, $pb::apply_resource_change::Response, $nested);
                let mut decoding = Decoding::new();
                let prior_state = decoding.value("prior state", $pb::DynamicValue::bytes(request.prior_state.as_ref()), ty);
                let planned_state = decoding.value("planned state", $pb::DynamicValue::bytes(request.planned_state.as_ref()), ty);
                let config = decoding.value("configuration", $pb::DynamicValue::bytes(request.config.as_ref()), ty);
                let provider_meta = decoding.meta(self.0.shared.meta_type.as_ref(), $pb::DynamicValue::bytes(request.provider_meta.as_ref()));
                let raw_request = raw::ApplyResourceChangeRequest {
                        type_name: request.type_name,
                        prior_state,
                        planned_state,
                        config,
                        planned_private: request.planned_private,
                        provider_meta,
                    };
                let mut response = self.0.run(decoding, |p, stop| p.apply_resource_change(raw_request, stop)).await;
                let new_state = $nested::dynamic(response.new_state.as_ref(), ty, &mut response.diagnostics);
                Ok(Response::new($pb::apply_resource_change::Response {
                    new_state,
                    private: response.private,
                    diagnostics: $nested::diagnostics(response.diagnostics),
                    ..Default::default()
                }))
            }

            async fn import_resource_state(
                &self,
                request: Request<$pb::import_resource_state::Request>,
            ) -> Result<Response<$pb::import_resource_state::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, "ImportResourceState");
                type_or_answer!(self, Kind::Resource, &request.type_name, $pb::import_resource_state::Response, $nested);
                let raw_request = raw::ImportResourceStateRequest {
                    type_name: request.type_name,
                    id: request.id,
                    client_capabilities: $nested::capabilities(request.client_capabilities.as_ref()),
                };
                let mut response = self.0.guarded(|p, stop| p.import_resource_state(raw_request, stop)).await;
                let mut imported_resources = Vec::new();
                for imported in std::mem::take(&mut response.imported_resources) {
                    let Some(ty) = self.0.type_of(Kind::Resource, &imported.type_name) else {
                        response.diagnostics.extend::<Diagnostics>(Decoding::unknown_type(Kind::Resource, &imported.type_name));
                        continue;
                    };
                    let state = $nested::dynamic(Some(&imported.state), ty, &mut response.diagnostics);
                    imported_resources.push($pb::import_resource_state::ImportedResource {
                        type_name: imported.type_name,
                        state,
                        private: imported.private,
                        ..Default::default()
                    });
                }
                Ok(Response::new($pb::import_resource_state::Response {
                    imported_resources,
                    diagnostics: $nested::diagnostics(response.diagnostics),
                    ..Default::default()
                }))
            }

            async fn move_resource_state(
                &self,
                _request: Request<$pb::move_resource_state::Request>,
            ) -> Result<Response<$pb::move_resource_state::Response>, Status> {
                Err(unimplemented("MoveResourceState"))
            }

            async fn read_data_source(
                &self,
                request: Request<$pb::read_data_source::Request>,
            ) -> Result<Response<$pb::read_data_source::Response>, Status> {
                let request = request.into_inner();
                tracing::debug!(type_name = %request.type_name, "ReadDataSource");
                let ty = type_or_answer!(self, Kind::DataSource, &request.type_name, $pb::read_data_source::Response, $nested);
                let mut decoding = Decoding::new();
                let config = decoding.value("configuration", $pb::DynamicValue::bytes(request.config.as_ref()), ty);
                let provider_meta = decoding.meta(self.0.shared.meta_type.as_ref(), $pb::DynamicValue::bytes(request.provider_meta.as_ref()));
                let raw_request = raw::ReadDataSourceRequest {
                        type_name: request.type_name,
                        config,
                        provider_meta,
                        client_capabilities: $nested::capabilities(request.client_capabilities.as_ref()),
                    };
                let mut response = self.0.run(decoding, |p, stop| p.read_data_source(raw_request, stop)).await;
                let state = $nested::dynamic(response.state.as_ref(), ty, &mut response.diagnostics);
                Ok(Response::new($pb::read_data_source::Response {
                    state,
                    diagnostics: $nested::diagnostics(response.diagnostics),
                    ..Default::default()
                }))
            }

            async fn generate_resource_config(
                &self,
                _request: Request<$pb::generate_resource_config::Request>,
            ) -> Result<Response<$pb::generate_resource_config::Response>, Status> {
                Err(unimplemented("GenerateResourceConfig"))
            }

            async fn validate_ephemeral_resource_config(
                &self,
                _request: Request<$pb::validate_ephemeral_resource_config::Request>,
            ) -> Result<Response<$pb::validate_ephemeral_resource_config::Response>, Status> {
                Err(unimplemented("ValidateEphemeralResourceConfig"))
            }

            async fn open_ephemeral_resource(
                &self,
                _request: Request<$pb::open_ephemeral_resource::Request>,
            ) -> Result<Response<$pb::open_ephemeral_resource::Response>, Status> {
                Err(unimplemented("OpenEphemeralResource"))
            }

            async fn renew_ephemeral_resource(
                &self,
                _request: Request<$pb::renew_ephemeral_resource::Request>,
            ) -> Result<Response<$pb::renew_ephemeral_resource::Response>, Status> {
                Err(unimplemented("RenewEphemeralResource"))
            }

            async fn close_ephemeral_resource(
                &self,
                _request: Request<$pb::close_ephemeral_resource::Request>,
            ) -> Result<Response<$pb::close_ephemeral_resource::Response>, Status> {
                Err(unimplemented("CloseEphemeralResource"))
            }

            type ListResourceStream =
                tokio_stream::Empty<Result<$pb::list_resource::Event, Status>>;

            async fn list_resource(
                &self,
                _request: Request<$pb::list_resource::Request>,
            ) -> Result<Response<Self::ListResourceStream>, Status> {
                Err(unimplemented("ListResource"))
            }

            async fn validate_list_resource_config(
                &self,
                _request: Request<$pb::validate_list_resource_config::Request>,
            ) -> Result<Response<$pb::validate_list_resource_config::Response>, Status> {
                Err(unimplemented("ValidateListResourceConfig"))
            }

            async fn get_functions(
                &self,
                _request: Request<$pb::get_functions::Request>,
            ) -> Result<Response<$pb::get_functions::Response>, Status> {
                Ok(Response::new(Default::default()))
            }

            async fn call_function(
                &self,
                _request: Request<$pb::call_function::Request>,
            ) -> Result<Response<$pb::call_function::Response>, Status> {
                Err(unimplemented("CallFunction"))
            }

            async fn validate_action_config(
                &self,
                _request: Request<$pb::validate_action_config::Request>,
            ) -> Result<Response<$pb::validate_action_config::Response>, Status> {
                Err(unimplemented("ValidateActionConfig"))
            }

            async fn plan_action(
                &self,
                _request: Request<$pb::plan_action::Request>,
            ) -> Result<Response<$pb::plan_action::Response>, Status> {
                Err(unimplemented("PlanAction"))
            }

            type InvokeActionStream =
                tokio_stream::Empty<Result<$pb::invoke_action::Event, Status>>;

            async fn invoke_action(
                &self,
                _request: Request<$pb::invoke_action::Request>,
            ) -> Result<Response<Self::InvokeActionStream>, Status> {
                Err(unimplemented("InvokeAction"))
            }

            async fn $stop(
                &self,
                _request: Request<$pb::$stop::Request>,
            ) -> Result<Response<$pb::$stop::Response>, Status> {
                self.0.stop();
                Ok(Response::new(Default::default()))
            }
        }

        fn server_capabilities() -> $pb::ServerCapabilities {
            $pb::ServerCapabilities {
                plan_destroy: true,
                get_provider_schema_optional: false,
                ..Default::default()
            }
        }
    };

    // Protocol 5 has no nested attributes: it is never served when a schema
    // uses them (the handshake refuses), so the implied type stands in.
    (@set_type tfplugin5, $nested:ident) => {
        fn set_type(out: &mut pb::schema::Attribute, ty: &AttributeType) {
            out.r#type = ty.implied_type().to_json().into_bytes();
        }
    };
    (@set_type tfplugin6, $nested:ident) => {
        fn set_type(out: &mut pb::schema::Attribute, ty: &AttributeType) {
            match ty {
                AttributeType::Type(t) => out.r#type = t.to_json().into_bytes(),
                AttributeType::Nested(n) => out.nested_type = Some(object(n)),
            }
        }

        fn object(n: &crate::schema::NestedType) -> pb::schema::Object {
            use pb::schema::object::NestingMode as M;
            pb::schema::Object {
                attributes: n.attributes.iter().map(attribute).collect(),
                nesting: match n.nesting {
                    ObjectNesting::Single => M::Single,
                    ObjectNesting::List => M::List,
                    ObjectNesting::Set => M::Set,
                    ObjectNesting::Map => M::Map,
                } as i32,
                ..Default::default()
            }
        }
    };

    // Protocol 5's PrepareProviderConfig answers with the configuration to
    // use; Terraform decodes it, so it is echoed back.
    (@prepared tfplugin5, $response:ident, $config:ident, $ty:ident, $diagnostics:ident) => {
        $response.prepared_config = v5_conv::dynamic(Some(&$config), $ty, &mut $diagnostics);
    };
    (@prepared tfplugin6, $response:ident, $config:ident, $ty:ident, $diagnostics:ident) => {
        let _ = (&$config, $ty, &mut $diagnostics);
    };
}

mod v5 {
    use super::*;
    protocol!(
        tfplugin5, Grpc5,
        get_schema: get_schema,
        validate_provider: prepare_provider_config,
        validate_resource: validate_resource_type_config,
        validate_data: validate_data_source_config,
        configure: configure,
        stop: stop,
        nested_type: v5_conv,
    );
}

mod v6 {
    use super::*;
    protocol!(
        tfplugin6, Grpc6,
        get_schema: get_provider_schema,
        validate_provider: validate_provider_config,
        validate_resource: validate_resource_config,
        validate_data: validate_data_resource_config,
        configure: configure_provider,
        stop: stop_provider,
        nested_type: v6_conv,
    );
}

pub use v5::Grpc5;
pub use v6::Grpc6;
