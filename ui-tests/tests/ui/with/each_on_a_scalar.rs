use tfschema::timetypes::Rfc3339;
use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(optional, with = tfschema::timetypes::rfc3339, each, semantic_equal)]
    starts: Option<Rfc3339>,
}

fn main() {}
