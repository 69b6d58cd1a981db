#[tfschema::function]
pub unsafe extern "C" fn raw_len(text: String) -> i64 {
    text.len() as i64
}

fn main() {}
