//! Runnable examples for tfschema; see the `examples/*.rs` files.
