//! The provider driven as Terraform drives it, through its gRPC handlers,
//! against a fresh notes directory.

use std::path::PathBuf;

use terraform_provider_notes::{provider, Notes};
use tfschema::server::testing::Harness;
use tfschema::server::typed::TypedProvider;
use tfschema::{PathStep, Type, Value};

/// A notes directory of its own for each test, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("notes-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The harness, with `provider "notes" { directory = <dir> }` configured.
async fn configured(dir: &TempDir) -> Harness<TypedProvider<Notes>> {
    let h = Harness::new(provider());
    let directory = Value::from(dir.0.to_str().expect("a UTF-8 path"));
    let diagnostics = h.configure(Value::object([("directory", directory)])).await;
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    h
}

/// `resource "notes_note" "..." { name = ..., content = ... }`: Terraform
/// sends every attribute, null where the configuration sets none.
fn note(name: &str, content: &str) -> Value {
    Value::object([
        ("name", Value::from(name)),
        ("content", Value::from(content)),
        ("size", Value::Null(Type::Number)),
    ])
}

/// An attribute of an object value.
fn attr(value: &Value, name: &str) -> Option<Value> {
    match value {
        Value::Object(attrs) => attrs.get(name).cloned(),
        _ => None,
    }
}

#[tokio::test]
async fn create_update_replace_delete() {
    let dir = TempDir::new("crud");
    let h = configured(&dir).await;
    let nothing = Value::Null(h.resource_type("notes_note"));

    // The plan knows the size already (the plan hook).
    let (plan, created) = h
        .plan_and_apply("notes_note", &nothing, &note("hello", "Hi!"))
        .await;
    assert_eq!(attr(&plan.planned_state, "size"), Some(Value::from(3)));
    assert!(created.diagnostics.is_empty(), "{:?}", created.diagnostics);
    let text = std::fs::read_to_string(dir.0.join("hello.txt")).expect("the note's file");
    assert_eq!(text, "Hi!");

    // New content: an update in place.
    let (plan, updated) = h
        .plan_and_apply("notes_note", &created.state, &note("hello", "Hello!"))
        .await;
    assert!(plan.requires_replace.is_empty());
    assert_eq!(attr(&updated.state, "size"), Some(Value::from(6)));

    // A new name: a replacement.
    let plan = h
        .plan("notes_note", &updated.state, &note("bye", "Hello!"))
        .await;
    assert_eq!(plan.requires_replace, [vec![PathStep::Attr("name".into())]]);

    // Destroy: a null configuration.
    let (_, deleted) = h
        .plan_and_apply("notes_note", &updated.state, &nothing)
        .await;
    assert!(deleted.state.is_null());
    assert!(!dir.0.join("hello.txt").exists());
}

#[tokio::test]
async fn import_and_look_up() {
    let dir = TempDir::new("import");
    let h = configured(&dir).await;
    std::fs::write(dir.0.join("todo.txt"), "milk").expect("a note written by hand");

    let imported = h.import("notes_note", "todo").await;
    let expected = Value::object([
        ("name", Value::from("todo")),
        ("content", Value::from("milk")),
        ("size", Value::from(4)),
    ]);
    assert_eq!(imported.state, expected);

    let lookup = Value::object([
        ("name", Value::from("todo")),
        ("content", Value::Null(Type::String)),
        ("size", Value::Null(Type::Number)),
    ]);
    let read = h.read_data_source("notes_note", &lookup).await;
    assert_eq!(attr(&read.state, "content"), Some(Value::from("milk")));

    let missing = h.import("notes_note", "nothing").await;
    assert!(missing.diagnostics.has_errors());
}
