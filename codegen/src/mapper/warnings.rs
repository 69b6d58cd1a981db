//! The warnings mapping collects on its way: each skip is one [`Warning`],
//! and `strict` turns them into one error at the end.

use crate::error::{Error, ErrorKind, MapError, Warning};

/// Collects warnings. Mapping goes on after each one so that `strict` can
/// report them all at the end.
#[derive(Debug, Default)]
pub(crate) struct Warnings {
    pub(crate) list: Vec<Warning>,
}

impl Warnings {
    pub(super) fn push(&mut self, w: Warning) {
        self.list.push(w);
    }

    /// Under `strict`, turns collected warnings into one error listing them.
    pub(crate) fn check_strict(&self, strict: bool) -> Result<(), Error> {
        if !strict || self.list.is_empty() {
            return Ok(());
        }
        let mut msg = format!("{} warning(s) with --strict:", self.list.len());
        for w in &self.list {
            msg.push_str("\n  ");
            msg.push_str(&w.to_string());
        }
        Err(Error::new(ErrorKind::Strict, msg))
    }

    /// Records a skip caused by `err`, or stops if `err` is fatal.
    pub(super) fn skip(&mut self, context: &str, action: &str, err: MapError) -> Result<(), Error> {
        if err.fatal {
            let mut msg = format!("{context}: {}", err.reason);
            if let Some(path) = err.path_string() {
                msg.push_str(&format!(" (attribute {path})"));
            }
            msg.push_str(&format!(" (schema {})", err.pointer));
            return Err(Error::new(ErrorKind::Reference, msg));
        }
        self.push(Warning {
            context: context.to_owned(),
            action: action.to_owned(),
            reason: err.reason.clone(),
            pointer: Some(err.pointer.clone()),
            attribute_path: err.path_string(),
        });
        Ok(())
    }
}
