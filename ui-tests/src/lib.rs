//! Compile-fail tests for `#[derive(TfSchema, TfValue)]`; see `tests/ui.rs`
//! and the README. This library is empty.
