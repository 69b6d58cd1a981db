use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Pool {
    #[tf(at_least_sum_of = ["min"])]
    name: Option<String>,
    #[tf(at_most_sum_of = ["min"])]
    max: Option<i64>,
    min: Option<i64>,
}

fn main() {}
