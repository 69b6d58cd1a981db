use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Timeouts {
    create: Option<String>,
}

/// Written as `timeouts: Timeouts` it would be a required block (min_items 1).
type MaybeTimeouts = Option<Timeouts>;

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block)]
    timeouts: MaybeTimeouts,
}

fn main() {}
