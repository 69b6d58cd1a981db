use tfschema::{TfSchema, TfValue};

/// A plain struct: its derive cannot know it ends up in an ephemeral
/// resource.
#[derive(TfSchema, TfValue)]
struct Grant {
    #[tf(requires_replace)]
    role: String,
}

#[derive(TfSchema, TfValue)]
#[tf(ephemeral)]
struct Token {
    #[tf(block)]
    grant: Vec<Grant>,
}

fn main() {
    let _ = <Token as TfSchema>::block();
}
