//! The `notes_note` data source: a note, read by name.

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, DataSource};
use tfschema::{PathStep, TfSchema, TfValue, Unknown};

use crate::store::Store;

/// A note, read by name.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct NoteLookup {
    /// The note's name.
    #[tf(validate(regex = "^[a-z0-9_-]+$"))]
    pub name: String,
    /// The text.
    #[tf(computed)]
    pub content: Unknown<String>,
    /// The length of `content` in bytes.
    #[tf(computed)]
    pub size: Unknown<i64>,
}

/// The `notes_note` data source.
#[derive(Debug)]
pub struct NoteDataSource;

impl DataSource for NoteDataSource {
    type Client = Store;
    type Model = NoteLookup;

    async fn read(
        &self,
        ctx: &mut Ctx<Store>,
        config: NoteLookup,
    ) -> Result<NoteLookup, Diagnostics> {
        // `content` and `size` arrive unknown: they are ours to fill.
        let Some(content) = ctx.client()?.read(&config.name)? else {
            let mut d = Diagnostics::new();
            d.error(
                &[PathStep::Attr("name".into())],
                "No such note",
                format!("There is no note named {:?}.", config.name),
            );
            return Err(d);
        };
        Ok(NoteLookup {
            size: Unknown::Known(content.len() as i64),
            content: Unknown::Known(content),
            ..config
        })
    }
}
