//! `hashicorp/null` 2.1.2 ported to tfschema: `null_resource` and `null_data_source` with the
//! Go provider's schema and behaviour, written in the typed layer as a porter writes them.
//!
//! The Go provider (SDKv2, `null/resource.go` and `null/data_source.go` at v2.1.2):
//! - `null_resource` gets a random decimal id on create, keeps it until `triggers` changes
//!   (which replaces it), and reads and deletes nothing;
//! - `null_data_source` copies `inputs` to `outputs`, sets `random` to a random decimal,
//!   `has_computed_default` to `"default"` when the configuration leaves it unset or empty, and
//!   `id` to `"static"`.
//!
//! [`provider`] serves both in Rust. The binary (`src/main.rs`) can also serve `null_resource`
//! from the Go binary beside it, through tfschema's mux: the state of a migration half done.

pub mod models;

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, DataSource, PlanView, Provider, Resource, TypedProvider};
use tfschema::Unknown;

use models::data_source::DataSource as DataSourceModel;
use models::provider::NullConfig;
use models::resource::Resource as ResourceModel;

/// The provider: no configuration, no client.
#[derive(Debug)]
pub struct NullProvider;

impl Provider for NullProvider {
    type Config = NullConfig;
    type Client = ();

    async fn configure(
        &self,
        _config: PlanView<NullConfig>,
        _diagnostics: &mut Diagnostics,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// A random non-negative 63-bit integer in decimal, as Go's `fmt.Sprintf("%d", rand.Int())`
/// prints one. The standard library's per-instance random hash keys are the source: an id
/// needs no more than that.
fn random_decimal() -> String {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(0);
    (hasher.finish() >> 1).to_string()
}

/// `null_resource`.
#[derive(Debug)]
pub struct NullResource;

impl Resource for NullResource {
    type Client = ();
    type Model = ResourceModel;

    async fn create(
        &self,
        _ctx: &mut Ctx<()>,
        mut planned: ResourceModel,
    ) -> Result<ResourceModel, Diagnostics> {
        planned.id = Unknown::Known(Some(random_decimal()));
        Ok(planned)
    }

    async fn read(
        &self,
        _ctx: &mut Ctx<()>,
        current: ResourceModel,
    ) -> Result<Option<ResourceModel>, Diagnostics> {
        Ok(Some(current))
    }

    // Never called for a change of `triggers` (that replaces the resource), so only when the
    // configuration sets `id` itself: SDKv2 keeps the planned values.
    async fn update(
        &self,
        _ctx: &mut Ctx<()>,
        _prior: ResourceModel,
        planned: ResourceModel,
    ) -> Result<ResourceModel, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _ctx: &mut Ctx<()>, _prior: ResourceModel) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// `null_data_source`.
#[derive(Debug)]
pub struct NullDataSource;

impl DataSource for NullDataSource {
    type Client = ();
    type Model = DataSourceModel;

    async fn read(
        &self,
        _ctx: &mut Ctx<()>,
        mut config: DataSourceModel,
    ) -> Result<DataSourceModel, Diagnostics> {
        config.outputs = Unknown::Known(config.inputs.clone());
        config.random = Unknown::Known(Some(random_decimal()));
        // Unset in the configuration, the computed attribute arrives unknown (the data source
        // is to fill it); SDKv2's `d.Get` of it is "", as of an empty string.
        let unset = match &config.has_computed_default {
            Unknown::Unknown | Unknown::Known(None) => true,
            Unknown::Known(Some(s)) => s.is_empty(),
        };
        if unset {
            config.has_computed_default = Unknown::Known(Some("default".to_owned()));
        }
        config.id = Unknown::Known(Some("static".to_owned()));
        Ok(config)
    }
}

/// The provider with both types in Rust, on protocol 5 as the Go provider.
pub fn provider() -> TypedProvider<NullProvider> {
    ported(&["null_resource", "null_data_source"]).max_protocol(5)
}

/// The provider with the types named, for a binary whose other types are
/// still served by the Go provider (`src/bin/terraform-provider-null-mux.rs`).
pub fn ported(types: &[&str]) -> TypedProvider<NullProvider> {
    let mut provider = TypedProvider::new(NullProvider);
    if types.contains(&"null_resource") {
        provider = provider.resource("null_resource", NullResource);
    }
    if types.contains(&"null_data_source") {
        provider = provider.data_source("null_data_source", NullDataSource);
    }
    provider
}
