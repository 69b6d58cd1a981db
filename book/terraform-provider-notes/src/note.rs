//! `notes_note`: a note, written as a text file.

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, Resource, ResourcePlan};
use tfschema::{TfSchema, TfValue, Unknown};

use crate::store::Store;

/// A note: a text file in the notes directory.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Note {
    /// The note's name; its file is `<name>.txt`. A new name is a new note.
    #[tf(requires_replace, validate(regex = "^[a-z0-9_-]+$", length(max = 64)))]
    pub name: String,
    /// The text.
    pub content: String,
    /// The length of `content` in bytes.
    #[tf(computed)]
    pub size: Unknown<i64>,
}

impl Note {
    fn new(name: String, content: String) -> Note {
        let size = Unknown::Known(content.len() as i64);
        Note {
            name,
            content,
            size,
        }
    }
}

/// The `notes_note` resource.
#[derive(Debug)]
pub struct NoteResource;

impl Resource for NoteResource {
    type Client = Store;
    type Model = Note;

    async fn modify_plan(
        &self,
        _ctx: &mut Ctx<Store>,
        plan: &mut ResourcePlan<Note>,
    ) -> Result<(), Diagnostics> {
        // The size follows from the content: once the content is known,
        // plan it rather than leave it "(known after apply)".
        if let Unknown::Known(content) = &plan.planned.content {
            plan.planned.size = Unknown::Known(Some(content.len() as i64));
        }
        Ok(())
    }

    async fn create(&self, ctx: &mut Ctx<Store>, planned: Note) -> Result<Note, Diagnostics> {
        ctx.client()?.write(&planned.name, &planned.content)?;
        Ok(Note::new(planned.name, planned.content))
    }

    async fn read(&self, ctx: &mut Ctx<Store>, current: Note) -> Result<Option<Note>, Diagnostics> {
        // `None` when the file is gone: Terraform then plans to create it.
        let content = ctx.client()?.read(&current.name)?;
        Ok(content.map(|content| Note::new(current.name, content)))
    }

    async fn update(
        &self,
        ctx: &mut Ctx<Store>,
        _prior: Note,
        planned: Note,
    ) -> Result<Note, Diagnostics> {
        // A new name is a new note (`requires_replace`): only the content
        // changes in place.
        ctx.client()?.write(&planned.name, &planned.content)?;
        Ok(Note::new(planned.name, planned.content))
    }

    async fn delete(&self, ctx: &mut Ctx<Store>, prior: Note) -> Result<(), Diagnostics> {
        ctx.client()?.delete(&prior.name)
    }

    /// `terraform import notes_note.<label> <name>`.
    async fn read_by_id(
        &self,
        ctx: &mut Ctx<Store>,
        id: &str,
    ) -> Result<Option<Note>, Diagnostics> {
        let content = ctx.client()?.read(id)?;
        Ok(content.map(|content| Note::new(id.to_owned(), content)))
    }
}
