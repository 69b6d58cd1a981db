//! Placeholder, replaced by the number module.
#[derive(Debug, Clone)]
pub struct Number(i64);
