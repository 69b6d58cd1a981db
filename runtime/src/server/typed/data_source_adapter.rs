//! A [`DataSource`] behind dynamic values.

use std::sync::Arc;

use super::deadline::Race;
use super::future::BoxFuture;
use super::read::{typed, unset_computed_unknown, validate_model};
use super::shape::Shape;
use super::state::state_of;
use super::{Ctx, DataSource};
use crate::diag::Diagnostics;
use crate::model::TfSchema;
use crate::schema::Schema;
use crate::server::raw::{self, DynamicValue};
use crate::timeouts::Operation;

/// A data source behind dynamic values.
pub(super) trait ErasedDataSource<C>: Send + Sync {
    fn schema(&self) -> Schema;
    fn validate(&self, config: &DynamicValue) -> Diagnostics;
    fn read<'a>(
        &'a self,
        ctx: Ctx<C>,
        type_name: &'a str,
        config: DynamicValue,
    ) -> BoxFuture<'a, raw::ReadDataSourceResponse>;
}

/// A data source with its schema block and value type, built once.
pub(super) struct DataSourceAdapter<D> {
    /// Shared with its read, which runs on a thread of its own ([`Race`]).
    pub(super) data_source: Arc<D>,
    pub(super) shape: Shape,
}

impl<D: DataSource> ErasedDataSource<D::Client> for DataSourceAdapter<D> {
    fn schema(&self) -> Schema {
        D::Model::schema()
    }

    fn validate(&self, config: &DynamicValue) -> Diagnostics {
        validate_model::<D::Model>(config, self.data_source.config_validators(), |view| {
            self.data_source.validate(view)
        })
    }

    fn read<'a>(
        &'a self,
        mut ctx: Ctx<D::Client>,
        type_name: &'a str,
        config: DynamicValue,
    ) -> BoxFuture<'a, raw::ReadDataSourceResponse> {
        Box::pin(async move {
            let mut response = raw::ReadDataSourceResponse::default();
            let config = match config.read_value() {
                Ok(config) => unset_computed_unknown(&self.shape.block, config),
                Err(d) => {
                    response.diagnostics.extend(d);
                    return response;
                }
            };
            // A deferred read answers with the configuration, the
            // attributes the data source fills unknown.
            if let Some(reason) = ctx.deferred() {
                response.state = Some(DynamicValue::from(config));
                response.deferred = Some(reason);
                return response;
            }
            let Some(model) = typed::<D::Model>(&config, &mut response.diagnostics) else {
                return response;
            };
            let result = match self.data_source.timeout(&model) {
                Ok(limit) => {
                    let data_source = Arc::clone(&self.data_source);
                    Race::start(&mut ctx, Operation::Read, type_name, limit)
                        .run(&mut ctx, move |ctx| {
                            Box::pin(async move { data_source.read(ctx, model).await })
                        })
                        .await
                }
                Err(d) => Err(d),
            };
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            if let Some(reason) = ctx.deferred() {
                response
                    .diagnostics
                    .extend(result.err().into_iter().flatten());
                response.state = Some(DynamicValue::from(config));
                response.deferred = Some(reason);
                return response;
            }
            match result {
                Ok(model) => {
                    // As the framework, semantic equality against the
                    // configuration.
                    let before = self
                        .shape
                        .semantic_equal
                        .then(|| DynamicValue::from(config));
                    let d = &mut response.diagnostics;
                    let state = state_of(&self.shape, &model, None, before.as_ref(), d);
                    response.state = Some(state);
                }
                Err(d) => response.diagnostics.extend(d),
            }
            response
        })
    }
}
