//! terraform-provider-notes: a Terraform provider that keeps notes as text
//! files in a directory. `notes_note` resources write them, `notes_note`
//! data sources read them.

pub mod data;
pub mod note;
pub mod store;

use std::path::Path;

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{PlanView, Provider, TypedProvider};
use tfschema::{PathStep, TfSchema, TfValue, Unknown};

use crate::data::NoteDataSource;
use crate::note::NoteResource;
use crate::store::Store;

/// Notes kept as text files.
#[derive(TfSchema, TfValue, Debug)]
pub struct Config {
    /// The directory holding the notes; created when missing.
    #[tf(validate(length(min = 1)))]
    pub directory: String,
}

/// The provider: `configure` opens the notes directory.
#[derive(Debug)]
pub struct Notes;

impl Provider for Notes {
    type Config = Config;
    type Client = Store;

    async fn configure(
        &self,
        config: PlanView<Config>,
        _diagnostics: &mut Diagnostics,
    ) -> Result<Store, Diagnostics> {
        match config.directory {
            Unknown::Known(dir) => Store::open(Path::new(&dir)),
            // The provider block may refer to something not created yet.
            Unknown::Unknown => {
                let mut d = Diagnostics::new();
                d.error(
                    &[PathStep::Attr("directory".into())],
                    "Unknown directory",
                    "directory must be known when the provider is configured.",
                );
                Err(d)
            }
        }
    }
}

/// The provider with its resource and data source: what `main` serves and
/// the tests drive.
pub fn provider() -> TypedProvider<Notes> {
    TypedProvider::new(Notes)
        .resource("notes_note", NoteResource)
        .data_source("notes_note", NoteDataSource)
}
