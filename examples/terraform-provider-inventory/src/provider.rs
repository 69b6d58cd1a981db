//! The provider block and the client it configures: the database handle.

use std::path::Path;

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{PlanView, Provider};
use tfschema::{TfSchema, TfValue, Unknown};

use crate::store::Store;

/// Manages inventory records in a SQLite database file.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Config {
    /// Path of the SQLite database; the file and its tables are created
    /// when missing.
    #[tf(validate(length(min = 1)))]
    pub database_path: String,
}

/// The provider: [`Provider::configure`] opens the database.
#[derive(Debug, Clone, Copy, Default)]
pub struct Inventory;

impl Provider for Inventory {
    type Config = Config;
    type Client = Store;

    async fn configure(
        &self,
        config: PlanView<Config>,
        _diagnostics: &mut Diagnostics,
    ) -> Result<Store, Diagnostics> {
        match config.database_path {
            Unknown::Known(path) => Store::open(Path::new(&path)),
            Unknown::Unknown => {
                let mut d = Diagnostics::new();
                d.error(
                    &[tfschema::PathStep::Attr("database_path".into())],
                    "Unknown database path",
                    "database_path must be known when the provider is configured; \
                     it cannot depend on a resource that is not created yet.",
                );
                Err(d)
            }
        }
    }
}
