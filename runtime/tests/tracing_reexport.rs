//! A provider logs through `tfschema::tracing`, the crate the server logs
//! with, with no `tracing` dependency of its own: this file names no other
//! path to it. The events reach the subscriber in force, here one that
//! keeps them.

#![cfg(feature = "server")]

use std::sync::{Arc, Mutex, PoisonError};

use tfschema::tracing::field::{Field, Visit};
use tfschema::tracing::span::{Attributes, Id, Record};
use tfschema::tracing::{self, Event, Level, Metadata, Subscriber};

/// Each event as `LEVEL target: field=value ...`.
#[derive(Clone, Default)]
struct Keep(Arc<Mutex<Vec<String>>>);

struct Fields(String);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!(" {}={value:?}", field.name()));
    }
}

impl Subscriber for Keep {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        *metadata.level() <= Level::DEBUG
    }
    fn new_span(&self, _span: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _span: &Id, _values: &Record<'_>) {}
    fn record_follows_from(&self, _span: &Id, _follows: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let meta = event.metadata();
        let mut fields = Fields(format!("{} {}:", meta.level(), meta.target()));
        event.record(&mut fields);
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(fields.0);
    }
    fn enter(&self, _span: &Id) {}
    fn exit(&self, _span: &Id) {}
}

fn create(name: &str) {
    tracing::debug!(name, "creating the note");
    let span = tracing::info_span!("api_call", endpoint = "/notes");
    let _entered = span.enter();
    tracing::warn!(attempt = 2, "retrying");
    tracing::trace!("below the subscriber's level");
}

#[test]
fn a_provider_logs_through_the_reexported_tracing() {
    let keep = Keep::default();
    tracing::subscriber::with_default(keep.clone(), || create("todo"));
    let lines = keep
        .0
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    assert_eq!(
        lines,
        [
            "DEBUG tracing_reexport: message=creating the note name=\"todo\"",
            "WARN tracing_reexport: message=retrying attempt=2",
        ]
    );
}
