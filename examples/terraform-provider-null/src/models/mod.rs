//! The models, as `tfschema schema import` wrote them from the Go provider's schema. Their
//! comments are `//`, not `///`: a doc comment would become a description, and the schema would
//! no longer be the Go provider's.

pub mod data_source;
pub mod provider;
pub mod resource;
